package audit_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/audit"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func append1(t testing.TB, s *eventstore.Store, stream string, i int) {
	t.Helper()
	_, err := s.Append(context.Background(), stream, "test", eventstore.AnyVersion,
		[]eventstore.NewEvent{{Type: "TestGeschrieben", Data: map[string]int{"i": i}}},
		eventstore.Metadata{ActorID: "1", ActorName: "Prüferin", Roles: []string{"FACHADMIN"}})
	if err != nil {
		t.Fatal(err)
	}
}

// dump is the whole read model as text, to compare two builds of it.
func dump(t testing.TB, pool *pgxpool.Pool, schema string) string {
	t.Helper()
	var s *string
	err := pool.QueryRow(context.Background(), fmt.Sprintf(`SELECT string_agg(e::text, E'\n' ORDER BY position) FROM %q.eintrag e`, schema)).Scan(&s)
	if err != nil {
		t.Fatal(err)
	}
	if s == nil {
		return ""
	}
	return *s
}

func count(t testing.TB, pool *pgxpool.Pool) (rows, distinct int) {
	t.Helper()
	err := pool.QueryRow(context.Background(), `SELECT count(*), count(DISTINCT position) FROM audit.eintrag`).Scan(&rows, &distinct)
	if err != nil {
		t.Fatal(err)
	}
	return
}

