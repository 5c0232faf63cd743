package werteliste

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
)

// Feldart is the kind of an extra column of a value list.
type Feldart string

// The kinds of extra columns.
const (
	Text          Feldart = "TEXT"          // a string
	Wahrheitswert Feldart = "WAHRHEITSWERT" // a boolean, shown as x when true
	Referenz      Feldart = "REFERENZ"      // the id of one entry of another list (or null)
	Referenzen    Feldart = "REFERENZEN"    // ids of entries of another list (multi-select)
	Texte         Feldart = "TEXTE"         // strings out of a fixed choice
)

// Extra is an extra column of a value list (spec 002 §3: "some lists add columns").
type Extra struct {
	Name    string   `json:"name"`
	Art     Feldart  `json:"art"`
	Liste   string   `json:"liste,omitempty"`   // Referenz(en): the list referred to
	Auswahl []string `json:"auswahl,omitempty"` // Texte: the allowed values
	Pflicht bool     `json:"pflicht,omitempty"`
	// Pflege is an action besides SystemverwaltungBearbeiten whose holders may change this
	// column — and nothing else of the entry (issue 43: the Fachadmin keeps the § 6 AbwV columns).
	Pflege berechtigung.Aktion `json:"pflege,omitempty"`
	// pruefe checks a non-empty text and returns the German message of a broken rule.
	pruefe func(string) string
}

// Standard is the value of the column in an entry that never got one.
func (x Extra) Standard() any {
	switch x.Art {
	case Wahrheitswert:
		return false
	case Referenz:
		return nil
	case Referenzen:
		return []int64{}
	case Texte:
		return []string{}
	}
	return ""
}

// Definition describes one value list: its API path name, what the admin screen calls it and
// what its entries carry besides id and value.
type Definition struct {
	Name        string `json:"liste"`       // path under /api: /api/<Name>/
	Bezeichnung string `json:"bezeichnung"` // label in 'Auswahl der Werteliste'
	// Verwaltung marks the lists of the Wertelisten screen (spec 002 §3). The lookups of
	// spec 000 §7 that are not among them are maintained through the same API.
	Verwaltung bool `json:"verwaltung"`
	// Oeffentlich lists are readable without login (registration needs anrede and titel).
	Oeffentlich bool `json:"oeffentlich"`
	// Schluessel, when set, makes the list a fixed enumeration: every entry carries one of these
	// identifiers, which the API contract fixes (betriebstyp KOMMUNAL, messstellentyp NR_8, …).
	// Entries are sorted in this order. Enumerations are not edited through the API.
	Schluessel []string `json:"schluessel,omitempty"`
	Extras     []Extra  `json:"extras,omitempty"`
	// Filter maps a query parameter of GET /api/<Name> to the Referenz(en)/Texte extra it
	// filters by (GET /api/bescheidart?bescheidQualitaet=4). An entry whose extra is empty
	// applies to every value.
	Filter map[string]string `json:"filter,omitempty"`
}

// Aufzaehlung reports whether the list is a fixed enumeration.
func (d Definition) Aufzaehlung() bool { return len(d.Schluessel) > 0 }

// Extra returns the extra column called name.
func (d Definition) Extra(name string) (Extra, bool) {
	for _, x := range d.Extras {
		if x.Name == name {
			return x, true
		}
	}
	return Extra{}, false
}

// Pflegeaktionen are the actions, besides SystemverwaltungBearbeiten, that change some column
// of an entry of d (PUT only: who holds them neither adds nor deletes entries).
func (d Definition) Pflegeaktionen() []berechtigung.Aktion {
	var out []berechtigung.Aktion
	for _, x := range d.Extras {
		if x.Pflege != "" && !slices.Contains(out, x.Pflege) {
			out = append(out, x.Pflege)
		}
	}
	return out
}

// AenderbareSpalten says what someone with these roles may change in an entry of d: all of it
// (nur nil) with SystemverwaltungBearbeiten, else only the extra columns whose Pflege action
// the roles hold; ok is false when that is nothing.
func (d Definition) AenderbareSpalten(rollen []string) (nur []string, ok bool) {
	if berechtigung.Darf(rollen, berechtigung.SystemverwaltungBearbeiten) {
		return nil, true
	}
	for _, x := range d.Extras {
		if x.Pflege != "" && berechtigung.Darf(rollen, x.Pflege) {
			nur = append(nur, x.Name)
		}
	}
	return nur, len(nur) > 0
}

