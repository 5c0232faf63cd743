package validierung_test

import (
	"os"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// TestMeldungen_ClientAndServerSayTheSameForARequiredField keeps the messages of a blank or
// missing required field (spec 000 §5, 001 §5, 002 §5; docs/decisions.md "Required-field
// messages (issue 32)") word for word alike in the server's answer and in the form that checks the
// field before sending: each message of the domain must stand, as a string literal, in the
// frontend file that shows it for the same field.
func TestMeldungen_ClientAndServerSayTheSameForARequiredField(t *testing.T) {
	for _, c := range []struct{ meldung, datei string }{
		// a blank required field without a text of its own in the spec: ours, everywhere
		{validierung.Pflichtfeld, "src/lib/form.ts"},
		// the spec's texts for particular fields
		{konto.MsgFunktion, "src/lib/form.ts"},
		{konto.MsgEmail, "src/lib/form.ts"},
		{konto.MsgDsgvo, "src/features/registrierung/components/validierung.ts"},
		{anlage.MsgAufnahme, "src/features/anlage/components/werte.ts"},
		{anlage.MsgPflichtiger, "src/features/anlage/components/werte.ts"},
		{betrieb.MsgNeuerBetreiber, "src/features/betrieb/components/dialoge/BetreiberWechselDialog.tsx"},
		{betrieb.MsgBehalten, "src/features/betrieb/components/dialoge/BetreiberWechselDialog.tsx"},
		{betrieb.MsgZustaendig, "src/components/zustaendigkeiten/zustaendigkeiten.ts"},
		{datei.MsgDateiFehlt, "src/features/ablage/components/HochladenDialog.tsx"},
		{jahresbericht.MsgVorlage, "src/features/jahresbericht/components/messwerte.ts"},
		{messstelle.MsgAnhangAbwasserart, "src/features/messstelle/components/werte.ts"},
	} {
		text, err := os.ReadFile("../../frontend/" + c.datei)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(text), "'"+c.meldung+"'") {
			t.Errorf("%s does not say %q", c.datei, c.meldung)
		}
	}
}
