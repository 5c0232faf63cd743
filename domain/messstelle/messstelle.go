// Package messstelle holds the measuring point (Messstelle) aggregate: a measuring point under
// a plant with its number, type, Anhang and limit values, Einleitstelle, Mindestanforderungen
// and Vorbelastungen; its Freigabe (requested, approved or rejected by staff, requested again),
// saves with Historisierung, the status rules of spec 000 §4 and the shut-down that follows its
// plant. Everything here is pure: the application service looks up what the rules need (the
// plant's state, the operation's type, whether a number is taken) and passes it in.
package messstelle

import (
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// StreamType of a measuring point's stream ("messstelle-<id>").
const StreamType = "messstelle"

// Freigabestatus of a measuring point (spec 000 §3 freigabe.status), the operation's words.
const (
	Beantragt   = betrieb.Beantragt
	Freigegeben = betrieb.Freigegeben
	Abgewiesen  = betrieb.Abgewiesen
)

// Messstellenstatus (spec 000 §4: the annual report lists IN_BETRIEB, STILLGELEGT by date).
// GEPLANT is the initial (reference) value: leaving it sets statuswechsel, returning clears it.
const (
	Geplant     = "GEPLANT"
	InBetrieb   = "IN_BETRIEB"
	Stillgelegt = "STILLGELEGT"
)

// Status are the states of a measuring point, in the order the form offers them.
var Status = []string{Geplant, InBetrieb, Stillgelegt}

// Anfangsstatus is the reference value of the status (spec 000 §4).
const Anfangsstatus = Geplant

// Grenzwerte are the limit values of spec 000 §3, decimal strings as entered ("12.5" or
// "12,5"; empty: none), checked by the rule Wert of spec 000 §5.
type Grenzwerte struct {
	Csb  string `json:"csb"`
	Pges string `json:"pges"`
	Nges string `json:"nges"`
	Nh4n string `json:"nh4n"`
	Bsb5 string `json:"bsb5"`
	Aox  string `json:"aox"`
	Hg   string `json:"hg"`
	Cd   string `json:"cd"`
	Cr   string `json:"cr"`
	Ni   string `json:"ni"`
	Pb   string `json:"pb"`
	Cu   string `json:"cu"`
	Gei  string `json:"gei"`
}

// Parameter are the JSON names of the limit values in the order the forms show them, with
// their labels (spec 000 §5).
var Parameter = []string{"csb", "pges", "nges", "nh4n", "bsb5", "aox", "hg", "cd", "cr", "ni", "pb", "cu", "gei"}

// werte lists the limit values in the order of Parameter.
func (g Grenzwerte) werte() []string {
	return []string{g.Csb, g.Pges, g.Nges, g.Nh4n, g.Bsb5, g.Aox, g.Hg, g.Cd, g.Cr, g.Ni, g.Pb, g.Cu, g.Gei}
}

// Anhang is the AbwV annex the measuring point falls under, its kind of wastewater and the
// limit values.
type Anhang struct {
	AnhangAbwasserverordnung string `json:"anhangAbwasserverordnung"`
	Abwasserart              string `json:"abwasserart"`
	Grenzwerte
}

// Einleitstelle is where the measured water enters the water body; only measuring points of
// the discharge type have it (MitEinleitstelle). The water body and the sub-catchment come
// from the coordinates (the spatial lookups of the application), MNQ/MQ are decimal strings.
type Einleitstelle struct {
	Lage                      betrieb.Lage `json:"lage"`
	Oberflaechenwasserkoerper string       `json:"oberflaechenwasserkoerper"`
	Teileinzugsgebiet         string       `json:"teileinzugsgebiet"`
	Pegel                     string       `json:"pegel"`
	EinleitungMnq             string       `json:"einleitungMnq"`
	EinleitungMq              string       `json:"einleitungMq"`
}

// Wertarten of a Mindestanforderung: HW Höchstwert, ÜW Überwachungswert (spec 000 §5).
const (
	Hoechstwert       = "HW"
	Ueberwachungswert = "UEW"
)

// GruppeA00 is the one group of Mindestanforderungen the form edits; the other groups come
// from the AbwV annexes and are read-only (spec 000 §5).
const GruppeA00 = "A00"

// Mindestanforderung is one row of minimum requirements: a group, the kind of value and the
// limit values.
type Mindestanforderung struct {
	Gruppe  string `json:"gruppe"`
	Wertart string `json:"wertart"`
	Grenzwerte
}

// Vorbelastung is the load the water already carries, valid from a date.
type Vorbelastung struct {
	GueltigAb string `json:"gueltigAb"`
	Grenzwerte
}

// Daten are the fields of a measuring point its forms edit (spec 000 §3). Einleitstelle,
// Mindestanforderungen and Vorbelastungen are empty where the type (and the operation's type)
// does not have them (Bereiche).
type Daten struct {
	Bezeichnung          string               `json:"bezeichnung"`
	Messstellentyp       string               `json:"messstellentyp"`
	Messstellenstatus    string               `json:"messstellenstatus"`
	Statuswechsel        string               `json:"statuswechsel,omitempty"`
	AbgabeRelevant       bool                 `json:"abgabeRelevant"`
	FrachtRelevant       bool                 `json:"frachtRelevant"`
	WaermeRelevant       bool                 `json:"waermeRelevant"`
	Lage                 betrieb.Lage         `json:"lage"`
	Anhang               Anhang               `json:"anhang"`
	ZustaendigeBehoerde  string               `json:"zustaendigeBehoerde"`
	LimsBerechtigte      []string             `json:"limsBerechtigte"`
	ZugehoerigeBehoerden []string             `json:"zugehoerigeBehoerden"`
	Einleitstelle        *Einleitstelle       `json:"einleitstelle,omitempty"`
	Mindestanforderungen []Mindestanforderung `json:"mindestanforderungen"`
	Vorbelastungen       []Vorbelastung       `json:"vorbelastungen"`
}

// Messstelle is the state of a measuring point.
type Messstelle struct {
	Existiert bool
	AnlageID  int64
	BetriebID int64
	// MessstellenID is the 10-digit Messstellen-Nr. (Nummer), without separators.
	MessstellenID     string
	Freigabestatus    string
	FreigabeKommentar string
	Daten             Daten
	// LetzterBeginn is the start of the latest version (yyyy-MM-dd).
	LetzterBeginn string
	// Antragsteller is the account that requested the Freigabe last (the request or the renewed
	// request): he does not decide it himself (four-eyes rule) and his message tells him the
	// decision.
	Antragsteller int64
}

// Events.
type (
	// MessstelleBeantragt: a measuring point was created under a plant and waits for its
	// Freigabe; its first version starts GueltigAb.
	MessstelleBeantragt struct {
		AnlageID      int64  `json:"anlageId"`
		BetriebID     int64  `json:"betriebId"`
		MessstellenID string `json:"messstellenId"`
		Daten         Daten  `json:"daten"`
		GueltigAb     string `json:"gueltigAb"`
		Antragsteller int64  `json:"antragsteller,omitempty"`
	}
	// MessstelleGeaendert: a save. Ersetzt: the data replace the latest version.
	MessstelleGeaendert struct {
		Daten           Daten  `json:"daten"`
		GueltigAb       string `json:"gueltigAb"`
		Aenderungsgrund string `json:"aenderungsgrund,omitempty"`
		Ersetzt         bool   `json:"ersetzt,omitempty"`
	}
	// MessstelleFreigegeben: staff approved the requested measuring point.
	MessstelleFreigegeben struct {
		Kommentar string `json:"kommentar,omitempty"`
	}
	// MessstelleAbgewiesen: staff rejected it, saying why.
	MessstelleAbgewiesen struct {
		Kommentar string `json:"kommentar"`
	}
	// MessstellenfreigabeErneutAngefordert: the save of a rejected measuring point ('Freigabe
	// erneut anfordern'); it waits for a decision again with these data.
	MessstellenfreigabeErneutAngefordert struct {
		Daten         Daten `json:"daten"`
		Antragsteller int64 `json:"antragsteller,omitempty"`
	}
	// MessstelleStillgelegt: the measuring point was shut down because its plant was (a
	// reaction).
	MessstelleStillgelegt struct {
		Datum string `json:"datum"`
	}
)

func (MessstelleBeantragt) EventType() string   { return "MessstelleBeantragt" }
func (MessstelleGeaendert) EventType() string   { return "MessstelleGeaendert" }
func (MessstelleFreigegeben) EventType() string { return "MessstelleFreigegeben" }
func (MessstelleAbgewiesen) EventType() string  { return "MessstelleAbgewiesen" }
func (MessstellenfreigabeErneutAngefordert) EventType() string {
	return "MessstellenfreigabeErneutAngefordert"
}
func (MessstelleStillgelegt) EventType() string { return "MessstelleStillgelegt" }

// Datierung is the audit entry the save accepted (ereignis.Datiert).
func (e MessstelleGeaendert) Datierung() (string, string, bool) {
	return historie.Datierung(e.GueltigAb, e.Aenderungsgrund, e.Ersetzt)
}

// Evolve applies an event.
func Evolve(m Messstelle, e ereignis.DomainEvent) Messstelle {
	switch v := e.(type) {
	case MessstelleBeantragt:
		m = Messstelle{Existiert: true, AnlageID: v.AnlageID, BetriebID: v.BetriebID, MessstellenID: v.MessstellenID,
			Freigabestatus: Beantragt, Daten: v.Daten, LetzterBeginn: v.GueltigAb, Antragsteller: v.Antragsteller}
	case MessstelleGeaendert:
		m.Daten, m.LetzterBeginn = v.Daten, v.GueltigAb
	case MessstelleFreigegeben:
		m.Freigabestatus, m.FreigabeKommentar = Freigegeben, v.Kommentar
	case MessstelleAbgewiesen:
		m.Freigabestatus, m.FreigabeKommentar = Abgewiesen, v.Kommentar
	case MessstellenfreigabeErneutAngefordert:
		m.Freigabestatus, m.FreigabeKommentar, m.Daten, m.Antragsteller = Beantragt, "", v.Daten, v.Antragsteller
	case MessstelleStillgelegt:
		m.Daten.Messstellenstatus, m.Daten.Statuswechsel = Stillgelegt, v.Datum
		if v.Datum > m.LetzterBeginn {
			m.LetzterBeginn = v.Datum
		}
	}
	return m
}

// Decode reads a stored event.
var Ereignisse = ereignis.Katalog(
	ereignis.Art[MessstelleBeantragt](),
	ereignis.Art[MessstelleGeaendert](),
	ereignis.Art[MessstelleFreigegeben](),
	ereignis.Art[MessstelleAbgewiesen](),
	ereignis.Art[MessstellenfreigabeErneutAngefordert](),
	ereignis.Art[MessstelleStillgelegt](),
)

// Decode reads a stored event of the aggregate (Ereignisse).
var Decode = Ereignisse.Decode

// Decider is the measuring point aggregate for the generic command handler.
var Decider = ereignis.Decider[Messstelle, Befehl]{
	StreamType: StreamType, Initial: func() Messstelle { return Messstelle{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
