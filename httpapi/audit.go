package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"
	_ "time/tzdata" // dates without a time are days in Europe/Berlin, on every host

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/validierung"
	ereignisprotokoll "github.com/eabwasser/eabwasser/internal/anwendung/protokoll"
	"github.com/eabwasser/eabwasser/projections/audit"
)

// headerVeraltet marks an answer given before its read model reached the asked minPosition.
const headerVeraltet = "X-Lesemodell-Veraltet"

// readYourWritesTimeout bounds how long a list waits for its projector (minPosition).
const readYourWritesTimeout = 2 * time.Second

const (
	auditStandardGroesse = 50
	auditMaxGroesse      = 500
)

// berlin is the time zone in which a date without a time (yyyy-MM-dd) is a day.
var berlin = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		return time.UTC
	}
	return loc
}()

// auditRouten is the audit trail (the Ereignisprotokoll), for who may read it.
func (a *api) auditRouten() []route {
	lesen := a.nurDarf(berechtigung.AuditLesen)
	return []route{
		{http.MethodGet, "/audit", lesen, a.audit},
		{http.MethodGet, "/audit/ereignisarten", lesen, a.auditEreignisarten},
		{http.MethodGet, "/audit/{position}", lesen, a.auditEreignis},
	}
}

// protokoll is the Ereignisprotokoll's service on the store.
func (a *api) ereignisprotokoll() *ereignisprotokoll.Dienst {
	return &ereignisprotokoll.Dienst{Store: a.deps.Store}
}

// audit answers one page of the audit trail (auditors only: SYSTEMADMIN, FACHADMIN).
func (a *api) audit(w http.ResponseWriter, r *http.Request) {
	f, minPosition, err := auditFilter(r.URL.Query())
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	if err := a.warteAufProjektion(w, r, audit.Name, minPosition); err != nil {
		a.writeError(w, r, err)
		return
	}
	seite, err := a.ereignisprotokoll().Suche(r.Context(), f)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, seite)
}

// auditEreignis answers one entry with its changes as the Verlauf shows them.
func (a *api) auditEreignis(w http.ResponseWriter, r *http.Request) {
	position, ok := parseInt64(chi.URLParam(r, "position"))
	if !ok || position <= 0 {
		a.writeError(w, r, validierung.NichtGefunden)
		return
	}
	e, err := a.ereignisprotokoll().Ereignis(r.Context(), position)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, e)
}

// auditEreignisarten lists the event types with their phrases (the filter's suggestions).
func (a *api) auditEreignisarten(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, audit.Ereignisarten())
}

// auditFilter reads the query of GET /api/audit; every bad parameter is a field error.
func auditFilter(q url.Values) (ereignisprotokoll.Anfrage, int64, error) {
	var s validierung.Sammler
	f := audit.Filter{
		StreamID:  strings.TrimSpace(q.Get("streamId")),
		Benutzer:  strings.TrimSpace(q.Get("benutzer")),
		EventType: strings.TrimSpace(q.Get("eventType")),
		Size:      auditStandardGroesse,
	}
	anfrage := ereignisprotokoll.Anfrage{BetriebsNr: strings.TrimSpace(q.Get("betriebsNr")), Ereignis: strings.TrimSpace(q.Get("ereignis"))}
	for feld, wert := range map[string]string{"streamId": f.StreamID, "benutzer": f.Benutzer, "eventType": f.EventType,
		"betriebsNr": anfrage.BetriebsNr, "ereignis": anfrage.Ereignis} {
		if len([]rune(wert)) > 200 {
			s.Feld(feld, validierung.ZuLang(200))
		}
	}
	if v := q.Get("von"); v != "" {
		t, ok := parseZeitpunkt(v)
		if !ok {
			s.Feld("von", textDatumUngueltig)
		}
		f.Von = t
	}
	if v := q.Get("bis"); v != "" {
		t, ok := parseZeitpunkt(v)
		if !ok {
			s.Feld("bis", textDatumUngueltig)
		}
		f.Bis = t // exclusive, also for a date: bis=2025-02-01 ends with January
	}
	f.Page, f.Size = seitenwahl(q, &s, auditStandardGroesse, auditMaxGroesse)
	f.Aufsteigend = !sortierrichtung(q, &s, true)
	var minPosition int64
	if v := q.Get("minPosition"); v != "" {
		n, ok := parseInt64(v)
		if !ok || n < 0 {
			s.Feld("minPosition", textZahlUngueltig)
		}
		minPosition = n
	}
	if err := s.Err(); err != nil {
		return ereignisprotokoll.Anfrage{}, 0, err
	}
	anfrage.Filter = f
	return anfrage, minPosition, nil
}

// parseZeitpunkt reads RFC 3339 or yyyy-MM-dd (the start of that day in Europe/Berlin).
func parseZeitpunkt(v string) (time.Time, bool) {
	// An unescaped "+01:00" arrives as " 01:00".
	v = strings.ReplaceAll(strings.TrimSpace(v), " ", "+")
	if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
		return t, true
	}
	if t, err := time.ParseInLocation(time.DateOnly, v, berlin); err == nil {
		return t, true
	}
	return time.Time{}, false
}

// warteAufProjektion gives read-your-writes to lists of async read models: when the client
// names the position of its last command, wait (at most readYourWritesTimeout) until the
// projector has passed it. If it has not by then, the list answers what is there.
func (a *api) warteAufProjektion(w http.ResponseWriter, r *http.Request, projector string, position int64) error {
	if position <= 0 || a.deps.WaitForProjection == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(r.Context(), readYourWritesTimeout)
	defer cancel()
	err := a.deps.WaitForProjection(ctx, projector, position)
	switch {
	case err == nil:
		return nil
	case r.Context().Err() != nil:
		return r.Context().Err() // the client has gone
	case errors.Is(err, context.DeadlineExceeded):
		// the answer comes from the read model as it is; the client may ask again
		w.Header().Set(headerVeraltet, "1")
		a.log.LogAttrs(r.Context(), slog.LevelWarn, "Projektion hat die Position nicht rechtzeitig erreicht",
			slog.String("projector", projector), slog.Int64("position", position),
			slog.String("requestId", RequestID(r.Context())))
	default:
		a.log.LogAttrs(r.Context(), slog.LevelWarn, "Warten auf Projektion fehlgeschlagen",
			slog.String("projector", projector), slog.Int64("position", position),
			slog.String("requestId", RequestID(r.Context())), slog.String("error", err.Error()))
	}
	return nil
}