// The identifiers the API contract fixes (spec 000 §1, §3).
var (
	Betriebstypen    = []string{"INDUSTRIE", "KOMMUNAL", "KANAL_KOMMUNAL", "KANAL_INDUSTRIE", "PRIVAT", "AUSSERHALB_RLP"}
	Betriebsstatus   = []string{"GEPLANT", "IN_BETRIEB", "STILLGELEGT"}
	Anlagentypen     = []string{"ABWASSERBEHANDLUNG", "KUEHLWASSER", "ENTLASTUNG", "KANALNETZ"}
	Anlagenarten     = []string{"ABWASSERBEHANDLUNG", "KLEINKLAERANLAGE", "ABWASSERVORBEHANDLUNG", "ANLAGE_AUSSERHALB", "MISCHWASSER", "NIEDERSCHLAGSWASSER"}
	Anlagenstatus    = []string{"GEPLANT", "IN_BETRIEB", "STILLGELEGT", "ANGESCHLOSSEN_AN"}
	Freigabestatus   = []string{"BEANTRAGT", "FREIGEGEBEN", "ABGEWIESEN"}
	Entlastungsarten = []string{"MISCHWASSER", "NIEDERSCHLAGSWASSER"}
	// Messstellentypen are NR_1 … NR_30 without NR_16 … NR_19, which the spec does not use.
	Messstellentypen = []string{"NR_1", "NR_2", "NR_3", "NR_4", "NR_5", "NR_6", "NR_7", "NR_8", "NR_9", "NR_10",
		"NR_11", "NR_12", "NR_13", "NR_14", "NR_15", "NR_20", "NR_21", "NR_22", "NR_23", "NR_24", "NR_25", "NR_26",
		"NR_27", "NR_28", "NR_29", "NR_30"}
	// The Bescheid's enumerations (spec 001 §3), identifiers of domain/bescheid; a parameter
	// kind is also ERGAENZEND, the supplementary parameter of an annual report.
	Bescheidstatus   = bescheid.Status
	Anforderungarten = bescheid.AnforderungArten
	Parameterarten   = slices.Concat(bescheid.ParameterArten, []string{bescheid.Ergaenzend})
)

// Shorthands for the catalogue below.
func text(name string) Extra        { return Extra{Name: name, Art: Text} }
func ja(name string) Extra          { return Extra{Name: name, Art: Wahrheitswert} }
func refs(name, liste string) Extra { return Extra{Name: name, Art: Referenzen, Liste: liste} }
func ref(name, liste string) Extra  { return Extra{Name: name, Art: Referenz, Liste: liste} }
func liste(name, bez string) Definition {
	return Definition{Name: name, Bezeichnung: bez, Verwaltung: true}
}
func nachschlag(name, bez string) Definition {
	return Definition{Name: name, Bezeichnung: bez}
}
func aufzaehlung(name, bez string, schluessel []string) Definition {
	return Definition{Name: name, Bezeichnung: bez, Schluessel: schluessel}
}

