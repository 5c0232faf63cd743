// Package druck lays out the prints of eAbwasser as PDF (issue 33): a cover, headed sections
// of label/value rows and tables whose header row is repeated after a page break, the
// operation's name and "Seite n von m" on every page, and "Stand zum …" on every page of a
// print as of a date. The Go fonts are embedded (umlauts and ß are text), the document carries
// XMP metadata that names PDF/A-2b (docs/decisions.md "Print (issue 33)" says what is and is not
// achieved). What a section holds is the caller's (internal/anwendung/druck); this package
// only draws.
package druck

import (
	"bytes"
	"compress/zlib"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Zeile is one field of a section: its German label and its value as the forms show it.
type Zeile struct {
	Bezeichnung, Wert string
}

// Tabelle is a list of a section: a title, the header row and the rows; Markiert rows (by
// index) are drawn highlighted and bold (an exceedance).
type Tabelle struct {
	Titel    string
	Kopf     []string
	Zeilen   [][]string
	Markiert map[int]bool
}

// Kopfdaten are what every page and the cover show.
type Kopfdaten struct {
	// Dokument names the print ("Betriebsakte", "Jahresbericht"), Betrieb the operation (on
	// every page).
	Dokument, Betrieb string
	// StandZum is the day of a print as of a date (zero: today's state).
	StandZum time.Time
	// Gedruckt is when the print was made.
	Gedruckt time.Time
}

// Layout of an A4 page in mm.
const (
	rand          = 15.0
	zeilenhoehe   = 5.0
	schrift       = 9.0
	labelbreite   = 60.0
	maxZellentext = 3000 // characters of one cell; a longer text is cut (the event store keeps it)
)

// Dokument is a print in the making.
type Dokument struct {
	pdf  *fpdf.Fpdf
	kopf Kopfdaten
}

// Schriftart is the family of the embedded Go fonts.
const schriftart = "Go"

// Neu starts a print with the header and footer of every page.
func Neu(k Kopfdaten) *Dokument {
	p := fpdf.New("P", "mm", "A4", "")
	p.SetMargins(rand, rand+8, rand)
	p.SetAutoPageBreak(true, rand+8)
	p.AddUTF8FontFromBytes(schriftart, "", goregular.TTF)
	p.AddUTF8FontFromBytes(schriftart, "B", gobold.TTF)
	p.SetLang("de-DE")
	titel := k.Dokument + " " + k.Betrieb
	p.SetTitle(titel, true)
	p.SetCreator("eAbwasser", true)
	p.SetProducer("eAbwasser (go-pdf/fpdf)", true)
	// fpdf writes the Info dictionary's dates without a zone: in UTC, as the XMP's ("Z")
	p.SetCreationDate(k.Gedruckt.UTC())
	p.SetModificationDate(k.Gedruckt.UTC())
	p.SetXmpMetadata(xmp(titel, k.Gedruckt))
	p.AliasNbPages("{nb}")
	d := &Dokument{pdf: p, kopf: k}
	p.SetHeaderFunc(d.seitenkopf)
	p.SetFooterFunc(d.seitenfuss)
	return d
}

// Datum is a day as dd.MM.yyyy, Zeitpunkt a time as dd.MM.yyyy HH:mm (Europe/Berlin).
func Datum(t time.Time) string     { return t.In(Berlin).Format("02.01.2006") }
func Zeitpunkt(t time.Time) string { return t.In(Berlin).Format("02.01.2006 15:04") }

// Berlin is the time zone of the authority: a day of "Stand zum" ends at midnight there.
var Berlin = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		return time.UTC
	}
	return loc
}()

func (d *Dokument) standText() string {
	if d.kopf.StandZum.IsZero() {
		return ""
	}
	return "Stand zum " + Datum(d.kopf.StandZum)
}

