package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/eabwasser/eabwasser/internal/seed"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

func (w *kontoWelt) seite(t testing.TB, token, query string) map[string]any {
	t.Helper()
	a := w.send(t, "GET", "/api/betrieb/search?"+query, nil, token)
	if a.Code != 200 {
		t.Fatalf("search %s: %d %s", query, a.Code, a.Body.String())
	}
	return a.json(t)
}

func bezeichnungen(seite map[string]any) []string {
	var out []string
	for _, z := range seite["content"].([]any) {
		out = append(out, z.(map[string]any)["bezeichnung"].(string))
	}
	return out
}

func xlsxZeilen(t testing.TB, a antwort) [][]string {
	t.Helper()
	return xlsxBlatt(t, a, "Betriebe")
}

func xlsxBlatt(t testing.TB, a antwort, blatt string) [][]string {
	t.Helper()
	if a.Code != 200 || a.Header().Get("Content-Type") != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Fatalf("export: %d %s", a.Code, a.Header().Get("Content-Type"))
	}
	f, err := excelize.OpenReader(bytes.NewReader(a.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows(blatt)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestArbeitsliste_PagingSortingFilteringSearchAndExport(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	for i := 1; i <= 12; i++ {
		beantragen(t, w, betreiber, fmt.Sprintf("Werk %02d Lützel", i))
	}
	w.arbeitsliste(t)
	admin := w.login(t, "fachadmin", seed.DemoPasswort)

	s := w.seite(t, admin, "")
	if s["size"] != float64(50) || s["totalElements"] != float64(16) || s["page"] != float64(0) {
		t.Fatalf("defaults: %v", s)
	}
	if got := bezeichnungen(s); got[0] != "Brauerei am Deutschen Eck" || got[len(got)-1] != "Werk 12 Lützel" {
		t.Fatalf("sorted by name: %v", got)
	}
	s = w.seite(t, admin, "q=l%C3%BCtzel&size=5&page=2&sortProperty=bezeichnung&sortDirection=desc")
	if got := bezeichnungen(s); s["totalElements"] != float64(12) || strings.Join(got, ",") != "Werk 02 Lützel,Werk 01 Lützel" {
		t.Fatalf("last page, descending: %v %v", s["totalElements"], got)
	}
	s = w.seite(t, admin, "freigabestatus=FREIGEGEBEN,ABGEWIESEN")
	if got := bezeichnungen(s); strings.Join(got, ",") != "Galvanik Moselweiß,Kläranlage Musterhausen,Papierfabrik Rheinaue – Werk Koblenz" {
		t.Fatalf("freigabestatus filter: %v", got)
	}
	s = w.seite(t, admin, "betriebsstatus=IN_BETRIEB&betriebstyp=KOMMUNAL")
	if got := bezeichnungen(s); strings.Join(got, ",") != "Kläranlage Musterhausen" {
		t.Fatalf("status and type: %v", got)
	}
	s = w.seite(t, admin, "q=2026-00000")
	if s["totalElements"].(float64) < 4 {
		t.Fatalf("search by number: %v", s["totalElements"])
	}

	// export: selected rows, or the whole query
	rows := xlsxZeilen(t, w.send(t, "POST", "/api/betrieb/export?q=werk%2001", nil, admin))
	if len(rows) != 2 || rows[0][0] != "Betriebs-Nr." || rows[1][1] != "Werk 01 Lützel" || rows[1][4] != "Beantragt" {
		t.Fatalf("query export: %v", rows)
	}
	ids := []int64{}
	for _, z := range w.seite(t, admin, "q=werk%2003")["content"].([]any) {
		ids = append(ids, int64(z.(map[string]any)["id"].(float64)))
	}
	rows = xlsxZeilen(t, w.send(t, "POST", "/api/betrieb/export", map[string]any{"ids": ids}, admin))
	if len(rows) != 2 || rows[1][1] != "Werk 03 Lützel" {
		t.Fatalf("selection export: %v", rows)
	}

	// betreiber2 never sees the first organisation's operations, in lists or exports
	b2 := w.login(t, "betreiber2", seed.DemoPasswort)
	if got := bezeichnungen(w.seite(t, b2, "")); strings.Join(got, ",") != "Kläranlage Musterhausen" {
		t.Fatalf("betreiber2 list: %v", got)
	}
	if got := bezeichnungen(w.seite(t, b2, "q=l%C3%BCtzel")); len(got) != 0 {
		t.Fatalf("betreiber2 search: %v", got)
	}
	rows = xlsxZeilen(t, w.send(t, "POST", "/api/betrieb/export", map[string]any{"ids": ids}, b2))
	if len(rows) != 1 {
		t.Fatalf("betreiber2 exported another organisation's operation: %v", rows)
	}
	rows = xlsxZeilen(t, w.send(t, "POST", "/api/betrieb/export", nil, b2))
	if len(rows) != 2 || rows[1][1] != "Kläranlage Musterhausen" {
		t.Fatalf("betreiber2 query export: %v", rows)
	}
}

func TestArbeitsliste_MinPositionAnswersOnceTheChangeIsVisible(t *testing.T) {
	w := newKontoWelt(t, "")
	store := w.dienst.Store
	projektortest.Start(t, store, arbeitsliste.Projection)
	w.warte = func(ctx context.Context, name string, pos int64) error {
		return projections.WaitFor(ctx, store, name, pos)
	}
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	for i := 0; i < 5; i++ {
		a := w.send(t, "POST", "/api/betrieb?typ=INDUSTRIE", neuerBetrieb(w, t, fmt.Sprintf("Mühle %d am Rhein", i)), betreiber)
		pos := a.Header().Get("X-Event-Position")
		if a.Code != 201 || pos == "" {
			t.Fatalf("request: %d %s", a.Code, a.Body.String())
		}
		s := w.seite(t, betreiber, "q=m%C3%BChle&minPosition="+pos)
		if s["totalElements"] != float64(i+1) {
			t.Fatalf("after request %d the list shows %v", i, s["totalElements"])
		}
	}
}

func TestArbeitsliste_PlantsExportedAsTheCallerSeesThemAndFilteredByVerwaltungseinheit(t *testing.T) {
	w := newKontoWelt(t, "")
	w.arbeitsliste(t)
	sbd, b2 := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber2", seed.DemoPasswort)
	namen := func(rows [][]string) string {
		var out []string
		for _, r := range rows[1:] {
			out = append(out, r[1])
		}
		return strings.Join(out, "|")
	}
	// the query's export: every row of the filter the caller sees, with the texts of the list
	rows := xlsxBlatt(t, w.send(t, "POST", "/api/anlage/export?sortProperty=bezeichnung", nil, sbd), "Anlagen")
	if strings.Join(rows[0], "|") != "Anlagen-Nr.|Abwasseranlage|Anlagentyp|Anlagenart|Status|Betrieb|Ort|Änderungsantrag offen" ||
		namen(rows) != "Betriebskläranlage Papierfabrik|Kühlwasserkreislauf Papiermaschine 2" ||
		rows[2][2] != "Kühlwasser" || rows[2][4] != "In Betrieb" || rows[2][5] != "Papierfabrik Rheinaue – Werk Koblenz" ||
		!strings.HasPrefix(rows[2][0], "A-") {
		t.Fatalf("zust_sbd query export: %v", rows)
	}
	rows = xlsxBlatt(t, w.send(t, "POST", "/api/anlage/export?anlagentyp=KUEHLWASSER", nil, sbd), "Anlagen")
	if namen(rows) != "Kühlwasserkreislauf Papiermaschine 2" {
		t.Fatalf("filtered export: %v", rows)
	}
	// betreiber2 never exports another organisation's plants, selected or queried
	fremd := []int64{idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik"), idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")}
	if rows = xlsxBlatt(t, w.send(t, "POST", "/api/anlage/export", map[string]any{"ids": fremd}, b2), "Anlagen"); len(rows) != 1 {
		t.Fatalf("betreiber2 exported another organisation's plants: %v", rows)
	}
	rows = xlsxBlatt(t, w.send(t, "POST", "/api/anlage/export", nil, b2), "Anlagen")
	if namen(rows) != "Kanalnetz Musterhausen|Kläranlage Musterhausen|Regenüberlaufbecken Musterhausen-Nord" {
		t.Fatalf("betreiber2 query export: %v", rows)
	}
	eigene := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	if rows = xlsxBlatt(t, w.send(t, "POST", "/api/anlage/export", map[string]any{"ids": append(fremd, eigene)}, b2), "Anlagen"); namen(rows) != "Kläranlage Musterhausen" {
		t.Fatalf("betreiber2 selection: %v", rows)
	}

	// Verwaltungseinheit: the operation's Ort is the unit (the personalisation's filter)
	var koblenz, trier int64
	pool := w.dienst.Store.Pool()
	for name, id := range map[string]*int64{"Koblenz": &koblenz, "Trier": &trier} {
		if err := pool.QueryRow(t.Context(), `SELECT id FROM werteliste_eintrag WHERE liste = 'verwaltungseinheit' AND wert = $1`, name).Scan(id); err != nil {
			t.Fatal(err)
		}
	}
	admin := w.login(t, "fachadmin", seed.DemoPasswort)
	suche := func(query string) []string {
		a := w.send(t, "GET", "/api/anlage/search?"+query, nil, admin)
		if a.Code != 200 {
			t.Fatalf("search %s: %d %s", query, a.Code, a.Body.String())
		}
		return bezeichnungen(a.json(t))
	}
	if got := strings.Join(suche(fmt.Sprintf("verwaltungseinheit=%d", koblenz)), "|"); got != "Betriebskläranlage Papierfabrik|Kühlwasserkreislauf Papiermaschine 2" {
		t.Fatalf("Koblenz: %v", got)
	}
	if got := suche(fmt.Sprintf("verwaltungseinheit=%d,%d&anlagentyp=ABWASSERBEHANDLUNG", trier, koblenz)); strings.Join(got, "|") != "Betriebskläranlage Papierfabrik" {
		t.Fatalf("Trier or Koblenz, treatment: %v", got)
	}
	if got := suche(fmt.Sprintf("verwaltungseinheit=%d", trier)); len(got) != 0 {
		t.Fatalf("Trier: %v", got)
	}
	wantFehler(t, w.send(t, "GET", "/api/anlage/search?verwaltungseinheit=Koblenz", nil, admin), 400, "Ungültige Zahl")
}
