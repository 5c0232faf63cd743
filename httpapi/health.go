package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"
)

// healthTimeout bounds each dependency check: a health check that hangs is a failed one.
const healthTimeout = 2 * time.Second

type health struct {
	Status   string `json:"status"`
	Postgres string `json:"postgres"`
	NATS     string `json:"nats"`
}

// health answers 200 only when Postgres and NATS both answer within healthTimeout.
func (a *api) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
	defer cancel()

	var pgErr, natsErr error
	var wg sync.WaitGroup
	wg.Go(func() {
		if a.deps.Pool == nil {
			pgErr = errors.New("keine Datenbank konfiguriert")
			return
		}
		pgErr = a.deps.Pool.Ping(ctx)
	})
	wg.Go(func() {
		if a.deps.NATSPing == nil {
			natsErr = errors.New("kein NATS konfiguriert")
			return
		}
		natsErr = a.deps.NATSPing(ctx)
	})
	wg.Wait()

	h := health{Status: "ok", Postgres: "ok", NATS: "ok"}
	if pgErr != nil {
		h.Status, h.Postgres = "fehler", "Die Datenbank ist nicht erreichbar."
	}
	if natsErr != nil {
		h.Status, h.NATS = "fehler", "Das Nachrichtensystem (NATS) ist nicht erreichbar."
	}
	if h.Status != "ok" {
		a.log.LogAttrs(r.Context(), slog.LevelWarn, "health: Abhängigkeit antwortet nicht",
			slog.String("requestId", RequestID(r.Context())),
			slog.Any("postgres", pgErr), slog.Any("nats", natsErr))
		writeJSON(w, http.StatusServiceUnavailable, h)
		return
	}
	writeJSON(w, http.StatusOK, h)
}
