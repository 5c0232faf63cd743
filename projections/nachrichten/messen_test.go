package nachrichten_test

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// The catch-up from zero over a log shaped like the scale seed's (`seed --scale 5`: 100,000
// operations, 10,000 organisations, about 17,500 accounts, 1.1 M events). Set
// NACHRICHTEN_MESSEN to the number of operations (100000 for the full log; 11.13 events each); it
// takes a minute or two. NACHRICHTEN_MESSEN_REBUILD measures a rebuild after it.
func TestNachrichten_Messen_AufholenVonNull(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("NACHRICHTEN_MESSEN"))
	if n <= 0 {
		t.Skip("NACHRICHTEN_MESSEN=<operations> to measure")
	}
	pool, _ := testdb.New(t)
	ctx := context.Background()
	start := time.Now()
	for _, sql := range []string{
		`INSERT INTO organisation (id, bezeichnung, strasse, hausnummer, plz, ort, status, version)
			SELECT i, 'Organisation ' || i, '', '', '', '', 'AKTIV', 1 FROM generate_series(1, 10000) i`,
		`INSERT INTO lokale_rolle (id, bezeichnung, globale_rolle, systemrolle, regionalstelle_ids, geaendert_am, version)
			SELECT i, 'Dienststelle ' || i, 'BEHOERDE', true, ARRAY[i], now(), 1 FROM generate_series(1, 40) i`,
		// the operators' users, 1.7 per organisation
		`INSERT INTO anwender (id, benutzername, status, name, email, organisation_id, funktionale_rollen, angelegt_am, gueltig_bis, version)
			SELECT i, 'b' || i, 'AKTIV', 'Betreiber ' || i, 'b' || i || '@example.org', 1 + (i - 1) % 10000, '{BETREIBER}', now(), now(), 1
			FROM generate_series(1, 17000) i`,
		// five authority accounts per Regionalstelle, two FACHADMIN, one SYSTEMADMIN
		`INSERT INTO anwender (id, benutzername, status, name, email, funktionale_rollen, lokale_rollen, angelegt_am, gueltig_bis, version)
			SELECT 17000 + i, 's' || i, 'AKTIV', 'Sachbearbeiter ' || i, 's' || i || '@example.org',
				ARRAY[(ARRAY['ZUST_SBD', 'ZUST_SBB', 'ZUST_SBS', 'ZUST_SBA', 'LESER_BEHOERDE'])[1 + (i - 1) % 5]], ARRAY[1 + (i - 1) / 5], now(), now(), 1
			FROM generate_series(1, 200) i`,
		`INSERT INTO anwender (id, benutzername, status, name, email, funktionale_rollen, angelegt_am, gueltig_bis, version) VALUES
			(17201, 'fa1', 'AKTIV', 'Fachadmin 1', 'fa1@example.org', '{FACHADMIN}', now(), now(), 1),
			(17202, 'fa2', 'AKTIV', 'Fachadmin 2', 'fa2@example.org', '{FACHADMIN}', now(), now(), 1),
			(17203, 'sa', 'AKTIV', 'Systemadmin', 'sa@example.org', '{SYSTEMADMIN}', now(), now(), 1)`,
		`INSERT INTO personalisierung (anwender_id, send_mail_nachrichten, version) SELECT id, true, 1 FROM anwender WHERE id % 3 = 0`,
		`ANALYZE`,
	} {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	vorlage, err := json.Marshal(betrieb.Daten{Adresse: betrieb.Adresse{Strasse: "Hauptstraße", Hausnummer: "12", Plz: "12345", Ort: "Musterstadt"},
		Betriebsstatus: "IN_BETRIEB", Behoerdenkennung: "ABC-123", Haupttaetigkeit: "Herstellung von Papier", Nacecode: "17.12",
		Kontakte:            []betrieb.Kontakt{{Anrede: "Frau", Vorname: "Erika", Name: "Muster", Telefon: "0123 456789", Email: "erika@example.org", Funktion: "Leitung"}},
		ZustaendigePersonen: []betrieb.ZustaendigePerson{{AnwenderID: 1, Zustaendig: []string{"Abwasser"}}}})
	if err != nil {
		t.Fatal(err)
	}
	// per operation i: requested, three saves, approved, two plants (one changed), two
	// events of another stream; every 20th a Stammdaten-Antrag adopted, every 25th plant a
	// change request rejected
	const log = `INSERT INTO events (stream_id, stream_type, version, event_type, data, metadata)
		SELECT e.stream_id, e.stream_type, e.version, e.event_type, e.data, e.metadata
		FROM generate_series($2::int, $3::int) i
		CROSS JOIN LATERAL (SELECT $1::jsonb || jsonb_build_object('bezeichnung', 'Betrieb ' || i, 'betreiberId', 1 + i % 10000,
			'regionalstelleId', 1 + i % 40) AS d,
			jsonb_build_object('actorId', (1 + i % 10000)::text, 'actorName', 'Betreiber ' || i) AS betreiber,
			jsonb_build_object('actorId', (17001 + 5 * (i % 40))::text, 'actorName', 'Sachbearbeiter') AS behoerde) x
		CROSS JOIN LATERAL (VALUES
			(1, 'betrieb-' || i, 'betrieb', 1, 'BetriebBeantragt', jsonb_build_object('betriebsId', 'B-' || i, 'daten', x.d), x.betreiber),
			(2, 'betrieb-' || i, 'betrieb', 2, 'BetriebsdatenGeaendert', jsonb_build_object('daten', x.d), x.betreiber),
			(3, 'betrieb-' || i, 'betrieb', 3, 'BetriebsdatenGeaendert', jsonb_build_object('daten', x.d), x.betreiber),
			(4, 'betrieb-' || i, 'betrieb', 4, 'BetriebsdatenGeaendert', jsonb_build_object('daten', x.d), x.betreiber),
			(5, 'betrieb-' || i, 'betrieb', 5, 'BetriebFreigegeben', '{}'::jsonb, x.behoerde),
			(6, 'anlage-' || 2 * i, 'anlage', 1, 'AnlageAngelegt', jsonb_build_object('betriebId', i, 'anlagentyp', 'KUEHLANLAGE',
				'daten', jsonb_build_object('bezeichnung', 'Kühlturm ' || i, 'anlagenstatus', 'IN_BETRIEB')), x.betreiber),
			(7, 'anlage-' || 2 * i + 1, 'anlage', 1, 'AnlageAngelegt', jsonb_build_object('betriebId', i, 'anlagentyp', 'KUEHLANLAGE',
				'daten', jsonb_build_object('bezeichnung', 'Kühlturm B ' || i, 'anlagenstatus', 'IN_BETRIEB')), x.betreiber),
			(8, 'anlage-' || 2 * i, 'anlage', 2, 'AnlageGeaendert', jsonb_build_object('daten', jsonb_build_object('bezeichnung', 'Kühlturm A ' || i)), x.betreiber),
			(9, 'organisation-' || i, 'organisation', 1, 'OrganisationGeaendert', jsonb_build_object('daten', x.d), x.betreiber),
			(10, 'organisation-' || i, 'organisation', 2, 'OrganisationGeaendert', jsonb_build_object('daten', x.d), x.betreiber),
			(11, 'betrieb-' || i, 'betrieb', 6, CASE WHEN i % 20 = 0 THEN 'StammdatenAntragGestellt' ELSE 'BetriebGeaendert' END,
				CASE WHEN i % 20 = 0 THEN '{"antrag": {"bezeichnung": "Neu", "kommentar": "bitte"}}'::jsonb ELSE jsonb_build_object('daten', x.d) END, x.betreiber),
			(12, 'betrieb-' || i, 'betrieb', 7, CASE WHEN i % 20 = 0 THEN 'StammdatenAntragUebernommen' END, '{"felder": ["bezeichnung"]}'::jsonb, x.behoerde),
			(13, 'anlage-' || 2 * i, 'anlage', 3, CASE WHEN i % 25 = 0 THEN 'AnlagenAenderungsantragGestellt' END, '{"antrag": {"bezeichnung": "X"}}'::jsonb, x.betreiber),
			(14, 'anlage-' || 2 * i, 'anlage', 4, CASE WHEN i % 25 = 0 THEN 'AnlagenAenderungsantragAbgelehnt' END, '{}'::jsonb, x.behoerde)
		) AS e (k, stream_id, stream_type, version, event_type, data, metadata)
		WHERE e.event_type IS NOT NULL
		ORDER BY i, e.k`
	for von := 1; von <= n; von += 10000 {
		if _, err := pool.Exec(ctx, log, string(vorlage), von, min(von+9999, n)); err != nil {
			t.Fatal(err)
		}
	}
	var gesamt int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&gesamt); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE events`); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d events written in %s", gesamt, time.Since(start).Round(time.Second))
	store := eventstore.New(pool)
	projektortest.WarteBis(t, "the log readable", func() bool {
		var head int64
		err := pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE tx_id < pg_snapshot_xmin(pg_current_snapshot())`).Scan(&head)
		return err == nil && head == int64(gesamt)
	})
	if os.Getenv("NACHRICHTEN_MESSEN_LEER") != "" { // the cost of reading the log: a projection that writes nothing
		leer := projections.Projection{Name: "leer", Projiziere: func(context.Context, *projections.Stapel) (*projections.Schreiben, error) { return nil, nil }}
		start = time.Now()
		if _, err := projections.CatchUp(ctx, store, leer); err != nil {
			t.Fatal(err)
		}
		t.Logf("empty projection: %s", time.Since(start))
	}
	start = time.Now()
	if _, err := projections.CatchUp(ctx, store, projektion); err != nil {
		t.Fatal(err)
	}
	d := time.Since(start)
	var nachr, mails int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM nachrichten.nachricht), (SELECT count(*) FROM mail_ausgang)`).Scan(&nachr, &mails); err != nil {
		t.Fatal(err)
	}
	t.Logf("catch-up from zero: %d events in %s = %.0f events/s; %d messages, %d mails", gesamt, d.Round(time.Millisecond),
		float64(gesamt)/d.Seconds(), nachr, mails)
	if os.Getenv("NACHRICHTEN_MESSEN_REBUILD") != "" {
		start = time.Now()
		if err := projections.Rebuild(ctx, store, projektion, nil); err != nil {
			t.Fatal(err)
		}
		d = time.Since(start)
		t.Logf("rebuild: %d events in %s = %.0f events/s", gesamt, d.Round(time.Millisecond), float64(gesamt)/d.Seconds())
	}
}
