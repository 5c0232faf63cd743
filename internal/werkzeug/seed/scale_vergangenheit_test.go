package seed_test

import (
	"context"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// The scale data has a past (issue 33): its events span years and none lies on or after the
// day the seed ran; every stream's versions follow each other in time; each step is recorded
// on a working day in office hours; no plant, measuring point, Bescheid or annual report is
// recorded before its operation was approved; an annual report's geaendert is the time of the
// event at its version; and the Verlauf of the operations shows their steps on distinct days
// by several people, the operator's and the authority's. The bulk path (the one `seed
// --scale` takes) is checked; TestSkalieren_BulkPathWritesTheEventsOfTheCommandPath holds the
// command path to the same times.
func TestSkalieren_HatEineVergangenheit(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	hash, err := bcrypt.GenerateFromPassword([]byte(seed.DemoPasswort), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	b, err := seed.Skalieren(ctx, app.NewStore(pool), seed.Skalierung{N: 1, Umfang: seed.Umfang{Organisationen: 20, Betriebe: 300},
		PasswortHash: string(hash), Parallel: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d events in %s", b.Ereignisse, b.Dauer.Round(time.Millisecond))
	heute := kalender.Jetzt()
	heute = time.Date(heute.Year(), heute.Month(), heute.Day(), 0, 0, 0, 0, kalender.Zone)

	var jahre, ereignisse, heuteOderSpaeter, ausserDienst int
	var frueheste time.Time
	if err := pool.QueryRow(ctx, `SELECT count(DISTINCT extract(year FROM recorded_at AT TIME ZONE 'Europe/Berlin')), count(*),
			count(*) FILTER (WHERE recorded_at >= $1 OR recorded_at >= $2),
			count(*) FILTER (WHERE extract(isodow FROM recorded_at AT TIME ZONE 'Europe/Berlin') > 5
				OR extract(hour FROM recorded_at AT TIME ZONE 'Europe/Berlin') NOT BETWEEN 8 AND 17),
			min(recorded_at)
		FROM events WHERE metadata->>'correlationId' = $3`, heute, start, seed.SkalaKorrelation).
		Scan(&jahre, &ereignisse, &heuteOderSpaeter, &ausserDienst, &frueheste); err != nil {
		t.Fatal(err)
	}
	if int64(ereignisse) < b.Ereignisse { // and the Dienststellen' local roles
		t.Fatalf("%d events of the scale seed, it reports %d", ereignisse, b.Ereignisse)
	}
	if jahre < 10 || heuteOderSpaeter != 0 || ausserDienst != 0 {
		t.Fatalf("%d calendar years from %s, %d events today or later, %d outside office hours", jahre,
			frueheste.In(kalender.Zone).Format("02.01.2006"), heuteOderSpaeter, ausserDienst)
	}
	var rueckwaerts int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM (SELECT recorded_at < lag(recorded_at) OVER (PARTITION BY stream_id ORDER BY version) AS zurueck
			FROM events) e WHERE zurueck`).Scan(&rueckwaerts); err != nil {
		t.Fatal(err)
	}
	if rueckwaerts != 0 {
		t.Fatalf("%d versions recorded before their predecessor", rueckwaerts)
	}

	// what hangs on an operation comes after its approval
	rows, err := pool.Query(ctx, `WITH frei AS (SELECT stream_id, min(recorded_at) AS am FROM events WHERE event_type = 'BetriebFreigegeben'
			GROUP BY stream_id),
		objekte AS (SELECT 'anlage' AS art, 'anlage-' || id AS stream_id, betrieb_id FROM anlage
			UNION ALL SELECT 'messstelle', 'messstelle-' || id, betrieb_id FROM messstelle
			UNION ALL SELECT 'bescheid', 'bescheid-' || id, betrieb_id FROM bescheid
			UNION ALL SELECT 'jahresbericht', 'jahresbericht-' || j.id, a.betrieb_id FROM jahresbericht j JOIN anlage a ON a.id = j.anlage_id)
		SELECT o.art, count(*), count(*) FILTER (WHERE f.am IS NULL OR e.recorded_at <= f.am)
		FROM objekte o JOIN events e ON e.stream_id = o.stream_id AND e.version = 1 LEFT JOIN frei f ON f.stream_id = 'betrieb-' || o.betrieb_id
		WHERE e.metadata->>'correlationId' = $1 GROUP BY o.art ORDER BY o.art`, seed.SkalaKorrelation)
	if err != nil {
		t.Fatal(err)
	}
	arten := 0
	for rows.Next() {
		var art string
		var n, zuFrueh int
		if err := rows.Scan(&art, &n, &zuFrueh); err != nil {
			t.Fatal(err)
		}
		arten++
		if n == 0 || zuFrueh != 0 {
			t.Errorf("%s: %d of %d recorded before their operation was approved", art, zuFrueh, n)
		}
	}
	if rows.Err() != nil || arten != 4 {
		t.Fatalf("%d kinds of objects (%v)", arten, rows.Err())
	}

	// an annual report's geaendert is its newest event's time (the bulk path dates the events
	// before it writes the documents), the demo's reports' too
	var berichte, abweichend int
	if err := pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE e.recorded_at IS DISTINCT FROM j.geaendert OR j.geaendert >= $1)
		FROM jahresbericht j LEFT JOIN events e ON e.stream_id = 'jahresbericht-' || j.id AND e.version = j.version`, start).
		Scan(&berichte, &abweichend); err != nil {
		t.Fatal(err)
	}
	if berichte == 0 || abweichend != 0 {
		t.Fatalf("%d of %d annual reports changed at another time than their newest event's, or during the seed", abweichend, berichte)
	}

	// the Verlauf of the operations: their steps on distinct days, by the operator and the staff
	var betriebe, wenigeTage, einePerson int
	var tageJeBetrieb float64
	if err := pool.QueryRow(ctx, `SELECT count(*), avg(tage), count(*) FILTER (WHERE tage < 3), count(*) FILTER (WHERE personen < 2)
		FROM (SELECT e.stream_id, count(DISTINCT (e.recorded_at AT TIME ZONE 'Europe/Berlin')::date) AS tage,
			count(DISTINCT e.metadata->>'actorId') AS personen
			FROM events e JOIN betrieb b ON e.stream_id = 'betrieb-' || b.id
			WHERE b.freigabestatus = 'FREIGEGEBEN' AND e.metadata->>'correlationId' = $1 GROUP BY e.stream_id) v`,
		seed.SkalaKorrelation).Scan(&betriebe, &tageJeBetrieb, &wenigeTage, &einePerson); err != nil {
		t.Fatal(err)
	}
	if betriebe < 200 || wenigeTage != 0 || einePerson != 0 || tageJeBetrieb < 5 {
		t.Fatalf("%d approved operations, %.1f days each, %d on fewer than three days, %d by one person", betriebe, tageJeBetrieb,
			wenigeTage, einePerson)
	}
}
