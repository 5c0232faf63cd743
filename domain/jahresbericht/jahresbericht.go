// Package jahresbericht holds the annual report (Jahresbericht) aggregate of spec 001: one
// report per treatment plant and year with its status lists, its parameters — the
// Selbstüberwachungsauflagen of the Bescheide valid in the year and the supplementary ones its
// users add — and the measured values of each parameter; its life from IN_BEARBEITUNG through
// the submission (EINGEREICHT) to the authority's Plausibilisierung. ueberschreitung.go
// compares the values with the Anforderungen (§ 6 Abs. 1 AbwV).
// Everything here is pure: the application service looks up what the rules need (the plant,
// its sewer network's self-monitoring obligation, its measuring points, the Anforderungen, the
// template of the values, the new ids) and passes it in; it also keeps one report per plant
// and year.
package jahresbericht

import (
	"slices"

	"github.com/eabwasser/eabwasser/domain/ereignis"
)

// StreamType of a report's stream ("jahresbericht-<id>").
const StreamType = "jahresbericht"

// Status of a report (spec 001 §3.4, §4.2).
const (
	InBearbeitung            = "IN_BEARBEITUNG"
	BearbeitungAbgeschlossen = "BEARBEITUNG_ABGESCHLOSSEN"
	Eingereicht              = "EINGEREICHT"
	Plausibilisiert          = "PLAUSIBILISIERT"
)

// Status are the states in their order.
var Status = []string{InBearbeitung, BearbeitungAbgeschlossen, Eingereicht, Plausibilisiert}

// Values of the report's status lists (spec 001 §3.4 names the values seen, not which list
// holds which; docs/decisions.md, "Annual reports (issue 31): the domain package").
const (
	Unbearbeitet      = "UNBEARBEITET"
	Abgeschlossen     = "ABGESCHLOSSEN"
	NichtErforderlich = "NICHT_ERFORDERLICH"
	Entfaellt         = "ENTFAELLT"
	Angefordert       = "ANGEFORDERT"
	Uebermittelt      = "UEBERMITTELT"
)

// The status lists: Status Messwerte (also the value status of one parameter's values), Status
// AQS, Status externe Stoffe, Kanalzustand/Sanierung and Durchflussprüfung. The first value of
// each list but Kanalzustand is a new report's; Kanalzustand is ANGEFORDERT or empty.
var (
	StatusMesswerteWerte    = []string{Unbearbeitet, Abgeschlossen, NichtErforderlich}
	StatusAQSWerte          = []string{Unbearbeitet, Uebermittelt, NichtErforderlich}
	StatusExterneWerte      = []string{Unbearbeitet, Uebermittelt, Entfaellt}
	KanalzustandWerte       = []string{Angefordert, Uebermittelt, NichtErforderlich}
	DurchflusspruefungWerte = []string{Unbearbeitet, Abgeschlossen, Entfaellt}
)

// Kinds of parameter of a report: a Selbstüberwachungsauflage copied from a Bescheid's
// Anforderung (bescheid.Selbstueberwachungsauflage) or a supplementary one (bescheid.Ergaenzend).
const (
	Selbstueberwachungsauflage = "SELBSTUEBERWACHUNGSAUFLAGE"
	Ergaenzend                 = "ERGAENZEND"
)

// Daten are the fields of the report form a save changes (spec 001 §2.7, §3.4).
type Daten struct {
	StatusMesswerte    string `json:"statusMesswerte"`
	StatusAQS          string `json:"statusAQS"`
	StatusExterne      string `json:"statusExterne"`
	Kanalzustand       string `json:"kanalzustand"`
	Durchflusspruefung string `json:"durchflusspruefung"`
	Bemerkung          string `json:"bemerkung"`
}

