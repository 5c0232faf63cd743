// Package zahlen finds the stored decimals whose reading changed with issue 43 (docs/decisions.md,
// "Numbers (issue 43): one reader"): until then a point was a decimal point ("1.000" was one),
// since then it groups thousands ("1.000" is one thousand). It reads the events of every area
// that keeps decimals as text — the record, not the documents derived from it.
package zahlen

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Felder are, per stream type, the JSON names of the decimals the area keeps as text: the
// Anforderungen' wert, a measuring point's limit values and MNQ/MQ, a report's measured values.
// Plants and operations keep their figures as JSON numbers: the client read the typed text.
var Felder = map[string][]string{
	bescheid.StreamType:      {"wert"},
	messstelle.StreamType:    append(append([]string{}, messstelle.Parameter...), "einleitungMnq", "einleitungMq"),
	jahresbericht.StreamType: {"schwelle", "wert", "anzahl", "anzahl12Grad", "maximalwert", "maximalwertQ", "konzentration", "abfluss", "mittelwert"},
}

// Fund is one stored decimal whose reading differs between the rule before issue 43 and now.
type Fund struct {
	Stream   string // stream id
	Typ      string // stream type
	Version  int
	Ereignis string // event type
	Feld     string // JSON path in the event's data, e.g. anforderungen[2].wert
	Wert     string // as stored
	Bisher   decimal.Decimal
	Jetzt    decimal.Decimal
}

// Ergebnis is what Finde found: the values read differently now, and how many values are in the
// old form with a decimal point that is read as before ("0.4": no new input may have it).
type Ergebnis struct {
	Funde       []Fund
	AlteForm    int
	Ereignisse  int // events read (those with a number written with a point)
	Streamtypen []string
}

// mitPunkt selects the events whose data hold a string of digits with a point: only those can
// hold a value in the old form (the others are not decoded).
const mitPunkt = `"[0-9]+\.[0-9]+"`

// Finde reads every event of the areas of Felder that holds a number written with a point and
// lists the decimals of their fields whose reading differs (AlteLesart ≠ GespeicherterWert).
func Finde(ctx context.Context, pool *pgxpool.Pool) (Ergebnis, error) {
	var e Ergebnis
	for t := range Felder {
		e.Streamtypen = append(e.Streamtypen, t)
	}
	slices.Sort(e.Streamtypen)
	rows, err := pool.Query(ctx, `SELECT stream_id, stream_type, version, event_type, data::text FROM events
		WHERE stream_type = ANY($1) AND data::text ~ $2 ORDER BY global_position`, e.Streamtypen, mitPunkt)
	if err != nil {
		return e, err
	}
	defer rows.Close()
	for rows.Next() {
		var stream, typ, ereignis, daten string
		var version int
		if err := rows.Scan(&stream, &typ, &version, &ereignis, &daten); err != nil {
			return e, err
		}
		e.Ereignisse++
		dec := json.NewDecoder(bytes.NewReader([]byte(daten)))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			return e, fmt.Errorf("%s version %d: %w", stream, version, err)
		}
		felder := map[string]bool{}
		for _, f := range Felder[typ] {
			felder[f] = true
		}
		ab := len(e.Funde)
		pruefe(v, "", "", felder, func(pfad, wert string) {
			bisher, okAlt := validierung.AlteLesart(wert)
			jetzt, okNeu := validierung.GespeicherterWert(wert)
			switch {
			case okAlt && okNeu && !bisher.Equal(jetzt):
				e.Funde = append(e.Funde, Fund{Stream: stream, Typ: typ, Version: version, Ereignis: ereignis, Feld: pfad, Wert: wert, Bisher: bisher, Jetzt: jetzt})
			case okAlt && strings.Contains(wert, "."):
				e.AlteForm++
			}
		})
		slices.SortFunc(e.Funde[ab:], func(a, b Fund) int { return strings.Compare(a.Feld, b.Feld) })
	}
	return e, rows.Err()
}

// pruefe walks the decoded JSON v at path pfad (its key name) and calls wert for each string
// under a key of felder.
func pruefe(v any, pfad, name string, felder map[string]bool, wert func(pfad, wert string)) {
	switch x := v.(type) {
	case map[string]any:
		for k, w := range x {
			p := k
			if pfad != "" {
				p = pfad + "." + k
			}
			pruefe(w, p, k, felder, wert)
		}
	case []any:
		for i, w := range x {
			pruefe(w, fmt.Sprintf("%s[%d]", pfad, i), name, felder, wert)
		}
	case string:
		if felder[name] {
			wert(pfad, x)
		}
	}
}

// Deutsch writes a reading for the list: decimal comma, no thousands dots ("1000", "0,4").
func Deutsch(d decimal.Decimal) string {
	return strings.Replace(d.String(), ".", ",", 1)
}
