// Package aufgaben is the read model of the Aufgaben view (the task inbox, issue 14): one row
// per application of any kind — an operation's Freigabe, a Stammdaten-Antrag, a plant's change
// request, a measuring point's Freigabe; later a Bescheidsantrag, a submitted annual report —
// open until it is decided, then with its decision. A row names the permission that decides
// it (aktion) and carries the visibility columns of its operation, so the server picks who
// sees which task with the one condition of internal/zugriff: staff see the open tasks they
// may decide among what they see, operators the applications of their organisation in every
// state. Each area adds one entry for its stream type (bereiche below) that opens and closes
// its tasks; the runtime, rebuild and read-your-writes are those of every projection.
package aufgaben

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Name of the projection (and its schema).
const Name = "aufgaben"

// The kinds of task (art) and their states (status).
const (
	BetriebFreigabe        = "BETRIEB_FREIGABE"
	Stammdatenantrag       = "STAMMDATENANTRAG"
	AnlageAenderungsantrag = "ANLAGE_AENDERUNGSANTRAG"
	MessstelleFreigabe     = "MESSSTELLE_FREIGABE"
	Bescheidsantrag        = "BESCHEIDSANTRAG"
	Jahresbericht          = "JAHRESBERICHT"

	Offen       = "OFFEN"
	Freigegeben = "FREIGEGEBEN"
	Abgewiesen  = "ABGEWIESEN"
	Uebernommen = "UEBERNOMMEN"
	Abgelehnt   = "ABGELEHNT"
	Geloescht   = "GELOESCHT"
)

// The operation and plant tables are the projection's own copies of what a task shows and
// who sees it (a rebuild depends on nothing but the events). A task's id is the position of
// the event that opened it: stable across rebuilds.
const schema = `
CREATE TABLE betrieb (
    id                bigint PRIMARY KEY,
    betriebs_id       text   NOT NULL,
    bezeichnung       text   NOT NULL,
    betreiber_id      bigint NOT NULL,
    regionalstelle_id bigint
);
CREATE TABLE anlage (
    id          bigint PRIMARY KEY,
    betrieb_id  bigint NOT NULL,
    anlagentyp  text   NOT NULL,
    bezeichnung text   NOT NULL
);
CREATE TABLE messstelle (
    id          bigint PRIMARY KEY,
    betrieb_id  bigint NOT NULL,
    anlage_id   bigint NOT NULL,
    anlagentyp  text   NOT NULL,
    typ         text   NOT NULL,
    bezeichnung text   NOT NULL
);
CREATE TABLE bescheid (
    id          bigint PRIMARY KEY,
    betrieb_id  bigint NOT NULL,
    bezeichnung text   NOT NULL
);
CREATE TABLE jahresbericht (
    id          bigint PRIMARY KEY,
    betrieb_id  bigint NOT NULL,
    anlage_id   bigint NOT NULL,
    bezeichnung text   NOT NULL
);
CREATE TABLE aufgabe (
    id                bigint      PRIMARY KEY,
    art               text        NOT NULL,
    aktion            text        NOT NULL,
    stream_type       text        NOT NULL,
    objekt_id         bigint      NOT NULL,
    objekt            text        NOT NULL DEFAULT '',
    objekttyp         text        NOT NULL DEFAULT '',
    anlage_id         bigint      NOT NULL DEFAULT 0,
    anlagentyp        text        NOT NULL DEFAULT '',
    betrieb_id        bigint      NOT NULL,
    betriebs_id       text        NOT NULL DEFAULT '',
    betrieb           text        NOT NULL DEFAULT '',
    betreiber_id      bigint      NOT NULL DEFAULT 0,
    regionalstelle_id bigint,
    beantragt_von     text        NOT NULL,
    -- nicht_von: the account that may not decide the task (the four-eyes rule: its requester), 0: none
    nicht_von         bigint      NOT NULL DEFAULT 0,
    beantragt_am      timestamptz NOT NULL,
    status            text        NOT NULL,
    entschieden_von   text        NOT NULL DEFAULT '',
    entschieden_am    timestamptz,
    kommentar         text        NOT NULL DEFAULT '',
    position          bigint      NOT NULL,
    -- who requested and who decided beside their names as their events' metadata names them
    -- (account, organisation, roles), so the list shows a name only to whom the Historie shows
    -- it (verlauf.NamenFuer; issue 42)
    beantragt_akteur          text NOT NULL DEFAULT '',
    beantragt_organisation    text NOT NULL DEFAULT '',
    beantragt_rollen          text NOT NULL DEFAULT '',
    entschieden_akteur        text NOT NULL DEFAULT '',
    entschieden_organisation  text NOT NULL DEFAULT '',
    entschieden_rollen        text NOT NULL DEFAULT ''
);
`

