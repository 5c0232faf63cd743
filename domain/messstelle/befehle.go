package messstelle

import (
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/antrag"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Commands.
type (
	// FordereFreigabeAn creates a measuring point under the plant AnlageID as BEANTRAGT ('Freigabe
	// anfordern' with the number dialog, spec 000 §4). The service looks up the facts: whether
	// the operation is approved, whether the plant is shut down (anlage.Ausser), the
	// operation's type, and whether the number is taken (NummerVergeben; the store's unique
	// index still decides a race). Who may create (ZUST_SBD, FACHADMIN, SYSTEMADMIN, spec 000
	// §6) is the service's check.
	FordereFreigabeAn struct {
		AnlageID           int64
		BetriebID          int64
		MessstellenID      string
		Daten              Daten
		BetriebFreigegeben bool
		AnlageAusser       bool
		Betriebstyp        string
		NummerVergeben     bool
		Heute              time.Time
		// VonKonto is the requesting account (Messstelle.Antragsteller).
		VonKonto int64
	}
	// Speichere saves the measuring point; on a rejected one it is 'Freigabe erneut anfordern'.
	// Changes of historised fields of an approved point need AuditInfo.
	Speichere struct {
		Daten       Daten
		AuditInfo   *historie.AuditInfo
		Heute       time.Time
		Betriebstyp string
		// VonKonto is the saving account: on a rejected point he requests the Freigabe anew.
		VonKonto int64
	}
	// EntscheideFreigabe approves (FREIGEGEBEN) or rejects (ABGEWIESEN) a requested measuring
	// point with a comment ({kommentar, neuerStatus}); the service saves the data before.
	EntscheideFreigabe struct {
		NeuerStatus string
		Kommentar   string
	}
	// LegeStill shuts the measuring point down with its plant (a reaction).
	LegeStill struct{ Datum string }
)

// Befehl is the closed set of commands of the aggregate.
type Befehl interface{ befehl() }

func (FordereFreigabeAn) befehl()  {}
func (Speichere) befehl()          {}
func (EntscheideFreigabe) befehl() {}
func (LegeStill) befehl()          {}

// Messages of the commands (spec 000 §8 where it words them; the others are ours).
const (
	MsgExistiert          = "Die Messstelle existiert bereits."
	MsgBetriebNichtFrei   = "Messstellen können erst angelegt werden, wenn der Betrieb freigegeben ist."
	MsgAnlageAusser       = "Unter einer stillgelegten Anlage können keine Messstellen angelegt werden."
	MsgNichtBeantragt     = "Die Messstelle wartet nicht auf eine Freigabe."
	MsgNeuerStatus        = antrag.MsgNeuerStatus
	MsgBegruendung        = "Bitte begründen Sie die Zurückweisung im Kommentar, damit der Antragsteller erfährt, was fehlt."
	MsgStatusErstFreigabe = "Der Status kann erst geändert werden, wenn die Messstelle freigegeben ist."
	MsgStilllegung        = "Bitte geben Sie an, ab wann die Messstelle stillgelegt ist."
	MsgErstfassung        = "Für die Messstelle gibt es noch keinen datierten Stand. Bitte geben Sie an, ab wann die Änderung gilt."
)

// Vorgaben are the data of a new measuring point of typ before the form's input.
func Vorgaben(typ string) Daten {
	return Daten{Messstellentyp: typ, Messstellenstatus: Anfangsstatus}
}

// Decide decides a command on a measuring point.
func Decide(m Messstelle, cmd Befehl) ([]ereignis.DomainEvent, error) {
	if _, neu := cmd.(FordereFreigabeAn); !neu && !m.Existiert {
		return nil, validierung.NichtGefunden
	}
	switch c := cmd.(type) {
	case FordereFreigabeAn:
		return fordereFreigabeAn(m, c)
	case Speichere:
		return speichere(m, c)
	case EntscheideFreigabe:
		return entscheide(m, c)
	case LegeStill:
		if m.Daten.Messstellenstatus == Stillgelegt {
			return nil, nil
		}
		return []ereignis.DomainEvent{MessstelleStillgelegt{Datum: c.Datum}}, nil
	}
	return nil, fmt.Errorf("messstelle: unknown command %T", cmd)
}

func fordereFreigabeAn(m Messstelle, c FordereFreigabeAn) ([]ereignis.DomainEvent, error) {
	if m.Existiert {
		return nil, &validierung.Konflikt{Message: MsgExistiert}
	}
	if !c.BetriebFreigegeben {
		return nil, validierung.Regel(MsgBetriebNichtFrei)
	}
	if c.AnlageAusser {
		return nil, validierung.Regel(MsgAnlageAusser)
	}
	d := c.Daten
	d.Messstellenstatus, d.Statuswechsel = Anfangsstatus, "" // a new point starts at the reference status
	var s validierung.Sammler
	nr := Bereinigt(c.MessstellenID)
	switch msg := PruefeNummer(c.MessstellenID); {
	case msg != "":
		s.Feld("messstellenId", msg)
	case c.NummerVergeben:
		s.Feld("messstellenId", MsgNummerVergeben)
	case IstTyp(strings.TrimSpace(d.Messstellentyp)):
		if msg := PasstZumTyp(nr, strings.TrimSpace(d.Messstellentyp)); msg != "" {
			s.Feld("messstellenId", msg)
		}
	}
	d = pruefeMit(&s, d, c.Betriebstyp)
	if err := s.Err(); err != nil {
		return nil, err
	}
	return []ereignis.DomainEvent{MessstelleBeantragt{AnlageID: c.AnlageID, BetriebID: c.BetriebID, MessstellenID: nr,
		Daten: d, GueltigAb: c.Heute.Format(historie.Datumsformat), Antragsteller: c.VonKonto}}, nil
}

func entscheide(m Messstelle, c EntscheideFreigabe) ([]ereignis.DomainEvent, error) {
	frei, k, err := antrag.EntscheideFreigabe(m.Freigabestatus, c.NeuerStatus, c.Kommentar,
		antrag.Freigabetexte{NichtBeantragt: MsgNichtBeantragt, Begruendung: MsgBegruendung})
	switch {
	case err != nil:
		return nil, err
	case frei:
		return []ereignis.DomainEvent{MessstelleFreigegeben{Kommentar: k}}, nil
	}
	return []ereignis.DomainEvent{MessstelleAbgewiesen{Kommentar: k}}, nil
}

// historisiert tells whether a change touches the fields whose history is kept.
func historisiert(alt, neu Daten) bool {
	return alt.Bezeichnung != neu.Bezeichnung || alt.Messstellentyp != neu.Messstellentyp ||
		alt.Messstellenstatus != neu.Messstellenstatus || alt.Lage != neu.Lage || alt.Anhang != neu.Anhang ||
		alt.AbgabeRelevant != neu.AbgabeRelevant || alt.FrachtRelevant != neu.FrachtRelevant || alt.WaermeRelevant != neu.WaermeRelevant
}

// Statuswechsel is the rule of spec 000 §4: a status change sets the date it happens on, a
// return to the reference value clears it; no change keeps the stored date.
func Statuswechsel(alt, neu, bisher, datum string) string {
	switch {
	case alt == neu:
		return bisher
	case neu == Anfangsstatus:
		return ""
	}
	return datum
}

func speichere(m Messstelle, c Speichere) ([]ereignis.DomainEvent, error) {
	if err := historie.PruefeAngabe(c.AuditInfo); err != nil {
		return nil, err
	}
	neu := c.Daten
	neu.Statuswechsel = m.Daten.Statuswechsel // never from the form: the server keeps it
	var s validierung.Sammler
	alt := normalisiert(m.Daten, c.Betriebstyp)
	if strings.TrimSpace(neu.Messstellenstatus) != m.Daten.Messstellenstatus && m.Freigabestatus != Freigegeben {
		s.Feld("messstellenstatus", MsgStatusErstFreigabe)
	}
	d := pruefeMit(&s, neu, c.Betriebstyp)
	if !reflect.DeepEqual(nichtA00(d.Mindestanforderungen), nichtA00(alt.Mindestanforderungen)) {
		s.Feld("mindestanforderungen", MsgNurA00)
	}
	if d.Messstellentyp != m.Daten.Messstellentyp && IstTyp(d.Messstellentyp) {
		if msg := PasstZumTyp(m.MessstellenID, d.Messstellentyp); msg != "" {
			s.Feld("messstellentyp", msg)
		}
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	heute := c.Heute.Format(historie.Datumsformat)
	d.Statuswechsel = Statuswechsel(m.Daten.Messstellenstatus, d.Messstellenstatus, m.Daten.Statuswechsel, heute)
	if m.Freigabestatus == Abgewiesen {
		// 'Freigabe erneut anfordern' is the save button of a rejected point
		return []ereignis.DomainEvent{MessstellenfreigabeErneutAngefordert{Daten: d, Antragsteller: c.VonKonto}}, nil
	}
	if reflect.DeepEqual(d, m.Daten) {
		return nil, nil
	}
	ev := MessstelleGeaendert{Daten: d, GueltigAb: m.LetzterBeginn, Ersetzt: true}
	// before the Freigabe the request is corrected in place; afterwards historised changes
	// open a version (Historisierung, as plants do)
	if m.Freigabestatus == Freigegeben && historisiert(m.Daten, d) {
		keinDatum := c.AuditInfo == nil || c.AuditInfo.GueltigAb == ""
		switch {
		case d.Messstellenstatus == Stillgelegt && m.Daten.Messstellenstatus != Stillgelegt && keinDatum:
			return nil, &historie.Verstoss{Art: historie.Stilllegen, Fehler: validierung.Regel(MsgStilllegung)}
		case m.LetzterBeginn == "" && keinDatum:
			return nil, &historie.Verstoss{Art: historie.Initial, Fehler: validierung.Regel(MsgErstfassung)}
		}
		ab, ersetzt, err := historie.Pruefe(c.AuditInfo, m.LetzterBeginn, c.Heute)
		if err != nil {
			return nil, err
		}
		ev.GueltigAb, ev.Ersetzt, ev.Aenderungsgrund = ab, ersetzt, strings.TrimSpace(c.AuditInfo.Aenderungsgrund)
		// the status changed on the day the change is valid from
		ev.Daten.Statuswechsel = Statuswechsel(m.Daten.Messstellenstatus, d.Messstellenstatus, m.Daten.Statuswechsel, ab)
	}
	return []ereignis.DomainEvent{ev}, nil
}
