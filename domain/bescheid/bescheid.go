// Package bescheid holds the permit decision (Bescheid) aggregate of spec 001: a Bescheid of an
// operation with its Auflagen, the measuring points it applies to and the Anforderungen it sets
// for each of them; its life from an operator's application (Bescheidsantrag: ANGELEGT,
// BEANTRAGT) or the authority's own record (IN_BEARBEITUNG) to its release (FREIGEGEBEN).
// Everything here is pure: the application service looks up what the rules need (the
// operation's Freigabe, whether another Bescheid names this one as its Vorbescheid, the
// candidates for the measuring points, the new ids) and passes it in.
package bescheid

import (
	"slices"

	"github.com/eabwasser/eabwasser/domain/ereignis"
)

// StreamType of a Bescheid's stream ("bescheid-<id>").
const StreamType = "bescheid"

// Bescheidsstatus (spec 001 §3.1). ANGELEGT and BEANTRAGT are the application statuses: the
// routes say antrag/{id} while the Bescheid is in one of them, bescheid/{id} after.
const (
	Angelegt      = "ANGELEGT"
	Beantragt     = "BEANTRAGT"
	InBearbeitung = "IN_BEARBEITUNG"
	Freigegeben   = "FREIGEGEBEN"
)

// Status are the states in their order.
var Status = []string{Angelegt, Beantragt, InBearbeitung, Freigegeben}

// IstAntrag reports whether a status is an application status (spec 001 §3.1).
func IstAntrag(status string) bool { return status == Angelegt || status == Beantragt }

// StandardAblaufdatum is the expiry of a new Bescheid (spec 001 §9).
const StandardAblaufdatum = "3000-01-01"

// Kinds of Anforderung (spec 001 §3.3): the two tabs of the Anforderungen screen.
const (
	BehoerdlicheFestlegung     = "BEHOERDLICHE_FESTLEGUNG"
	Selbstueberwachungsauflage = "SELBSTUEBERWACHUNGSAUFLAGE"
)

// AnforderungArten in the order of the tabs.
var AnforderungArten = []string{BehoerdlicheFestlegung, Selbstueberwachungsauflage}

// Kinds of parameter (spec 001 §3.3); ERGAENZEND is the supplementary parameter of an annual
// report (issue 31), never set on a Bescheid.
const (
	Konzentration = "KONZENTRATION"
	Fracht        = "FRACHT"
	Menge         = "MENGE"
	Ergaenzend    = "ERGAENZEND"
)

// ParameterArten of a Bescheid's Anforderung.
var ParameterArten = []string{Konzentration, Fracht, Menge}

// Auflage is a condition of the Bescheid (spec 001 §3.2): on which plant (Abwasseranlage, the
// plant's id), of which kind (value list auflagenart), what, and until when.
type Auflage struct {
	Abwasseranlage int64  `json:"abwasseranlage"`
	Art            string `json:"art"`
	Beschreibung   string `json:"beschreibung"`
	Fristdatum     string `json:"fristdatum"` // yyyy-MM-dd
}

// Daten are the fields of the Bescheid tab and its Auflagen (spec 001 §2.1, §3.1). Dates are
// yyyy-MM-dd. Vorbescheid is the id of an earlier Bescheid of the same operation (0: none).
// BescheidID is the water-right number in the water register (Wasserbuch), which the link to
// the register uses; the Bescheid's own id is the stream's.
type Daten struct {
	BescheidQualitaet string    `json:"bescheidQualitaet"`
	Bescheidart       string    `json:"bescheidart"`
	Vorbescheid       int64     `json:"vorbescheid,omitempty"`
	Aktenzeichen      string    `json:"aktenzeichen"`
	Behoerde          string    `json:"behoerde"`
	Bescheidsdatum    string    `json:"bescheidsdatum"`
	Ablaufdatum       string    `json:"ablaufdatum"`
	Bemerkung         string    `json:"bemerkung"`
	BescheidID        string    `json:"bescheidId"`
	Auflagen          []Auflage `json:"auflagen"`
}