// indexe serve the Aufgaben view (open tasks by permission, the staff's list in its order, an
// operator's tasks, the badge by Regionalstelle) and the projection itself (the open tasks of an
// object, the tasks of an operation). The staff's list walks the open tasks in id order and
// counts them on every page: aufgabe_offen_id carries every column its condition reads, so the
// count of tens of thousands of open tasks is an index-only scan.
const indexe = `
CREATE INDEX aufgabe_offen ON aufgabe (aktion, id) WHERE status = 'OFFEN';
CREATE INDEX aufgabe_offen_id ON aufgabe (id) INCLUDE (aktion, nicht_von, betreiber_id, regionalstelle_id, betrieb_id) WHERE status = 'OFFEN';
CREATE INDEX aufgabe_objekt ON aufgabe (stream_type, objekt_id);
CREATE INDEX aufgabe_betrieb ON aufgabe (betrieb_id);
CREATE INDEX aufgabe_betreiber ON aufgabe (betreiber_id, id);
CREATE INDEX aufgabe_regionalstelle ON aufgabe (regionalstelle_id) WHERE status = 'OFFEN';
`

// Projection is the task read model.
var Projection = projections.Projection{
	Name:       Name,
	Schema:     schema,
	Indexe:     indexe,
	Projiziere: projiziere,
}

// The rows of the three tables as a batch holds them in memory.
type (
	betriebZeile struct {
		ID               int64
		BetriebsID       string
		Bezeichnung      string
		BetreiberID      int64
		RegionalstelleID *int64
	}
	anlageZeile struct {
		ID          int64
		BetriebID   int64
		Anlagentyp  string
		Bezeichnung string
	}
	messstelleZeile struct {
		ID          int64
		BetriebID   int64
		AnlageID    int64
		Anlagentyp  string
		Typ         string
		Bezeichnung string
	}
	bescheidZeile struct {
		ID          int64
		BetriebID   int64
		Bezeichnung string
	}
	berichtZeile struct {
		ID          int64
		BetriebID   int64
		AnlageID    int64
		Bezeichnung string
	}
	aufgabeZeile struct {
		ID               int64
		Art              string
		Aktion           string
		StreamType       string
		ObjektID         int64
		Objekt           string
		Objekttyp        string
		AnlageID         int64
		Anlagentyp       string
		BetriebID        int64
		BetriebsID       string
		Betrieb          string
		BetreiberID      int64
		RegionalstelleID *int64
		BeantragtVon     string
		NichtVon         int64
		BeantragtAm      time.Time
		Status           string
		EntschiedenVon   string
		EntschiedenAm    *time.Time
		Kommentar        string
		Position         int64
		Beantragt        Akteur
		Entschieden      Akteur
	}
)

