package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

func TestStoerung_FiftyConcurrentSavesOfTheSameVersion_ExactlyOneWins(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Kalkwerk Plaidt")
	w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id, "neuerStatus": "FREIGEGEBEN"}, sbd)
	b := w.betrieb(t, id, sbd)

	codes := make([]int, 50)
	var wg sync.WaitGroup
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := map[string]any{}
			for k, v := range b {
				body[k] = v
			}
			body["muttergesellschaft"] = fmt.Sprintf("Holding %d", i)
			codes[i] = w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", id), body, sbd).Code
		}()
	}
	wg.Wait()
	count := map[int]int{}
	for _, c := range codes {
		count[c]++
	}
	if count[http.StatusOK] != 1 || count[http.StatusConflict] != 49 {
		t.Fatalf("answers: %v", count)
	}
	var n, maxVersion int
	if err := w.dienst.Store.Pool().QueryRow(context.Background(), `SELECT count(*), max(version) FROM events WHERE stream_id = $1`,
		fmt.Sprintf("betrieb-%d", id)).Scan(&n, &maxVersion); err != nil {
		t.Fatal(err)
	}
	if n != maxVersion || n != 3 {
		t.Fatalf("stream has %d events up to version %d, want 3 without gap", n, maxVersion)
	}
}

func TestStoerung_PostgresGone_503ThenRecoversWithoutLosingAcknowledgedCommands(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	var bestaetigt []int64
	for i := 0; i < 3; i++ {
		bestaetigt = append(bestaetigt, beantragen(t, w, betreiber, fmt.Sprintf("Zementwerk %d Mülheim", i)))
	}
	ctx := context.Background()
	db := w.dienst.Store.Pool().Config().ConnConfig.Database
	admin, err := pgx.Connect(ctx, testdb.AdminURL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close(ctx) })
	sperren := func(erlaubt bool) {
		t.Helper()
		if _, err := admin.Exec(ctx, fmt.Sprintf(`ALTER DATABASE %q WITH ALLOW_CONNECTIONS %v`, db, erlaubt)); err != nil {
			t.Fatal(err)
		}
	}
	// connections refused and every open session terminated
	sperren(false)
	t.Cleanup(func() { sperren(true) })
	if _, err := admin.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, db); err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct{ method, path string }{{"GET", fmt.Sprintf("/api/betrieb/%d", bestaetigt[0])},
		{"POST", "/api/betrieb?typ=INDUSTRIE"}, {"GET", "/api/organisation"}} {
		var body any
		if r.method == "POST" {
			body = neuerBetriebOhneDB("Zementwerk X")
		}
		wantFehler(t, w.send(t, r.method, r.path, body, betreiber), 503,
			"Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in wenigen Minuten erneut.")
	}
	sperren(true)
	// the pool reconnects by itself
	deadline := time.Now().Add(10 * time.Second)
	for {
		a := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d", bestaetigt[2]), nil, betreiber)
		if a.Code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no recovery: %d %s", a.Code, a.Body.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, id := range bestaetigt {
		if got := w.betrieb(t, id, betreiber)["bezeichnung"]; !strings.HasPrefix(got.(string), "Zementwerk") {
			t.Fatalf("acknowledged operation %d: %v", id, got)
		}
	}
	if id := beantragen(t, w, betreiber, "Zementwerk nach der Störung"); id == 0 {
		t.Fatal("no command after recovery")
	}
}

// neuerBetriebOhneDB is a request body that needs no lookup (the Regionalstelle id is made up:
// the request never gets that far).
func neuerBetriebOhneDB(name string) map[string]any {
	return map[string]any{"bezeichnung": name, "adresse": map[string]string{"strasse": "Weg", "plz": "56070", "ort": "Koblenz"},
		"lage": map[string]float64{"hochwert": 5583100.5, "rechtswert": 398200.25}, "behoerde": map[string]int64{"id": 1}}
}

func TestStoerung_WrongContentTypeAndNestedJSONAreRefused(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	a := w.do(t, "POST", "/api/betrieb?typ=INDUSTRIE", strings.NewReader(`bezeichnung=x`), "Content-Type", "application/x-www-form-urlencoded",
		"Authorization", "Bearer "+betreiber)
	wantFehler(t, a, 415, "Die Anfrage muss JSON enthalten (Content-Type application/json).")
	tief := strings.Repeat(`{"a":`, 20000) + "1" + strings.Repeat("}", 20000)
	a = w.do(t, "POST", "/api/betrieb?typ=INDUSTRIE", strings.NewReader(tief), "Content-Type", "application/json", "Authorization", "Bearer "+betreiber)
	if a.Code != 400 && a.Code != 413 {
		t.Fatalf("deeply nested JSON: %d %s", a.Code, a.Body.String())
	}
	var n int
	_ = w.dienst.Store.Pool().QueryRow(context.Background(), `SELECT count(*) FROM betrieb`).Scan(&n)
	if n != 4 {
		t.Fatalf("%d operations after refused requests, want the 4 of the demo", n)
	}
}
