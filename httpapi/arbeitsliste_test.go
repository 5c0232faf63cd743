package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/eventstore"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
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

// xlsxBlatt reads the sheet of an export as a German clerk sees it, after checking what every
// export has (pruefeTabellenform).
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
	pruefeTabellenform(t, f, a.Body.Bytes(), blatt, rows)
	return aufDeutsch(f, blatt, rows)
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

// messstelleAngelegt requests a measuring point under a plant through the command path (its
// HTTP calls are another file's) and returns its id.
func messstelleAngelegt(t testing.TB, w *kontoWelt, anlageName, nr, typ, name string) int64 {
	t.Helper()
	ctx := context.Background()
	anlageID := idVon(t, w, "anlage", anlageName)
	a, _, ok, err := anlagen.Stand(ctx, w.dienst.Store.Pool(), anlageID)
	if err != nil || !ok {
		t.Fatalf("plant %s: %v", anlageName, err)
	}
	id, err := eventstore.NextID(ctx, w.dienst.Store, "messstelle_id_seq")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eventstore.Befehle(w.dienst.Store, messstelle.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, messstelle.FordereFreigabeAn{
		AnlageID: anlageID, BetriebID: a.BetriebID, MessstellenID: nr, BetriebFreigegeben: true, Heute: time.Now(),
		Daten: messstelle.Daten{Bezeichnung: name, Messstellentyp: typ, Lage: a.Daten.Lage}}, seed.Akteur); err != nil {
		t.Fatalf("measuring point %s: %v", nr, err)
	}
	return id
}