var (
	betriebTabelle = projections.Tabelle[betriebZeile]{Name: "betrieb",
		Spalten: []string{"id", "betriebs_id", "bezeichnung", "betreiber_id", "regionalstelle_id"},
		Felder: func(b *betriebZeile) []any {
			return []any{&b.ID, &b.BetriebsID, &b.Bezeichnung, &b.BetreiberID, &b.RegionalstelleID}
		}}
	anlageTabelle = projections.Tabelle[anlageZeile]{Name: "anlage",
		Spalten: []string{"id", "betrieb_id", "anlagentyp", "bezeichnung"},
		Felder: func(a *anlageZeile) []any {
			return []any{&a.ID, &a.BetriebID, &a.Anlagentyp, &a.Bezeichnung}
		}}
	messstelleTabelle = projections.Tabelle[messstelleZeile]{Name: "messstelle",
		Spalten: []string{"id", "betrieb_id", "anlage_id", "anlagentyp", "typ", "bezeichnung"},
		Felder: func(m *messstelleZeile) []any {
			return []any{&m.ID, &m.BetriebID, &m.AnlageID, &m.Anlagentyp, &m.Typ, &m.Bezeichnung}
		}}
	bescheidTabelle = projections.Tabelle[bescheidZeile]{Name: "bescheid",
		Spalten: []string{"id", "betrieb_id", "bezeichnung"},
		Felder: func(b *bescheidZeile) []any {
			return []any{&b.ID, &b.BetriebID, &b.Bezeichnung}
		}}
	berichtTabelle = projections.Tabelle[berichtZeile]{Name: "jahresbericht",
		Spalten: []string{"id", "betrieb_id", "anlage_id", "bezeichnung"},
		Felder: func(b *berichtZeile) []any {
			return []any{&b.ID, &b.BetriebID, &b.AnlageID, &b.Bezeichnung}
		}}
	aufgabeTabelle = projections.Tabelle[aufgabeZeile]{Name: "aufgabe",
		Spalten: []string{"id", "art", "aktion", "stream_type", "objekt_id", "objekt", "objekttyp", "anlage_id", "anlagentyp", "betrieb_id", "betriebs_id",
			"betrieb", "betreiber_id", "regionalstelle_id", "beantragt_von", "nicht_von", "beantragt_am", "status", "entschieden_von",
			"entschieden_am", "kommentar", "position", "beantragt_akteur", "beantragt_organisation", "beantragt_rollen",
			"entschieden_akteur", "entschieden_organisation", "entschieden_rollen"},
		Felder: func(a *aufgabeZeile) []any {
			return []any{&a.ID, &a.Art, &a.Aktion, &a.StreamType, &a.ObjektID, &a.Objekt, &a.Objekttyp, &a.AnlageID, &a.Anlagentyp, &a.BetriebID, &a.BetriebsID,
				&a.Betrieb, &a.BetreiberID, &a.RegionalstelleID, &a.BeantragtVon, &a.NichtVon, &a.BeantragtAm, &a.Status, &a.EntschiedenVon,
				&a.EntschiedenAm, &a.Kommentar, &a.Position, &a.Beantragt.ID, &a.Beantragt.Organisation, &a.Beantragt.Rollen,
				&a.Entschieden.ID, &a.Entschieden.Organisation, &a.Entschieden.Rollen}
		}}
)

// bereich is what an area with applications contributes: how its events read, what they need
// of the read model (noted before anything is read, so a batch reads each table once) and
// what they do to the copies and the tasks. Areas with applications add theirs (bescheid,
// jahresbericht to come).
type bereich struct {
	decode   func(eventType string, data json.RawMessage) (ereignis.DomainEvent, error)
	bedarf   func(l *lauf, id int64, v ereignis.DomainEvent)
	anwenden func(l *lauf, e eventstore.Event, id int64, v ereignis.DomainEvent) error
}

var bereiche = map[string]bereich{
	betrieb.StreamType:       {decode: betrieb.Decode, bedarf: betriebBedarf, anwenden: betriebAufgaben},
	anlage.StreamType:        {decode: anlage.Decode, bedarf: anlageBedarf, anwenden: anlageAufgaben},
	messstelle.StreamType:    {decode: messstelle.Decode, bedarf: messstelleBedarf, anwenden: messstelleAufgaben},
	bescheid.StreamType:      {decode: bescheid.Decode, bedarf: bescheidBedarf, anwenden: bescheidAufgaben},
	jahresbericht.StreamType: {decode: jahresbericht.Decode, bedarf: berichtBedarf, anwenden: berichtAufgaben},
}

// objekt is the object an application is about: its stream type and aggregate id.
type objekt struct {
	streamType string
	id         int64
}

