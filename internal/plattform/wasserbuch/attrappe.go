package wasserbuch

import (
	"bytes"
	"fmt"
	"html"
	"net/http"
	"strings"
)

// DemoNummern are the water rights the stand-in register knows: the three of its first
// version, the demo's Bescheide of Kläranlage Musterhausen (Bescheid field bescheidId
// S0412345, S0412346) and the demo's relief plant (Wasserbuchnummer S12345).
var DemoNummern = []string{"WR-2350-001", "WR-1110-017", "WR-3210-042", "S0412345", "S0412346", "S12345"}

// demoEintrag is an entry of the stand-in register.
type demoEintrag struct {
	bezeichnung, gewaesser, inhaber, behoerde, erteilt string
	// stand: the steps of the procedure with their status class (status0 open … status3 overdue)
	stand     []demoSchritt
	dokumente []demoDokument
}

type demoSchritt struct{ schritt, status, text string }

type demoDokument struct{ id, titel string }

// demoEintraege: what the stand-in register shows for each of DemoNummern.
var demoEintraege = map[string]demoEintrag{
	"S0412345": {bezeichnung: "Einleitung von gereinigtem Abwasser der Kläranlage Musterhausen in den Musterbach (Erlaubnis 2014)",
		gewaesser: "Musterbach (Gewässer II. Ordnung)", inhaber: "Verbandsgemeinde Musterhausen", behoerde: "SGD Nord, Regionalstelle Wasserwirtschaft Koblenz",
		erteilt: "15.06.2014", stand: []demoSchritt{
			{"Antrag eingegangen", "status2", "erledigt"}, {"Erlaubnis erteilt", "status2", "erledigt"},
			{"Befristung", "status3", "abgelaufen am 31.12.2024"}, {"Nachfolgende Erlaubnis", "status2", "S0412346 erteilt"}},
		dokumente: []demoDokument{{"erlaubnis-2014", "Erlaubnisbescheid vom 15.06.2014"}, {"lageplan", "Lageplan der Einleitungsstelle"}}},
	"S0412346": {bezeichnung: "Einleitung von gereinigtem Abwasser der Kläranlage Musterhausen in den Musterbach",
		gewaesser: "Musterbach (Gewässer II. Ordnung)", inhaber: "Verbandsgemeinde Musterhausen", behoerde: "SGD Nord, Regionalstelle Wasserwirtschaft Koblenz",
		erteilt: "15.01.2025", stand: []demoSchritt{
			{"Antrag eingegangen", "status2", "erledigt"}, {"Prüfung der Unterlagen", "status2", "erledigt"},
			{"Messprogramm vorgelegt", "status1", "in Bearbeitung, Frist 30.06.2025"}, {"Drosselabfluss erfasst", "status3", "Frist überschritten"},
			{"Änderungsbescheid", "status0", "offen"}},
		dokumente: []demoDokument{{"erlaubnis-2025", "Erlaubnisbescheid vom 15.01.2025"}, {"lageplan", "Lageplan der Einleitungsstelle"},
			{"messprogramm", "Messprogramm der Eigenkontrolle (Entwurf)"}}},
	"S12345": {bezeichnung: "Entlastung des Regenüberlaufbeckens Musterhausen-Nord in den Musterbach",
		gewaesser: "Musterbach (Gewässer II. Ordnung)", inhaber: "Verbandsgemeinde Musterhausen", behoerde: "SGD Nord, Regionalstelle Wasserwirtschaft Koblenz",
		erteilt: "02.03.2009", stand: []demoSchritt{{"Erlaubnis erteilt", "status2", "erledigt"}, {"Überprüfung der Entlastungshäufigkeit", "status1", "in Bearbeitung"}},
		dokumente: []demoDokument{{"erlaubnis-2009", "Erlaubnisbescheid vom 02.03.2009"}}},
}

// eintrag is what the stand-in shows for n: its own entry, or a short one for the first three.
func eintrag(n string) (demoEintrag, bool) {
	if e, ok := demoEintraege[n]; ok {
		return e, true
	}
	for _, d := range DemoNummern {
		if d == n {
			return demoEintrag{bezeichnung: "Demo-Eintrag des Wasserbuchs", gewaesser: "Rhein", inhaber: "Demo-Betreiber",
				behoerde: "SGD Süd", erteilt: "01.01.2020", stand: []demoSchritt{{"Erlaubnis erteilt", "status2", "erledigt"}},
				dokumente: []demoDokument{{"erlaubnis", "Erlaubnisbescheid"}}}, true
		}
	}
	return demoEintrag{}, false
}

// EntryID is the stand-in's id of the entry of water right n (the register names documents
// by its own entry id, not by the water-right number).
func EntryID(n string) string { return "WBB-" + n }