// Parameter is one parameter of the report at one measuring point (spec 001 §3.3, §3.5).
// ParameterID is unique across all reports (the service draws it from a sequence before
// deciding). A Selbstüberwachungsauflage names the Anforderung it was copied from; a
// supplementary parameter names the account and functional role that created it, which alone
// may change or delete it. Dates are yyyy-MM-dd. Its measured values are the Messreihe.
type Parameter struct {
	ParameterID      int64  `json:"parameterId"`
	Art              string `json:"art"`
	AnforderungID    int64  `json:"anforderungId,omitempty"`
	Messstelle       int64  `json:"messstelle"`
	ParameterNr      string `json:"parameterNr"`
	ParameterArt     string `json:"parameterArt"`
	Einheit          string `json:"einheit"`
	EinheitAbfluss   string `json:"einheitAbfluss"`
	EinheitKonz      string `json:"einheitKonz"`
	Probenahme       string `json:"probenahme"`
	Haeufigkeit      string `json:"haeufigkeit"`
	VorlageMesswerte string `json:"vorlageMesswerte"`
	GueltigAb        string `json:"gueltigAb"`
	GueltigBis       string `json:"gueltigBis"`
	ErstelltVon      int64  `json:"erstelltVon,omitempty"`
	ErstelltRolle    string `json:"erstelltRolle,omitempty"`
	Messreihe
}

// Messreihe are the measured values of one parameter as last saved (messwerte.go): the
// template's id, the number of rows, the value status and the rows; Mittelwert is the mean of
// the column wert (spec 001 §3.5 "wert", read-only), computed by the decider.
type Messreihe struct {
	VorlageID   int64      `json:"vorlageMesswerteId,omitempty"`
	AnzahlWerte int        `json:"anzahlWerte,omitempty"`
	Status      string     `json:"status,omitempty"`
	Messwerte   []Messwert `json:"messwerte,omitempty"`
	Mittelwert  string     `json:"mittelwert,omitempty"`
}

// Messwert is one row of a parameter's values (spec 001 §3.5). Datum is stored as yyyy-MM-dd,
// yyyy-MM or yyyy by the template's date format (Tag, Monat, Jahr); the numeric columns as
// canonical decimal strings with a decimal comma ("12,5"); a column the template does not
// switch on stays empty.
type Messwert struct {
	Datum            string `json:"datum"`
	Uhrzeit          string `json:"uhrzeit,omitempty"`
	WetterSchluessel string `json:"wetterSchluessel,omitempty"`
	Schwelle         string `json:"schwelle,omitempty"`
	Wert             string `json:"wert,omitempty"`
	Anzahl           string `json:"anzahl,omitempty"`
	Anzahl12Grad     string `json:"anzahl12Grad,omitempty"`
	Maximalwert      string `json:"maximalwert,omitempty"`
	MaximalwertQ     string `json:"maximalwertQ,omitempty"`
	Konzentration    string `json:"konzentration,omitempty"`
	Abfluss          string `json:"abfluss,omitempty"`
}

// Jahresbericht is the state of a report.
type Jahresbericht struct {
	Existiert bool
	Geloescht bool
	AnlageID  int64
	// AnlageBezeichnung is the plant's name when the report was created.
	AnlageBezeichnung string
	Jahr              int
	// Von and Bis are 1 January and 31 December of Jahr (yyyy-MM-dd).
	Von, Bis string
	Status   string
	Daten    Daten
	// Parameter in the order they were added.
	Parameter []Parameter
	// EingereichtVon is the account that submitted the report last, EingereichtRolle the
	// functional role he acted in (0 and "": never submitted).
	EingereichtVon   int64
	EingereichtRolle string
	// Kommentar of the last decision on the report.
	Kommentar string
	// Uebernahme is the report whose parameters were copied into this one (0: none).
	Uebernahme int64
}

