package bench

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"image"
	"image/draw"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	bescheiddienst "github.com/eabwasser/eabwasser/internal/anwendung/bescheid"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	"github.com/eabwasser/eabwasser/internal/anwendung/druckausgabe"
	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	messstelledienst "github.com/eabwasser/eabwasser/internal/anwendung/messstelle"
	"github.com/eabwasser/eabwasser/internal/plattform/druck"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// The print's side-by-side sample (issue 33: "choose by output quality, with a sample of the
// large operation's print side by side"): the same selection of the same operation, set once by
// internal/plattform/druck (go-pdf/fpdf) and once as HTML with print CSS that Debian's Chromium prints to
// PDF (`--print-to-pdf`), in the same Go fonts, with the same page header and footer. The bench
// reports both (time, size, pages) and writes pages of the two side by side as PNG
// (pdftoppm) for the eye; docs/decisions.md "Print (issue 33)" records what they showed.

// htmlSatz sets a print as one HTML page for Chromium's print to PDF (druck.Satz).
type htmlSatz struct {
	kopf druck.Kopfdaten
	b    strings.Builder
}

func neuerHTMLSatz(k druck.Kopfdaten) druck.Satz {
	s := &htmlSatz{kopf: k}
	stand := ""
	if !k.StandZum.IsZero() {
		stand = "Stand zum " + druck.Datum(k.StandZum)
	}
	schrift := func(ttf []byte, gewicht int) string {
		return fmt.Sprintf("@font-face{font-family:Go;font-weight:%d;src:url(data:font/ttf;base64,%s) format('truetype')}", gewicht,
			base64.StdEncoding.EncodeToString(ttf))
	}
	// a CSS string inside <style>: no quote, backslash or "<" (no </style>) of a name gets through
	css := func(s string) string {
		return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "<", `\3c `, "\n", " ").Replace(s)
	}
	fmt.Fprintf(&s.b, `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>%s</title><style>%s%s
@page{size:A4;margin:23mm 15mm 23mm 15mm;
 @top-left{content:"%s";font:8pt Go;color:#505050;border-bottom:.3mm solid #000;vertical-align:bottom;padding-bottom:1mm}
 @top-right{content:"%s";font:8pt Go;color:#505050;border-bottom:.3mm solid #000;vertical-align:bottom;padding-bottom:1mm}
 @bottom-left{content:"%s";font:8pt Go;color:#505050;border-top:.3mm solid #000;vertical-align:top;padding-top:1mm}
 @bottom-right{content:"Seite " counter(page) " von " counter(pages);font:8pt Go;color:#505050;border-top:.3mm solid #000;vertical-align:top;padding-top:1mm}}
body{font:9pt/1.35 Go;margin:0}
section{break-before:page}
h1{font-size:20pt;margin:22mm 0 2mm}
h2{font-size:14pt;margin:0 0 4mm}
.art{font-size:9pt;color:#505050;margin:0}
h3{font-size:11pt;margin:3mm 0 1mm;break-after:avoid}
dl{display:grid;grid-template-columns:60mm 1fr;margin:0}
dt{font-weight:700}
dd{margin:0;overflow-wrap:anywhere;white-space:pre-wrap}
dt,dd{break-inside:avoid}
table{border-collapse:collapse;width:100%%;font-size:8pt;margin-bottom:2mm}
th,td{border:.2mm solid #000;padding:.5mm 1mm;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#e1e1e1}
tr{break-inside:avoid}
tr.markiert td{background:#ffd7c8;font-weight:700}
</style></head><body>`, html.EscapeString(k.Dokument+" "+k.Betrieb), schrift(goregular.TTF, 400), schrift(gobold.TTF, 700),
		css(k.Dokument+" – "+k.Betrieb), css(stand), css(k.Betrieb))
	return s
}

func (s *htmlSatz) text(t string) string { return html.EscapeString(t) }

func (s *htmlSatz) Deckblatt(zeilen []druck.Zeile, inhalt []string) {
	fmt.Fprintf(&s.b, "<h1>%s</h1><h2>%s</h2>", s.text(s.kopf.Dokument), s.text(s.kopf.Betrieb))
	alle := append(append([]druck.Zeile{}, zeilen...), druck.Zeile{Bezeichnung: "Gedruckt am", Wert: druck.Zeitpunkt(s.kopf.Gedruckt)})
	if !s.kopf.StandZum.IsZero() {
		alle = append(alle, druck.Zeile{Bezeichnung: "Stand", Wert: "Stand zum " + druck.Datum(s.kopf.StandZum)})
	}
	s.b.WriteString(`<div style="font-size:11pt">`)
	s.Felder(alle)
	s.b.WriteString("</div>")
	if len(inhalt) > 0 {
		s.b.WriteString("<h3>Inhalt</h3><ul>")
		for _, i := range inhalt {
			fmt.Fprintf(&s.b, "<li>%s</li>", s.text(i))
		}
		s.b.WriteString("</ul>")
	}
}

