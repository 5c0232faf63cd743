package druck

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/historie"
)

// pdftotext is the text of pdf; without poppler-utils the test is skipped outside CI.
func pdftotext(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("CI") == "" {
			t.Skip("pdftotext fehlt (Debian: poppler-utils)")
		}
		t.Fatal(err)
	}
	datei := filepath.Join(t.TempDir(), "t.pdf")
	if err := os.WriteFile(datei, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", datei, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v: %s", err, out)
	}
	return string(out)
}

// A table of 200 rows runs over several pages, and each page it continues on starts with its
// header row; every page names the operation and counts "Seite n von m".
func TestTabelle_KopfzeileNachJedemSeitenumbruch(t *testing.T) {
	d := Neu(Kopfdaten{Dokument: "Betriebsakte", Betrieb: "Kläranlage Musterhausen", Gedruckt: time.Now()})
	d.Ueberschrift("Anlage", "Große Tabelle")
	tab := Tabelle{Titel: "Anlagenteile", Kopf: []string{"Kategorie", "Anzahl", "Maßnahme"}}
	for i := range 200 {
		tab.Zeilen = append(tab.Zeilen, []string{"Becken " + strconv.Itoa(i+1), strconv.Itoa(i), "Straßenablauf"})
	}
	d.Tabelle(tab)
	var buf bytes.Buffer
	if err := d.Ausgeben(&buf); err != nil {
		t.Fatal(err)
	}
	text := pdftotext(t, buf.Bytes())
	seiten := strings.Split(strings.TrimRight(text, "\f\n"), "\f")
	if len(seiten) < 3 {
		t.Fatalf("%d pages, want the table on several:\n%s", len(seiten), text)
	}
	for i, s := range seiten {
		if !strings.Contains(s, "Seite "+strconv.Itoa(i+1)+" von "+strconv.Itoa(len(seiten))) || !strings.Contains(s, "Kläranlage Musterhausen") {
			t.Errorf("page %d lacks its footer:\n%s", i+1, s)
		}
		if !strings.Contains(s, "Kategorie") || !strings.Contains(s, "Maßnahme") {
			t.Errorf("page %d lacks the table's header row:\n%s", i+1, s)
		}
	}
	if !strings.Contains(text, "Becken 200") || !strings.Contains(text, "Straßenablauf") {
		t.Errorf("rows missing:\n%s", text)
	}
}

// A view becomes rows in the order of its fields (German values, {id, value} by its text,
// nested objects as "A › B", lists of values as one row, lists of objects as tables, wide ones
// as blocks), empty values and unset boxes left out, ids shown by the texts given.
func TestAus_FelderTabellenUndBloecke(t *testing.T) {
	type teil struct {
		Kategorie string  `json:"kategorie"`
		Anzahl    float64 `json:"anzahl"`
	}
	breit := map[string]any{}
	for i := range BreiteListe + 1 {
		breit["f"+strconv.Itoa(i)] = "w" + strconv.Itoa(i)
	}
	view := struct {
		Bezeichnung string            `json:"bezeichnung"`
		Datum       string            `json:"datum"`
		Leer        string            `json:"leer"`
		Aus         bool              `json:"aus"`
		An          bool              `json:"an"`
		Art         map[string]string `json:"art"`
		Adresse     struct {
			Strasse string `json:"strasse"`
		} `json:"adresse"`
		Werte  []string         `json:"werte"`
		Teile  []teil           `json:"anlagenteile"`
		Breite []map[string]any `json:"anforderungen"`
	}{Bezeichnung: "Kläranlage", Datum: "2025-03-01", An: true, Art: map[string]string{"id": "KA", "value": "Kläranlage"},
		Werte: []string{"a", "b"}, Teile: []teil{{"Becken", 2.5}}, Breite: []map[string]any{breit}}
	view.Adresse.Strasse = "Am Klärwerk"
	namen := historie.Feldnamen{"bezeichnung": "Bezeichnung", "datum": "Datum", "an": "An", "art": "Art", "adresse": "Adresse",
		"strasse": "Straße", "werte": "Werte", "anlagenteile": "Anlagenteil", "kategorie": "Kategorie", "anzahl": "Anzahl",
		"anforderungen": "Anforderung"}
	a := Aus(view, namen, map[string]map[string]string{"werte": {"a": "Alpha"}})
	want := []Zeile{{"Bezeichnung", "Kläranlage"}, {"Datum", "01.03.2025"}, {"An", "Ja"}, {"Art", "Kläranlage"},
		{"Adresse › Straße", "Am Klärwerk"}, {"Werte", "Alpha, b"}}
	if !reflect.DeepEqual(a.Felder, want) {
		t.Errorf("Felder = %v, want %v", a.Felder, want)
	}
	if len(a.Tabellen) != 1 || !reflect.DeepEqual(a.Tabellen[0].Kopf, []string{"Kategorie", "Anzahl"}) ||
		!reflect.DeepEqual(a.Tabellen[0].Zeilen, [][]string{{"Becken", "2,5"}}) || a.Tabellen[0].Titel != "Anlagenteil" {
		t.Errorf("Tabellen = %+v", a.Tabellen)
	}
	if len(a.Bloecke) != 1 || a.Bloecke[0].Titel != "Anforderung 1" || len(a.Bloecke[0].Felder) != BreiteListe+1 {
		t.Errorf("Bloecke = %+v", a.Bloecke)
	}
}