// Listen are all value lists: first the 35 of the Wertelisten screen (spec 002 §3), then
// the further lookups of spec 000 §7.
var Listen = []Definition{
	{Name: "anrede", Bezeichnung: "Anrede", Verwaltung: true, Oeffentlich: true},
	liste("abwasserart", "Abwasserart"),
	liste("anforderung-randbedingung", "Anforderung: Randbedingung"),
	liste("anforderung-vorbehandlung", "Anforderung: Vorbehandlung der Probe"),
	liste("anforderung-wert", "Anforderung: Art des Anforderungswertes"),
	liste("auflagenart", "Auflagenart"),
	liste("bauwerk-anlageteil-kategorie", "Anlagenteil: Kategorie"),
	liste("bauwerk-bezeichner", "Anlagenteil: Bezeichner"),
	liste("bauwerk-einheit", "Anlagenteil: Einheit"),
	liste("kanalsystem", "Kanalsystem"),
	liste("kuehlart", "Kühlart"),
	liste("kanal-materialart", "Kanal: Materialart"),
	liste("messstelle-abwasserart", "Messstelle: Abwasserart"),
	liste("planung-massnahme", "Planung: Maßnahme"),
	liste("planung-status", "Planung: Status"),
	liste("produktionsart", "Produktionsart"),
	liste("produktbezeichnung", "Produktbezeichnung"),
	liste("haupttaetigkeit", "Haupttätigkeit"),
	liste("taetigkeit", "Tätigkeit"),
	{Name: "titel", Bezeichnung: "Titel", Verwaltung: true, Oeffentlich: true},
	liste("produktionsverfahren", "Produktionsverfahren"),
	liste("zustaendigkeit-person", "Zuständigkeit einer Person"),
	{Name: "bauwerk-anlageteil-bezeichnung", Bezeichnung: "Anlagenteil: Bezeichnung", Verwaltung: true,
		Extras: []Extra{ref("kategorie", "bauwerk-anlageteil-kategorie")}, Filter: map[string]string{"kategorie": "kategorie"}},
	liste("anlagensystem", "Anlagensystem"),
	liste("biologische_behandlung", "Biologische Behandlung"),
	liste("schlammbehandlung", "Schlammbehandlung"),
	liste("vorbehandlung", "Vorbehandlung"),
	liste("chemische-behandlung", "Chemische Behandlung"),
	liste("nachbehandlung", "Nachbehandlung"),
	liste("as-parameter", "Auslegung: Parameter"),
	liste("as-einheit", "Auslegung: Einheit"),
	{Name: "entlastungstyp", Bezeichnung: "Entlastungstyp", Verwaltung: true,
		Extras: []Extra{refs("entlastungssysteme", "entlastungssystem")}, Filter: map[string]string{"entlastungssystem": "entlastungssysteme"}},
	liste("entlastungssystem", "Entlastungssystem"),
	liste("suevoaAnlageNr", "SüVOA-Anlagennummer"),
	{Name: "selbstueberwachungVorlage", Bezeichnung: "Vorlage Selbstüberwachung", Verwaltung: true, Extras: []Extra{
		{Name: "datumsformat", Art: Text, Pflicht: true, pruefe: pruefeDatumsformat},
		{Name: "maxZeilenAnzahl", Art: Text, pruefe: pruefeGanzzahl},
		ja("uhrzeit"), ja("wetterschluessel"), ja("schwelle"), ja("wert"), ja("messwertAnzahl"),
		ja("messwertAnzahlGreater12"), ja("messwertMaxWert"), ja("messwertMaxQ"), ja("konzentration"), ja("abfluss"),
	}},

	// Lookups of spec 000 §7 with identifiers fixed by the API contract.
	aufzaehlung("anlagentyp", "Anlagentyp", Anlagentypen),
	{Name: "anlagenart", Bezeichnung: "Anlagenart", Schluessel: Anlagenarten,
		Extras: []Extra{refs("anlagentypen", "anlagentyp")}, Filter: map[string]string{"anlagenTypId": "anlagentypen"}},
	// GET /anlagenstatus?anlagenArtId&anlagenTypId&betriebTypId (spec 000 §7): a status applies to
	// the plant types, kinds and operation types its extras name (empty: to all)
	{Name: "anlagenstatus", Bezeichnung: "Anlagenstatus", Schluessel: Anlagenstatus,
		Extras: []Extra{refs("anlagentypen", "anlagentyp"), refs("anlagenarten", "anlagenart"), refs("betriebstypen", "betriebstyp")},
		Filter: map[string]string{"anlagenTypId": "anlagentypen", "anlagenArtId": "anlagenarten", "betriebTypId": "betriebstypen"}},
	aufzaehlung("betriebstyp", "Betriebstyp", Betriebstypen),
	aufzaehlung("betriebsstatus", "Betriebsstatus", Betriebsstatus),
	aufzaehlung("messstellentyp", "Messstellentyp", Messstellentypen),
	aufzaehlung("freigabestatus", "Freigabestatus", Freigabestatus),
	aufzaehlung("entlastungsanlageart", "Art der Misch-/Niederschlagswasseranlage", Entlastungsarten),

	// Further lookups of spec 000 §7, maintained like value lists.
	nachschlag("bescheidqualitaet", "Bescheidqualität"),
	{Name: "bescheidart", Bezeichnung: "Bescheidart", Extras: []Extra{refs("bescheidQualitaeten", "bescheidqualitaet")},
		Filter: map[string]string{"bescheidQualitaet": "bescheidQualitaeten"}},
	nachschlag("behoerde", "Behörde"),
	{Name: "regionalstelle", Bezeichnung: "Regionalstelle", Extras: []Extra{ref("behoerde", "behoerde")}},
	nachschlag("raeumlicheskriterium", "Räumliches Kriterium"),
	nachschlag("anhang-abwv", "Anhang der Abwasserverordnung"),
	nachschlag("messstellenzustaendigkeit", "Zuständigkeit für Messstellen"),
	{Name: "verwaltungseinheit", Bezeichnung: "Verwaltungseinheit", Extras: []Extra{text("gemeindeNr"), text("vGemeindeNr")}},
	{Name: "pegel", Bezeichnung: "Pegel", Extras: []Extra{text("gewaesser")}},
	{Name: "mip-foerderung", Bezeichnung: "Förderung (MIP)", Extras: []Extra{text("mipNr"), text("nameMassnahmetraeger")}},
	{Name: "nace-code", Bezeichnung: "NACE-Code", Extras: []Extra{text("code")}},

	// The Bescheid (spec 001 §7 "Value lists", issue 30): its enumerations and the lookups of
	// an Anforderung. A lookup applies to the operation types and parameter kinds its extras
	// name (empty: to all); value of a parameter is "parameterNr parameterName".
	aufzaehlung("bescheidstatus", "Bescheidsstatus", Bescheidstatus),
	aufzaehlung("anforderungart", "Art der Anforderung", Anforderungarten),
	aufzaehlung("parameterart", "Parameterart", Parameterarten),
	{Name: "anforderungsparameter", Bezeichnung: "Anforderung: Parameter", Extras: []Extra{
		{Name: "parameterNr", Art: Text, Pflicht: true}, {Name: "parameterName", Art: Text, Pflicht: true},
		refs("parameterArten", "parameterart"), refs("betriebstypen", "betriebstyp"),
		// § 6 AbwV (issue 43, item 3): the significant digits of the parameter's analysis method
		// (Abs. 2; empty: two) and the mark of the parameters Abs. 3 and 3a speak of, kept by the
		// Fachadmin too
		{Name: "signifikanteStellen", Art: Text, pruefe: pruefeStellen, Pflege: berechtigung.ParameterStellenPflegen},
		{Name: "abwvKennung", Art: Text, pruefe: pruefeKennung, Pflege: berechtigung.ParameterStellenPflegen}},
		Filter: map[string]string{"betriebstyp": "betriebstypen", "anforderungsparameterart": "parameterArten"}},
	{Name: "anforderung-einheit", Bezeichnung: "Anforderung: Einheit",
		Extras: []Extra{refs("parameterArten", "parameterart"), refs("betriebstypen", "betriebstyp")},
		Filter: map[string]string{"betriebstyp": "betriebstypen", "parameterArt": "parameterArten"}},
	{Name: "anforderung-probenahme", Bezeichnung: "Anforderung: Probenahme",
		Extras: []Extra{refs("parameterArten", "parameterart"), refs("betriebstypen", "betriebstyp")},
		Filter: map[string]string{"betriebstyp": "betriebstypen", "parameterArt": "parameterArten"}},
	{Name: "anforderung-haeufigkeit", Bezeichnung: "Anforderung: Häufigkeit",
		Extras: []Extra{refs("betriebstypen", "betriebstyp")}, Filter: map[string]string{"betriebstyp": "betriebstypen"}},
}