// The measuring points worklist answers the Seite of the other worklists with the rows the
// caller sees (the operation's visibility), its filters, sort keys, search and minPosition,
// and exports the query or a selection as messstellen.xlsx — never another organisation's or
// Regionalstelle's points.
func TestArbeitsliste_MeasuringPointsSearchAndExportAsTheCallerSeesThem(t *testing.T) {
	w := newKontoWelt(t, "")
	store := w.dienst.Store
	projektortest.Start(t, store, arbeitsliste.Projection)
	w.warte = func(ctx context.Context, name string, pos int64) error {
		return projections.WaitFor(ctx, store, name, pos)
	}
	ablauf := messstelleAngelegt(t, w, "Betriebskläranlage Papierfabrik", "0711100109", "NR_9", "Ablauf Betriebskläranlage")
	messstelleAngelegt(t, w, "Kühlwasserkreislauf Papiermaschine 2", "0711100211", "NR_11", "Ablauf Kühlwasser")
	muster := messstelleAngelegt(t, w, "Kläranlage Musterhausen", "0723500109", "NR_9", "Ablauf Kläranlage Musterhausen")
	messstelleAngelegt(t, w, "Kläranlage Musterhausen", "0723500201", "NR_1", "Zulauf Kläranlage Musterhausen")
	w.arbeitsliste(t)
	tok := map[string]string{}
	for _, k := range []string{"systemadmin", "zust_sbd", "leser_behoerde", "betreiber", "leser_organisation", "betreiber2"} {
		tok[k] = w.login(t, k, seed.DemoPasswort)
	}
	suche := func(wer, query string) map[string]any {
		t.Helper()
		a := w.send(t, "GET", "/api/messstelle/search?"+query, nil, tok[wer])
		if a.Code != 200 {
			t.Fatalf("%s: search %s: %d %s", wer, query, a.Code, a.Body.String())
		}
		return a.json(t)
	}
	// after this test's points (07…) come the demo's (111… at the paper mill, 235… at Musterhausen)
	papier := "|Zulauf Betriebskläranlage|Einleitungsstelle Rhein|Endkontrolle Ablauf Betriebskläranlage"
	for wer, want := range map[string]string{
		"systemadmin":        "Ablauf Betriebskläranlage|Ablauf Kühlwasser|Ablauf Kläranlage Musterhausen|Zulauf Kläranlage Musterhausen" + papier + "|Ablauf Kläranlage Musterhausen",
		"zust_sbd":           "Ablauf Betriebskläranlage|Ablauf Kühlwasser" + papier,
		"leser_behoerde":     "Ablauf Betriebskläranlage|Ablauf Kühlwasser" + papier,
		"betreiber":          "Ablauf Betriebskläranlage|Ablauf Kühlwasser" + papier,
		"leser_organisation": "Ablauf Betriebskläranlage|Ablauf Kühlwasser" + papier,
		"betreiber2":         "Ablauf Kläranlage Musterhausen|Zulauf Kläranlage Musterhausen|Ablauf Kläranlage Musterhausen",
	} {
		if got := strings.Join(bezeichnungen(suche(wer, "")), "|"); got != want {
			t.Errorf("%s sees %s, want %s", wer, got, want)
		}
	}
	s := suche("systemadmin", "query=musterhausen&sortProperty=bezeichnung&sortDirection=desc&size=1&page=1")
	if got := bezeichnungen(s); strings.Join(got, "|") != "Ablauf Kläranlage Musterhausen" || s["totalElements"].(float64) != 3 {
		t.Fatalf("search, sort, paging: %v", s)
	}
	z := suche("systemadmin", "q=0723500109")["content"].([]any)[0].(map[string]any)
	if z["id"].(float64) != float64(muster) || z["messstellenId"] != "0723500109" || z["messstellentyp"] != "NR_9" || z["messstellenstatus"] != "GEPLANT" ||
		z["freigabestatus"] != "BEANTRAGT" || z["anlage"] != "Kläranlage Musterhausen" || z["betrieb"] != "Kläranlage Musterhausen" ||
		z["anlageId"].(float64) != float64(idVon(t, w, "anlage", "Kläranlage Musterhausen")) || z["betriebId"] == nil {
		t.Fatalf("row: %v", z)
	}
	if got := bezeichnungen(suche("systemadmin", "messstellentyp=NR_9,NR_10&messstellentyp=NR_11&messstellenstatus=GEPLANT&freigabestatus=BEANTRAGT")); len(got) != 3 {
		t.Fatalf("filters: %v", got)
	}
	if s := suche("zust_sbd", "query=musterhausen"); s["totalElements"].(float64) != 0 {
		t.Fatalf("zust_sbd finds Musterhausen's points: %v", s)
	}

	// a save shows at once with minPosition
	out, err := eventstore.Befehle(w.dienst.Store, messstelle.Decider).Handle(t.Context(), ablauf, eventstore.VersionUnbekannt,
		messstelle.EntscheideFreigabe{NeuerStatus: messstelle.Freigegeben}, seed.Akteur)
	if err != nil {
		t.Fatal(err)
	}
	z = suche("zust_sbd", fmt.Sprintf("minPosition=%d&query=0711100109", out.LastPosition))["content"].([]any)[0].(map[string]any)
	if z["freigabestatus"] != "FREIGEGEBEN" {
		t.Fatalf("after the Freigabe: %v", z)
	}

	// the export: the query's rows or the selection, as the caller sees them
	nummern := func(rows [][]string) string {
		var out []string
		for _, r := range rows[1:] {
			out = append(out, r[0])
		}
		return strings.Join(out, "|")
	}
	export := func(wer, query string, body any) [][]string {
		t.Helper()
		a := w.send(t, "POST", "/api/messstelle/export"+query, body, tok[wer])
		if d := a.Header().Get("Content-Disposition"); !strings.Contains(d, "messstellen.xlsx") {
			t.Fatalf("file name: %q", d)
		}
		return xlsxBlatt(t, a, "Messstellen")
	}
	rows := export("zust_sbd", "?sortProperty=messstellenId", nil)
	if strings.Join(rows[0], "|") != "Messstellen-Nr.|Messstelle|Messstellentyp|Status|Freigabestatus|Anlage|Betrieb" ||
		nummern(rows) != "0711100109|0711100211|1110000101|1110000108|1110000109" || strings.Join(rows[1], "|") !=
		"0711100109|Ablauf Betriebskläranlage|Endkontrollmessstelle|Geplant|Freigegeben|Betriebskläranlage Papierfabrik|Papierfabrik Rheinaue – Werk Koblenz" {
		t.Fatalf("zust_sbd's export: %v", rows)
	}
	if rows := export("betreiber2", "?messstellentyp=NR_1", nil); nummern(rows) != "0723500201" {
		t.Fatalf("betreiber2's filtered export: %v", rows)
	}
	if rows := export("betreiber2", "", map[string]any{"ids": []int64{ablauf, muster}}); nummern(rows) != "0723500109" {
		t.Fatalf("betreiber2's selection holds another organisation's point: %v", rows)
	}
	if rows := export("systemadmin", "?sortDirection=desc", map[string]any{"ids": []int64{ablauf, muster}}); nummern(rows) != "0723500109|0711100109" {
		t.Fatalf("selection in the order: %v", rows)
	}
}

// The arbeitslisten area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("arbeitslisten", map[string]listenRoute{
	"GET /api/betrieb/search":       {art: artListe, zeilen: true},
	"GET /api/anlage/search":        {art: artListe, zeilen: true},
	"GET /api/messstelle/search":    {art: artListe, zeilen: true},
	"GET /api/jahresbericht/search": {art: artListe, zeilen: true},
	"POST /api/betrieb/export":      {art: artExport, zeilen: true, aufrufe: []string{"/api/betrieb/export", `/api/betrieb/export {"ids":[{alleBetriebe}]}`}},
	"POST /api/anlage/export":       {art: artExport, zeilen: true, aufrufe: []string{"/api/anlage/export", `/api/anlage/export {"ids":[{alleAnlagen}]}`}},
	"POST /api/messstelle/export": {art: artExport, zeilen: true, aufrufe: []string{"/api/messstelle/export",
		`/api/messstelle/export {"ids":[{alleMessstellen}]}`}},
	"POST /api/jahresbericht/export": {art: artExport, zeilen: true, aufrufe: []string{"/api/jahresbericht/export",
		`/api/jahresbericht/export {"ids":[9901]}`}},
})

// The arbeitslisten area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("arbeitslisten", func() map[string]regel {
	return map[string]regel{
		"GET /api/betrieb/search":  angemeldet,
		"POST /api/betrieb/export": angemeldet,
	}
})
