package geodaten_test

import (
	"context"
	"testing"

	"github.com/eabwasser/eabwasser/internal/plattform/geodaten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// The lookups against the shipped sample (internal/plattform/geodaten/beispiel), which every test database
// has from the template.
func TestSuche_GegenDasBeispiel(t *testing.T) {
	pool, _ := testdb.New(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name                 string
		ebene                geodaten.Ebene
		rechtswert, hochwert float64
		kennung              string // "" = none (204)
	}{
		{"inside: the paper mill of the demo lies in Koblenz", geodaten.Verwaltungseinheit, 398120.75, 5582950.25, "07111000"},
		{"inside: the demo's sewage plant lies in Dieblich", geodaten.Verwaltungseinheit, 392460.6, 5571240.4, "07137018"},
		{"outside the sample", geodaten.Verwaltungseinheit, 420000, 5582000, ""},
		{"on a shared border (Koblenz | Mülheim-Kärlich): the smaller key", geodaten.Verwaltungseinheit, 396000, 5582100, "07111000"},
		{"on a shared border (Dieblich | Winningen): the smaller key", geodaten.Verwaltungseinheit, 388000, 5573200, "07137018"},
		{"on a vertex of three municipalities (Koblenz, Mülheim-Kärlich, Winningen)", geodaten.Verwaltungseinheit, 395500, 5581000, "07111000"},
		{"on a vertex of Bendorf, Koblenz and Vallendar", geodaten.Verwaltungseinheit, 399200, 5586000, "07111000"},
		{"on the outer edge of the sample", geodaten.Verwaltungseinheit, 386000, 5570000, "07137018"},
		{"water body: inside the Mosel's area", geodaten.Wasserkoerper, 392460.6, 5571240.4, "DERP_2600000000_3"},
		{"water body: the Rhine's first part (north of Koblenz)", geodaten.Wasserkoerper, 398120.75, 5582950.25, "DERP_2000000000_6"},
		{"water body: the Rhine's second part (Rhens, south of the Lahn)", geodaten.Wasserkoerper, 401750, 5570784, "DERP_2000000000_6"},
		{"water body: between the two parts lies the Lahn", geodaten.Wasserkoerper, 403000, 5576000, "DERP_2580000000_2"},
		{"water body: on the Rhine–Lahn border the smaller key", geodaten.Wasserkoerper, 405000, 5573000, "DERP_2000000000_6"},
		{"sub-catchment: inside", geodaten.Einzugsgebiet, 392460.6, 5571240.4, "26992"},
		{"sub-catchment: in the unmapped hole (a quarry): none", geodaten.Einzugsgebiet, 388000, 5569700, ""},
		{"sub-catchment: in the hole filled by the enclave", geodaten.Einzugsgebiet, 390200, 5568500, "269929"},
		{"sub-catchment: on the enclave's ring, which both share", geodaten.Einzugsgebiet, 389700, 5568500, "26992"},
		{"sub-catchment: on the quarry hole's ring, which belongs to the polygon", geodaten.Einzugsgebiet, 387600, 5569700, "26992"},
		{"sub-catchment: left bank of the Rhine north of the Mosel", geodaten.Einzugsgebiet, 397100, 5581800, "27111"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, gefunden, err := geodaten.Suche(ctx, pool, tc.ebene, tc.rechtswert, tc.hochwert)
			if err != nil {
				t.Fatal(err)
			}
			if gefunden != (tc.kennung != "") || got.Kennung != tc.kennung {
				t.Fatalf("Suche(%s, %v, %v) = %+v, %v; want %q", tc.ebene, tc.rechtswert, tc.hochwert, got, gefunden, tc.kennung)
			}
			if gefunden && got.Bezeichnung == "" {
				t.Fatalf("no bezeichnung: %+v", got)
			}
		})
	}
}

func TestGemeinde(t *testing.T) {
	pool, _ := testdb.New(t)
	ctx := context.Background()
	k, ok, err := geodaten.Gemeinde(ctx, pool, 398500, 5579700)
	if err != nil || !ok || k != "07111000" {
		t.Fatalf("Gemeinde(Koblenz centre) = %q, %v, %v", k, ok, err)
	}
	k, ok, err = geodaten.Gemeinde(ctx, pool, 0, 0)
	if err != nil || ok || k != "" {
		t.Fatalf("Gemeinde(0, 0) = %q, %v, %v; want nothing", k, ok, err)
	}
	w, ok, err := geodaten.Suche(ctx, pool, geodaten.Wasserkoerper, 400000, 5577000) // Koblenz-Süd, left bank
	if err != nil || !ok || w.Kennung != "DERP_2600000000_3" {
		t.Fatalf("Suche(Wasserkoerper) = %+v, %v, %v", w, ok, err)
	}
	e, ok, err := geodaten.Suche(ctx, pool, geodaten.Einzugsgebiet, 401490, 5579798) // Ehrenbreitstein
	if err != nil || !ok || e.Kennung != "27112" {
		t.Fatalf("Suche(Einzugsgebiet) = %+v, %v, %v", e, ok, err)
	}
	if _, _, err := geodaten.Suche(ctx, pool, "gemeinde; DROP TABLE events", 0, 0); err == nil {
		t.Fatal("an unknown layer was asked")
	}
}

// Every demo operation and plant lies in a municipality, a water body and a sub-catchment of
// the sample (the demo's number prefixes and Einleitstelle fields come from them).
func TestBeispiel_DecktDieDemoLagen(t *testing.T) {
	pool, _ := testdb.New(t)
	ctx := context.Background()
	for _, p := range [][2]float64{
		{398120.75, 5582950.25}, {398760.25, 5583410.5}, {397100, 5581800}, {392450.6, 5571230.4},
		{398140.25, 5582960.5}, {398170.5, 5582990.75}, {392460.6, 5571240.4}, {392110.8, 5571890.2}, {392300, 5571500},
		{398500, 5579700},
	} {
		for _, e := range geodaten.Ebenen {
			if _, ok, err := geodaten.Suche(ctx, pool, e, p[0], p[1]); err != nil || !ok {
				t.Errorf("%v: no %s (%v)", p, e, err)
			}
		}
	}
}