// Events.
type (
	// JahresberichtAngelegt: a report of plant AnlageID for Jahr was created in IN_BEARBEITUNG
	// with its parameters (copied from Uebernahme when it is not 0). Konto is the account.
	JahresberichtAngelegt struct {
		AnlageID          int64       `json:"anlageId"`
		AnlageBezeichnung string      `json:"anlageBezeichnung"`
		Jahr              int         `json:"jahr"`
		Von               string      `json:"von"`
		Bis               string      `json:"bis"`
		Daten             Daten       `json:"daten"`
		Parameter         []Parameter `json:"parameter,omitempty"`
		Uebernahme        int64       `json:"uebernahme,omitempty"`
		Konto             int64       `json:"konto,omitempty"`
	}
	// JahresberichtGeaendert: a save of the report form.
	JahresberichtGeaendert struct {
		Daten Daten `json:"daten"`
	}
	// JahresberichtBearbeitungAbgeschlossen: the keepers marked their work done (IN_BEARBEITUNG →
	// BEARBEITUNG_ABGESCHLOSSEN) without submitting yet.
	JahresberichtBearbeitungAbgeschlossen struct {
		Konto int64 `json:"konto,omitempty"`
	}
	// JahresberichtBearbeitungFortgesetzt: back from BEARBEITUNG_ABGESCHLOSSEN to IN_BEARBEITUNG.
	JahresberichtBearbeitungFortgesetzt struct {
		Konto int64 `json:"konto,omitempty"`
	}
	// JahresberichtEingereicht: the report was submitted ('Speichern und Einreichen') by Konto
	// acting as Rolle; it is an Aufgabe of the deciding staff.
	JahresberichtEingereicht struct {
		Konto int64  `json:"konto"`
		Rolle string `json:"rolle"`
	}
	// JahresberichtPlausibilisiert: staff approved the report (EINGEREICHT → PLAUSIBILISIERT);
	// it is read-only from now on.
	JahresberichtPlausibilisiert struct {
		Kommentar string `json:"kommentar,omitempty"`
		Konto     int64  `json:"konto,omitempty"`
	}
	// JahresberichtZurueckgewiesen: staff sent the report back (EINGEREICHT → IN_BEARBEITUNG)
	// saying why.
	JahresberichtZurueckgewiesen struct {
		Kommentar string `json:"kommentar"`
		Konto     int64  `json:"konto,omitempty"`
	}
	// JahresberichtGeloescht: the report was deleted.
	JahresberichtGeloescht struct{}
	// ErgaenzenderParameterAngelegt, …Geaendert, …Geloescht: a supplementary parameter was
	// created, changed or deleted (with its values).
	ErgaenzenderParameterAngelegt struct {
		Parameter Parameter `json:"parameter"`
	}
	ErgaenzenderParameterGeaendert struct {
		Parameter Parameter `json:"parameter"`
	}
	ErgaenzenderParameterGeloescht struct {
		ParameterID int64 `json:"parameterId"`
	}
	// MesswerteGespeichert: the values of one parameter were saved — all rows in one event, so
	// a year of daily values is one event to store, replay and audit.
	MesswerteGespeichert struct {
		ParameterID int64 `json:"parameterId"`
		Messreihe
	}
)

func (JahresberichtAngelegt) EventType() string  { return "JahresberichtAngelegt" }
func (JahresberichtGeaendert) EventType() string { return "JahresberichtGeaendert" }
func (JahresberichtBearbeitungAbgeschlossen) EventType() string {
	return "JahresberichtBearbeitungAbgeschlossen"
}
func (JahresberichtBearbeitungFortgesetzt) EventType() string {
	return "JahresberichtBearbeitungFortgesetzt"
}
func (JahresberichtEingereicht) EventType() string       { return "JahresberichtEingereicht" }
func (JahresberichtPlausibilisiert) EventType() string   { return "JahresberichtPlausibilisiert" }
func (JahresberichtZurueckgewiesen) EventType() string   { return "JahresberichtZurueckgewiesen" }
func (JahresberichtGeloescht) EventType() string         { return "JahresberichtGeloescht" }
func (ErgaenzenderParameterAngelegt) EventType() string  { return "ErgaenzenderParameterAngelegt" }
func (ErgaenzenderParameterGeaendert) EventType() string { return "ErgaenzenderParameterGeaendert" }
func (ErgaenzenderParameterGeloescht) EventType() string { return "ErgaenzenderParameterGeloescht" }
func (MesswerteGespeichert) EventType() string           { return "MesswerteGespeichert" }

