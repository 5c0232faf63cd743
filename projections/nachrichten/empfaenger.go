package nachrichten

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Empfaenger groups.
const (
	// entscheider: the staff who decide about the operation: who may approve it (the
	// permission table) and sees it (internal/zugriff: administrators all, authority staff by
	// their local roles).
	entscheider = iota
	// antragspruefer: the staff who decide about a plant's Änderungsantrag: who may review
	// change requests and sees the plant's operation.
	antragspruefer
	// messstellenpruefer: the staff who decide about a measuring point's Freigabe: who may
	// approve measuring points and sees its operation.
	messstellenpruefer
	// bescheidpruefer: the staff who decide about a Bescheidsantrag: who may record Bescheide
	// and sees its operation.
	bescheidpruefer
	// berichtspruefer: the staff who check a submitted annual report: who may decide its
	// Plausibilisierung and sees the plant's operation.
	berichtspruefer
	// betreiberseite: the users of the operator organisation.
	betreiberseite
	// antragsteller: the one account that requested what is decided (a measuring point's
	// Freigabe, requested by staff): the ziel's konto.
	antragsteller
)

// aktionen: what the staff of a group may do (zugriff.Zustaendige); betreiberseite and
// antragsteller have none.
var aktionen = [antragsteller + 1]berechtigung.Aktion{entscheider: berechtigung.BetriebFreigeben,
	antragspruefer: berechtigung.AenderungsantragPruefen, messstellenpruefer: berechtigung.MessstelleFreigeben,
	bescheidpruefer: berechtigung.BescheidAnlegen, berichtspruefer: berechtigung.JahresberichtPlausibilisieren}

// Bedingung is the SQL condition that the account a is a recipient of group g for the operation
// with the columns sp.
func bedingung(g int, sp zugriff.Spalten) string {
	switch g {
	case betreiberseite:
		return `a.status = 'AKTIV' AND a.organisation_id = ` + sp.Betreiber
	case antragsteller:
		return `a.status = 'AKTIV' AND a.id = ` + sp.Betreiber // the account travels in the operator's column
	}
	return `a.status = 'AKTIV' AND ` + zugriff.Zustaendige("a", aktionen[g], sp)
}

// empfaengerSQL finds the recipients of all messages of a batch at once: per group, the
// operations concerned travel as arrays (k numbers them), each as it was at its event; the
// recipients of each come ordered by account.
//
// The staff groups' condition (zugriff.Zustaendige) looks into the account's local roles with
// a subquery: over every pair of operation and staff member it would cost more than the rest
// of the batch. So the pairs are narrowed first with joins — the staff who may do the action
// (its roles, the condition's first conjunct); of them, those the condition takes whatever the
// operation (evaluated with an operation of NULLs: administrators, local roles for all
// Regionalstellen) with every operation, the others with the operations their organisation
// runs or one of their local roles names (the rule of zugriff.LokaleRolleDeckt, its arrays
// unnested so that each test is a hash join) — and the condition itself decides on the pairs
// that are left. The narrowing only ever keeps more pairs than the condition
// (TestNachrichten_EmpfaengerWieZustaendige holds the two equal). The operator's users are
// looked up by organisation for each operation: an index probe each (OFFSET 0 keeps the planner
// from turning them into a hash join over all accounts).
var empfaengerSQL = func() string {
	b := zugriff.Betriebsspalten("b.")
	var mit, teile []string
	for g := range aktionen {
		if aktionen[g] == "" {
			continue
		}
		n := 4 * g
		ohneBetrieb := bedingung(g, zugriff.Spalten{Betrieb: "NULL::bigint", Betreiber: "NULL::bigint", Regionalstelle: "NULL::bigint"})
		mit = append(mit, fmt.Sprintf(`b%[1]d AS MATERIALIZED (
			SELECT * FROM unnest($%[2]d::int[], $%[3]d::bigint[], $%[4]d::bigint[], $%[5]d::bigint[]) AS b (k, id, betreiber_id, regionalstelle_id)),
		personal%[1]d AS MATERIALIZED (
			SELECT a.id, a.organisation_id, a.lokale_rollen, coalesce(%[6]s, false) AS ueberall
			FROM public.anwender a WHERE a.status = 'AKTIV' AND a.funktionale_rollen && %[7]s),
		rolle%[1]d AS MATERIALIZED (
			SELECT s.id AS anwender_id, r.alle_regionalstellen, r.regionalstelle_ids, r.betriebe, r.organisationen
			FROM personal%[1]d s JOIN public.lokale_rolle r ON r.id = ANY(s.lokale_rollen) WHERE NOT s.ueberall),
		paar%[1]d AS (
			SELECT b.k, s.id FROM b%[1]d b JOIN personal%[1]d s ON s.ueberall
			UNION SELECT b.k, s.id FROM b%[1]d b JOIN personal%[1]d s ON s.organisation_id = b.betreiber_id AND NOT s.ueberall
			UNION SELECT b.k, r.anwender_id FROM b%[1]d b JOIN rolle%[1]d r ON r.alle_regionalstellen
			UNION SELECT b.k, r.anwender_id FROM rolle%[1]d r CROSS JOIN unnest(r.regionalstelle_ids) x (id) JOIN b%[1]d b ON b.regionalstelle_id = x.id
			UNION SELECT b.k, r.anwender_id FROM rolle%[1]d r CROSS JOIN unnest(r.betriebe) x (id) JOIN b%[1]d b ON b.id = x.id
			UNION SELECT b.k, r.anwender_id FROM rolle%[1]d r CROSS JOIN unnest(r.organisationen) x (id) JOIN b%[1]d b ON b.betreiber_id = x.id)`,
			g, n+1, n+2, n+3, n+4, ohneBetrieb, textArray(berechtigung.Rollen(aktionen[g]))))
		teile = append(teile, fmt.Sprintf(`SELECT b.k, a.id, a.email, coalesce(p.send_mail_nachrichten, false), coalesce(a.organisation_id, 0), a.funktionale_rollen
		FROM paar%[1]d x JOIN b%[1]d b ON b.k = x.k JOIN public.anwender a ON a.id = x.id AND %[2]s
		LEFT JOIN public.personalisierung p ON p.anwender_id = a.id`, g, bedingung(g, b)))
	}
	for _, g := range []int{betreiberseite, antragsteller} {
		n := 4 * g
		teile = append(teile, fmt.Sprintf(`SELECT b.k, a.id, a.email, coalesce(p.send_mail_nachrichten, false), coalesce(a.organisation_id, 0), a.funktionale_rollen
		FROM unnest($%d::int[], $%d::bigint[], $%d::bigint[], $%d::bigint[]) AS b (k, id, betreiber_id, regionalstelle_id)
		CROSS JOIN LATERAL (SELECT a.id, a.email, a.organisation_id, a.funktionale_rollen FROM public.anwender a WHERE %s OFFSET 0) a
		LEFT JOIN public.personalisierung p ON p.anwender_id = a.id`, n+1, n+2, n+3, n+4, bedingung(g, b)))
	}
	return "WITH " + strings.Join(mit, ",\n") + "\n" + strings.Join(teile, "\nUNION ALL\n") + "\nORDER BY 1, 2"
}()

