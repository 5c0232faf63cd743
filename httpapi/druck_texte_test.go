package httpapi

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// The print shows a value list's text where an object holds its key, as the screens do: no
// NR_9, IN_BETRIEB or BEHOERDLICHE_FESTLEGUNG in a demo operation's print, whatever was chosen.
func TestDruck_SchluesselVonWertelistenErscheinenAlsTexte(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "fachadmin", seed.DemoPasswort)
	var schluessel []string
	for _, d := range werteliste.Listen {
		schluessel = append(schluessel, d.Schluessel...)
	}
	slices.Sort(schluessel)
	schluessel = slices.Compact(schluessel)
	code := regexp.MustCompile(`\b(` + regexp.QuoteMeta(schluessel[0]) + func() string {
		s := ""
		for _, k := range schluessel[1:] {
			s += "|" + regexp.QuoteMeta(k)
		}
		return s
	}() + `|[A-Z][A-Z0-9]*_[A-Z0-9_]+)\b`)

	rows, err := w.dienst.Store.Pool().Query(t.Context(), `SELECT id, bezeichnung FROM betrieb ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	type betrieb struct {
		id   int64
		name string
	}
	var betriebe []betrieb
	for rows.Next() {
		var b betrieb
		if err := rows.Scan(&b.id, &b.name); err != nil {
			t.Fatal(err)
		}
		betriebe = append(betriebe, b)
	}
	rows.Close()
	ids := func(query string, id int64) []int64 {
		r, err := w.dienst.Store.Pool().Query(t.Context(), query, id)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		out := []int64{} // none is [], a null is refused (issue 43)
		for r.Next() {
			var x int64
			if err := r.Scan(&x); err != nil {
				t.Fatal(err)
			}
			out = append(out, x)
		}
		return out
	}
	gedruckt, alles := 0, ""
	for _, b := range betriebe {
		auswahl := map[string]any{"betrieb": true,
			"anlagenIds":     ids(`SELECT id FROM anlage WHERE betrieb_id = $1 ORDER BY id`, b.id),
			"messstellenIds": ids(`SELECT id FROM messstelle WHERE betrieb_id = $1 ORDER BY id`, b.id),
			"bescheidIds":    ids(`SELECT id FROM bescheid WHERE betrieb_id = $1 AND NOT geloescht ORDER BY id`, b.id)}
		text := pdfText(t, w.drucke(t, b.id, auswahl, admin), fmt.Sprintf("Betriebsakte-%d.pdf", b.id))
		if d := os.Getenv("DRUCK_TEXTE"); d != "" {
			_ = os.WriteFile(fmt.Sprintf("%s-%d.txt", d, b.id), []byte(text), 0o600)
		}
		if m := code.FindAllString(text, -1); len(m) > 0 {
			slices.Sort(m)
			t.Errorf("%s: the print shows value-list keys %v", b.name, slices.Compact(m))
		}
		gedruckt++
		alles += text
	}
	if gedruckt < 3 {
		t.Fatalf("only %d demo operations printed", gedruckt)
	}
	// the texts the screens show instead (types and kinds from the value lists, the statuses'
	// labels, a parameter by number and name)
	for _, want := range []string{"Endkontrollmessstelle", "In Betrieb", "Behördliche Festlegung", "Selbstüberwachungsauflage",
		"Konzentration", "Freigegeben", "301 CSB"} {
		if !strings.Contains(alles, want) {
			t.Errorf("no demo print shows %q", want)
		}
	}
}
