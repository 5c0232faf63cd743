package arbeitsliste

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/projections"
)

// The Bescheide's read side (issue 30): one row per Bescheid (bescheid), per Anforderung
// (anforderung) and per Auflage (auflage), each with the operation's three visibility columns
// copied from its row as the measuring points copy them, the Anforderung with its measuring
// point's number and name and that point's plant, the Auflage with its plant's name. The
// Bescheid's status and dates are copied into its Anforderungen and Auflagen: the evaluation
// reads one table. A deleted Bescheid has no rows.

// BescheidBereich is the Bescheide's part of the worklists.
var BescheidBereich = bereich(Bereich{
	Name: "bescheid", Streamtyp: bescheid.StreamType, rang: 6,
	schema: bescheideSchema, indexe: bescheideIndexe,
	leser:       bescheideLeser,
	laden:       (*stapel).bescheideLaden,
	ereignis:    func(st *stapel, _ int, e gelesen) { st.bescheidEreignis(e) },
	kopieren:    (*stapel).bescheideKopieren,
	schreiben:   (*stapel).bescheideSchreiben,
	anweisungen: (*stapel).bescheideAnweisungen,
})

// bescheideSchema are the tables. gueltig_ab and gueltig_bis are the Anforderung's dates as
// entered (yyyy-MM-dd; gueltig_ab may be empty: valid from ever); an Auflage's id is
// bescheid_id * 1000 + its index in the Bescheid's list (auflageID). A Bescheid's row names its
// Anforderungen (anforderung_ids: their ids, sorted, comma-separated — Setzen writes no array
// columns) and counts its Auflagen: a batch finds a Bescheid's
// rows through its primary key alone — a rebuild's tables have no other index until the end,
// and a query by bescheid_id would read the whole table in every batch.
const bescheideSchema = `
CREATE TABLE bescheid (
    id                 bigint PRIMARY KEY,
    betrieb_id         bigint NOT NULL,
    bescheid_qualitaet text   NOT NULL,
    bescheidart        text   NOT NULL,
    behoerde           text   NOT NULL,
    aktenzeichen       text   NOT NULL,
    bescheidsstatus    text   NOT NULL,
    bescheidsdatum     text   NOT NULL,
    ablaufdatum        text   NOT NULL,
    bemerkung          text   NOT NULL,
    anforderung_ids    text   NOT NULL DEFAULT '',
    auflagen           int    NOT NULL DEFAULT 0,
    betreiber_id       bigint NOT NULL DEFAULT 0,
    regionalstelle_id  bigint,
    position           bigint NOT NULL
) WITH (fillfactor = 90);
CREATE TABLE anforderung (
    id                   bigint  PRIMARY KEY,
    bescheid_id          bigint  NOT NULL,
    bescheidsstatus      text    NOT NULL,
    bescheidart          text    NOT NULL,
    bescheidsdatum       text    NOT NULL,
    ablaufdatum          text    NOT NULL,
    messstelle_id        bigint  NOT NULL,
    messstellen_nr       text    NOT NULL DEFAULT '',
    messstelle           text    NOT NULL DEFAULT '',
    anlage_id            bigint  NOT NULL DEFAULT 0,
    anlage               text    NOT NULL DEFAULT '',
    anforderung_art      text    NOT NULL,
    parameter_art        text    NOT NULL,
    parameter_nr         text    NOT NULL,
    wert                 text    NOT NULL,
    einheit              text    NOT NULL,
    probenahme           text    NOT NULL,
    haeufigkeit          text    NOT NULL,
    art_anforderung_wert text    NOT NULL,
    mehrere_optionen     boolean NOT NULL,
    gueltig_ab           text    NOT NULL,
    gueltig_bis          text    NOT NULL,
    betrieb_id           bigint  NOT NULL,
    betreiber_id         bigint  NOT NULL DEFAULT 0,
    regionalstelle_id    bigint,
    position             bigint  NOT NULL
) WITH (fillfactor = 90);
CREATE TABLE auflage (
    id                bigint PRIMARY KEY,
    bescheid_id       bigint NOT NULL,
    nr                int    NOT NULL,
    anlage_id         bigint NOT NULL,
    anlage            text   NOT NULL DEFAULT '',
    art               text   NOT NULL,
    beschreibung      text   NOT NULL,
    fristdatum        text   NOT NULL,
    bescheidsstatus   text   NOT NULL,
    bescheidsdatum    text   NOT NULL,
    ablaufdatum       text   NOT NULL,
    betrieb_id        bigint NOT NULL,
    betreiber_id      bigint NOT NULL DEFAULT 0,
    regionalstelle_id bigint,
    position          bigint NOT NULL
) WITH (fillfactor = 90);
`

