package anlage_test

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/eabwasser/eabwasser/domain/anlage"
)

// TestZeitraeume_PeriodsOfTheAssignments runs the cases of testdata/zeitraeume.json, which the
// form's mirror of the rule (werte.test.ts) runs as well.
func TestZeitraeume_PeriodsOfTheAssignments(t *testing.T) {
	daten, err := os.ReadFile("testdata/zeitraeume.json")
	if err != nil {
		t.Fatal(err)
	}
	var faelle []struct {
		Fall     string                        `json:"fall"`
		Eingabe  []anlage.Veranlagung          `json:"eingabe"`
		Erwartet []anlage.Veranlagungszeitraum `json:"erwartet"`
	}
	if err := json.Unmarshal(daten, &faelle); err != nil {
		t.Fatal(err)
	}
	if len(faelle) < 5 {
		t.Fatalf("%d cases", len(faelle))
	}
	for _, f := range faelle {
		t.Run(f.Fall, func(t *testing.T) {
			if got := anlage.Zeitraeume(f.Eingabe); !reflect.DeepEqual(got, f.Erwartet) {
				t.Errorf("got %+v, want %+v", got, f.Erwartet)
			}
		})
	}
}
