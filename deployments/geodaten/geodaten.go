// Package geodatendemo ships the demo's sample of the three area layers (hand-made,
// simplified polygons around Koblenz in EPSG:25832, see README.md here): the demo seed and
// the test template load them with Lade.
package geodatendemo

import (
	"context"
	"embed"
	"fmt"

	"github.com/eabwasser/eabwasser/internal/geodaten"
)

// Dateien are verwaltungseinheit.geojson, wasserkoerper.geojson and einzugsgebiet.geojson.
//
//go:embed *.geojson
var Dateien embed.FS

// Lade loads the three sample layers (an upsert: loading them again changes nothing; polygons
// of official layers loaded before stay).
func Lade(ctx context.Context, db geodaten.Beginner) ([]geodaten.ImportBericht, error) {
	var berichte []geodaten.ImportBericht
	for _, e := range geodaten.Ebenen {
		f, err := Dateien.Open(string(e) + ".geojson")
		if err != nil {
			return berichte, err
		}
		b, err := geodaten.Importiere(ctx, db, f, geodaten.ImportOptionen{Ebene: e})
		f.Close()
		if err != nil {
			return berichte, fmt.Errorf("Beispiel-Geodaten %s: %w", e, err)
		}
		berichte = append(berichte, b)
	}
	return berichte, nil
}
