package konto

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/trustelem/zxcvbn"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Messages of the password policy. MsgPasswortRegel (anwender.go) stays the rule of length,
// letters and digits; these name what else a password must not be.
const (
	MsgPasswortZuLang      = "Das Passwort darf höchstens 72 Byte lang sein (etwa 72 Zeichen; Umlaute und ß zählen doppelt)."
	MsgPasswortSchwach     = "Das Passwort ist zu leicht zu erraten. Bitte wählen Sie ein längeres Passwort ohne gängige Wörter, Namen, Jahreszahlen oder Tastaturmuster."
	MsgPasswortDemo        = "Das Passwort der Demo-Daten ist öffentlich bekannt und kann nicht verwendet werden."
	MsgPasswortPersoenlich = "Das Passwort darf weder Ihren Benutzernamen noch Ihre E-Mail-Adresse enthalten."
)

// PasswortMaxBytes is bcrypt's limit: it ignores every byte after the 72nd.
const PasswortMaxBytes = 72

// MindestStaerke is the least zxcvbn score (0–4) a new password needs: 3 means about 10^8
// guesses or more, "safely unguessable" against online attacks and slowed offline ones.
const MindestStaerke = 3

// demoPasswortKern is the demo password reduced like normalisiert does; the demo seed
// publishes it (README), so no real account may use it or a variant of it.
const demoPasswortKern = "demopasswort"

// deutscheWoerter are words a German user of this portal is likely to build a password from
// and that zxcvbn's English lists do not know; they count as dictionary words (most likely
// first). Written for this project, not taken from a published list.
var deutscheWoerter = []string{
	"passwort", "kennwort", "geheim", "hallo", "willkommen", "start", "demo", "test", "admin", "benutzer",
	"eabwasser", "abwasser", "wasser", "klaerwerk", "klärwerk", "klaeranlage", "kläranlage", "betreiber", "betrieb",
	"behoerde", "behörde", "regionalstelle", "koblenz", "trier", "mainz", "rheinland", "pfalz", "rhein", "mosel",
	"deutschland", "sommer", "winter", "frühling", "fruehling", "herbst", "januar", "februar", "maerz", "märz",
	"april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember", "montag",
	"freitag", "sonntag", "schatz", "liebe", "fussball", "fußball", "bayern", "schalke", "dortmund", "hamburg",
	"berlin", "muenchen", "münchen", "koeln", "köln", "frankfurt", "ich", "mein", "meins", "neu", "neues", "alt",
}

// PruefePasswort checks a new password: at most 72 bytes (bcrypt), at least 10 characters
// besides white space with letters and digits, not the demo password, not containing the
// user name or e-mail address, and a zxcvbn score of at least MindestStaerke. persoenlich
// are the account's user name, e-mail address and names; they also weaken the score of a
// password built from them. The returned error names the field "passwort".
func PruefePasswort(pw string, persoenlich ...string) error {
	if msg := passwortFehler(pw, persoenlich); msg != "" {
		return validierung.Feld("passwort", msg)
	}
	return nil
}

func passwortFehler(pw string, persoenlich []string) string {
	if len(pw) > PasswortMaxBytes {
		return MsgPasswortZuLang
	}
	zeichen, hasLetter, hasDigit := 0, false, false
	for _, r := range pw {
		if unicode.IsSpace(r) {
			continue // padding with blanks does not make a password longer
		}
		zeichen++
		hasLetter = hasLetter || unicode.IsLetter(r)
		hasDigit = hasDigit || (r >= '0' && r <= '9')
	}
	if zeichen < 10 || !hasLetter || !hasDigit || !utf8.ValidString(pw) {
		return MsgPasswortRegel
	}
	kern := normalisiert(pw)
	if strings.Contains(kern, demoPasswortKern) {
		return MsgPasswortDemo
	}
	var eingaben []string
	for _, p := range persoenlich {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		eingaben = append(eingaben, strings.ToLower(p))
		teile := []string{p}
		if lokal, _, ok := strings.Cut(p, "@"); ok {
			teile = append(teile, lokal)
		}
		for _, t := range teile {
			if n := normalisiert(t); len([]rune(n)) >= 4 && strings.Contains(kern, n) {
				return MsgPasswortPersoenlich
			}
			eingaben = append(eingaben, strings.ToLower(t))
		}
	}
	eingaben = append(eingaben, deutscheWoerter...)
	if zxcvbn.PasswordStrength(pw, eingaben).Score < MindestStaerke {
		return MsgPasswortSchwach
	}
	return ""
}

// normalisiert keeps only letters and digits, in lower case: "Demo-Passwort-1" and
// "demo passwort 1" are the same password to a guesser.
func normalisiert(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// PasswortNachweis tells what the user proved by typing the current password (the
// application service compares it with the stored hash; the domain never sees either).
type PasswortNachweis int

// The outcomes of the current-password check.
const (
	KeinPasswortEingegeben PasswortNachweis = iota
	FalschesPasswort
	PasswortBestaetigt
)

// Messages of the current-password check of the profile.
const (
	MsgAktuellesPasswortPflicht = "Bitte geben Sie Ihr aktuelles Passwort ein, um Benutzername, E-Mail-Adresse oder Passwort zu ändern."
	MsgAktuellesPasswortFalsch  = "Das aktuelle Passwort ist nicht korrekt."
	MsgOhnePasswort             = "Ihr Zugang hat noch kein Passwort. Bitte vergeben Sie zuerst über „Passwort vergessen?“ auf der Anmeldeseite ein Passwort."
)

// MaxFalscheEingaben wrong current passwords in a row end every session of the account, so a
// stolen token cannot be used to guess the password.
const MaxFalscheEingaben = 3
