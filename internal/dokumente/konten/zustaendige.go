package konten

import "github.com/eabwasser/eabwasser/domain/betrieb"

// BearbeiterAnsicht is a responsible authority user with his name, as the operation's and the
// plant's screens show the Zuständigkeiten.
type BearbeiterAnsicht struct {
	ID         int64  `json:"id"`
	Bearbeiter string `json:"bearbeiter"`
	Name       string `json:"name"`
}

// PersonAnsicht is a responsible person of the operator with the name.
type PersonAnsicht struct {
	ID         int64    `json:"id"`
	Person     string   `json:"person"`
	Zustaendig []string `json:"zustaendig"`
}

// ZustaendigeIDs are the accounts the responsibilities name (to read their Namen at once).
func ZustaendigeIDs(bearbeiter []betrieb.Bearbeiter, personen []betrieb.ZustaendigePerson) []int64 {
	ids := make([]int64, 0, len(bearbeiter)+len(personen))
	for _, x := range bearbeiter {
		ids = append(ids, x.AnwenderID)
	}
	for _, x := range personen {
		ids = append(ids, x.AnwenderID)
	}
	return ids
}

// Zustaendige are the responsibilities with the names of their accounts (never nil lists).
func Zustaendige(bearbeiter []betrieb.Bearbeiter, personen []betrieb.ZustaendigePerson, namen map[int64]string) ([]BearbeiterAnsicht, []PersonAnsicht) {
	b, p := []BearbeiterAnsicht{}, []PersonAnsicht{}
	for _, x := range bearbeiter {
		b = append(b, BearbeiterAnsicht{ID: x.AnwenderID, Bearbeiter: x.DatascoutID, Name: namen[x.AnwenderID]})
	}
	for _, x := range personen {
		zustaendig := x.Zustaendig
		if zustaendig == nil {
			zustaendig = []string{}
		}
		p = append(p, PersonAnsicht{ID: x.AnwenderID, Person: namen[x.AnwenderID], Zustaendig: zustaendig})
	}
	return b, p
}
