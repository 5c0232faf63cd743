package nachrichten

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Nachricht is a message as the start page lists it.
type Nachricht struct {
	ID              int64     `json:"id"`
	Gelesen         bool      `json:"gelesen"`
	AbsendeDatum    time.Time `json:"absendeDatum"`
	Absender        string    `json:"absender"`
	Betreff         string    `json:"betreff"`
	Text            string    `json:"text"`
	Bezug           string    `json:"bezugZuFachobjekt"`
	Fachobjektbezug string    `json:"fachobjektbezug"`
	FachobjektID    int64     `json:"fachobjektId"`
	Quelle          int64     `json:"-"`
	// Erledigt says how and when the request the message is about was decided ("Freigegeben am
	// 23.11.2026 von …"); empty while it is open or the message is no request.
	Erledigt string `json:"erledigt"`
	// Pfad is the app path of the object's screen (/betriebsakte/…) the message links to.
	Pfad string `json:"pfad"`
}

// objektarten are the kinds of object (zugriff.RegistriereObjektart) the messages of each
// Bezug are about (Bereich.Objektarten of the areas the projection was built with, Neu): their
// fachobjekt_id is the id of such an object. A Bezug without one is shown to administrators
// only.
var objektarten = struct {
	sync.RWMutex
	m map[string]string
}{m: map[string]string{}}

// objektartenMerken takes an area's Bezüge into objektarten.
func objektartenMerken(m map[string]string) {
	objektarten.Lock()
	defer objektarten.Unlock()
	for b, art := range m {
		objektarten.m[b] = art
	}
}

// sichtbar is the condition that the Sicht includes the object a message is about (the
// recipients were chosen by who saw it when it was sent; a list shows what the reader sees now).
func sichtbar(s zugriff.Sicht, args *[]any) string {
	objektarten.RLock()
	defer objektarten.RUnlock()
	bezuege := make([]string, 0, len(objektarten.m))
	for b := range objektarten.m {
		bezuege = append(bezuege, b)
	}
	slices.Sort(bezuege)
	art := "NULL::text" // no area registered: no kind of object
	if len(bezuege) > 0 {
		art = "CASE bezug"
		for _, b := range bezuege {
			art += " WHEN '" + b + "' THEN '" + objektarten.m[b] + "'"
		}
		art += " END"
	}
	return s.Objekt(art, "fachobjekt_id", zugriff.Platzhalter(args))
}

// VonEmpfaenger lists a user's messages about objects the Sicht includes, newest first.
func VonEmpfaenger(ctx context.Context, q eventstore.Querier, empfaenger int64, s zugriff.Sicht) ([]Nachricht, error) {
	args := []any{empfaenger}
	rows, err := q.Query(ctx, `SELECT id, gelesen, absende_datum, absender, betreff, text, bezug, fachobjektbezug, fachobjekt_id, quelle, erledigt, pfad
		FROM nachrichten.nachricht WHERE empfaenger_id = $1 AND `+sichtbar(s, &args)+`
		ORDER BY absende_datum DESC, id DESC LIMIT 500`, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Nachricht])
	if out == nil {
		out = []Nachricht{}
	}
	return out, err
}

// Ungelesen counts a user's unread messages about objects the Sicht includes.
func Ungelesen(ctx context.Context, q eventstore.Querier, empfaenger int64, s zugriff.Sicht) (int, error) {
	var n int
	args := []any{empfaenger}
	err := q.QueryRow(ctx, `SELECT count(*) FROM nachrichten.nachricht WHERE empfaenger_id = $1 AND NOT gelesen AND `+
		sichtbar(s, &args), args...).Scan(&n)
	return n, err
}

// Quelle finds the key of a user's message by its id; validierung.NichtGefunden when it is not
// his (or gone).
func Quelle(ctx context.Context, q eventstore.Querier, empfaenger, id int64) (int64, error) {
	var quelle int64
	err := q.QueryRow(ctx, `SELECT quelle FROM nachrichten.nachricht WHERE id = $1 AND empfaenger_id = $2`, id, empfaenger).Scan(&quelle)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, validierung.NichtGefunden
	}
	return quelle, err
}
