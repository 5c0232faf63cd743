package nachrichten

import (
	"fmt"

	"github.com/eabwasser/eabwasser/projections/bereich"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Jahresbericht: a submitted annual report goes to who checks reports (and sees the
// operation); its approval and its rejection go to the operator's users.
var Jahresbericht = Bereich{
	StreamType: jahresbericht.StreamType,
	Behandelt: bereich.Arten(jahresbericht.JahresberichtAngelegt{}, jahresbericht.JahresberichtEingereicht{},
		jahresbericht.JahresberichtPlausibilisiert{}, jahresbericht.JahresberichtZurueckgewiesen{}, jahresbericht.JahresberichtGeloescht{}),
	Ignoriert: bereich.Arten(jahresbericht.JahresberichtGeaendert{}, jahresbericht.JahresberichtBearbeitungAbgeschlossen{},
		jahresbericht.JahresberichtBearbeitungFortgesetzt{}, jahresbericht.ErgaenzenderParameterAngelegt{},
		jahresbericht.ErgaenzenderParameterGeaendert{}, jahresbericht.ErgaenzenderParameterGeloescht{}, jahresbericht.MesswerteGespeichert{}),
	Objektarten: map[string]string{"JAHRESBERICHT": "jahresbericht"},
	kopie: bereich.KopieVon(berichtTabelle, `CREATE TABLE jahresbericht (
    id          bigint PRIMARY KEY,
    anlage_id   bigint NOT NULL,
    bezeichnung text   NOT NULL
);
`, anlage.StreamType, func(b *berichtZeile) int64 { return b.AnlageID }),
	lesen: dekodiert(jahresbericht.Decode),
	bedarf: func(st *lauf, _ eventstore.Event, _ int64, v any) {
		if b, ok := v.(jahresbericht.JahresberichtAngelegt); ok {
			st.brauche(anlage.StreamType, b.AnlageID)
		}
	},
	anwenden: berichtEreignis,
}

// berichtZeile is the copy of an annual report: its name (plant and year) for the texts, its
// plant for the recipients.
type berichtZeile struct {
	ID          int64
	AnlageID    int64
	Bezeichnung string
}

var berichtTabelle = projections.Tabelle[berichtZeile]{
	Name:    "jahresbericht",
	Spalten: []string{"id", "anlage_id", "bezeichnung"},
	Felder: func(b *berichtZeile) []any {
		return []any{&b.ID, &b.AnlageID, &b.Bezeichnung}
	},
}

func (st *lauf) berichte() *projections.Zeilen[berichtZeile] {
	return bereich.Von(st.kopien, jahresbericht.StreamType, berichtTabelle)
}

// berichtsziel is the annual report as the batch has got it, with its plant and operation.
func (st *lauf) berichtsziel(id int64) (ziel, error) {
	x := st.berichte().Zeile(id)
	var a *anlageZeile
	var b *betriebZeile
	if x != nil {
		a = st.anlagen().Zeile(x.AnlageID)
	}
	if a != nil {
		b = st.betriebe().Zeile(a.BetriebID)
	}
	if b == nil {
		return ziel{}, fmt.Errorf("nachrichten: Jahresbericht %d: %w", id, pgx.ErrNoRows)
	}
	return ziel{id: id, betrieb: *b, name: x.Bezeichnung,
		bezug: fmt.Sprintf("Jahresbericht %s – Betrieb %s (%s)", x.Bezeichnung, b.Bezeichnung, b.BetriebsID),
		pfad:  fmt.Sprintf("/betriebsakte/%d/jahresbericht/%d/jahresberichtdaten", a.BetriebID, id)}, nil
}

// berichtEreignis: a submitted annual report goes to who checks reports (and sees the
// operation); its approval and its rejection (with the comment) go to the operator's users. A
// decision or deletion marks the open messages about it decided.
func berichtEreignis(st *lauf, e eventstore.Event, id int64, v any) error {
	const bezug = "JAHRESBERICHT"
	var n *nachricht
	switch v := v.(type) {
	case jahresbericht.JahresberichtAngelegt:
		st.berichte().Neu(id, berichtZeile{ID: id, AnlageID: v.AnlageID, Bezeichnung: fmt.Sprintf("%s %d", v.AnlageBezeichnung, v.Jahr)})
	case jahresbericht.JahresberichtEingereicht:
		n = &nachricht{an: berichtspruefer, bezug: bezug, betreff: "Jahresbericht eingereicht: %s",
			text: "%[2]s hat den Jahresbericht „%[1]s“ eingereicht. Bitte prüfen Sie ihn unter „Plausibilisierung abschließen“."}
	case jahresbericht.JahresberichtPlausibilisiert:
		st.entschieden(e, id, bezug, "Plausibilisiert")
		n = &nachricht{an: betreiberseite, bezug: bezug, betreff: "Jahresbericht plausibilisiert: %s",
			text: "%[2]s hat den Jahresbericht „%[1]s“ plausibilisiert.", kommentar: v.Kommentar}
	case jahresbericht.JahresberichtZurueckgewiesen:
		st.entschieden(e, id, bezug, "Zurückgewiesen")
		n = &nachricht{an: betreiberseite, bezug: bezug, betreff: "Jahresbericht zurückgewiesen: %s",
			text:      "%[2]s hat den Jahresbericht „%[1]s“ zurückgewiesen. Bitte überarbeiten Sie ihn und reichen Sie ihn erneut ein.",
			kommentar: v.Kommentar}
	case jahresbericht.JahresberichtGeloescht:
		st.entschieden(e, id, bezug, "Gelöscht")
	}
	if n == nil {
		return nil
	}
	z, err := st.berichtsziel(id)
	if err != nil {
		return err
	}
	st.zustellen(e, z, *n)
	return nil
}
