package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/audit"
)

type auditFixture struct {
	s         *testServer
	store     *eventstore.Store
	positions []int64 // of every appended event, in order
}

var (
	betreiber = eventstore.Metadata{ActorID: "u-betreiber", ActorName: "Max Betreiber",
		Roles: []string{string(berechtigung.Betreiber)}, Organisation: "Stadtwerke Musterstadt", RequestID: "req-00000001"}
	sachbearbeiterin = eventstore.Metadata{ActorID: "u-sb", ActorName: "Sabine Sachbearbeiterin",
		Roles: []string{string(berechtigung.ZustSBD)}, RequestID: "req-00000002"}
)

// newAuditFixture appends 8 events — betrieb-1: BetriebBeantragt (Betreiber),
// BetriebFreigegeben (Sachbearbeiterin); anlage-4711: AnlageHistorisiert (Betreiber);
// betrieb-2: 5 × StammdatenGeaendert (Sachbearbeiterin) — and projects them into the trail.
func newAuditFixture(t testing.TB) *auditFixture {
	t.Helper()
	ctx := context.Background()
	pool, _ := testdb.New(t)
	store := eventstore.New(pool)
	f := &auditFixture{store: store}
	f.append(t, "betrieb-1", eventstore.NoStream, betreiber, "BetriebBeantragt")
	f.append(t, "betrieb-1", 1, sachbearbeiterin, "BetriebFreigegeben")
	f.append(t, "anlage-4711", eventstore.NoStream, betreiber, "AnlageHistorisiert")
	for i := range 5 {
		f.append(t, "betrieb-2", i, sachbearbeiterin, "StammdatenGeaendert")
	}
	testdb.WarteAufSichtbarkeit(t, pool)
	if _, err := projections.CatchUp(ctx, store, audit.Projection); err != nil {
		t.Fatal(err)
	}
	f.s = newTestServer(t, Deps{Pool: pool, Store: store,
		WaitForProjection: func(ctx context.Context, name string, position int64) error {
			return projections.WaitFor(ctx, store, name, position)
		}}, nil)
	return f
}

func (f *auditFixture) append(t testing.TB, streamID string, expected int, md eventstore.Metadata, eventType string) int64 {
	t.Helper()
	streamType := streamID[:strings.LastIndex(streamID, "-")]
	appended, err := f.store.Append(context.Background(), streamID, streamType, expected,
		[]eventstore.NewEvent{{Type: eventType, Data: map[string]any{"bezeichnung": "Kläranlage Nord"}}}, md)
	if err != nil {
		t.Fatal(err)
	}
	f.positions = append(f.positions, appended.LastPosition)
	return appended.LastPosition
}

type auditSeite struct {
	Content       []audit.Eintrag `json:"content"`
	Page          int             `json:"page"`
	Size          int             `json:"size"`
	TotalElements int64           `json:"totalElements"`
}

// get asks GET /api/audit as a user with the roles and decodes the page.
func (f *auditFixture) get(t testing.TB, query string, rollen ...string) auditSeite {
	t.Helper()
	a := f.s.do(t, http.MethodGet, "/api/audit?"+query, nil, "Authorization", bearer(t, rollen...))
	if a.Code != http.StatusOK {
		t.Fatalf("GET /api/audit?%s: %d %s", query, a.Code, a.Body.String())
	}
	var s auditSeite
	if err := json.Unmarshal(a.Body.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func positionsOf(s auditSeite) []int64 {
	out := make([]int64, len(s.Content))
	for i, e := range s.Content {
		out[i] = e.Position
	}
	return out
}

func reversed(p []int64) []int64 {
	out := slices.Clone(p)
	slices.Reverse(out)
	return out
}

func TestAudit_AuditorsSeeThePagedTrailNewestFirst(t *testing.T) {
	f := newAuditFixture(t)
	alle := f.positions

	for _, rolle := range []string{string(berechtigung.Systemadmin), string(berechtigung.Fachadmin)} {
		s := f.get(t, "", rolle)
		if s.TotalElements != 8 || s.Page != 0 || s.Size != 50 || !slices.Equal(positionsOf(s), reversed(alle)) {
			t.Fatalf("%s: default page = %+v, want all 8 newest first", rolle, positionsOf(s))
		}
	}
	e := f.get(t, "streamId=betrieb-1&sortDirection=ASC", string(berechtigung.Systemadmin)).Content[0]
	if e.BenutzerID != "u-betreiber" || e.BenutzerName != "Max Betreiber" || e.EventType != "BetriebBeantragt" ||
		e.StreamType != "betrieb" || e.Version != 1 || e.Organisation != "Stadtwerke Musterstadt" ||
		e.RequestID != "req-00000001" || !slices.Equal(e.Rollen, []string{string(berechtigung.Betreiber)}) || e.Zusammenfassung == "" ||
		string(e.Daten) != `{"bezeichnung": "Kläranlage Nord"}` && string(e.Daten) != `{"bezeichnung":"Kläranlage Nord"}` {
		t.Errorf("entry = %+v", e)
	}

	tests := []struct {
		query string
		want  []int64
		size  int
	}{
		{"size=3", reversed(alle)[:3], 3},
		{"size=3&page=1", reversed(alle)[3:6], 3},
		{"size=3&page=2", reversed(alle)[6:], 3},
		{"size=3&page=3", []int64{}, 3},
		{"size=3&sortDirection=ASC", alle[:3], 3},
		{"size=3&page=1&sortDirection=asc", alle[3:6], 3},
		{"size=100000", reversed(alle), 500},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			s := f.get(t, tt.query, string(berechtigung.Systemadmin))
			if got := positionsOf(s); !slices.Equal(got, tt.want) || s.TotalElements != 8 || s.Size != tt.size {
				t.Errorf("positions %v size %d total %d, want %v size %d total 8", got, s.Size, s.TotalElements, tt.want, tt.size)
			}
		})
	}
}