// Nach returns the definition of the list called name.
func Nach(name string) (Definition, bool) {
	for _, d := range Listen {
		if d.Name == name {
			return d, true
		}
	}
	return Definition{}, false
}

var datumsteil = regexp.MustCompile(`^(T+|M+|J+)$`)

// pruefeDatumsformat: parts T, M, J separated by dots (spec 001 §5), each part once.
func pruefeDatumsformat(s string) string {
	gesehen := map[byte]bool{}
	for _, teil := range strings.Split(s, ".") {
		if !datumsteil.MatchString(teil) || gesehen[teil[0]] {
			return "Ungueltiges Datumsformat"
		}
		gesehen[teil[0]] = true
	}
	return ""
}

var ganzzahl = regexp.MustCompile(`^[0-9]+$`)

// pruefeStellen: significant digits, a whole number from two ("mindestens jedoch zwei
// signifikante Stellen", § 6 Abs. 2 AbwV) to ten.
func pruefeStellen(s string) string {
	if n, err := strconv.Atoi(s); err != nil || n < jahresbericht.MindestStellen || n > 10 {
		return "Es muss eine ganze Zahl von 2 bis 10 oder nichts eingegeben werden."
	}
	return ""
}

// pruefeKennung: one of the marks of § 6 Abs. 3 and 3a AbwV.
func pruefeKennung(s string) string {
	if !slices.Contains(jahresbericht.Kennungen, s) {
		return "Erlaubt sind " + strings.Join(jahresbericht.Kennungen, ", ") + " oder nichts."
	}
	return ""
}

func pruefeGanzzahl(s string) string {
	if !ganzzahl.MatchString(s) {
		return "Es muss eine Zahl oder nichts eingegeben werden."
	}
	return ""
}
