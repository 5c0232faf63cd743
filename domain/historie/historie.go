// Package historie holds the rules of Historisierung shared by every historised object
// (organisations now; operations, plants and measuring points later): a change of a
// historised field needs an audit entry — valid from (gueltigAb) and a reason — that is not
// in the future and builds on the latest version; the versions form a gapless timeline.
package historie

import (
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Datumsformat of gueltigAb/gueltigBis in JSON.
const Datumsformat = "2006-01-02"

// Ende is the open end of the latest version (spec: default end date 3000-01-01).
const Ende = "3000-01-01"

// Unbefristet is how the open end is shown — on screen, in print and in exports (issue 43): no
// one should read 01.01.3000 as a date. The forms' date inputs keep the date itself.
const Unbefristet = "unbefristet"

// AuditInfo comes with a historised change.
type AuditInfo struct {
	GueltigAb       string `json:"gueltigAb"`
	Aenderungsgrund string `json:"aenderungsgrund,omitempty"`
	// Ueberschreiben confirms replacing the version that starts on the same day (step 3 of
	// the audit dialog).
	Ueberschreiben bool `json:"ueberschreiben,omitempty"`
}

// Verletzung names why a save needs (another) audit dialog step; the client reads it from
// the error member auditInfoViolation.
type Verletzung string

// The kinds (see docs/decisions.md for their exact meaning).
const (
	// Missing: a historised field changed and no audit entry came with it.
	Missing Verletzung = "MISSING"
	// SucceedingPresent: the date lies before the start of the latest version.
	SucceedingPresent Verletzung = "SUCCEEDING_PRESENT"
	// SameDatePresent: a version starts on that very day; replacing it needs Ueberschreiben.
	SameDatePresent Verletzung = "SAME_DATE_PRESENT"
	// Initial: the object has no dated version yet; the first change dates the existing data.
	Initial Verletzung = "INITIAL"
	// Stilllegen: a shut-down status needs the date of the shut-down.
	Stilllegen Verletzung = "STILLLEGEN"
)

// Messages.
const (
	MsgFehlt        = "Die Änderung muss historisiert werden: Bitte geben Sie an, ab wann sie gilt, und einen Änderungsgrund."
	MsgZukunft      = "'Gültig ab' darf nicht in der Zukunft liegen."
	MsgRueckwirkend = "Eine Historisierung kann nicht rückwirkend, sondern immer nur aufbauend auf dem Enddatum des zeitlich letzten Eintrages erfolgen."
	MsgGleicherTag  = "Für diesen Tag gibt es bereits einen Eintrag. Soll er überschrieben werden?"
	MsgDatum        = "Ungültiges Datumsformat"
)

// Verstoss is a refused save: a 400 with the member auditInfoViolation.
type Verstoss struct {
	Art    Verletzung
	Fehler *validierung.Fehler
}

func (v *Verstoss) Error() string { return v.Fehler.Error() }

// Unwrap lets the error mapper treat it as a validation error.
func (v *Verstoss) Unwrap() error { return v.Fehler }

// ErrorMembers adds auditInfoViolation to the error body.
func (v *Verstoss) ErrorMembers() map[string]any {
	return map[string]any{"auditInfoViolation": string(v.Art)}
}

func verstoss(art Verletzung, feld, msg string) *Verstoss {
	f := validierung.Regel(msg)
	if feld != "" {
		f = &validierung.Fehler{Message: msg, Felder: map[string]string{feld: msg}}
	}
	return &Verstoss{Art: art, Fehler: f}
}

// PruefeAngabe checks the audit entry a save came with, whether or not the save turns out to
// change a historised field: 'Gültig ab' empty or a real calendar date yyyy-MM-dd
// ("2025-02-31" is none), the reason within the length table. Every command that takes an
// AuditInfo calls it before anything else, so no path stores an unchecked one; what a save that
// historised nothing came with is then dropped (the metadata carries only what the decider
// accepted, see ereignis.Datiert).
func PruefeAngabe(ai *AuditInfo) error {
	if ai == nil {
		return nil
	}
	if err := validierung.Laenge("auditInfo.aenderungsgrund", strings.TrimSpace(ai.Aenderungsgrund)); err != nil {
		return err
	}
	if _, err := time.Parse(Datumsformat, ai.GueltigAb); ai.GueltigAb != "" && err != nil {
		return &Verstoss{Art: Missing, Fehler: validierung.Feld("auditInfo.gueltigAb", MsgDatum)}
	}
	return nil
}

// Pruefe checks the audit entry of a change of historised fields. letzterBeginn is the start
// of the latest version (yyyy-MM-dd). It returns the accepted date and whether the change
// replaces the latest version (same day, confirmed).
func Pruefe(ai *AuditInfo, letzterBeginn string, heute time.Time) (gueltigAb string, ersetzt bool, err error) {
	if ai == nil || ai.GueltigAb == "" {
		return "", false, verstoss(Missing, "", MsgFehlt)
	}
	if err := PruefeAngabe(ai); err != nil {
		return "", false, err
	}
	d, _ := time.Parse(Datumsformat, ai.GueltigAb)
	tag := time.Date(heute.Year(), heute.Month(), heute.Day(), 0, 0, 0, 0, time.UTC)
	if d.After(tag) {
		return "", false, &Verstoss{Art: Missing, Fehler: validierung.Feld("auditInfo.gueltigAb", MsgZukunft)}
	}
	switch {
	case letzterBeginn == "":
	case ai.GueltigAb < letzterBeginn:
		return "", false, verstoss(SucceedingPresent, "auditInfo.gueltigAb", MsgRueckwirkend)
	case ai.GueltigAb == letzterBeginn && !ai.Ueberschreiben:
		return "", false, verstoss(SameDatePresent, "auditInfo.gueltigAb", MsgGleicherTag)
	case ai.GueltigAb == letzterBeginn:
		return ai.GueltigAb, true, nil
	}
	return ai.GueltigAb, false, nil
}

// Datierung is ereignis.Datiert of a save event of a historised object: it dated a version
// when it opened one (not ersetzt) or came through the audit dialog (a reason). A save that
// historised nothing replaces the latest version without a reason.
func Datierung(gueltigAb, aenderungsgrund string, ersetzt bool) (string, string, bool) {
	if ersetzt && aenderungsgrund == "" {
		return "", "", false
	}
	return gueltigAb, aenderungsgrund, true
}

// Version is one entry of a history. Its audit entry (spec: auditInfo) is who opened it, when
// and why — GueltigAb, Aenderungsgrund, GeaendertAm, GeaendertVon all come from the one save
// that gave them; a later save that changes the version without an audit entry of its own (a
// correction, a decision, a change of fields that are not historised) is its last correction,
// KorrigiertAm/KorrigiertVon, and never takes the opener's place next to his reason.
type Version struct {
	GueltigAb       string `json:"gueltigAb"`
	GueltigBis      string `json:"gueltigBis"`
	Aenderungsgrund string `json:"aenderungsgrund,omitempty"`
	// GeaendertAm/GeaendertVon: when and by whom the version was opened (the spec's
	// auditInfo.geaendertAm/geaendertVon, the author of Aenderungsgrund).
	GeaendertAm  time.Time `json:"geaendertAm"`
	GeaendertVon string    `json:"geaendertVon,omitempty"`
	// KorrigiertAm/KorrigiertVon: the last change of the version after it was opened; nil and
	// empty when there was none.
	KorrigiertAm  *time.Time `json:"korrigiertAm,omitempty"`
	KorrigiertVon string     `json:"korrigiertVon,omitempty"`
	Aktuell       bool       `json:"aktuell"`
}

// Verkette sets gueltigBis of each version to the day before the next one starts and marks
// the last one current (ending 3000-01-01). versions must be in order.
func Verkette[T any](versionen []T, v func(*T) *Version) []T {
	for i := range versionen {
		cur := v(&versionen[i])
		cur.GueltigBis, cur.Aktuell = Ende, i == len(versionen)-1
		if i+1 < len(versionen) {
			next, err := time.Parse(Datumsformat, v(&versionen[i+1]).GueltigAb)
			if err == nil {
				cur.GueltigBis = next.AddDate(0, 0, -1).Format(Datumsformat)
			}
		}
	}
	return versionen
}