func (d *Dokument) seitenkopf() {
	p := d.pdf
	p.SetFont(schriftart, "", 8)
	p.SetTextColor(80, 80, 80)
	breite := seitenbreite(p)
	p.SetXY(rand, 10)
	p.CellFormat(breite*0.65, 5, kuerze(p, d.kopf.Dokument+" – "+d.kopf.Betrieb, breite*0.65), "", 0, "L", false, 0, "")
	p.CellFormat(breite*0.35, 5, d.standText(), "", 1, "R", false, 0, "")
	p.Line(rand, 15.5, rand+breite, 15.5)
	p.SetTextColor(0, 0, 0)
	p.SetY(rand + 8)
}

func (d *Dokument) seitenfuss() {
	p := d.pdf
	_, hoehe := p.GetPageSize()
	breite := seitenbreite(p)
	p.SetFont(schriftart, "", 8)
	p.SetTextColor(80, 80, 80)
	p.Line(rand, hoehe-16, rand+breite, hoehe-16)
	p.SetXY(rand, hoehe-15)
	p.CellFormat(breite*0.7, 5, kuerze(p, d.kopf.Betrieb, breite*0.7), "", 0, "L", false, 0, "")
	p.CellFormat(breite*0.3, 5, fmt.Sprintf("Seite %d von {nb}", p.PageNo()), "", 0, "R", false, 0, "")
	p.SetTextColor(0, 0, 0)
}

func seitenbreite(p *fpdf.Fpdf) float64 {
	w, _ := p.GetPageSize()
	return w - 2*rand
}