// lauf is one batch: the rows it touches and what the set-based writes at its end need.
type lauf struct {
	betriebe    *projections.Zeilen[betriebZeile]
	anlagen     *projections.Zeilen[anlageZeile]
	messstellen *projections.Zeilen[messstelleZeile]
	bescheide   *projections.Zeilen[bescheidZeile]
	berichte    *projections.Zeilen[berichtZeile]
	aufgaben    *projections.Zeilen[aufgabeZeile]

	// what to read before the events are applied
	betriebIDs, anlageIDs []int64
	messstelleIDs         []int64
	bescheidIDs           []int64
	berichtIDs            []int64
	betriebDerAnlage      []int64         // plants whose operation's copy a new task needs
	angelegt              map[int64]int64 // plants created in the batch → their operation
	entschieden           map[objekt]bool // objects whose open tasks the batch may close

	// the tasks in memory (loaded open ones and those opened in the batch) by object and by
	// operation, to close them and keep them in step without asking the database again
	jeObjekt  map[objekt][]int64
	jeBetrieb map[int64][]int64

	// what the stored tasks outside memory need at the end: the operations whose data changed,
	// the plants' new names. An operation or plant created in the batch has no stored tasks
	// (a task needs the copy), so its changes stay in memory.
	neueBetriebe       map[int64]bool
	geaenderteBetriebe []int64
	geaendertSet       map[int64]bool
	anlageNamen        map[int64]string
	umbenannt          []int64
}

func projiziere(ctx context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
	l := &lauf{
		betriebe: betriebTabelle.Zeilen(), anlagen: anlageTabelle.Zeilen(), messstellen: messstelleTabelle.Zeilen(),
		bescheide: bescheidTabelle.Zeilen(), berichte: berichtTabelle.Zeilen(), aufgaben: aufgabeTabelle.Zeilen(),
		angelegt: map[int64]int64{}, entschieden: map[objekt]bool{},
		jeObjekt: map[objekt][]int64{}, jeBetrieb: map[int64][]int64{},
		neueBetriebe: map[int64]bool{}, geaendertSet: map[int64]bool{}, anlageNamen: map[int64]string{},
	}
	// first pass: read each event once and note what it needs
	type ereignisMitID struct {
		e  eventstore.Event
		id int64
		v  ereignis.DomainEvent
		b  bereich
	}
	var ereignisse []ereignisMitID
	handler := map[string]func(eventstore.Event, int64) error{}
	for typ, b := range bereiche {
		handler[typ] = func(e eventstore.Event, id int64) error {
			v, err := b.decode(e.Type, e.Data)
			if err != nil {
				return err
			}
			b.bedarf(l, id, v)
			ereignisse = append(ereignisse, ereignisMitID{e: e, id: id, v: v, b: b})
			return nil
		}
	}
	if err := s.JeStreamtyp(handler); err != nil {
		return nil, err
	}
	if len(ereignisse) == 0 {
		return nil, nil
	}
	if err := l.laden(ctx, s); err != nil {
		return nil, err
	}
	for _, x := range ereignisse {
		if err := x.b.anwenden(l, x.e, x.id, x.v); err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", x.e.Position, x.e.Type, err)
		}
	}
	return l.schreiben(), nil
}

