package mail

import (
	"strings"
	"unicode"
)

// Zitat is a user-provided value (a name, a designation, a comment) as it may stand in a
// mail of the authority: quoted as data („…“), on one line, and unable to form a link. A
// registration can send a mail to any address with the name the visitor typed, so a name
// must not read as the authority's own text or as a link to follow (issue 27, item 8):
//   - control characters, line and paragraph separators and invisible format characters
//     become spaces, and runs of white space one space — the value never makes a line of
//     its own;
//   - double quotes inside become single ones, so the value cannot close its quotes and go
//     on as text of the mail;
//   - what mail clients turn into links is broken visibly: "://" becomes "[:]//" and a dot
//     between two letters or digits "[.]" (https[:]//phish[.]example). Names as people write
//     them ("Dr. med. Müller") keep their dots.
//
// The mails are plain text; a HTML part, if one is added, must escape the value as well.
func Zitat(wert string) string {
	return "„" + Entschaerft(wert) + "“"
}

// Entschaerft is the value of Zitat without the quotes, for a template that quotes itself.
func Entschaerft(wert string) string {
	wert = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp, unicode.Cf):
			return ' '
		case strings.ContainsRune(`"„“”«»`, r):
			return '\''
		}
		return r
	}, strings.ToValidUTF8(wert, ""))
	wert = strings.Join(strings.Fields(wert), " ")
	wert = strings.ReplaceAll(wert, "://", "[:]//")
	r := []rune(wert)
	var b strings.Builder
	for i, c := range r {
		if c == '.' && i > 0 && i < len(r)-1 && alnum(r[i-1]) && alnum(r[i+1]) {
			b.WriteString("[.]")
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func alnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