// bescheideIndexe serve the lists' filters and sort keys: the operation's lists read their
// rows by betrieb_id (a few dozen; sorted after), the evaluation across the authority walks
// the released rows in each sort key's order (partial indexes of the released rows, id last:
// the evaluation's condition names the status as a literal). The copies'
// set-based statements use the bescheid_id, messstelle_id, anlage_id and betrieb_id indexes,
// the visibility the betreiber_id and regionalstelle_id ones.
const bescheideIndexe = `
CREATE INDEX bescheid_betrieb ON bescheid (betrieb_id, bescheidsdatum, id);
CREATE INDEX bescheid_betreiber ON bescheid (betreiber_id);
CREATE INDEX bescheid_regionalstelle ON bescheid (regionalstelle_id);
CREATE INDEX anforderung_betrieb ON anforderung (betrieb_id, messstellen_nr, id);
CREATE INDEX anforderung_messstelle ON anforderung (messstelle_id);
CREATE INDEX anforderung_anlage ON anforderung (anlage_id);
CREATE INDEX anforderung_betreiber ON anforderung (betreiber_id);
CREATE INDEX anforderung_regionalstelle ON anforderung (regionalstelle_id);
CREATE INDEX anforderung_frei_nr ON anforderung (messstellen_nr, id) WHERE bescheidsstatus = 'FREIGEGEBEN';
CREATE INDEX anforderung_frei_anlage ON anforderung (lower(anlage), id) WHERE bescheidsstatus = 'FREIGEGEBEN';
CREATE INDEX anforderung_frei_datum ON anforderung (bescheidsdatum, id) WHERE bescheidsstatus = 'FREIGEGEBEN';
CREATE INDEX anforderung_frei_parameter ON anforderung (parameter_nr, id) WHERE bescheidsstatus = 'FREIGEGEBEN';
CREATE INDEX anforderung_frei_art ON anforderung (anforderung_art, id) WHERE bescheidsstatus = 'FREIGEGEBEN';
CREATE INDEX anforderung_frei_ab ON anforderung (gueltig_ab, id) WHERE bescheidsstatus = 'FREIGEGEBEN';
CREATE INDEX anforderung_frei_bis ON anforderung (gueltig_bis, id) WHERE bescheidsstatus = 'FREIGEGEBEN';
CREATE INDEX auflage_betrieb ON auflage (betrieb_id, fristdatum, id);
CREATE INDEX auflage_anlage ON auflage (anlage_id);
CREATE INDEX auflage_betreiber ON auflage (betreiber_id);
CREATE INDEX auflage_regionalstelle ON auflage (regionalstelle_id);
`

// auflagenJeBescheid bounds the Auflagen of one Bescheid the read model keeps (the id's room).
const auflagenJeBescheid = 1000

// AuflageID is the read model's id of the Auflage with index nr of Bescheid id.
func AuflageID(bescheidID int64, nr int) int64 { return bescheidID*auflagenJeBescheid + int64(nr) }

type bescheidZeile struct {
	ID                int64
	BetriebID         int64
	BescheidQualitaet string
	Bescheidart       string
	Behoerde          string
	Aktenzeichen      string
	Bescheidsstatus   string
	Bescheidsdatum    string
	Ablaufdatum       string
	Bemerkung         string
	AnforderungIDs    string
	Auflagen          int32
	BetreiberID       int64
	RegionalstelleID  *int64
	Position          int64
}

var bescheidTabelle = projections.Tabelle[bescheidZeile]{
	Name: "bescheid",
	Spalten: []string{"id", "betrieb_id", "bescheid_qualitaet", "bescheidart", "behoerde", "aktenzeichen", "bescheidsstatus",
		"bescheidsdatum", "ablaufdatum", "bemerkung", "anforderung_ids", "auflagen", "betreiber_id", "regionalstelle_id", "position"},
	Felder: func(b *bescheidZeile) []any {
		return []any{&b.ID, &b.BetriebID, &b.BescheidQualitaet, &b.Bescheidart, &b.Behoerde, &b.Aktenzeichen, &b.Bescheidsstatus,
			&b.Bescheidsdatum, &b.Ablaufdatum, &b.Bemerkung, &b.AnforderungIDs, &b.Auflagen, &b.BetreiberID, &b.RegionalstelleID, &b.Position}
	},
}

