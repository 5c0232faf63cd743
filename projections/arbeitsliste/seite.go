package arbeitsliste

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"golang.org/x/sync/singleflight"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Paging of every worklist (issue 13: users who see everything). Two costs grow with what a
// caller sees, and both are kept off the page read:
//
//   - the count: counted when the filter is new to the process (or after the caller's own
//     command, minPosition), then taken for anzahlGueltig from a small cache shared by callers
//     of the same condition — so the total may lag a page read by at most that long, the rows
//     never do;
//   - deep pages: a page in the back half is read from the other end (the order reversed, a
//     short offset, the rows turned round), so the last page costs what the first does;
//   - searches: the planner walks the order's index and filters, which costs nothing when the
//     matches are spread and most of the table when they sit together far down the order
//     („Regenüberlaufbecken …“ under R). A search page is therefore read from its matches
//     (bitmap and top-N sort, about what their count costs), and, when the order has an index
//     and the matches are many, first from the front of the order: the first vorlaufZeilen
//     rows, which hold the page if the matches are spread.

// listenabfrage is one page request of a worklist table.
type listenabfrage struct {
	tabelle, spalten string
	bedingung        string // WHERE, visibility first
	args             []any
	ordnung          []string // sort expressions, the unique id last
	absteigend       bool
	page, size       int
	frisch           bool // count now: the caller waits for his own command (minPosition)
	suche            bool // the condition holds a search text: read the page from the matches
	vorlauf          bool // the first sort expression has an index: its front is cheap to walk
	// ohneFilter is the same search without the list's filters (set by a worklist whose
	// filters are chosen): counted — one query, over the search's index — only when a search
	// finds nothing with them.
	ohneFilter *listenabfrage
	// kopf: a one-word search in the order whose expression begins the search column.
	kopf *kopfsuche
	// hoechstens bounds the count (0: exact, Liste.Hoechstens).
	hoechstens int64
}

// vorlaufZeilen is how many rows of the order a search page is first looked for in, and
// vorlaufAb the number of matches from which that is worth it (fewer are sorted at once).
const (
	vorlaufZeilen = 2000
	vorlaufAb     = 2000
)

// seite reads one page and its total.
func seite[T any](ctx context.Context, q eventstore.Querier, a listenabfrage, scan pgx.RowToFunc[T]) (Seite[T], error) {
	out := Seite[T]{Content: []T{}, Page: a.page, Size: a.size}
	var err error
	if out.TotalElements, err = anzahl(ctx, q, a); err != nil {
		return out, err
	}
	if out.TotalElements == 0 && a.suche && a.ohneFilter != nil {
		var n int64
		o := a.ohneFilter
		if err := q.QueryRow(ctx, `SELECT count(*) FROM `+o.tabelle+` WHERE `+o.bedingung, eigenerPlan(true, o.args)...).Scan(&n); err != nil {
			return out, err
		}
		out.OhneFilter = &n
	}
	out.Mindestens = a.hoechstens > 0 && out.TotalElements >= a.hoechstens
	offset := int64(a.page) * int64(a.size)
	limit, rueckwaerts := int64(a.size), offset > out.TotalElements/2 && !out.Mindestens
	if rueckwaerts {
		// rows [offset, offset+size) of total are rows [total-offset-size, total-offset) backwards
		limit = min(int64(a.size), out.TotalElements-offset)
		offset = max(out.TotalElements-offset-int64(a.size), 0)
		if limit <= 0 {
			return out, nil
		}
	}
	var content []T
	if a.suche && a.vorlauf && !rueckwaerts && out.TotalElements >= vorlaufAb && offset+limit <= vorlaufZeilen/2 {
		if content, err = seitenZeilen(ctx, q, a, a.vorn(), false, limit, offset, scan); err != nil {
			return out, err
		}
		if int64(len(content)) < limit {
			content = nil // too few in the front: the matches sit further down
		}
	}
	// matches that sit together: a one-word search reads its two parts (kopfsuche)
	if content == nil && a.kopf != nil && offset+limit <= kopfHoechstens {
		if content, err = kopfZeilen(ctx, q, a, rueckwaerts, limit, offset, scan); err != nil {
			return out, err
		}
		if content == nil {
			content = []T{}
		}
	}
	if content == nil {
		von := a.tabelle + ` WHERE ` + a.bedingung
		if a.suche {
			von = `(SELECT * FROM ` + von + ` OFFSET 0) t` // OFFSET 0: planned alone, by its condition
		}
		if content, err = seitenZeilen(ctx, q, a, von, rueckwaerts, limit, offset, scan); err != nil {
			return out, err
		}
	}
	if rueckwaerts {
		slices.Reverse(content)
	}
	if content != nil {
		out.Content = content
	}
	return out, nil
}

