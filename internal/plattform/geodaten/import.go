package geodaten

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Felder are the property names of the official layers that carry kennung and bezeichnung,
// in the order they are tried (the first the file's first feature has wins): the WRRL
// water-body layers of the RLP Geoportal / WasserportalRLP and of the BfG (WasserBLIcK),
// the sub-catchments (TEZG) and the administrative areas (VG250 and the RLP ALKIS layer);
// "kennung"/"bezeichnung" last, the names the application itself writes.
var Felder = map[Ebene]struct{ Kennung, Bezeichnung []string }{
	Wasserkoerper: {
		Kennung:     []string{"OWK_ID", "WK_CODE", "OWK_CODE", "WK_ID", "EU_CD", "MS_CD", "kennung"},
		Bezeichnung: []string{"OWK_NAME", "WK_NAME", "NAME", "kennung_name", "bezeichnung"},
	},
	Einzugsgebiet: {
		Kennung:     []string{"TEZG_ID", "TEZG_KZ", "TEZG", "EZG_ID", "GEBKZ", "kennung"},
		Bezeichnung: []string{"TEZG_NAME", "EZG_NAME", "GEB_NAME", "NAME", "bezeichnung"},
	},
	Verwaltungseinheit: {
		Kennung:     []string{"AGS", "GKZ", "GEM_SCHL", "SCHLUESSEL", "kennung"},
		Bezeichnung: []string{"GEN", "GEM_NAME", "GEMEINDE", "NAME", "bezeichnung"},
	},
}

// ImportOptionen steer Importiere; the zero value reads a file of an official layer as it is.
type ImportOptionen struct {
	// Ebene is the layer to load; empty: the one whose kennung field the first feature has.
	Ebene Ebene
	// KennungFeld, BezeichnungFeld name the properties (--kennung, --bezeichnung); empty: Felder.
	KennungFeld, BezeichnungFeld string
	// SRID of the coordinates (--srid); 0: the file's "crs" member, without one EPSG:4326
	// (RFC 7946).
	SRID int
	// Ersetzen removes the layer's polygons the file does not name (--ersetzen).
	Ersetzen bool
}

// ImportBericht says what an import did.
type ImportBericht struct {
	Ebene                                         Ebene
	SRID                                          int
	Objekte                                       int // features read
	Geladen, Aktualisiert, Unveraendert, Entfernt int
}

func (b ImportBericht) String() string {
	return fmt.Sprintf("%d %s geladen, %d aktualisiert, %d entfernt (%d unverändert; %d Objekte aus EPSG:%d)",
		b.Geladen, b.Ebene.Mehrzahl(), b.Aktualisiert, b.Entfernt, b.Unveraendert, b.Objekte, b.SRID)
}

