package tabelle

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
)

// Unbefristet is what an export writes for the open end of a validity (historie.Ende,
// 3000-01-01): no clerk should sort or read that date as one.
const Unbefristet = historie.Unbefristet

// The cells a caller hands Schreibe besides text (a string) and the numbers Go has (int, int64,
// float64): a number read from a stored decimal, a date, a time of day. Schreibe writes each as
// a numeric cell with a German display format (docs/decisions.md, "Exports (issue 43): numbers
// and dates as such"), so a clerk can sum, sort and filter them.

// zahl is a decimal as a numeric cell; stellen are the digits after the comma as stored, which
// the cell's format shows ("12,50" stays 12,50).
type zahl struct {
	wert    float64
	stellen int
}

// tag is a date as a numeric cell (Excel's serial day) shown as dd.mm.yyyy.
type tag struct{ t time.Time }

// uhrzeit is a time of day as a numeric cell (a fraction of a day) shown as hh:mm.
type uhrzeit struct{ t time.Time }

// zeitpunkt is a date and time as a numeric cell shown as dd.mm.yyyy hh:mm, t the wall clock
// in Europe/Berlin.
type zeitpunkt struct{ t time.Time }

// Zahl is the cell of a decimal stored as text (an event's or a document's field): a number
// when validierung.GespeicherterWert reads it, the one reader of stored decimals — never
// strconv on the user's text; "" an empty cell; anything else (a "<0,5", a note) the text as it is.
func Zahl(gespeichert string) any {
	if gespeichert == "" {
		return nil
	}
	d, ok := validierung.GespeicherterWert(gespeichert)
	if !ok {
		return gespeichert
	}
	f, _ := d.Float64()
	return zahl{wert: f, stellen: max(0, -int(d.Exponent()))}
}

// Datum is the cell of a date stored as yyyy-MM-dd (or an RFC 3339 time's day) or written
// dd.MM.yyyy: a date cell; the open end 3000-01-01 is the text Unbefristet; "" an empty cell;
// anything else the text as it is.
func Datum(s string) any {
	if s == "" {
		return nil
	}
	if s == historie.Ende || s == "01.01.3000" {
		return Unbefristet
	}
	for _, layout := range []string{"2006-01-02", "02.01.2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return tag{t}
		}
	}
	if len(s) > 10 && s[10] == 'T' {
		if t, err := time.Parse("2006-01-02", s[:10]); err == nil {
			return tag{t}
		}
	}
	return s
}

// Uhrzeit is the cell of a time of day written HH:MM: a time cell; "" an empty cell; anything
// else the text as it is.
func Uhrzeit(s string) any {
	if s == "" {
		return nil
	}
	t, err := time.Parse("15:04", s)
	if err != nil {
		return s
	}
	return uhrzeit{t}
}

// Zeitpunkt is the cell of a moment: a date-and-time cell with the wall clock of
// Europe/Berlin, as the screens show it (a spreadsheet has no time zones); the zero time an
// empty cell.
func Zeitpunkt(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	w := t.In(kalender.Zone)
	return zeitpunkt{time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), w.Second(), 0, time.UTC)}
}

// anzeigebreite is how many characters a cell takes on screen, for the column's width.
func anzeigebreite(v any) int {
	switch v := v.(type) {
	case nil:
		return 0
	case string:
		n := 0
		for _, zeile := range strings.Split(v, "\n") {
			n = max(n, utf8.RuneCountInString(zeile))
		}
		return n
	case zahl:
		n := len(strconv.FormatFloat(math.Abs(v.wert), 'f', 0, 64)) // digits before the comma
		n += (n - 1) / 3                                            // the thousands dots
		if v.wert < 0 {
			n++
		}
		if v.stellen > 0 {
			n += 1 + v.stellen
		}
		return n
	case tag:
		return 10
	case uhrzeit:
		return 5
	case zeitpunkt:
		return 16
	}
	return utf8.RuneCountInString(historie.Text(v))
}