type anforderungZeile struct {
	ID                 int64
	BescheidID         int64
	Bescheidsstatus    string
	Bescheidart        string
	Bescheidsdatum     string
	Ablaufdatum        string
	MessstelleID       int64
	MessstellenNr      string
	Messstelle         string
	AnlageID           int64
	Anlage             string
	AnforderungArt     string
	ParameterArt       string
	ParameterNr        string
	Wert               string
	Einheit            string
	Probenahme         string
	Haeufigkeit        string
	ArtAnforderungWert string
	MehrereOptionen    bool
	GueltigAb          string
	GueltigBis         string
	BetriebID          int64
	BetreiberID        int64
	RegionalstelleID   *int64
	Position           int64
}

var anforderungTabelle = projections.Tabelle[anforderungZeile]{
	Name: "anforderung",
	Spalten: []string{"id", "bescheid_id", "bescheidsstatus", "bescheidart", "bescheidsdatum", "ablaufdatum", "messstelle_id",
		"messstellen_nr", "messstelle", "anlage_id", "anlage", "anforderung_art", "parameter_art", "parameter_nr", "wert", "einheit",
		"probenahme", "haeufigkeit", "art_anforderung_wert", "mehrere_optionen", "gueltig_ab", "gueltig_bis", "betrieb_id",
		"betreiber_id", "regionalstelle_id", "position"},
	Felder: func(a *anforderungZeile) []any {
		return []any{&a.ID, &a.BescheidID, &a.Bescheidsstatus, &a.Bescheidart, &a.Bescheidsdatum, &a.Ablaufdatum, &a.MessstelleID,
			&a.MessstellenNr, &a.Messstelle, &a.AnlageID, &a.Anlage, &a.AnforderungArt, &a.ParameterArt, &a.ParameterNr, &a.Wert,
			&a.Einheit, &a.Probenahme, &a.Haeufigkeit, &a.ArtAnforderungWert, &a.MehrereOptionen, &a.GueltigAb, &a.GueltigBis,
			&a.BetriebID, &a.BetreiberID, &a.RegionalstelleID, &a.Position}
	},
}

type auflageZeile struct {
	ID               int64
	BescheidID       int64
	Nr               int32
	AnlageID         int64
	Anlage           string
	Art              string
	Beschreibung     string
	Fristdatum       string
	Bescheidsstatus  string
	Bescheidsdatum   string
	Ablaufdatum      string
	BetriebID        int64
	BetreiberID      int64
	RegionalstelleID *int64
	Position         int64
}

var auflageTabelle = projections.Tabelle[auflageZeile]{
	Name: "auflage",
	Spalten: []string{"id", "bescheid_id", "nr", "anlage_id", "anlage", "art", "beschreibung", "fristdatum", "bescheidsstatus",
		"bescheidsdatum", "ablaufdatum", "betrieb_id", "betreiber_id", "regionalstelle_id", "position"},
	Felder: func(a *auflageZeile) []any {
		return []any{&a.ID, &a.BescheidID, &a.Nr, &a.AnlageID, &a.Anlage, &a.Art, &a.Beschreibung, &a.Fristdatum, &a.Bescheidsstatus,
			&a.Bescheidsdatum, &a.Ablaufdatum, &a.BetriebID, &a.BetreiberID, &a.RegionalstelleID, &a.Position}
	},
}

// bescheidStapel is the Bescheide's part of a batch: the rows, and per Bescheid touched the
// ids of its Anforderungen and Auflagen as the batch leaves them.
type bescheidStapel struct {
	bescheide     *projections.Zeilen[bescheidZeile]
	anforderungen *projections.Zeilen[anforderungZeile]
	auflagen      *projections.Zeilen[auflageZeile]
	// kinder are, per Bescheid touched, its Anforderungen's and Auflagen's ids
	anfIDs    map[int64][]int64
	aufIDs    map[int64][]int64
	beruehrt  []int64 // the Bescheide of the batch's events, in order of first appearance
	berSchon  map[int64]bool
	geloescht map[int64]bool
}

func neuerBescheidStapel() bescheidStapel {
	return bescheidStapel{bescheide: bescheidTabelle.Zeilen(), anforderungen: anforderungTabelle.Zeilen(),
		auflagen: auflageTabelle.Zeilen(), anfIDs: map[int64][]int64{}, aufIDs: map[int64][]int64{}, berSchon: map[int64]bool{},
		geloescht: map[int64]bool{}}
}