// Attrappe is a stand-in for the water book, for tests and the demo (`eabwasser wasserbuch`):
//
//	GET /wasserrechte/{n}                the entry's page (as the register writes it: with its
//	                                     own style and script, which the viewer drops), 404 else
//	GET /dokumente/{entryId}/{dokId}.pdf a small PDF of the entry's document, 404 else
//
// The numbers given (none: DemoNummern) are its entries.
func Attrappe(nummern ...string) http.Handler {
	if len(nummern) == 0 {
		nummern = DemoNummern
	}
	bekannt := map[string]demoEintrag{}
	for _, n := range nummern {
		e, ok := eintrag(n)
		if !ok {
			e, _ = eintrag(DemoNummern[0])
		}
		bekannt[n] = e
	}
	m := http.NewServeMux()
	m.HandleFunc("GET /wasserrechte/{n}", func(w http.ResponseWriter, r *http.Request) {
		n := r.PathValue("n")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "default-src 'none'")
		e, ok := bekannt[n]
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprintf(w, "<!doctype html><title>Wasserbuch</title><p>Das Wasserrecht %s ist nicht eingetragen.</p>", html.EscapeString(n))
			return
		}
		_, _ = w.Write(demoSeite(n, e))
	})
	m.HandleFunc("GET /dokumente/{entryId}/{datei}", func(w http.ResponseWriter, r *http.Request) {
		dokID, pdf := strings.CutSuffix(r.PathValue("datei"), ".pdf")
		for n, e := range bekannt {
			if !pdf || EntryID(n) != r.PathValue("entryId") {
				continue
			}
			for _, d := range e.dokumente {
				if d.id == dokID {
					w.Header().Set("Content-Type", "application/pdf")
					_, _ = w.Write(DemoPDF(d.titel, []string{"Wasserrecht " + n + ": " + e.bezeichnung, "Gewässer: " + e.gewaesser,
						"Inhaber: " + e.inhaber, "Behörde: " + e.behoerde, "Erteilt am " + e.erteilt, "Demo-Dokument des Wasserbuchs (Attrappe)"}))
					return
				}
			}
		}
		http.NotFound(w, r)
	})
	return m
}

// demoSeite is an entry's page as a register writes it: a whole document with its own CSS
// and a script, relative links to the documents, status cells.
func demoSeite(n string, e demoEintrag) []byte {
	h := html.EscapeString
	var b bytes.Buffer
	fmt.Fprintf(&b, `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Wasserbuch – %[1]s</title>
<style>.status0{background:#fff}.status1{background:orange}.status2{background:green}.status3{background:red}</style>
<script>window.wasserbuchGeladen = true;</script></head>
<body onload="window.wasserbuchGeladen = true"><h1>Wasserbuch</h1>
<p>Wasserrecht <strong>%[1]s</strong> (Demo-Eintrag des Wasserbuchs)</p>
<h2>Stammdaten</h2>
<table class="tabelle"><tbody>
<tr><th scope="row">Wasserrecht-Nr.</th><td>%[1]s</td></tr>
<tr><th scope="row">Gegenstand</th><td>%[2]s</td></tr>
<tr><th scope="row">Gewässer</th><td>%[3]s</td></tr>
<tr><th scope="row">Inhaber</th><td>%[4]s</td></tr>
<tr><th scope="row">Zuständige Behörde</th><td>%[5]s</td></tr>
<tr><th scope="row">Erteilt am</th><td>%[6]s</td></tr>
</tbody></table>
<h2>Verfahrensstand</h2>
<table><thead><tr><th scope="col">Schritt</th><th scope="col">Stand</th></tr></thead><tbody>
`, h(n), h(e.bezeichnung), h(e.gewaesser), h(e.inhaber), h(e.behoerde), h(e.erteilt))
	for _, s := range e.stand {
		fmt.Fprintf(&b, "<tr><td>%s</td><td class=\"zelle %s\" style=\"font-weight:bold\">%s</td></tr>\n", h(s.schritt), s.status, h(s.text))
	}
	b.WriteString("</tbody></table>\n<h2>Dokumente</h2>\n<ul>\n")
	for _, d := range e.dokumente {
		fmt.Fprintf(&b, "<li><a href=\"../dokumente/%s/%s.pdf\" onclick=\"window.wasserbuchGeladen = true\">%s</a></li>\n", h(EntryID(n)), h(d.id), h(d.titel))
	}
	b.WriteString("</ul>\n<p>Weitere Auskünfte: <a href=\"https://wasserportal.rlp-umwelt.de/\">Wasserportal Rheinland-Pfalz</a></p>\n</body></html>\n")
	return b.Bytes()
}

// DemoPDF is a small valid PDF (1.4, one A4 page, Helvetica in WinAnsiEncoding, so German
// letters print) with a title and lines of text: the stand-in register's documents.
func DemoPDF(titel string, zeilen []string) []byte {
	var inhalt bytes.Buffer
	inhalt.WriteString("BT /F1 16 Tf 56 780 Td (" + pdfText(titel) + ") Tj /F1 11 Tf")
	for _, z := range zeilen {
		inhalt.WriteString(" 0 -22 Td (" + pdfText(z) + ") Tj")
	}
	inhalt.WriteString(" ET")
	objekte := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", inhalt.Len(), inhalt.String()),
		"<< /Title (" + pdfText(infoText.Replace(titel)) + ") /Producer (eAbwasser Wasserbuch-Attrappe) >>",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	versatz := make([]int, len(objekte))
	for i, o := range objekte {
		versatz[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objekte)+1)
	for _, v := range versatz {
		fmt.Fprintf(&b, "%010d 00000 n \n", v)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objekte)+1, len(objekte), xref)
	return b.Bytes()
}

// infoText: the Info dictionary is in PDFDocEncoding, which agrees with WinAnsi on Latin-1 only.
var infoText = strings.NewReplacer("–", "-", "„", "\"", "“", "\"")

// pdfText is s as a PDF string's content in WinAnsiEncoding: Latin-1 letters as their byte,
// "(", ")" and "\" escaped, anything else "?". "–" (en dash) is 0x96 in WinAnsi.
func pdfText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '(' || r == ')' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '–':
			b.WriteByte(0x96)
		case r == '„':
			b.WriteByte(0x84)
		case r == '“':
			b.WriteByte(0x93)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r >= 0xa0 && r <= 0xff:
			b.WriteByte(byte(r))
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}
