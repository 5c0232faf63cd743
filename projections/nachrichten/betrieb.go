package nachrichten

import (
	"fmt"

	"github.com/eabwasser/eabwasser/projections/bereich"

	gojson "github.com/goccy/go-json"
	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Betrieb: an operation requested (again) goes to the staff who decide it, its decision to the
// operator's users; the same for its Stammdaten-Anträge. Its copy names it and finds the
// recipients of every message about it and what belongs to it.
var Betrieb = Bereich{
	StreamType: betrieb.StreamType,
	Behandelt: bereich.Arten(betrieb.BetriebBeantragt{}, betrieb.FreigabeErneutBeantragt{}, betrieb.BetriebsdatenGeaendert{},
		betrieb.BetriebGeaendert{}, betrieb.BetreiberUmgezogen{}, betrieb.BetriebFreigegeben{}, betrieb.BetriebAbgewiesen{},
		betrieb.StammdatenAntragGestellt{}, betrieb.StammdatenAntragUebernommen{}, betrieb.StammdatenAntragAbgelehnt{}),
	// no message, and nothing the copy keeps
	Ignoriert:   bereich.Arten(betrieb.BetreiberGewechselt{}, betrieb.BetriebStillgelegt{}),
	Objektarten: map[string]string{"BETRIEB": "betrieb", "BETRIEB_STAMMDATEN_AENDERUNG": "betrieb"},
	kopie: bereich.KopieVon(betriebTabelle, `CREATE TABLE betrieb (
    id                bigint PRIMARY KEY,
    betriebs_id       text   NOT NULL,
    bezeichnung       text   NOT NULL,
    betreiber_id      bigint NOT NULL,
    regionalstelle_id bigint NOT NULL
);
`, "", nil),
	lesen:    betriebLesen,
	anwenden: betriebEreignis,
}

// betriebZeile is the copy of an operation: its name and number for the texts, its operator
// and Regionalstelle for the recipients.
type betriebZeile struct {
	ID               int64
	BetriebsID       string
	Bezeichnung      string
	BetreiberID      int64
	RegionalstelleID int64
}

var betriebTabelle = projections.Tabelle[betriebZeile]{
	Name:    "betrieb",
	Spalten: []string{"id", "betriebs_id", "bezeichnung", "betreiber_id", "regionalstelle_id"},
	Felder: func(b *betriebZeile) []any {
		return []any{&b.ID, &b.BetriebsID, &b.Bezeichnung, &b.BetreiberID, &b.RegionalstelleID}
	},
}

func (st *lauf) betriebe() *projections.Zeilen[betriebZeile] {
	return bereich.Von(st.kopien, betrieb.StreamType, betriebTabelle)
}

var betriebsfreigabe = freigabe{bezug: "BETRIEB", nomen: "Betrieb", nominativ: "der Betrieb", akkusativ: "den Betrieb",
	genitiv: "des Betriebs", abgewiesenAkk: "den abgewiesenen Betrieb", pruefer: entscheider, antragstellerseite: betreiberseite}

// betriebsdaten are the fields of an operation's data the read model keeps. The events that
// carry the whole data (requests, saves) are most of the log; they are read into these fields
// only, which spares decoding the rest.
type betriebsdaten struct {
	Daten struct {
		Bezeichnung      string `json:"bezeichnung"`
		BetreiberID      int64  `json:"betreiberId"`
		RegionalstelleID int64  `json:"regionalstelleId"`
	} `json:"daten"`
	BetriebsID string `json:"betriebsId"` // BetriebBeantragt
}

var (
	betriebBeantragt       = betrieb.BetriebBeantragt{}.EventType()
	freigabeErneut         = betrieb.FreigabeErneutBeantragt{}.EventType()
	betriebsdatenGeaendert = betrieb.BetriebsdatenGeaendert{}.EventType()
	betriebGeaendert       = betrieb.BetriebGeaendert{}.EventType()
)

// betriebLesen reads the events that carry the whole data into betriebsdaten, the others
// with the stream's Decode.
func betriebLesen(e eventstore.Event) (any, error) {
	switch e.Type {
	case betriebBeantragt, freigabeErneut, betriebsdatenGeaendert, betriebGeaendert:
		var v betriebsdaten
		return v, gojson.Unmarshal(e.Data, &v)
	}
	return betrieb.Decode(e.Type, e.Data)
}

// betriebsziel is the operation as the batch has got (its events before this one applied).
func (st *lauf) betriebsziel(id int64) (ziel, error) {
	b := st.betriebe().Zeile(id)
	if b == nil {
		return ziel{}, fmt.Errorf("nachrichten: Betrieb %d: %w", id, pgx.ErrNoRows)
	}
	return ziel{id: id, betrieb: *b, name: b.Bezeichnung, bezug: fmt.Sprintf("Betrieb %s (%s)", b.Bezeichnung, b.BetriebsID),
		pfad: fmt.Sprintf("/betriebsakte/%d/betriebsdaten", id)}, nil
}

// betriebsantragsnamen are the labels of the Stammdaten-Antrag's fields as its form shows them.
var betriebsantragsnamen = func() map[string]string {
	out := map[string]string{}
	for i, n := range betrieb.Antragsfeldnamen(betrieb.Antragsfelder) {
		out[betrieb.Antragsfelder[i]] = n
	}
	return out
}()

func betriebEreignis(st *lauf, e eventstore.Event, id int64, v any) error {
	var n *nachricht
	switch v := v.(type) {
	case betriebsdaten:
		d := v.Daten
		if e.Type == betriebBeantragt {
			st.betriebe().Neu(id, betriebZeile{ID: id, BetriebsID: v.BetriebsID, Bezeichnung: d.Bezeichnung, BetreiberID: d.BetreiberID, RegionalstelleID: d.RegionalstelleID})
			n = betriebsfreigabe.beantragt()
			break
		}
		if b := st.betriebe().Aendern(id); b != nil {
			b.Bezeichnung, b.BetreiberID, b.RegionalstelleID = d.Bezeichnung, d.BetreiberID, d.RegionalstelleID
		}
		if e.Type == freigabeErneut {
			n = betriebsfreigabe.erneutBeantragt()
		}
	case betrieb.BetreiberUmgezogen:
		if b := st.betriebe().Aendern(id); b != nil {
			b.BetreiberID = v.NeuID
		}
	case betrieb.BetriebFreigegeben:
		st.entschieden(e, id, "BETRIEB", "Freigegeben")
		n = betriebsfreigabe.freigegeben(v.Kommentar)
	case betrieb.BetriebAbgewiesen:
		st.entschieden(e, id, "BETRIEB", "Abgewiesen")
		n = betriebsfreigabe.abgewiesen(v.Kommentar)
	case betrieb.StammdatenAntragGestellt:
		n = &nachricht{an: entscheider, bezug: "BETRIEB_STAMMDATEN_AENDERUNG", betreff: "Stammdatenänderungsantrag: %s",
			text: "%[2]s hat eine Änderung der Stammdaten des Betriebs „%[1]s“ beantragt.", kommentar: v.Antrag.Kommentar}
	case betrieb.StammdatenAntragUebernommen:
		st.entschieden(e, id, "BETRIEB_STAMMDATEN_AENDERUNG", "Übernommen")
		n = &nachricht{an: betreiberseite, bezug: "BETRIEB_STAMMDATEN_AENDERUNG", betreff: "Stammdatenänderungsantrag übernommen: %s",
			text:         "%[2]s hat Ihren Stammdatenänderungsantrag zum Betrieb „%[1]s“ bearbeitet.",
			entscheidung: ergebnis(v.Felder, v.Begruendungen, betrieb.Antragsfelder, betriebsantragsnamen)}
	case betrieb.StammdatenAntragAbgelehnt:
		st.entschieden(e, id, "BETRIEB_STAMMDATEN_AENDERUNG", "Abgelehnt")
		n = &nachricht{an: betreiberseite, bezug: "BETRIEB_STAMMDATEN_AENDERUNG", betreff: "Stammdatenänderungsantrag abgelehnt: %s",
			text:         "%[2]s hat Ihren Stammdatenänderungsantrag zum Betrieb „%[1]s“ abgelehnt.",
			entscheidung: ergebnis(nil, v.Begruendungen, betrieb.Antragsfelder, betriebsantragsnamen)}
	}
	if n == nil {
		return nil
	}
	z, err := st.betriebsziel(id)
	if err != nil {
		return err
	}
	st.zustellen(e, z, *n)
	return nil
}