// bescheideLaden loads the batch's Bescheide with their Anforderungen and Auflagen, and
// notes the measuring points, plants and operations their copies need.
func (st *stapel) bescheideLaden(ctx context.Context, s *projections.Stapel, folge []gelesen, vor *vorgemerkt) error {
	messstellen, anlagen, betriebe, err := st.bescheideLesen(ctx, s, folge)
	vor.id("messstelle", messstellen...)
	vor.id("anlage", anlagen...)
	vor.id("betrieb", betriebe...)
	return err
}

// bescheideLesen loads the batch's Bescheide with their Anforderungen and Auflagen, and
// returns the measuring points, plants and operations their copies need.
func (st *stapel) bescheideLesen(ctx context.Context, s *projections.Stapel, folge []gelesen) (messstellen, anlagen, betriebe []int64, err error) {
	b := &st.bescheid
	// the ids of the rows the events set are looked up too: what is not stored goes by COPY
	var ids, neueAnf, neueAuf []int64
	auflagen := func(id int64, a []bescheid.Auflage) {
		for i := range min(len(a), auflagenJeBescheid) {
			neueAuf = append(neueAuf, AuflageID(id, i))
		}
	}
	for _, e := range folge {
		if e.streamtyp != bescheid.StreamType {
			continue
		}
		if !b.berSchon[e.id] {
			b.berSchon[e.id] = true
			b.beruehrt = append(b.beruehrt, e.id)
			ids = append(ids, e.id)
		}
		switch v := e.v.(type) {
		case bescheid.BescheidAngelegt:
			betriebe = append(betriebe, v.BetriebID)
			for _, a := range v.Daten.Auflagen {
				anlagen = append(anlagen, a.Abwasseranlage)
			}
			auflagen(e.id, v.Daten.Auflagen)
		case bescheid.BescheidGeaendert:
			for _, a := range v.Daten.Auflagen {
				anlagen = append(anlagen, a.Abwasseranlage)
			}
			auflagen(e.id, v.Daten.Auflagen)
		case bescheid.AnforderungenGesetzt:
			for _, a := range v.Anforderungen {
				neueAnf, messstellen = append(neueAnf, a.AnforderungID), append(messstellen, a.Messstelle)
			}
		case bescheid.AnforderungAngelegt:
			neueAnf, messstellen = append(neueAnf, v.Anforderung.AnforderungID), append(messstellen, v.Anforderung.Messstelle)
		case bescheid.AnforderungGeaendert:
			neueAnf, messstellen = append(neueAnf, v.Anforderung.AnforderungID), append(messstellen, v.Anforderung.Messstelle)
		}
	}
	if len(ids) == 0 {
		return nil, nil, nil, nil
	}
	if err := b.bescheide.Laden(ctx, s, ids); err != nil {
		return nil, nil, nil, err
	}
	for _, id := range ids {
		if z := b.bescheide.Zeile(id); z != nil {
			betriebe = append(betriebe, z.BetriebID)
		}
	}
	// the children of the stored Bescheide, named by their rows
	var anf, auf []int64
	for _, id := range ids {
		if z := b.bescheide.Zeile(id); z != nil {
			b.anfIDs[id] = idsLesen(z.AnforderungIDs)
			anf = append(anf, b.anfIDs[id]...)
			for nr := range int(z.Auflagen) {
				b.aufIDs[id] = append(b.aufIDs[id], AuflageID(id, nr))
			}
			auf = append(auf, b.aufIDs[id]...)
		}
	}
	if err := b.anforderungen.Laden(ctx, s, append(anf, neueAnf...)); err != nil {
		return nil, nil, nil, err
	}
	if err := b.auflagen.Laden(ctx, s, append(auf, neueAuf...)); err != nil {
		return nil, nil, nil, err
	}
	for _, id := range anf {
		if a := b.anforderungen.Zeile(id); a != nil {
			messstellen = append(messstellen, a.MessstelleID)
		}
	}
	for _, id := range auf {
		if a := b.auflagen.Zeile(id); a != nil {
			anlagen = append(anlagen, a.AnlageID)
		}
	}
	return messstellen, anlagen, betriebe, nil
}

