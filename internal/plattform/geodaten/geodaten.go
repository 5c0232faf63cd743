// Package geodaten answers the spatial questions of the measuring points (issue 29): in which
// municipality (Gemeindeschlüssel, the prefix of a new Messstellen-Nr.), surface water body and
// sub-catchment a point lies. The three layers are PostGIS tables of MultiPolygons in
// EPSG:25832 (migration 00017), loaded by Importiere (the `eabwasser geodaten import` command,
// the demo seed and the test template).
//
// Border and hole rule (docs/decisions.md, "spatial lookups"): a polygon covers its interior
// and its boundary (ST_Covers), so a point on a border shared by two polygons lies in both;
// the answer is then the one with the smallest kennung — deterministic, and the same for
// every caller. A point in a hole of a polygon is not in that polygon; it belongs to whatever
// other polygon of the layer covers the hole (an enclave), else to none (no answer, 204).
package geodaten

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Abfrage is what the lookups need of the database (a *pgxpool.Pool, a pgx.Tx or a *pgx.Conn
// satisfy it).
type Abfrage interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Ebene is one of the three area layers; its value is the table's name and the API's
// ebene parameter.
type Ebene string

const (
	Verwaltungseinheit Ebene = "verwaltungseinheit"
	Wasserkoerper      Ebene = "wasserkoerper"
	Einzugsgebiet      Ebene = "einzugsgebiet"
)

// Ebenen are the layers in a fixed order.
var Ebenen = []Ebene{Verwaltungseinheit, Wasserkoerper, Einzugsgebiet}

// EbeneAus returns the layer of a name (the ebene parameter, the --ebene flag).
func EbeneAus(name string) (Ebene, bool) {
	for _, e := range Ebenen {
		if string(e) == name {
			return e, true
		}
	}
	return "", false
}

// Mehrzahl is the layer's plural for messages ("3 Wasserkörper geladen").
func (e Ebene) Mehrzahl() string {
	switch e {
	case Verwaltungseinheit:
		return "Verwaltungseinheiten"
	case Wasserkoerper:
		return "Wasserkörper"
	case Einzugsgebiet:
		return "Teileinzugsgebiete"
	}
	return string(e)
}

// Treffer is the polygon a point lies in.
type Treffer struct {
	Kennung     string `json:"kennung"`
	Bezeichnung string `json:"bezeichnung"`
}

// SRID is the CRS of the tables and of every Lage: ETRS89 / UTM zone 32N.
const SRID = 25832

// Suche returns the polygon of layer e that covers the point (rechtswert = easting,
// hochwert = northing, EPSG:25832); with several (a shared border), the smallest kennung.
// gefunden is false outside every polygon of the layer (or in a hole no other polygon fills).
func Suche(ctx context.Context, db Abfrage, e Ebene, rechtswert, hochwert float64) (t Treffer, gefunden bool, err error) {
	if _, ok := EbeneAus(string(e)); !ok {
		return Treffer{}, false, fmt.Errorf("geodaten: unbekannte Ebene %q", e)
	}
	// The table name comes from the closed list above, never from the caller's text.
	err = db.QueryRow(ctx, `SELECT kennung, bezeichnung FROM `+string(e)+`
		WHERE ST_Covers(geometrie, ST_SetSRID(ST_MakePoint($1, $2), 25832))
		ORDER BY kennung COLLATE "C" LIMIT 1`, rechtswert, hochwert).Scan(&t.Kennung, &t.Bezeichnung)
	if errors.Is(err, pgx.ErrNoRows) {
		return Treffer{}, false, nil
	}
	if err != nil {
		return Treffer{}, false, fmt.Errorf("geodaten: %s: %w", e, err)
	}
	return t, true, nil
}

// Gemeinde returns the 8-digit amtlicher Gemeindeschlüssel of the municipality the point
// lies in (e.g. "07111000" Koblenz); a new Messstellen-Nr. proposes its last six digits as
// prefix.
func Gemeinde(ctx context.Context, db Abfrage, rechtswert, hochwert float64) (kennziffer string, gefunden bool, err error) {
	t, gefunden, err := Suche(ctx, db, Verwaltungseinheit, rechtswert, hochwert)
	return t.Kennung, gefunden, err
}
