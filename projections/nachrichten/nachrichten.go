// Package nachrichten is the read model of the users' messages (Nachrichten): a projector fed
// from NATS turns events into messages for the people concerned — an operation requested for
// the authority staff who decide it, the decision for the operator's users, a
// Stammdaten-Antrag or a plant's Änderungsantrag submitted or decided — and applies what users do with them (read,
// delete: the postfach events). When a recipient wants messages by e-mail, the same
// transaction writes the mail to the outbox (public.mail_ausgang), once per message — not
// again when a rebuild replays the event.
//
// Each area contributes a Bereich (one file per area beside this hub: betrieb.go, anlage.go,
// …), registered by the area's Setup into the Aufbau; the wiring builds the projection from
// what was registered (Neu). The hub keeps what is common: decoding, loading the copied rows,
// the recipients, writing.
//
// Recipients are worked out from the accounts as they are when the batch is applied, so a
// rebuild addresses today's staff; messages keep a stable key (event position, recipient).
// Who did the event is named to each recipient as the Historie names him (verlauf.NamenFuer,
// registered with Namen; issue 42): an operator's account reads staff as "Behörde" — in the
// sender, the text, the decided mark and the mail —, staff read every name. The row is written
// for its recipient, so the choice is made then, from the recipient's account as it is
// (docs/security.md).
//
// A batch is applied in memory in event order — the names of operations and plants, the
// messages it creates, what its decisions and postfach events do to them — and written with a
// constant number of statements: one upsert per copied table, one query for the recipients of
// all its messages, one COPY of the new messages, one statement each for what it does to
// stored messages and one for the mails.
package nachrichten