// bescheideLeser read the Bescheide's events into the domain's types (goccy's decoder: a
// rebuild reads a dozen Anforderungen per event; lesen_test.go holds it equal to the domain's
// Decode).
var bescheideLeser = map[string]func([]byte) (any, error){
	ereignis.Name[bescheid.BescheidAngelegt]():               lies[bescheid.BescheidAngelegt],
	ereignis.Name[bescheid.BescheidGeaendert]():              lies[bescheid.BescheidGeaendert],
	ereignis.Name[bescheid.BescheidsantragGestellt]():        lies[bescheid.BescheidsantragGestellt],
	ereignis.Name[bescheid.BescheidsantragZurueckgewiesen](): lies[bescheid.BescheidsantragZurueckgewiesen],
	ereignis.Name[bescheid.BescheidInBearbeitung]():          lies[bescheid.BescheidInBearbeitung],
	ereignis.Name[bescheid.BescheidFreigegeben]():            lies[bescheid.BescheidFreigegeben],
	ereignis.Name[bescheid.MessstellenZugeordnet]():          lies[bescheid.MessstellenZugeordnet],
	ereignis.Name[bescheid.MessstelleEntfernt]():             lies[bescheid.MessstelleEntfernt],
	ereignis.Name[bescheid.AnforderungenGesetzt]():           lies[bescheid.AnforderungenGesetzt],
	ereignis.Name[bescheid.AnforderungAngelegt]():            lies[bescheid.AnforderungAngelegt],
	ereignis.Name[bescheid.AnforderungGeaendert]():           lies[bescheid.AnforderungGeaendert],
	ereignis.Name[bescheid.AnforderungGeloescht]():           lies[bescheid.AnforderungGeloescht],
	ereignis.Name[bescheid.BescheidGeloescht]():              fest(bescheid.BescheidGeloescht{}),
}

// bescheidEreignis applies a Bescheid's event to its rows in memory; the copies (the
// Bescheid's status and dates in its children, the operation's, measuring point's and plant's
// columns) are set at the end of the batch (bescheideKopieren).
func (st *stapel) bescheidEreignis(e gelesen) {
	b := &st.bescheid
	if v, ok := e.v.(bescheid.BescheidAngelegt); ok {
		z := bescheidZeile{ID: e.id, BetriebID: v.BetriebID, Bescheidsstatus: v.Status, Position: e.position}
		z.daten(v.Daten)
		b.bescheide.Neu(e.id, z)
		b.loeschen(e.id, nil) // a Bescheid is created once; its id's rows start empty
		b.auflagenSetzen(e.id, v.Daten.Auflagen, e.position)
		return
	}
	z := b.bescheide.Aendern(e.id)
	if z == nil {
		return
	}
	z.Position = e.position
	switch v := e.v.(type) {
	case bescheid.BescheidGeaendert:
		z.daten(v.Daten)
		b.auflagenSetzen(e.id, v.Daten.Auflagen, e.position)
	case bescheid.BescheidsantragGestellt:
		z.Bescheidsstatus = bescheid.Beantragt
	case bescheid.BescheidsantragZurueckgewiesen:
		z.Bescheidsstatus = bescheid.Angelegt
	case bescheid.BescheidInBearbeitung:
		z.Bescheidsstatus = bescheid.InBearbeitung
	case bescheid.BescheidFreigegeben:
		z.Bescheidsstatus = bescheid.Freigegeben
	case bescheid.MessstelleEntfernt:
		b.loeschen(e.id, func(a *anforderungZeile) bool { return a.MessstelleID == v.Messstelle })
	case bescheid.AnforderungenGesetzt:
		b.loeschen(e.id, func(a *anforderungZeile) bool { return a.MessstelleID == v.Messstelle })
		for _, a := range v.Anforderungen {
			b.anforderung(e.id, a, e.position)
		}
	case bescheid.AnforderungAngelegt:
		b.anforderung(e.id, v.Anforderung, e.position)
	case bescheid.AnforderungGeaendert:
		b.anforderung(e.id, v.Anforderung, e.position)
	case bescheid.AnforderungGeloescht:
		b.loeschen(e.id, func(a *anforderungZeile) bool { return a.ID == v.AnforderungID })
	case bescheid.BescheidGeloescht:
		b.loeschen(e.id, nil)
		b.auflagenSetzen(e.id, nil, e.position)
		b.bescheide.Loeschen(e.id)
	}
}

