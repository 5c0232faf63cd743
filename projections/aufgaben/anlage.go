package aufgaben

import (
	"fmt"

	"github.com/eabwasser/eabwasser/projections/bereich"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// AnlageAenderungsantrag is the kind of a plant's change request.
const AnlageAenderungsantrag = "ANLAGE_AENDERUNGSANTRAG"

// Anlage: a plant's change request (filed → adopted or rejected). Its copy names the plant in
// its tasks and finds the operation of what hangs on it (an annual report).
var Anlage = Bereich{
	StreamType: anlage.StreamType,
	Behandelt: bereich.Arten(anlage.AnlageAngelegt{}, anlage.AnlageGeaendert{}, anlage.AenderungsantragGestellt{},
		anlage.AenderungsantragUebernommen{}, anlage.AenderungsantragAbgelehnt{}),
	Ignoriert: bereich.Arten(anlage.AnlageStillgelegt{}, anlage.AnlageAusserBetrieb{}, anlage.AufnahmeErsetzt{},
		anlage.MitAufnahmeStillgelegt{}, anlage.PflichtigerErsetzt{}),
	kopie: bereich.KopieVon(anlageTabelle, `CREATE TABLE anlage (
    id          bigint PRIMARY KEY,
    betrieb_id  bigint NOT NULL,
    anlagentyp  text   NOT NULL,
    bezeichnung text   NOT NULL
);
`, betrieb.StreamType, func(a *anlageZeile) int64 { return a.BetriebID }),
	neuIn:     func(l *lauf, id int64) (int64, bool) { b, ok := l.angelegt[id]; return b, ok },
	decode:    anlage.Decode,
	bedarf:    anlageBedarf,
	anwenden:  anlageAufgaben,
	schreiben: anlagenNamenSchreiben,
}

// anlageZeile is the copy of a plant.
type anlageZeile struct {
	ID          int64
	BetriebID   int64
	Anlagentyp  string
	Bezeichnung string
}

var anlageTabelle = projections.Tabelle[anlageZeile]{Name: "anlage",
	Spalten: []string{"id", "betrieb_id", "anlagentyp", "bezeichnung"},
	Felder: func(a *anlageZeile) []any {
		return []any{&a.ID, &a.BetriebID, &a.Anlagentyp, &a.Bezeichnung}
	}}

func (l *lauf) anlagen() *projections.Zeilen[anlageZeile] {
	return bereich.Von(l.kopien, anlage.StreamType, anlageTabelle)
}

// anlagenNamenSchreiben shows the plants' new names in all their stored tasks.
func anlagenNamenSchreiben(l *lauf, w *projections.Schreiben) {
	if len(l.umbenannt) == 0 {
		return
	}
	namen := make([]string, len(l.umbenannt))
	for i, id := range l.umbenannt {
		namen[i] = l.anlageNamen[id]
	}
	w.Anweisung(objektDerAufgaben, anlage.StreamType, l.umbenannt, namen)
}

// objektDerAufgaben shows a plant's new name in all its tasks.
const objektDerAufgaben = `UPDATE aufgabe a SET objekt = n.bezeichnung
	FROM unnest($2::bigint[], $3::text[]) AS n (id, bezeichnung)
	WHERE a.stream_type = $1 AND a.objekt_id = n.id AND a.objekt IS DISTINCT FROM n.bezeichnung`

// anlageBedarf: a new plant and a new name need the copy, a change request also the copy of the
// plant's operation; the decisions need the open tasks.
func anlageBedarf(l *lauf, id int64, v ereignis.DomainEvent) {
	switch v := v.(type) {
	case anlage.AnlageAngelegt:
		l.brauche(anlage.StreamType, id, false)
		l.angelegt[id] = v.BetriebID
	case anlage.AnlageGeaendert:
		l.brauche(anlage.StreamType, id, false)
	case anlage.AenderungsantragGestellt:
		l.brauche(anlage.StreamType, id, true)
	case anlage.AenderungsantragUebernommen, anlage.AenderungsantragAbgelehnt:
		l.entscheidet(anlage.StreamType, id)
	}
}

// anlageAufgaben: a plant's change request (filed → adopted or rejected).
func anlageAufgaben(l *lauf, e eventstore.Event, id int64, de ereignis.DomainEvent) error {
	switch v := de.(type) {
	case anlage.AnlageAngelegt:
		if l.anlagen().Zeile(id) != nil {
			return fmt.Errorf("Anlage %d ist schon angelegt", id)
		}
		l.anlagen().Neu(id, anlageZeile{ID: id, BetriebID: v.BetriebID, Anlagentyp: v.Typ, Bezeichnung: v.Daten.Bezeichnung})
	case anlage.AnlageGeaendert:
		if a := l.anlagen().Aendern(id); a != nil {
			a.Bezeichnung = v.Daten.Bezeichnung
		}
		// the name in every task of the plant, whatever its state
		for _, tid := range l.jeObjekt[objekt{e.StreamType, id}] {
			if l.aufgaben.Zeile(tid).Objekt != v.Daten.Bezeichnung {
				l.aufgaben.Aendern(tid).Objekt = v.Daten.Bezeichnung
			}
		}
		if _, neu := l.angelegt[id]; !neu {
			if _, ok := l.anlageNamen[id]; !ok {
				l.umbenannt = append(l.umbenannt, id)
			}
			l.anlageNamen[id] = v.Daten.Bezeichnung
		}
	case anlage.AenderungsantragGestellt:
		x := l.anlagen().Zeile(id)
		if x == nil {
			return fmt.Errorf("Anlage %d: %w", id, pgx.ErrNoRows)
		}
		l.oeffne(e, antrag{art: AnlageAenderungsantrag, aktion: berechtigung.AenderungsantragPruefen, objektID: id,
			objekt: x.Bezeichnung, objekttyp: x.Anlagentyp, anlageID: id, anlagentyp: x.Anlagentyp, betriebID: x.BetriebID})
	case anlage.AenderungsantragUebernommen:
		l.schliesse(e, AnlageAenderungsantrag, id, Uebernommen, "")
	case anlage.AenderungsantragAbgelehnt:
		l.schliesse(e, AnlageAenderungsantrag, id, Abgelehnt, "")
	}
	return nil
}
