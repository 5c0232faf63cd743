package ueberschreitung

import (
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/eventstore"
)

// Jahresbericht: every event of a report evaluates it again, with the plant's reports of the
// three years after it (their windows reach back).
var Jahresbericht = bereich(Bereich{
	Name: "jahresbericht", Streamtyp: jahresbericht.StreamType,
	Behandelt: []string{
		ereignis.Name[jahresbericht.JahresberichtAngelegt](),
		ereignis.Name[jahresbericht.JahresberichtGeaendert](),
		ereignis.Name[jahresbericht.JahresberichtBearbeitungAbgeschlossen](),
		ereignis.Name[jahresbericht.JahresberichtBearbeitungFortgesetzt](),
		ereignis.Name[jahresbericht.JahresberichtEingereicht](),
		ereignis.Name[jahresbericht.JahresberichtPlausibilisiert](),
		ereignis.Name[jahresbericht.JahresberichtZurueckgewiesen](),
		ereignis.Name[jahresbericht.JahresberichtGeloescht](),
		ereignis.Name[jahresbericht.ErgaenzenderParameterAngelegt](),
		ereignis.Name[jahresbericht.ErgaenzenderParameterGeaendert](),
		ereignis.Name[jahresbericht.ErgaenzenderParameterGeloescht](),
		ereignis.Name[jahresbericht.MesswerteGespeichert](),
	},
	vormerken: func(_ eventstore.Event, id int64, a *anlass) { a.berichte = append(a.berichte, id) },
})
