package aufgaben

import (
	"fmt"

	"github.com/eabwasser/eabwasser/projections/bereich"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// MessstelleFreigabe is the kind of a measuring point's Freigabe.
const MessstelleFreigabe = "MESSSTELLE_FREIGABE"

// Messstelle: a measuring point's Freigabe (requested, requested again → decided).
var Messstelle = Bereich{
	StreamType: messstelle.StreamType,
	Behandelt: bereich.Arten(messstelle.MessstelleBeantragt{}, messstelle.MessstellenfreigabeErneutAngefordert{},
		messstelle.MessstelleGeaendert{}, messstelle.MessstelleFreigegeben{}, messstelle.MessstelleAbgewiesen{}),
	Ignoriert: bereich.Arten(messstelle.MessstelleStillgelegt{}),
	kopie: bereich.KopieVon(messstelleTabelle, `CREATE TABLE messstelle (
    id          bigint PRIMARY KEY,
    betrieb_id  bigint NOT NULL,
    anlage_id   bigint NOT NULL,
    anlagentyp  text   NOT NULL,
    typ         text   NOT NULL,
    bezeichnung text   NOT NULL
);
`, betrieb.StreamType, func(m *messstelleZeile) int64 { return m.BetriebID }),
	decode:   messstelle.Decode,
	bedarf:   messstelleBedarf,
	anwenden: messstelleAufgaben,
}

// messstelleZeile is the copy of a measuring point.
type messstelleZeile struct {
	ID          int64
	BetriebID   int64
	AnlageID    int64
	Anlagentyp  string
	Typ         string
	Bezeichnung string
}

var messstelleTabelle = projections.Tabelle[messstelleZeile]{Name: "messstelle",
	Spalten: []string{"id", "betrieb_id", "anlage_id", "anlagentyp", "typ", "bezeichnung"},
	Felder: func(m *messstelleZeile) []any {
		return []any{&m.ID, &m.BetriebID, &m.AnlageID, &m.Anlagentyp, &m.Typ, &m.Bezeichnung}
	}}

func (l *lauf) messstellen() *projections.Zeilen[messstelleZeile] {
	return bereich.Von(l.kopien, messstelle.StreamType, messstelleTabelle)
}

// messstelleBedarf: a request needs the copy of the point's operation (a new point names it in
// its event, a renewed request through the point's copy); a save needs the copy and the open
// task for the name; the decisions need the open tasks.
func messstelleBedarf(l *lauf, id int64, v ereignis.DomainEvent) {
	switch v := v.(type) {
	case messstelle.MessstelleBeantragt:
		l.brauche(betrieb.StreamType, v.BetriebID, false)
		l.brauche(anlage.StreamType, v.AnlageID, false)
		l.brauche(messstelle.StreamType, id, true)
	case messstelle.MessstellenfreigabeErneutAngefordert, messstelle.MessstelleGeaendert:
		l.brauche(messstelle.StreamType, id, true)
		l.entscheidet(messstelle.StreamType, id) // a correction renames the open task
	case messstelle.MessstelleFreigegeben, messstelle.MessstelleAbgewiesen:
		l.entscheidet(messstelle.StreamType, id)
	}
}

// messstelleAufgaben: a measuring point's Freigabe (requested, requested again → decided), for
// who may approve measuring points (berechtigung.MessstelleFreigeben).
func messstelleAufgaben(l *lauf, e eventstore.Event, id int64, de ereignis.DomainEvent) error {
	freigabe := func(m *messstelleZeile, von int64) antrag {
		return antrag{art: MessstelleFreigabe, aktion: berechtigung.MessstelleFreigeben, objektID: id, objekt: m.Bezeichnung,
			objekttyp: m.Typ, anlageID: m.AnlageID, anlagentyp: m.Anlagentyp, betriebID: m.BetriebID, nichtVon: von}
	}
	switch v := de.(type) {
	case messstelle.MessstelleBeantragt:
		if l.messstellen().Zeile(id) != nil {
			return fmt.Errorf("Messstelle %d ist schon beantragt", id)
		}
		var anlagentyp string
		if a := l.anlagen().Zeile(v.AnlageID); a != nil {
			anlagentyp = a.Anlagentyp
		}
		m := l.messstellen().Neu(id, messstelleZeile{ID: id, BetriebID: v.BetriebID, AnlageID: v.AnlageID, Anlagentyp: anlagentyp,
			Typ: v.Daten.Messstellentyp, Bezeichnung: v.Daten.Bezeichnung})
		l.oeffne(e, freigabe(m, v.Antragsteller))
	case messstelle.MessstellenfreigabeErneutAngefordert:
		m := l.messstelleDaten(e, id, v.Daten)
		if m == nil {
			return fmt.Errorf("Messstelle %d: %w", id, pgx.ErrNoRows)
		}
		l.oeffne(e, freigabe(m, v.Antragsteller))
	case messstelle.MessstelleGeaendert:
		l.messstelleDaten(e, id, v.Daten)
	case messstelle.MessstelleFreigegeben:
		l.schliesse(e, MessstelleFreigabe, id, Freigegeben, v.Kommentar)
	case messstelle.MessstelleAbgewiesen:
		l.schliesse(e, MessstelleFreigabe, id, Abgewiesen, v.Kommentar)
	}
	return nil
}

// messstelleDaten takes a measuring point's new name and type into its copy and into its tasks
// in memory (only open ones are: a point's decided tasks keep the name they were decided with).
func (l *lauf) messstelleDaten(e eventstore.Event, id int64, d messstelle.Daten) *messstelleZeile {
	m := l.messstellen().Zeile(id)
	if m == nil {
		return nil
	}
	if m.Bezeichnung != d.Bezeichnung || m.Typ != d.Messstellentyp {
		m = l.messstellen().Aendern(id)
		m.Bezeichnung, m.Typ = d.Bezeichnung, d.Messstellentyp
	}
	for _, tid := range l.jeObjekt[objekt{e.StreamType, id}] {
		// a task opened and decided in this batch is in memory too: it keeps its name as decided
		if a := l.aufgaben.Zeile(tid); a.Status == Offen && (a.Objekt != m.Bezeichnung || a.Objekttyp != m.Typ) {
			a = l.aufgaben.Aendern(tid)
			a.Objekt, a.Objekttyp = m.Bezeichnung, m.Typ
		}
	}
	return m
}
