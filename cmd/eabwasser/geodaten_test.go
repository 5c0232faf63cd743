package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// The command, twice on the sample's water bodies (which the test database has already):
// nothing changes, and the report says so.
func TestGeodatenImport_Befehl(t *testing.T) {
	_, url := testdb.New(t)
	t.Setenv("DATABASE_URL", url)
	t.Setenv("LOG_LEVEL", "error")
	for i := 0; i < 2; i++ {
		var out, errOut bytes.Buffer
		err := run(context.Background(), []string{"geodaten", "import", "../../internal/plattform/geodaten/beispiel/wasserkoerper.geojson", "--ebene", "wasserkoerper"}, &out, &errOut)
		if err != nil {
			t.Fatalf("run: %v (%s)", err, errOut.String())
		}
		if want := "0 Wasserkörper geladen, 0 aktualisiert, 0 entfernt (3 unverändert; 3 Objekte aus EPSG:25832)."; strings.TrimSpace(out.String()) != want {
			t.Fatalf("output %q, want %q", out.String(), want)
		}
	}
	err := run(context.Background(), []string{"geodaten", "import", "--ebene", "wasserkoerper", "owk.shp"}, &bytes.Buffer{}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "ogr2ogr -f GeoJSON -t_srs EPSG:25832 owk.geojson owk.shp") {
		t.Fatalf("Shapefile: %v", err)
	}
}
