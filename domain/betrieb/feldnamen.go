package betrieb

import (
	_ "embed"
	"encoding/json"

	"github.com/eabwasser/eabwasser/domain/historie"
)

// feldnamenJSON is the one place of the operation's field labels: the form
// (frontend/src/features/betrieb, imported as @domain/betrieb/feldnamen.json), the Verlauf,
// the Ereignisprotokoll and the messages of the application review all read it.
//
//go:embed feldnamen.json
var feldnamenJSON []byte

// Feldnamen are the German labels of the operation's fields, by JSON key.
var Feldnamen = func() historie.Feldnamen {
	var f historie.Feldnamen
	if err := json.Unmarshal(feldnamenJSON, &f); err != nil {
		panic("betrieb: feldnamen.json: " + err.Error())
	}
	return f
}()

// Freigabestatus as the screens show it.
var FreigabestatusText = map[string]string{Beantragt: "Beantragt", Freigegeben: "Freigegeben", Abgewiesen: "Abgewiesen"}
