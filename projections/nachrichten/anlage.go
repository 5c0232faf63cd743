package nachrichten

import (
	"fmt"
	"strings"

	"github.com/eabwasser/eabwasser/projections/bereich"

	gojson "github.com/goccy/go-json"
	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Anlage: a plant's Änderungsantrag goes to who reviews change requests, its decision to the
// operator's users. Its copy names it and links its screen for what belongs to it.
var Anlage = Bereich{
	StreamType: anlage.StreamType,
	Behandelt: bereich.Arten(anlage.AnlageAngelegt{}, anlage.AnlageGeaendert{}, anlage.AenderungsantragGestellt{},
		anlage.AenderungsantragUebernommen{}, anlage.AenderungsantragAbgelehnt{}),
	Ignoriert: bereich.Arten(anlage.AnlageStillgelegt{}, anlage.AnlageAusserBetrieb{}, anlage.AufnahmeErsetzt{},
		anlage.MitAufnahmeStillgelegt{}, anlage.PflichtigerErsetzt{}),
	Objektarten: map[string]string{"AENDERUNGSANTRAG_ANLAGE": "anlage"},
	kopie: bereich.KopieVon(anlageTabelle, `CREATE TABLE anlage (
    id          bigint PRIMARY KEY,
    betrieb_id  bigint NOT NULL,
    anlagentyp  text   NOT NULL,
    bezeichnung text   NOT NULL
);
`, betrieb.StreamType, func(a *anlageZeile) int64 { return a.BetriebID }),
	lesen: anlageLesen,
	bedarf: func(st *lauf, e eventstore.Event, _ int64, v any) {
		if e.Type == anlageAngelegt {
			st.brauche(betrieb.StreamType, v.(anlagendaten).BetriebID)
		}
	},
	anwenden: anlageEreignis,
}

// anlageZeile is the copy of a plant: its name and screen for the texts, its operation for
// the recipients.
type anlageZeile struct {
	ID          int64
	BetriebID   int64
	Anlagentyp  string
	Bezeichnung string
}

var anlageTabelle = projections.Tabelle[anlageZeile]{
	Name:    "anlage",
	Spalten: []string{"id", "betrieb_id", "anlagentyp", "bezeichnung"},
	Felder: func(a *anlageZeile) []any {
		return []any{&a.ID, &a.BetriebID, &a.Anlagentyp, &a.Bezeichnung}
	},
}

func (st *lauf) anlagen() *projections.Zeilen[anlageZeile] {
	return bereich.Von(st.kopien, anlage.StreamType, anlageTabelle)
}

// anlagendaten: the same for a plant's data.
type anlagendaten struct {
	BetriebID int64  `json:"betriebId"`  // AnlageAngelegt
	Typ       string `json:"anlagentyp"` // AnlageAngelegt
	Daten     struct {
		Bezeichnung string `json:"bezeichnung"`
	} `json:"daten"`
}

var (
	anlageAngelegt  = anlage.AnlageAngelegt{}.EventType()
	anlageGeaendert = anlage.AnlageGeaendert{}.EventType()
)

// anlageLesen reads the events that carry the whole data into anlagendaten, the others with
// the stream's Decode.
func anlageLesen(e eventstore.Event) (any, error) {
	if e.Type == anlageAngelegt || e.Type == anlageGeaendert {
		var v anlagendaten
		return v, gojson.Unmarshal(e.Data, &v)
	}
	return anlage.Decode(e.Type, e.Data)
}

func (st *lauf) anlagenziel(id int64) (ziel, error) {
	a := st.anlagen().Zeile(id)
	var b *betriebZeile
	if a != nil {
		b = st.betriebe().Zeile(a.BetriebID)
	}
	if b == nil {
		return ziel{}, fmt.Errorf("nachrichten: Anlage %d: %w", id, pgx.ErrNoRows)
	}
	return ziel{id: id, betrieb: *b, name: a.Bezeichnung, bezug: fmt.Sprintf("Anlage %s – Betrieb %s (%s)", a.Bezeichnung, b.Bezeichnung, b.BetriebsID),
		pfad: fmt.Sprintf("/betriebsakte/%d/%s/%d/anlagendaten", a.BetriebID, strings.ToLower(a.Anlagentyp), id)}, nil
}

func anlageEreignis(st *lauf, e eventstore.Event, id int64, v any) error {
	const bezug = "AENDERUNGSANTRAG_ANLAGE"
	var n *nachricht
	switch v := v.(type) {
	case anlagendaten:
		if e.Type == anlageAngelegt {
			st.anlagen().Neu(id, anlageZeile{ID: id, BetriebID: v.BetriebID, Anlagentyp: v.Typ, Bezeichnung: v.Daten.Bezeichnung})
		} else if a := st.anlagen().Aendern(id); a != nil {
			a.Bezeichnung = v.Daten.Bezeichnung
		}
	case anlage.AenderungsantragGestellt:
		n = &nachricht{an: antragspruefer, bezug: bezug, betreff: "Änderungsantrag zur Anlage: %s",
			text: "%[2]s hat eine Änderung der Anlage „%[1]s“ beantragt. Bitte prüfen Sie den Antrag in den Anlagendaten.", kommentar: v.Antrag.Kommentar}
	case anlage.AenderungsantragUebernommen:
		st.entschieden(e, id, bezug, "Übernommen")
		n = &nachricht{an: betreiberseite, bezug: bezug, betreff: "Änderungsantrag übernommen: %s",
			text:         "%[2]s hat Ihren Änderungsantrag zur Anlage „%[1]s“ bearbeitet.",
			entscheidung: ergebnis(v.Felder, v.Begruendungen, anlage.Antragsfelder, anlage.Antragsfeldnamen)}
	case anlage.AenderungsantragAbgelehnt:
		st.entschieden(e, id, bezug, "Abgelehnt")
		n = &nachricht{an: betreiberseite, bezug: bezug, betreff: "Änderungsantrag abgelehnt: %s",
			text:         "%[2]s hat Ihren Änderungsantrag zur Anlage „%[1]s“ abgelehnt.",
			entscheidung: ergebnis(nil, v.Begruendungen, anlage.Antragsfelder, anlage.Antragsfeldnamen)}
	}
	if n == nil {
		return nil
	}
	z, err := st.anlagenziel(id)
	if err != nil {
		return err
	}
	st.zustellen(e, z, *n)
	return nil
}
