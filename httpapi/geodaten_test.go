package httpapi

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/plattform/geodaten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// The lookups against the shipped sample, which every test database has (testdb's template).
func TestGeodaten_WasserkoerperUndEinzugsgebiet(t *testing.T) {
	pool, _ := testdb.New(t)
	s := newTestServer(t, Deps{Pool: pool}, nil)
	auth := bearer(t, "BETREIBER")
	for _, tc := range []struct {
		pfad    string
		status  int
		kennung string
	}{
		{"/api/wasserkoerper?hochwert=5582950.25&rechtswert=398120.75", 200, "DERP_2000000000_6"},
		{"/api/wasserkoerper/?rechtswert=392460.6&hochwert=5571240.4", 200, "DERP_2600000000_3"},
		{"/api/wasserkoerper?hochwert=5570784&rechtswert=401750", 200, "DERP_2000000000_6"}, // the Rhine's second part
		{"/api/wasserkoerper?hochwert=5573000&rechtswert=405000", 200, "DERP_2000000000_6"}, // Rhine | Lahn vertex: the smaller key
		{"/api/wasserkoerper?hochwert=5600000&rechtswert=398000", 204, ""},                  // outside the sample
		{"/api/einzugsgebiet?hochwert=5571240.4&rechtswert=392460.6", 200, "26992"},
		{"/api/einzugsgebiet?hochwert=5569700&rechtswert=388000", 204, ""},       // in the hole nobody fills
		{"/api/einzugsgebiet?hochwert=5568500&rechtswert=390200", 200, "269929"}, // in the hole of the enclave
		{"/api/einzugsgebiet?hochwert=5568500&rechtswert=389700", 200, "26992"},  // on the enclave's ring
	} {
		a := s.do(t, "GET", tc.pfad, nil, "Authorization", auth)
		if a.Code != tc.status {
			t.Fatalf("%s: %d %s", tc.pfad, a.Code, a.Body.String())
		}
		if tc.status == 204 {
			if a.Body.Len() != 0 {
				t.Fatalf("%s: 204 with a body %q", tc.pfad, a.Body.String())
			}
			continue
		}
		m := a.json(t)
		if m["kennung"] != tc.kennung || m["bezeichnung"] == "" || len(m) != 2 {
			t.Fatalf("%s: %v, want kennung %s", tc.pfad, m, tc.kennung)
		}
	}
}

