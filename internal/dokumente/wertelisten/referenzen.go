package wertelisten

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
)

// Referenz is one kind of object that refers to the entries of a value list. A referenced
// entry cannot be deleted (HTTP 409, werteliste.TextReferenziert). Areas declare theirs next
// to the table that holds the reference and register them in their Setup:
//
//	var Referenzen = []wertelisten.Referenz{{Liste: "kanalsystem", Von: "anlage.kanalsystem",
//		SQL: `SELECT 1 FROM anlage WHERE kanalsystem_id = $1`}}
//	…
//	wertelisten.RegistriereReferenz(anlagen.Referenzen...) // in anlage.Setup
type Referenz struct {
	Liste string // the list whose entries are referred to
	Von   string // what refers, "table.column" (for logs and tests)
	// SQL returns at least one row while something refers to the entry. Its one parameter $1
	// is the entry's id (bigint), or its value (text) when NachWert is set — for objects that
	// store the text of the entry, like the Anrede of an account.
	SQL      string
	NachWert bool
}

var (
	referenzenMu sync.RWMutex
	referenzen   []Referenz
)

// RegistriereReferenz adds reference checks (the areas' Setup). Registering a reference
// again (same list and Von) changes nothing, so every store a process builds may run the Setups.
func RegistriereReferenz(rs ...Referenz) {
	referenzenMu.Lock()
	defer referenzenMu.Unlock()
	for _, r := range rs {
		if !slices.ContainsFunc(referenzen, func(x Referenz) bool { return x.Liste == r.Liste && x.Von == r.Von }) {
			referenzen = append(referenzen, r)
		}
	}
}

// Untereinander are the references of value lists to each other through extra columns
// (entlastungstyp → entlastungssystem, bescheidart → bescheidqualitaet, …), from the
// catalogue; the administration area registers them.
var Untereinander = untereinander()

func untereinander() []Referenz {
	var out []Referenz
	for _, d := range werteliste.Listen {
		for _, x := range d.Extras {
			var wert string
			switch x.Art {
			case werteliste.Referenz:
				wert = "to_jsonb($1::bigint)"
			case werteliste.Referenzen:
				wert = "jsonb_build_array($1::bigint)"
			default:
				continue
			}
			out = append(out, Referenz{Liste: x.Liste, Von: "werteliste " + d.Name + "." + x.Name,
				SQL: fmt.Sprintf(`SELECT 1 FROM werteliste_eintrag WHERE liste = '%s' AND extras @> jsonb_build_object('%s', %s)`,
					d.Name, x.Name, wert)})
		}
	}
	return out
}

// Referenzen lists the registered references to entries of a list.
func Referenzen(liste string) []Referenz {
	referenzenMu.RLock()
	defer referenzenMu.RUnlock()
	var out []Referenz
	for _, r := range referenzen {
		if r.Liste == liste {
			out = append(out, r)
		}
	}
	return out
}

// Referenziert reports what refers to the entry (id, value) of a list; empty when nothing does.
func Referenziert(ctx context.Context, q eventstore.Querier, liste string, id int64, wert string) ([]string, error) {
	var von []string
	for _, r := range Referenzen(liste) {
		var arg any = id
		if r.NachWert {
			arg = wert
		}
		var eins int
		err := q.QueryRow(ctx, `SELECT 1 WHERE EXISTS (`+r.SQL+`)`, arg).Scan(&eins)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
		case err != nil:
			return nil, fmt.Errorf("Referenz %s: %w", r.Von, err)
		default:
			von = append(von, r.Von)
		}
	}
	return von, nil
}
