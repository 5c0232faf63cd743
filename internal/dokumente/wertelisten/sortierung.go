package wertelisten

import (
	"strings"
	"unicode"
)

// Vergleiche orders values as a German reader expects (DIN 5007, variant 1): case and
// umlauts do not count first (ä as a, ß as ss), runs of digits compare by magnitude
// ("NR 2" before "NR 10"). Values equal in that order fall back to their bytes.
func Vergleiche(a, b string) int {
	if c := natuerlich(grundform(a), grundform(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

var umlaute = strings.NewReplacer("ä", "a", "ö", "o", "ü", "u", "ß", "ss", "é", "e", "è", "e", "à", "a")

func grundform(s string) []rune {
	return []rune(umlaute.Replace(strings.ToLower(s)))
}

func natuerlich(a, b []rune) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if unicode.IsDigit(a[i]) && unicode.IsDigit(b[j]) {
			ei, ej := i, j
			for ei < len(a) && unicode.IsDigit(a[ei]) {
				ei++
			}
			for ej < len(b) && unicode.IsDigit(b[ej]) {
				ej++
			}
			x, y := strings.TrimLeft(string(a[i:ei]), "0"), strings.TrimLeft(string(b[j:ej]), "0")
			if len(x) != len(y) {
				return len(x) - len(y)
			}
			if c := strings.Compare(x, y); c != 0 {
				return c
			}
			i, j = ei, ej
			continue
		}
		if a[i] != b[j] {
			return int(a[i]) - int(b[j])
		}
		i++
		j++
	}
	return (len(a) - i) - (len(b) - j)
}