func TestGeodaten_Eingabefehler(t *testing.T) {
	pool, _ := testdb.New(t)
	s := newTestServer(t, Deps{Pool: pool}, nil)
	auth := bearer(t, "LESER_ORGANISATION")
	for _, tc := range []struct {
		pfad, message string
		felder        map[string]string
	}{
		{"/api/wasserkoerper", textKoordinatenFehlen, map[string]string{"hochwert": validierung.Pflichtfeld, "rechtswert": validierung.Pflichtfeld}},
		{"/api/einzugsgebiet?hochwert=5571240.4", textKoordinatenFehlen, map[string]string{"rechtswert": validierung.Pflichtfeld}},
		{"/api/einzugsgebiet?hochwert=abc&rechtswert=1", textKoordinatenUngueltig, map[string]string{"hochwert": textZahlUngueltig}},
		{"/api/einzugsgebiet?hochwert=NaN&rechtswert=Inf", textKoordinatenUngueltig, map[string]string{"hochwert": textZahlUngueltig, "rechtswert": textZahlUngueltig}},
		{"/api/wasserkoerper?hochwert=-5&rechtswert=100000000", textKoordinatenUngueltig, map[string]string{"hochwert": betrieb.MsgPositiv, "rechtswert": betrieb.MsgKoordinate}},
		{"/api/geodaten/karte?bbox=1,2,3,4", textEbeneUnbekannt, map[string]string{"ebene": textEbeneUnbekannt}},
		{"/api/geodaten/karte?ebene=events&bbox=1,2,3,4", textErlaubt(alsTexte(geodaten.Ebenen)), map[string]string{"ebene": textErlaubt(alsTexte(geodaten.Ebenen))}},
		{"/api/geodaten/karte?ebene=wasserkoerper", textBboxUngueltig, map[string]string{"bbox": textBboxUngueltig}},
		{"/api/geodaten/karte?ebene=wasserkoerper&bbox=3,2,1,4", textBboxUngueltig, map[string]string{"bbox": textBboxUngueltig}},
		{"/api/geodaten/karte?ebene=wasserkoerper&bbox=0,0,2000000,1", textBboxUngueltig, map[string]string{"bbox": textBboxUngueltig}},
	} {
		m := wantFehler(t, s.do(t, "GET", tc.pfad, nil, "Authorization", auth), 400, tc.message)
		felder, _ := m["validationErrors"].(map[string]any)
		if len(felder) != len(tc.felder) {
			t.Errorf("%s: validationErrors %v, want %v", tc.pfad, felder, tc.felder)
		}
		for f, want := range tc.felder {
			if felder[f] != want {
				t.Errorf("%s: %s = %v, want %q", tc.pfad, f, felder[f], want)
			}
		}
	}
	// logged-in users only
	for _, p := range []string{"/api/wasserkoerper?hochwert=5582950&rechtswert=398120", "/api/einzugsgebiet?hochwert=5582950&rechtswert=398120",
		"/api/geodaten/karte?ebene=wasserkoerper&bbox=386000,5566000,408000,5590000"} {
		wantFehler(t, s.do(t, "GET", p, nil), 401, textNichtAngemeldet)
	}
}

type featureCollection struct {
	Type     string `json:"type"`
	Features []struct {
		Type       string            `json:"type"`
		Properties map[string]string `json:"properties"`
		Geometry   struct {
			Type        string          `json:"type"`
			Coordinates json.RawMessage `json:"coordinates"`
		} `json:"geometry"`
	} `json:"features"`
	Abgeschnitten bool `json:"abgeschnitten"`
}

func TestGeodaten_Karte(t *testing.T) {
	pool, _ := testdb.New(t)
	s := newTestServer(t, Deps{Pool: pool}, nil)
	auth := bearer(t, "ZUST_SBD")
	karte := func(pfad string) featureCollection {
		t.Helper()
		a := s.do(t, "GET", pfad, nil, "Authorization", auth)
		if a.Code != 200 {
			t.Fatalf("%s: %d %s", pfad, a.Code, a.Body.String())
		}
		var fc featureCollection
		a.decode(t, &fc)
		if fc.Type != "FeatureCollection" || !strings.Contains(a.Body.String(), `"urn:ogc:def:crs:EPSG::25832"`) {
			t.Fatalf("%s: %s", pfad, a.Body.String())
		}
		return fc
	}
	// the whole sample: every municipality, in kennung order
	fc := karte("/api/geodaten/karte?ebene=verwaltungseinheit&bbox=380000,5560000,410000,5600000")
	if len(fc.Features) != 9 || fc.Abgeschnitten || fc.Features[0].Properties["kennung"] != "07111000" ||
		fc.Features[0].Properties["bezeichnung"] != "Koblenz" || fc.Features[0].Geometry.Type != "Polygon" && fc.Features[0].Geometry.Type != "MultiPolygon" {
		t.Fatalf("municipalities: %+v", fc)
	}
	// a window around the demo's paper mill: only the polygons that meet it, clipped to it
	fc = karte("/api/geodaten/karte?ebene=wasserkoerper&bbox=398000,5582800,398300,5583100")
	if len(fc.Features) != 1 || fc.Features[0].Properties["kennung"] != "DERP_2000000000_6" {
		t.Fatalf("water bodies at the paper mill: %+v", fc)
	}
	var ring [][][]float64
	if err := json.Unmarshal(fc.Features[0].Geometry.Coordinates, &ring); err != nil {
		t.Fatalf("clipped to one polygon: %v %s", err, fc.Features[0].Geometry.Coordinates)
	}
	for _, p := range ring[0] {
		if p[0] < 398000 || p[0] > 398300 || p[1] < 5582800 || p[1] > 5583100 {
			t.Fatalf("not clipped to the bbox: %v", ring)
		}
	}
	// the sub-catchment with its holes keeps them (the quarry and the enclave)
	fc = karte("/api/geodaten/karte?ebene=einzugsgebiet&bbox=386000,5566000,394000,5580000")
	for _, f := range fc.Features {
		if f.Properties["kennung"] == "26992" {
			if err := json.Unmarshal(f.Geometry.Coordinates, &ring); err != nil || len(ring) != 3 {
				t.Fatalf("26992 with its two holes: %v %s", err, f.Geometry.Coordinates)
			}
		}
	}
	// nothing there
	if fc := karte("/api/geodaten/karte?ebene=einzugsgebiet&bbox=100000,5000000,100100,5000100"); len(fc.Features) != 0 {
		t.Fatalf("outside: %+v", fc)
	}
}

