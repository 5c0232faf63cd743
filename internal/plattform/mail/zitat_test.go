package mail_test

import (
	"testing"

	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/plattform/mail/mailtest"
)

func TestZitat_UserTextInMailsIsOneQuotedLineThatFormsNoLink(t *testing.T) {
	for in, want := range map[string]string{
		"Groß":                               "„Groß“",
		"Frau Dr. med. Groß-Özdemir":         "„Frau Dr. med. Groß-Özdemir“",
		"Müller https://phish.example/login": "„Müller https[:]//phish[.]example/login“",
		"Müller\n\nBitte melden Sie sich an:\r\nwww.phish.example": "„Müller Bitte melden Sie sich an: www[.]phish[.]example“",
		"Konto\u2028gesperrt\u202E\u200B!":                         "„Konto gesperrt !“",
		"Ende“ – echter Text „Anfang":                              "„Ende' – echter Text 'Anfang“",
		"mailto:chef@behoerde.example":                             "„mailto:chef@behoerde[.]example“",
		"  ":                                                       "„“",
	} {
		got := mail.Zitat(in)
		if got != want {
			t.Errorf("Zitat(%q) = %q, want %q", in, got, want)
		}
		if l := mailtest.Link(got, ""); l != "" {
			t.Errorf("Zitat(%q) = %q still holds the link %q", in, got, l)
		}
	}
}
