package validierung

import (
	"fmt"
	"slices"
)

// Messages of a choice of fields.
const (
	// MsgAuswahl is spec 001's message of an empty choice.
	MsgAuswahl       = "Es muss mindestens ein Element ausgewaehlt werden"
	MsgFeldUnbekannt = "Das Feld „%s“ gehört nicht zum Antrag."
	MsgFeldMehrfach  = "Das Feld „%s“ ist mehrfach ausgewählt."
)

// Feldauswahl checks the fields staff choose to adopt from an application (a plant's change
// request, an operation's Stammdaten-Antrag, and every application of the areas to come): at
// least one, each one of the application's fields (erlaubt), each once. The error names the
// field feld ("felder"). Every decider of an adoption calls it, so that a choice of one name
// 500 times is refused (issue 27) and no decider keeps its own loop. A name is checked for
// length and characters before a message repeats it.
func Feldauswahl(feld string, gewaehlt, erlaubt []string) error {
	if len(gewaehlt) == 0 {
		return Feld(feld, MsgAuswahl)
	}
	for i, f := range gewaehlt {
		if err := Laenge(feld, f); err != nil {
			return err
		}
		if !slices.Contains(erlaubt, f) {
			return Feld(feld, fmt.Sprintf(MsgFeldUnbekannt, f))
		}
		if slices.Contains(gewaehlt[:i], f) {
			return Feld(feld, fmt.Sprintf(MsgFeldMehrfach, f))
		}
	}
	return nil
}
