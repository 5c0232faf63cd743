package seed

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The state-wide area layers of the scale seed, at the size of Rhineland-Palatinate's real
// ones: about 2,300 municipalities, some 400 surface water bodies and 3,000 sub-catchments.
// They are drawn procedurally and deterministically (ST_GeneratePoints with a fixed seed):
// Voronoi cells of random points inside a rough outline of the state, clipped to it, their edges cut every 50 m
// so a polygon has a few hundred vertices like a real one; every fourth sub-catchment has a
// hole, half of the holes filled by an enclave of their own. The demo sample around Koblenz
// (internal/plattform/geodaten/beispiel) keeps its area: the generated polygons leave its rectangle out, so the
// demo's operations still lie in Koblenz and on Rhein, Mosel and Lahn.
const (
	landGemeinden      = 2300
	landWasserkoerper  = 400
	landEinzugsgebiete = 3000
	landKantenMeter    = 50 // vertex spacing of the generated borders
)

// landUmriss is a rough outline of Rhineland-Palatinate in EPSG:25832 (E 290000–460000,
// N 5420000–5650000; about 23,000 km², a little more than the real 19,858 km²).
const landUmriss = `POLYGON((295000 5530000, 300000 5575000, 318000 5600000, 345000 5598000, 372000 5606000,
	392000 5622000, 412000 5646000, 432000 5640000, 442000 5622000, 446000 5592000, 432000 5566000, 424000 5550000,
	447000 5542000, 456000 5514000, 458000 5470000, 452000 5432000, 425000 5428000, 398000 5440000, 372000 5452000,
	352000 5476000, 332000 5482000, 318000 5492000, 306000 5508000, 295000 5530000))`

// demoRechteck is the area of the demo sample the generated layers leave out.
const demoRechteck = `ST_MakeEnvelope(386000, 5566000, 408000, 5590000, 25832)`

// rlpKreise are the district keys of Rhineland-Palatinate; a generated municipality takes one
// by its number and a Gemeinde number from 500 up (above the real ones, so no generated key
// meets a real one of the sample).
var rlpKreise = []string{"07131", "07132", "07133", "07134", "07135", "07137", "07138", "07140", "07141", "07143",
	"07231", "07232", "07233", "07235", "07331", "07332", "07333", "07334", "07335", "07336", "07337", "07338", "07339", "07340"}

// Landesgeodaten is what GeodatenLand generated.
type Landesgeodaten struct {
	Verwaltungseinheiten, Wasserkoerper, Einzugsgebiete, Loecher int
}

