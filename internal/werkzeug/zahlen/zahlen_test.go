package zahlen_test

import (
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/internal/werkzeug/zahlen"
)

// TestFinde_ListsTheValuesReadDifferentlyNow: events of the shape before issue 43 with "1.000"
// (read as one then, one thousand now) and "0.4" (the old form, read as before); a value in a
// field that is no decimal and a value of an area without decimals are not listed.
func TestFinde_ListsTheValuesReadDifferentlyNow(t *testing.T) {
	pool, _ := testdb.New(t)
	for _, e := range []struct{ stream, typ, ereignis, daten string }{
		{"bescheid-1", "bescheid", "AnforderungenGesetzt", `{"messstelle":9,"anforderungen":[
			{"anforderungId":100,"parameterNr":"301","wert":"1.000","gueltigBis":"3000-01-01"},
			{"anforderungId":101,"parameterNr":"302","wert":"0.4","gueltigBis":"3000-01-01"},
			{"anforderungId":102,"parameterNr":"303","wert":"12,5","zusatztext":"1.000","gueltigBis":"3000-01-01"}]}`},
		{"messstelle-5", "messstelle", "MessstelleGeaendert", `{"daten":{"anhang":{"csb":"2.500","aox":"0.05"},
			"einleitstelle":{"einleitungMq":"1.250","pegel":"1.000"}},"gueltigAb":"2024-01-01"}`},
		{"jahresbericht-3", "jahresbericht", "MesswerteGespeichert", `{"parameterId":501,"messwerte":[{"datum":"2025-03-01","wert":"12,5"}]}`},
		{"anlage-7", "anlage", "AnlageGeaendert", `{"bezeichnung":"1.000","wert":"1.000"}`},
	} {
		if _, err := pool.Exec(t.Context(), `INSERT INTO events (stream_id, stream_type, version, event_type, data) VALUES ($1, $2, 1, $3, $4)`,
			e.stream, e.typ, e.ereignis, e.daten); err != nil {
			t.Fatal(err)
		}
	}
	e, err := zahlen.Finde(t.Context(), pool)
	if err != nil {
		t.Fatal(err)
	}
	type zeile struct{ stream, feld, wert, bisher, jetzt string }
	var got []zeile
	for _, f := range e.Funde {
		got = append(got, zeile{f.Stream, f.Feld, f.Wert, zahlen.Deutsch(f.Bisher), zahlen.Deutsch(f.Jetzt)})
	}
	want := []zeile{
		{"bescheid-1", "anforderungen[0].wert", "1.000", "1", "1000"},
		{"messstelle-5", "daten.anhang.csb", "2.500", "2,5", "2500"},
		{"messstelle-5", "daten.einleitstelle.einleitungMq", "1.250", "1,25", "1250"},
	}
	if len(got) != len(want) {
		t.Fatalf("found %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%d: %v, want %v", i, got[i], want[i])
		}
	}
	if e.AlteForm != 2 || e.Ereignisse != 2 || e.Funde[0].Version != 1 || e.Funde[0].Ereignis != "AnforderungenGesetzt" || e.Funde[0].Typ != "bescheid" {
		t.Errorf("old form %d (want 0.4 and 0.05), events %d, %+v", e.AlteForm, e.Ereignisse, e.Funde[0])
	}
}