// rowsNow is count for polling: the read model may not exist yet.
func rowsNow(pool *pgxpool.Pool) int {
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM audit.eintrag`).Scan(&n); err != nil {
		return -1
	}
	return n
}

// reference builds the same read model under another name, event by event from the store.
func reference(t testing.TB, s *eventstore.Store) string {
	t.Helper()
	testdb.WarteAufSichtbarkeit(t, s.Pool())
	ref := audit.Projection
	ref.Name = "audit_ref"
	if _, err := projections.CatchUp(context.Background(), s, ref); err != nil {
		t.Fatal(err)
	}
	return dump(t, s.Pool(), "audit_ref")
}

// startLive runs relay and projector runtime with the audit projection against an embedded
// NATS server that the test controls (events arrive through NATS only).
func startLive(t *testing.T) *projektortest.Live {
	t.Helper()
	pool, _ := testdb.New(t)
	return projektortest.Start(t, eventstore.New(pool), audit.Projection)
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	projektortest.WarteBis(t, what, cond)
}

func TestLive_EventsReachTheAuditTrailThroughNATS(t *testing.T) {
	l := startLive(t)
	for i := 0; i < 50; i++ {
		append1(t, l.Store, fmt.Sprintf("anlage-%d", i%5), i)
	}
	waitUntil(t, "50 audit rows", func() bool { return rowsNow(l.Store.Pool()) == 50 })
	page, err := audit.Suche(context.Background(), l.Store.Pool(), audit.Filter{StreamID: "anlage-3", Size: 5})
	if err != nil {
		t.Fatal(err)
	}
	if page.TotalElements != 10 || len(page.Content) != 5 || page.Content[0].BenutzerName != "Prüferin" ||
		page.Content[0].Zusammenfassung != "Test geschrieben (Anlage 3)" || page.Content[0].Position < page.Content[1].Position {
		t.Fatalf("page = %+v", page)
	}
	if dump(t, l.Store.Pool(), "audit") != reference(t, l.Store) {
		t.Fatal("live read model differs from one built from the store")
	}
}

func TestLive_NATSStoppedWhileCommandsRun_EveryEventArrivesOnce(t *testing.T) {
	l := startLive(t)
	for i := 0; i < 100; i++ {
		append1(t, l.Store, "betrieb-1", i)
	}
	waitUntil(t, "first 100 rows", func() bool { return rowsNow(l.Store.Pool()) == 100 })
	l.StopNATS()
	for i := 100; i < 300; i++ { // commands go on while the broker is down
		append1(t, l.Store, "betrieb-1", i)
	}
	if n, _ := count(t, l.Store.Pool()); n != 100 {
		t.Fatalf("with NATS down and store polling off, %d rows arrived", n)
	}
	l.StartNATS(t)
	for i := 300; i < 400; i++ {
		append1(t, l.Store, "betrieb-2", i)
	}
	waitUntil(t, "400 rows", func() bool { return rowsNow(l.Store.Pool()) == 400 })
	time.Sleep(200 * time.Millisecond) // a duplicate would arrive now, and fail the INSERT
	rows, distinct := count(t, l.Store.Pool())
	if rows != 400 || distinct != 400 {
		t.Fatalf("rows %d, distinct %d", rows, distinct)
	}
	if dump(t, l.Store.Pool(), "audit") != reference(t, l.Store) {
		t.Fatal("read model differs from one built from the store")
	}
}

// A handler that fails once on one event must not let a later event be applied first.
func TestProjector_FailureOnOneEventNeverLetsTheNextOneOvertake(t *testing.T) {
	pool, _ := testdb.New(t)
	s := eventstore.New(pool)
	for i := 0; i < 10; i++ {
		append1(t, s, "x-1", i)
	}
	var failed atomic.Bool
	var order []int64
	p := projections.Projection{Name: "flaky", Schema: `CREATE TABLE seen (position bigint PRIMARY KEY)`,
		Projiziere: func(_ context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
			var zeilen [][]any
			for _, e := range s.Events {
				if e.Version == 5 && !failed.Swap(true) {
					return nil, errors.New("einmaliger Fehler")
				}
				order = append(order, int64(e.Version))
				zeilen = append(zeilen, []any{e.Position})
			}
			w := &projections.Schreiben{}
			w.Kopieren("seen", []string{"position"}, zeilen)
			return w, nil
		}}
	testdb.WarteAufSichtbarkeit(t, pool)
	if _, err := projections.CatchUp(context.Background(), s, p); err == nil {
		t.Fatal("expected the first catch-up to fail")
	}
	var n int
	_ = pool.QueryRow(context.Background(), `SELECT count(*) FROM flaky.seen`).Scan(&n)
	if n != 0 {
		t.Fatalf("%d events committed from the failed batch", n)
	}
	order = nil
	if _, err := projections.CatchUp(context.Background(), s, p); err != nil {
		t.Fatal(err)
	}
	for i, v := range order {
		if v != int64(i+1) {
			t.Fatalf("applied out of order: %v", order)
		}
	}
	_ = pool.QueryRow(context.Background(), `SELECT count(*) FROM flaky.seen`).Scan(&n)
	if n != 10 {
		t.Fatalf("%d of 10 events applied", n)
	}
}

// The child process of TestProjector_KilledMidBatch: applies slowly so it can be killed.
func TestMain(m *testing.M) {
	if url := os.Getenv("AUDIT_TEST_CHILD_DB"); url != "" {
		pool, err := pgxpool.New(context.Background(), url)
		if err != nil {
			os.Exit(2)
		}
		slow := audit.Projection
		projiziere := slow.Projiziere
		slow.Projiziere = func(ctx context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
			if s.Events[0].Position > 5000 { // the second batch of 5000
				fmt.Println("MITTEN-IM-STAPEL")
				time.Sleep(time.Minute)
			}
			return projiziere(ctx, s)
		}
		_, err = projections.CatchUp(context.Background(), eventstore.New(pool), slow)
		fmt.Println("fertig", err)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestProjector_KilledMidBatchAndRestarted_EqualsBuildWithoutCrash(t *testing.T) {
	pool, url := testdb.New(t)
	s := eventstore.New(pool)
	for i := 0; i < 8000; i++ {
		append1(t, s, fmt.Sprintf("anlage-%d", i%7), i)
	}
	testdb.WarteAufSichtbarkeit(t, pool)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "AUDIT_TEST_CHILD_DB="+url)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	n, _ := out.Read(buf)
	if !strings.Contains(string(buf[:n]), "MITTEN-IM-STAPEL") {
		t.Fatalf("child said %q", buf[:n])
	}
	_ = cmd.Process.Kill() // SIGKILL in the middle of a batch
	_ = cmd.Wait()
	rows, _ := count(t, pool)
	if rows != 5000 {
		t.Fatalf("after the kill %d rows: the crash did not hit mid-log", rows)
	}
	if _, err := projections.CatchUp(context.Background(), s, audit.Projection); err != nil {
		t.Fatal(err)
	}
	rows, distinct := count(t, pool)
	if rows != 8000 || distinct != 8000 {
		t.Fatalf("after restart rows %d, distinct %d", rows, distinct)
	}
	if dump(t, pool, "audit") != reference(t, s) {
		t.Fatal("read model after crash differs from one built without crash")
	}
}

func TestRebuild_OnALiveSystem_EqualsIncrementalBuildAndReadsKeepWorking(t *testing.T) {
	l := startLive(t)
	for i := 0; i < 5000; i++ {
		append1(t, l.Store, fmt.Sprintf("anlage-%d", i%11), i)
	}
	waitUntil(t, "5000 rows", func() bool { return rowsNow(l.Store.Pool()) == 5000 })
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var reads, readErrs atomic.Int64
	wg.Add(2)
	go func() { // writers keep going during the rebuild
		defer wg.Done()
		for i := 5000; ctx.Err() == nil; i++ {
			append1(t, l.Store, "anlage-live", i)
			time.Sleep(2 * time.Millisecond)
		}
	}()
	go func() { // and so do readers
		defer wg.Done()
		for ctx.Err() == nil {
			if _, err := audit.Suche(ctx, l.Store.Pool(), audit.Filter{StreamID: "anlage-3", Size: 20}); err != nil && ctx.Err() == nil {
				readErrs.Add(1)
				t.Log(err)
			}
			reads.Add(1)
		}
	}()
	var progress []projections.Progress
	err := projections.Rebuild(context.Background(), l.Store, audit.Projection, func(p projections.Progress) { progress = append(progress, p) })
	time.Sleep(100 * time.Millisecond)
	cancel()
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if readErrs.Load() > 0 || reads.Load() == 0 {
		t.Fatalf("%d of %d reads failed during the rebuild", readErrs.Load(), reads.Load())
	}
	if len(progress) == 0 || progress[len(progress)-1].Done < 5000 {
		t.Fatalf("progress = %+v", progress)
	}
	head, _, _ := l.Store.Head(context.Background())
	waitUntil(t, "live projector after the swap", func() bool {
		cp, _ := eventstore.LoadCheckpoint(context.Background(), l.Store.Pool(), audit.Name)
		return cp.Position >= head.Position
	})
	rows, distinct := count(t, l.Store.Pool())
	if rows != distinct || int64(rows) < 5000 {
		t.Fatalf("rows %d distinct %d", rows, distinct)
	}
	if dump(t, l.Store.Pool(), "audit") != reference(t, l.Store) {
		t.Fatal("rebuilt read model differs from one built incrementally")
	}
}

func TestAudit_NeverShowsPasswordHashesOrTokens(t *testing.T) {
	pool, _ := testdb.New(t)
	s := eventstore.New(pool)
	_, err := s.Append(context.Background(), "anwender-1", "anwender", eventstore.NoStream, []eventstore.NewEvent{
		{Type: "AnwenderAngelegt", Data: map[string]any{"benutzername": "betreiber", "passwortHash": "$2a$10$geheim"}},
		{Type: "PasswortZuruecksetzenAngefordert", Data: map[string]any{"token": map[string]string{"hash": "abc"}}},
		{Type: "EmailAenderungAngefordert", Data: map[string]any{"email": "neu@example.org", "bestaetigungToken": map[string]string{"hash": "abc"}}},
	}, eventstore.Metadata{})
	if err != nil {
		t.Fatal(err)
	}
	testdb.WarteAufSichtbarkeit(t, pool)
	if _, err := projections.CatchUp(context.Background(), s, audit.Projection); err != nil {
		t.Fatal(err)
	}
	page, err := audit.Suche(context.Background(), pool, audit.Filter{StreamID: "anwender-1", Aufsteigend: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range page.Content {
		if strings.Contains(string(e.Daten), "geheim") || strings.Contains(string(e.Daten), "abc") {
			t.Fatalf("secret in audit data: %s", e.Daten)
		}
	}
	if !strings.Contains(string(page.Content[0].Daten), "betreiber") || page.Content[0].Zusammenfassung != "Anwender angelegt (Benutzerkonto 1)" {
		t.Fatalf("entry = %+v", page.Content[0])
	}
}
