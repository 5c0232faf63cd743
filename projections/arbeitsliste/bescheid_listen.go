package arbeitsliste

import (
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	bescheide "github.com/eabwasser/eabwasser/internal/dokumente/bescheid"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// The lists of the Bescheide (issue 30): an operation's Bescheide, the evaluation of the
// Anforderungen (per operation and across what the caller sees) and the Auflagen. They are
// worklists like the start page's (Liste): paging, counting, sorting, visibility by the three
// columns and the streamed export come with it; the service (internal/anwendung/
// bescheidauswertung) fills the filters.

// bescheidSicht are the visibility columns every Bescheid table carries, with the change of
// operator's rule over the Bescheid's status (bescheide.Spalten); idSpalte is the table's column
// of the Bescheid's id.
func bescheidSicht(idSpalte string) zugriff.Spalten {
	return bescheide.Spalten(kopierteSicht,
		idSpalte, "bescheidsstatus")
}

// Filters the Bescheide's lists share.
var (
	// betriebFilter: the operation's rows (ids).
	betriebFilter = Listenfilter{Name: "betrieb", Spalte: "betrieb_id", Zahlen: true}
	// freigegebenFilter (any value): only the rows of released Bescheide. The status is written
	// into the condition, so the plan reads the status indexes in the order.
	freigegebenFilter = Listenfilter{Name: "freigegeben", Bedingung: func(p string) string {
		return "bescheidsstatus = '" + bescheid.Freigegeben + "' AND cardinality(" + p + "::text[]) > 0"
	}}
)

// Gültigkeit of an Anforderung as the evaluation compares it: an empty gueltigAb is valid
// from ever, an empty gueltigBis (never stored: it is required) until 3000-01-01.
const (
	gueltigAbAusdruck  = "coalesce(nullif(gueltig_ab, ''), '0001-01-01')"
	gueltigBisAusdruck = "coalesce(nullif(gueltig_bis, ''), '" + bescheid.StandardAblaufdatum + "')"
)

// BescheidTreffer is a row of an operation's Bescheid search (GET /api/betrieb/{id}/bescheid/search).
type BescheidTreffer struct {
	ID                int64  `json:"id"`
	BescheidQualitaet string `json:"bescheidQualitaet"`
	Bescheidart       string `json:"bescheidart"`
	Behoerde          string `json:"behoerde"`
	Aktenzeichen      string `json:"aktenzeichen"`
	Bescheidsstatus   string `json:"bescheidsstatus"`
	Bescheidsdatum    string `json:"bescheidsdatum"`
	Ablaufdatum       string `json:"ablaufdatum"`
	Bemerkung         string `json:"bemerkung"`
	// Antrag: the Bescheid is an application (ANGELEGT, BEANTRAGT): the client's path says antrag.
	Antrag bool `json:"antrag"`
	// Bearbeiten: the caller may edit it (the service sets it).
	Bearbeiten bool  `json:"bearbeiten"`
	BetriebID  int64 `json:"-"`
}

// BescheideListe is an operation's Bescheide (filters betrieb, bescheidQualitaet, bescheidart,
// von and bis on the Bescheidsdatum), by date.
var BescheideListe = Liste[BescheidTreffer]{
	Tabelle: "arbeitsliste.bescheid",
	Spalten: `id, bescheid_qualitaet, bescheidart, behoerde, aktenzeichen, bescheidsstatus, bescheidsdatum, ablaufdatum, bemerkung, betrieb_id`,
	Zeile: func(r pgx.CollectableRow) (BescheidTreffer, error) {
		var b BescheidTreffer
		err := r.Scan(&b.ID, &b.BescheidQualitaet, &b.Bescheidart, &b.Behoerde, &b.Aktenzeichen, &b.Bescheidsstatus, &b.Bescheidsdatum,
			&b.Ablaufdatum, &b.Bemerkung, &b.BetriebID)
		b.Antrag = bescheid.IstAntrag(b.Bescheidsstatus)
		return b, err
	},
	Sicht: bescheidSicht("id"),
	Sortierung: map[string]string{"bescheidsdatum": "bescheidsdatum", "ablaufdatum": "ablaufdatum", "bescheidQualitaet": "bescheid_qualitaet",
		"bescheidart": "bescheidart", "behoerde": "lower(behoerde)", "aktenzeichen": "lower(aktenzeichen)", "bescheidsstatus": "bescheidsstatus"},
	Standard: "bescheidsdatum",
	Filter: []Listenfilter{betriebFilter, {Name: "bescheidQualitaet", Spalte: "bescheid_qualitaet"}, {Name: "bescheidart", Spalte: "bescheidart"},
		{Name: "von", Bedingung: func(p string) string { return "bescheidsdatum >= (" + p + "::text[])[1]" }},
		{Name: "bis", Bedingung: func(p string) string { return "bescheidsdatum <= (" + p + "::text[])[1]" }}},
}

// Bezug is a reference to an object with its name ({id, bezeichnung}).
type Bezug struct {
	ID          int64  `json:"id"`
	Bezeichnung string `json:"bezeichnung"`
}

// MessstellenBezug is the measuring point of an evaluation row.
type MessstellenBezug struct {
	ID            int64  `json:"id"`
	MessstellenID string `json:"messstellenId"`
	Bezeichnung   string `json:"bezeichnung"`
}

// Anforderungszeile is a row of the evaluation of the Anforderungen (GET
// /api/betrieb/{id}/anforderung/auswertung, /api/anforderung/auswertung,
// /api/messstelle/{id}/anforderung). Bescheid is "Bescheidart vom dd.MM.yyyy".
type Anforderungszeile struct {
	AnforderungID      int64            `json:"anforderungId"`
	BescheidID         int64            `json:"bescheidId"`
	BetriebID          int64            `json:"betriebId"`
	Messstelle         MessstellenBezug `json:"messstelle"`
	Abwasseranlage     Bezug            `json:"abwasseranlage"`
	Bescheid           string           `json:"bescheid"`
	ParameterNr        string           `json:"parameterNr"`
	ParameterName      string           `json:"parameterName"`
	ParameterArt       string           `json:"parameterArt"`
	Einheit            string           `json:"einheit"`
	Probenahme         string           `json:"probenahme"`
	Haeufigkeit        string           `json:"haeufigkeit"`
	ArtAnforderungWert string           `json:"artAnforderungWert"`
	Wert               string           `json:"wert"`
	MehrereOptionen    bool             `json:"mehrereOptionen"`
	GueltigAb          string           `json:"gueltigAb"`
	GueltigBis         string           `json:"gueltigBis"`
	AnforderungArt     string           `json:"anforderungArt"`
}

// parameterName is the parameter's name of the value list anforderungsparameter, its number
// when the list has no entry for it.
const parameterName = `coalesce((SELECT w.wert FROM arbeitsliste.wert w WHERE w.liste = '` + anforderungsparameter +
	`' AND w.schluessel = parameter_nr ORDER BY w.id LIMIT 1), parameter_nr)`

// AnforderungenListe is the evaluation of the Anforderungen: filters betrieb, anforderungArt,
// abwasseranlage, messstelle, parameter, freigegeben, stichtag ([day]), zeitraum ([from, to]:
// inclusive overlap) and ohneBescheid (Bescheid ids left out), by measuring point number.
var AnforderungenListe = Liste[Anforderungszeile]{
	Tabelle: "arbeitsliste.anforderung",
	Spalten: `id, bescheid_id, betrieb_id, messstelle_id, messstellen_nr, messstelle, anlage_id, anlage, bescheidart, bescheidsdatum, parameter_nr, ` +
		parameterName + `, parameter_art, einheit, probenahme, haeufigkeit, art_anforderung_wert, wert, mehrere_optionen, gueltig_ab, gueltig_bis, anforderung_art`,
	Zeile: func(r pgx.CollectableRow) (Anforderungszeile, error) {
		var a Anforderungszeile
		var art, datum string
		err := r.Scan(&a.AnforderungID, &a.BescheidID, &a.BetriebID, &a.Messstelle.ID, &a.Messstelle.MessstellenID, &a.Messstelle.Bezeichnung,
			&a.Abwasseranlage.ID, &a.Abwasseranlage.Bezeichnung, &art, &datum, &a.ParameterNr, &a.ParameterName, &a.ParameterArt, &a.Einheit,
			&a.Probenahme, &a.Haeufigkeit, &a.ArtAnforderungWert, &a.Wert, &a.MehrereOptionen, &a.GueltigAb, &a.GueltigBis, &a.AnforderungArt)
		a.Bescheid = bescheid.Anzeigename(art, datum, "")
		return a, err
	},
	Sicht: bescheidSicht("bescheid_id"),
	Sortierung: map[string]string{"messstelle": "messstellen_nr", "abwasseranlage": "lower(anlage)", "bescheid": "bescheidsdatum",
		"parameterNr": "parameter_nr", "anforderungArt": "anforderung_art", "gueltigAb": "gueltig_ab", "gueltigBis": "gueltig_bis"},
	Standard: "messstelle",
	Filter: []Listenfilter{betriebFilter, freigegebenFilter, {Name: "anforderungArt", Spalte: "anforderung_art"},
		{Name: "abwasseranlage", Spalte: "anlage_id", Zahlen: true}, {Name: "messstelle", Spalte: "messstelle_id", Zahlen: true},
		{Name: "parameter", Spalte: "parameter_nr"},
		{Name: "stichtag", Bedingung: func(p string) string {
			return gueltigAbAusdruck + " <= (" + p + "::text[])[1] AND " + gueltigBisAusdruck + " >= (" + p + "::text[])[1]"
		}},
		{Name: "zeitraum", Bedingung: func(p string) string {
			return gueltigAbAusdruck + " <= (" + p + "::text[])[2] AND " + gueltigBisAusdruck + " >= (" + p + "::text[])[1]"
		}},
		{Name: "ohneBescheid", Zahlen: true, Bedingung: func(p string) string { return "bescheid_id <> ALL(" + p + ")" }}},
	// across every operation a SYSTEMADMIN sees, the released Anforderungen valid on a day are
	// millions (5 M at scale 20): counting them took 2 s a page
	Hoechstens: AnforderungenHoechstens,
}

// AnforderungenHoechstens is how far the evaluation of the Anforderungen counts: past it the
// page says "mindestens" (docs/decisions.md, "Bescheide (issue 30): the evaluation's count").
const AnforderungenHoechstens = 10_000

// anforderungKopf are the German headers of the Anforderungen's export.
var anforderungKopf = []string{"Messstellen-Nr.", "Messstelle", "Abwasseranlage", "Bescheid", "Parameter-Nr.", "Parameter", "Einheit",
	"Probenahme", "Häufigkeit", "Art des Anforderungswerts", "Wert", "Mehrere Optionen", "Gültig ab", "Gültig bis"}

func anforderungExportzeile(a Anforderungszeile) []any {
	return []any{a.Messstelle.MessstellenID, a.Messstelle.Bezeichnung, a.Abwasseranlage.Bezeichnung, a.Bescheid, a.ParameterNr, a.ParameterName,
		a.Einheit, a.Probenahme, a.Haeufigkeit, a.ArtAnforderungWert, tabelle.Zahl(a.Wert), jaNein(a.MehrereOptionen), tabelle.Datum(a.GueltigAb),
		tabelle.Datum(a.GueltigBis)}
}

func jaNein(b bool) string {
	if b {
		return "Ja"
	}
	return "Nein"
}

// AnforderungenExport is the list of one tab's export (Festlegungen or Selbstüberwachung):
// the evaluation with its sheet.
func AnforderungenExport(blatt string) Liste[Anforderungszeile] {
	l := AnforderungenListe
	l.Export = Export[Anforderungszeile]{Blatt: blatt, Kopf: anforderungKopf, Zeile: anforderungExportzeile}
	return l
}

// Auflagenzeile is a row of an operation's Auflagen (GET /api/betrieb/{id}/auflage/search).
// Index is the Auflage's place in its Bescheid's list: "bescheidId:index" names it in the
// export.
type Auflagenzeile struct {
	BescheidID     int64  `json:"bescheidId"`
	Index          int    `json:"index"`
	Abwasseranlage Bezug  `json:"abwasseranlage"`
	Art            string `json:"art"`
	Beschreibung   string `json:"beschreibung"`
	Fristdatum     string `json:"fristdatum"`
	Bescheidsdatum string `json:"bescheidsdatum"`
	Ablaufdatum    string `json:"ablaufdatum"`
}

// AuflagenListe is the Auflagen (filters betrieb, freigegeben, abwasseranlage, art), by
// Fristdatum; its export is auflagen.xlsx.
var AuflagenListe = Liste[Auflagenzeile]{
	Tabelle: "arbeitsliste.auflage",
	Spalten: `bescheid_id, nr, anlage_id, anlage, art, beschreibung, fristdatum, bescheidsdatum, ablaufdatum`,
	Zeile: func(r pgx.CollectableRow) (Auflagenzeile, error) {
		var a Auflagenzeile
		err := r.Scan(&a.BescheidID, &a.Index, &a.Abwasseranlage.ID, &a.Abwasseranlage.Bezeichnung, &a.Art, &a.Beschreibung, &a.Fristdatum,
			&a.Bescheidsdatum, &a.Ablaufdatum)
		return a, err
	},
	Sicht: bescheidSicht("bescheid_id"),
	Sortierung: map[string]string{"fristdatum": "fristdatum", "abwasseranlage": "lower(anlage)", "art": "art", "bescheidsdatum": "bescheidsdatum",
		"ablaufdatum": "ablaufdatum"},
	Standard: "fristdatum",
	Filter: []Listenfilter{betriebFilter, freigegebenFilter, {Name: "abwasseranlage", Spalte: "anlage_id", Zahlen: true},
		{Name: "art", Spalte: "art"}},
	Export: Export[Auflagenzeile]{Blatt: "Auflagen", Kopf: []string{"Abwasseranlage", "Art", "Beschreibung", "Fristdatum", "In Bescheid vom",
		"Gültig bis"}, Zeile: func(a Auflagenzeile) []any {
		return []any{a.Abwasseranlage.Bezeichnung, a.Art, a.Beschreibung, tabelle.Datum(a.Fristdatum), tabelle.Datum(a.Bescheidsdatum),
			tabelle.Datum(a.Ablaufdatum)}
	}},
}

// AuflagenSchluessel reads an Auflage's export id "bescheidId:index" as the read model's id.
func AuflagenSchluessel(s string) (int64, error) {
	var b int64
	var i int
	if _, err := fmt.Sscanf(strings.TrimSpace(s), "%d:%d", &b, &i); err != nil || b <= 0 || i < 0 || i >= auflagenJeBescheid ||
		fmt.Sprintf("%d:%d", b, i) != strings.TrimSpace(s) {
		return 0, fmt.Errorf("keine Auflage: %q", s)
	}
	return AuflageID(b, i), nil
}
