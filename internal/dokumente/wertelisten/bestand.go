package wertelisten

import (
	"context"
	"slices"

	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
)

// LadeBestand looks up the facts a command on an entry of def is checked against: the
// values and identifiers of the list's other entries (all but ohne) and the ids of the
// entries of every list its extra columns refer to.
func LadeBestand(ctx context.Context, q eventstore.Querier, def werteliste.Definition, ohne int64) (werteliste.Bestand, error) {
	b := werteliste.Bestand{Eintraege: map[string][]int64{}}
	listen := []string{def.Name}
	for _, x := range def.Extras {
		if x.Liste != "" && !slices.Contains(listen, x.Liste) {
			listen = append(listen, x.Liste)
		}
	}
	rows, err := q.Query(ctx, `SELECT id, liste, wert, COALESCE(schluessel, '') FROM werteliste_eintrag WHERE liste = ANY($1)`, listen)
	if err != nil {
		return b, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var liste, wert, schluessel string
		if err := rows.Scan(&id, &liste, &wert, &schluessel); err != nil {
			return b, err
		}
		b.Eintraege[liste] = append(b.Eintraege[liste], id)
		if liste == def.Name && id != ohne {
			b.Werte = append(b.Werte, wert)
			if schluessel != "" {
				b.Schluessel = append(b.Schluessel, schluessel)
			}
		}
	}
	return b, rows.Err()
}