// seitenZeilen reads rows [offset, offset+limit) of von (a FROM clause with its condition) in the
// list's order, reversed when umgekehrt.
func seitenZeilen[T any](ctx context.Context, q eventstore.Querier, a listenabfrage, von string, umgekehrt bool, limit, offset int64,
	scan pgx.RowToFunc[T]) ([]T, error) {
	n := len(a.args)
	rows, err := q.Query(ctx, `SELECT `+a.spalten+` FROM `+von+` ORDER BY `+a.order(umgekehrt)+
		` LIMIT $`+strconv.Itoa(n+1)+` OFFSET $`+strconv.Itoa(n+2), eigenerPlan(a.suche, append(slices.Clip(a.args), limit, offset))...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scan)
}

// vorn is the FROM clause of the front of the order: its first vorlaufZeilen rows of the whole
// table, of which the condition keeps the matches. Their first rows are the first matches of
// all, so a full page read from them is the page.
func (a listenabfrage) vorn() string {
	return `(SELECT * FROM ` + a.tabelle + ` ORDER BY ` + a.order(false) + ` LIMIT ` + strconv.Itoa(vorlaufZeilen) + `) t WHERE ` + a.bedingung
}

// jede calls each for every row of the query in its order, reading them as a stream (exports
// of any size).
func jede[T any](ctx context.Context, q eventstore.Querier, a listenabfrage, scan pgx.RowToFunc[T], each func(T) error) error {
	rows, err := q.Query(ctx, `SELECT `+a.spalten+` FROM `+a.tabelle+` WHERE `+a.bedingung+` ORDER BY `+a.order(false), eigenerPlan(a.suche, a.args)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		x, err := scan(rows)
		if err != nil {
			return err
		}
		if err := each(x); err != nil {
			return err
		}
	}
	return rows.Err()
}

// order is the ORDER BY of the page, reversed when it is read from the other end.
func (a listenabfrage) order(umgekehrt bool) string {
	richtung := " ASC"
	if a.absteigend != umgekehrt {
		richtung = " DESC"
	}
	teile := make([]string, len(a.ordnung))
	for i, o := range a.ordnung {
		teile[i] = o + richtung
	}
	return strings.Join(teile, ", ")
}

// eigenerPlan are the arguments of a worklist query, for a search with the request to plan it
// for them: the statement goes unnamed, so Postgres plans it with its values every time. A
// cached statement gets a generic plan after five executions, which knows neither the search
// pattern nor the ranges, and chose to read every match (or the whole table) where the values
// allow an index range of ten rows: the plants' text search for a common word took 300 ms and
// more per page that way (issue 29), 1 ms planned for its values. A page without a search keeps
// the cached statement: its generic plan walks the order's index as a custom one would, and
// planning every page would cost the many callers of the first pages a third more CPU.
func eigenerPlan(suche bool, args []any) []any {
	if !suche {
		return args
	}
	return append([]any{pgx.QueryExecModeExec}, args...)
}

// anzahlGueltig is how long a count serves further pages of the same condition.
const anzahlGueltig = 2 * time.Second

type gezaehlt struct {
	n   int64
	bis time.Time
}

var anzahlen = struct {
	sync.Mutex
	m map[string]gezaehlt
}{m: map[string]gezaehlt{}}

