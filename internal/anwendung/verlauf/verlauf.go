// Package verlauf builds the Verlauf of any aggregate — every event, who and when (from the
// audit trail), what changed field by field (from replaying the stream) — for the areas'
// services. The area gives its decider, the views it compares and its field labels
// (docs/architektur.md, "History").
package verlauf

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"sync"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections/audit"
)

// Ansichten turns the states of an object — before its first event and after each — into
// the views the Verlauf compares (one per state, in order). They get every state at once so
// an area can resolve names for all of them in one query.
type Ansichten[S any] func(ctx context.Context, zustaende []S) ([]any, error)

// Antragssicht says what an application event of the area asked for and what became of it,
// from the state before the event (betrieb.Antragssicht); nil for other events.
type Antragssicht[S any] func(vorher S, e ereignis.DomainEvent) *historie.Antrag

// Erstelle is the Verlauf of one stream's events (ascending, as read from the store) as the
// caller's view (sicht) shows the object: the views compared are of the states as he may see
// them, the application block only where he sees applications, the actors' names only where
// he may see them. Areas with applications pass their Antragssicht.
func Erstelle[S, C any](ctx context.Context, store *eventstore.Store, d ereignis.Decider[S, C], events []eventstore.Event,
	sicht Sicht[S], ansichten Ansichten[S], namen historie.Feldnamen, antraege ...Antragssicht[S]) ([]historie.Verlaufsschritt, error) {
	if len(events) == 0 {
		return []historie.Verlaufsschritt{}, nil
	}
	seite, err := audit.Suche(ctx, store.Pool(), audit.Filter{StreamID: events[0].StreamID, Aufsteigend: true, Size: len(events) + 1, HoechstDaten: 1})
	if err != nil {
		return nil, err
	}
	wer := make(map[int64]string, len(seite.Content))
	for _, e := range seite.Content {
		wer[e.Position] = e.BenutzerName
	}
	zustaende := make([]S, 0, len(events)+1)
	antrag := make([]*historie.Antrag, len(events))
	s := d.Initial()
	zustaende = append(zustaende, sicht.Von(s))
	for i, e := range events {
		de, err := d.Decode(e.Type, e.Data)
		if err != nil {
			return nil, err
		}
		if sicht.Antraege {
			for _, antragssicht := range antraege {
				if a := antragssicht(sicht.Von(s), de); a != nil {
					antrag[i] = a
				}
			}
		}
		s = d.Evolve(s, de)
		zustaende = append(zustaende, sicht.Von(s))
	}
	views, err := ansichten(ctx, zustaende)
	if err != nil {
		return nil, err
	}
	eintraege := make([]historie.VerlaufEintrag, len(events))
	for i, e := range events {
		schritt := historie.Verlaufsschritt{Version: e.Version, Position: e.Position, Zeitpunkt: e.RecordedAt,
			Akteur: e.Metadata.ActorName, Ereignis: e.Type, Zusammenfassung: audit.Phrase(e.Type), Antrag: antrag[i]}
		if ai := e.Metadata.AuditInfo; ai != nil && ai.GueltigAb != "" {
			schritt.Zusammenfassung += ", gültig ab " + historie.DeutschesDatum(ai.GueltigAb)
		}
		if name, ok := wer[e.Position]; ok {
			schritt.Akteur = name // who, as the audit trail recorded it
		}
		schritt.Akteur = sicht.Akteur(e.Metadata, schritt.Akteur)
		eintraege[i] = historie.VerlaufEintrag{Verlaufsschritt: schritt, Nachher: views[i+1]}
	}
	return historie.Verlauf(views[0], eintraege, namen), nil
}

// Stand is the object as it was after event version bis of its stream's events (the auditor's
// replay from the Verlauf), as the caller's view (sicht) shows it, with that version. A version
// the stream does not have is not found.
func Stand[S, C any](d ereignis.Decider[S, C], events []eventstore.Event, bis int, sicht Sicht[S]) (S, int, error) {
	var leer S
	if bis < 1 || bis > len(events) {
		return leer, 0, validierung.NichtGefunden
	}
	x, version, err := eventstore.Fold(d, leer, events[:bis])
	if err != nil {
		return leer, 0, err
	}
	return sicht.Von(x), version, nil
}

// Fassungen are the versions of one stream's events (historie.Versionen with the area's
// rule), each with who saved it, as the caller's view (sicht) shows them.
func Fassungen[S, C any](d ereignis.Decider[S, C], events []eventstore.Event, regel historie.Regel[S], sicht Sicht[S]) ([]historie.Fassung[S], error) {
	ereignisse := make([]historie.Ereignis, len(events))
	for i, e := range events {
		de, err := d.Decode(e.Type, e.Data)
		if err != nil {
			return nil, err
		}
		ereignisse[i] = historie.Ereignis{Event: de, Am: e.RecordedAt, Von: sicht.Akteur(e.Metadata, e.Metadata.ActorName)}
	}
	fassungen := historie.Versionen(ereignisse, regel)
	for i := range fassungen {
		fassungen[i].Stand = sicht.Von(fassungen[i].Stand)
	}
	return fassungen, nil
}

// Quelle builds the Verlauf of one object of an area (its id) on a store, without asking who
// may see it: the Ereignisprotokoll, whose readers see everything, renders an event's changes
// from it.
type Quelle func(ctx context.Context, store *eventstore.Store, id int64) ([]historie.Verlaufsschritt, error)

var (
	quellenMu sync.RWMutex
	quellen   = map[string]Quelle{}
	alleNamen = historie.Feldnamen{}
)

// Registriere names the Verlauf of a stream type and its field labels (the areas' Setup);
// registering again replaces the entry.
func Registriere(streamType string, q Quelle, namen historie.Feldnamen) {
	quellenMu.Lock()
	defer quellenMu.Unlock()
	quellen[streamType] = q
	for k, v := range namen {
		if _, ok := alleNamen[k]; !ok {
			alleNamen[k] = v
		}
	}
}

// Schritt is the Verlauf step of one stored event: from the area's Verlauf where the stream
// type has one, else the event's data as fields (labels of any area, values as the forms show
// them), every one new.
func Schritt(ctx context.Context, store *eventstore.Store, streamID string, version int, daten json.RawMessage) (historie.Verlaufsschritt, error) {
	quellenMu.RLock()
	typ, idText, _ := strings.Cut(streamID, "-")
	q, ok := quellen[typ]
	namen := alleNamen
	quellenMu.RUnlock()
	if id, err := strconv.ParseInt(idText, 10, 64); ok && err == nil {
		schritte, err := q(ctx, store, id)
		if err != nil {
			return historie.Verlaufsschritt{}, err
		}
		for _, s := range schritte {
			if s.Version == version {
				return s, nil
			}
		}
	}
	var v any
	_ = json.Unmarshal(daten, &v)
	return historie.Begrenzt(historie.Verlaufsschritt{Version: version, Aenderungen: historie.Unterschiede(nil, historie.Flach(v), namen)}), nil
}
