package arbeitsliste

import (
	"context"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Betrieb is a row of the operations worklist.
type Betrieb struct {
	ID             int64  `json:"id"`
	BetriebsID     string `json:"betriebsId"`
	Bezeichnung    string `json:"bezeichnung"`
	Betriebstyp    string `json:"betriebstyp"`
	BetriebstypID  string `json:"betriebstypId"`
	Betriebsstatus string `json:"betriebsstatus"`
	StatusID       string `json:"betriebsstatusId"`
	Freigabestatus string `json:"freigabestatus"`
	Betreiber      string `json:"betreiber"`
	Strasse        string `json:"strasse"`
	Hausnummer     string `json:"hausnummer"`
	Plz            string `json:"plz"`
	Ort            string `json:"ort"`
	Regionalstelle string `json:"regionalstelle"`
	AntragOffen    bool   `json:"stammdatenAntragOffen"`
}

// Filter of the operations worklist; empty lists filter nothing.
type Filter struct {
	Sicht          betriebe.Sicht
	Q              string
	Betriebsstatus []string
	Betriebstyp    []string
	Freigabestatus []string
	IDs            []int64 // export of selected rows
	Page, Size     int
	SortProperty   string
	Absteigend     bool
	Frisch         bool // count now, not from the cache (the caller waits for his command)
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

// BetriebeListe is the operations worklist. Its export is the operation file's
// (anwendung/betrieb.Arbeitsliste).
var BetriebeListe = Liste[Betrieb]{
	Tabelle: "arbeitsliste.betrieb",
	Spalten: `id, betriebs_id, bezeichnung, betriebstyp_text, betriebstyp, betriebsstatus_text, betriebsstatus, freigabestatus,
	betreiber, strasse, hausnummer, plz, ort, regionalstelle, antrag_offen`,
	Zeile: func(r pgx.CollectableRow) (Betrieb, error) {
		var b Betrieb
		err := r.Scan(&b.ID, &b.BetriebsID, &b.Bezeichnung, &b.Betriebstyp, &b.BetriebstypID, &b.Betriebsstatus, &b.StatusID,
			&b.Freigabestatus, &b.Betreiber, &b.Strasse, &b.Hausnummer, &b.Plz, &b.Ort, &b.Regionalstelle, &b.AntragOffen)
		return b, err
	},
	Sicht: zugriff.Betriebsspalten(""),
	Sortierung: map[string]string{"bezeichnung": "lower(bezeichnung)", "betriebsId": "betriebs_id", "ort": "lower(ort)",
		"plz": "plz", "betriebsstatus": "betriebsstatus_text", "freigabestatus": "freigabestatus", "betreiber": "lower(betreiber)",
		"betriebstyp": "betriebstyp_text", "regionalstelle": "regionalstelle"},
	Standard:  "bezeichnung",
	Indiziert: []string{"bezeichnung"}, // betrieb_name
	Filter: []Listenfilter{{Name: "betriebsstatus", Spalte: "betriebsstatus"}, {Name: "betriebstyp", Spalte: "betriebstyp"},
		{Name: "freigabestatus", Spalte: "freigabestatus"}},
}

// anfrage is the filter as a request of the list.
func (f Filter) anfrage() Anfrage {
	return Anfrage{Sicht: f.Sicht, Q: f.Q, Filter: map[string][]string{"betriebsstatus": f.Betriebsstatus, "betriebstyp": f.Betriebstyp,
		"freigabestatus": f.Freigabestatus}, IDs: f.IDs, Page: f.Page, Size: f.Size, SortProperty: f.SortProperty,
		Absteigend: f.Absteigend, Frisch: f.Frisch}
}

// seitengroesse is the page size asked for, 50 when none or more than 1,000.
func seitengroesse(size int) int {
	if size <= 0 || size > 1000 {
		return 50
	}
	return size
}

// Betriebe returns one page of the operations worklist (page size 50 by default).
func Betriebe(ctx context.Context, q eventstore.Querier, f Filter) (Seite[Betrieb], error) {
	return BetriebeListe.Seite(ctx, q, f.anfrage())
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
