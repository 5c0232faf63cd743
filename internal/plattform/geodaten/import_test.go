package geodaten_test

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/internal/plattform/geodaten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// stand fingerprints a layer: every kennung, bezeichnung and geometry (EWKB).
func stand(t *testing.T, pool *pgxpool.Pool, e geodaten.Ebene) (n int, md5 string) {
	t.Helper()
	err := pool.QueryRow(context.Background(), `SELECT count(*), coalesce(md5(string_agg(kennung || '|' || bezeichnung || '|' ||
		encode(ST_AsEWKB(geometrie), 'hex'), ',' ORDER BY kennung)), '') FROM `+string(e)).Scan(&n, &md5)
	if err != nil {
		t.Fatal(err)
	}
	return n, md5
}

func importiere(t *testing.T, pool *pgxpool.Pool, datei string, opt geodaten.ImportOptionen) geodaten.ImportBericht {
	t.Helper()
	b, err := geodaten.Importiere(context.Background(), pool, strings.NewReader(datei), opt)
	if err != nil {
		t.Fatalf("Importiere: %v", err)
	}
	return b
}

func TestImportiere_ZweimalDasBeispiel_GleicherStand(t *testing.T) {
	pool, _ := testdb.New(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `TRUNCATE verwaltungseinheit, wasserkoerper, einzugsgebiet`); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ebene geodaten.Ebene
		n     int
	}{{geodaten.Verwaltungseinheit, 9}, {geodaten.Wasserkoerper, 3}, {geodaten.Einzugsgebiet, 7}} {
		datei, err := fs.ReadFile(geodaten.Beispiel, string(tc.ebene)+".geojson")
		if err != nil {
			t.Fatal(err)
		}
		// Without --ebene: the layer follows from the official field names.
		b := importiere(t, pool, string(datei), geodaten.ImportOptionen{})
		if b.Ebene != tc.ebene || b.Geladen != tc.n || b.Aktualisiert != 0 || b.Entfernt != 0 || b.SRID != 25832 {
			t.Fatalf("first import: %+v", b)
		}
		n, erster := stand(t, pool, tc.ebene)
		b = importiere(t, pool, string(datei), geodaten.ImportOptionen{Ersetzen: true})
		if b.Geladen != 0 || b.Aktualisiert != 0 || b.Entfernt != 0 || b.Unveraendert != tc.n {
			t.Fatalf("second import: %+v", b)
		}
		if m, zweiter := stand(t, pool, tc.ebene); m != n || zweiter != erster {
			t.Fatalf("%s: the second import changed the layer (%d → %d rows)", tc.ebene, n, m)
		}
		want := fmt.Sprintf("0 %s geladen, 0 aktualisiert, 0 entfernt (%d unverändert", tc.ebene.Mehrzahl(), tc.n)
		if !strings.HasPrefix(b.String(), want) {
			t.Fatalf("report %q, want %q…", b, want)
		}
	}
}

// A file of WGS84 coordinates (RFC 7946: no crs member) is transformed to EPSG:25832; a key
// in a numeric field gets its leading zero back; --ersetzen removes the layer's others.
func TestImportiere_WGS84_WirdTransformiert(t *testing.T) {
	pool, _ := testdb.New(t)
	ctx := context.Background()
	var geojson string
	var flaeche float64
	err := pool.QueryRow(ctx, `SELECT ST_AsGeoJSON(ST_Transform(geometrie, 4326), 9), ST_Area(geometrie)
		FROM verwaltungseinheit WHERE kennung = '07111000'`).Scan(&geojson, &flaeche)
	if err != nil {
		t.Fatal(err)
	}
	datei := `{"type": "FeatureCollection", "features": [
		{"type": "Feature", "properties": {"AGS": 7111000, "GEN": "Koblenz, kreisfreie Stadt"}, "geometry": ` + geojson + `}]}`
	b := importiere(t, pool, datei, geodaten.ImportOptionen{Ersetzen: true})
	if b.Ebene != geodaten.Verwaltungseinheit || b.SRID != 4326 || b.Aktualisiert != 1 || b.Entfernt != 8 || b.Geladen != 0 {
		t.Fatalf("report %+v", b)
	}
	var srid int
	var neu float64
	var bezeichnung string
	err = pool.QueryRow(ctx, `SELECT ST_SRID(geometrie), ST_Area(geometrie), bezeichnung FROM verwaltungseinheit WHERE kennung = '07111000'`).
		Scan(&srid, &neu, &bezeichnung)
	if err != nil {
		t.Fatal(err)
	}
	if srid != 25832 || neu < flaeche*0.9999 || neu > flaeche*1.0001 || bezeichnung != "Koblenz, kreisfreie Stadt" {
		t.Fatalf("after the import: SRID %d, area %.0f (was %.0f), %q", srid, neu, flaeche, bezeichnung)
	}
	if k, ok, err := geodaten.Gemeinde(ctx, pool, 398120.75, 5582950.25); err != nil || !ok || k != "07111000" {
		t.Fatalf("Gemeinde after the import: %q %v %v", k, ok, err)
	}
	if n, _ := stand(t, pool, geodaten.Verwaltungseinheit); n != 1 {
		t.Fatalf("%d municipalities after --ersetzen, want 1", n)
	}
}

