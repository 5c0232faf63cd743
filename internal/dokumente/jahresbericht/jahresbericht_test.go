package jahresbericht_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/eventstore"
	berichte "github.com/eabwasser/eabwasser/internal/dokumente/jahresbericht"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// The document is the whole state after every command: the report's row and each parameter's
// values, those rewritten when they changed and removed with their parameter — whatever the
// command, Stand reads what folding the stream gives.
func TestDokument_StandIstDerGefalteteStrom(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	store := schreibmodell.Store(pool)
	befehle := eventstore.Befehle(store, jahresbericht.Decider)
	const id = 4711
	bearbeiter := jahresbericht.Rolle{Bearbeiter: true, Funktion: "BETREIBER"}
	vorlage := &jahresbericht.Vorlage{ID: 1, Datumsformat: "TT.MM.JJJJ", Uhrzeit: true, Wert: true}
	werte := func(ws ...string) []jahresbericht.Messwert {
		out := make([]jahresbericht.Messwert, len(ws))
		for i, w := range ws {
			out[i] = jahresbericht.Messwert{Datum: []string{"06.01.2025", "13.01.2025", "20.01.2025"}[i], Uhrzeit: "08:00", Wert: w}
		}
		return out
	}
	schritte := []struct {
		name string
		cmd  jahresbericht.Befehl
	}{
		{"anlegen", jahresbericht.LegeAn{AnlageID: 12, AnlageBezeichnung: "Kläranlage", Jahr: 2025, Rolle: bearbeiter, Konto: 3,
			Pruefung: jahresbericht.Pruefung{Messstellen: []int64{21}},
			Parameter: []jahresbericht.Parameter{{ParameterID: 101, Art: jahresbericht.Selbstueberwachungsauflage, AnforderungID: 9, Messstelle: 21, ParameterNr: "301"},
				{ParameterID: 102, Art: jahresbericht.Selbstueberwachungsauflage, AnforderungID: 10, Messstelle: 21, ParameterNr: "304"}}}},
		{"Werte des ersten", jahresbericht.SpeichereMesswerte{ParameterID: 101, AnzahlWerte: 2, Vorlage: vorlage, Messwerte: werte("12", "14,5"), Rolle: bearbeiter}},
		{"ergänzender Parameter", jahresbericht.LegeParameterAn{Parameter: jahresbericht.Parameter{ParameterID: 103, ParameterNr: "201", Messstelle: 21},
			Pruefung: jahresbericht.Pruefung{Messstellen: []int64{21}}, Rolle: bearbeiter, Konto: 3}},
		{"seine Werte", jahresbericht.SpeichereMesswerte{ParameterID: 103, AnzahlWerte: 3, Vorlage: vorlage, Messwerte: werte("1", "2", "3"), Rolle: bearbeiter}},
		{"Werte des ersten geändert", jahresbericht.SpeichereMesswerte{ParameterID: 101, AnzahlWerte: 1, Vorlage: vorlage, Messwerte: werte("13"), Rolle: bearbeiter}},
		{"ergänzender gelöscht", jahresbericht.LoescheParameter{ParameterID: 103, Rolle: bearbeiter}},
		{"eingereicht", jahresbericht.ReicheEin{Daten: jahresbericht.Daten{StatusMesswerte: jahresbericht.Abgeschlossen, StatusAQS: jahresbericht.Unbearbeitet,
			StatusExterne: jahresbericht.Entfaellt, Durchflusspruefung: jahresbericht.Entfaellt}, Rolle: bearbeiter, Konto: 3}},
		{"gelöscht", jahresbericht.Loesche{Rolle: jahresbericht.Rolle{Admin: true}}},
	}
	for _, s := range schritte {
		if _, err := befehle.Handle(ctx, id, eventstore.VersionUnbekannt, s.cmd, eventstore.Metadata{ActorID: "3"}); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		events, err := store.ReadStream(ctx, eventstore.StreamID(jahresbericht.StreamType, id), 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		gefaltet, version, err := eventstore.Fold(jahresbericht.Decider, jahresbericht.Decider.Initial(), events)
		if err != nil {
			t.Fatal(err)
		}
		stand, v, ok, err := berichte.Stand(ctx, pool, id)
		if err != nil || !ok || v != version || !reflect.DeepEqual(stand, gefaltet) {
			t.Fatalf("%s: document (version %d, %v, %v)\n%+v\nstream (version %d)\n%+v", s.name, v, ok, err, stand, version, gefaltet)
		}
	}
	// the deleted parameter's values are gone, the others' rows stay with the deleted report
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM jahresbericht_parameter WHERE jahresbericht_id = $1`, id).Scan(&n); err != nil || n != 2 {
		t.Fatalf("value rows: %d (%v)", n, err)
	}
}

// The document written again from the log — each report's stream folded and written in a
// later transaction, as a rebuild of the document does — equals the one the commands wrote,
// geaendert included: it is the time the event at the report's version was recorded, not the
// time of the write.
func TestDokument_NeuGeschriebenGleichDemLaufenden(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	store := schreibmodell.Store(pool)
	befehle := eventstore.Befehle(store, jahresbericht.Decider)
	bearbeiter := jahresbericht.Rolle{Bearbeiter: true, Funktion: "BETREIBER"}
	vorlage := &jahresbericht.Vorlage{ID: 1, Datumsformat: "TT.MM.JJJJ", Uhrzeit: true, Wert: true}
	for _, id := range []int64{4711, 4712} {
		for _, cmd := range []jahresbericht.Befehl{
			jahresbericht.LegeAn{AnlageID: id, AnlageBezeichnung: "Kläranlage", Jahr: 2025, Rolle: bearbeiter, Konto: 3,
				Pruefung:  jahresbericht.Pruefung{Messstellen: []int64{21}},
				Parameter: []jahresbericht.Parameter{{ParameterID: 10 * id, Art: jahresbericht.Selbstueberwachungsauflage, AnforderungID: 9, Messstelle: 21, ParameterNr: "301"}}},
			jahresbericht.SpeichereMesswerte{ParameterID: 10 * id, AnzahlWerte: 1, Vorlage: vorlage, Rolle: bearbeiter,
				Messwerte: []jahresbericht.Messwert{{Datum: "06.01.2025", Uhrzeit: "08:00", Wert: "12"}}},
		} {
			if _, err := befehle.Handle(ctx, id, eventstore.VersionUnbekannt, cmd, eventstore.Metadata{ActorID: "3"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	dokument := func() []string {
		rows, err := pool.Query(ctx, `SELECT to_jsonb(j)::text FROM jahresbericht j ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		out, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	laufend := dokument()
	var abweichend int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM jahresbericht j LEFT JOIN events e ON e.stream_id = 'jahresbericht-' || j.id
		AND e.version = j.version WHERE e.recorded_at IS DISTINCT FROM j.geaendert`).Scan(&abweichend); err != nil || abweichend != 0 {
		t.Fatalf("%d reports changed at another time than their newest event's (%v)", abweichend, err)
	}
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM jahresbericht_parameter; DELETE FROM jahresbericht`); err != nil {
			return err
		}
		for _, id := range []int64{4711, 4712} {
			events, err := store.ReadStream(ctx, eventstore.StreamID(jahresbericht.StreamType, id), 1, 0)
			if err != nil {
				return err
			}
			j, version, err := eventstore.Fold(jahresbericht.Decider, jahresbericht.Decider.Initial(), events)
			if err != nil {
				return err
			}
			if err := berichte.Schreibe(ctx, tx, id, j, version); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if neu := dokument(); !reflect.DeepEqual(neu, laufend) {
		t.Fatalf("written again:\n%v\nas the commands wrote it:\n%v", neu, laufend)
	}
}
