package nachrichten

import (
	"fmt"
	"strings"

	"github.com/eabwasser/eabwasser/projections/bereich"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Messstelle: a measuring point's Freigabe requested (again) goes to who may approve measuring
// points, its decision to the account that requested it.
var Messstelle = Bereich{
	StreamType: messstelle.StreamType,
	Behandelt: bereich.Arten(messstelle.MessstelleBeantragt{}, messstelle.MessstellenfreigabeErneutAngefordert{},
		messstelle.MessstelleGeaendert{}, messstelle.MessstelleFreigegeben{}, messstelle.MessstelleAbgewiesen{}),
	Ignoriert:   bereich.Arten(messstelle.MessstelleStillgelegt{}),
	Objektarten: map[string]string{"MESSSTELLE": "messstelle"},
	kopie: bereich.KopieVon(messstelleTabelle, `CREATE TABLE messstelle (
    id            bigint PRIMARY KEY,
    anlage_id     bigint NOT NULL,
    bezeichnung   text   NOT NULL,
    antragsteller bigint NOT NULL
);
`, anlage.StreamType, func(m *messstelleZeile) int64 { return m.AnlageID }),
	lesen: dekodiert(messstelle.Decode),
	bedarf: func(st *lauf, _ eventstore.Event, _ int64, v any) {
		if b, ok := v.(messstelle.MessstelleBeantragt); ok {
			st.brauche(anlage.StreamType, b.AnlageID)
			st.brauche(betrieb.StreamType, b.BetriebID)
		}
	},
	anwenden: messstelleEreignis,
}

// messstelleZeile is the copy of a measuring point: its name for the texts, its plant for the
// screen and the recipients, the account that requested its Freigabe for the decision.
type messstelleZeile struct {
	ID            int64
	AnlageID      int64
	Bezeichnung   string
	Antragsteller int64
}

var messstelleTabelle = projections.Tabelle[messstelleZeile]{
	Name:    "messstelle",
	Spalten: []string{"id", "anlage_id", "bezeichnung", "antragsteller"},
	Felder: func(m *messstelleZeile) []any {
		return []any{&m.ID, &m.AnlageID, &m.Bezeichnung, &m.Antragsteller}
	},
}

func (st *lauf) messstellen() *projections.Zeilen[messstelleZeile] {
	return bereich.Von(st.kopien, messstelle.StreamType, messstelleTabelle)
}

var messstellenfreigabe = freigabe{bezug: "MESSSTELLE", nomen: "Messstelle", nominativ: "die Messstelle", akkusativ: "die Messstelle",
	genitiv: "der Messstelle", abgewiesenAkk: "die abgewiesene Messstelle", pruefer: messstellenpruefer, antragstellerseite: antragsteller}

// messstellenziel is the measuring point as the batch has got it, with its plant and operation.
func (st *lauf) messstellenziel(id int64) (ziel, error) {
	m := st.messstellen().Zeile(id)
	var a *anlageZeile
	var b *betriebZeile
	if m != nil {
		a = st.anlagen().Zeile(m.AnlageID)
	}
	if a != nil {
		b = st.betriebe().Zeile(a.BetriebID)
	}
	if b == nil {
		return ziel{}, fmt.Errorf("nachrichten: Messstelle %d: %w", id, pgx.ErrNoRows)
	}
	return ziel{id: id, betrieb: *b, name: m.Bezeichnung, konto: m.Antragsteller,
		bezug: fmt.Sprintf("Messstelle %s – Anlage %s – Betrieb %s (%s)", m.Bezeichnung, a.Bezeichnung, b.Bezeichnung, b.BetriebsID),
		pfad:  fmt.Sprintf("/betriebsakte/%d/%s/%d/messstellen/%d/messstellendaten", a.BetriebID, strings.ToLower(a.Anlagentyp), a.ID, id)}, nil
}

// messstelleEreignis: a measuring point's Freigabe requested (again) goes to who may approve
// measuring points, its decision to the account that requested it (messstellenfreigabe).
func messstelleEreignis(st *lauf, e eventstore.Event, id int64, v any) error {
	f := messstellenfreigabe
	var n *nachricht
	switch v := v.(type) {
	case messstelle.MessstelleBeantragt:
		st.messstellen().Neu(id, messstelleZeile{ID: id, AnlageID: v.AnlageID, Bezeichnung: v.Daten.Bezeichnung, Antragsteller: v.Antragsteller})
		n = f.beantragt()
	case messstelle.MessstellenfreigabeErneutAngefordert:
		if m := st.messstellen().Aendern(id); m != nil {
			m.Bezeichnung, m.Antragsteller = v.Daten.Bezeichnung, v.Antragsteller
		}
		n = f.erneutBeantragt()
	case messstelle.MessstelleGeaendert:
		if m := st.messstellen().Zeile(id); m != nil && m.Bezeichnung != v.Daten.Bezeichnung {
			st.messstellen().Aendern(id).Bezeichnung = v.Daten.Bezeichnung
		}
	case messstelle.MessstelleFreigegeben:
		st.entschieden(e, id, f.bezug, "Freigegeben")
		n = f.freigegeben(v.Kommentar)
	case messstelle.MessstelleAbgewiesen:
		st.entschieden(e, id, f.bezug, "Abgewiesen")
		n = f.abgewiesen(v.Kommentar)
	}
	if n == nil {
		return nil
	}
	z, err := st.messstellenziel(id)
	if err != nil {
		return err
	}
	st.zustellen(e, z, *n)
	return nil
}
