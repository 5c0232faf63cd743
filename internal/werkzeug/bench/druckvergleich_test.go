package bench

import (
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/plattform/druck"
)

// The HTML of the print's side-by-side sample sets what fpdf sets: the header and footer texts
// of every page, escaped values, a table header Chromium repeats, exceedances marked.
func TestHTMLSatz_SetztDenDruckWieFpdf(t *testing.T) {
	s := neuerHTMLSatz(druck.Kopfdaten{Dokument: "Betriebsakte", Betrieb: `Kläranlage "Süd" </style><script>`,
		StandZum: time.Date(2024, 3, 1, 0, 0, 0, 0, druck.Berlin), Gedruckt: time.Date(2026, 11, 27, 9, 30, 0, 0, druck.Berlin)})
	s.Deckblatt([]druck.Zeile{{Bezeichnung: "Betreiber", Wert: "Gemeinde Maßbach"}}, []string{"Anlage A-1"})
	s.Ueberschrift("Anlage", "A-1 <script>alert(1)</script>")
	druck.Schreibe(s, druck.Abschnitt{Tabellen: []druck.Tabelle{{Titel: "Messwerte", Kopf: []string{"Datum", "Wert"},
		Zeilen: [][]string{{"01.02.2024", "12,5"}, {"01.03.2024", "99,1"}}, Markiert: map[int]bool{1: true}}}})
	var b strings.Builder
	if err := s.Ausgeben(&b); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, soll := range []string{
		`@top-left{content:"Betriebsakte – Kläranlage \"Süd\" \3c /style>\3c script>"`, `@top-right{content:"Stand zum 01.03.2024"`,
		`content:"Seite " counter(page) " von " counter(pages)`, "<dt>Gedruckt am</dt><dd>27.11.2026 09:30</dd>",
		"<dd>Gemeinde Maßbach</dd>", "A-1 &lt;script&gt;alert(1)&lt;/script&gt;", "<thead><tr><th>Datum</th><th>Wert</th></tr></thead>",
		`<tr class="markiert"><td>01.03.2024</td>`, "</body></html>",
	} {
		if !strings.Contains(html, soll) {
			t.Errorf("the HTML lacks %q", soll)
		}
	}
	if strings.Contains(html, "<script>") {
		t.Error("a value's markup reached the HTML unescaped")
	}
}
