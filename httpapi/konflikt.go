package httpapi

import (
	"context"
	"errors"
	"time"

	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
)

// The bounds of a conflict's answer (docs/security.md, "Conflict answers").
const (
	// KonfliktMaxSchritte is the most changes a conflict's answer lists (the newest ones).
	KonfliktMaxSchritte = 10
	// konfliktUhrtoleranz allows for clocks of the database and of the instance that issued
	// the token that differ a little.
	konfliktUhrtoleranz = time.Minute
)

// mitAenderungen adds to a save refused for a stale version (409) what changed since the
// version the caller sent, so the screen can show who changed what and apply the input again
// (docs/decisions.md, "conflicts without lost input"): member aenderungen of the error body.
// verlauf is the area's Verlauf of the object for the caller — through his view of the object
// (verlauf.Sicht: only the fields, the application and the names his detail shows); the
// Verlauf permission is not asked for, so the list is bounded to what the caller could have
// read himself by reloading: only steps after the version sent, only if that version was
// still current when he logged in (else he cannot have loaded it in this session and the list
// stays empty), and at most KonfliktMaxSchritte, the newest. aenderungenAusgelassen counts the
// steps since the version sent that are left out. Any other error, or a Verlauf that cannot be
// built, stays as it is.
func mitAenderungen(ctx context.Context, err error, verlauf func(ctx context.Context) ([]historie.Verlaufsschritt, error)) error {
	var ce *eventstore.ConflictError
	if !errors.As(err, &ce) || ce.Expected < 0 {
		return err
	}
	schritte, verr := verlauf(ctx)
	if verr != nil {
		return err
	}
	neu := []historie.Verlaufsschritt{}
	for _, s := range schritte {
		if s.Version > ce.Expected {
			neu = append(neu, s)
		}
	}
	gezeigt := konfliktSchritte(ctx, neu)
	return &Antwortfehler{Err: err, Zusatz: map[string]any{"aenderungen": gezeigt, "aenderungenAusgelassen": len(neu) - len(gezeigt)}}
}

// konfliktSchritte are the steps since the version sent (neu, oldest first) a conflict's answer
// lists: none when the first of them was recorded before the caller logged in (the version
// sent was superseded before his session began), else the newest KonfliktMaxSchritte.
func konfliktSchritte(ctx context.Context, neu []historie.Verlaufsschritt) []historie.Verlaufsschritt {
	if len(neu) == 0 {
		return neu
	}
	b, ok := BenutzerAus(ctx)
	if !ok || b.Angemeldet.IsZero() || neu[0].Zeitpunkt.Before(b.Angemeldet.Add(-konfliktUhrtoleranz)) {
		return []historie.Verlaufsschritt{}
	}
	if len(neu) > KonfliktMaxSchritte {
		return neu[len(neu)-KonfliktMaxSchritte:]
	}
	return neu
}