func (s *htmlSatz) Ueberschrift(art, titel string) {
	fmt.Fprintf(&s.b, `<section><p class="art">%s</p><h2>%s</h2></section>`, s.text(art), s.text(titel))
}

func (s *htmlSatz) Zwischentitel(text string) { fmt.Fprintf(&s.b, "<h3>%s</h3>", s.text(text)) }
func (s *htmlSatz) Hinweis(text string)       { fmt.Fprintf(&s.b, "<p>%s</p>", s.text(text)) }

func (s *htmlSatz) Felder(zeilen []druck.Zeile) {
	s.b.WriteString("<dl>")
	for _, z := range zeilen {
		fmt.Fprintf(&s.b, "<dt>%s</dt><dd>%s</dd>", s.text(z.Bezeichnung), s.text(z.Wert))
	}
	s.b.WriteString("</dl>")
}

func (s *htmlSatz) Tabelle(t druck.Tabelle) {
	if t.Titel != "" {
		s.Zwischentitel(t.Titel)
	}
	if len(t.Kopf) == 0 {
		return
	}
	s.b.WriteString("<table><thead><tr>")
	for _, k := range t.Kopf {
		fmt.Fprintf(&s.b, "<th>%s</th>", s.text(k))
	}
	s.b.WriteString("</tr></thead><tbody>")
	for i, z := range t.Zeilen {
		if t.Markiert[i] {
			s.b.WriteString(`<tr class="markiert">`)
		} else {
			s.b.WriteString("<tr>")
		}
		for _, c := range z {
			fmt.Fprintf(&s.b, "<td>%s</td>", s.text(c))
		}
		s.b.WriteString("</tr>")
	}
	s.b.WriteString("</tbody></table>")
}

func (s *htmlSatz) Ausgeben(w io.Writer) error {
	s.b.WriteString("</body></html>")
	_, err := io.WriteString(w, s.b.String())
	return err
}

// chromiumDruck prints the HTML file to pdf with Debian's Chromium, headless.
func chromiumDruck(ctx context.Context, chromium, htmlDatei, pdf string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
		"--user-data-dir="+filepath.Join(filepath.Dir(pdf), "profil"), "--print-to-pdf="+pdf, "file://"+htmlDatei)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("chromium --print-to-pdf: %w: %.500s", err, out)
	}
	return nil
}

// pdfSeiten is the number of pages pdfinfo reads (0 if it cannot).
func pdfSeiten(ctx context.Context, datei string) int {
	out, err := exec.CommandContext(ctx, "pdfinfo", datei).Output()
	if err != nil {
		return 0
	}
	for _, z := range strings.Split(string(out), "\n") {
		var n int
		if _, err := fmt.Sscanf(z, "Pages: %d", &n); err == nil {
			return n
		}
	}
	return 0
}

// seiteMit is the first page after the cover of pdf that has a line starting with text (pdftotext;
// text "": the cover).
func seiteMit(ctx context.Context, pdf, text string) int {
	if text == "" {
		return 1
	}
	out, err := exec.CommandContext(ctx, "pdftotext", pdf, "-").Output()
	if err != nil {
		return 1
	}
	for i, seite := range strings.Split(string(out), "\f") {
		if i > 0 && strings.Contains("\n"+seite, "\n"+text) {
			return i + 1
		}
	}
	return 1
}

