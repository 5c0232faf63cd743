package aufgaben

import (
	"fmt"

	"github.com/eabwasser/eabwasser/projections/bereich"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Bescheidsantrag is the kind of a Bescheidsantrag's task.
const Bescheidsantrag = "BESCHEIDSANTRAG"

// Bescheid: a Bescheidsantrag (submitted → taken into work, returned or deleted).
var Bescheid = Bereich{
	StreamType: bescheid.StreamType,
	Behandelt: bereich.Arten(bescheid.BescheidAngelegt{}, bescheid.BescheidGeaendert{}, bescheid.BescheidsantragGestellt{},
		bescheid.BescheidsantragZurueckgewiesen{}, bescheid.BescheidInBearbeitung{}, bescheid.BescheidGeloescht{}),
	// the release of a Bescheid taken into work closes no task (taking it into work did)
	Ignoriert: bereich.Arten(bescheid.BescheidFreigegeben{}, bescheid.MessstellenZugeordnet{}, bescheid.MessstelleEntfernt{},
		bescheid.AnforderungenGesetzt{}, bescheid.AnforderungAngelegt{}, bescheid.AnforderungGeaendert{}, bescheid.AnforderungGeloescht{}),
	kopie: bereich.KopieVon(bescheidTabelle, `CREATE TABLE bescheid (
    id          bigint PRIMARY KEY,
    betrieb_id  bigint NOT NULL,
    bezeichnung text   NOT NULL
);
`, betrieb.StreamType, func(b *bescheidZeile) int64 { return b.BetriebID }),
	decode:   bescheid.Decode,
	bedarf:   bescheidBedarf,
	anwenden: bescheidAufgaben,
}

// bescheidZeile is the copy of a Bescheid.
type bescheidZeile struct {
	ID          int64
	BetriebID   int64
	Bezeichnung string
}

var bescheidTabelle = projections.Tabelle[bescheidZeile]{Name: "bescheid",
	Spalten: []string{"id", "betrieb_id", "bezeichnung"},
	Felder: func(b *bescheidZeile) []any {
		return []any{&b.ID, &b.BetriebID, &b.Bezeichnung}
	}}

func (l *lauf) bescheide() *projections.Zeilen[bescheidZeile] {
	return bereich.Von(l.kopien, bescheid.StreamType, bescheidTabelle)
}

// bescheidBedarf: a new Bescheid needs its operation's copy (an application submitted in the
// same batch opens its task with it), a submission the Bescheid's copy and its operation's, a
// save the copy and the open task for the name; the decisions need the open tasks.
func bescheidBedarf(l *lauf, id int64, v ereignis.DomainEvent) {
	switch v := v.(type) {
	case bescheid.BescheidAngelegt:
		l.brauche(betrieb.StreamType, v.BetriebID, false)
		l.brauche(bescheid.StreamType, id, true)
	case bescheid.BescheidsantragGestellt:
		l.brauche(bescheid.StreamType, id, true)
	case bescheid.BescheidGeaendert:
		l.brauche(bescheid.StreamType, id, true)
		l.entscheidet(bescheid.StreamType, id)
	case bescheid.BescheidsantragZurueckgewiesen, bescheid.BescheidInBearbeitung, bescheid.BescheidGeloescht:
		l.entscheidet(bescheid.StreamType, id)
	}
}

// bescheidAufgaben: a Bescheidsantrag (submitted → taken into work, returned or deleted), for
// who records Bescheide (berechtigung.BescheidAnlegen).
func bescheidAufgaben(l *lauf, e eventstore.Event, id int64, de ereignis.DomainEvent) error {
	switch v := de.(type) {
	case bescheid.BescheidAngelegt:
		if l.bescheide().Zeile(id) == nil {
			l.bescheide().Neu(id, bescheidZeile{ID: id, BetriebID: v.BetriebID, Bezeichnung: bescheid.Anzeigename(v.Daten.Bescheidart, "", v.Daten.Aktenzeichen)})
		}
	case bescheid.BescheidGeaendert:
		b := l.bescheide().Zeile(id)
		if b == nil {
			return nil
		}
		if name := bescheid.Anzeigename(v.Daten.Bescheidart, "", v.Daten.Aktenzeichen); b.Bezeichnung != name {
			l.bescheide().Aendern(id).Bezeichnung = name
		}
		for _, tid := range l.jeObjekt[objekt{e.StreamType, id}] {
			if a := l.aufgaben.Zeile(tid); a.Status == Offen && a.Objekt != l.bescheide().Zeile(id).Bezeichnung {
				l.aufgaben.Aendern(tid).Objekt = l.bescheide().Zeile(id).Bezeichnung
			}
		}
	case bescheid.BescheidsantragGestellt:
		b := l.bescheide().Zeile(id)
		if b == nil {
			return fmt.Errorf("Bescheid %d: %w", id, pgx.ErrNoRows)
		}
		l.oeffne(e, antrag{art: Bescheidsantrag, aktion: berechtigung.BescheidAnlegen, objektID: id, objekt: b.Bezeichnung,
			objekttyp: "BESCHEID", betriebID: b.BetriebID})
	case bescheid.BescheidInBearbeitung:
		l.schliesse(e, Bescheidsantrag, id, Uebernommen, "")
	case bescheid.BescheidsantragZurueckgewiesen:
		l.schliesse(e, Bescheidsantrag, id, Abgewiesen, v.Kommentar)
	case bescheid.BescheidGeloescht:
		l.schliesse(e, Bescheidsantrag, id, Geloescht, "")
	}
	return nil
}
