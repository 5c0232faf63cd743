package httpapi

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/plattform/geodaten"
)

// geodatenRouten serve the spatial lookups of the Einleitstelle (spec 000 §7: GET
// /wasserkoerper and /einzugsgebiet, 204 when the point lies in none) and the map window's
// offline vector layers. Any logged-in user: the layers are public reference data and name
// no object of anybody.
func (a *api) geodatenRouten() []route {
	return []route{
		{http.MethodGet, "/wasserkoerper", a.an(), a.geodatenSuche(geodaten.Wasserkoerper)},
		{http.MethodGet, "/einzugsgebiet", a.an(), a.geodatenSuche(geodaten.Einzugsgebiet)},
		{http.MethodGet, "/geodaten/karte", a.an(), a.geodatenKarte},
	}
}

// The texts of the lookups' 400 answers.
const (
	textKoordinatenFehlen    = "Bitte Hochwert und Rechtswert angeben."
	textKoordinatenUngueltig = "Die Koordinaten sind ungültig."
	textEbeneUnbekannt       = "Unbekannte Ebene: erlaubt sind verwaltungseinheit, wasserkoerper und einzugsgebiet."
	textBboxUngueltig        = "Der Kartenausschnitt (bbox) muss aus vier Zahlen minRechtswert,minHochwert,maxRechtswert,maxHochwert bestehen."
)

// lageAusAnfrage reads ?hochwert&rechtswert (EPSG:25832, metres) as the lookups and the number
// proposal take them: both required, numbers from 0 to 99999999.99 (the rule of every Lage);
// more than two decimals are fine here (a click into the map).
func lageAusAnfrage(r *http.Request) (betrieb.Lage, error) {
	q := r.URL.Query()
	felder := map[string]string{}
	wert := func(name string) float64 {
		s := strings.TrimSpace(q.Get(name))
		if s == "" {
			felder[name] = validierung.Pflichtfeld
			return 0
		}
		v, err := strconv.ParseFloat(s, 64)
		switch {
		case err != nil || math.IsNaN(v) || math.IsInf(v, 0):
			felder[name] = textZahlUngueltig
		case v < 0:
			felder[name] = betrieb.MsgPositiv
		case v > 99999999.99:
			felder[name] = betrieb.MsgKoordinate
		}
		return v
	}
	l := betrieb.Lage{Hochwert: wert("hochwert"), Rechtswert: wert("rechtswert")}
	if len(felder) == 0 {
		return l, nil
	}
	msg := textKoordinatenUngueltig
	for _, m := range felder {
		if m == validierung.Pflichtfeld {
			msg = textKoordinatenFehlen
		}
	}
	return l, &validierung.Fehler{Message: msg, Felder: felder}
}

// geodatenSuche answers {kennung, bezeichnung} of the layer's polygon the point lies in, or 204.
func (a *api) geodatenSuche(e geodaten.Ebene) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		l, err := lageAusAnfrage(r)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		t, gefunden, err := geodaten.Suche(r.Context(), a.deps.Pool, e, l.Rechtswert, l.Hochwert)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		if !gefunden {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		writeJSON(w, http.StatusOK, t)
	}
}

// The bounds of one map answer: at most so many features and bytes (the window then shows
// the rest after zooming in), simplified to about half a pixel of a 1,000-pixel window.
const (
	karteHoechstensObjekte    = 1000
	karteHoechstensBytes      = 4 << 20
	karteHoechstensAusdehnung = 1_000_000 // metres: wider than Rhineland-Palatinate twice over
)

// geodatenKarte answers the layer's polygons that meet bbox as a GeoJSON FeatureCollection in
// EPSG:25832 (properties kennung, bezeichnung), clipped to bbox and simplified to its scale;
// "abgeschnitten": true when the bounds left features out.
func (a *api) geodatenKarte(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	e, ok := geodaten.EbeneAus(q.Get("ebene"))
	if !ok {
		a.writeError(w, r, &validierung.Fehler{Message: textEbeneUnbekannt, Felder: map[string]string{"ebene": textEbeneUnbekannt}})
		return
	}
	bbox, ok := bboxAus(q.Get("bbox"))
	if !ok {
		a.writeError(w, r, &validierung.Fehler{Message: textBboxUngueltig, Felder: map[string]string{"bbox": textBboxUngueltig}})
		return
	}
	toleranz := math.Max(bbox[2]-bbox[0], bbox[3]-bbox[1]) / 2000
	rows, err := a.deps.Pool.Query(r.Context(), `WITH b AS (SELECT ST_MakeEnvelope($1, $2, $3, $4, 25832) AS env)
		SELECT kennung, bezeichnung, ST_AsGeoJSON(g, 1) FROM (
			SELECT kennung, bezeichnung, ST_SimplifyPreserveTopology(ST_ClipByBox2D(geometrie, b.env), $5) AS g
			FROM `+string(e)+`, b WHERE geometrie && b.env
			ORDER BY kennung COLLATE "C" LIMIT $6) s
		WHERE NOT ST_IsEmpty(g)`, bbox[0], bbox[1], bbox[2], bbox[3], toleranz, karteHoechstensObjekte+1)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	defer rows.Close()
	var buf bytes.Buffer
	buf.WriteString(`{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::25832"}},"features":[`)
	n, abgeschnitten := 0, false
	for rows.Next() {
		var kennung, bezeichnung, geometrie string
		if err := rows.Scan(&kennung, &bezeichnung, &geometrie); err != nil {
			a.writeError(w, r, err)
			return
		}
		props, _ := json.Marshal(geodaten.Treffer{Kennung: kennung, Bezeichnung: bezeichnung})
		laenge := len(`{"type":"Feature","properties":,"geometry":},`) + len(props) + len(geometrie)
		if n == karteHoechstensObjekte || buf.Len()+laenge > karteHoechstensBytes {
			abgeschnitten = true
			break
		}
		if n > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString(`{"type":"Feature","properties":`)
		buf.Write(props)
		buf.WriteString(`,"geometry":`)
		buf.WriteString(geometrie)
		buf.WriteByte('}')
		n++
	}
	if err := rows.Err(); err != nil && !abgeschnitten {
		a.writeError(w, r, err)
		return
	}
	buf.WriteString(`],"abgeschnitten":` + strconv.FormatBool(abgeschnitten) + `}`)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}

// bboxAus reads minE,minN,maxE,maxN: finite, non-negative, min below max, at most
// karteHoechstensAusdehnung wide and high.
func bboxAus(s string) ([4]float64, bool) {
	var b [4]float64
	teile := strings.Split(s, ",")
	if len(teile) != 4 {
		return b, false
	}
	for i, t := range teile {
		v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > 99999999.99 {
			return b, false
		}
		b[i] = v
	}
	return b, b[0] < b[2] && b[1] < b[3] && b[2]-b[0] <= karteHoechstensAusdehnung && b[3]-b[1] <= karteHoechstensAusdehnung
}
