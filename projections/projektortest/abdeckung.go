package projektortest

import (
	"slices"
	"sort"
	"testing"

	"github.com/eabwasser/eabwasser/domain/katalog"
)

// PruefeAbdeckung fails for every event type of every stream type (domain/katalog) that the
// projector neither handles nor explicitly ignores, for a type it names that no stream has, and
// for a type it both handles and ignores. behandelt and ignoriert map a stream type to event
// types; a stream type the projector ignores entirely lists all its types under ignoriert
// (katalog.Ereignisarten()[streamtyp]), so a new event type of that stream is a decision too.
func PruefeAbdeckung(t testing.TB, projektor string, behandelt, ignoriert map[string][]string) {
	t.Helper()
	alle := katalog.Ereignisarten()
	for _, seite := range []map[string][]string{behandelt, ignoriert} {
		for strom, arten := range seite {
			for _, art := range arten {
				if !slices.Contains(alle[strom], art) {
					t.Errorf("%s nennt %s/%s: kein Ereignis dieses Stroms (domain/katalog)", projektor, strom, art)
				}
			}
		}
	}
	stroeme := make([]string, 0, len(alle))
	for strom := range alle {
		stroeme = append(stroeme, strom)
	}
	sort.Strings(stroeme)
	for _, strom := range stroeme {
		for _, art := range alle[strom] {
			b, i := slices.Contains(behandelt[strom], art), slices.Contains(ignoriert[strom], art)
			switch {
			case b && i:
				t.Errorf("%s behandelt und ignoriert %s/%s", projektor, strom, art)
			case !b && !i:
				t.Errorf("%s: %s/%s weder behandelt noch ausdrücklich ignoriert", projektor, strom, art)
			}
		}
	}
}
