package nachrichten

import (
	"fmt"

	"github.com/eabwasser/eabwasser/projections/bereich"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Bescheid: a submitted Bescheidsantrag goes to who records Bescheide (and sees the
// operation); taking it into work, returning it and releasing the Bescheid go to the account
// that applied for it.
var Bescheid = Bereich{
	StreamType: bescheid.StreamType,
	Behandelt: bereich.Arten(bescheid.BescheidAngelegt{}, bescheid.BescheidGeaendert{}, bescheid.BescheidsantragGestellt{},
		bescheid.BescheidsantragZurueckgewiesen{}, bescheid.BescheidInBearbeitung{}, bescheid.BescheidFreigegeben{}, bescheid.BescheidGeloescht{}),
	Ignoriert: bereich.Arten(bescheid.MessstellenZugeordnet{}, bescheid.MessstelleEntfernt{}, bescheid.AnforderungenGesetzt{},
		bescheid.AnforderungAngelegt{}, bescheid.AnforderungGeaendert{}, bescheid.AnforderungGeloescht{}),
	Objektarten: map[string]string{"BESCHEIDSANTRAG": "bescheid"},
	kopie: bereich.KopieVon(bescheidTabelle, `CREATE TABLE bescheid (
    id            bigint PRIMARY KEY,
    betrieb_id    bigint NOT NULL,
    bezeichnung   text   NOT NULL,
    antragsteller bigint NOT NULL
);
`, betrieb.StreamType, func(b *bescheidZeile) int64 { return b.BetriebID }),
	lesen: dekodiert(bescheid.Decode),
	bedarf: func(st *lauf, _ eventstore.Event, _ int64, v any) {
		if b, ok := v.(bescheid.BescheidAngelegt); ok {
			st.brauche(betrieb.StreamType, b.BetriebID)
		}
	},
	anwenden: bescheidEreignis,
}

// bescheidZeile is the copy of a Bescheid: its name for the texts, its operation for the
// recipients, the account that applied for it (0: recorded by staff) for the decisions.
type bescheidZeile struct {
	ID            int64
	BetriebID     int64
	Bezeichnung   string
	Antragsteller int64
}

var bescheidTabelle = projections.Tabelle[bescheidZeile]{
	Name:    "bescheid",
	Spalten: []string{"id", "betrieb_id", "bezeichnung", "antragsteller"},
	Felder: func(b *bescheidZeile) []any {
		return []any{&b.ID, &b.BetriebID, &b.Bezeichnung, &b.Antragsteller}
	},
}

func (st *lauf) bescheide() *projections.Zeilen[bescheidZeile] {
	return bereich.Von(st.kopien, bescheid.StreamType, bescheidTabelle)
}

// bescheidziel is the Bescheid as the batch has got it, with its operation; the path says antrag
// while it is an application (spec 001 §2.1).
func (st *lauf) bescheidziel(id int64, antrag bool) (ziel, error) {
	x := st.bescheide().Zeile(id)
	var b *betriebZeile
	if x != nil {
		b = st.betriebe().Zeile(x.BetriebID)
	}
	if b == nil {
		return ziel{}, fmt.Errorf("nachrichten: Bescheid %d: %w", id, pgx.ErrNoRows)
	}
	segment := "bescheid"
	if antrag {
		segment = "antrag"
	}
	return ziel{id: id, betrieb: *b, name: x.Bezeichnung, konto: x.Antragsteller,
		bezug: fmt.Sprintf("Bescheid %s – Betrieb %s (%s)", x.Bezeichnung, b.Bezeichnung, b.BetriebsID),
		pfad:  fmt.Sprintf("/betriebsakte/%d/%s/%d/bescheidsdaten", x.BetriebID, segment, id)}, nil
}

// bescheidEreignis: a submitted Bescheidsantrag goes to who records Bescheide (and sees the
// operation); taking it into work, returning it (with the comment) and releasing the Bescheid
// go to the account that applied for it. A deletion marks the open messages decided.
func bescheidEreignis(st *lauf, e eventstore.Event, id int64, v any) error {
	const bezug = "BESCHEIDSANTRAG"
	var n *nachricht
	antrag := true
	switch v := v.(type) {
	case bescheid.BescheidAngelegt:
		var von int64
		if v.Status == bescheid.Angelegt {
			von = v.VonKonto
		}
		st.bescheide().Neu(id, bescheidZeile{ID: id, BetriebID: v.BetriebID, Bezeichnung: bescheid.Anzeigename(v.Daten.Bescheidart, "", v.Daten.Aktenzeichen), Antragsteller: von})
	case bescheid.BescheidGeaendert:
		if x := st.bescheide().Zeile(id); x != nil && x.Bezeichnung != bescheid.Anzeigename(v.Daten.Bescheidart, "", v.Daten.Aktenzeichen) {
			st.bescheide().Aendern(id).Bezeichnung = bescheid.Anzeigename(v.Daten.Bescheidart, "", v.Daten.Aktenzeichen)
		}
	case bescheid.BescheidsantragGestellt:
		n = &nachricht{an: bescheidpruefer, bezug: bezug, betreff: "Bescheidsantrag gestellt: %s",
			text: "%[2]s hat den Bescheidsantrag „%[1]s“ gestellt. Bitte prüfen Sie den Antrag unter „Bescheidsantrag bearbeiten“."}
	case bescheid.BescheidInBearbeitung:
		st.entschieden(e, id, bezug, "In Bearbeitung genommen")
		antrag = false
		n = &nachricht{an: antragsteller, bezug: bezug, betreff: "Bescheidsantrag in Bearbeitung: %s",
			text: "%[2]s hat Ihren Bescheidsantrag „%[1]s“ in Bearbeitung genommen."}
	case bescheid.BescheidsantragZurueckgewiesen:
		st.entschieden(e, id, bezug, "Zurückgewiesen")
		n = &nachricht{an: antragsteller, bezug: bezug, betreff: "Bescheidsantrag zurückgewiesen: %s",
			text:      "%[2]s hat Ihren Bescheidsantrag „%[1]s“ zurückgewiesen. Sie können ihn überarbeiten und erneut stellen.",
			kommentar: v.Kommentar}
	case bescheid.BescheidFreigegeben:
		antrag = false
		n = &nachricht{an: antragsteller, bezug: bezug, betreff: "Bescheid freigegeben: %s",
			text: "Der Bescheid „%[1]s“ zu Ihrem Antrag wurde von %[2]s freigegeben."}
	case bescheid.BescheidGeloescht:
		st.entschieden(e, id, bezug, "Gelöscht")
	}
	if n == nil {
		return nil
	}
	z, err := st.bescheidziel(id, antrag)
	if err != nil {
		return err
	}
	if n.an == antragsteller && z.konto == 0 {
		return nil // recorded by staff: nobody applied
	}
	st.zustellen(e, z, *n)
	return nil
}