// Evolve applies an event.
func Evolve(j Jahresbericht, e ereignis.DomainEvent) Jahresbericht {
	switch v := e.(type) {
	case JahresberichtAngelegt:
		j = Jahresbericht{Existiert: true, AnlageID: v.AnlageID, AnlageBezeichnung: v.AnlageBezeichnung, Jahr: v.Jahr,
			Von: v.Von, Bis: v.Bis, Status: InBearbeitung, Daten: v.Daten, Parameter: slices.Clone(v.Parameter), Uebernahme: v.Uebernahme}
	case JahresberichtGeaendert:
		j.Daten = v.Daten
	case JahresberichtBearbeitungAbgeschlossen:
		j.Status = BearbeitungAbgeschlossen
	case JahresberichtBearbeitungFortgesetzt:
		j.Status = InBearbeitung
	case JahresberichtEingereicht:
		j.Status, j.EingereichtVon, j.EingereichtRolle = Eingereicht, v.Konto, v.Rolle
	case JahresberichtPlausibilisiert:
		j.Status, j.Kommentar = Plausibilisiert, v.Kommentar
	case JahresberichtZurueckgewiesen:
		j.Status, j.Kommentar = InBearbeitung, v.Kommentar
	case JahresberichtGeloescht:
		j.Geloescht = true
	case ErgaenzenderParameterAngelegt:
		j.Parameter = append(slices.Clip(j.Parameter), v.Parameter)
	case ErgaenzenderParameterGeaendert:
		j.Parameter = mitParameter(j.Parameter, v.Parameter.ParameterID, func(p *Parameter) {
			werte := p.Messreihe
			*p = v.Parameter
			p.Messreihe = werte
		})
	case ErgaenzenderParameterGeloescht:
		j.Parameter = slices.DeleteFunc(slices.Clone(j.Parameter), func(p Parameter) bool { return p.ParameterID == v.ParameterID })
	case MesswerteGespeichert:
		j.Parameter = mitParameter(j.Parameter, v.ParameterID, func(p *Parameter) { p.Messreihe = v.Messreihe })
	}
	return j
}

// mitParameter is a copy of ps with the parameter id changed by f (the state's slice stays as
// it was).
func mitParameter(ps []Parameter, id int64, f func(*Parameter)) []Parameter {
	ps = slices.Clone(ps)
	for i := range ps {
		if ps[i].ParameterID == id {
			f(&ps[i])
		}
	}
	return ps
}

// ParameterMit returns the parameter with the id.
func (j Jahresbericht) ParameterMit(id int64) (Parameter, bool) {
	i := slices.IndexFunc(j.Parameter, func(p Parameter) bool { return p.ParameterID == id })
	if i < 0 {
		return Parameter{}, false
	}
	return j.Parameter[i], true
}

// Decode reads a stored event.
var Ereignisse = ereignis.Katalog(
	ereignis.Art[JahresberichtAngelegt](),
	ereignis.Art[JahresberichtGeaendert](),
	ereignis.Art[JahresberichtBearbeitungAbgeschlossen](),
	ereignis.Art[JahresberichtBearbeitungFortgesetzt](),
	ereignis.Art[JahresberichtEingereicht](),
	ereignis.Art[JahresberichtPlausibilisiert](),
	ereignis.Art[JahresberichtZurueckgewiesen](),
	ereignis.Art[JahresberichtGeloescht](),
	ereignis.Art[ErgaenzenderParameterAngelegt](),
	ereignis.Art[ErgaenzenderParameterGeaendert](),
	ereignis.Art[ErgaenzenderParameterGeloescht](),
	ereignis.Art[MesswerteGespeichert](),
)

// Decode reads a stored event of the aggregate (Ereignisse).
var Decode = Ereignisse.Decode

// Statustexte are the German texts of the report's status and of its status lists' values
// (the worklist, its export and the screens show them).
var Statustexte = map[string]string{
	InBearbeitung: "In Bearbeitung", BearbeitungAbgeschlossen: "Bearbeitung abgeschlossen", Eingereicht: "Eingereicht",
	Plausibilisiert: "Plausibilisiert", Unbearbeitet: "Unbearbeitet", Abgeschlossen: "Abgeschlossen",
	NichtErforderlich: "Nicht erforderlich", Entfaellt: "Entfällt", Angefordert: "Angefordert", Uebermittelt: "Übermittelt",
}