func TestAudit_FiltersNarrowTheTrail(t *testing.T) {
	f := newAuditFixture(t)
	p := f.positions
	heute := time.Now().In(berlin)
	morgen := heute.AddDate(0, 0, 1).Format(time.DateOnly)
	gestern := heute.AddDate(0, 0, -1).Format(time.DateOnly)
	vorEinerStunde := url.QueryEscape(time.Now().Add(-time.Hour).Format(time.RFC3339))
	inEinerStunde := url.QueryEscape(time.Now().Add(time.Hour).Format(time.RFC3339))

	tests := []struct {
		query string
		want  []int64 // ascending
	}{
		{"streamId=betrieb-1", p[:2]},
		{"streamId=anlage-4711", p[2:3]},
		{"eventType=BetriebFreigegeben", p[1:2]},
		{"benutzer=u-betreiber", []int64{p[0], p[2]}},
		{"benutzer=max", []int64{p[0], p[2]}},
		{"benutzer=u-sb&streamId=betrieb-1", p[1:2]},
		{"von=" + gestern, p},
		{"von=" + morgen, nil},
		{"bis=" + morgen, p},
		{"bis=" + gestern, nil},
		{"von=" + vorEinerStunde + "&bis=" + inEinerStunde, p},
		{"bis=" + vorEinerStunde, nil},
		{"streamId=gibt-es-nicht-1", nil},
		{"bis=" + time.Now().Add(-time.Hour).In(berlin).Format(time.RFC3339), nil}, // "+01:00" unescaped
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			s := f.get(t, tt.query+"&sortDirection=ASC", string(berechtigung.Fachadmin))
			got := positionsOf(s)
			if !slices.Equal(got, tt.want) && !(len(got) == 0 && len(tt.want) == 0) || s.TotalElements != int64(len(tt.want)) {
				t.Errorf("got %v (total %d), want %v", got, s.TotalElements, tt.want)
			}
		})
	}
	// The empty answer is an empty list, not null.
	a := f.s.do(t, http.MethodGet, "/api/audit/?von="+morgen, nil, "Authorization", bearer(t, string(berechtigung.Systemadmin)))
	if m := a.json(t); fmt.Sprint(m["content"]) != "[]" {
		t.Errorf("content = %v, want []", m["content"])
	}
}

func TestAudit_BadParametersAre400WithFieldErrors(t *testing.T) {
	s := newTestServer(t, Deps{}, nil) // refused before the database is asked
	tests := []struct {
		query string
		feld  string
		text  string
	}{
		{"von=31.12.2024", "von", "Ungültiges Datumsformat"},
		{"von=gestern", "von", "Ungültiges Datumsformat"},
		{"bis=2024-13-01", "bis", "Ungültiges Datumsformat"},
		{"bis=2024-01-01T25:00:00Z", "bis", "Ungültiges Datumsformat"},
		{"page=-1", "page", "Die Seite muss eine Zahl ab 0 sein."},
		{"page=erste", "page", "Die Seite muss eine Zahl ab 0 sein."},
		{"size=0", "size", "Die Seitengröße muss eine Zahl ab 1 sein."},
		{"size=viele", "size", "Die Seitengröße muss eine Zahl ab 1 sein."},
		{"sortDirection=UP", "sortDirection", textSortierrichtungUngueltig},
		{"minPosition=zehn", "minPosition", "Ungültige Zahl"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			a := s.do(t, http.MethodGet, "/api/audit?"+tt.query, nil, "Authorization", bearer(t, string(berechtigung.Systemadmin)))
			m := wantFehler(t, a, http.StatusBadRequest, tt.text)
			felder, _ := m["validationErrors"].(map[string]any)
			if len(felder) != 1 || felder[tt.feld] != tt.text {
				t.Errorf("validationErrors = %v, want {%s: %s}", m["validationErrors"], tt.feld, tt.text)
			}
		})
	}
}