// laden reads what the batch needs: the plants, then the operations (with those of plants
// that get a task), then the open tasks of the objects the batch decides — a constant number
// of queries whatever the batch's size.
func (l *lauf) laden(ctx context.Context, s *projections.Stapel) error {
	if err := l.anlagen.Laden(ctx, s, l.anlageIDs); err != nil {
		return err
	}
	if err := l.messstellen.Laden(ctx, s, l.messstelleIDs); err != nil {
		return err
	}
	for _, id := range l.messstelleIDs {
		if m := l.messstellen.Zeile(id); m != nil {
			l.betriebIDs = append(l.betriebIDs, m.BetriebID)
		}
	}
	if err := l.bescheide.Laden(ctx, s, l.bescheidIDs); err != nil {
		return err
	}
	for _, id := range l.bescheidIDs {
		if b := l.bescheide.Zeile(id); b != nil {
			l.betriebIDs = append(l.betriebIDs, b.BetriebID)
		}
	}
	if err := l.berichte.Laden(ctx, s, l.berichtIDs); err != nil {
		return err
	}
	for _, id := range l.berichtIDs {
		if b := l.berichte.Zeile(id); b != nil {
			l.betriebIDs = append(l.betriebIDs, b.BetriebID)
		}
	}
	for _, id := range l.betriebDerAnlage {
		if a := l.anlagen.Zeile(id); a != nil {
			l.betriebIDs = append(l.betriebIDs, a.BetriebID)
		} else if b, ok := l.angelegt[id]; ok {
			l.betriebIDs = append(l.betriebIDs, b)
		}
	}
	if err := l.betriebe.Laden(ctx, s, l.betriebIDs); err != nil {
		return err
	}
	if len(l.entschieden) == 0 {
		return nil
	}
	typen := make([]string, 0, len(l.entschieden))
	objektIDs := make([]int64, 0, len(l.entschieden))
	for o := range l.entschieden {
		typen = append(typen, o.streamType)
		objektIDs = append(objektIDs, o.id)
	}
	rows, err := s.Query(ctx, `SELECT id FROM aufgabe WHERE status = $3
		AND (stream_type, objekt_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[]))`, typen, objektIDs, Offen)
	if err != nil {
		return err
	}
	offen, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return fmt.Errorf("offene Aufgaben: %w", err)
	}
	if err := l.aufgaben.Laden(ctx, s, offen); err != nil {
		return err
	}
	for _, id := range offen {
		if a := l.aufgaben.Zeile(id); a != nil {
			l.merken(a)
		}
	}
	return nil
}

// merken puts a task in memory into the indexes by object and by operation.
func (l *lauf) merken(a *aufgabeZeile) {
	o := objekt{a.StreamType, a.ObjektID}
	l.jeObjekt[o] = append(l.jeObjekt[o], a.ID)
	l.jeBetrieb[a.BetriebID] = append(l.jeBetrieb[a.BetriebID], a.ID)
}

// schreiben: each changed row once; then what follows for the stored tasks outside memory, set
// based and after the rows, so it reads the copies as the batch leaves them.
func (l *lauf) schreiben() *projections.Schreiben {
	w := &projections.Schreiben{}
	l.betriebe.Schreiben(w)
	l.anlagen.Schreiben(w)
	l.messstellen.Schreiben(w)
	l.bescheide.Schreiben(w)
	l.berichte.Schreiben(w)
	l.aufgaben.Schreiben(w)
	if len(l.geaenderteBetriebe) > 0 {
		w.Anweisung(aufgabenDerBetriebe, l.geaenderteBetriebe)
	}
	if len(l.umbenannt) > 0 {
		namen := make([]string, len(l.umbenannt))
		for i, id := range l.umbenannt {
			namen[i] = l.anlageNamen[id]
		}
		w.Anweisung(objektDerAufgaben, anlage.StreamType, l.umbenannt, namen)
	}
	return w
}

// aufgabenDerBetriebe shows an operation's data in all its tasks (every kind, every state).
const aufgabenDerBetriebe = `UPDATE aufgabe a SET betrieb = b.bezeichnung, betriebs_id = b.betriebs_id,
	betreiber_id = b.betreiber_id, regionalstelle_id = b.regionalstelle_id
	FROM betrieb b WHERE b.id = a.betrieb_id AND b.id = ANY($1::bigint[])
	AND (a.betrieb, a.betriebs_id, a.betreiber_id, a.regionalstelle_id)
		IS DISTINCT FROM (b.bezeichnung, b.betriebs_id, b.betreiber_id, b.regionalstelle_id)`

// objektDerAufgaben shows a plant's new name in all its tasks.
const objektDerAufgaben = `UPDATE aufgabe a SET objekt = n.bezeichnung
	FROM unnest($2::bigint[], $3::text[]) AS n (id, bezeichnung)
	WHERE a.stream_type = $1 AND a.objekt_id = n.id AND a.objekt IS DISTINCT FROM n.bezeichnung`