// Anforderung is one requirement of the Bescheid for one of its measuring points (spec 001
// §3.3). AnforderungID is unique across all Bescheide (the service draws it from a sequence
// before deciding). Wert is a decimal string as entered ("12,5"; empty: none), at most 10 digits
// before and 3 after the comma, positive. Dates are yyyy-MM-dd; GueltigBis is required
// (3000-01-01 when open-ended). The value-list fields hold the entries' values.
type Anforderung struct {
	AnforderungID      int64  `json:"anforderungId"`
	Messstelle         int64  `json:"messstelle"`
	AnforderungArt     string `json:"anforderungArt"`
	ParameterArt       string `json:"parameterArt"`
	ParameterNr        string `json:"parameterNr"`
	Wert               string `json:"wert"`
	Einheit            string `json:"einheit"`
	EinheitAbfluss     string `json:"einheitAbfluss"`
	EinheitKonz        string `json:"einheitKonz"`
	ArtAnforderungWert string `json:"artAnforderungWert"`
	Probenahme         string `json:"probenahme"`
	Vorbehandlung      string `json:"vorbehandlung"`
	Randbedingung      string `json:"randbedingung"`
	Haeufigkeit        string `json:"haeufigkeit"`
	VorlageMesswerte   string `json:"vorlageMesswerte"`
	MehrereOptionen    bool   `json:"mehrereOptionen"`
	Zusatztext         string `json:"zusatztext"`
	GueltigAb          string `json:"gueltigAb"`
	GueltigBis         string `json:"gueltigBis"`
}

// Bescheid is the state of a Bescheid.
type Bescheid struct {
	Existiert bool
	Geloescht bool
	BetriebID int64
	Status    string
	Daten     Daten
	// Messstellen are the ids of the measuring points assigned, in the order of assignment.
	Messstellen []int64
	// Anforderungen of all its measuring points, in the order they were set.
	Anforderungen []Anforderung
	// Antragsteller is the account that created the application (0: recorded by staff).
	Antragsteller int64
	// FreigabeAm (yyyy-MM-dd) and FreigabeVon (account) are set by the release.
	FreigabeAm  string
	FreigabeVon int64
	// Bearbeiter is the staff account that took the application into work.
	Bearbeiter int64
}

// Events.
type (
	// BescheidAngelegt: a Bescheid was recorded — by an operator as an application (status
	// ANGELEGT) or by staff (IN_BEARBEITUNG). VonKonto is the account.
	BescheidAngelegt struct {
		BetriebID int64  `json:"betriebId"`
		Status    string `json:"status"`
		Daten     Daten  `json:"daten"`
		VonKonto  int64  `json:"von,omitempty"`
	}
	// BescheidGeaendert: a save of the Bescheid tab and its Auflagen.
	BescheidGeaendert struct {
		Daten Daten `json:"daten"`
	}
	// BescheidsantragGestellt: the operator submitted his application (ANGELEGT → BEANTRAGT);
	// it is an Aufgabe of the deciding staff.
	BescheidsantragGestellt struct {
		VonKonto int64 `json:"von,omitempty"`
	}
	// BescheidsantragZurueckgewiesen: staff sent the application back to the operator
	// (BEANTRAGT → ANGELEGT) saying why.
	BescheidsantragZurueckgewiesen struct {
		Kommentar string `json:"kommentar"`
		VonKonto  int64  `json:"von,omitempty"`
	}
	// BescheidInBearbeitung: staff took the application into work (BEANTRAGT → IN_BEARBEITUNG);
	// from now on it is the authority's Bescheid.
	BescheidInBearbeitung struct {
		VonKonto int64 `json:"von,omitempty"`
	}
	// BescheidFreigegeben: staff released the Bescheid (IN_BEARBEITUNG → FREIGEGEBEN) on Am
	// (yyyy-MM-dd); it is read-only from now on.
	BescheidFreigegeben struct {
		Am       string `json:"am"`
		VonKonto int64  `json:"von"`
	}
	// MessstellenZugeordnet: measuring points were assigned to the Bescheid (the assignment
	// dialog); only new ones are named.
	MessstellenZugeordnet struct {
		Messstellen []int64 `json:"messstellen"`
	}
	// MessstelleEntfernt: a measuring point was removed from the Bescheid, with its Anforderungen.
	MessstelleEntfernt struct {
		Messstelle int64 `json:"messstelle"`
	}
	// AnforderungenGesetzt: the whole set of Anforderungen of one measuring point was replaced
	// (PATCH /bescheid/{id}?messstelle=).
	AnforderungenGesetzt struct {
		Messstelle    int64         `json:"messstelle"`
		Anforderungen []Anforderung `json:"anforderungen"`
	}
	// AnforderungAngelegt, AnforderungGeaendert, AnforderungGeloescht: one Anforderung (POST,
	// PUT, DELETE /anforderung).
	AnforderungAngelegt struct {
		Anforderung Anforderung `json:"anforderung"`
	}
	AnforderungGeaendert struct {
		Anforderung Anforderung `json:"anforderung"`
	}
	AnforderungGeloescht struct {
		AnforderungID int64 `json:"anforderungId"`
	}
	// BescheidGeloescht: the Bescheid (or application) was deleted.
	BescheidGeloescht struct{}
)