// GeodatenLand generates the state-wide layers (see above) next to the demo sample; existing
// keys are left as they are.
func GeodatenLand(ctx context.Context, pool *pgxpool.Pool) (Landesgeodaten, error) {
	var b Landesgeodaten
	tx, err := pool.Begin(ctx)
	if err != nil {
		return b, err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if b.Verwaltungseinheiten, err = landesflaechen(ctx, tx, 2901, "verwaltungseinheit", landGemeinden,
		`($4::text[])[nr]`, "'Gemeinde ' || nr || ' (synthetisch)'", 0, gemeindeKeys()); err != nil {
		return b, fmt.Errorf("Verwaltungseinheiten: %w", err)
	}
	if b.Wasserkoerper, err = landesflaechen(ctx, tx, 2902, "wasserkoerper", landWasserkoerper,
		`'DERP_S' || lpad(nr::text, 4, '0')`, "'Wasserkörper ' || nr || ' (synthetisch)'", 0, nil); err != nil {
		return b, fmt.Errorf("Wasserkörper: %w", err)
	}
	if b.Einzugsgebiete, err = landesflaechen(ctx, tx, 2903, "einzugsgebiet", landEinzugsgebiete,
		`'S' || lpad(nr::text, 5, '0')`, "'Teileinzugsgebiet ' || nr || ' (synthetisch)'", 4, nil); err != nil {
		return b, fmt.Errorf("Teileinzugsgebiete: %w", err)
	}
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM einzugsgebiet WHERE kennung LIKE 'S%' AND ST_NRings(geometrie) > ST_NumGeometries(geometrie)`).
		Scan(&b.Loecher); err != nil {
		return b, err
	}
	if _, err := tx.Exec(ctx, `ANALYZE verwaltungseinheit; ANALYZE wasserkoerper; ANALYZE einzugsgebiet`); err != nil {
		return b, err
	}
	return b, tx.Commit(ctx)
}

func gemeindeKeys() []string {
	keys := make([]string, landGemeinden)
	for i := range keys {
		keys[i] = fmt.Sprintf("%s%03d", rlpKreise[i%len(rlpKreise)], 500+i/len(rlpKreise))
	}
	return keys
}

// landesflaechen draws n Voronoi cells in the outline (without the demo rectangle) into table;
// kennung and bezeichnung are SQL of the cell's number nr (1… in west-to-east order); with
// lochJede > 0 every lochJede-th cell gets a round hole, every second hole filled by an enclave
// (kennung of the cell + '9').
func landesflaechen(ctx context.Context, tx pgx.Tx, saat int, tabelle string, n int, kennung, bezeichnung string, lochJede int, keys []string) (int, error) {
	args := []any{n, saat, landKantenMeter}
	if keys != nil {
		args = append(args, keys)
	}
	tag, err := tx.Exec(ctx, `INSERT INTO `+tabelle+` (kennung, bezeichnung, geometrie)
		WITH land AS (SELECT ST_Difference(ST_GeomFromText('`+landUmriss+`', 25832), `+demoRechteck+`) AS g),
		punkte AS (SELECT ST_GeneratePoints(land.g, $1::int, $2::int) AS g FROM land),
		zellen AS (
			SELECT ST_CollectionExtract(ST_Intersection(z.geom, land.g), 3) AS g
			FROM punkte, land, ST_Dump(ST_VoronoiPolygons(punkte.g, 0, ST_Envelope(land.g))) AS z),
		nummeriert AS (
			SELECT row_number() OVER (ORDER BY ST_X(ST_Centroid(g)), ST_Y(ST_Centroid(g)))::int AS nr, g
			FROM zellen WHERE NOT ST_IsEmpty(g) AND ST_Area(g) > 10000)
		SELECT `+kennung+`, `+bezeichnung+`, ST_Multi(ST_Segmentize(g, $3::float8))
		FROM nummeriert
		ON CONFLICT (kennung) DO NOTHING`, args...)
	if err != nil {
		return 0, err
	}
	angelegt := int(tag.RowsAffected())
	if lochJede > 0 {
		// the hole: a circle of 150–400 m around a point inside the cell, well inside it
		if _, err := tx.Exec(ctx, `CREATE TEMP TABLE land_loch ON COMMIT DROP AS
			SELECT kennung, ST_Buffer(ST_PointOnSurface(geometrie), 150 + (hashtext(kennung) & 255), 8) AS loch
			FROM `+tabelle+` WHERE kennung ~ '^S[0-9]{5}$' AND substr(kennung, 2)::int % $1 = 0`, lochJede); err != nil {
			return angelegt, err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM land_loch l USING `+tabelle+` t
			WHERE t.kennung = l.kennung AND NOT ST_Contains(ST_Buffer(t.geometrie, -50), l.loch)`); err != nil {
			return angelegt, err
		}
		if _, err := tx.Exec(ctx, `UPDATE `+tabelle+` t SET geometrie = ST_Multi(ST_Difference(t.geometrie, l.loch))
			FROM land_loch l WHERE t.kennung = l.kennung`); err != nil {
			return angelegt, err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO `+tabelle+` (kennung, bezeichnung, geometrie)
			SELECT kennung || '9', 'Abflusslose Senke in ' || kennung || ' (synthetisch)', ST_Multi(loch)
			FROM land_loch WHERE substr(kennung, 2)::int % ($1 * 2) = 0
			ON CONFLICT (kennung) DO NOTHING`, lochJede)
		if err != nil {
			return angelegt, err
		}
		angelegt += int(tag.RowsAffected())
	}
	return angelegt, nil
}
