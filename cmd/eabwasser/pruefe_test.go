package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// The command on a database with a limit stored before issue 43 as "1.000" and one as "0.4": the
// first is listed with both readings, the second counted as the old form read as before.
func TestPruefeZahlen_Befehl(t *testing.T) {
	pool, url := testdb.New(t)
	t.Setenv("DATABASE_URL", url)
	t.Setenv("LOG_LEVEL", "error")
	if _, err := pool.Exec(t.Context(), `INSERT INTO events (stream_id, stream_type, version, event_type, data) VALUES ('bescheid-1', 'bescheid', 1, 'AnforderungenGesetzt',
		'{"messstelle":9,"anforderungen":[{"anforderungId":100,"wert":"1.000"},{"anforderungId":101,"wert":"0.4"}]}')`); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"pruefe", "zahlen"}, &out, &errOut); err != nil {
		t.Fatalf("run: %v (%s)", err, errOut.String())
	}
	zeilen := strings.Split(out.String(), "\n")
	if !strings.Contains(out.String(), "1 gespeicherte Zahlen werden seit Issue 43 anders gelesen") ||
		!strings.Contains(out.String(), "1 Werte in der alten Schreibweise mit Dezimalpunkt") || len(zeilen) < 5 ||
		strings.Join(strings.Fields(zeilen[4]), " ") != "bescheid-1 1 AnforderungenGesetzt anforderungen[0].wert 1.000 1 1000" {
		t.Fatalf("output:\n%s", out.String())
	}
	if err := run(context.Background(), []string{"pruefe", "daten"}, &out, &errOut); err == nil {
		t.Error("an unknown check is refused")
	}
}