func (BescheidAngelegt) EventType() string               { return "BescheidAngelegt" }
func (BescheidGeaendert) EventType() string              { return "BescheidGeaendert" }
func (BescheidsantragGestellt) EventType() string        { return "BescheidsantragGestellt" }
func (BescheidsantragZurueckgewiesen) EventType() string { return "BescheidsantragZurueckgewiesen" }
func (BescheidInBearbeitung) EventType() string          { return "BescheidInBearbeitung" }
func (BescheidFreigegeben) EventType() string            { return "BescheidFreigegeben" }
func (MessstellenZugeordnet) EventType() string          { return "MessstellenZugeordnet" }
func (MessstelleEntfernt) EventType() string             { return "MessstelleEntfernt" }
func (AnforderungenGesetzt) EventType() string           { return "AnforderungenGesetzt" }
func (AnforderungAngelegt) EventType() string            { return "AnforderungAngelegt" }
func (AnforderungGeaendert) EventType() string           { return "AnforderungGeaendert" }
func (AnforderungGeloescht) EventType() string           { return "AnforderungGeloescht" }
func (BescheidGeloescht) EventType() string              { return "BescheidGeloescht" }

// Evolve applies an event.
func Evolve(b Bescheid, e ereignis.DomainEvent) Bescheid {
	switch v := e.(type) {
	case BescheidAngelegt:
		b = Bescheid{Existiert: true, BetriebID: v.BetriebID, Status: v.Status, Daten: v.Daten}
		if v.Status == Angelegt {
			b.Antragsteller = v.VonKonto
		}
	case BescheidGeaendert:
		b.Daten = v.Daten
	case BescheidsantragGestellt:
		b.Status = Beantragt
	case BescheidsantragZurueckgewiesen:
		b.Status = Angelegt
	case BescheidInBearbeitung:
		b.Status, b.Bearbeiter = InBearbeitung, v.VonKonto
	case BescheidFreigegeben:
		b.Status, b.FreigabeAm, b.FreigabeVon = Freigegeben, v.Am, v.VonKonto
	case MessstellenZugeordnet:
		for _, m := range v.Messstellen {
			if !slices.Contains(b.Messstellen, m) {
				b.Messstellen = append(slices.Clip(b.Messstellen), m)
			}
		}
	case MessstelleEntfernt:
		b.Messstellen = slices.DeleteFunc(slices.Clone(b.Messstellen), func(m int64) bool { return m == v.Messstelle })
		b.Anforderungen = ohne(b.Anforderungen, func(a Anforderung) bool { return a.Messstelle == v.Messstelle })
	case AnforderungenGesetzt:
		b.Anforderungen = append(ohne(b.Anforderungen, func(a Anforderung) bool { return a.Messstelle == v.Messstelle }),
			v.Anforderungen...)
	case AnforderungAngelegt:
		b.Anforderungen = append(slices.Clip(b.Anforderungen), v.Anforderung)
	case AnforderungGeaendert:
		b.Anforderungen = slices.Clone(b.Anforderungen)
		for i, a := range b.Anforderungen {
			if a.AnforderungID == v.Anforderung.AnforderungID {
				b.Anforderungen[i] = v.Anforderung
			}
		}
	case AnforderungGeloescht:
		b.Anforderungen = ohne(b.Anforderungen, func(a Anforderung) bool { return a.AnforderungID == v.AnforderungID })
	case BescheidGeloescht:
		b.Geloescht = true
	}
	return b
}

// ohne is a copy of the Anforderungen without those weg names (the state's slice stays as it was).
func ohne(as []Anforderung, weg func(Anforderung) bool) []Anforderung {
	return slices.DeleteFunc(slices.Clone(as), weg)
}

// Anforderung returns the Anforderung with the id.
func (b Bescheid) Anforderung(id int64) (Anforderung, bool) {
	i := slices.IndexFunc(b.Anforderungen, func(a Anforderung) bool { return a.AnforderungID == id })
	if i < 0 {
		return Anforderung{}, false
	}
	return b.Anforderungen[i], true
}

// Decode reads a stored event.
var Ereignisse = ereignis.Katalog(
	ereignis.Art[BescheidAngelegt](),
	ereignis.Art[BescheidGeaendert](),
	ereignis.Art[BescheidsantragGestellt](),
	ereignis.Art[BescheidsantragZurueckgewiesen](),
	ereignis.Art[BescheidInBearbeitung](),
	ereignis.Art[BescheidFreigegeben](),
	ereignis.Art[MessstellenZugeordnet](),
	ereignis.Art[MessstelleEntfernt](),
	ereignis.Art[AnforderungenGesetzt](),
	ereignis.Art[AnforderungAngelegt](),
	ereignis.Art[AnforderungGeaendert](),
	ereignis.Art[AnforderungGeloescht](),
	ereignis.Art[BescheidGeloescht](),
)

// Decode reads a stored event of the aggregate (Ereignisse).
var Decode = Ereignisse.Decode