func (z *bescheidZeile) daten(d bescheid.Daten) {
	z.BescheidQualitaet, z.Bescheidart, z.Behoerde, z.Aktenzeichen = d.BescheidQualitaet, d.Bescheidart, d.Behoerde, d.Aktenzeichen
	z.Bescheidsdatum, z.Ablaufdatum, z.Bemerkung = d.Bescheidsdatum, d.Ablaufdatum, d.Bemerkung
}

// loeschen removes the Bescheid's Anforderungen weg names (nil: all).
func (b *bescheidStapel) loeschen(id int64, weg func(*anforderungZeile) bool) {
	b.anfIDs[id] = slices.DeleteFunc(b.anfIDs[id], func(aid int64) bool {
		a := b.anforderungen.Zeile(aid)
		if a == nil || weg == nil || weg(a) {
			b.anforderungen.Loeschen(aid)
			return true
		}
		return false
	})
}

// anforderung puts an Anforderung of Bescheid id (new or replacing the one with its id).
func (b *bescheidStapel) anforderung(id int64, a bescheid.Anforderung, position int64) {
	if !slices.Contains(b.anfIDs[id], a.AnforderungID) {
		b.anfIDs[id] = append(b.anfIDs[id], a.AnforderungID)
	}
	z := anforderungZeile{ID: a.AnforderungID, BescheidID: id, MessstelleID: a.Messstelle, AnforderungArt: a.AnforderungArt,
		ParameterArt: a.ParameterArt, ParameterNr: a.ParameterNr, Wert: a.Wert, Einheit: a.Einheit, Probenahme: a.Probenahme,
		Haeufigkeit: a.Haeufigkeit, ArtAnforderungWert: a.ArtAnforderungWert, MehrereOptionen: a.MehrereOptionen,
		GueltigAb: a.GueltigAb, GueltigBis: a.GueltigBis, Position: position}
	if alt := b.anforderungen.Zeile(a.AnforderungID); alt != nil && alt.MessstelleID == a.Messstelle {
		// the copies stay until the end of the batch sets them
		z.MessstellenNr, z.Messstelle, z.AnlageID, z.Anlage = alt.MessstellenNr, alt.Messstelle, alt.AnlageID, alt.Anlage
	}
	b.anforderungen.Neu(a.AnforderungID, z)
}

// auflagenSetzen replaces the Bescheid's Auflagen.
func (b *bescheidStapel) auflagenSetzen(id int64, auflagen []bescheid.Auflage, position int64) {
	for _, aid := range b.aufIDs[id] {
		b.auflagen.Loeschen(aid)
	}
	b.aufIDs[id] = nil
	for i, a := range auflagen {
		if i >= auflagenJeBescheid {
			break
		}
		aid := AuflageID(id, i)
		b.aufIDs[id] = append(b.aufIDs[id], aid)
		b.auflagen.Neu(aid, auflageZeile{ID: aid, BescheidID: id, Nr: int32(i), AnlageID: a.Abwasseranlage, Art: a.Art,
			Beschreibung: a.Beschreibung, Fristdatum: a.Fristdatum, Position: position})
	}
}