// anzahl is the number of rows of the condition: from the cache while it is fresh, else counted.
// The key holds the database (the querier), the table, the condition and its arguments, so
// callers share a count only when they see the same rows.
func anzahl(ctx context.Context, q eventstore.Querier, a listenabfrage) (int64, error) {
	key := fmt.Sprintf("%p\x00%s\x00%s\x00%v", q, a.tabelle, a.bedingung, a.args)
	jetzt := time.Now()
	if !a.frisch {
		anzahlen.Lock()
		g, ok := anzahlen.m[key]
		anzahlen.Unlock()
		if ok && jetzt.Before(g.bis) {
			return g.n, nil
		}
	}
	if a.frisch {
		return zaehlen(ctx, q, a, key, jetzt)
	}
	// callers who miss the same key together share one count (64 clients of a SYSTEMADMIN
	// when the count expires would otherwise count 64 times). The count is not the first
	// caller's: it goes on when that caller leaves, so the others still get it, and each caller
	// stops waiting when its own request ends.
	ergebnis := zaehlungen.DoChan(key, func() (any, error) {
		gemeinsam, cancel := context.WithTimeout(context.WithoutCancel(ctx), zaehlenHoechstens)
		defer cancel()
		return zaehlen(gemeinsam, q, a, key, jetzt)
	})
	select {
	case <-ctx.Done():
		return 0, ctx.Err()
	case r := <-ergebnis:
		if r.Err != nil {
			return 0, r.Err
		}
		return r.Val.(int64), nil
	}
}

var zaehlungen singleflight.Group

// Anzahl is the number of rows of tabelle (qualified) that bedingung keeps, with the worklists'
// count cache: shared by callers of the same condition for anzahlGueltig, counted afresh when
// frisch (the caller waits for his own command). For lists beside the worklists whose count
// grows with what a caller sees (the Aufgaben view).
func Anzahl(ctx context.Context, q eventstore.Querier, tabelle, bedingung string, args []any, frisch bool) (int64, error) {
	return anzahl(ctx, q, listenabfrage{tabelle: tabelle, bedingung: bedingung, args: args, frisch: frisch})
}

// zaehlenHoechstens bounds a shared count: the time an ordinary request has (httpapi.StandardZeitlimits).
const zaehlenHoechstens = time.Minute

func zaehlen(ctx context.Context, q eventstore.Querier, a listenabfrage, key string, jetzt time.Time) (int64, error) {
	var n int64
	sql, args := `SELECT count(*) FROM `+a.tabelle+` WHERE `+a.bedingung, a.args
	switch {
	case a.kopf != nil:
		sql, args = a.kopf.zaehlen(a.tabelle)
	case a.hoechstens > 0:
		sql = `SELECT count(*) FROM (SELECT 1 FROM ` + a.tabelle + ` WHERE ` + a.bedingung + ` LIMIT ` + strconv.FormatInt(a.hoechstens, 10) + `) t`
	}
	if err := q.QueryRow(ctx, sql, eigenerPlan(a.suche, args)...).Scan(&n); err != nil {
		return 0, err
	}
	anzahlen.Lock()
	defer anzahlen.Unlock()
	if len(anzahlen.m) >= 10_000 { // many distinct searches: start over rather than grow
		clear(anzahlen.m)
	}
	anzahlen.m[key] = gezaehlt{n: n, bis: jetzt.Add(anzahlGueltig)}
	return n, nil
}

// A one-word search over a list ordered by the column its search column begins with (the
// plants by name, the measuring points by number) reads its page and count without touching
// every match. A word that many rows contain mostly begins them („Regenüberlaufbecken …“:
// 105,000 plants at scale 20, all under R), and its matches split in two:
//
//   - A: the search column begins with the word — the sort expression begins with one of the
//     word's spellings (ü for ue, …): ranges of the sort index, read in the order and counted
//     from the index, however many they are;
//   - B: the word occurs after the first character — found by the trigram index on
//     substr(such, 2), where a word that begins most rows is rare.
//
// The page is the first rows of both, merged in the order; the count is A's plus B's.

// kopfHoechstens bounds the rows read from each part for a page (deeper pages take the
// ordinary way, from all matches).
const kopfHoechstens = 1000

type kopfsuche struct {
	wort      string   // the search word, folded
	ausdruck  string   // the sort expression the search column begins with
	varianten []string // the spellings of the word at the start of the sort expression
	rest      string   // the condition without the search word
	restArgs  []any
}