// textArray is an SQL array of role names (constants of the permission table, no input).
func textArray(rollen []string) string {
	q := make([]string, len(rollen))
	for i, r := range rollen {
		q[i] = "'" + strings.ReplaceAll(r, "'", "''") + "'"
	}
	return "ARRAY[" + strings.Join(q, ", ") + "]::text[]"
}

// empfaenger is a recipient of a message: his account as the Historie's masking needs it.
type empfaenger struct {
	id           int64
	email        string
	mail         bool
	organisation int64
	rollen       []string
}

// namen is whose names the recipient may see: the Historie's rule (verlauf.NamenFuer) for his
// account; nil: every name.
func (x empfaenger) namen() func(eventstore.Metadata) bool {
	return historie.NamenFuer(zugriff.Nutzer{AnwenderID: x.id, Rollen: x.rollen, OrganisationID: x.organisation})
}

// sieht tells whether a recipient whose names are namen (empfaenger.namen) sees the name of who
// did an event with metadata m.
func sieht(namen func(eventstore.Metadata) bool, m eventstore.Metadata) bool {
	return namen == nil || namen(m)
}

// tupel is a group of recipients: the group's condition over an operation as it was.
type tupel struct {
	an                                 int
	betrieb, betreiber, regionalstelle int64
}

func (d *entwurf) tupel() tupel {
	b := d.ziel.betrieb
	if d.an == antragsteller { // the account in the operator's column (bedingung)
		return tupel{d.an, b.ID, d.ziel.konto, b.RegionalstelleID}
	}
	return tupel{d.an, b.ID, b.BetreiberID, b.RegionalstelleID}
}

// empfaengerLesen finds the recipients of all messages of the batch with one query: each
// distinct (group, operation) once, its recipients ordered by account.
func (st *lauf) empfaengerLesen(ctx context.Context) (map[tupel][]empfaenger, error) {
	nummer := map[tupel]int32{}
	var liste []tupel
	var args [4 * len(aktionen)]any
	k := make([][]int32, len(aktionen))
	spalten := make([][3][]int64, len(aktionen))
	for _, d := range st.entwuerfe {
		t := d.tupel()
		if _, ok := nummer[t]; ok {
			continue
		}
		nummer[t] = int32(len(liste))
		liste = append(liste, t)
		k[t.an] = append(k[t.an], nummer[t])
		spalten[t.an][0] = append(spalten[t.an][0], t.betrieb)
		spalten[t.an][1] = append(spalten[t.an][1], t.betreiber)
		spalten[t.an][2] = append(spalten[t.an][2], t.regionalstelle)
	}
	for g := range aktionen {
		// empty arrays, not NULL: a group without messages finds nobody
		args[4*g] = append([]int32{}, k[g]...)
		for i := range 3 {
			args[4*g+1+i] = append([]int64{}, spalten[g][i]...)
		}
	}
	rows, err := st.s.Query(ctx, empfaengerSQL, args[:]...)
	if err != nil {
		return nil, err
	}
	out := map[tupel][]empfaenger{}
	var nr int32
	var x empfaenger
	_, err = pgx.ForEachRow(rows, []any{&nr, &x.id, &x.email, &x.mail, &x.organisation, &x.rollen}, func() error {
		out[liste[nr]] = append(out[liste[nr]], x)
		return nil
	})
	return out, err
}