// nebeneinander renders page seiten[0] of links and seiten[1] of rechts at 70 dpi (pdftoppm) and
// writes them side by side, links on the left, as ziel.
func nebeneinander(ctx context.Context, links, rechts string, seiten [2]int, ziel string) error {
	var bilder [2]image.Image
	for i, pdf := range []string{links, rechts} {
		seite := fmt.Sprint(seiten[i])
		out, err := exec.CommandContext(ctx, "pdftoppm", "-png", "-r", "70", "-f", seite, "-l", seite, "-singlefile", pdf).Output()
		if err != nil {
			return fmt.Errorf("pdftoppm %s: %w", pdf, err)
		}
		if bilder[i], err = png.Decode(bytes.NewReader(out)); err != nil {
			return err
		}
	}
	a, b := bilder[0].Bounds(), bilder[1].Bounds()
	bild := image.NewRGBA(image.Rect(0, 0, a.Dx()+8+b.Dx(), max(a.Dy(), b.Dy())))
	draw.Draw(bild, bild.Bounds(), image.Black, image.Point{}, draw.Src)
	draw.Draw(bild, a.Sub(a.Min), bilder[0], a.Min, draw.Src)
	draw.Draw(bild, b.Sub(b.Min).Add(image.Pt(a.Dx()+8, 0)), bilder[1], b.Min, draw.Src)
	f, err := os.Create(ziel)
	if err != nil {
		return err
	}
	if err := png.Encode(f, bild); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// druckVergleich prints the same selection as the measured print once more, set as HTML and
// printed by Chromium, and reports it beside fpdf's (no target: it is the sample the choice rests
// on). Without Chromium or poppler-utils on the machine it says so and measures nothing.
func (l *lauf) druckVergleich(ctx context.Context, admin nutzer, betriebID int64, body []byte, fpdfDatei []byte, fpdfDauer time.Duration) error {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		l.printf("  print sample: chromium is not installed — no side-by-side sample")
		return nil
	}
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		l.printf("  print sample: pdftoppm (poppler-utils) is not installed — no side-by-side sample")
		return nil
	}
	var auswahl druckausgabe.Auswahl
	if err := json.Unmarshal(body, &auswahl); err != nil {
		return err
	}
	var rollen []string
	if err := l.pool.QueryRow(ctx, `SELECT funktionale_rollen FROM anwender WHERE id = $1`, admin.id).Scan(&rollen); err != nil {
		return err
	}
	dienst := &druckausgabe.Dienst{Betriebsakte: &betriebdienst.Dienst{Store: l.store}, Anlage: &anlagedienst.Dienst{Store: l.store},
		Messstelle: &messstelledienst.Dienst{Store: l.store}, Bescheid: &bescheiddienst.Dienst{Store: l.store},
		Jahresbericht: &berichtdienst.Dienst{Store: l.store}, Satz: neuerHTMLSatz}
	ordner := filepath.Join(os.TempDir(), "eabwasser-druckvergleich")
	if err := os.RemoveAll(ordner); err != nil {
		return err
	}
	if err := os.MkdirAll(ordner, 0o755); err != nil {
		return err
	}
	fpdfPDF, htmlDatei, chromiumPDF := filepath.Join(ordner, "fpdf.pdf"), filepath.Join(ordner, "betriebdienst.html"), filepath.Join(ordner, "chromium.pdf")
	if err := os.WriteFile(fpdfPDF, fpdfDatei, 0o644); err != nil {
		return err
	}
	start := time.Now()
	var seite bytes.Buffer
	n := zugriff.Nutzer{AnwenderID: admin.id, Rollen: rollen}
	if err := dienst.DruckeBetriebsakte(ctx, n, betriebID, auswahl, func(string) {}, &seite); err != nil {
		return fmt.Errorf("print sample (HTML): %w", err)
	}
	gesetzt := time.Since(start)
	if err := os.WriteFile(htmlDatei, seite.Bytes(), 0o644); err != nil {
		return err
	}
	start = time.Now()
	if err := chromiumDruck(ctx, chromium, htmlDatei, chromiumPDF); err != nil {
		return err
	}
	gedruckt := time.Since(start)
	info, err := os.Stat(chromiumPDF)
	if err != nil {
		return err
	}
	seitenF, seitenC := pdfSeiten(ctx, fpdfPDF), pdfSeiten(ctx, chromiumPDF)
	// the cover, the first plant's page and the first Bescheid's page of each
	for i, text := range []string{"", "Entlastungsanlage\n", "Bescheid\n"} {
		seiten := [2]int{seiteMit(ctx, fpdfPDF, text), seiteMit(ctx, chromiumPDF, text)}
		if err := nebeneinander(ctx, fpdfPDF, chromiumPDF, seiten, filepath.Join(ordner, fmt.Sprintf("seite-%d-fpdf-links-chromium-rechts.png", i+1))); err != nil {
			return err
		}
	}
	l.messung(Messung{ID: "druck.vergleich.chromium", Bereich: "Print",
		Name: "the same print set as HTML, printed by Chromium (--print-to-pdf), beside fpdf's",
		Text: fmt.Sprintf("%.2f s (HTML %.2f s + Chromium %.2f s), %s PDF of %d pages, no PDF/A (fpdf: %.2f s, %s, %d pages); samples in %s",
			(gesetzt + gedruckt).Seconds(), gesetzt.Seconds(), gedruckt.Seconds(), mb(info.Size()), seitenC, fpdfDauer.Seconds(),
			mb(int64(len(fpdfDatei))), seitenF, ordner),
		Werte: map[string]float64{"seconds": (gesetzt + gedruckt).Seconds(), "html_seconds": gesetzt.Seconds(), "chromium_seconds": gedruckt.Seconds(),
			"file_bytes": float64(info.Size()), "pages": float64(seitenC), "html_bytes": float64(seite.Len())}})
	return nil
}