// bereiche is the condition of A: the sort expression begins with one of the spellings.
func (k *kopfsuche) bereiche(arg func(any) string) string {
	teile := make([]string, len(k.varianten))
	for i, v := range k.varianten {
		teile[i] = "(" + k.ausdruck + " >= " + arg(v) + " AND " + k.ausdruck + " < " + arg(nachfolger(v)) + ")"
	}
	return "(" + strings.Join(teile, " OR ") + ")"
}

// muster is the LIKE pattern of B.
func (k *kopfsuche) muster() string {
	return "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(k.wort) + "%"
}

// zaehlen is the count query: A's rows plus B's that are not A's, under the rest of the
// condition. Each spelling is counted alone: a range of the sort index, read from the index
// alone where the rest allows (an OR of ranges would read every row).
func (k *kopfsuche) zaehlen(tabelle string) (string, []any) {
	args := slices.Clone(k.restArgs)
	arg := zugriff.Platzhalter(&args)
	var teile []string
	for _, v := range k.varianten {
		teile = append(teile, `(SELECT count(*) FROM `+tabelle+` WHERE `+k.ausdruck+` >= `+arg(v)+` AND `+k.ausdruck+` < `+
			arg(nachfolger(v))+` AND `+k.rest+`)`)
	}
	teile = append(teile, `(SELECT count(*) FROM `+tabelle+` WHERE substr(such, 2) LIKE `+arg(k.muster())+` AND NOT `+k.bereiche(arg)+
		` AND `+k.rest+`)`)
	return `SELECT ` + strings.Join(teile, " + "), args
}

// kopfZeilen reads rows [offset, offset+limit) of the search in the list's order (reversed
// when umgekehrt): the first offset+limit rows of each part, merged.
func kopfZeilen[T any](ctx context.Context, q eventstore.Querier, a listenabfrage, umgekehrt bool, limit, offset int64,
	scan pgx.RowToFunc[T]) ([]T, error) {
	k := a.kopf
	args := slices.Clone(a.args)
	arg := zugriff.Platzhalter(&args)
	order, n := a.order(umgekehrt), strconv.FormatInt(offset+limit, 10)
	teil := func(bedingung string) string {
		return `(SELECT * FROM ` + a.tabelle + ` WHERE ` + bedingung + ` AND ` + a.bedingung + ` ORDER BY ` + order + ` LIMIT ` + n + `)`
	}
	var teile []string
	for _, v := range k.varianten {
		teile = append(teile, teil(k.ausdruck+" >= "+arg(v)+" AND "+k.ausdruck+" < "+arg(nachfolger(v))))
	}
	teile = append(teile, teil(`substr(such, 2) LIKE `+arg(k.muster())+` AND NOT `+k.bereiche(arg)))
	rows, err := q.Query(ctx, `SELECT `+a.spalten+` FROM (`+strings.Join(teile, " UNION ALL ")+`) t ORDER BY `+order+
		` LIMIT `+arg(limit)+` OFFSET `+arg(offset), eigenerPlan(true, args)...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scan)
}

// nachfolger is the least string after every string that begins with v (in code point order,
// the order of the database's collation C.UTF-8): v with its last character's successor.
func nachfolger(v string) string {
	r := []rune(v)
	r[len(r)-1]++
	return string(r)
}

// entfaltungen are the spellings of the folded word w in the unfolded text: each ae, oe, ue, ss
// may stand for ä, ö, ü, ß, and a final a, o, u or s may be the first half of one (the text
// goes on beyond w). None when there are too many (more than 32).
func entfaltungen(w string) []string {
	paare := map[string]string{"ae": "ä", "oe": "ö", "ue": "ü", "ss": "ß"}
	halb := map[byte]string{'a': "ä", 'o': "ö", 'u': "ü", 's': "ß"}
	var out []string
	var weiter func(i int, p string)
	weiter = func(i int, p string) {
		switch {
		case len(out) > 32:
			return
		case i == len(w):
			out = append(out, p)
			return
		}
		if u, ok := paare[w[i:min(i+2, len(w))]]; ok {
			weiter(i+2, p+u)
		}
		if u, ok := halb[w[i]]; ok && i == len(w)-1 {
			out = append(out, p+u)
		}
		_, breite := utf8.DecodeRuneInString(w[i:])
		weiter(i+breite, p+w[i:i+breite])
	}
	weiter(0, "")
	if len(out) > 32 {
		return nil
	}
	return out
}