// Own field names (--kennung, --bezeichnung), the crs member after the features, an explicit
// --srid, and the parts of one water body in two features.
func TestImportiere_EigeneFelder_Teile(t *testing.T) {
	pool, _ := testdb.New(t)
	ctx := context.Background()
	teil := func(e0, n0 int) string {
		return fmt.Sprintf(`{"type":"Polygon","coordinates":[[[%d,%d],[%d,%d],[%d,%d],[%d,%d],[%d,%d]]]}`,
			e0, n0, e0+1000, n0, e0+1000, n0+1000, e0, n0+1000, e0, n0)
	}
	datei := `{"type":"FeatureCollection","features":[
		{"type":"Feature","properties":{"CODE":"DERP_2700000000_1","BEZ":"Nette"},"geometry":` + teil(420000, 5580000) + `},
		{"type":"Feature","properties":{"CODE":"DERP_2700000000_1","BEZ":"Nette"},"geometry":` + teil(425000, 5580000) + `},
		{"type":"Feature","properties":{"CODE":"DERP_2700000000_2","BEZ":null},"geometry":` + teil(430000, 5580000) + `},
		{"type":"Feature","properties":{"CODE":"DERP_2700000000_4","BEZ":"mit Höhen"},"geometry":{"type":"Polygon",
			"coordinates":[[[440000,5580000,70.5],[441000,5580000,71],[441000,5581000,72],[440000,5580000,70.5]]]}}],
		"crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::25832"}}}`
	b := importiere(t, pool, datei, geodaten.ImportOptionen{Ebene: geodaten.Wasserkoerper, KennungFeld: "CODE", BezeichnungFeld: "BEZ"})
	if b.Geladen != 3 || b.Objekte != 4 || b.SRID != 25832 {
		t.Fatalf("report %+v", b)
	}
	if n, _ := stand(t, pool, geodaten.Wasserkoerper); n != 6 {
		t.Fatalf("%d water bodies, want the sample's 3 and 3 new", n)
	}
	var teile int
	if err := pool.QueryRow(ctx, `SELECT ST_NumGeometries(geometrie) FROM wasserkoerper WHERE kennung = 'DERP_2700000000_1'`).Scan(&teile); err != nil || teile != 2 {
		t.Fatalf("parts %d, %v", teile, err)
	}
	if w, ok, _ := geodaten.Suche(ctx, pool, geodaten.Wasserkoerper, 425500, 5580500); !ok || w.Kennung != "DERP_2700000000_1" || w.Bezeichnung != "Nette" {
		t.Fatalf("second part: %+v %v", w, ok)
	}
	// No name: the kennung stands in.
	if w, ok, _ := geodaten.Suche(ctx, pool, geodaten.Wasserkoerper, 430500, 5580500); !ok || w.Bezeichnung != "DERP_2700000000_2" {
		t.Fatalf("without a name: %+v %v", w, ok)
	}
	// --srid overrides the file's crs: the same numbers as Gauss-Krüger zone 3 (EPSG:31467)
	// land elsewhere.
	b = importiere(t, pool, strings.Replace(datei, "DERP_2700000000_2", "DERP_2700000000_3", 1),
		geodaten.ImportOptionen{Ebene: geodaten.Wasserkoerper, KennungFeld: "CODE", BezeichnungFeld: "BEZ", SRID: 31467})
	if b.SRID != 31467 || b.Aktualisiert != 2 || b.Geladen != 1 {
		t.Fatalf("report %+v", b)
	}
}

