package seed_test

import (
	"context"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// The demo has a past (issue 33): its events span years, none lies in the future, the versions
// of each stream follow each other in time, and the Verlauf of every demo operation — its
// stream's events, each step at its recorded time under its actor's name — shows at least three
// days and only named people, not the seed. An annual report's last change (geaendert) is the
// past time of its newest event, not the seed's minute.
func TestDemo_HatEineVergangenheit(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	start := time.Now()
	if _, err := seed.Demo(ctx, app.NewStore(pool)); err != nil {
		t.Fatal(err)
	}
	var jahre, zukunft, rueckwaerts int
	if err := pool.QueryRow(ctx, `SELECT count(DISTINCT extract(year FROM recorded_at AT TIME ZONE 'Europe/Berlin')),
			count(*) FILTER (WHERE recorded_at > now()) FROM events WHERE metadata->>'correlationId' = 'seed-demo'`).Scan(&jahre, &zukunft); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM (SELECT recorded_at < lag(recorded_at) OVER (PARTITION BY stream_id ORDER BY version) AS zurueck
			FROM events) e WHERE zurueck`).Scan(&rueckwaerts); err != nil {
		t.Fatal(err)
	}
	if jahre < 4 || zukunft != 0 || rueckwaerts != 0 {
		t.Fatalf("%d calendar years, %d events in the future, %d versions recorded before their predecessor", jahre, zukunft, rueckwaerts)
	}
	var berichte, abweichend int
	if err := pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE e.recorded_at IS DISTINCT FROM j.geaendert OR j.geaendert >= $1)
		FROM jahresbericht j LEFT JOIN events e ON e.stream_id = 'jahresbericht-' || j.id AND e.version = j.version`, start).
		Scan(&berichte, &abweichend); err != nil {
		t.Fatal(err)
	}
	if berichte == 0 || abweichend != 0 {
		t.Fatalf("%d of %d annual reports changed at another time than their newest event's, or during the seed", abweichend, berichte)
	}
	rows, err := pool.Query(ctx, `SELECT b.bezeichnung, count(DISTINCT (e.recorded_at AT TIME ZONE 'Europe/Berlin')::date),
			count(*) FILTER (WHERE coalesce(e.metadata->>'actorName', '') IN ('', $1)), min(e.recorded_at), count(*)
		FROM betrieb b JOIN events e ON e.stream_id = 'betrieb-' || b.id GROUP BY b.bezeichnung ORDER BY b.bezeichnung`, seed.Akteur.ActorName)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	betriebe := 0
	for rows.Next() {
		var name string
		var tage, unbenannt, schritte int
		var erster time.Time
		if err := rows.Scan(&name, &tage, &unbenannt, &erster, &schritte); err != nil {
			t.Fatal(err)
		}
		betriebe++
		if tage < 3 || unbenannt != 0 {
			t.Errorf("Verlauf of %s: %d steps on %d days, %d without a named person, first on %s", name, schritte, tage, unbenannt,
				erster.In(kalender.Zone).Format("02.01.2006"))
		}
	}
	if betriebe != 4 {
		t.Fatalf("%d demo operations", betriebe)
	}
}
