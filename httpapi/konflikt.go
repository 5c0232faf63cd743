package httpapi

import (
	"context"
	"errors"

	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
)

// mitAenderungen adds to a save refused for a stale version (409) what changed since the
// version the caller sent: the object's Verlauf steps after it, as member aenderungen of the
// error body, so the screen can show who changed what and apply the input again
// (docs/decisions.md, "conflicts without lost input"). verlauf is the area's Verlauf of the
// object for the caller — the caller could save it, so may see it; the Verlauf permission is
// not asked for. Any other error, or a Verlauf that cannot be built, stays as it is.
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
	return &Antwortfehler{Err: err, Zusatz: map[string]any{"aenderungen": neu}}
}