func TestImportiere_Fehler(t *testing.T) {
	pool, _ := testdb.New(t)
	ctx := context.Background()
	_, vorher := stand(t, pool, geodaten.Einzugsgebiet)
	quadrat := `{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}`
	for _, tc := range []struct {
		name, datei string
		opt         geodaten.ImportOptionen
		want        string
	}{
		{"not JSON", `{"type":`, geodaten.ImportOptionen{}, "kein gültiges GeoJSON"},
		{"a single feature", `{"type":"Feature","features":[]}`, geodaten.ImportOptionen{}, "erwartet wird eine FeatureCollection"},
		{"no features", `{"type":"FeatureCollection","features":[]}`, geodaten.ImportOptionen{}, "keine Objekte"},
		{"lines", `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"TEZG_ID":"1"},
			"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}]}`, geodaten.ImportOptionen{}, "Geometrie LineString"},
		{"no geometry", `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"TEZG_ID":"1"},"geometry":null}]}`,
			geodaten.ImportOptionen{}, "Objekt 1 hat keine Geometrie"},
		{"unknown fields", `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"X":"1"},"geometry":` + quadrat + `}]}`,
			geodaten.ImportOptionen{}, "--ebene angeben"},
		{"missing own field", `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"X":"1"},"geometry":` + quadrat + `}]}`,
			geodaten.ImportOptionen{Ebene: geodaten.Einzugsgebiet, KennungFeld: "ID"}, `kein Feld "ID"`},
		{"empty key", `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"TEZG_ID":"1"},"geometry":` + quadrat + `},
			{"type":"Feature","properties":{"TEZG_ID":" "},"geometry":` + quadrat + `}]}`, geodaten.ImportOptionen{}, "Objekt 2: das Feld TEZG_ID ist leer"},
		{"not a municipality key", `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"AGS":"071110001"},"geometry":` + quadrat + `}]}`,
			geodaten.ImportOptionen{}, "kein achtstelliger Gemeindeschlüssel"},
		{"unknown crs", `{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"lokal"}},"features":[]}`,
			geodaten.ImportOptionen{}, "unbekanntes Koordinatensystem"},
		{"unknown layer", `{}`, geodaten.ImportOptionen{Ebene: "gewaesser"}, "unbekannte Ebene"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := geodaten.Importiere(ctx, pool, strings.NewReader(tc.datei), tc.opt)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
	if _, nachher := stand(t, pool, geodaten.Einzugsgebiet); nachher != vorher {
		t.Fatal("a failed import changed the layer")
	}
}

func TestSRIDAus(t *testing.T) {
	for name, want := range map[string]int{
		"urn:ogc:def:crs:EPSG::25832":    25832,
		"EPSG:4326":                      4326,
		"urn:ogc:def:crs:OGC:1.3:CRS84":  4326,
		"urn:ogc:def:crs:EPSG:6.6:31467": 31467,
	} {
		if got, err := geodaten.SRIDAus(name); err != nil || got != want {
			t.Errorf("SRIDAus(%q) = %d, %v; want %d", name, got, err, want)
		}
	}
}

// A layer of thousands of features comes through a pipe, written while the import reads it:
// the import takes the stream as it comes (it never needs the whole file).
func TestImportiere_Strom(t *testing.T) {
	pool, _ := testdb.New(t)
	const n = 5000
	r, w := io.Pipe()
	go func() {
		fmt.Fprint(w, `{"type":"FeatureCollection","name":"gross","features":[`)
		for i := range n {
			if i > 0 {
				fmt.Fprint(w, ",")
			}
			e, nn := 500000+(i%100)*100, 5500000+(i/100)*100
			fmt.Fprintf(w, `{"type":"Feature","properties":{"TEZG_ID":"G%05d","TEZG_NAME":"Gebiet %d","FLAECHE":%d},"geometry":`+
				`{"type":"Polygon","coordinates":[[[%d,%d],[%d,%d],[%d,%d],[%d,%d],[%d,%d]]]}}`,
				i, i, 10000, e, nn, e+100, nn, e+100, nn+100, e, nn+100, e, nn)
		}
		fmt.Fprint(w, `],"crs":{"type":"name","properties":{"name":"EPSG:25832"}}}`)
		w.Close()
	}()
	b, err := geodaten.Importiere(context.Background(), pool, r, geodaten.ImportOptionen{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Ebene != geodaten.Einzugsgebiet || b.Geladen != n || b.Objekte != n || b.SRID != 25832 {
		t.Fatalf("report %+v", b)
	}
	if e, ok, err := geodaten.Suche(context.Background(), pool, geodaten.Einzugsgebiet, 500050, 5500050+49*100); err != nil || !ok || e.Kennung != "G04900" {
		t.Fatalf("lookup: %+v %v %v", e, ok, err)
	}
}
