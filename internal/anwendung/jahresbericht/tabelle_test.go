package jahresbericht

import "testing"

// TestZahlzelle_NumericCellsAreNumbersInTheCanonicalForm (issue 43): a numeric cell is the number
// it holds, written with a decimal comma and without thousands dots — the form the one reader
// takes back unchanged; a text cell is not touched here (Messzahl reads it).
func TestZahlzelle_NumericCellsAreNumbersInTheCanonicalForm(t *testing.T) {
	for _, c := range []struct{ roh, spalte, want string }{
		{"1000", "Wert", "1000"}, {"1234.5", "Wert", "1234,5"}, {"0.4", "Konzentration", "0,4"}, {"1E3", "Wert", "1000"},
		{"45672", "Datum", "15.01.2025"}, {"0.5", "Uhrzeit", "12:00"}, {"keine Zahl", "Wert", "keine Zahl"},
	} {
		if got := zahlzelle(c.roh, c.spalte); got != c.want {
			t.Errorf("zahlzelle(%q, %q) = %q, want %q", c.roh, c.spalte, got, c.want)
		}
	}
}
