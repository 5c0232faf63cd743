package config

import (
	"fmt"
	"math"
	"strings"
	"unicode"

	"github.com/trustelem/zxcvbn"
)

// A JWT_SECRET must look like the output of a random generator, not only be long (issue 27):
// 32 × "a" or a word repeated has the length and none of the key's strength. The limits are
// set so that the output of „openssl rand -hex 32“ (64 hexadecimal digits) always passes —
// at least 10 of its 16 digits occur with a probability of more than 1 − 10⁻⁹ (1,000,000
// generated secrets never had fewer than 12 distinct digits or less than 3.3 bits per
// character) — while what people type as a placeholder fails.
const (
	// MinJWTZeichen is the fewest distinct bytes a JWT_SECRET must have.
	MinJWTZeichen = 10
	// MinJWTBit is the least Shannon entropy per byte, in bits, of the secret's own byte
	// frequencies.
	MinJWTBit = 3.0
	// MinJWTRatenLog10 is the least number of guesses (as a power of ten) zxcvbn — the password
	// estimator the accounts use — must give the secret: it finds what the counts pass, near
	// repeats ("abcdefghij" three times and "ab12": 10^6), sequences and phrases
	// ("Sommer2026!Sommer2026!Herbst2026": 10^17); random characters get 10 guesses each in its
	// estimate, so the shortest random secret accepted (32 bytes) gets 10^32 and 64 random
	// hexadecimal digits 10^60 and more.
	MinJWTRatenLog10 = 30
)

// pruefeJWTSecret is the error of a secret that is no random key, or nil: of low variety
// (pruefeVielfalt; periodic, as "0123456789abcdef" twice is, which the counts alone would
// pass), a phrase with spaces, or one zxcvbn guesses in fewer than 10^MinJWTRatenLog10 tries.
func pruefeJWTSecret(s string) error {
	if err := pruefeVielfalt(s); err != nil {
		return err
	}
	if strings.ContainsFunc(s, unicode.IsSpace) {
		return fmt.Errorf("JWT_SECRET enthält Leerzeichen, ist also ein Satz und kein Schlüssel: erzeugen Sie es zufällig, " +
			"zum Beispiel mit „openssl rand -hex 32“")
	}
	if raten := math.Log10(zxcvbn.PasswordStrength(s, nil).Guesses); raten < MinJWTRatenLog10 {
		return fmt.Errorf("JWT_SECRET ist zu leicht zu erraten (Wiederholungen, Folgen oder Wörter: etwa 10^%.0f Versuche, "+
			"verlangt sind 10^%d): erzeugen Sie es zufällig, zum Beispiel mit „openssl rand -hex 32“", raten, MinJWTRatenLog10)
	}
	return nil
}

// pruefeVielfalt is the error of a secret of low variety, or nil: fewer than MinJWTZeichen
// distinct bytes, less than MinJWTBit bits per byte, or one piece repeated.
func pruefeVielfalt(s string) error {
	zeichen, bit := vielfalt(s)
	if zeichen >= MinJWTZeichen && bit >= MinJWTBit && !periodisch(s) {
		return nil
	}
	return fmt.Errorf("JWT_SECRET ist zu gleichförmig (%d verschiedene Zeichen, %.1f Bit je Zeichen; verlangt sind "+
		"mindestens %d verschiedene Zeichen, %.0f Bit je Zeichen und keine Wiederholung): erzeugen Sie es zufällig, "+
		"zum Beispiel mit „openssl rand -hex 32“", zeichen, bit, MinJWTZeichen, MinJWTBit)
}

// vielfalt counts the distinct bytes of s and their Shannon entropy in bits per byte.
func vielfalt(s string) (zeichen int, bit float64) {
	var anzahl [256]int
	for i := 0; i < len(s); i++ {
		anzahl[s[i]]++
	}
	for _, n := range anzahl {
		if n > 0 {
			zeichen++
			p := float64(n) / float64(len(s))
			bit -= p * math.Log2(p)
		}
	}
	return zeichen, bit
}

// periodisch tells whether s is a shorter piece repeated (the last repetition may be cut).
func periodisch(s string) bool {
	for p := 1; p <= len(s)/2; p++ {
		if strings.HasPrefix(s, s[p:]) {
			return true
		}
	}
	return false
}
