// Package antrag is the one decision rule of every application to change an object's data —
// the operation's Stammdaten-Antrag, the plant's Änderungsantrag and those of the areas to come:
// staff adopt some of the requested fields and refuse the others, each refused field with a
// reason the applicant is told; a refusal of the whole application refuses every field. The
// area names its fields, which of them the application changes, and their labels.
package antrag

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Entscheidung is the review of an application: the fields adopted and, for each field it
// changes that is not adopted, the reason (field → reason). A refusal of the whole
// application adopts none.
type Entscheidung struct {
	Felder        []string          `json:"felder"`
	Begruendungen map[string]string `json:"begruendungen"`
}

// MsgFeldBegruendung asks for the reason a field of an application is refused.
const MsgFeldBegruendung = "Bitte begründen Sie, warum „%s“ nicht übernommen wird."

// Uebernahme checks a partial or full adoption: Felder a choice of erlaubt (the area's
// application fields, validierung.Feldauswahl under "felder"), and a reason for each field of
// beantragt (the fields the application changes) that is not adopted. It answers the reasons of
// the refused fields, trimmed (nil when every requested field is adopted); reasons given for
// other fields are dropped. namen are the fields' labels for the messages.
func Uebernahme(e Entscheidung, erlaubt, beantragt []string, namen map[string]string) (map[string]string, error) {
	if err := validierung.Feldauswahl("felder", e.Felder, erlaubt); err != nil {
		return nil, err
	}
	return gruende(e, beantragt, namen)
}

// Ablehnung checks the refusal of the whole application: a reason for each field of beantragt.
func Ablehnung(begruendungen map[string]string, beantragt []string, namen map[string]string) (map[string]string, error) {
	return gruende(Entscheidung{Begruendungen: begruendungen}, beantragt, namen)
}

// gruende checks the reasons of the fields of beantragt not in e.Felder: each needs one
// (validation key begruendungen.<field>), within the length and characters of a "begruendung";
// every missing or invalid reason is answered at once.
func gruende(e Entscheidung, beantragt []string, namen map[string]string) (map[string]string, error) {
	var s validierung.Sammler
	out := map[string]string{}
	for _, f := range beantragt {
		if slices.Contains(e.Felder, f) {
			continue
		}
		grund := strings.TrimSpace(e.Begruendungen[f])
		if n := validierung.Hoechstlaenge("begruendung"); utf8.RuneCountInString(grund) > n {
			s.Feld("begruendungen."+f, validierung.ZuLang(n))
		} else if m := validierung.Zeichenfehler("begruendung", grund); m != "" {
			s.Feld("begruendungen."+f, m)
		} else if grund == "" {
			s.Feld("begruendungen."+f, fmt.Sprintf(MsgFeldBegruendung, Name(namen, f)))
		}
		out[f] = grund
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// Name is the label of a field (its key where there is none).
func Name(namen map[string]string, f string) string {
	if n, ok := namen[f]; ok && n != "" {
		return n
	}
	return f
}

// Ergebnis is a decision as the applicant's message says it, in the order of reihenfolge (the
// area's application fields): " Übernommen wurden: A, B." when it adopts any, then a line
// "Abgelehnt: C – Begründung: x" for each refused field. The reasons are user text: zitat turns
// each into the text that stands in the message (the mail quotes it as data, mail.Zitat).
// Refused fields without a reason (events from before reasons were recorded) stand by name.
func Ergebnis(uebernommen []string, begruendungen map[string]string, reihenfolge []string, namen map[string]string, zitat func(string) string) string {
	var an []string
	var ab string
	for _, f := range reihenfolge {
		if slices.Contains(uebernommen, f) {
			an = append(an, Name(namen, f))
		} else if grund, ok := begruendungen[f]; ok {
			ab += "\nAbgelehnt: " + Name(namen, f)
			if grund != "" {
				ab += " – Begründung: " + zitat(grund)
			}
		}
	}
	if len(an) == 0 {
		return ab
	}
	return " Übernommen wurden: " + strings.Join(an, ", ") + "." + ab
}

// Verlauf is what an application event shows in the Verlauf (historie.Antrag): each field of
// beantragt (those it changes against the state it was made on) with its value then (bisher)
// and the value asked for (wunsch), as the forms show them; e nil while the application is
// open, else the decision: adopted fields and the refused ones with their reasons.
func Verlauf(gestelltAm, kommentar string, beantragt []string, namen map[string]string, bisher, wunsch func(string) string, e *Entscheidung) *historie.Antrag {
	out := &historie.Antrag{GestelltAm: historie.DeutschesDatum(gestelltAm), Kommentar: kommentar, Felder: []historie.Antragsfeld{}}
	for _, f := range beantragt {
		feld := historie.Antragsfeld{Feld: f, Bezeichnung: Name(namen, f), Bisher: bisher(f), Beantragt: wunsch(f), Entscheidung: historie.Offen}
		if e != nil {
			if slices.Contains(e.Felder, f) {
				feld.Entscheidung = historie.Uebernommen
			} else {
				feld.Entscheidung, feld.Grund = historie.Abgelehnt, e.Begruendungen[f]
			}
		}
		out.Felder = append(out.Felder, feld)
	}
	return out
}
