// Package anlage holds the plant (Anlage) aggregate: the four plant types of an operation
// (treatment, cooling water, relief, sewer network) with their fields, states and rules, saves
// with Historisierung, the change request of an operator with per-field review by staff, and
// the shut-down that follows the operation's. Everything here is pure: the application service
// (internal/anwendung/anlage) loads what the rules need (the operation's Freigabe, today) and
// passes it in.
package anlage

import (
	"slices"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// StreamType of a plant's stream ("anlage-<id>").
const StreamType = "anlage"

// Anlagentypen (spec 000 §3), also the path segment of the plant calls in lower case.
const (
	Abwasserbehandlung = "ABWASSERBEHANDLUNG"
	Kuehlwasser        = "KUEHLWASSER"
	Entlastung         = "ENTLASTUNG"
	Kanalnetz          = "KANALNETZ"
)

// Typen are the plant types in the order the forms offer them.
var Typen = []string{Abwasserbehandlung, Kuehlwasser, Entlastung, Kanalnetz}

// Anlagenarten (spec 000 §3).
var Anlagenarten = []string{"ABWASSERBEHANDLUNG", "KLEINKLAERANLAGE", "ABWASSERVORBEHANDLUNG", "ANLAGE_AUSSERHALB",
	"MISCHWASSER", "NIEDERSCHLAGSWASSER"}

// Anlagenstatus (spec 000 §3/§4).
const (
	Geplant         = "GEPLANT"
	InBetrieb       = "IN_BETRIEB"
	Stillgelegt     = "STILLGELEGT"
	AngeschlossenAn = "ANGESCHLOSSEN_AN"
)

// Status are the plant states.
var Status = []string{Geplant, InBetrieb, Stillgelegt, AngeschlossenAn}

// Ausser reports whether a status counts as decommissioned (STILLGELEGT, ANGESCHLOSSEN_AN):
// no measuring points are created below such a plant.
func Ausser(status string) bool { return status == Stillgelegt || status == AngeschlossenAn }

// Auslegung is one row of Auslegung/Belastung; only one may be führend.
type Auslegung struct {
	Parameter         string   `json:"parameter"`
	Einheit           string   `json:"einheit"`
	AuslegungWert     *float64 `json:"auslegungWert"`
	AuslegungJahr     *int     `json:"auslegungJahr"`
	AuslegungFuehrend bool     `json:"auslegungFuehrend"`
	BelastungWert     *float64 `json:"belastungWert"`
	BelastungJahr     *int     `json:"belastungJahr"`
	Bemerkung         string   `json:"bemerkung"`
}

// Planung is a planned measure; geaendertAm/geaendertVon are set by the server.
type Planung struct {
	Status       string `json:"status"`
	Massnahme    string `json:"massnahme"`
	AnschlussKA  string `json:"anschlussKA"`
	Plandatum    string `json:"plandatum"`
	Beschreibung string `json:"beschreibung"`
	GeaendertAm  string `json:"geaendertAm"`
	GeaendertVon string `json:"geaendertVon"`
	// GeaendertVonKonto, GeaendertVonSeite and GeaendertVonOrganisation are who changed it last
	// as the masking of geaendertVon needs him (issue 42): his account, his side and his
	// organisation (0: the authority's); empty in plannings changed before. The plant's view
	// masks the name with them and never shows them.
	GeaendertVonKonto        int64  `json:"geaendertVonKonto,omitempty"`
	GeaendertVonSeite        string `json:"geaendertVonSeite,omitempty"`
	GeaendertVonOrganisation int64  `json:"geaendertVonOrganisation,omitempty"`
}

// ohneStempel is p without who changed it when: what the user edits.
func (p Planung) ohneStempel() Planung {
	p.GeaendertAm, p.GeaendertVon, p.GeaendertVonKonto, p.GeaendertVonSeite, p.GeaendertVonOrganisation = "", "", 0, "", 0
	return p
}

// Foerderung is a funding of the plant (the mip lookup).
type Foerderung struct {
	MipNr                string `json:"mipNr"`
	Bezeichnung          string `json:"bezeichnung"`
	NameMassnahmetraeger string `json:"nameMassnahmetraeger"`
}

// Anlagenteil is a part of the plant.
type Anlagenteil struct {
	Kategorie         string   `json:"kategorie"`
	Bezeichnung       string   `json:"bezeichnung"`
	Anzahl            *int     `json:"anzahl"`
	Bezeichner        string   `json:"bezeichner"`
	BezeichnerGroesse *float64 `json:"bezeichnerGroesse"`
	BezeichnerEinheit string   `json:"bezeichnerEinheit"`
	Bemerkung         string   `json:"bemerkung"`
}

// Verwaltungseinheit is an administrative unit of a disposal area, taken from the value list
// verwaltungseinheit (Schluessel: its Gemeinde-Nr.).
type Verwaltungseinheit struct {
	Schluessel  string `json:"verwaltungseinheitSchluessel"`
	Bezeichnung string `json:"verwaltungseinheitBezeichnung"`
}

// Entsorgungsraum is the disposal area of a municipal treatment plant: the administrative
// units whose wastewater it treats, as of a reference date and parameter (spec 000 §3).
type Entsorgungsraum struct {
	Bezugsdatum       string               `json:"bezugsdatum"`
	Bezugsparameter   string               `json:"bezugsparameter"`
	Entsorgungsraeume []Verwaltungseinheit `json:"entsorgungsraeume"`
}

// Veranlagung assigns the disposal responsibility to an organisation from a start year.
type Veranlagung struct {
	OrganisationID int64 `json:"organisation"`
	StartJahr      int   `json:"startJahr"`
}

// Daten are the fields of a plant its forms edit (spec 000 §3). The extras of the types are
// empty for the other types.
type Daten struct {
	Bezeichnung                    string                      `json:"bezeichnung"`
	Anlagenart                     string                      `json:"anlagenart"`
	Anlagenstatus                  string                      `json:"anlagenstatus"`
	Statuswechsel                  string                      `json:"statuswechsel,omitempty"`
	Anlagensystem                  string                      `json:"anlagensystem,omitempty"`
	AufnahmeID                     int64                       `json:"aufnahme,omitempty"`
	Indirekteinleiter              bool                        `json:"indirekteinleiter"`
	Lage                           betrieb.Lage                `json:"lage"`
	Beschreibung                   string                      `json:"beschreibung,omitempty"`
	Behoerdenkennung               string                      `json:"behoerdenkennung"`
	Selbstueberwachungspflicht     bool                        `json:"selbstueberwachungspflicht"`
	SuevoaAnlageNr                 string                      `json:"suevoaAnlageNr,omitempty"`
	Chargenbetrieb                 bool                        `json:"chargenbetrieb"`
	Kampagne                       bool                        `json:"kampagne"`
	DwaNr                          string                      `json:"dwaNr,omitempty"`
	StaLaNr                        string                      `json:"staLaNr,omitempty"`
	TegAbschluss                   bool                        `json:"tegAbschluss"`
	AufKAGelaende                  bool                        `json:"aufKAGelaende"`
	BiologischeBehandlung          []string                    `json:"biologischeBehandlung"`
	Schlammbehandlung              []string                    `json:"schlammbehandlung"`
	Vorbehandlung                  []string                    `json:"vorbehandlung"`
	ChemischeBehandlung            []string                    `json:"chemischeBehandlung"`
	Nachbehandlung                 []string                    `json:"nachbehandlung"`
	Auslegungen                    []Auslegung                 `json:"auslegungUndBelastungsDaten"`
	Planungen                      []Planung                   `json:"planungen"`
	Foerderungen                   []Foerderung                `json:"foerderungen"`
	Anlagenteile                   []Anlagenteil               `json:"anlagenteile"`
	Kontakte                       []betrieb.Kontakt           `json:"kontakte"`
	ZustaendigeBearbeiter          []betrieb.Bearbeiter        `json:"zustaendigeBearbeiter"`
	ZustaendigePersonen            []betrieb.ZustaendigePerson `json:"zustaendigePersonen"`
	Abwasserbeseitigungspflichtige []Veranlagung               `json:"abwasserbeseitigungspflichtige"`
	// Entsorgungsraum only where MitEntsorgungsraum holds; nil when empty.
	Entsorgungsraum *Entsorgungsraum `json:"entsorgungsraum,omitempty"`

	// ENTLASTUNG
	Entlastungssystem string `json:"entlastungssystem,omitempty"`
	Entlastungstyp    string `json:"entlastungstyp,omitempty"`
	Wasserbuchnummer  string `json:"wasserbuchnummer,omitempty"`
	Flur              string `json:"flur,omitempty"`
	Flurstueck        string `json:"flurstueck,omitempty"`
	Gemarkung         string `json:"gemarkung,omitempty"`
	// Drosselablauf is the relief plant the throttled outflow leads to (spec 000 §3; 0: none,
	// the outflow goes to the receiving plant).
	Drosselablauf int64 `json:"drosselablauf,omitempty"`
	// KUEHLWASSER
	Kuehlart             string `json:"kuehlart,omitempty"`
	KuehlBehandlung      string `json:"kuehlBehandlung,omitempty"`
	InWasserschutzgebiet bool   `json:"inWasserschutzgebiet"`
	// KANALNETZ
	Kanallaenge *float64 `json:"kanallaenge"`
	Kanalsystem string   `json:"kanalsystem,omitempty"`
	Abwasserart string   `json:"abwasserart,omitempty"`
	Materialart string   `json:"materialart,omitempty"`
}

// Aenderungsantrag is an operator's change request (spec 000 §3).
type Aenderungsantrag struct {
	Bezeichnung     string       `json:"bezeichnung"`
	Foerderungen    []Foerderung `json:"foerderungen"`
	TegAbschluss    bool         `json:"tegAbschluss"`
	AufKAGelaende   bool         `json:"aufKAGelaende"`
	Kuehlart        string       `json:"kuehlart"`
	KuehlBehandlung string       `json:"kuehlBehandlung"`
	Kommentar       string       `json:"kommentar"`
	GestelltAm      string       `json:"gestelltAm"`
	GestelltVon     string       `json:"gestelltVon,omitempty"`
}

// Antragsfelder are the fields of a change request that staff accept one by one.
var Antragsfelder = []string{"bezeichnung", "foerderungen", "tegAbschluss", "aufKAGelaende", "kuehlart", "kuehlBehandlung"}

// Antragsfeldnamen are the labels of the change request's fields as the plant form shows them
// (the review, the operator's message, the Verlauf).
var Antragsfeldnamen = map[string]string{"bezeichnung": "Bezeichnung", "foerderungen": "Förderungen", "tegAbschluss": "TEG-Abschluss",
	"aufKAGelaende": "Auf KA-Gelände", "kuehlart": "Kühlart", "kuehlBehandlung": "Kühlwasserbehandlung"}

// Anlage is the state of a plant.
type Anlage struct {
	Existiert bool
	BetriebID int64
	ParentID  int64
	Typ       string
	Daten     Daten
	// LetzterBeginn is the start of the latest version (yyyy-MM-dd).
	LetzterBeginn string
	Antrag        *Aenderungsantrag
}

// Events.
type (
	// AnlageAngelegt: a plant of an operation was created; its first version starts GueltigAb.
	AnlageAngelegt struct {
		BetriebID int64  `json:"betriebId"`
		ParentID  int64  `json:"parentanlageid,omitempty"`
		Typ       string `json:"anlagentyp"`
		Daten     Daten  `json:"daten"`
		GueltigAb string `json:"gueltigAb"`
	}
	// AnlageGeaendert: a save. Ersetzt: the data replace the latest version (no historised
	// field changed, or a confirmed same-day entry).
	AnlageGeaendert struct {
		Daten           Daten  `json:"daten"`
		GueltigAb       string `json:"gueltigAb"`
		Aenderungsgrund string `json:"aenderungsgrund,omitempty"`
		Ersetzt         bool   `json:"ersetzt,omitempty"`
	}
	// AnlageStillgelegt: the plant was shut down because its operation was (a reaction).
	AnlageStillgelegt struct {
		Datum string `json:"datum"`
	}
	// AnlageAusserBetrieb: a plant that plants discharge into left operation (a save to
	// STILLGELEGT or ANGESCHLOSSEN_AN): they discharge into Ersatz from now on, or — Ersatz 0,
	// a plant that is no treatment plant — they leave operation with it. The reactions give each
	// of them its own event in the same transaction (AufnahmeErsetzt, MitAufnahmeStillgelegt).
	AnlageAusserBetrieb struct {
		Ersatz int64  `json:"ersatz,omitempty"`
		Datum  string `json:"datum"`
	}
	// AufnahmeErsetzt: the plant's receiving plant left operation; it discharges into NeuID.
	AufnahmeErsetzt struct {
		AltID int64 `json:"altId"`
		NeuID int64 `json:"neuId"`
	}
	// MitAufnahmeStillgelegt: the plant was shut down with the plant it discharges into.
	MitAufnahmeStillgelegt struct {
		Datum      string `json:"datum"`
		AufnahmeID int64  `json:"aufnahme"`
	}
	// PflichtigerErsetzt: an organisation named as obligee was replaced by another one (an
	// organisation merge), or removed (NeuID 0: the operation's old operator was not kept).
	PflichtigerErsetzt struct {
		AltID int64 `json:"altId"`
		NeuID int64 `json:"neuId,omitempty"`
	}
	// AenderungsantragGestellt: an operator applied for a change.
	AenderungsantragGestellt struct {
		Antrag Aenderungsantrag `json:"antrag"`
	}
	// AenderungsantragUebernommen: staff accepted the listed fields (an AnlageGeaendert with
	// the new data follows when they change anything) and refused the other requested fields,
	// each with its reason (Begruendungen; absent in events from before reasons were recorded);
	// the request is gone.
	AenderungsantragUebernommen struct {
		Felder        []string          `json:"felder"`
		Begruendungen map[string]string `json:"begruendungen,omitempty"`
	}
	// AenderungsantragAbgelehnt: staff refused the whole request, with a reason for each field
	// it changes (absent in events from before reasons were recorded); it is gone.
	AenderungsantragAbgelehnt struct {
		Begruendungen map[string]string `json:"begruendungen,omitempty"`
	}
)

func (AnlageAngelegt) EventType() string              { return "AnlageAngelegt" }
func (AnlageGeaendert) EventType() string             { return "AnlageGeaendert" }
func (AnlageStillgelegt) EventType() string           { return "AnlageStillgelegt" }
func (AnlageAusserBetrieb) EventType() string         { return "AnlageAusserBetrieb" }
func (AufnahmeErsetzt) EventType() string             { return "AufnahmeErsetzt" }
func (MitAufnahmeStillgelegt) EventType() string      { return "MitAufnahmeStillgelegt" }
func (PflichtigerErsetzt) EventType() string          { return "AbwasserbeseitigungspflichtigerErsetzt" }
func (AenderungsantragGestellt) EventType() string    { return "AnlagenAenderungsantragGestellt" }
func (AenderungsantragUebernommen) EventType() string { return "AnlagenAenderungsantragUebernommen" }
func (AenderungsantragAbgelehnt) EventType() string   { return "AnlagenAenderungsantragAbgelehnt" }

// Datierung is the audit entry the save accepted (ereignis.Datiert).
func (e AnlageGeaendert) Datierung() (string, string, bool) {
	return historie.Datierung(e.GueltigAb, e.Aenderungsgrund, e.Ersetzt)
}

// Evolve applies an event.
func Evolve(a Anlage, e ereignis.DomainEvent) Anlage {
	switch v := e.(type) {
	case AnlageAngelegt:
		a = Anlage{Existiert: true, BetriebID: v.BetriebID, ParentID: v.ParentID, Typ: v.Typ, Daten: v.Daten, LetzterBeginn: v.GueltigAb}
	case AnlageGeaendert:
		a.Daten, a.LetzterBeginn = v.Daten, v.GueltigAb
	case AnlageStillgelegt:
		a = stillgelegt(a, v.Datum)
	case MitAufnahmeStillgelegt:
		a = stillgelegt(a, v.Datum)
	case AufnahmeErsetzt:
		a.Daten.AufnahmeID = v.NeuID
	case PflichtigerErsetzt:
		a.Daten.Abwasserbeseitigungspflichtige = ersetzt(a.Daten.Abwasserbeseitigungspflichtige, v.AltID, v.NeuID)
	case AenderungsantragGestellt:
		x := v.Antrag
		a.Antrag = &x
	case AenderungsantragUebernommen, AenderungsantragAbgelehnt:
		a.Antrag = nil
	}
	return a
}

// stillgelegt is a plant shut down by a reaction on day datum (a version of that day).
func stillgelegt(a Anlage, datum string) Anlage {
	a.Daten.Anlagenstatus, a.Daten.Statuswechsel = Stillgelegt, datum
	if datum > a.LetzterBeginn {
		a.LetzterBeginn = datum
	}
	return a
}

// Decode reads a stored event.
var Ereignisse = ereignis.Katalog(
	ereignis.Art[AnlageAngelegt](),
	ereignis.Art[AnlageGeaendert](),
	ereignis.Art[AnlageStillgelegt](),
	ereignis.Art[AnlageAusserBetrieb](),
	ereignis.Art[AufnahmeErsetzt](),
	ereignis.Art[MitAufnahmeStillgelegt](),
	ereignis.Art[PflichtigerErsetzt](),
	ereignis.Art[AenderungsantragGestellt](),
	ereignis.Art[AenderungsantragUebernommen](),
	ereignis.Art[AenderungsantragAbgelehnt](),
)

// Decode reads a stored event of the aggregate (Ereignisse).
var Decode = Ereignisse.Decode

// Decider is the plant aggregate for the generic command handler.
var Decider = ereignis.Decider[Anlage, Befehl]{
	StreamType: StreamType, Initial: func() Anlage { return Anlage{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}

// ersetzt replaces the obligee alt by neu in a list of assignments (neu 0 removes alt); a
// period of neu that would then start twice in one year is kept once.
func ersetzt(liste []Veranlagung, alt, neu int64) []Veranlagung {
	out := make([]Veranlagung, 0, len(liste))
	for _, v := range liste {
		if v.OrganisationID == alt {
			if neu == 0 {
				continue
			}
			v.OrganisationID = neu
		}
		// the new organisation held that start year already: one entry, as the save requires
		if slices.Contains(out, v) {
			continue
		}
		out = append(out, v)
	}
	return out
}
