package verlauf

import (
	"context"
	"errors"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
)

// Texts of the operation file "as of a date" (issue 33).
const (
	// MsgNichtZumStand answers (404) an object that did not exist yet at the date asked for.
	MsgNichtZumStand = "Zu diesem Stand gab es das Objekt noch nicht."
	// MsgStandUngueltig answers (400, field stand) a malformed date or one after today.
	MsgStandUngueltig = "Bitte geben Sie „Stand zum“ als Datum (JJJJ-MM-TT) an, das nicht in der Zukunft liegt."
)

// NichtZumStand is the error of an object asked for as of a date before its first event; it is a
// validierung.NichtGefunden (404) with its own message.
var NichtZumStand error = nichtZumStand{}

type nichtZumStand struct{}

func (nichtZumStand) Error() string      { return MsgNichtZumStand }
func (nichtZumStand) Is(ziel error) bool { return ziel == validierung.NichtGefunden }

// StandTag reads the query parameter stand (YYYY-MM-DD) of a screen of the operation file: the
// end of that day in Europe/Berlin, the instant a replay stops at; the zero time for "" (today's
// state). A malformed date or a day after today (jetzt) is a validation error on stand.
func StandTag(text string, jetzt time.Time) (time.Time, error) {
	if text == "" {
		return time.Time{}, nil
	}
	tag, err := time.ParseInLocation("2006-01-02", text, kalender.Zone)
	if err != nil || tag.After(jetzt) {
		return time.Time{}, validierung.Feld("stand", MsgStandUngueltig)
	}
	return tag.AddDate(0, 0, 1).Add(-time.Nanosecond), nil
}

// VersionZum is the version of a stream (its events, ascending) at zeit: the number of its
// events recorded at or before zeit, all of them for the zero time; 0 when it had none yet.
func VersionZum(events []eventstore.Event, zeit time.Time) int {
	if zeit.IsZero() {
		return len(events)
	}
	bis := 0
	for bis < len(events) && !events[bis].RecordedAt.After(zeit) {
		bis++
	}
	return bis
}

// BisZum is VersionZum for a screen: NichtZumStand when the object did not exist at zeit.
func BisZum(events []eventstore.Event, zeit time.Time) (int, error) {
	bis := VersionZum(events, zeit)
	if bis == 0 {
		return 0, NichtZumStand
	}
	return bis, nil
}

// StandAmTag is Stand for a screen "as of" zeit: the object after the last of its events
// recorded at or before zeit, as the caller's view shows it, with that version; NichtZumStand
// when it did not exist yet.
func StandAmTag[S, C any](d ereignis.Decider[S, C], events []eventstore.Event, zeit time.Time, sicht Sicht[S]) (S, int, error) {
	bis, err := BisZum(events, zeit)
	if err != nil {
		var leer S
		return leer, 0, err
	}
	return Stand(d, events, bis, sicht)
}

// IstNichtZumStand tells the error apart from a plain "not found" (the error mapper's message).
func IstNichtZumStand(err error) bool { return errors.As(err, new(nichtZumStand)) }

// StaendeZum replays several objects of one type (the rows of an operation file's list) to zeit
// with one read of their streams: the state of each that existed then, by id; the others are
// missing. The states are the objects' data as a list shows them (no view: a list row carries
// no application's content).
func StaendeZum[S, C any](ctx context.Context, store *eventstore.Store, d ereignis.Decider[S, C], streamType string, ids []int64, zeit time.Time) (map[int64]S, error) {
	streams := make([]string, len(ids))
	for i, id := range ids {
		streams[i] = eventstore.StreamID(streamType, id)
	}
	gelesen, err := store.ReadStreams(ctx, streams)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]S, len(ids))
	for i, id := range ids {
		events := gelesen[streams[i]]
		bis := VersionZum(events, zeit)
		if bis == 0 {
			continue
		}
		x, _, err := Stand(d, events, bis, Sicht[S]{})
		if err != nil {
			return nil, err
		}
		out[id] = x
	}
	return out, nil
}

// EinesZum is StaendeZum of the one object a screen names beside its own (the operation of a
// plant, the plant of a measuring point): its state at zeit, or heute (its state today) when it
// did not exist then.
func EinesZum[S, C any](ctx context.Context, store *eventstore.Store, d ereignis.Decider[S, C], streamType string, id int64, zeit time.Time, heute S) (S, error) {
	damals, err := StaendeZum(ctx, store, d, streamType, []int64{id}, zeit)
	if err != nil {
		return heute, err
	}
	if x, ok := damals[id]; ok {
		return x, nil
	}
	return heute, nil
}