func TestAudit_ExpiredTokenIsRefused(t *testing.T) {
	s := newTestServer(t, Deps{}, nil)
	tok, err := SignToken(testSecret, Benutzer{ID: "admin", FunktionaleRollen: []string{string(berechtigung.Systemadmin)}}, -time.Second)
	if err != nil {
		t.Fatal(err)
	}
	wantFehler(t, s.do(t, http.MethodGet, "/api/audit", nil, "Authorization", "Bearer "+tok),
		http.StatusUnauthorized, "Sie sind nicht angemeldet oder Ihre Sitzung ist abgelaufen.")
}

func TestAudit_MinPositionWaitsUntilTheProjectorHasPassedIt(t *testing.T) {
	f := newAuditFixture(t)
	neu := f.append(t, "betrieb-1", 2, betreiber, "StammdatenAntragEingereicht")

	// The projector comes along a little later, as the live one would.
	done := make(chan error, 1)
	go func() {
		time.Sleep(200 * time.Millisecond)
		testdb.WarteAufSichtbarkeit(t, f.store.Pool())
		_, err := projections.CatchUp(context.Background(), f.store, audit.Projection)
		done <- err
	}()
	s := f.get(t, fmt.Sprintf("minPosition=%d&size=1", neu), string(berechtigung.Systemadmin))
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := positionsOf(s); !slices.Equal(got, []int64{neu}) || s.TotalElements != 9 {
		t.Fatalf("got %v total %d, want the new event %d first of 9", got, s.TotalElements, neu)
	}
}

func TestAudit_MinPositionGivesUpAfterTwoSecondsAndAnswersWhatIsThere(t *testing.T) {
	f := newAuditFixture(t)
	neu := f.append(t, "betrieb-1", 2, betreiber, "StammdatenAntragEingereicht") // never projected

	start := time.Now()
	a := f.s.do(t, http.MethodGet, fmt.Sprintf("/api/audit?minPosition=%d", neu), nil, "Authorization", bearer(t, string(berechtigung.Systemadmin)))
	if d := time.Since(start); d < readYourWritesTimeout || d > readYourWritesTimeout+2*time.Second {
		t.Errorf("answered after %v, want after the %v bound", d, readYourWritesTimeout)
	}
	// the answer says it is older than asked, so the client asks again (lib/api.ts)
	if a.Code != http.StatusOK || a.Header().Get(headerVeraltet) != "1" {
		t.Fatalf("%d, %s = %q", a.Code, headerVeraltet, a.Header().Get(headerVeraltet))
	}
	s := f.get(t, "size=50", string(berechtigung.Systemadmin))
	if s.TotalElements != 8 || slices.Contains(positionsOf(s), neu) {
		t.Errorf("got %v, want the 8 projected events", positionsOf(s))
	}
	// A position already passed, or one that does not exist, does not hold the answer up.
	for _, q := range []string{"minPosition=1", "minPosition=0", "minPosition=99999999"} {
		start = time.Now()
		if s := f.get(t, q, string(berechtigung.Systemadmin)); s.TotalElements != 8 || time.Since(start) > time.Second {
			t.Errorf("%s: total %d after %v", q, s.TotalElements, time.Since(start))
		}
	}
}

// The audit area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("audit", map[string]listenRoute{
	"GET /api/audit":               {art: artListe, zeilen: true},
	"GET /api/audit/ereignisarten": {art: artStammdaten},
	"GET /api/audit/{position}":    {art: artEinzeln},
})

// The audit area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("audit", func() map[string]regel {
	return map[string]regel{
		"GET /api/audit":               mitAktion(berechtigung.AuditLesen),
		"GET /api/audit/ereignisarten": mitAktion(berechtigung.AuditLesen),
		"GET /api/audit/{position}":    mitAktion(berechtigung.AuditLesen),
	}
})