// kuerze cuts text to one line of width w.
func kuerze(p *fpdf.Fpdf, text string, w float64) string {
	if p.GetStringWidth(text) <= w-2 {
		return text
	}
	r := []rune(text)
	for len(r) > 1 && p.GetStringWidth(string(r)+"…") > w-2 {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// Deckblatt is the first page: the print's title, the operation and the rows given (operator,
// authority, …), when it was printed and, as of a date, the day; then inhalt as a list.
func (d *Dokument) Deckblatt(zeilen []Zeile, inhalt []string) {
	p := d.pdf
	p.AddPage()
	p.SetY(45)
	p.SetFont(schriftart, "B", 20)
	p.MultiCell(0, 10, d.kopf.Dokument, "", "L", false)
	p.SetFont(schriftart, "B", 14)
	p.MultiCell(0, 8, d.kopf.Betrieb, "", "L", false)
	p.Ln(6)
	alle := append([]Zeile{}, zeilen...)
	alle = append(alle, Zeile{"Gedruckt am", Zeitpunkt(d.kopf.Gedruckt)})
	if s := d.standText(); s != "" {
		alle = append(alle, Zeile{"Stand", s})
	}
	p.SetFont(schriftart, "", 11)
	d.felder(alle, 6)
	if !d.kopf.StandZum.IsZero() {
		p.Ln(4)
		p.SetFont(schriftart, "", 9)
		p.MultiCell(0, 5, "Dieser Ausdruck zeigt jedes Objekt, wie es am Ende des "+Datum(d.kopf.StandZum)+
			" gespeichert war (aus dem Ereignisspeicher wiederhergestellt).", "", "L", false)
	}
	if len(inhalt) > 0 {
		p.Ln(6)
		p.SetFont(schriftart, "B", 11)
		p.MultiCell(0, 6, "Inhalt", "", "L", false)
		p.SetFont(schriftart, "", 9)
		for _, i := range inhalt {
			p.MultiCell(0, 5, "• "+zellentext(i), "", "L", false)
		}
	}
}

// Ueberschrift starts a section (an object) on a new page.
func (d *Dokument) Ueberschrift(art, titel string) {
	p := d.pdf
	p.AddPage()
	p.SetFont(schriftart, "", 9)
	p.SetTextColor(80, 80, 80)
	p.MultiCell(0, 5, art, "", "L", false)
	p.SetTextColor(0, 0, 0)
	p.SetFont(schriftart, "B", 14)
	p.MultiCell(0, 7, zellentext(titel), "", "L", false)
	p.Ln(3)
}

// Zwischentitel is a heading inside a section.
func (d *Dokument) Zwischentitel(text string) {
	p := d.pdf
	_, hoehe := p.GetPageSize()
	if p.GetY()+4*zeilenhoehe > hoehe-rand-8 {
		p.AddPage()
	}
	p.Ln(2)
	p.SetFont(schriftart, "B", 11)
	p.MultiCell(0, 6, zellentext(text), "", "L", false)
	p.Ln(1)
}

// Hinweis is a line of text (a note such as "did not exist yet").
func (d *Dokument) Hinweis(text string) {
	p := d.pdf
	p.SetFont(schriftart, "", schrift)
	p.MultiCell(0, zeilenhoehe, zellentext(text), "", "L", false)
}

// Felder draws label/value rows.
func (d *Dokument) Felder(zeilen []Zeile) {
	d.pdf.SetFont(schriftart, "", schrift)
	d.felder(zeilen, zeilenhoehe)
}

func (d *Dokument) felder(zeilen []Zeile, lh float64) {
	p := d.pdf
	breite := seitenbreite(p)
	_, hoehe := p.GetPageSize()
	groesse, _ := p.GetFontSize()
	for _, z := range zeilen {
		wert := zellentext(z.Wert)
		p.SetFont(schriftart, "", groesse)
		links := p.SplitText(zellentext(z.Bezeichnung), labelbreite)
		rechts := p.SplitText(wert, breite-labelbreite)
		n := max(len(links), len(rechts), 1)
		if p.GetY()+float64(n)*lh > hoehe-rand-8 && float64(n)*lh < hoehe-2*rand-16 {
			p.AddPage()
		}
		y := p.GetY()
		p.SetFont(schriftart, "B", groesse)
		p.MultiCell(labelbreite, lh, strings.Join(links, "\n"), "", "L", false)
		yLinks := p.GetY()
		p.SetFont(schriftart, "", groesse)
		p.SetXY(rand+labelbreite, y)
		p.MultiCell(breite-labelbreite, lh, strings.Join(rechts, "\n"), "", "L", false)
		p.SetY(max(yLinks, p.GetY()))
	}
}

// Tabelle draws t with its header row, repeated at the top of every page the table continues
// on; column widths follow the texts' widths.
func (d *Dokument) Tabelle(t Tabelle) {
	p := d.pdf
	if t.Titel != "" {
		d.Zwischentitel(t.Titel)
	}
	if len(t.Kopf) == 0 {
		return
	}
	p.SetFont(schriftart, "", 8)
	breiten := spaltenbreiten(p, t, seitenbreite(p))
	lh := 4.2
	_, hoehe := p.GetPageSize()
	unten := hoehe - rand - 8
	zeichne := func(zellen []string, fett, grau, markiert bool) {
		stil := ""
		if fett {
			stil = "B"
		}
		p.SetFont(schriftart, stil, 8)
		zeilen := make([][]string, len(breiten))
		n := 1
		for i := range breiten {
			text := ""
			if i < len(zellen) {
				text = zellentext(zellen[i])
			}
			zeilen[i] = p.SplitText(text, breiten[i])
			n = max(n, len(zeilen[i]))
		}
		h := float64(n)*lh + 1
		if p.GetY()+h > unten && !grau {
			p.AddPage()
			zeichneKopf(p, t.Kopf, breiten, lh)
			p.SetFont(schriftart, stil, 8)
		}
		x, y := rand, p.GetY()
		switch {
		case grau:
			p.SetFillColor(225, 225, 225)
		case markiert:
			p.SetFillColor(255, 215, 200)
		}
		for i, w := range breiten {
			p.Rect(x, y, w, h, map[bool]string{true: "FD", false: "D"}[grau || markiert])
			p.SetXY(x, y+0.5)
			p.MultiCell(w, lh, strings.Join(zeilen[i], "\n"), "", "L", false)
			x += w
		}
		p.SetXY(rand, y+h)
	}
	if p.GetY()+3*lh > unten {
		p.AddPage()
	}
	zeichneKopf(p, t.Kopf, breiten, lh)
	for i, z := range t.Zeilen {
		zeichne(z, t.Markiert[i], false, t.Markiert[i])
	}
	p.Ln(2)
}

// zeichneKopf draws the header row of a table (bold, grey).
func zeichneKopf(p *fpdf.Fpdf, kopf []string, breiten []float64, lh float64) {
	p.SetFont(schriftart, "B", 8)
	zeilen := make([][]string, len(breiten))
	n := 1
	for i := range breiten {
		zeilen[i] = p.SplitText(kopf[i], breiten[i])
		n = max(n, len(zeilen[i]))
	}
	h := float64(n)*lh + 1
	x, y := rand, p.GetY()
	p.SetFillColor(225, 225, 225)
	for i, w := range breiten {
		p.Rect(x, y, w, h, "FD")
		p.SetXY(x, y+0.5)
		p.MultiCell(w, lh, strings.Join(zeilen[i], "\n"), "", "L", false)
		x += w
	}
	p.SetXY(rand, y+h)
}

// spaltenbreiten share the width among the columns by their widest text (header and the first
// 200 rows), each at least 15 mm.
func spaltenbreiten(p *fpdf.Fpdf, t Tabelle, gesamt float64) []float64 {
	wunsch := make([]float64, len(t.Kopf))
	for i, k := range t.Kopf {
		wunsch[i] = p.GetStringWidth(k) + 4
	}
	for j, z := range t.Zeilen {
		if j == 200 {
			break
		}
		for i := range wunsch {
			if i < len(z) {
				wunsch[i] = max(wunsch[i], min(p.GetStringWidth(z[i])+4, 80))
			}
		}
	}
	summe := 0.0
	for i := range wunsch {
		wunsch[i] = max(wunsch[i], 15)
		summe += wunsch[i]
	}
	for i := range wunsch {
		wunsch[i] = wunsch[i] * gesamt / summe
	}
	return wunsch
}

// zellentext is text as a cell draws it: at most maxZellentext characters, tabs as spaces and
// without control characters the fonts lack.
func zellentext(s string) string {
	if utf8.RuneCountInString(s) > maxZellentext {
		s = string([]rune(s)[:maxZellentext]) + " … (gekürzt)"
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n':
			return r
		case r == '\t':
			return ' '
		case r < 0x20 || r == 0x7f:
			return -1
		}
		return r
	}, s)
}