// antrag is a task being opened: its kind, the permission that decides it and its object.
type antrag struct {
	art       string
	aktion    berechtigung.Aktion
	objektID  int64
	objekt    string // the object's name, when it is not the operation itself
	objekttyp string
	// anlageID and anlagentyp: the plant of the object (a plant's own change request, a
	// measuring point's Freigabe), for the path of its screen
	anlageID   int64
	anlagentyp string
	betriebID  int64
	// nichtVon is the account that may not decide it (four eyes: the measuring point's requester)
	nichtVon int64
}

// oeffne adds an open task; what it shows of the operation and who sees it come from the copy
// of the operation — without a copy there is no task (as the projection always did).
func (l *lauf) oeffne(e eventstore.Event, a antrag) {
	b := l.betriebe.Zeile(a.betriebID)
	if b == nil {
		return
	}
	z := l.aufgaben.Neu(e.Position, aufgabeZeile{ID: e.Position, Art: a.art, Aktion: string(a.aktion), StreamType: e.StreamType,
		ObjektID: a.objektID, Objekt: a.objekt, Objekttyp: a.objekttyp, AnlageID: a.anlageID, Anlagentyp: a.anlagentyp,
		BetriebID: b.ID, BetriebsID: b.BetriebsID,
		Betrieb: b.Bezeichnung, BetreiberID: b.BetreiberID, RegionalstelleID: b.RegionalstelleID,
		BeantragtVon: akteur(e), Beantragt: akteurDes(e), NichtVon: a.nichtVon, BeantragtAm: e.RecordedAt, Status: Offen, Position: e.Position})
	l.merken(z)
}

// schliesse records the decision of the open tasks of the kind on the object: the stored ones
// (loaded) and those opened earlier in the batch.
func (l *lauf) schliesse(e eventstore.Event, art string, objektID int64, status, kommentar string) {
	for _, id := range l.jeObjekt[objekt{e.StreamType, objektID}] {
		if a := l.aufgaben.Zeile(id); a.Art != art || a.Status != Offen {
			continue
		}
		a := l.aufgaben.Aendern(id)
		am := e.RecordedAt
		a.Status, a.EntschiedenVon, a.Entschieden, a.EntschiedenAm, a.Kommentar, a.Position = status, akteur(e), akteurDes(e), &am, kommentar, e.Position
	}
}

// entscheidet notes an object whose open tasks a batch's event may close.
func (l *lauf) entscheidet(streamType string, id int64) { l.entschieden[objekt{streamType, id}] = true }

func akteur(e eventstore.Event) string {
	if e.Metadata.ActorName != "" {
		return e.Metadata.ActorName
	}
	return "eAbwasser"
}

// Akteur is who did an event as a task keeps him beside his name: the part of the event's
// metadata the Historie's masking reads (verlauf.NamenFuer and verlauf.Seite) — account,
// organisation and roles (comma-separated); the service names him through it.
type Akteur struct{ ID, Organisation, Rollen string }

// Metadata is the actor as the event's metadata named him.
func (a Akteur) Metadata() eventstore.Metadata {
	m := eventstore.Metadata{ActorID: a.ID, Organisation: a.Organisation}
	if a.Rollen != "" {
		m.Roles = strings.Split(a.Rollen, ",")
	}
	return m
}

// akteurDes is who did event e, as a task keeps him.
func akteurDes(e eventstore.Event) Akteur {
	return Akteur{ID: e.Metadata.ActorID, Organisation: e.Metadata.Organisation, Rollen: strings.Join(e.Metadata.Roles, ",")}
}

