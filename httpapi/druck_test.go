package httpapi

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// poppler runs a tool of poppler-utils (pdftotext, pdftoppm, pdffonts, pdfinfo) on pdf and
// returns its output; without the tool the test is skipped outside CI (.ci/run installs
// poppler-utils, so in CI it must run).
func poppler(t testing.TB, pdf []byte, tool string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath(tool); err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("%s fehlt (Debian: poppler-utils)", tool)
		}
		t.Fatalf("%s fehlt in CI: %v", tool, err)
	}
	dir := t.TempDir()
	datei := filepath.Join(dir, "druck.pdf")
	if err := os.WriteFile(datei, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	args = append(args, datei)
	if tool == "pdftotext" {
		args = append(args, "-")
	}
	if tool == "pdftoppm" {
		args = append(args, filepath.Join(dir, "seite"))
	}
	out, err := exec.Command(tool, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v: %s", tool, err, out)
	}
	if tool == "pdftoppm" {
		seiten, _ := filepath.Glob(filepath.Join(dir, "seite*.png"))
		if len(seiten) == 0 {
			t.Fatal("pdftoppm rendered no page")
		}
		png, err := os.ReadFile(seiten[0])
		if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) || len(png) < 500 {
			t.Fatalf("page 1 as PNG: %d bytes, %v", len(png), err)
		}
	}
	return string(out)
}

// drucke posts a selection to the print of operation betriebID and returns the answer.
func (w *kontoWelt) drucke(t testing.TB, betriebID int64, auswahl map[string]any, tok string) antwort {
	t.Helper()
	return w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/print/", betriebID), auswahl, tok)
}