import (
	"context"
	"errors"
	"fmt"

	"github.com/eabwasser/eabwasser/domain/katalog"

	"github.com/eabwasser/eabwasser/projections/bereich"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// Name of the projection (and its schema).
const Name = "nachrichten"

// nachrichtSchema is the messages' table, after the areas' copies (Bereich.kopie). The partial
// index of the open messages is here, not in indexe: the projector itself looks messages up by
// it (a decision marks the open messages of its request), in every batch of a rebuild too.
const nachrichtSchema = `CREATE TABLE nachricht (
    id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    quelle          bigint      NOT NULL,
    empfaenger_id   bigint      NOT NULL,
    gelesen         boolean     NOT NULL DEFAULT false,
    absende_datum   timestamptz NOT NULL,
    absender        text        NOT NULL,
    betreff         text        NOT NULL,
    text            text        NOT NULL,
    bezug           text        NOT NULL,
    fachobjektbezug text        NOT NULL,
    fachobjekt_id   bigint      NOT NULL,
    erledigt        text        NOT NULL DEFAULT '',
    pfad            text        NOT NULL DEFAULT '',
    UNIQUE (quelle, empfaenger_id)
);
-- absender, text and erledigt name who did the event as the recipient may see him (issue 42)
CREATE INDEX nachricht_offen ON nachricht (fachobjekt_id, bezug) WHERE erledigt = '';
`

// indexe serve the start page's queries (a user's messages, his unread ones).
const indexe = `
CREATE INDEX nachricht_empfaenger ON nachricht (empfaenger_id, absende_datum DESC, id DESC);
CREATE INDEX nachricht_ungelesen ON nachricht (empfaenger_id) WHERE NOT gelesen;
`

// Bereich is what an area contributes to the messages: its stream type, the event types the
// read model applies (Behandelt) and those it leaves aside on purpose (Ignoriert), the kinds
// of object its messages are about, the copy of its objects the messages need (names, links,
// recipients) and how its events read and turn into messages. An area registers its Bereich
// in its Setup (aufbau.Aufbau.Nachrichten); a stream no area registers is not read.
type Bereich struct {
	StreamType           string
	Behandelt, Ignoriert []string
	// Objektarten maps the Bezug of the area's messages to the kind of object
	// (zugriff.RegistriereObjektart) they are about: their fachobjekt_id is its id.
	Objektarten map[string]string

	kopie *bereich.Kopie
	// lesen decodes a handled event (dekodiert: with the stream's Decode).
	lesen func(e eventstore.Event) (any, error)
	// bedarf notes, beside the event's own object, the copies an event needs (st.brauche).
	bedarf func(st *lauf, e eventstore.Event, id int64, v any)
	// anwenden applies the event in the batch's order: the copies, the messages.
	anwenden func(st *lauf, e eventstore.Event, id int64, v any) error
}

// Neu is the messages read model of the areas given, in the order their Setups registered
// them (the order of their copies' tables in the schema).
func Neu(bereiche ...Bereich) projections.Projection {
	p := &projektor{}
	var o bereich.Ordnung
	o, p.bereiche, p.kopien, p.ladereihe = bereich.Aufteilen(bereiche, func(b *Bereich) *bereich.Teil {
		objektartenMerken(b.Objektarten)
		return &bereich.Teil{StreamType: b.StreamType, Behandelt: b.Behandelt, Ignoriert: b.Ignoriert, Kopie: b.kopie}
	})
	p.behandelt = o.Behandelt
	return projections.Projection{Name: Name, Schema: o.Schema + nachrichtSchema, Indexe: indexe, Projiziere: p.projiziere}
}

// projektor is the projection of the registered areas.
type projektor struct {
	bereiche  map[string]*Bereich
	behandelt map[string]map[string]bool
	// kopien are the areas with a copy in registration order (written so), ladereihe the same
	// deepest first (loaded so)
	kopien, ladereihe []*Bereich
}

// Unbeteiligt is an area none of whose events the messages apply: every event type of its stream
// (domain/katalog) ignored on purpose.
func Unbeteiligt(streamType string) Bereich {
	return Bereich{StreamType: streamType, Ignoriert: katalog.Ereignisarten()[streamType]}
}

// lesen decodes an event the read model applies; nil for the others.
func (p *projektor) lesen(e eventstore.Event) (any, error) {
	if !p.behandelt[e.StreamType][e.Type] {
		return nil, nil
	}
	return p.bereiche[e.StreamType].lesen(e)
}

// dekodieren decodes the events (lesen) on all cores: decoding JSON is most of the projector's
// own work, and the database waits meanwhile. Each event's value and error at its index.
func (p *projektor) dekodieren(events []eventstore.Event) ([]any, []error) {
	werte, fehler := make([]any, len(events)), make([]error, len(events))
	projections.Parallel(len(events), 256, func(i int) { werte[i], fehler[i] = p.lesen(events[i]) })
	return werte, fehler
}

func (p *projektor) projiziere(ctx context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
	if historie.NamenFuer == nil || historie.Seite == nil {
		return nil, errors.New("nachrichten: the Historie's masking of names is not registered (Namen)")
	}
	st := &lauf{s: s, kopien: map[string]bereich.Zeilen{}, ids: map[string][]int64{}, nachQuelle: map[int64]*entwurf{},
		offen: map[objekt][]*entwurf{}, abgeschlossen: map[objekt]bool{}}
	for _, b := range p.kopien {
		st.kopien[b.StreamType] = b.kopie.Neu()
	}
	// first pass: decode, and the ids of the objects whose copies the batch needs
	werte, fehler := p.dekodieren(s.Events)
	ids := make([]int64, len(s.Events))
	for i, e := range s.Events {
		if err := fehler[i]; err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", e.Position, e.Type, err)
		}
		if werte[i] == nil {
			continue
		}
		id, err := eventstore.AggregatID(e.StreamID)
		if err != nil {
			return nil, err
		}
		ids[i] = id
		b := p.bereiche[e.StreamType]
		if b.kopie != nil {
			st.brauche(e.StreamType, id)
		}
		if b.bedarf != nil {
			b.bedarf(st, e, id, werte[i])
		}
	}
	if err := p.laden(ctx, st); err != nil {
		return nil, err
	}
	// second pass: the events in order
	for i, e := range s.Events {
		if werte[i] == nil {
			continue
		}
		if err := p.bereiche[e.StreamType].anwenden(st, e, ids[i], werte[i]); err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", e.Position, e.Type, err)
		}
	}
	return p.schreiben(ctx, st)
}

// laden reads the copies the batch needs, deepest first: each adds the objects its rows belong
// to (a measuring point its plant, a plant its operation) — one query per table.
func (p *projektor) laden(ctx context.Context, st *lauf) error {
	for _, b := range p.ladereihe {
		z, k := st.kopien[b.StreamType], b.kopie
		if err := z.Laden(ctx, st.s, st.ids[b.StreamType]); err != nil {
			return err
		}
		if k.Oben == "" {
			continue
		}
		for _, id := range st.ids[b.StreamType] {
			if elter, ok := k.Elter(z, id); ok {
				st.brauche(k.Oben, elter)
			}
		}
	}
	return nil
}
