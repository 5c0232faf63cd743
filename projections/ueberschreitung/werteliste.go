package ueberschreitung

import (
	"encoding/json"

	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
)

// Werteliste: an event of an entry of the value list anforderungsparameter (its significant
// digits and § 6 mark, issue 43 item 3) evaluates every report again. A change or deletion
// names no list: projiziere looks the entry up.
var Werteliste = bereich(Bereich{
	Name: "werteliste", Streamtyp: werteliste.StreamType,
	Behandelt: []string{werteliste.EintragAngelegt{}.EventType(), werteliste.EintragGeaendert{}.EventType(),
		werteliste.EintragGeloescht{}.EventType()},
	vormerken: func(e eventstore.Event, id int64, a *anlass) {
		var x struct {
			Liste string `json:"liste"`
		}
		_ = json.Unmarshal(e.Data, &x)
		a.liste = a.liste || x.Liste == parameterliste
		a.eintraege = append(a.eintraege, id)
	},
})
