package seed_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/crypto/bcrypt"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// The bulk path of seed --scale may only be used because it writes exactly what the command
// path writes: the same events with the same data, metadata and recorded time in every stream,
// and the same documents (the annual reports' geaendert too: the time of the event at their
// version).
func TestSkalieren_BulkPathWritesTheEventsOfTheCommandPath(t *testing.T) {
	ctx := context.Background()
	hash, err := bcrypt.GenerateFromPassword([]byte(seed.DemoPasswort), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	heute := time.Date(2026, 5, 4, 0, 0, 0, 0, time.UTC)
	lauf := func(befehlsweg bool) *pgxpool.Pool {
		pool, _ := testdb.New(t)
		b, err := seed.Skalieren(ctx, app.NewStore(pool), seed.Skalierung{N: 1, Umfang: seed.Umfang{Organisationen: 12, Betriebe: 120},
			Heute: heute, PasswortHash: string(hash), Befehlsweg: befehlsweg, Parallel: 3})
		if err != nil {
			t.Fatalf("Befehlsweg %v: %v", befehlsweg, err)
		}
		if b.Organisationen != 12 || b.Betriebe != 120 || b.Anwender < 12+35+3 || b.Ereignisse < 120*3 || b.Anlagen < 200 || b.Messstellen < 200 {
			t.Fatalf("Befehlsweg %v: %+v", befehlsweg, b)
		}
		return pool
	}
	befehle, masse := lauf(true), lauf(false)

	for name, sql := range map[string]string{
		"events": `SELECT stream_id, version, event_type, schema_version, data::text, metadata::text, recorded_at FROM events
			WHERE metadata->>'correlationId' = 'seed-scale' ORDER BY stream_id, version`,
		"streams": `SELECT stream_id, min(stream_type), max(version) FROM events WHERE stream_id IN
			(SELECT stream_id FROM events WHERE metadata->>'correlationId' = 'seed-scale') GROUP BY stream_id ORDER BY stream_id`,
		"betrieb":       `SELECT to_jsonb(d)::text FROM betrieb d WHERE ` + skala("betrieb"),
		"organisation":  `SELECT to_jsonb(d)::text FROM organisation d WHERE ` + skala("organisation"),
		"anwender":      `SELECT to_jsonb(d)::text FROM anwender d WHERE ` + skala("anwender"),
		"lokale_rolle":  `SELECT to_jsonb(d)::text FROM lokale_rolle d WHERE ` + skala("lokalerolle"),
		"anlage":        `SELECT to_jsonb(d)::text FROM anlage d WHERE ` + skala("anlage"),
		"jahresbericht": `SELECT to_jsonb(d)::text FROM jahresbericht d WHERE ` + skala("jahresbericht"),
		"jahresbericht_parameter": `SELECT to_jsonb(p)::text FROM jahresbericht_parameter p WHERE p.jahresbericht_id IN
			(SELECT d.id FROM jahresbericht d WHERE ` + strings.TrimSuffix(skala("jahresbericht"), " ORDER BY d.id") + `) ORDER BY p.parameter_id`,
	} {
		a, b := zeilen(t, befehle, sql), zeilen(t, masse, sql)
		if len(a) == 0 {
			t.Fatalf("%s: no rows", name)
		}
		t.Logf("%s: %d rows equal", name, len(a))
		if !slices.Equal(a, b) {
			for i := range min(len(a), len(b)) {
				if a[i] != b[i] {
					t.Fatalf("%s row %d differs:\ncommand path: %s\nbulk path:    %s", name, i, a[i], b[i])
				}
			}
			t.Fatalf("%s: %d rows on the command path, %d on the bulk path", name, len(a), len(b))
		}
	}

	// every Freigabe state, shut-downs, open applications and every role are there
	var freigaben, status []string
	var offen int
	if err := masse.QueryRow(ctx, `SELECT array_agg(DISTINCT freigabestatus ORDER BY freigabestatus),
		array_agg(DISTINCT betriebsstatus ORDER BY betriebsstatus), count(*) FILTER (WHERE antrag IS NOT NULL) FROM betrieb`).
		Scan(&freigaben, &status, &offen); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(freigaben, []string{"ABGEWIESEN", "BEANTRAGT", "FREIGEGEBEN"}) || !slices.Contains(status, "STILLGELEGT") || offen == 0 {
		t.Fatalf("freigaben %v, status %v, open applications %d", freigaben, status, offen)
	}
	// plants of all four types in operation and shut down, several per approved operation,
	// with open change requests
	var typen, anlagenstatus []string
	var anlagenOffen int
	var jeBetrieb float64
	if err := masse.QueryRow(ctx, `SELECT array_agg(DISTINCT anlagentyp ORDER BY anlagentyp), array_agg(DISTINCT anlagenstatus ORDER BY anlagenstatus),
		count(*) FILTER (WHERE antrag IS NOT NULL), count(*)::float / (SELECT count(*) FROM betrieb WHERE freigabestatus = 'FREIGEGEBEN')
		FROM anlage d WHERE `+strings.TrimSuffix(skala("anlage"), " ORDER BY d.id")).Scan(&typen, &anlagenstatus, &anlagenOffen, &jeBetrieb); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(typen, []string{"ABWASSERBEHANDLUNG", "ENTLASTUNG", "KANALNETZ", "KUEHLWASSER"}) ||
		!slices.Equal(anlagenstatus, []string{"IN_BETRIEB", "STILLGELEGT"}) || anlagenOffen == 0 || jeBetrieb < 2 {
		t.Fatalf("plants: types %v, status %v, open change requests %d, %.1f per approved operation", typen, anlagenstatus, anlagenOffen, jeBetrieb)
	}
	// about three measuring points per approved operation, numbered uniquely and validly, in
	// every Freigabe state, in operation, renamed later and shut down with their operation,
	// inside Rhineland-Palatinate
	var punkte, nummern, ungueltig int
	var jeFreigegeben float64
	var arten []string
	if err := masse.QueryRow(ctx, `SELECT count(*), count(DISTINCT data->>'messstellenId'),
		count(*)::float / (SELECT count(*) FROM betrieb WHERE freigabestatus = 'FREIGEGEBEN'),
		count(*) FILTER (WHERE (data->'daten'->'lage'->>'hochwert')::float NOT BETWEEN 5420000 AND 5650000
			OR (data->'daten'->'lage'->>'rechtswert')::float NOT BETWEEN 320000 AND 480000),
		(SELECT array_agg(DISTINCT event_type ORDER BY event_type) FROM events WHERE stream_type = 'messstelle')
		FROM events WHERE event_type = 'MessstelleBeantragt'`).Scan(&punkte, &nummern, &jeFreigegeben, &ungueltig, &arten); err != nil {
		t.Fatal(err)
	}
	if punkte == 0 || nummern != punkte || jeFreigegeben < 2.5 || jeFreigegeben > 3.5 || ungueltig > 0 || !slices.Equal(arten, []string{
		"MessstelleAbgewiesen", "MessstelleBeantragt", "MessstelleFreigegeben", "MessstelleGeaendert", "MessstelleStillgelegt",
		"MessstellenfreigabeErneutAngefordert"}) {
		t.Fatalf("measuring points: %d, %d numbers, %.1f per approved operation, %d outside, events %v", punkte, nummern, jeFreigegeben, ungueltig, arten)
	}
	rows, err := masse.Query(ctx, `SELECT data->>'messstellenId', data->'daten'->>'messstellentyp' FROM events WHERE event_type = 'MessstelleBeantragt'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var nr, typ string
		if err := rows.Scan(&nr, &typ); err != nil {
			t.Fatal(err)
		}
		if msg := messstelle.PruefeNummer(nr) + messstelle.PasstZumTyp(nr, typ); msg != "" {
			t.Fatalf("number %s of type %s: %s", nr, typ, msg)
		}
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	// two Bescheide per approved operation with approved measuring points, about a dozen
	// Anforderungen and a few Auflagen each, released, in work and applications (issue 30)
	var bescheide, mitPunkten int
	var jeBescheid, auflagen float64
	var bescheidArten []string
	if err := masse.QueryRow(ctx, `SELECT count(*), avg(json_array_length(data->'daten'->'auflagen')),
		(SELECT count(DISTINCT data->>'betriebId') FROM events WHERE event_type = 'MessstelleBeantragt'
			AND metadata->>'correlationId' = 'seed-scale' AND stream_id IN
			(SELECT stream_id FROM events WHERE event_type = 'MessstelleFreigegeben') AND data->>'betriebId' IN
			(SELECT b.id::text FROM betrieb b WHERE b.freigabestatus = 'FREIGEGEBEN')),
		(SELECT sum(json_array_length(data->'anforderungen'))::float FROM events WHERE event_type = 'AnforderungenGesetzt') / count(*),
		(SELECT array_agg(DISTINCT event_type ORDER BY event_type) FROM events WHERE stream_type = 'bescheid'
			AND metadata->>'correlationId' = 'seed-scale')
		FROM events WHERE event_type = 'BescheidAngelegt' AND metadata->>'correlationId' = 'seed-scale'`).
		Scan(&bescheide, &auflagen, &mitPunkten, &jeBescheid, &bescheidArten); err != nil {
		t.Fatal(err)
	}
	if bescheide == 0 || bescheide != 2*mitPunkten || jeBescheid < 10 || jeBescheid > 14 || auflagen < 2 || auflagen > 4 ||
		!slices.Equal(bescheidArten, []string{"AnforderungenGesetzt", "BescheidAngelegt", "BescheidFreigegeben", "BescheidsantragGestellt",
			"MessstellenZugeordnet"}) {
		t.Fatalf("Bescheide: %d for %d operations, %.1f Anforderungen and %.1f Auflagen each, events %v", bescheide, mitPunkten, jeBescheid, auflagen,
			bescheidArten)
	}
	// annual reports of the two years before, with weekly values of each Selbstüberwachungsauflage,
	// plausibilised, submitted and in work (issue 31)
	var berichte, jahre int
	var berichtStatus []string
	var werteJeParameter float64
	if err := masse.QueryRow(ctx, `SELECT count(*), count(DISTINCT jahr), array_agg(DISTINCT status ORDER BY status),
		avg((SELECT avg(jsonb_array_length(p.messwerte)) FROM jahresbericht_parameter p WHERE p.jahresbericht_id = d.id))
		FROM jahresbericht d WHERE `+
		strings.TrimSuffix(skala("jahresbericht"), " ORDER BY d.id")).Scan(&berichte, &jahre, &berichtStatus, &werteJeParameter); err != nil {
		t.Fatal(err)
	}
	if berichte == 0 || jahre != 2 || werteJeParameter != 52 || !slices.Contains(berichtStatus, "PLAUSIBILISIERT") {
		t.Fatalf("reports: %d in %d years, status %v, %.1f values per parameter", berichte, jahre, berichtStatus, werteJeParameter)
	}
	var rollen []string
	if err := masse.QueryRow(ctx, `SELECT array_agg(DISTINCT r ORDER BY r) FROM anwender, unnest(funktionale_rollen) r`).Scan(&rollen); err != nil {
		t.Fatal(err)
	}
	for _, r := range berechtigung.Alle {
		if !slices.Contains(rollen, string(r)) {
			t.Fatalf("no account with role %s: %v", r, rollen)
		}
	}
	// a second run refuses instead of doubling the data
	if _, err := seed.Skalieren(ctx, app.NewStore(masse), seed.Skalierung{N: 1, Umfang: seed.Umfang{Organisationen: 1, Betriebe: 1},
		PasswortHash: string(hash)}); err == nil {
		t.Fatal("second scale seed was accepted")
	}
}

// skala selects the documents d of the scale seed's streams of a stream type.
func skala(streamType string) string {
	return `'` + streamType + `-' || d.id IN (SELECT stream_id FROM events WHERE metadata->>'correlationId' = 'seed-scale') ORDER BY d.id`
}

func zeilen(t *testing.T, pool *pgxpool.Pool, sql string) []string {
	t.Helper()
	rows, err := pool.Query(context.Background(), sql)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (string, error) {
		vals, err := r.Values()
		if err != nil {
			return "", err
		}
		s := ""
		for _, v := range vals {
			s += "|" + fmtWert(v)
		}
		return s, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func fmtWert(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return fmt.Sprint(v)
}
