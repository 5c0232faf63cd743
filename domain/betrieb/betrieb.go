// Package betrieb holds the operation (Betrieb) aggregate: its master data, the Freigabe of a
// requested operation by the authority, saves by operators and administrators with
// Historisierung, the Stammdaten-Antrag of an operator, operator changes and the shut-down.
// Everything here is pure: the application service (internal/anwendung/betrieb) loads what the
// rules need (duplicates, whether the operator is an obligee of plants) and passes it in.
package betrieb

import (
	"slices"

	entscheidung "github.com/eabwasser/eabwasser/domain/antrag"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// StreamType of an operation's stream ("betrieb-<id>").
const StreamType = "betrieb"

// Freigabestatus of an operation.
const (
	Beantragt   = entscheidung.Beantragt
	Freigegeben = entscheidung.Freigegeben
	Abgewiesen  = entscheidung.Abgewiesen
)

// Betriebsstatus identifiers (value list betriebsstatus).
const (
	Geplant     = "GEPLANT"
	InBetrieb   = "IN_BETRIEB"
	Stillgelegt = "STILLGELEGT"
)

// Betriebstypen are the operation types of spec 000 §1.
var Betriebstypen = []string{"INDUSTRIE", "KOMMUNAL", "KANAL_KOMMUNAL", "KANAL_INDUSTRIE", "PRIVAT", "AUSSERHALB_RLP"}

// Adresse of an operation.
type Adresse struct {
	Strasse    string `json:"strasse"`
	Hausnummer string `json:"hausnummer"`
	Plz        string `json:"plz"`
	Ort        string `json:"ort"`
}

// Lage are UTM32 coordinates.
type Lage struct {
	Hochwert   float64 `json:"hochwert"`
	Rechtswert float64 `json:"rechtswert"`
}

// Produktion is the tab "Produktion" (industrial operations).
type Produktion struct {
	Taetigkeiten         []string `json:"taetigkeiten"`
	Produktbezeichnungen []string `json:"produktbezeichnungen"`
	Produktionsverfahren []string `json:"produktionsverfahren"`
	Produktionsarten     []string `json:"produktionsarten"`
	Produktionstage      *int     `json:"produktionstage"`
	BezugsjahrProduktion *int     `json:"bezugsjahrProduktion"`
	AnzahlBeschaeftigte  *int     `json:"anzahlBeschaeftigte"`
	TagesarbeitszeitVon  string   `json:"tagesarbeitszeitVon"`
	TagesarbeitszeitBis  string   `json:"tagesarbeitszeitBis"`
}

// Wasserversorgung is the tab "Wasserversorgung"; quantities in m³ per year.
type Wasserversorgung struct {
	OeffentlWasserversorgung bool     `json:"oeffentlWasserversorgung"`
	Wasserbezug              *float64 `json:"wasserbezug"`
	BezugsjahrWv             *int     `json:"bezugsjahrWv"`
	Eigenversorgung          *float64 `json:"eigenversorgung"`
	WvbNr                    string   `json:"wvbNr"`
	BetriebInSchutzgebiet    bool     `json:"betriebInSchutzgebiet"`
}

// Kontakt is a contact person of the operation (typed in, not an account).
type Kontakt struct {
	Anrede   string `json:"anrede"`
	Titel    string `json:"titel"`
	Vorname  string `json:"vorname"`
	Name     string `json:"name"`
	Telefon  string `json:"telefon"`
	Mobil    string `json:"mobil"`
	Email    string `json:"email"`
	Funktion string `json:"funktion"`
}

// Bearbeiter is an authority user responsible for the operation (by datascoutId).
type Bearbeiter struct {
	AnwenderID  int64  `json:"id"`
	DatascoutID string `json:"bearbeiter"`
}

// ZustaendigePerson is a user of the operator with what they are responsible for.
type ZustaendigePerson struct {
	AnwenderID int64    `json:"id"`
	Zustaendig []string `json:"zustaendig"`
}

// Daten are the fields of an operation its forms edit (spec 000 §3).
type Daten struct {
	Bezeichnung           string              `json:"bezeichnung"`
	Adresse               Adresse             `json:"adresse"`
	BetreiberID           int64               `json:"betreiberId"`
	BetreiberAdresse      bool                `json:"betreiberAdresse"`
	Betriebsstatus        string              `json:"betriebsstatus"`
	RegionalstelleID      int64               `json:"regionalstelleId"`
	Muttergesellschaft    string              `json:"muttergesellschaft,omitempty"`
	URL                   string              `json:"url,omitempty"`
	IEDRelevanz           bool                `json:"iedRelevanz"`
	PRTRRelevanz          bool                `json:"prtrRelevanz"`
	PRTRNr                string              `json:"prtrNr,omitempty"`
	Haupttaetigkeit       string              `json:"haupttaetigkeit,omitempty"`
	Nacecode              string              `json:"nacecode,omitempty"`
	KatasterNr            string              `json:"katasterNr,omitempty"`
	ArbeitsstaettenNr     string              `json:"arbeitsstaettenNr,omitempty"`
	Behoerdenkennung      string              `json:"behoerdenkennung"`
	Lage                  Lage                `json:"lage"`
	Produktion            Produktion          `json:"produktion"`
	Wasserversorgung      Wasserversorgung    `json:"wasserversorgung"`
	Kontakte              []Kontakt           `json:"kontakte"`
	ZustaendigeBearbeiter []Bearbeiter        `json:"zustaendigeBearbeiter"`
	ZustaendigePersonen   []ZustaendigePerson `json:"zustaendigePersonen"`
}

// StammdatenAntrag is an operator's application to change master data.
type StammdatenAntrag struct {
	Bezeichnung        string  `json:"bezeichnung"`
	Muttergesellschaft string  `json:"muttergesellschaft"`
	URL                string  `json:"url"`
	BetreiberAdresse   bool    `json:"betreiberAdresse"`
	Adresse            Adresse `json:"adresse"`
	Kommentar          string  `json:"kommentar"`
	GestelltAm         string  `json:"gestelltAm"`
}

// Antragsfelder are the fields of a Stammdaten-Antrag that staff accept one by one.
var Antragsfelder = []string{"bezeichnung", "muttergesellschaft", "url", "betreiberAdresse", "strasse", "hausnummer", "plz", "ort"}

// antragsfeldnamen are the labels of the Stammdaten-Antrag's fields as its form shows them.
var antragsfeldnamen = map[string]string{"bezeichnung": "Bezeichnung", "muttergesellschaft": "Muttergesellschaft",
	"url": "URL", "betreiberAdresse": "Adresse des Betreibers", "strasse": "Straße", "hausnummer": "Hausnummer",
	"plz": "PLZ", "ort": "Ort"}

// Antragsfeldnamen are the labels of the given application fields, for people (a message to
// the operator names what was adopted, never a key); an unknown key stays as it is.
func Antragsfeldnamen(felder []string) []string {
	out := make([]string, len(felder))
	for i, f := range felder {
		out[i] = f
		if n, ok := antragsfeldnamen[f]; ok {
			out[i] = n
		}
	}
	return out
}

// Betrieb is the state of an operation.
type Betrieb struct {
	Existiert         bool
	BetriebsID        string
	Daten             Daten
	Betriebstyp       string
	Freigabestatus    string
	FreigabeKommentar string
	// LetzterBeginn is the start of the latest version (yyyy-MM-dd); empty while the
	// operation has no dated version (taken over from an older file without a date).
	LetzterBeginn string
	Antrag        *StammdatenAntrag
	// Vorbetreiber are the organisations that operated the operation before its current
	// operator, by id (issue 42): each keeps read access to what it submitted here.
	Vorbetreiber []int64
}

// vorbetreiber is the list of previous operators after the operation went from alt to neu: alt
// joins it, neu (who may return) leaves it.
func vorbetreiber(liste []int64, alt, neu int64) []int64 {
	out := slices.DeleteFunc(slices.Clone(liste), func(id int64) bool { return id == neu || id == alt })
	if alt != 0 && alt != neu {
		out = append(out, alt)
	}
	slices.Sort(out)
	if len(out) == 0 {
		return nil
	}
	return out
}

// KommunalAktiv reports whether the operation is an active municipal one — approved, not shut
// down: its treatment plants may receive other operators' wastewater (spec 000 §3,
// alleVonAktivenBetriebenKommunalAbwasserbehandlungsanlagen).
func (b Betrieb) KommunalAktiv() bool {
	return b.Betriebstyp == "KOMMUNAL" && b.Freigabestatus == Freigegeben && b.Daten.Betriebsstatus != Stillgelegt
}

// Events.
type (
	// BetriebBeantragt: an operation was requested; it waits for the Freigabe. GueltigAb is
	// the start of its first version.
	BetriebBeantragt struct {
		BetriebsID  string `json:"betriebsId"`
		Daten       Daten  `json:"daten"`
		Betriebstyp string `json:"betriebstyp"`
		GueltigAb   string `json:"gueltigAb"`
	}
	// BetriebFreigegeben: the authority approved the request.
	BetriebFreigegeben struct {
		Kommentar string `json:"kommentar,omitempty"`
	}
	// BetriebAbgewiesen: the authority rejected the request.
	BetriebAbgewiesen struct {
		Kommentar string `json:"kommentar,omitempty"`
	}
	// FreigabeErneutBeantragt: a rejected operation was changed and requested again.
	FreigabeErneutBeantragt struct {
		Daten Daten `json:"daten"`
	}
	// BetriebsdatenGeaendert: data changed without a new version — an application not yet
	// approved, or what an operator keeps up to date himself (production, water supply,
	// contacts, responsible persons).
	BetriebsdatenGeaendert struct {
		Daten Daten `json:"daten"`
	}
	// BetriebGeaendert: an administrative save of an approved operation. Ersetzt: the data
	// replace the latest version (no historised field changed, or a confirmed same-day entry).
	BetriebGeaendert struct {
		Daten           Daten  `json:"daten"`
		GueltigAb       string `json:"gueltigAb"`
		Aenderungsgrund string `json:"aenderungsgrund,omitempty"`
		Ersetzt         bool   `json:"ersetzt,omitempty"`
	}
	// BetreiberGewechselt: the operator changed. The plant areas react: the old operator stays
	// an obligee of the plants (Behalten) or is removed there.
	BetreiberGewechselt struct {
		AltID    int64 `json:"altId"`
		NeuID    int64 `json:"neuId"`
		Behalten bool  `json:"preserveBetreiberAsAbwasserbeseitigungspflichtigen"`
	}
	// BetreiberUmgezogen: the operator organisation was merged into another one.
	BetreiberUmgezogen struct {
		AltID int64  `json:"altId"`
		NeuID int64  `json:"neuId"`
		Datum string `json:"datum"`
	}
	// BetriebStillgelegt: the operation was shut down; plants and measuring points follow.
	BetriebStillgelegt struct {
		Datum string `json:"datum"`
		// Ersatz: the operation's municipal treatment plants that plants of other operations
		// discharge into, each with the treatment plant they discharge into from now on.
		Ersatz map[int64]int64 `json:"ersatz,omitempty"`
	}
	// StammdatenAntragGestellt: an operator applied for a master-data change.
	StammdatenAntragGestellt struct {
		Antrag StammdatenAntrag `json:"antrag"`
	}
	// StammdatenAntragUebernommen: staff accepted the listed fields (a BetriebGeaendert with
	// the new data follows) and refused the others it changed, each with a reason; the
	// application is gone.
	StammdatenAntragUebernommen struct {
		Felder        []string          `json:"felder"`
		Begruendungen map[string]string `json:"begruendungen,omitempty"`
	}
	// StammdatenAntragAbgelehnt: staff rejected the application, with a reason for each field
	// it changed; it is gone.
	StammdatenAntragAbgelehnt struct {
		Begruendungen map[string]string `json:"begruendungen,omitempty"`
	}
)

func (BetriebBeantragt) EventType() string            { return "BetriebBeantragt" }
func (BetriebFreigegeben) EventType() string          { return "BetriebFreigegeben" }
func (BetriebAbgewiesen) EventType() string           { return "BetriebAbgewiesen" }
func (FreigabeErneutBeantragt) EventType() string     { return "FreigabeErneutBeantragt" }
func (BetriebsdatenGeaendert) EventType() string      { return "BetriebsdatenGeaendert" }
func (BetriebGeaendert) EventType() string            { return "BetriebGeaendert" }
func (BetreiberGewechselt) EventType() string         { return "BetreiberGewechselt" }
func (BetreiberUmgezogen) EventType() string          { return "BetreiberUmgezogen" }
func (BetriebStillgelegt) EventType() string          { return "BetriebStillgelegt" }
func (StammdatenAntragGestellt) EventType() string    { return "StammdatenAntragGestellt" }
func (StammdatenAntragUebernommen) EventType() string { return "StammdatenAntragUebernommen" }
func (StammdatenAntragAbgelehnt) EventType() string   { return "StammdatenAntragAbgelehnt" }

// Datierung is the audit entry the save accepted (ereignis.Datiert).
func (e BetriebGeaendert) Datierung() (string, string, bool) {
	return historie.Datierung(e.GueltigAb, e.Aenderungsgrund, e.Ersetzt)
}

// Evolve applies an event.
func Evolve(b Betrieb, e ereignis.DomainEvent) Betrieb {
	switch v := e.(type) {
	case BetriebBeantragt:
		b = Betrieb{Existiert: true, BetriebsID: v.BetriebsID, Daten: v.Daten, Betriebstyp: v.Betriebstyp,
			Freigabestatus: Beantragt, LetzterBeginn: v.GueltigAb}
	case BetriebFreigegeben:
		b.Freigabestatus, b.FreigabeKommentar = Freigegeben, v.Kommentar
	case BetriebAbgewiesen:
		b.Freigabestatus, b.FreigabeKommentar = Abgewiesen, v.Kommentar
	case FreigabeErneutBeantragt:
		b.Daten, b.Freigabestatus = v.Daten, Beantragt
	case BetriebsdatenGeaendert:
		b.Daten = v.Daten
	case BetriebGeaendert:
		b.Daten, b.LetzterBeginn = v.Daten, v.GueltigAb
	case BetreiberGewechselt:
		b.Vorbetreiber = vorbetreiber(b.Vorbetreiber, v.AltID, v.NeuID)
	case BetreiberUmgezogen:
		// a merge: the destination operates it as the merged organisation did (not a change of
		// operator); it is no previous operator of its own operation
		b.Daten.BetreiberID = v.NeuID
		b.Vorbetreiber = vorbetreiber(b.Vorbetreiber, 0, v.NeuID)
	case StammdatenAntragGestellt:
		a := v.Antrag
		b.Antrag = &a
	case StammdatenAntragUebernommen, StammdatenAntragAbgelehnt:
		b.Antrag = nil
	}
	return b
}

// Decode reads a stored event.
var Ereignisse = ereignis.Katalog(
	ereignis.Art[BetriebBeantragt](),
	ereignis.Art[BetriebFreigegeben](),
	ereignis.Art[BetriebAbgewiesen](),
	ereignis.Art[FreigabeErneutBeantragt](),
	ereignis.Art[BetriebsdatenGeaendert](),
	ereignis.Art[BetriebGeaendert](),
	ereignis.Art[BetreiberGewechselt](),
	ereignis.Art[BetreiberUmgezogen](),
	ereignis.Art[BetriebStillgelegt](),
	ereignis.Art[StammdatenAntragGestellt](),
	ereignis.Art[StammdatenAntragUebernommen](),
	ereignis.Art[StammdatenAntragAbgelehnt](),
)

// Decode reads a stored event of the aggregate (Ereignisse).
var Decode = Ereignisse.Decode

// Decider is the operation aggregate for the generic command handler.
var Decider = ereignis.Decider[Betrieb, Befehl]{
	StreamType: StreamType, Initial: func() Betrieb { return Betrieb{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
