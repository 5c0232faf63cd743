package geodaten

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
)

//go:embed beispiel/*.geojson
var beispiel embed.FS

// Beispiel is the demo's sample of the three area layers (hand-made, simplified polygons around
// Koblenz in EPSG:25832, see beispiel/README.md): one <Ebene>.geojson per layer. It is data the
// demo seed and the test template load (LadeBeispiel), not code of its own.
var Beispiel, _ = fs.Sub(beispiel, "beispiel")

// LadeBeispiel loads the sample of each layer that is still empty: a layer loaded from an
// official file before stays as it is (the demo seed runs again and again). The reports are
// those of the layers loaded.
func LadeBeispiel(ctx context.Context, db interface {
	Beginner
	Abfrage
}) ([]ImportBericht, error) {
	var berichte []ImportBericht
	for _, e := range Ebenen {
		var belegt bool
		if err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+string(e)+`)`).Scan(&belegt); err != nil {
			return berichte, err
		}
		if belegt {
			continue
		}
		f, err := Beispiel.Open(string(e) + ".geojson")
		if err != nil {
			return berichte, err
		}
		b, err := Importiere(ctx, db, f, ImportOptionen{Ebene: e})
		f.Close()
		if err != nil {
			return berichte, fmt.Errorf("Beispiel-Geodaten %s: %w", e, err)
		}
		berichte = append(berichte, b)
	}
	return berichte, nil
}
