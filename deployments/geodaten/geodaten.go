// Package geodatendemo ships the demo's sample of the three area layers (hand-made,
// simplified polygons around Koblenz in EPSG:25832, see README.md here): the demo seed and
// the test template load them with geodaten.Importiere.
package geodatendemo

import "embed"

// Dateien are verwaltungseinheit.geojson, wasserkoerper.geojson and einzugsgebiet.geojson.
//
//go:embed *.geojson
var Dateien embed.FS
