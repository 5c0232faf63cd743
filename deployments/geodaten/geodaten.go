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

// Lade loads the sample of each layer that is still empty: a layer loaded from an official
// file before stays as it is (the demo seed runs again and again). The reports are those of
// the layers loaded.
func Lade(ctx context.Context, db interface {
	geodaten.Beginner
	geodaten.Abfrage
}) ([]geodaten.ImportBericht, error) {
	var berichte []geodaten.ImportBericht
	for _, e := range geodaten.Ebenen {
		var belegt bool
		if err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+string(e)+`)`).Scan(&belegt); err != nil {
			return berichte, err
		}
		if belegt {
			continue
		}
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