// pdfText is the text of a print that must have succeeded.
func pdfText(t testing.TB, a antwort, datei string) string {
	t.Helper()
	if a.Code != 200 || a.Header().Get("Content-Type") != "application/pdf" {
		t.Fatalf("print: %d %s: %.300s", a.Code, a.Header().Get("Content-Type"), a.Body.String())
	}
	if cd := a.Header().Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="`+datei+`"`) {
		t.Errorf("Content-Disposition = %q, want the file %s", cd, datei)
	}
	return poppler(t, a.Body.Bytes(), "pdftotext", "-enc", "UTF-8")
}

func idIn(t testing.TB, w *kontoWelt, query string, args ...any) int64 {
	t.Helper()
	var id int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), query, args...).Scan(&id); err != nil {
		t.Fatalf("%s %v: %v", query, args, err)
	}
	return id
}

// The print of the demo's Musterhausen file: the cover, the parts chosen and nothing else,
// umlauts and ß as text, every font embedded, page 1 renders; another organisation learns
// nothing of the operation and cannot print its plant through an operation of its own.
func TestDruck_BetriebsakteZeigtDieAuswahlMitUmlautenUndEingebettetenSchriften(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber2 := w.login(t, "betreiber2", seed.DemoPasswort)
	muster := idIn(t, w, `SELECT id FROM betrieb WHERE bezeichnung = 'Kläranlage Musterhausen'`)
	ka := idIn(t, w, `SELECT id FROM anlage WHERE bezeichnung = 'Kläranlage Musterhausen'`)
	kanal := idIn(t, w, `SELECT id FROM anlage WHERE bezeichnung = 'Kanalnetz Musterhausen'`)
	mst := idIn(t, w, `SELECT id FROM messstelle WHERE bezeichnung = 'Ablauf Kläranlage Musterhausen'`)

	bescheid := idIn(t, w, `SELECT id FROM bescheid WHERE betrieb_id = $1 AND daten->>'aktenzeichen' = '31-2/25'`, muster)
	a := w.drucke(t, muster, map[string]any{"betrieb": true, "anlagenIds": []int64{ka, kanal}, "messstellenIds": []int64{mst},
		"bescheidIds": []int64{bescheid}}, betreiber2)
	text := pdfText(t, a, fmt.Sprintf("Betriebsakte-%d.pdf", muster))
	if d := os.Getenv("DRUCK_BEISPIEL"); d != "" {
		_ = os.WriteFile(d, a.Body.Bytes(), 0o600) // a sample to look at
	}
	for _, want := range []string{"Betriebsakte", "Kläranlage Musterhausen", "Kanalnetz Musterhausen", "Ablauf Kläranlage Musterhausen",
		"Am Klärwerk", "Straße", "Maßnahmenträger", "Verbandsgemeindewerke Musterhausen", "Gedruckt am", "Seite 1 von ", "Betreiber", "Behörde"} {
		if !strings.Contains(text, want) {
			t.Errorf("print lacks %q:\n%s", want, text)
		}
	}
	// the relief plant was not chosen: no section of its own (its Wasserbuchnummer, its kind's
	// heading), though the Bescheid's Auflage names it
	if strings.Contains(text, "S12345") || strings.Contains(text, "Entlastungsanlage") || strings.Contains(text, "Stand zum") {
		t.Errorf("print shows what was not chosen:\n%s", text)
	}
	// the Bescheid with its Auflagen (a table) and Anforderungen, ids by their names
	for _, want := range []string{"Wasserrechtliche Erlaubnis (§ 8 WHG)", "Auflagen", "Messprogramm für die Eigenkontrolle", "Anforderungen 1",
		"Überwachungswert", "Vorbescheid", "31-2/14", "Regenüberlaufbecken\nMusterhausen-Nord", // a cell wraps
		"unbefristet"} { // an Anforderung's open end (issue 43), never 01.01.3000
		if !strings.Contains(text, want) {
			t.Errorf("Bescheid's print lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "3000") {
		t.Errorf("the open end printed as a date:\n%s", text)
	}
	fonts := poppler(t, a.Body.Bytes(), "pdffonts")
	zeilen := strings.Split(strings.TrimSpace(fonts), "\n")
	if len(zeilen) < 4 { // header, rule, regular and bold
		t.Fatalf("pdffonts:\n%s", fonts)
	}
	for _, z := range zeilen[2:] {
		if f := strings.Fields(z); len(f) < 7 || f[len(f)-5] != "yes" {
			t.Errorf("font not embedded: %q", z)
		}
	}
	info := poppler(t, a.Body.Bytes(), "pdfinfo", "-meta")
	if !strings.Contains(info, "<pdfaid:part>2</pdfaid:part>") || !strings.Contains(info, "<pdfaid:conformance>B</pdfaid:conformance>") {
		t.Errorf("XMP metadata without the PDF/A-2b identification:\n%s", info)
	}
	poppler(t, a.Body.Bytes(), "pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "1")

	// another organisation: the operation is not there for it, and its own operation does not
	// carry a foreign plant
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	wantFehler(t, w.drucke(t, muster, map[string]any{"betrieb": true}, betreiber), 404, "Das angeforderte Objekt existiert nicht.")
	papier := idIn(t, w, `SELECT id FROM betrieb WHERE bezeichnung = 'Papierfabrik Rheinaue – Werk Koblenz'`)
	for _, fremd := range []map[string]any{{"anlagenIds": []int64{ka}}, {"messstellenIds": []int64{mst}}, {"bescheidIds": []int64{bescheid}}} {
		fremd["betrieb"] = true
		wantFehler(t, w.drucke(t, papier, fremd, betreiber), 400, "Ein ausgewähltes Objekt gehört nicht zu diesem Betrieb oder ist nicht sichtbar.")
	}
	// nor a plant of another operation it does see
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	kuehl := idIn(t, w, `SELECT id FROM anlage WHERE bezeichnung = 'Kühlwasserkreislauf Papiermaschine 2'`)
	brauerei := idIn(t, w, `SELECT id FROM betrieb WHERE bezeichnung = 'Brauerei am Deutschen Eck'`)
	wantFehler(t, w.drucke(t, brauerei, map[string]any{"anlagenIds": []int64{kuehl}}, sbd), 400,
		"Ein ausgewähltes Objekt gehört nicht zu diesem Betrieb oder ist nicht sichtbar.")
	// nothing chosen, too many, a day in the future
	wantFehler(t, w.drucke(t, papier, map[string]any{}, betreiber), 400,
		"Bitte wählen Sie mindestens einen Teil der Betriebsakte für den Ausdruck aus.")
	viele := make([]int64, 501)
	for i := range viele {
		viele[i] = int64(i + 1)
	}
	wantFehler(t, w.drucke(t, papier, map[string]any{"anlagenIds": viele}, betreiber), 400,
		"Es können höchstens 500 Objekte auf einmal gedruckt werden. Bitte wählen Sie weniger aus.")
	morgen := time.Now().AddDate(0, 0, 2).Format("2006-01-02")
	wantFehler(t, w.drucke(t, papier, map[string]any{"betrieb": true, "standZum": morgen}, betreiber), 400,
		"Bitte geben Sie „Stand zum“ als Datum (TT.MM.JJJJ) an, das nicht in der Zukunft liegt.")
}

// zurueckdatieren moves every event of stream streamID recorded so far tage days into the past:
// a test-only stand-in for a file with a history (production events carry the time of their
// commit; only this test database is changed).
func zurueckdatieren(t testing.TB, w *kontoWelt, streamID string, tage int) {
	t.Helper()
	if _, err := w.dienst.Store.Pool().Exec(t.Context(), `UPDATE events SET recorded_at = recorded_at - make_interval(days => $2)
		WHERE stream_id = $1`, streamID, tage); err != nil {
		t.Fatal(err)
	}
}

// "Stand zum": the print shows each object as it was at the end of that day, replayed from the
// event store — the earlier name, not today's — says so on the cover and every page, and leaves
// out an object that did not exist yet with a line saying so.
func TestDruck_StandZumZeigtDenFrueherenStand(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	papier := idIn(t, w, `SELECT id FROM betrieb WHERE bezeichnung = 'Papierfabrik Rheinaue – Werk Koblenz'`)
	org := orgID(t, w, "Klärwerk Rheinaue GmbH")
	a := w.send(t, "POST", "/api/anlage/abwasserbehandlung", neueKlaeranlage(papier, org, "Nachklärung Süd"), sbd)
	if a.Code != 201 {
		t.Fatalf("create: %d %s", a.Code, a.Body.String())
	}
	id := int64(a.json(t)["id"].(float64))
	zurueckdatieren(t, w, fmt.Sprintf("anlage-%d", id), 10)
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, sbd).json(t)
	anl["bezeichnung"] = "Nachklärung Süd-West"
	anl["auditInfo"] = map[string]any{"gueltigAb": time.Now().In(berlin).Format("2006-01-02"), "aenderungsgrund": "Umbenennung", "ueberschreiben": true}
	if a = w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id), anl, sbd); a.Code != 200 {
		t.Fatalf("rename: %d %s", a.Code, a.Body.String())
	}
	tag := func(vorTagen int) string { return time.Now().In(berlin).AddDate(0, 0, -vorTagen).Format("2006-01-02") }
	deutsch := func(vorTagen int) string { return time.Now().In(berlin).AddDate(0, 0, -vorTagen).Format("02.01.2006") }

	damals := pdfText(t, w.drucke(t, papier, map[string]any{"anlagenIds": []int64{id}, "standZum": tag(5)}, sbd), fmt.Sprintf("Betriebsakte-%d.pdf", papier))
	if !strings.Contains(damals, "Nachklärung Süd") || strings.Contains(damals, "Süd-West") {
		t.Errorf("as of 5 days ago: want the earlier name only:\n%s", damals)
	}
	seiten := strings.Count(damals, "\f")
	if n := strings.Count(damals, "Stand zum "+deutsch(5)); n < seiten+1 { // every page's header and the cover's row
		t.Errorf("'Stand zum %s' %d times on %d pages:\n%s", deutsch(5), n, seiten, damals)
	}
	heute := pdfText(t, w.drucke(t, papier, map[string]any{"anlagenIds": []int64{id}, "standZum": tag(0)}, sbd), fmt.Sprintf("Betriebsakte-%d.pdf", papier))
	if !strings.Contains(heute, "Nachklärung Süd-West") {
		t.Errorf("as of today: want today's name:\n%s", heute)
	}
	vorher := pdfText(t, w.drucke(t, papier, map[string]any{"anlagenIds": []int64{id}, "standZum": tag(20)}, sbd), fmt.Sprintf("Betriebsakte-%d.pdf", papier))
	if !strings.Contains(vorher, "Am "+deutsch(20)+" noch nicht angelegt.") || strings.Contains(vorher, "Anlagenart") {
		t.Errorf("before the plant existed: want the note and no fields:\n%s", vorher)
	}
}

// The print of an annual report: its fields and per parameter its values with the limit each
// was compared with, exceedances marked as the entry screen evaluates them (the same
// Messreihe); another organisation's account does not find the report.
func TestDruck_JahresberichtMitMesswertenUndUeberschreitungen(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber2 := w.login(t, "betreiber2", seed.DemoPasswort)
	id := idIn(t, w, `SELECT j.id FROM jahresbericht j JOIN anlage a ON a.id = j.anlage_id
		WHERE a.bezeichnung = 'Kläranlage Musterhausen' AND j.jahr = 2025`)
	a := w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/%d/print/", id), nil, betreiber2)
	text := pdfText(t, a, fmt.Sprintf("Jahresbericht-%d.pdf", id))
	if d := os.Getenv("DRUCK_BEISPIEL"); d != "" {
		_ = os.WriteFile(d+".bericht.pdf", a.Body.Bytes(), 0o600) // a sample to look at
	}
	for _, want := range []string{"Jahresbericht 2025 – Kläranlage Musterhausen", "Berichtsjahr", "Starkregen im Juli: Mischwasserzulauf über Bemessung.",
		"Messstelle 2350010009 Ablauf Kläranlage Musterhausen", "Datum", "Grenzwert", "Bewertung", "Überwachungswert", "187",
		"Überschreitung über 100 %", "nicht eingehalten", "Seite 1 von "} {
		if !strings.Contains(text, want) {
			t.Errorf("report print lacks %q:\n%s", want, text)
		}
	}
	poppler(t, a.Body.Bytes(), "pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "1")
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/jahresbericht/%d/print", id), nil, w.login(t, "betreiber", seed.DemoPasswort)), 404,
		"Das angeforderte Objekt existiert nicht.")
}

// The druck area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("druck", map[string]listenRoute{
	// the prints of one operation file or report (issue 33): each printed object through its
	// area's visibility, a foreign id refused (TestDruck_…)
	"POST /api/betrieb/{id}/print":      {art: artEinzeln},
	"GET /api/jahresbericht/{id}/print": {art: artEinzeln},
})