// The bounds: more polygons in the window than one answer carries are cut off and said so.
func TestGeodaten_Karte_Begrenzt(t *testing.T) {
	pool, _ := testdb.New(t)
	if _, err := pool.Exec(t.Context(), `INSERT INTO einzugsgebiet
		SELECT 'T' || lpad(i::text, 5, '0'), 'Gebiet ' || i, ST_Multi(ST_MakeEnvelope(500000 + i * 10, 5500000, 500010 + i * 10, 5500010, 25832))
		FROM generate_series(1, 1200) i`); err != nil {
		t.Fatal(err)
	}
	s := newTestServer(t, Deps{Pool: pool}, nil)
	a := s.do(t, "GET", "/api/geodaten/karte?ebene=einzugsgebiet&bbox=500000,5499000,520000,5501000", nil, "Authorization", bearer(t, "BETREIBER"))
	var fc featureCollection
	a.decode(t, &fc)
	if a.Code != 200 || len(fc.Features) != karteHoechstensObjekte || !fc.Abgeschnitten {
		t.Fatalf("%d: %d features, abgeschnitten %v", a.Code, len(fc.Features), fc.Abgeschnitten)
	}
}

// The geodaten area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("geodaten", map[string]listenRoute{
	// the spatial lookups and the map's layers: reference polygons (water bodies, sub-catchments,
	// municipalities) that hang on no object and name none, walked at the demo's coordinates
	"GET /api/wasserkoerper": {art: artStammdaten, aufrufe: []string{"/api/wasserkoerper?hochwert=5582950.25&rechtswert=398120.75",
		"/api/wasserkoerper?hochwert=5571240.4&rechtswert=392460.6"}},
	"GET /api/einzugsgebiet": {art: artStammdaten, aufrufe: []string{"/api/einzugsgebiet?hochwert=5582950.25&rechtswert=398120.75",
		"/api/einzugsgebiet?hochwert=5571240.4&rechtswert=392460.6"}},
	"GET /api/geodaten/karte": {art: artStammdaten, aufrufe: []string{"/api/geodaten/karte?ebene=verwaltungseinheit&bbox=386000,5566000,408000,5590000",
		"/api/geodaten/karte?ebene=wasserkoerper&bbox=386000,5566000,408000,5590000", "/api/geodaten/karte?ebene=einzugsgebiet&bbox=386000,5566000,408000,5590000"}},
})

// The geodaten area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("geodaten", func() map[string]regel {
	return map[string]regel{
		// the spatial lookups and the map's layers: public reference data for every logged-in user
		"GET /api/wasserkoerper":  angemeldet,
		"GET /api/einzugsgebiet":  angemeldet,
		"GET /api/geodaten/karte": angemeldet,
	}
})
