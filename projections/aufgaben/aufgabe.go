package aufgaben

import (
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/projections/bereich"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// aufgabeSchema is the tasks' table, after the areas' copies (Bereich.kopie). A task's id is
// the position of the event that opened it: stable across rebuilds.
const aufgabeSchema = `CREATE TABLE aufgabe (
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

// aufgabeZeile is a task as a batch holds it in memory.
type aufgabeZeile struct {
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

var aufgabeTabelle = projections.Tabelle[aufgabeZeile]{Name: "aufgabe",
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
	b := l.betriebe().Zeile(a.betriebID)
	if b == nil {
		return
	}
	z := l.aufgaben.Neu(e.Position, aufgabeZeile{ID: e.Position, Art: a.art, Aktion: string(a.aktion), StreamType: e.StreamType,
		ObjektID: a.objektID, Objekt: a.objekt, Objekttyp: a.objekttyp, AnlageID: a.anlageID, Anlagentyp: a.anlagentyp,
		BetriebID: b.ID, BetriebsID: b.BetriebsID,
		Betrieb: b.Bezeichnung, BetreiberID: b.BetreiberID, RegionalstelleID: b.RegionalstelleID,
		BeantragtVon: bereich.Akteur(e.Metadata.ActorName), Beantragt: akteurDes(e), NichtVon: a.nichtVon, BeantragtAm: e.RecordedAt, Status: Offen, Position: e.Position})
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
		a.Status, a.EntschiedenVon, a.Entschieden, a.EntschiedenAm, a.Kommentar, a.Position = status, bereich.Akteur(e.Metadata.ActorName), akteurDes(e), &am, kommentar, e.Position
	}
}

// entscheidet notes an object whose open tasks a batch's event may close.
func (l *lauf) entscheidet(streamType string, id int64) { l.entschieden[objekt{streamType, id}] = true }

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
