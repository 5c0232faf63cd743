package anlage

import "slices"

// Typangaben are what a plant of one type has: the Anlagenarten it may be of, the optional
// fields its form shows, and the operation types under which it keeps a disposal area. The
// spec names the kinds and fields (000 §3) but not which belong to which type; the table is our
// decision (docs/decisions.md, "The form follows the plant type"). Fields that every plant has
// (name, kind, status, location, obligees, Auslegung, Planung, Förderung, Anlagenteile,
// Zuständigkeiten) are not listed.
type Typangaben struct {
	Anlagenarten []string `json:"anlagenarten"`
	Felder       []string `json:"felder"`
	// EntsorgungsraumBei are the operation types under which a plant of the type keeps a
	// disposal area (while it is no indirect discharger).
	EntsorgungsraumBei []string `json:"entsorgungsraumBei"`
}

var (
	behandlungsarten  = []string{"ABWASSERBEHANDLUNG", "KLEINKLAERANLAGE", "ABWASSERVORBEHANDLUNG", "ANLAGE_AUSSERHALB"}
	entlastungsarten  = []string{"MISCHWASSER", "NIEDERSCHLAGSWASSER"}
	entlastungsfelder = []string{"entlastungssystem", "entlastungstyp", "wasserbuchnummer", "flur", "flurstueck", "gemarkung", "drosselablauf"}
	kuehlfelder       = []string{"kuehlart", "kuehlBehandlung", "inWasserschutzgebiet"}
	kanalfelder       = []string{"kanallaenge", "kanalsystem", "abwasserart", "materialart"}
	// the treatment steps of plants that treat wastewater (each a multiple choice of its value list)
	behandlungsstufen = []string{"vorbehandlung", "biologischeBehandlung", "chemischeBehandlung", "nachbehandlung", "schlammbehandlung"}
)

// Typtabelle is the one table of the plant types: the server checks against it, the form
// offers from it (frontend/src/features/anlage/api/typen.ts is generated from it).
//
//   - Treatment plants are of the treatment kinds; only they have an Anlagensystem (Belebung,
//     SBR, …) and the numbers of the DWA performance comparison and the statistical office.
//   - Cooling water is treated at the plant or pre-treated before it goes to a public sewer:
//     ABWASSERBEHANDLUNG or ABWASSERVORBEHANDLUNG — never a small domestic plant, a plant
//     outside, or a mixed/storm-water kind.
//   - Relief plants and sewer networks carry mixed or storm water.
var Typtabelle = map[string]Typangaben{
	Abwasserbehandlung: {Anlagenarten: behandlungsarten, EntsorgungsraumBei: []string{"KOMMUNAL"},
		Felder: append([]string{"anlagensystem", "dwaNr", "staLaNr", "chargenbetrieb", "kampagne", "tegAbschluss", "aufKAGelaende"}, behandlungsstufen...)},
	Kuehlwasser: {Anlagenarten: []string{"ABWASSERBEHANDLUNG", "ABWASSERVORBEHANDLUNG"},
		Felder: append(append([]string{"chargenbetrieb", "kampagne", "tegAbschluss", "aufKAGelaende"}, kuehlfelder...), behandlungsstufen...)},
	Entlastung: {Anlagenarten: entlastungsarten, Felder: append([]string{"tegAbschluss", "aufKAGelaende"}, entlastungsfelder...)},
	Kanalnetz:  {Anlagenarten: entlastungsarten, Felder: kanalfelder},
}

// ArtenDesTyps are the Anlagenarten a plant of type typ may be of.
func ArtenDesTyps(typ string) []string { return Typtabelle[typ].Anlagenarten }

// HatFeld reports whether a plant of type typ has the optional field feld (JSON name).
func HatFeld(typ, feld string) bool { return slices.Contains(Typtabelle[typ].Felder, feld) }

// MitEntsorgungsraum reports whether a plant of type typ under an operation of type
// betriebstyp keeps a disposal area: municipal treatment plants (operation type KOMMUNAL) that
// are not indirect dischargers (spec 000 §2 leaves the types to us; docs/decisions.md).
func MitEntsorgungsraum(typ, betriebstyp string, indirekteinleiter bool) bool {
	return slices.Contains(Typtabelle[typ].EntsorgungsraumBei, betriebstyp) && !indirekteinleiter
}

// nurFelderDesTyps empties the optional fields a plant of type typ does not have: the form
// does not show them, so nothing may be kept there unseen.
func nurFelderDesTyps(typ string, d Daten) Daten {
	hat := func(f string) bool { return HatFeld(typ, f) }
	if !hat("entlastungssystem") {
		d.Entlastungssystem, d.Entlastungstyp, d.Wasserbuchnummer, d.Flur, d.Flurstueck, d.Gemarkung = "", "", "", "", "", ""
	}
	if !hat("biologischeBehandlung") {
		d.BiologischeBehandlung, d.Schlammbehandlung, d.Vorbehandlung, d.ChemischeBehandlung, d.Nachbehandlung = []string{}, []string{}, []string{}, []string{}, []string{}
	}
	if !hat("drosselablauf") {
		d.Drosselablauf = 0
	}
	if !hat("kuehlart") {
		d.Kuehlart, d.KuehlBehandlung, d.InWasserschutzgebiet = "", "", false
	}
	if !hat("kanalsystem") {
		d.Kanallaenge, d.Kanalsystem, d.Abwasserart, d.Materialart = nil, "", "", ""
	}
	if !hat("anlagensystem") {
		d.Anlagensystem = ""
	}
	if !hat("dwaNr") {
		d.DwaNr, d.StaLaNr = "", ""
	}
	if !hat("chargenbetrieb") {
		d.Chargenbetrieb, d.Kampagne = false, false
	}
	if !hat("tegAbschluss") {
		d.TegAbschluss, d.AufKAGelaende = false, false
	}
	return d
}
