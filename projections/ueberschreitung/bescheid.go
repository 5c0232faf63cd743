package ueberschreitung

import (
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
)

// Bescheid: every event of a Bescheid evaluates again every report of its operation (its
// Anforderungen are the limits; a deleted one's rows go).
var Bescheid = bereich(Bereich{
	Name: "bescheid", Streamtyp: bescheid.StreamType,
	Behandelt: []string{
		ereignis.Name[bescheid.BescheidAngelegt](),
		ereignis.Name[bescheid.BescheidGeaendert](),
		ereignis.Name[bescheid.BescheidsantragGestellt](),
		ereignis.Name[bescheid.BescheidsantragZurueckgewiesen](),
		ereignis.Name[bescheid.BescheidInBearbeitung](),
		ereignis.Name[bescheid.BescheidFreigegeben](),
		ereignis.Name[bescheid.MessstellenZugeordnet](),
		ereignis.Name[bescheid.MessstelleEntfernt](),
		ereignis.Name[bescheid.AnforderungenGesetzt](),
		ereignis.Name[bescheid.AnforderungAngelegt](),
		ereignis.Name[bescheid.AnforderungGeaendert](),
		ereignis.Name[bescheid.AnforderungGeloescht](),
		ereignis.Name[bescheid.BescheidGeloescht](),
	},
	vormerken: func(_ eventstore.Event, id int64, a *anlass) { a.bescheide = append(a.bescheide, id) },
})