// Beginner opens the import's transaction (a *pgxpool.Pool, a *pgx.Conn).
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// Importiere loads a GeoJSON FeatureCollection into one layer, in one transaction: the file
// is read as a stream (one feature in memory at a time) and copied into a temporary table,
// PostGIS transforms the geometries to EPSG:25832 and the layer is upserted by kennung —
// features with the same kennung become one MultiPolygon, a polygon whose name and geometry
// did not change is left alone, and with Ersetzen the layer's other polygons are removed.
// Importing the same file twice leaves the same state (the second reports everything
// unchanged).
func Importiere(ctx context.Context, db Beginner, r io.Reader, opt ImportOptionen) (ImportBericht, error) {
	if opt.Ebene != "" {
		if _, ok := EbeneAus(string(opt.Ebene)); !ok {
			return ImportBericht{}, fmt.Errorf("unbekannte Ebene %q (verwaltungseinheit, wasserkoerper oder einzugsgebiet)", opt.Ebene)
		}
	}
	tx, err := db.Begin(ctx)
	if err != nil {
		return ImportBericht{}, err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := tx.Exec(ctx, `CREATE TEMP TABLE geodaten_import (nr integer NOT NULL, eigenschaften jsonb NOT NULL,
		geometrie text NOT NULL) ON COMMIT DROP`); err != nil {
		return ImportBericht{}, err
	}
	l := &leser{dec: json.NewDecoder(bufio.NewReaderSize(r, 1<<16))}
	if err := l.lies(ctx, tx); err != nil {
		return ImportBericht{}, err
	}
	if l.objekte == 0 {
		return ImportBericht{}, errors.New("die Datei enthält keine Objekte (features)")
	}
	b, err := berichtAus(l, opt)
	if err != nil {
		return b, err
	}
	if err := zeilenAnlegen(ctx, tx, b.Ebene, opt, l.ersteFelder); err != nil {
		return b, err
	}
	if err := geometrienBilden(ctx, tx, b.SRID); err != nil {
		return b, err
	}
	if err := uebernehmen(ctx, tx, &b, opt.Ersetzen); err != nil {
		return b, err
	}
	return b, tx.Commit(ctx)
}

// berichtAus is the report's head: the objects read, the SRID (the option's, the file's, or
// WGS 84) and the layer (the option's, or recognised by the first object's fields).
func berichtAus(l *leser, opt ImportOptionen) (ImportBericht, error) {
	b := ImportBericht{Objekte: l.objekte, SRID: opt.SRID, Ebene: opt.Ebene}
	if b.SRID == 0 {
		b.SRID = l.srid
	}
	if b.SRID == 0 {
		b.SRID = 4326
	}
	if b.Ebene == "" {
		if b.Ebene = ebeneDer(l.ersteFelder); b.Ebene == "" {
			return b, errors.New("die Ebene ist an den Feldern des ersten Objekts nicht zu erkennen: --ebene angeben")
		}
	}
	return b, nil
}

// zeilenAnlegen copies the read features into geodaten_zeilen with their kennung and name (the
// fields chosen by option or by the layer's convention) and refuses an empty, too long or —
// for municipalities — malformed kennung, naming the object.
func zeilenAnlegen(ctx context.Context, tx pgx.Tx, ebene Ebene, opt ImportOptionen, ersteFelder map[string]bool) error {
	kFeld, err := feldWahl(opt.KennungFeld, Felder[ebene].Kennung, ersteFelder, "Kennung", "--kennung")
	if err != nil {
		return err
	}
	// A layer without names (some TEZG layers carry only their key) takes the kennung as name.
	bFeld, err := feldWahl(opt.BezeichnungFeld, Felder[ebene].Bezeichnung, ersteFelder, "Bezeichnung", "--bezeichnung")
	if err != nil && opt.BezeichnungFeld != "" {
		return err
	}
	var kennung string
	if ebene == Verwaltungseinheit {
		// Keys in numeric fields lose their leading zero (7111000): padded back to 8 digits.
		kennung = `CASE WHEN btrim(eigenschaften->>$1) ~ '^[0-9]{1,8}$' THEN lpad(btrim(eigenschaften->>$1), 8, '0')
			ELSE btrim(eigenschaften->>$1) END`
	} else {
		kennung = `btrim(eigenschaften->>$1)`
	}
	if _, err := tx.Exec(ctx, `CREATE TEMP TABLE geodaten_zeilen ON COMMIT DROP AS
		SELECT nr, `+kennung+` AS kennung, left(btrim(eigenschaften->>$2), 255) AS bezeichnung, geometrie
		FROM geodaten_import`, kFeld, bFeld); err != nil {
		return err
	}
	var nr int
	var falsch string
	err = tx.QueryRow(ctx, `SELECT nr, coalesce(kennung, '') FROM geodaten_zeilen
		WHERE coalesce(kennung, '') = '' OR char_length(kennung) > 64 OR ($1 AND kennung !~ '^[0-9]{8}$')
		ORDER BY nr LIMIT 1`, ebene == Verwaltungseinheit).Scan(&nr, &falsch)
	switch {
	case err == nil && falsch == "":
		return fmt.Errorf("Objekt %d: das Feld %s ist leer", nr, kFeld)
	case err == nil && ebene == Verwaltungseinheit:
		return fmt.Errorf("Objekt %d: %q ist kein achtstelliger Gemeindeschlüssel (Feld %s)", nr, falsch, kFeld)
	case err == nil:
		return fmt.Errorf("Objekt %d: die Kennung %q ist länger als 64 Zeichen (Feld %s)", nr, falsch, kFeld)
	case !errors.Is(err, pgx.ErrNoRows):
		return err
	}
	return nil
}

// geometrienBilden makes geodaten_neu: one MultiPolygon in EPSG:25832 per kennung, from the
// rows' GeoJSON in srid; an empty geometry is refused.
func geometrienBilden(ctx context.Context, tx pgx.Tx, srid int) error {
	// Transformed in PostGIS, heights dropped (some official layers are 3D); an invalid ring
	// (self-touching, as official layers have a few) is repaired, and the polygonal part kept.
	if _, err := tx.Exec(ctx, `CREATE TEMP TABLE geodaten_neu ON COMMIT DROP AS
		WITH g AS (
			SELECT nr, kennung, bezeichnung, ST_Transform(ST_SetSRID(ST_Force2D(ST_GeomFromGeoJSON(geometrie)), $1::integer), 25832) AS g
			FROM geodaten_zeilen),
		v AS (
			SELECT nr, kennung, bezeichnung, CASE WHEN ST_IsValid(g) THEN g ELSE ST_CollectionExtract(ST_MakeValid(g), 3) END AS g FROM g),
		k AS (
			SELECT kennung, (array_agg(bezeichnung ORDER BY nr))[1] AS bezeichnung, count(*) AS n,
				CASE WHEN count(*) = 1 THEN (array_agg(g))[1] ELSE ST_Union(g) END AS g
			FROM v GROUP BY kennung)
		SELECT kennung, coalesce(nullif(bezeichnung, ''), kennung) AS bezeichnung,
			ST_Multi(CASE WHEN n = 1 THEN g ELSE ST_CollectionExtract(g, 3) END)::geometry(MultiPolygon, 25832) AS geometrie
		FROM k`, srid); err != nil {
		return fmt.Errorf("Geometrien: %w", err)
	}
	var leer string
	if err := tx.QueryRow(ctx, `SELECT kennung FROM geodaten_neu WHERE ST_IsEmpty(geometrie) ORDER BY kennung LIMIT 1`).Scan(&leer); err == nil {
		return fmt.Errorf("%s: die Geometrie ist leer", leer)
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	return nil
}

// uebernehmen upserts geodaten_neu into the layer's table, counts new, changed and unchanged
// polygons into b and, with ersetzen, removes the layer's other polygons.
func uebernehmen(ctx context.Context, tx pgx.Tx, b *ImportBericht, ersetzen bool) error {
	tabelle := string(b.Ebene) // from the closed list
	rows, err := tx.Query(ctx, `INSERT INTO `+tabelle+` AS t (kennung, bezeichnung, geometrie)
		SELECT kennung, bezeichnung, geometrie FROM geodaten_neu
		ON CONFLICT (kennung) DO UPDATE SET bezeichnung = EXCLUDED.bezeichnung, geometrie = EXCLUDED.geometrie
		WHERE t.bezeichnung <> EXCLUDED.bezeichnung OR ST_AsEWKB(t.geometrie) <> ST_AsEWKB(EXCLUDED.geometrie)
		RETURNING xmax = 0`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var neu bool
		if err := rows.Scan(&neu); err != nil {
			rows.Close()
			return err
		}
		if neu {
			b.Geladen++
		} else {
			b.Aktualisiert++
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%s: %w", tabelle, err)
	}
	var gesamt int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM geodaten_neu`).Scan(&gesamt); err != nil {
		return err
	}
	b.Unveraendert = gesamt - b.Geladen - b.Aktualisiert
	if ersetzen {
		tag, err := tx.Exec(ctx, `DELETE FROM `+tabelle+` t WHERE NOT EXISTS (SELECT 1 FROM geodaten_neu n WHERE n.kennung = t.kennung)`)
		if err != nil {
			return err
		}
		b.Entfernt = int(tag.RowsAffected())
	}
	return nil
}

func ebeneDer(felder map[string]bool) Ebene {
	for _, e := range Ebenen {
		for _, f := range Felder[e].Kennung {
			if f != "kennung" && felder[f] {
				return e
			}
		}
	}
	return ""
}

func feldWahl(gewaehlt string, bekannt []string, felder map[string]bool, was, flag string) (string, error) {
	if gewaehlt != "" {
		if !felder[gewaehlt] {
			return "", fmt.Errorf("das erste Objekt hat kein Feld %q (%s)", gewaehlt, flag)
		}
		return gewaehlt, nil
	}
	for _, f := range bekannt {
		if felder[f] {
			return f, nil
		}
	}
	return "", fmt.Errorf("kein bekanntes Feld für die %s (%s): %s angeben", was, strings.Join(bekannt, ", "), flag)
}

// leser reads a FeatureCollection token by token and copies its features into
// geodaten_import as they come.
type leser struct {
	dec         *json.Decoder
	objekte     int
	srid        int
	ersteFelder map[string]bool
}

func (l *leser) lies(ctx context.Context, tx pgx.Tx) error {
	if err := l.erwarte(json.Delim('{'), "ein GeoJSON-Objekt"); err != nil {
		return err
	}
	var features bool
	for l.dec.More() {
		t, err := l.dec.Token()
		if err != nil {
			return l.fehler(err)
		}
		switch t {
		case "type":
			var typ string
			if err := l.dec.Decode(&typ); err != nil {
				return l.fehler(err)
			}
			if typ != "FeatureCollection" {
				return fmt.Errorf("GeoJSON vom Typ %q: erwartet wird eine FeatureCollection", typ)
			}
		case "crs":
			var crs struct {
				Properties struct {
					Name string `json:"name"`
				} `json:"properties"`
			}
			if err := l.dec.Decode(&crs); err != nil {
				return l.fehler(err)
			}
			if l.srid, err = SRIDAus(crs.Properties.Name); err != nil {
				return err
			}
		case "features":
			if features {
				return errors.New("die FeatureCollection hat zweimal features")
			}
			features = true
			if err := l.erwarte(json.Delim('['), "features als Liste"); err != nil {
				return err
			}
			if _, err := tx.CopyFrom(ctx, pgx.Identifier{"geodaten_import"}, []string{"nr", "eigenschaften", "geometrie"},
				&quelle{l: l}); err != nil {
				return l.fehler(err)
			}
			if err := l.erwarte(json.Delim(']'), "das Ende der features"); err != nil {
				return err
			}
		default:
			var weg json.RawMessage
			if err := l.dec.Decode(&weg); err != nil {
				return l.fehler(err)
			}
		}
	}
	if !features {
		return errors.New("die FeatureCollection hat keine features")
	}
	return l.erwarte(json.Delim('}'), "das Ende der FeatureCollection")
}

func (l *leser) erwarte(d json.Delim, was string) error {
	t, err := l.dec.Token()
	if err != nil {
		return l.fehler(err)
	}
	if t != d {
		return fmt.Errorf("kein gültiges GeoJSON: erwartet %s (Byte %d)", was, l.dec.InputOffset())
	}
	return nil
}

func (l *leser) fehler(err error) error {
	var f *importFehler
	if errors.As(err, &f) {
		return f
	}
	return fmt.Errorf("kein gültiges GeoJSON (Byte %d): %w", l.dec.InputOffset(), err)
}

type importFehler struct{ text string }

func (f *importFehler) Error() string { return f.text }

// quelle is the CopyFromSource of the features: one decoded per Next.
type quelle struct {
	l     *leser
	zeile []any
	err   error
}

type feature struct {
	Type       string          `json:"type"`
	Properties json.RawMessage `json:"properties"`
	Geometry   json.RawMessage `json:"geometry"`
}

func (q *quelle) Next() bool {
	if q.err != nil || !q.l.dec.More() {
		return false
	}
	var f feature
	if err := q.l.dec.Decode(&f); err != nil {
		q.err = err
		return false
	}
	q.l.objekte++
	nr := q.l.objekte
	if f.Type != "Feature" {
		q.err = &importFehler{fmt.Sprintf("Objekt %d ist kein Feature (%q)", nr, f.Type)}
		return false
	}
	var g struct {
		Type string `json:"type"`
	}
	if len(f.Geometry) == 0 || string(f.Geometry) == "null" {
		q.err = &importFehler{fmt.Sprintf("Objekt %d hat keine Geometrie", nr)}
		return false
	}
	if err := json.Unmarshal(f.Geometry, &g); err != nil {
		q.err = &importFehler{fmt.Sprintf("Objekt %d: Geometrie: %v", nr, err)}
		return false
	}
	if g.Type != "Polygon" && g.Type != "MultiPolygon" {
		q.err = &importFehler{fmt.Sprintf("Objekt %d: Geometrie %s, erwartet Polygon oder MultiPolygon (Flächen)", nr, g.Type)}
		return false
	}
	props := f.Properties
	if len(props) == 0 || string(props) == "null" {
		props = json.RawMessage("{}")
	}
	if q.l.ersteFelder == nil {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(props, &m); err != nil {
			q.err = &importFehler{fmt.Sprintf("Objekt %d: properties: %v", nr, err)}
			return false
		}
		q.l.ersteFelder = map[string]bool{}
		for k := range m {
			q.l.ersteFelder[k] = true
		}
	}
	q.zeile = []any{nr, string(props), string(f.Geometry)}
	return true
}

func (q *quelle) Values() ([]any, error) { return q.zeile, nil }
func (q *quelle) Err() error             { return q.err }

var epsgMuster = regexp.MustCompile(`(?i)EPSG:{1,2}(?:[0-9.]*:)?([0-9]+)$`)

// SRIDAus reads the SRID of a GeoJSON crs name ("urn:ogc:def:crs:EPSG::25832", "EPSG:25832",
// "urn:ogc:def:crs:OGC:1.3:CRS84").
func SRIDAus(name string) (int, error) {
	n := strings.TrimSpace(name)
	if strings.HasSuffix(strings.ToUpper(n), "CRS84") {
		return 4326, nil
	}
	if m := epsgMuster.FindStringSubmatch(n); m != nil {
		if s, err := strconv.Atoi(m[1]); err == nil && s > 0 {
			return s, nil
		}
	}
	return 0, fmt.Errorf("unbekanntes Koordinatensystem %q im crs der Datei: --srid angeben", name)
}