// BenchmarkGrosserDruck lays out a print of the size of a large operation (50 plants, 200
// measuring points, 30 Bescheide with 20 Anforderungen each: 280 sections of 20 fields, a table
// of 30 rows per plant) and writes it; -benchmem shows the memory one print takes.
func BenchmarkGrosserDruck(b *testing.B) {
	zeilen := make([]Zeile, 20)
	for i := range zeilen {
		zeilen[i] = Zeile{"Feld " + strconv.Itoa(i), "Wert mit Umlauten äöüß " + strconv.Itoa(i)}
	}
	tab := Tabelle{Titel: "Anlagenteile", Kopf: []string{"Kategorie", "Anzahl", "Bezeichner", "Größe"}}
	for i := range 30 {
		tab.Zeilen = append(tab.Zeilen, []string{"Becken", strconv.Itoa(i), "Belebung", "1200"})
	}
	for b.Loop() {
		d := Neu(Kopfdaten{Dokument: "Betriebsakte", Betrieb: "Großbetrieb", Gedruckt: time.Now(), StandZum: time.Now()})
		d.Deckblatt(nil, nil)
		for i := range 280 {
			d.Ueberschrift("Objekt", strconv.Itoa(i))
			d.Felder(zeilen)
			if i < 50 {
				d.Tabelle(tab)
			}
			if i >= 250 {
				for j := range 20 {
					d.Zwischentitel("Anforderung " + strconv.Itoa(j+1))
					d.Felder(zeilen[:12])
				}
			}
		}
		var buf bytes.Buffer
		if err := d.Ausgeben(&buf); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(buf.Len())/1e6, "MB/pdf")
	}
}

// The file is built as PDF/A-2b asks where fpdf falls short: a PDF 1.7 header with a binary
// comment, the XMP stream and an sRGB output intent linked from the catalog, a trailer /ID; and
// its cross-reference table still points at every object (poppler would silently rebuild a
// broken one, so the offsets are checked here), and poppler reads it without complaint.
func TestAusgeben_ArchivtauglicherAufbau(t *testing.T) {
	d := Neu(Kopfdaten{Dokument: "Betriebsakte", Betrieb: "Kläranlage Musterhausen", Gedruckt: time.Now()})
	d.Ueberschrift("Anlage", "Kläranlage")
	d.Felder([]Zeile{{"Straße", "Am Klärwerk 1"}})
	var buf bytes.Buffer
	if err := d.Ausgeben(&buf); err != nil {
		t.Fatal(err)
	}
	pdf := buf.Bytes()
	if !bytes.HasPrefix(pdf, []byte("%PDF-1.7\n%")) || len(pdf) < 15 || pdf[10] < 128 || pdf[11] < 128 || pdf[12] < 128 || pdf[13] < 128 ||
		pdf[14] != '\n' {
		t.Fatalf("header %q", pdf[:min(len(pdf), 16)])
	}
	var xref, n int
	start := bytes.LastIndex(pdf, []byte("\nstartxref\n"))
	if _, err := fmt.Sscanf(string(pdf[start:]), "\nstartxref\n%d", &xref); err != nil {
		t.Fatal(err)
	}
	if _, err := fmt.Sscanf(string(pdf[xref:]), "xref\n0 %d\n", &n); err != nil {
		t.Fatalf("no xref at startxref %d: %v", xref, err)
	}
	eintraege := pdf[xref+len(fmt.Sprintf("xref\n0 %d\n", n)):]
	for j := 1; j < n; j++ {
		var off int
		if _, err := fmt.Sscanf(string(eintraege[j*20:(j+1)*20]), "%010d 00000 n ", &off); err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(pdf[off:], []byte(strconv.Itoa(j)+" 0 obj\n")) {
			t.Errorf("xref entry %d points at %q", j, pdf[off:min(len(pdf), off+20)])
		}
	}
	trailer := string(pdf[bytes.LastIndex(pdf, []byte("trailer\n")):])
	if !strings.Contains(trailer, fmt.Sprintf("/Size %d\n", n)) || !strings.Contains(trailer, "/ID [<") || !strings.HasSuffix(trailer, "%%EOF\n") {
		t.Errorf("trailer %q", trailer)
	}
	katalog := string(pdf[bytes.LastIndex(pdf, []byte("/Type /Catalog"))-400 : bytes.LastIndex(pdf, []byte("/Type /Catalog"))])
	var profil int
	if i := strings.Index(katalog, "/DestOutputProfile "); i < 0 || !strings.Contains(katalog, "/Metadata ") ||
		!strings.Contains(katalog, "/S /GTS_PDFA1") {
		t.Fatalf("catalog without metadata and output intent: %q", katalog)
	} else if _, err := fmt.Sscanf(katalog[i:], "/DestOutputProfile %d 0 R", &profil); err != nil {
		t.Fatal(err)
	}
	obj := pdf[bytes.Index(pdf, []byte(strconv.Itoa(profil)+" 0 obj\n")):]
	strom := obj[bytes.Index(obj, []byte("stream\n"))+len("stream\n"):]
	r, err := zlib.NewReader(bytes.NewReader(strom[:bytes.Index(strom, []byte("\nendstream"))]))
	if err != nil {
		t.Fatal(err)
	}
	icc, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(icc, srgbProfil) || string(icc[36:40]) != "acsp" || string(icc[16:19]) != "RGB" {
		t.Errorf("output profile: %d bytes, %v", len(icc), err)
	}
	// poppler: the text, and pdfinfo without a syntax error
	if !strings.Contains(pdftotext(t, pdf), "Am Klärwerk 1") {
		t.Error("text lost")
	}
	datei := filepath.Join(t.TempDir(), "a.pdf")
	if err := os.WriteFile(datei, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	info, err := exec.Command("pdfinfo", datei).CombinedOutput()
	if err != nil || strings.Contains(string(info), "Error") || !strings.Contains(strings.Join(strings.Fields(string(info)), " "), "PDF version: 1.7") {
		t.Errorf("pdfinfo: %v\n%s", err, info)
	}
}