// betriebGeaendert keeps the tasks of the operation (every kind, every state) in step with its
// copy: a new name, operator or Regionalstelle changes what they show and who sees them. The
// tasks in memory change here; the stored others with one statement at the end of the batch.
func (l *lauf) betriebGeaendert(id int64) {
	b := l.betriebe.Zeile(id)
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
	b := l.betriebe.Aendern(id)
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
		l.betriebIDs = append(l.betriebIDs, id)
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
		if l.betriebe.Zeile(id) != nil {
			return fmt.Errorf("Betrieb %d ist schon beantragt", id)
		}
		l.betriebe.Neu(id, betriebZeile{ID: id, BetriebsID: v.BetriebsID, Bezeichnung: v.Daten.Bezeichnung,
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
		if b := l.betriebe.Aendern(id); b != nil {
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

// anlageBedarf: a new plant and a new name need the copy, a change request also the copy of the
// plant's operation; the decisions need the open tasks.
func anlageBedarf(l *lauf, id int64, v ereignis.DomainEvent) {
	switch v := v.(type) {
	case anlage.AnlageAngelegt:
		l.anlageIDs = append(l.anlageIDs, id)
		l.angelegt[id] = v.BetriebID
	case anlage.AnlageGeaendert:
		l.anlageIDs = append(l.anlageIDs, id)
	case anlage.AenderungsantragGestellt:
		l.anlageIDs = append(l.anlageIDs, id)
		l.betriebDerAnlage = append(l.betriebDerAnlage, id)
	case anlage.AenderungsantragUebernommen, anlage.AenderungsantragAbgelehnt:
		l.entscheidet(anlage.StreamType, id)
	}
}

// anlageAufgaben: a plant's change request (filed → adopted or rejected).
func anlageAufgaben(l *lauf, e eventstore.Event, id int64, de ereignis.DomainEvent) error {
	switch v := de.(type) {
	case anlage.AnlageAngelegt:
		if l.anlagen.Zeile(id) != nil {
			return fmt.Errorf("Anlage %d ist schon angelegt", id)
		}
		l.anlagen.Neu(id, anlageZeile{ID: id, BetriebID: v.BetriebID, Anlagentyp: v.Typ, Bezeichnung: v.Daten.Bezeichnung})
	case anlage.AnlageGeaendert:
		if a := l.anlagen.Aendern(id); a != nil {
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
		x := l.anlagen.Zeile(id)
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

// messstelleBedarf: a request needs the copy of the point's operation (a new point names it in
// its event, a renewed request through the point's copy); a save needs the copy and the open
// task for the name; the decisions need the open tasks.
func messstelleBedarf(l *lauf, id int64, v ereignis.DomainEvent) {
	switch v := v.(type) {
	case messstelle.MessstelleBeantragt:
		l.betriebIDs = append(l.betriebIDs, v.BetriebID)
		l.anlageIDs = append(l.anlageIDs, v.AnlageID)
		l.messstelleIDs = append(l.messstelleIDs, id)
	case messstelle.MessstellenfreigabeErneutAngefordert, messstelle.MessstelleGeaendert:
		l.messstelleIDs = append(l.messstelleIDs, id)
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
		if l.messstellen.Zeile(id) != nil {
			return fmt.Errorf("Messstelle %d ist schon beantragt", id)
		}
		var anlagentyp string
		if a := l.anlagen.Zeile(v.AnlageID); a != nil {
			anlagentyp = a.Anlagentyp
		}
		m := l.messstellen.Neu(id, messstelleZeile{ID: id, BetriebID: v.BetriebID, AnlageID: v.AnlageID, Anlagentyp: anlagentyp,
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
	m := l.messstellen.Zeile(id)
	if m == nil {
		return nil
	}
	if m.Bezeichnung != d.Bezeichnung || m.Typ != d.Messstellentyp {
		m = l.messstellen.Aendern(id)
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

// Bescheidname is how a task names a Bescheid: its Bescheidart and Aktenzeichen.
func Bescheidname(d bescheid.Daten) string {
	if d.Aktenzeichen == "" {
		return d.Bescheidart
	}
	return d.Bescheidart + ", Az. " + d.Aktenzeichen
}

// bescheidBedarf: a new Bescheid needs its operation's copy (an application submitted in the
// same batch opens its task with it), a submission the Bescheid's copy and its operation's, a
// save the copy and the open task for the name; the decisions need the open tasks.
func bescheidBedarf(l *lauf, id int64, v ereignis.DomainEvent) {
	switch v := v.(type) {
	case bescheid.BescheidAngelegt:
		l.betriebIDs = append(l.betriebIDs, v.BetriebID)
		l.bescheidIDs = append(l.bescheidIDs, id)
	case bescheid.BescheidsantragGestellt:
		l.bescheidIDs = append(l.bescheidIDs, id)
	case bescheid.BescheidGeaendert:
		l.bescheidIDs = append(l.bescheidIDs, id)
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
		if l.bescheide.Zeile(id) == nil {
			l.bescheide.Neu(id, bescheidZeile{ID: id, BetriebID: v.BetriebID, Bezeichnung: Bescheidname(v.Daten)})
		}
	case bescheid.BescheidGeaendert:
		b := l.bescheide.Zeile(id)
		if b == nil {
			return nil
		}
		if name := Bescheidname(v.Daten); b.Bezeichnung != name {
			l.bescheide.Aendern(id).Bezeichnung = name
		}
		for _, tid := range l.jeObjekt[objekt{e.StreamType, id}] {
			if a := l.aufgaben.Zeile(tid); a.Status == Offen && a.Objekt != l.bescheide.Zeile(id).Bezeichnung {
				l.aufgaben.Aendern(tid).Objekt = l.bescheide.Zeile(id).Bezeichnung
			}
		}
	case bescheid.BescheidsantragGestellt:
		b := l.bescheide.Zeile(id)
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

// berichtBedarf: a report's creation needs its plant (and that plant's operation), its
// submission the report's copy and operation; the decisions and the delete need the open tasks.
func berichtBedarf(l *lauf, id int64, v ereignis.DomainEvent) {
	switch v := v.(type) {
	case jahresbericht.JahresberichtAngelegt:
		l.anlageIDs = append(l.anlageIDs, v.AnlageID)
		l.betriebDerAnlage = append(l.betriebDerAnlage, v.AnlageID)
		l.berichtIDs = append(l.berichtIDs, id)
	case jahresbericht.JahresberichtEingereicht:
		l.berichtIDs = append(l.berichtIDs, id)
	case jahresbericht.JahresberichtPlausibilisiert, jahresbericht.JahresberichtZurueckgewiesen, jahresbericht.JahresberichtGeloescht:
		l.entscheidet(jahresbericht.StreamType, id)
	}
}

// berichtAufgaben: a submitted annual report (submitted → approved, returned or deleted), for
// who checks reports (berechtigung.JahresberichtPlausibilisieren) but its submitter.
func berichtAufgaben(l *lauf, e eventstore.Event, id int64, de ereignis.DomainEvent) error {
	switch v := de.(type) {
	case jahresbericht.JahresberichtAngelegt:
		if l.berichte.Zeile(id) != nil {
			return nil
		}
		betriebID, ok := l.angelegt[v.AnlageID]
		if a := l.anlagen.Zeile(v.AnlageID); a != nil {
			betriebID, ok = a.BetriebID, true
		}
		if !ok {
			return fmt.Errorf("Anlage %d des Jahresberichts %d: %w", v.AnlageID, id, pgx.ErrNoRows)
		}
		l.berichte.Neu(id, berichtZeile{ID: id, BetriebID: betriebID, AnlageID: v.AnlageID,
			Bezeichnung: fmt.Sprintf("Jahresbericht %d – %s", v.Jahr, v.AnlageBezeichnung)})
	case jahresbericht.JahresberichtEingereicht:
		b := l.berichte.Zeile(id)
		if b == nil {
			return fmt.Errorf("Jahresbericht %d: %w", id, pgx.ErrNoRows)
		}
		l.oeffne(e, antrag{art: Jahresbericht, aktion: berechtigung.JahresberichtPlausibilisieren, objektID: id, objekt: b.Bezeichnung,
			objekttyp: "JAHRESBERICHT", anlageID: b.AnlageID, anlagentyp: anlage.Abwasserbehandlung, betriebID: b.BetriebID, nichtVon: v.Konto})
	case jahresbericht.JahresberichtPlausibilisiert:
		l.schliesse(e, Jahresbericht, id, Freigegeben, v.Kommentar)
	case jahresbericht.JahresberichtZurueckgewiesen:
		l.schliesse(e, Jahresbericht, id, Abgewiesen, v.Kommentar)
	case jahresbericht.JahresberichtGeloescht:
		l.schliesse(e, Jahresbericht, id, Geloescht, "")
	}
	return nil
}
