// Package httpapi is the HTTP face of eAbwasser: the chi router with the JSON API under /api,
// its middleware (request id, access log, security headers, body limit, authentication), the
// one error mapper, and the serving of the built React app under /eAbwasser/. Handlers stay
// thin: decode → authorize → call the command or query → encode.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/ablage"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	aufgabendienst "github.com/eabwasser/eabwasser/internal/anwendung/aufgaben"
	"github.com/eabwasser/eabwasser/internal/anwendung/benachrichtigung"
	bescheiddienst "github.com/eabwasser/eabwasser/internal/anwendung/bescheid"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	messstelledienst "github.com/eabwasser/eabwasser/internal/anwendung/messstelle"
	"github.com/eabwasser/eabwasser/internal/anwendung/verwaltung"
	"github.com/eabwasser/eabwasser/internal/anwendung/zugang"
	"github.com/eabwasser/eabwasser/internal/plattform/wasserbuch"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Deps is what the HTTP layer needs from the rest of the program.
type Deps struct {
	Pool      *pgxpool.Pool
	Store     *eventstore.Store
	Logger    *slog.Logger // nil: slog.Default()
	JWTSecret []byte

	// NATSPing tells whether NATS answers (health). nil counts as not answering.
	NATSPing func(context.Context) error
	// WaitForProjection returns once the projector has applied the event at position, or
	// with ctx's error. The handlers bound ctx (2 s) for read-your-writes.
	WaitForProjection func(ctx context.Context, projector string, position int64) error
	// Frontend is the built React app (index.html and assets/). It may lack index.html.
	Frontend fs.FS
	// PruefeSitzung checks on every request that the token's account is still active and on
	// the token's session, and returns the caller n (made of the token) resolved, in the same
	// query (zugriff.AufloesenMitKonto; nil: the signature alone counts, for tests of other areas,
	// and the caller is resolved when a service first needs him).
	PruefeSitzung func(ctx context.Context, b Benutzer, n zugriff.Nutzer) (zugriff.Nutzer, error)
	// Verwaltung is the system administration (organisations, …).
	Verwaltung *verwaltung.Dienst
	// Benachrichtigung serves messages, the reminders tab and personal settings.
	Benachrichtigung *benachrichtigung.Dienst
	// Betriebsakte is the operation file (operations, their Freigabe, history, applications).
	Betriebsakte *betriebdienst.Dienst
	// Anlage is the plant area.
	Anlage *anlagedienst.Dienst
	// Messstelle is the measuring point area.
	Messstelle *messstelledienst.Dienst
	// Bescheid is the Bescheide and their Anforderungen (issue 30).
	Bescheid *bescheiddienst.Dienst
	// Jahresbericht is the annual reports, their parameters and measured values (issue 31).
	Jahresbericht *berichtdienst.Dienst
	// Aufgaben is the Aufgaben view: the open applications that wait for a user (nil: the
	// service on Store).
	Aufgaben *aufgabendienst.Dienst
	// Ablage is the files and reminders of operations, plants, measuring points and Bescheide.
	Ablage *ablage.Dienst
	// Zugang handles login, registration, confirmation, password reset and profile.
	Zugang *zugang.Dienst
	// MaxBodyBytes limits request bodies; 0 means DefaultBodyLimit.
	MaxBodyBytes int64
	// Zeitlimits are the timeouts of the server the handler runs in (see Server); uploads,
	// downloads and exports stretch them. Zero fields: StandardZeitlimits.
	Zeitlimits Zeitlimits
	// Oberflaeche is the configuration the UI shows (support address, help link).
	Oberflaeche Oberflaeche
	// TrustedProxies may name the client in X-Forwarded-For (TRUSTED_PROXIES); none: the peer
	// is the client.
	TrustedProxies Proxys
	// Wasserbuch is the water book (DIGIWAB_URL); nil: not configured, no links.
	Wasserbuch *wasserbuch.Register
}

// api holds the dependencies of all handlers.
type api struct {
	deps Deps
	log  *slog.Logger
	mux  *chi.Mux
}

// New returns the handler of the whole application: /api and the React app. /metrics is not
// part of it (MetrikHandler, on a listener of its own).
func New(d Deps) http.Handler {
	return newAPI(d).routes(nil)
}

func newAPI(d Deps) *api {
	a := &api{deps: d, log: d.Logger}
	if a.log == nil {
		a.log = slog.Default()
	}
	a.deps.Zeitlimits = a.deps.Zeitlimits.mitStandard()
	if a.deps.Aufgaben == nil {
		a.deps.Aufgaben = &aufgabendienst.Dienst{Store: d.Store}
	}
	if a.deps.MaxBodyBytes <= 0 {
		a.deps.MaxBodyBytes = DefaultBodyLimit
	}
	return a
}

// routes builds the router. zusatz registers further /api routes (tests only).
func (a *api) routes(zusatz func(*api, chi.Router)) *chi.Mux {
	m := chi.NewRouter()
	a.mux = m
	auf, err := dokumentAufzaehlungen()
	if err != nil {
		panic("openapi.yaml: " + err.Error()) // embedded; TestAufzaehlung_* read it
	}
	m.Use(requestID, a.clientAdresse, a.accessLog, securityHeaders(contentSecurityPolicy(a.deps.Oberflaeche.Kartenebenen)), a.recoverer, ohneSchraegstrichAmEnde,
		a.nurGueltigeZeichen, a.bodyLimit(a.deps.MaxBodyBytes))

	m.Route("/api", func(r chi.Router) {
		r.Use(noStore, a.anmeldung, a.suchparameterBegrenzt, a.aufzaehlungenStreng(auf))
		r.NotFound(a.unbekannteAdresse)
		r.MethodNotAllowed(a.methodeNichtErlaubt)

		a.montiere(r)

		if zusatz != nil {
			zusatz(a, r)
		}
	})

	a.frontendRoutes(m)
	return m
}

// systemRouten are the application's own routes: health, configuration, the API document.
func (a *api) systemRouten() []route {
	return []route{
		{http.MethodGet, "/health", nil, a.health},
		{http.MethodGet, "/konfiguration", nil, a.konfiguration},
		{http.MethodGet, "/openapi.yaml", nil, serveOpenAPI},
	}
}

func (a *api) unbekannteAdresse(w http.ResponseWriter, r *http.Request) {
	writeFehler(w, fehlerAntwort{status: http.StatusNotFound, message: textUnbekannt}, RequestID(r.Context()))
}

// methodeNichtErlaubt answers 405 with the methods the path does allow.
func (a *api) methodeNichtErlaubt(w http.ResponseWriter, r *http.Request) {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut,
		http.MethodPatch, http.MethodDelete} {
		if a.mux.Match(chi.NewRouteContext(), m, r.URL.Path) {
			allow = append(allow, m)
		}
	}
	if len(allow) > 0 {
		w.Header().Set("Allow", strings.Join(allow, ", "))
	}
	writeFehler(w, fehlerAntwort{status: http.StatusMethodNotAllowed, message: textMethodeUnerlaubt}, RequestID(r.Context()))
}

// MetrikHandler serves the Prometheus metrics of g (nil: prometheus.DefaultGatherer) on
// /metrics. It belongs on a listener apart from the application's (METRICS_ADDR, loopback by
// default): the metrics tell the load and the state of the read models to whoever asks.
func MetrikHandler(g prometheus.Gatherer) http.Handler {
	if g == nil {
		g = prometheus.DefaultGatherer
	}
	m := http.NewServeMux()
	m.Handle("GET /metrics", promhttp.HandlerFor(g, promhttp.HandlerOpts{}))
	return m
}
