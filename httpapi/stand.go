package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/go-chi/chi/v5"
)

// standZeit reads ?stand=YYYY-MM-DD of a screen of the operation file "as of" a date (issue 33):
// the end of that day in Europe/Berlin, the zero time without it; a malformed or future date is
// a 400 on stand.
func standZeit(r *http.Request) (time.Time, error) {
	return verlauf.StandTag(r.URL.Query().Get("stand"), kalender.Jetzt())
}

// standAbfrage is the handler of a detail query of the operation file that also answers "as of"
// a date: heute without ?stand, zum with the end of its day. Only reads take stand; no save does.
func standAbfrage[T any](a *api, heute func(ctx context.Context, n zugriff.Nutzer, id int64) (T, error),
	zum func(ctx context.Context, n zugriff.Nutzer, id int64, zeit time.Time) (T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		zeit, err := standZeit(r)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		if zeit.IsZero() {
			betriebAbfrage(a, heute)(w, r)
			return
		}
		betriebAbfrage(a, func(ctx context.Context, n zugriff.Nutzer, id int64) (T, error) { return zum(ctx, n, id, zeit) })(w, r)
	}
}

// versionsStand is the handler of GET …/{id}/stand/{version}: the object's state at a version
// of its Verlauf (a malformed version asks for -1, which no state has).
func versionsStand[T any](a *api, stand func(ctx context.Context, n zugriff.Nutzer, id int64, version int) (T, error)) http.HandlerFunc {
	return betriebAbfrage(a, func(ctx context.Context, n zugriff.Nutzer, id int64) (T, error) {
		v, err := strconv.Atoi(chi.URLParamFromCtx(ctx, "version"))
		if err != nil {
			v = -1
		}
		return stand(ctx, n, id, v)
	})
}