// bescheideKopieren sets the copies of every Anforderung and Auflage of the Bescheide the
// batch touched: the Bescheid's status and dates, its operation's visibility columns, the
// measuring point's number and name and its plant's id and name, the Auflage's plant's name —
// as the batch leaves them (a measuring point, plant or operation the worklist does not know
// leaves the copies as they are).
func (st *stapel) bescheideKopieren() {
	b := &st.bescheid
	for _, id := range b.beruehrt {
		z := b.bescheide.Zeile(id)
		if z == nil {
			continue
		}
		betr := st.betriebe.Zeile(z.BetriebID)
		if betr != nil && (z.BetreiberID != betr.BetreiberID || !gleich(z.RegionalstelleID, betr.RegionalstelleID)) {
			z = b.bescheide.Aendern(id)
			z.BetreiberID, z.RegionalstelleID = betr.BetreiberID, betr.RegionalstelleID
		}
		anf := idsText(slices.Sorted(slices.Values(b.anfIDs[id])))
		if z.AnforderungIDs != anf || z.Auflagen != int32(len(b.aufIDs[id])) {
			z = b.bescheide.Aendern(id)
			z.AnforderungIDs, z.Auflagen = anf, int32(len(b.aufIDs[id]))
		}
		for _, aid := range b.anfIDs[id] {
			alt := b.anforderungen.Zeile(aid)
			if alt == nil {
				continue
			}
			neu := *alt
			neu.Bescheidsstatus, neu.Bescheidart, neu.Bescheidsdatum, neu.Ablaufdatum = z.Bescheidsstatus, z.Bescheidart, z.Bescheidsdatum, z.Ablaufdatum
			neu.BetriebID, neu.BetreiberID, neu.RegionalstelleID = z.BetriebID, z.BetreiberID, z.RegionalstelleID
			if m := st.messstellen.Zeile(neu.MessstelleID); m != nil {
				neu.MessstellenNr, neu.Messstelle, neu.AnlageID, neu.Anlage = m.MessstellenID, m.Bezeichnung, m.AnlageID, m.Anlage
				if a := st.anlagen.Zeile(m.AnlageID); a != nil {
					neu.Anlage = a.Bezeichnung
				}
			}
			if neu != *alt {
				*b.anforderungen.Aendern(aid) = neu
			}
		}
		for _, aid := range b.aufIDs[id] {
			alt := b.auflagen.Zeile(aid)
			if alt == nil {
				continue
			}
			neu := *alt
			neu.Bescheidsstatus, neu.Bescheidsdatum, neu.Ablaufdatum = z.Bescheidsstatus, z.Bescheidsdatum, z.Ablaufdatum
			neu.BetriebID, neu.BetreiberID, neu.RegionalstelleID = z.BetriebID, z.BetreiberID, z.RegionalstelleID
			if a := st.anlagen.Zeile(neu.AnlageID); a != nil {
				neu.Anlage = a.Bezeichnung
			}
			if neu != *alt {
				*b.auflagen.Aendern(aid) = neu
			}
		}
	}
}

func gleich(a, b *int64) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// bescheideSchreiben adds the rows' writes.
func (st *stapel) bescheideSchreiben(w *projections.Schreiben) {
	b := &st.bescheid
	b.bescheide.Schreiben(w)
	b.anforderungen.Schreiben(w)
	b.auflagen.Schreiben(w)
}

// bescheideAnweisungen are the set-based statements for the rows the batch did not load: those
// of renamed plants, of changed measuring points and of operations whose visibility changed,
// from the rows just written.
func (st *stapel) bescheideAnweisungen(w *projections.Schreiben) {
	if len(st.umbenannt) > 0 {
		ids := schluessel(st.umbenannt)
		for _, t := range []string{"anforderung", "auflage"} {
			w.Anweisung(`UPDATE `+t+` x SET anlage = a.bezeichnung FROM unnest($1::bigint[]) AS k(id), anlage a
				WHERE a.id = k.id AND x.anlage_id = a.id AND x.anlage IS DISTINCT FROM a.bezeichnung`, ids)
		}
	}
	if geaendert := st.messstellen.Geaendert(); len(geaendert) > 0 {
		w.Anweisung(`UPDATE anforderung x SET messstellen_nr = m.messstellen_id, messstelle = m.bezeichnung, anlage_id = m.anlage_id,
			anlage = coalesce((SELECT a.bezeichnung FROM anlage a WHERE a.id = m.anlage_id), m.anlage)
			FROM unnest($1::bigint[]) AS k(id), messstelle m WHERE m.id = k.id AND x.messstelle_id = m.id
			AND (x.messstellen_nr, x.messstelle, x.anlage_id) IS DISTINCT FROM (m.messstellen_id, m.bezeichnung, m.anlage_id)`, geaendert)
	}
	if len(st.kopiert) > 0 {
		ids := schluessel(st.kopiert)
		for _, t := range []string{"bescheid", "anforderung", "auflage"} {
			w.Anweisung(`UPDATE `+t+` x SET betreiber_id = b.betreiber_id, regionalstelle_id = b.regionalstelle_id
				FROM unnest($1::bigint[]) AS k(id), betrieb b WHERE b.id = k.id AND x.betrieb_id = b.id
				AND (x.betreiber_id, x.regionalstelle_id) IS DISTINCT FROM (b.betreiber_id, b.regionalstelle_id)`, ids)
		}
	}
}

// idsLesen reads a comma-separated list of ids.
func idsLesen(s string) []int64 {
	var out []int64
	for _, t := range strings.Split(s, ",") {
		if id, err := strconv.ParseInt(t, 10, 64); err == nil {
			out = append(out, id)
		}
	}
	return out
}

// idsText writes ids comma-separated.
func idsText(ids []int64) string {
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	return b.String()
}
