package nachrichten

import (
	"fmt"
	"strings"

	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Gruppen is the number of recipient groups (4 parameters each).
const Gruppen = len(aktionen)

// EmpfaengerSQL is the batch's recipients query.
var EmpfaengerSQL = empfaengerSQL

// EmpfaengerDirektSQL takes the same parameters and applies each group's condition to every
// pair of operation and account, without narrowing the pairs first.
var EmpfaengerDirektSQL = func() string {
	var teile []string
	for g := range aktionen {
		n := 4 * g
		teile = append(teile, fmt.Sprintf(`SELECT b.k, a.id, a.email, coalesce(p.send_mail_nachrichten, false), coalesce(a.organisation_id, 0), a.funktionale_rollen
		FROM unnest($%d::int[], $%d::bigint[], $%d::bigint[], $%d::bigint[]) AS b (k, id, betreiber_id, regionalstelle_id)
		JOIN public.anwender a ON %s
		LEFT JOIN public.personalisierung p ON p.anwender_id = a.id`, n+1, n+2, n+3, n+4, bedingung(g, zugriff.Betriebsspalten("b."))))
	}
	return strings.Join(teile, "\nUNION ALL\n") + "\nORDER BY 1, 2"
}()

// The tests project with the Historie's masking, as the wiring registers it
// (benachrichtigung.Setup).
func init() { Namen(Historie{NamenFuer: verlauf.NamenFuer, Seite: verlauf.Seite}) }
