package aufgaben

import (
	"fmt"

	"github.com/eabwasser/eabwasser/projections/bereich"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// The kinds of the operation's tasks: its Freigabe, its Stammdaten-Anträge.
const (
	BetriebFreigabe  = "BETRIEB_FREIGABE"
	Stammdatenantrag = "STAMMDATENANTRAG"
)

// Betrieb: the operation's Freigabe (requested, requested again → decided) and its
// Stammdaten-Anträge (filed → adopted or rejected). Its copy gives every task its operation:
// what the task shows of it and who sees it.
var Betrieb = Bereich{
	StreamType: betrieb.StreamType,
	Behandelt: bereich.Arten(betrieb.BetriebBeantragt{}, betrieb.FreigabeErneutBeantragt{}, betrieb.BetriebsdatenGeaendert{},
		betrieb.BetriebGeaendert{}, betrieb.BetreiberUmgezogen{}, betrieb.BetriebFreigegeben{}, betrieb.BetriebAbgewiesen{},
		betrieb.StammdatenAntragGestellt{}, betrieb.StammdatenAntragUebernommen{}, betrieb.StammdatenAntragAbgelehnt{}),
	Ignoriert: bereich.Arten(betrieb.BetreiberGewechselt{}, betrieb.BetriebStillgelegt{}),
	kopie: bereich.KopieVon(betriebTabelle, `CREATE TABLE betrieb (
    id                bigint PRIMARY KEY,
    betriebs_id       text   NOT NULL,
    bezeichnung       text   NOT NULL,
    betreiber_id      bigint NOT NULL,
    regionalstelle_id bigint
);
`, "", nil),
	decode:   betrieb.Decode,
	bedarf:   betriebBedarf,
	anwenden: betriebAufgaben,
	schreiben: func(l *lauf, w *projections.Schreiben) {
		if len(l.geaenderteBetriebe) > 0 {
			w.Anweisung(aufgabenDerBetriebe, l.geaenderteBetriebe)
		}
	},
}

// betriebZeile is the copy of an operation.
type betriebZeile struct {
	ID               int64
	BetriebsID       string
	Bezeichnung      string
	BetreiberID      int64
	RegionalstelleID *int64
}

var betriebTabelle = projections.Tabelle[betriebZeile]{Name: "betrieb",
	Spalten: []string{"id", "betriebs_id", "bezeichnung", "betreiber_id", "regionalstelle_id"},
	Felder: func(b *betriebZeile) []any {
		return []any{&b.ID, &b.BetriebsID, &b.Bezeichnung, &b.BetreiberID, &b.RegionalstelleID}
	}}

func (l *lauf) betriebe() *projections.Zeilen[betriebZeile] {
	return bereich.Von(l.kopien, betrieb.StreamType, betriebTabelle)
}

// aufgabenDerBetriebe shows an operation's data in all its tasks (every kind, every state).
const aufgabenDerBetriebe = `UPDATE aufgabe a SET betrieb = b.bezeichnung, betriebs_id = b.betriebs_id,
	betreiber_id = b.betreiber_id, regionalstelle_id = b.regionalstelle_id
	FROM betrieb b WHERE b.id = a.betrieb_id AND b.id = ANY($1::bigint[])
	AND (a.betrieb, a.betriebs_id, a.betreiber_id, a.regionalstelle_id)
		IS DISTINCT FROM (b.bezeichnung, b.betriebs_id, b.betreiber_id, b.regionalstelle_id)`

// betriebGeaendert keeps the tasks of the operation (every kind, every state) in step with its
// copy: a new name, operator or Regionalstelle changes what they show and who sees them. The
// tasks in memory change here; the stored others with one statement at the end of the batch.
func (l *lauf) betriebGeaendert(id int64) {
	b := l.betriebe().Zeile(id)
	if b == nil {
		return
	}
	if !l.geaendertSet[id] && !l.neueBetriebe[id] {
		l.geaendertSet[id] = true
		l.geaenderteBetriebe = append(l.geaenderteBetriebe, id)
	}
	for _, tid := range l.jeBetrieb[id] {
		a := l.aufgaben.Zeile(tid)
		if a.Betrieb == b.Bezeichnung && a.BetriebsID == b.BetriebsID && a.BetreiberID == b.BetreiberID &&
			gleich(a.RegionalstelleID, b.RegionalstelleID) {
			continue
		}
		a = l.aufgaben.Aendern(tid)
		a.Betrieb, a.BetriebsID, a.BetreiberID, a.RegionalstelleID = b.Bezeichnung, b.BetriebsID, b.BetreiberID, b.RegionalstelleID
	}
}

// betriebsdaten takes an operation's new data into its copy (if the projection has one).
func (l *lauf) betriebsdaten(id int64, d betrieb.Daten) {
	b := l.betriebe().Aendern(id)
	if b == nil {
		return
	}
	b.Bezeichnung, b.BetreiberID, b.RegionalstelleID = d.Bezeichnung, d.BetreiberID, regionalstelle(d)
	l.betriebGeaendert(id)
}

func regionalstelle(d betrieb.Daten) *int64 {
	if d.RegionalstelleID == 0 {
		return nil
	}
	rs := d.RegionalstelleID
	return &rs
}

func gleich(a, b *int64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// betriebBedarf: every event of an operation that changes its copy or opens a task needs the
// copy; the decisions need the open tasks.
func betriebBedarf(l *lauf, id int64, v ereignis.DomainEvent) {
	switch v.(type) {
	case betrieb.BetriebBeantragt, betrieb.FreigabeErneutBeantragt, betrieb.BetriebsdatenGeaendert, betrieb.BetriebGeaendert,
		betrieb.BetreiberUmgezogen, betrieb.StammdatenAntragGestellt:
		l.brauche(betrieb.StreamType, id, false)
	case betrieb.BetriebFreigegeben, betrieb.BetriebAbgewiesen, betrieb.StammdatenAntragUebernommen, betrieb.StammdatenAntragAbgelehnt:
		l.entscheidet(betrieb.StreamType, id)
	}
}

// betriebAufgaben: the operation's Freigabe (requested, requested again → decided) and its
// Stammdaten-Anträge (filed → adopted or rejected).
func betriebAufgaben(l *lauf, e eventstore.Event, id int64, de ereignis.DomainEvent) error {
	freigabe := antrag{art: BetriebFreigabe, aktion: berechtigung.BetriebFreigeben, objektID: id, betriebID: id}
	switch v := de.(type) {
	case betrieb.BetriebBeantragt:
		if l.betriebe().Zeile(id) != nil {
			return fmt.Errorf("Betrieb %d ist schon beantragt", id)
		}
		l.betriebe().Neu(id, betriebZeile{ID: id, BetriebsID: v.BetriebsID, Bezeichnung: v.Daten.Bezeichnung,
			BetreiberID: v.Daten.BetreiberID, RegionalstelleID: regionalstelle(v.Daten)})
		l.neueBetriebe[id] = true
		l.oeffne(e, freigabe)
	case betrieb.FreigabeErneutBeantragt:
		l.betriebsdaten(id, v.Daten)
		l.oeffne(e, freigabe)
	case betrieb.BetriebsdatenGeaendert:
		l.betriebsdaten(id, v.Daten)
	case betrieb.BetriebGeaendert:
		l.betriebsdaten(id, v.Daten)
	case betrieb.BetreiberUmgezogen:
		if b := l.betriebe().Aendern(id); b != nil {
			b.BetreiberID = v.NeuID
			l.betriebGeaendert(id)
		}
	case betrieb.BetriebFreigegeben:
		l.schliesse(e, BetriebFreigabe, id, Freigegeben, v.Kommentar)
	case betrieb.BetriebAbgewiesen:
		l.schliesse(e, BetriebFreigabe, id, Abgewiesen, v.Kommentar)
	case betrieb.StammdatenAntragGestellt:
		l.oeffne(e, antrag{art: Stammdatenantrag, aktion: berechtigung.AenderungsantragPruefen, objektID: id, betriebID: id})
	case betrieb.StammdatenAntragUebernommen:
		l.schliesse(e, Stammdatenantrag, id, Uebernommen, "")
	case betrieb.StammdatenAntragAbgelehnt:
		l.schliesse(e, Stammdatenantrag, id, Abgelehnt, "")
	}
	return nil
}
