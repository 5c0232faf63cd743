package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/ablage"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	bescheiddienst "github.com/eabwasser/eabwasser/internal/anwendung/bescheid"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	messstelledienst "github.com/eabwasser/eabwasser/internal/anwendung/messstelle"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// ablagen remembers the files service of each test world, so a test can look into its blob
// directory.
var ablagen sync.Map // *testing.T → *ablage.Dienst

// ablageFuer is the files service of a test world: blobs in a directory of the test.
func ablageFuer(t testing.TB, store *eventstore.Store, akte *betriebdienst.Dienst, anl *anlagedienst.Dienst, ms ...*messstelledienst.Dienst) *ablage.Dienst {
	// the access the areas' Setup registers, with the world's services (their clock)
	a := &aufbau.Aufbau{Store: store, Ablage: aufbau.Zugriffe{datei.Betrieb: akte.Zugriff}}
	if anl != nil {
		a.Ablage.Fuer(datei.Anlage, anl.Zugriff)
		a.Typen = aufbau.Typen{datei.Anlage: anlagen.Typ}
	}
	for _, m := range ms {
		a.Ablage.Fuer(datei.Messstelle, m.Zugriff)
		a.Ablage.Fuer(datei.Bescheid, (&bescheiddienst.Dienst{Store: store, Jetzt: m.Jetzt}).Zugriff)
		a.Ablage.Fuer(datei.Jahresbericht, (&berichtdienst.Dienst{Store: store}).Zugriff)
		a.Ablage.Fuer(datei.JahresberichtExtern, (&berichtdienst.Dienst{Store: store}).Zugriff)
	}
	d := ablage.Neu(a, t.TempDir(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	ablagen.Store(t, d)
	t.Cleanup(func() { ablagen.Delete(t) })
	return d
}

// blobsAufPlatte lists the files in the blob directory of t's world (temporary ones too).
func blobsAufPlatte(t testing.TB) []string {
	t.Helper()
	d, ok := ablagen.Load(t)
	if !ok {
		t.Fatal("no files service for this test")
	}
	eintraege, err := os.ReadDir(d.(*ablage.Dienst).Blobs.Verzeichnis)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range eintraege {
		out = append(out, e.Name())
	}
	return out
}

// teil is one part of an upload form; dateiname marks the file part.
type teil struct{ name, dateiname, typ, inhalt string }

func formular(t testing.TB, teile ...teil) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range teile {
		h := textproto.MIMEHeader{}
		cd := fmt.Sprintf(`form-data; name=%q`, p.name)
		if p.dateiname != "" {
			cd += fmt.Sprintf(`; filename=%q`, p.dateiname)
		}
		h.Set("Content-Disposition", cd)
		if p.typ != "" {
			h.Set("Content-Type", p.typ)
		}
		pw, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.WriteString(pw, p.inhalt)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return &buf, mw.FormDataContentType()
}

func (w *kontoWelt) hochladen(t testing.TB, pfad, token string, teile ...teil) antwort {
	t.Helper()
	body, ct := formular(t, teile...)
	return w.do(t, "POST", pfad, body, "Content-Type", ct, "Authorization", "Bearer "+token)
}

type dateiZeile struct {
	ID           int64  `json:"id"`
	Bezeichnung  string `json:"bezeichnung"`
	UploadVon    string `json:"uploadVon"`
	UploadAm     string `json:"uploadAm"`
	Dateigroesse int64  `json:"dateigroesse"`
	Dateityp     string `json:"dateityp"`
	Dateiname    string `json:"dateiname"`
}

func (w *kontoWelt) dateien(t testing.TB, pfad, token string) []dateiZeile {
	t.Helper()
	a := w.send(t, "GET", pfad, nil, token)
	if a.Code != 200 {
		t.Fatalf("GET %s: %d %s", pfad, a.Code, a.Body.String())
	}
	var out []dateiZeile
	if err := jsonDecode(a, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func jsonDecode(a antwort, v any) error {
	return json.Unmarshal(a.Body.Bytes(), v)
}

const pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

func TestDatei_UploadListDownloadDelete(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Galvanik Lützel")
	basis := fmt.Sprintf("/api/betrieb/%d", id)

	if got := w.dateien(t, basis+"/dateien/", betreiber); len(got) != 0 {
		t.Fatalf("files of a new operation: %v", got)
	}
	a := w.hochladen(t, basis+"/upload-file/", betreiber,
		teil{name: "bezeichnung", inhalt: " Lageplan Süd "},
		teil{name: "file", dateiname: "Lageplan Süd \"neu\".pdf", typ: "application/pdf", inhalt: pdf})
	if a.Code != 201 {
		t.Fatalf("upload: %d %s", a.Code, a.Body.String())
	}
	m := a.json(t)
	if m["message"] != "Die Datei wurde erfolgreich hochgeladen" || m["position"] == nil || a.Header().Get("X-Event-Position") == "" {
		t.Fatalf("answer %v", m)
	}
	dateiID := int64(m["id"].(float64))
	if blobs := blobsAufPlatte(t); len(blobs) != 1 {
		t.Fatalf("blobs on disk: %v", blobs)
	}

	liste := w.dateien(t, basis+"/dateien", betreiber)
	if len(liste) != 1 {
		t.Fatalf("list: %v", liste)
	}
	z := liste[0]
	if z.ID != dateiID || z.Bezeichnung != "Lageplan Süd" || z.UploadVon != "Michael Wagner" || z.Dateigroesse != int64(len(pdf)) ||
		z.Dateityp != "application/pdf" || z.Dateiname != `Lageplan Süd "neu".pdf` || !strings.HasPrefix(z.UploadAm, w.jetzt.Format("2006-01-02")) {
		t.Fatalf("row %+v", z)
	}

	// authority staff of the Regionalstelle see the operation, so they may download
	for _, tok := range []string{betreiber, w.login(t, "zust_sbd", seed.DemoPasswort)} {
		d := w.send(t, "GET", fmt.Sprintf("/api/datei/%d", dateiID), nil, tok)
		if d.Code != 200 || d.Body.String() != pdf {
			t.Fatalf("download: %d %q", d.Code, d.Body.String())
		}
		h := d.Header()
		if h.Get("Content-Type") != "application/pdf" || h.Get("Content-Length") != fmt.Sprint(len(pdf)) ||
			h.Get("Content-Disposition") != `attachment; filename="Lageplan S_d _neu_.pdf"; filename*=UTF-8''Lageplan%20S%C3%BCd%20%22neu%22.pdf` ||
			h.Get("Cache-Control") != "no-store" {
			t.Fatalf("headers %v", h)
		}
	}

	// the event carries size, hash and key of the blob
	var daten map[string]any
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT data FROM events WHERE stream_id = $1`,
		fmt.Sprintf("datei-%d", dateiID)).Scan(&daten); err != nil {
		t.Fatal(err)
	}
	summe := sha256.Sum256([]byte(pdf))
	if daten["sha256"] != hex.EncodeToString(summe[:]) || daten["schluessel"] != blobsAufPlatte(t)[0] ||
		daten["fachobjekt"] != "betrieb" || daten["hochgeladenVon"] != "Michael Wagner" {
		t.Fatalf("event data %v", daten)
	}

	a = w.send(t, "DELETE", fmt.Sprintf("/api/datei/%d/", dateiID), nil, betreiber)
	if a.Code != 200 || a.json(t)["message"] != "Die Datei wurde erfolgreich gelöscht." {
		t.Fatalf("delete: %d %s", a.Code, a.Body.String())
	}
	if blobs := blobsAufPlatte(t); len(blobs) != 0 {
		t.Fatalf("blob left after delete: %v", blobs)
	}
	if got := w.dateien(t, basis+"/dateien", betreiber); len(got) != 0 {
		t.Fatalf("list after delete: %v", got)
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/datei/%d", dateiID), nil, betreiber), 404, "Das angeforderte Objekt existiert nicht.")
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/datei/%d", dateiID), nil, betreiber), 404, "Das angeforderte Objekt existiert nicht.")
}

func TestDatei_TypeFromExtensionOrContentWhenTheBrowserSendsNone(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	basis := fmt.Sprintf("/api/betrieb/%d", beantragen(t, w, betreiber, "Galvanik Lützel"))
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
	for _, f := range []teil{
		{name: "file", dateiname: "scan", typ: "application/octet-stream", inhalt: png},
		{name: "file", dateiname: "Bericht.pdf", inhalt: "kein echtes pdf"},
	} {
		if a := w.hochladen(t, basis+"/upload-file", betreiber, teil{name: "bezeichnung", inhalt: f.dateiname}, f); a.Code != 201 {
			t.Fatalf("upload %s: %d %s", f.dateiname, a.Code, a.Body.String())
		}
	}
	typen := map[string]string{}
	for _, z := range w.dateien(t, basis+"/dateien", betreiber) {
		typen[z.Dateiname] = z.Dateityp
	}
	if typen["scan"] != "image/png" || typen["Bericht.pdf"] != "application/pdf" {
		t.Fatalf("types %v", typen)
	}
}

func TestDatei_MissingFileOrBezeichnungIsRefusedAndLeavesNothing(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	pfad := fmt.Sprintf("/api/betrieb/%d/upload-file", beantragen(t, w, betreiber, "Galvanik Lützel"))

	m := wantFehler(t, w.hochladen(t, pfad, betreiber, teil{name: "bezeichnung", inhalt: "Lageplan"}), 400, "Sie müssen eine Datei hochladen!")
	if ve := m["validationErrors"].(map[string]any); ve["file"] != "Sie müssen eine Datei hochladen!" {
		t.Fatalf("validationErrors %v", ve)
	}
	// an empty file input of a browser: a file part without name and content
	wantFehler(t, w.hochladen(t, pfad, betreiber, teil{name: "bezeichnung", inhalt: "Lageplan"},
		teil{name: "file", dateiname: "", typ: "application/octet-stream"}), 400, "Sie müssen eine Datei hochladen!")
	// no form at all
	wantFehler(t, w.send(t, "POST", pfad, map[string]string{"bezeichnung": "Lageplan"}, betreiber), 400, "Sie müssen eine Datei hochladen!")

	m = wantFehler(t, w.hochladen(t, pfad, betreiber, teil{name: "file", dateiname: "a.pdf", inhalt: pdf}, teil{name: "bezeichnung", inhalt: "  "}),
		400, "Dieses Feld ist ein Pflichtfeld.")
	if ve := m["validationErrors"].(map[string]any); ve["bezeichnung"] != "Dieses Feld ist ein Pflichtfeld." || len(ve) != 1 {
		t.Fatalf("validationErrors %v", ve)
	}
	if blobs := blobsAufPlatte(t); len(blobs) != 0 {
		t.Fatalf("blobs left by refused uploads: %v", blobs)
	}
}

// erzeugtesFormular streams an upload form with a file of groesse bytes into pw, without
// holding the file in memory.
func erzeugtesFormular(pw *io.PipeWriter, mw *multipart.Writer, groesse int64) {
	err := func() error {
		if err := mw.WriteField("bezeichnung", "Messreihe"); err != nil {
			return err
		}
		fw, err := mw.CreateFormFile("file", "messreihe.csv")
		if err != nil {
			return err
		}
		block := bytes.Repeat([]byte("0123456789abcdef"), 1<<16) // 1 MB
		for rest := groesse; rest > 0; {
			n := min(rest, int64(len(block)))
			if _, err := fw.Write(block[:n]); err != nil {
				return err
			}
			rest -= n
		}
		return mw.Close()
	}()
	pw.CloseWithError(err)
}

func TestDatei_UploadAbove100MBIsRefusedWhileStreamingAndLeavesNothing(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	pfad := fmt.Sprintf("/api/betrieb/%d/upload-file", beantragen(t, w, betreiber, "Galvanik Lützel"))

	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	fertig := make(chan struct{})
	go func() { defer close(fertig); erzeugtesFormular(pw, mw, datei.MaxGroesse+1) }()
	req := httptest.NewRequest("POST", pfad, pr) // unknown length: the limits act while reading
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+betreiber)
	rec := httptest.NewRecorder()
	w.h.ServeHTTP(rec, req)
	_ = pr.CloseWithError(io.ErrClosedPipe) // the server stopped reading; let the writer end
	<-fertig

	m := wantFehler(t, antwort{rec}, 400, "Die Datei darf maximal 100 MB groß sein.")
	if ve := m["validationErrors"].(map[string]any); ve["file"] != "Die Datei darf maximal 100 MB groß sein." {
		t.Fatalf("validationErrors %v", ve)
	}
	if blobs := blobsAufPlatte(t); len(blobs) != 0 {
		t.Fatalf("left on disk: %v", blobs)
	}
	if got := w.dateien(t, strings.TrimSuffix(pfad, "/upload-file")+"/dateien", betreiber); len(got) != 0 {
		t.Fatalf("recorded: %v", got)
	}
}

func TestDatei_UploadsMayExceedTheGeneralBodyLimitButNotTheirOwn(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	pfad := fmt.Sprintf("/api/betrieb/%d/upload-file", beantragen(t, w, betreiber, "Galvanik Lützel"))

	// 3 MB with a declared length, as browsers send it: above the 1 MB of other requests
	gross := strings.Repeat("x", 3<<20)
	if a := w.hochladen(t, pfad, betreiber, teil{name: "bezeichnung", inhalt: "Gross"}, teil{name: "file", dateiname: "gross.txt", inhalt: gross}); a.Code != 201 {
		t.Fatalf("3 MB upload: %d %s", a.Code, a.Body.String())
	}
	// a declared length above the upload limit is refused before reading
	req := httptest.NewRequest("POST", pfad, strings.NewReader("x"))
	req.ContentLength = UploadBodyLimit + 1
	req.Header.Set("Authorization", "Bearer "+betreiber)
	req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	rec := httptest.NewRecorder()
	w.h.ServeHTTP(rec, req)
	pruefeVertrag(t, req, []byte("x"), rec)
	wantFehler(t, antwort{rec}, http.StatusRequestEntityTooLarge, "Die Anfrage ist zu groß.")
	// other routes keep the general limit
	wantFehler(t, w.send(t, "POST", strings.Replace(pfad, "upload-file", "wiedervorlage", 1),
		`{"betreff":"`+strings.Repeat("x", int(DefaultBodyLimit))+`"}`, betreiber), http.StatusRequestEntityTooLarge, "Die Anfrage ist zu groß.")
}

func TestDatei_OtherOrganisationsSeeNothingAndReadersMayNotUpload(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Galvanik Lützel")
	basis := fmt.Sprintf("/api/betrieb/%d", id)
	a := w.hochladen(t, basis+"/upload-file", betreiber, teil{name: "bezeichnung", inhalt: "Plan"}, teil{name: "file", dateiname: "plan.pdf", inhalt: pdf})
	if a.Code != 201 {
		t.Fatalf("upload: %d %s", a.Code, a.Body.String())
	}
	dateiPfad := fmt.Sprintf("/api/datei/%d", int64(a.json(t)["id"].(float64)))
	hochladen := []teil{{name: "bezeichnung", inhalt: "Fremd"}, {name: "file", dateiname: "fremd.pdf", inhalt: pdf}}

	// betreiber2 belongs to another organisation: the operation does not exist for her
	fremd := w.login(t, "betreiber2", seed.DemoPasswort)
	const nichtDa = "Das angeforderte Objekt existiert nicht."
	wantFehler(t, w.send(t, "GET", basis+"/dateien", nil, fremd), 404, nichtDa)
	wantFehler(t, w.hochladen(t, basis+"/upload-file", fremd, hochladen...), 404, nichtDa)
	wantFehler(t, w.send(t, "GET", dateiPfad, nil, fremd), 404, nichtDa)
	wantFehler(t, w.send(t, "DELETE", dateiPfad, nil, fremd), 404, nichtDa)

	// the reader of the operator sees and downloads, but neither uploads nor deletes
	leser := w.login(t, "leser_organisation", seed.DemoPasswort)
	if got := w.dateien(t, basis+"/dateien", leser); len(got) != 1 {
		t.Fatalf("reader's list: %v", got)
	}
	if d := w.send(t, "GET", dateiPfad, nil, leser); d.Code != 200 || d.Body.String() != pdf {
		t.Fatalf("reader's download: %d", d.Code)
	}
	const verboten = "Sie sind nicht berechtigt, diese Aktion auszuführen."
	wantFehler(t, w.hochladen(t, basis+"/upload-file", leser, hochladen...), 403, verboten)
	wantFehler(t, w.send(t, "DELETE", dateiPfad, nil, leser), 403, verboten)
	if blobs := blobsAufPlatte(t); len(blobs) != 1 {
		t.Fatalf("blobs: %v", blobs)
	}

	// without login nothing; a plant that does not exist has no files; Bescheide have none until
	// their area exists
	wantFehler(t, w.send(t, "GET", basis+"/dateien", nil, ""), 401, textNichtAngemeldet)
	wantFehler(t, w.hochladen(t, "/api/anlage/999999/upload-file", betreiber, hochladen...), 404, nichtDa)
	wantFehler(t, w.send(t, "GET", "/api/bescheid/1/dateien", nil, betreiber), 404, nichtDa)
}

type wiedervorlageZeile struct {
	ID                int64   `json:"id"`
	Betreff           string  `json:"betreff"`
	Datum             *string `json:"datum"`
	Fachobjekt        string  `json:"fachobjekt"`
	FachobjektID      int64   `json:"fachobjektId"`
	BezugZuFachobjekt string  `json:"bezugZuFachobjekt"`
	AngelegtVon       string  `json:"angelegtVon"`
	Loeschbar         bool    `json:"loeschbar"`
	Seite             string  `json:"seite"`
	Geteilt           bool    `json:"geteilt"`
}

func (w *kontoWelt) wiedervorlagen(t testing.TB, pfad, token string) []wiedervorlageZeile {
	t.Helper()
	a := w.send(t, "GET", pfad, nil, token)
	if a.Code != 200 {
		t.Fatalf("GET %s: %d %s", pfad, a.Code, a.Body.String())
	}
	var out []wiedervorlageZeile
	if err := jsonDecode(a, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestWiedervorlage_CreateListDeleteWithTheRulesOfWhoMay(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	admin := w.login(t, "fachadmin", seed.DemoPasswort)
	id := beantragen(t, w, betreiber, "Galvanik Lützel")
	pfad := fmt.Sprintf("/api/betrieb/%d/wiedervorlage", id)

	m := wantFehler(t, w.send(t, "POST", pfad, map[string]string{"betreff": " ", "datum": "01.12.2026"}, betreiber), 400, "Dieses Feld ist ein Pflichtfeld.")
	if ve := m["validationErrors"].(map[string]any); ve["betreff"] != "Dieses Feld ist ein Pflichtfeld." || ve["datum"] != "Ungültiges Datumsformat" {
		t.Fatalf("validationErrors %v", ve)
	}
	a := w.send(t, "POST", pfad+"/", map[string]string{"betreff": "Nachweis Eigenkontrolle anfordern", "datum": "2026-12-01"}, betreiber)
	if a.Code != 201 || a.json(t)["message"] != "Die Wiedervorlage wurde erfolgreich angelegt." {
		t.Fatalf("create: %d %s", a.Code, a.Body.String())
	}
	eigene := int64(a.json(t)["id"].(float64))
	// shared with the operator (issue 42: the authority's reminders are internal unless shared)
	a = w.send(t, "POST", pfad, map[string]any{"betreff": "Ortstermin abstimmen", "datum": nil, "geteilt": true}, admin)
	if a.Code != 201 {
		t.Fatalf("create as admin: %d %s", a.Code, a.Body.String())
	}
	fremde := int64(a.json(t)["id"].(float64))

	liste := w.wiedervorlagen(t, pfad, betreiber)
	if len(liste) != 2 {
		t.Fatalf("list %+v", liste)
	}
	erste, zweite := liste[0], liste[1] // by date, those without at the end
	if erste.ID != eigene || erste.Betreff != "Nachweis Eigenkontrolle anfordern" || erste.Datum == nil || *erste.Datum != "2026-12-01" ||
		erste.Fachobjekt != "betrieb" || erste.FachobjektID != id || erste.BezugZuFachobjekt != "BETRIEB" || erste.AngelegtVon != "Michael Wagner" ||
		!erste.Loeschbar || erste.Seite != "ORGANISATION" || !erste.Geteilt {
		t.Fatalf("own reminder %+v", erste)
	}
	// the administrator's name is the authority's to the operator, as in the Historie
	if zweite.ID != fremde || zweite.Datum != nil || zweite.AngelegtVon != "Behörde" || zweite.Loeschbar || zweite.Seite != "BEHOERDE" ||
		!zweite.Geteilt {
		t.Fatalf("the administrator's reminder as the operator sees it %+v", zweite)
	}

	const verboten = "Sie sind nicht berechtigt, diese Aktion auszuführen."
	// the operator may not delete the authority's reminder; readers have no reminders
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/wiedervorlage/%d", fremde), nil, betreiber), 403, verboten)
	leser := w.login(t, "leser_organisation", seed.DemoPasswort)
	wantFehler(t, w.send(t, "GET", pfad, nil, leser), 403, verboten)
	wantFehler(t, w.send(t, "POST", pfad, map[string]string{"betreff": "x"}, leser), 403, verboten)
	// another organisation does not see the operation
	fremd := w.login(t, "betreiber2", seed.DemoPasswort)
	const nichtDa = "Das angeforderte Objekt existiert nicht."
	wantFehler(t, w.send(t, "GET", pfad, nil, fremd), 404, nichtDa)
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/wiedervorlage/%d", eigene), nil, fremd), 404, nichtDa)
	// a measuring point of another organisation's operation does not exist for him
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d/wiedervorlage", idVon(t, w, "messstelle", "Ablauf Kläranlage Musterhausen")), nil, betreiber), 404, nichtDa)

	// staff who may change the operation delete any reminder of the authority's side; the
	// creator his own (issue 42: the operator's reminder is his to delete)
	if l := w.wiedervorlagen(t, pfad, admin); l[0].Loeschbar || !l[1].Loeschbar || l[0].AngelegtVon != "Michael Wagner" {
		t.Fatalf("admin's view %+v", l)
	}
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/wiedervorlage/%d", eigene), nil, admin), 403, verboten)
	for _, d := range []struct {
		id    int64
		token string
	}{{eigene, betreiber}, {fremde, admin}} {
		a := w.send(t, "DELETE", fmt.Sprintf("/api/wiedervorlage/%d/", d.id), nil, d.token)
		if a.Code != 200 || a.json(t)["message"] != "Die Wiedervorlage wurde erfolgreich gelöscht." {
			t.Fatalf("delete %d: %d %s", d.id, a.Code, a.Body.String())
		}
	}
	a = w.send(t, "POST", pfad, map[string]string{"betreff": "Eigene"}, betreiber)
	eigene = int64(a.json(t)["id"].(float64))
	if a := w.send(t, "DELETE", fmt.Sprintf("/api/wiedervorlage/%d", eigene), nil, betreiber); a.Code != 200 {
		t.Fatalf("delete own: %d %s", a.Code, a.Body.String())
	}
	if l := w.wiedervorlagen(t, pfad, betreiber); len(l) != 0 {
		t.Fatalf("left %+v", l)
	}
	wantFehler(t, w.send(t, "DELETE", fmt.Sprintf("/api/wiedervorlage/%d", eigene), nil, betreiber), 404, nichtDa)
}

// The ablage area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("ablage", map[string]listenRoute{
	"GET /api/betrieb/{id}/dateien":               {art: artAmObjekt, objekt: "betrieb", zeilen: true},
	"GET /api/betrieb/{id}/wiedervorlage":         {art: artAmObjekt, objekt: "betrieb", zeilen: true},
	"GET /api/anlage/{id}/dateien":                {art: artAmObjekt, objekt: "anlage", zeilen: true},
	"GET /api/anlage/{id}/wiedervorlage":          {art: artAmObjekt, objekt: "anlage", zeilen: true},
	"GET /api/bescheid/{id}/dateien":              {art: artAmObjekt, objekt: "bescheid"},
	"GET /api/jahresbericht/{id}/dateien":         {art: artAmObjekt, objekt: "jahresbericht"},
	"GET /api/jahresbericht/{id}/externe-dateien": {art: artAmObjekt, objekt: "jahresbericht"},
	"GET /api/jahresbericht/{id}/wiedervorlage":   {art: artAmObjekt, objekt: "jahresbericht"},
	"GET /api/bescheid/{id}/wiedervorlage":        {art: artAmObjekt, objekt: "bescheid"},
	"GET /api/messstelle/{id}/wiedervorlage":      {art: artAmObjekt, objekt: "messstelle", zeilen: true},
	"GET /api/messstelle/{id}/dateien":            {art: artAmObjekt, objekt: "messstelle", zeilen: true},
	"GET /api/datei/{id}":                         {art: artEinzeln},
})

// The ablage area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("ablage", func() map[string]regel {
	return map[string]regel{
		"GET /api/datei/{id}":            angemeldet,
		"DELETE /api/wiedervorlage/{id}": mitAktion(berechtigung.WiedervorlagenLesen),
		"DELETE /api/datei/{id}":         mitAktion(berechtigung.DateiHochladen),
	}
})
