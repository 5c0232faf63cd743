package arbeitsliste

import (
	"context"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Liste is one worklist of the start page, written once for every area: its table, the
// columns of a row and how they are read, the three visibility columns, the sort keys, the
// filters and the export. An area adds its list by declaring one (AnlagenListe,
// BetriebeListe, MessstellenListe); paging, counting, the search, visibility, the HTTP calls
// (httpapi/arbeitsliste.go: GET …/search, POST …/export) and the export follow from it.
type Liste[T any] struct {
	Tabelle string // arbeitsliste.<table>
	Spalten string // the columns Zeile reads, in its order
	Zeile   pgx.RowToFunc[T]
	// Sicht are the row's visibility columns (zugriff.Sicht.Bedingung).
	Sicht zugriff.Spalten
	// Sortierung maps a sortProperty to its sort expression; Standard is the default one.
	// Indiziert are the sort properties whose expression has an index (…, id): a search page
	// is read from the front of that index first (seite.go).
	Sortierung map[string]string
	Standard   string
	Indiziert  []string
	// Kopf is the sort property whose expression the search column begins with (folded): a
	// search word is then found at the start of the search column from the sort index, in the
	// order, and elsewhere from the index on substr(such, 2) (kopfsuche, seite.go).
	Kopf string
	// KopfPasst tells whether a (folded) search word can begin the Kopf column at all (nil:
	// every word): a word that cannot is not worth the two parts (a name searched in the list by
	// number is found from the front of the order or from all matches).
	KopfPasst func(wort string) bool
	// Filter are the list's filters (query parameters with one or more values).
	Filter []Listenfilter
	// Export is the spreadsheet of the list's rows.
	Export Export[T]
	// Fuer adapts a row to the caller who reads it, page and export alike (nil: as read): the
	// annual reports hide the names of the authority's staff from operators.
	Fuer func(n zugriff.Nutzer, x T) T
	// Hoechstens bounds the count (0: exact): a list over millions of rows counts up to it and
	// its page says Mindestens; such pages are read from the front only (seite.go).
	Hoechstens int64
}

// kopierteSicht are the visibility columns of a row that copies them from its operation's row
// (every list's but the operations' own).
var kopierteSicht = zugriff.Spalten{Betrieb: "betrieb_id", Betreiber: "betreiber_id", Regionalstelle: "regionalstelle_id"}

// Listenfilter is one filter of a worklist: the query parameter Name with one or more values (any
// of them matches). Without Bedingung the values are compared with Spalte; with it, Bedingung
// is the condition over the values (a parameter placeholder). Zahlen: the values are ids.
type Listenfilter struct {
	Name      string
	Spalte    string
	Zahlen    bool
	Bedingung func(werte string) string
}

// Export is the spreadsheet of a worklist: its sheet, the header and the cells of a row.
type Export[T any] struct {
	Blatt string
	Kopf  []string
	Zeile func(T) []any
}

// Anfrage is a request of any worklist: the caller's visibility, the search text, the chosen
// filter values (by filter name), a selection of ids (export), the page and the order.
type Anfrage struct {
	Sicht        zugriff.Sicht
	Q            string
	Filter       map[string][]string
	IDs          []int64 // export of selected rows
	Page, Size   int
	SortProperty string
	Absteigend   bool
	Frisch       bool // count now, not from the cache (the caller waits for his command)
}

// gefiltert tells whether any filter of the list has a value.
func (a Anfrage) gefiltert() bool {
	for _, w := range a.Filter {
		if len(w) > 0 {
			return true
		}
	}
	return false
}

// abfrage is the query of a request: its WHERE clause (visibility first, then the search, the
// filters and the selection), its order and page.
func (l Liste[T]) abfrage(a Anfrage) listenabfrage {
	var args []any
	arg := zugriff.Platzhalter(&args)
	where := []string{a.Sicht.Bedingung(l.Sicht, arg)}
	suche := suchworte(a.Q, arg)
	where = append(where, suche...)
	for _, f := range l.Filter {
		werte := a.Filter[f.Name]
		if len(werte) == 0 {
			continue
		}
		var p string
		if f.Zahlen {
			ids := make([]int64, 0, len(werte))
			for _, w := range werte {
				id, _ := strconv.ParseInt(w, 10, 64) // checked by the caller (Werte)
				ids = append(ids, id)
			}
			p = arg(ids)
		} else {
			p = arg(werte)
		}
		if f.Bedingung != nil {
			where = append(where, f.Bedingung(p))
		} else {
			where = append(where, f.Spalte+" = ANY("+p+")")
		}
	}
	if a.IDs != nil {
		where = append(where, "id = ANY("+arg(a.IDs)+")")
	}
	sortierung := a.SortProperty
	if _, ok := l.Sortierung[sortierung]; !ok {
		sortierung = l.Standard
	}
	order := l.Sortierung[sortierung]
	out := listenabfrage{tabelle: l.Tabelle, spalten: l.Spalten, bedingung: strings.Join(where, " AND "), args: args,
		ordnung: []string{order, "id"}, absteigend: a.Absteigend, page: max(a.Page, 0), size: seitengroesse(a.Size),
		frisch: a.Frisch, suche: len(suche) > 0, vorlauf: slices.Contains(l.Indiziert, sortierung), hoechstens: l.Hoechstens}
	if l.Kopf != "" && sortierung == l.Kopf {
		// the longest word that can begin the first column splits the matches; the other words
		// stay conditions of both parts
		worte, k := strings.Fields(umlaute.Replace(strings.ToLower(a.Q))), -1
		for i, w := range worte {
			if utf8.RuneCountInString(w) >= 4 && (l.KopfPasst == nil || l.KopfPasst(w)) && (k < 0 || len(w) > len(worte[k])) {
				k = i
			}
		}
		if k >= 0 {
			if varianten := entfaltungen(worte[k]); len(varianten) > 0 {
				ohne := a
				ohne.Q = strings.Join(append(worte[:k:k], worte[k+1:]...), " ")
				rest := l.abfrage(ohne)
				out.kopf = &kopfsuche{wort: worte[k], ausdruck: order, varianten: varianten, rest: rest.bedingung, restArgs: rest.args}
			}
		}
	}
	return out
}

// Seite returns one page of the list (page size 50 by default). A search that its filters
// leave empty says how many rows it finds without them (ohneFilter).
func (l Liste[T]) Seite(ctx context.Context, q eventstore.Querier, a Anfrage) (Seite[T], error) {
	abf := l.abfrage(a)
	if a.IDs == nil && a.gefiltert() {
		o := a
		o.Filter = nil
		ohne := l.abfrage(o)
		abf.ohneFilter = &ohne
	}
	return seite(ctx, q, abf, l.Zeile)
}

// Jede calls each for every row of the request in its order, reading them as a stream (for
// exports of any size).
func (l Liste[T]) Jede(ctx context.Context, q eventstore.Querier, a Anfrage, each func(T) error) error {
	return jede(ctx, q, l.abfrage(a), l.Zeile, each)
}

// Suche is one page of the list over what the caller n sees.
func (l Liste[T]) Suche(ctx context.Context, q eventstore.Querier, n zugriff.Nutzer, a Anfrage) (Seite[T], error) {
	n, err := zugriff.Aufloesen(ctx, q, n)
	if err != nil {
		return Seite[T]{}, err
	}
	a.Sicht = n.Sicht
	s, err := l.Seite(ctx, q, a)
	if l.Fuer != nil {
		for i, x := range s.Content {
			s.Content[i] = l.Fuer(n, x)
		}
	}
	return s, err
}

// Exportieren writes the rows of the request the caller n sees as xlsx, row by row.
func (l Liste[T]) Exportieren(ctx context.Context, q eventstore.Querier, n zugriff.Nutzer, a Anfrage, w io.Writer) error {
	n, err := zugriff.Aufloesen(ctx, q, n)
	if err != nil {
		return err
	}
	a.Sicht = n.Sicht
	return tabelle.Schreibe(w, l.Export.Blatt, l.Export.Kopf, func(zeile func(...any) error) error {
		return l.Jede(ctx, q, a, func(x T) error {
			if l.Fuer != nil {
				x = l.Fuer(n, x)
			}
			return zeile(l.Export.Zeile(x)...)
		})
	})
}

// Auswahl is the request of an export of the selected rows: the ids in the request's order.
func (a Anfrage) Auswahl(ids []int64) Anfrage {
	return Anfrage{Sicht: a.Sicht, IDs: ids, SortProperty: a.SortProperty, Absteigend: a.Absteigend}
}

// Seite is one page of a worklist.
type Seite[T any] struct {
	Content       []T   `json:"content"`
	Page          int   `json:"page"`
	Size          int   `json:"size"`
	TotalElements int64 `json:"totalElements"`
	// OhneFilter is, for a search whose filtered page is empty, how many rows the search finds
	// without the list's filters (the caller's visibility stays): "Es gibt Treffer außerhalb der
	// gewählten Filter". Absent otherwise.
	OhneFilter *int64 `json:"ohneFilter,omitempty"`
	// Mindestens: the list counts only up to its bound (Liste.Hoechstens) and found at least
	// TotalElements rows. Absent otherwise.
	Mindestens bool `json:"mindestens,omitempty"`
}

// seitengroesse is the page size asked for, 50 when none or more than 1,000.
func seitengroesse(size int) int {
	if size <= 0 || size > 1000 {
		return 50
	}
	return size
}

// umlaute folds German umlauts as the search column does, so "Luetzel" finds "Lützel" and
// "Lützel" finds "Luetzel".
var umlaute = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss")

// suchworte are the conditions of a search text: every word must occur in the row's search
// column, in any order, case and umlaut spelling folded. A word of four or more characters may
// occur anywhere ("kelterei" finds "Saftkelterei"); a shorter one must begin a word, so "werk
// 01" finds "Werk 01 Lützel" and not every number that contains 01.
func suchworte(q string, arg func(any) string) []string {
	var out []string
	for _, wort := range strings.Fields(umlaute.Replace(strings.ToLower(q))) {
		if utf8.RuneCountInString(wort) >= 4 {
			out = append(out, "such LIKE "+arg("%"+strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(wort)+"%"))
		} else {
			out = append(out, "such ~ "+arg(`\m`+regexp.QuoteMeta(wort)))
		}
	}
	return out
}