// Ausgeben writes the PDF to w.
func (d *Dokument) Ausgeben(w io.Writer) error {
	var buf bytes.Buffer
	if err := d.pdf.Output(&buf); err != nil {
		return err
	}
	pdf, err := mitMetadaten(buf.Bytes(), d.kopf)
	if err != nil {
		return err
	}
	_, err = w.Write(pdf)
	return err
}

// srgbProfil is the sRGB profile of the prints' output intent (Debian's icc-profiles-free, zlib
// licence: srgb.icc.LICENSE), embedded so no profile file is needed at run time.
//
//go:embed srgb.icc
var srgbProfil []byte

// srgbObjekt is the profile as a PDF stream's bytes (deflated once).
var srgbObjekt = func() []byte {
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	_, _ = w.Write(srgbProfil)
	_ = w.Close()
	return b.Bytes()
}()

// mitMetadaten makes fpdf's file what PDF/A-2b asks for where fpdf v0.9.0 falls short: the
// header says PDF 1.7 and is followed by a comment of bytes above 127; the catalog links the
// XMP metadata stream (fpdf writes it but references it nowhere) and names an sRGB output intent
// whose profile is a new object; the trailer has a file identifier. fpdf writes the catalog as
// the file's last object, then the cross-reference table and the trailer, so the body before the
// catalog is kept byte for byte (its offsets move by the header's growth) and the rest is
// written anew.
func mitMetadaten(pdf []byte, k Kopfdaten) ([]byte, error) {
	fehler := errors.New("druck: unerwarteter Aufbau der PDF-Datei")
	kopfEnde := bytes.IndexByte(pdf, '\n')
	startxref := bytes.LastIndex(pdf, []byte("\nstartxref\n"))
	if kopfEnde < 0 || !bytes.HasPrefix(pdf, []byte("%PDF-1.")) || startxref < 0 {
		return nil, fehler
	}
	var xref, n int
	if _, err := fmt.Sscanf(string(pdf[startxref:]), "\nstartxref\n%d", &xref); err != nil || xref <= 0 || xref > startxref {
		return nil, fehler
	}
	if _, err := fmt.Sscanf(string(pdf[xref:]), "xref\n0 %d\n", &n); err != nil || n < 4 {
		return nil, fehler
	}
	eintraege := pdf[xref+len(fmt.Sprintf("xref\n0 %d\n", n)):]
	const eintrag = 20 // "0000000009 00000 n \n"
	if len(eintraege) < n*eintrag {
		return nil, fehler
	}
	offsets := make([]int, n)
	for j := 1; j < n; j++ {
		if _, err := fmt.Sscanf(string(eintraege[j*eintrag:(j+1)*eintrag]), "%010d 00000 n ", &offsets[j]); err != nil {
			return nil, fehler
		}
	}
	// fpdf's last three objects: the XMP stream, Info, the catalog (Root)
	katalog, info, metadaten, profil := n-1, n-2, n-3, n
	kText := pdf[offsets[katalog]:xref]
	typ := bytes.Index(kText, []byte("/Type /Catalog\n"))
	if offsets[katalog] < kopfEnde || typ < 0 || !bytes.HasPrefix(kText, []byte(fmt.Sprintf("%d 0 obj\n", katalog))) {
		return nil, fehler
	}
	summe := sha256.Sum256(pdf)
	id := hex.EncodeToString(summe[:16])

	kopf := "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"
	verschiebung := len(kopf) - (kopfEnde + 1)
	out := make([]byte, 0, len(pdf)+len(srgbObjekt)+600)
	out = append(out, kopf...)
	out = append(out, pdf[kopfEnde+1:offsets[katalog]]...)
	for j := 1; j < n; j++ {
		offsets[j] += verschiebung
	}
	offsets[katalog] = len(out)
	out = append(out, kText[:typ]...)
	out = append(out, fmt.Sprintf("/Metadata %d 0 R\n/OutputIntents [<</Type /OutputIntent /S /GTS_PDFA1 "+
		"/OutputConditionIdentifier (sRGB IEC61966-2.1) /Info (sRGB IEC61966-2.1) /DestOutputProfile %d 0 R>>]\n", metadaten, profil)...)
	out = append(out, kText[typ:]...)
	offsets = append(offsets, len(out))
	out = append(out, fmt.Sprintf("%d 0 obj\n<</N 3 /Filter /FlateDecode /Length %d>>\nstream\n", profil, len(srgbObjekt))...)
	out = append(out, srgbObjekt...)
	out = append(out, "\nendstream\nendobj\n"...)
	neuXref := len(out)
	out = append(out, fmt.Sprintf("xref\n0 %d\n0000000000 65535 f \n", n+1)...)
	for j := 1; j <= n; j++ {
		out = append(out, fmt.Sprintf("%010d 00000 n \n", offsets[j])...)
	}
	out = append(out, fmt.Sprintf("trailer\n<<\n/Size %d\n/Root %d 0 R\n/Info %d 0 R\n/ID [<%s> <%s>]\n>>\nstartxref\n%d\n%%%%EOF\n",
		n+1, katalog, info, id, id, neuXref)...)
	return out, nil
}

// xmp is the document's XMP metadata: title, dates, producer and the PDF/A-2b identification.
func xmp(titel string, am time.Time) []byte {
	zeit := am.UTC().Format("2006-01-02T15:04:05Z")
	var b strings.Builder
	b.WriteString(`<?xpacket begin="` + "\ufeff" + `" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdfaid:part>2</pdfaid:part>
<pdfaid:conformance>B</pdfaid:conformance>
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">`)
	b.WriteString(xmlText(titel))
	b.WriteString(`</rdf:li></rdf:Alt></dc:title>
<dc:language><rdf:Bag><rdf:li>de-DE</rdf:li></rdf:Bag></dc:language>
<xmp:CreatorTool>eAbwasser</xmp:CreatorTool>
<xmp:CreateDate>` + zeit + `</xmp:CreateDate>
<xmp:ModifyDate>` + zeit + `</xmp:ModifyDate>
<pdf:Producer>eAbwasser (go-pdf/fpdf)</pdf:Producer>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`)
	return []byte(b.String())
}

func xmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
