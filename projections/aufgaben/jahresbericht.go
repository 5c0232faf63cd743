package aufgaben

import (
	"fmt"

	"github.com/eabwasser/eabwasser/projections/bereich"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// JahresberichtPlausibilisierung is the kind of a submitted annual report's task.
const JahresberichtPlausibilisierung = "JAHRESBERICHT"

// Jahresbericht: a submitted annual report (submitted → approved, returned or deleted).
var Jahresbericht = Bereich{
	StreamType: jahresbericht.StreamType,
	Behandelt: bereich.Arten(jahresbericht.JahresberichtAngelegt{}, jahresbericht.JahresberichtEingereicht{},
		jahresbericht.JahresberichtPlausibilisiert{}, jahresbericht.JahresberichtZurueckgewiesen{}, jahresbericht.JahresberichtGeloescht{}),
	Ignoriert: bereich.Arten(jahresbericht.JahresberichtGeaendert{}, jahresbericht.JahresberichtBearbeitungAbgeschlossen{},
		jahresbericht.JahresberichtBearbeitungFortgesetzt{}, jahresbericht.ErgaenzenderParameterAngelegt{},
		jahresbericht.ErgaenzenderParameterGeaendert{}, jahresbericht.ErgaenzenderParameterGeloescht{}, jahresbericht.MesswerteGespeichert{}),
	kopie: bereich.KopieVon(berichtTabelle, `CREATE TABLE jahresbericht (
    id          bigint PRIMARY KEY,
    betrieb_id  bigint NOT NULL,
    anlage_id   bigint NOT NULL,
    bezeichnung text   NOT NULL
);
`, betrieb.StreamType, func(b *berichtZeile) int64 { return b.BetriebID }),
	decode:   jahresbericht.Decode,
	bedarf:   berichtBedarf,
	anwenden: berichtAufgaben,
}

// berichtZeile is the copy of an annual report.
type berichtZeile struct {
	ID          int64
	BetriebID   int64
	AnlageID    int64
	Bezeichnung string
}

var berichtTabelle = projections.Tabelle[berichtZeile]{Name: "jahresbericht",
	Spalten: []string{"id", "betrieb_id", "anlage_id", "bezeichnung"},
	Felder: func(b *berichtZeile) []any {
		return []any{&b.ID, &b.BetriebID, &b.AnlageID, &b.Bezeichnung}
	}}

func (l *lauf) berichte() *projections.Zeilen[berichtZeile] {
	return bereich.Von(l.kopien, jahresbericht.StreamType, berichtTabelle)
}

// berichtBedarf: a report's creation needs its plant (and that plant's operation), its
// submission the report's copy and operation; the decisions and the delete need the open tasks.
func berichtBedarf(l *lauf, id int64, v ereignis.DomainEvent) {
	switch v := v.(type) {
	case jahresbericht.JahresberichtAngelegt:
		l.brauche(anlage.StreamType, v.AnlageID, true)
		l.brauche(jahresbericht.StreamType, id, true)
	case jahresbericht.JahresberichtEingereicht:
		l.brauche(jahresbericht.StreamType, id, true)
	case jahresbericht.JahresberichtPlausibilisiert, jahresbericht.JahresberichtZurueckgewiesen, jahresbericht.JahresberichtGeloescht:
		l.entscheidet(jahresbericht.StreamType, id)
	}
}

// berichtAufgaben: a submitted annual report (submitted → approved, returned or deleted), for
// who checks reports (berechtigung.JahresberichtPlausibilisieren) but its submitter.
func berichtAufgaben(l *lauf, e eventstore.Event, id int64, de ereignis.DomainEvent) error {
	switch v := de.(type) {
	case jahresbericht.JahresberichtAngelegt:
		if l.berichte().Zeile(id) != nil {
			return nil
		}
		betriebID, ok := l.angelegt[v.AnlageID]
		if a := l.anlagen().Zeile(v.AnlageID); a != nil {
			betriebID, ok = a.BetriebID, true
		}
		if !ok {
			return fmt.Errorf("Anlage %d des Jahresberichts %d: %w", v.AnlageID, id, pgx.ErrNoRows)
		}
		l.berichte().Neu(id, berichtZeile{ID: id, BetriebID: betriebID, AnlageID: v.AnlageID,
			Bezeichnung: fmt.Sprintf("Jahresbericht %d – %s", v.Jahr, v.AnlageBezeichnung)})
	case jahresbericht.JahresberichtEingereicht:
		b := l.berichte().Zeile(id)
		if b == nil {
			return fmt.Errorf("Jahresbericht %d: %w", id, pgx.ErrNoRows)
		}
		l.oeffne(e, antrag{art: JahresberichtPlausibilisierung, aktion: berechtigung.JahresberichtPlausibilisieren, objektID: id, objekt: b.Bezeichnung,
			objekttyp: "JAHRESBERICHT", anlageID: b.AnlageID, anlagentyp: anlage.Abwasserbehandlung, betriebID: b.BetriebID, nichtVon: v.Konto})
	case jahresbericht.JahresberichtPlausibilisiert:
		l.schliesse(e, JahresberichtPlausibilisierung, id, Freigegeben, v.Kommentar)
	case jahresbericht.JahresberichtZurueckgewiesen:
		l.schliesse(e, JahresberichtPlausibilisierung, id, Abgewiesen, v.Kommentar)
	case jahresbericht.JahresberichtGeloescht:
		l.schliesse(e, JahresberichtPlausibilisierung, id, Geloescht, "")
	}
	return nil
}
