// Package zugriff is the one place that answers who is calling, what they may do and what they
// may see. The caller (Nutzer) is resolved once per request (httpapi's middleware); Darf
// answers "may this caller do X" from the permission table (domain/berechtigung); Bedingung is
// the one SQL condition of visibility over the columns every document and worklist row carries
// (operation, operator organisation, Regionalstelle), so a plant or Bescheid row with those
// columns is visible to exactly those who see its operation. The local-role rule — a local role
// covers all Regionalstellen, some Regionalstellen, single operations or the operations of
// operator organisations — is written once, in regel, and used both for a caller (Sicht) and
// for the recipients of a message (LokaleRolleDeckt).
package zugriff

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
)

// Querier is what a pool and a transaction offer for reading.
type Querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Nutzer is the caller: account, functional roles (from the token) and, once resolved, the
// organisation of the account and what the caller may see.
type Nutzer struct {
	AnwenderID int64
	Rollen     []string
	// Aufgeloest tells that OrganisationID and Sicht were read (Aufloesen); a Nutzer made of the
	// token alone is resolved on first need by the services.
	Aufgeloest     bool
	OrganisationID int64
	Sicht          Sicht
}

// Darf reports whether the caller's roles allow action a (the permission table).
func (n Nutzer) Darf(a berechtigung.Aktion) bool {
	return berechtigung.Darf(n.Rollen, a)
}

// Organisationsseitig reports whether the user works for an operator (organisation roles).
func (n Nutzer) Organisationsseitig() bool { return n.global(berechtigung.GlobalOrganisation) }

// Admin reports whether the user has an administration role (sees everything).
func (n Nutzer) Admin() bool { return n.global(berechtigung.GlobalAdmin) }

func (n Nutzer) global(g string) bool {
	return slices.ContainsFunc(n.Rollen, func(r string) bool { return berechtigung.GlobaleRolle(berechtigung.Rolle(r)) == g })
}

// Sicht is what part of the operations (and of everything that hangs on one) a user may see:
// all, or those of his operator organisation, and in addition what his local roles name.
type Sicht struct {
	Alle            bool
	OrganisationID  int64
	Regionalstellen []int64
	Betriebe        []int64
	Organisationen  []int64
	// Frueher are the operations the caller's organisation operated before their operator
	// changed (betrieb.vorbetreiber): there it keeps read access to what it submitted (issue 42).
	Frueher []int64
}

// Spalten name the columns of a row the visibility condition reads, qualified as the query
// needs them ("b.id" or "id").
type Spalten struct {
	Betrieb        string // the operation's id
	Betreiber      string // the operator organisation's id
	Regionalstelle string // the Regionalstelle's id
	// The change of operator (issue 42, docs/security.md "Change of operator"): rows of objects an
	// operator drafts and submits name, as SQL expressions, the organisation on whose side the
	// object was drafted or submitted (Verfasser), whether it is a draft of the operator's side
	// not yet submitted (Entwurf: only its author organisation sees it, a new operator does not)
	// and whether it was submitted by the operator's side (Eingereicht: the author organisation
	// keeps read access after the operation went to another operator). Empty: no such rule.
	Verfasser   string
	Entwurf     string
	Eingereicht string
}

// Betriebsspalten are the columns of the operation document and worklist (alias "" or "b.").
func Betriebsspalten(alias string) Spalten {
	return Spalten{Betrieb: alias + "id", Betreiber: alias + "betreiber_id", Regionalstelle: alias + "regionalstelle_id"}
}

// regel is the local-role rule over a row's columns: the row's Regionalstelle, operation or
// operator is among those named (a role for all Regionalstellen covers every row before it).
// Each argument is an SQL expression: a placeholder for a caller's Sicht, a column of
// lokale_rolle for the recipients of a message.
func regel(sp Spalten, regionalstellen, betriebe, organisationen string) string {
	return sp.Regionalstelle + " = ANY(" + regionalstellen + ") OR " + sp.Betrieb + " = ANY(" + betriebe +
		") OR " + sp.Betreiber + " = ANY(" + organisationen + ")"
}

// Bedingung is the SQL condition of the Sicht over a row with the columns sp. arg adds a
// parameter and returns its placeholder.
//
// An organisation sees the rows of the operations it operates, except the drafts another
// organisation left there (the previous operator's unsubmitted applications), and of the
// operations it operated before (Frueher) what it submitted itself.
func (s Sicht) Bedingung(sp Spalten, arg func(any) string) string {
	if s.Alle {
		return "true"
	}
	org := arg(s.OrganisationID)
	betreiber := sp.Betreiber + " = " + org
	if sp.Entwurf != "" && s.OrganisationID != 0 {
		betreiber = "(" + betreiber + " AND NOT (" + sp.Entwurf + " AND " + sp.Verfasser + " IS DISTINCT FROM " + org + "))"
	}
	if sp.Eingereicht != "" && s.OrganisationID != 0 && len(s.Frueher) > 0 {
		betreiber += " OR (" + sp.Betrieb + " = ANY(" + arg(s.Frueher) + ") AND " + sp.Eingereicht + " AND " + sp.Verfasser + " = " + org + ")"
	}
	return "(" + betreiber + " OR " +
		regel(sp, arg(ids(s.Regionalstellen)), arg(ids(s.Betriebe)), arg(ids(s.Organisationen))) + ")"
}

// Objektart is how a list reaches the visibility columns of the objects of one kind that its
// rows hang on: a reminder, a file or a message names an operation, a plant, a measuring point …
// by kind and id, and is visible exactly when that object is. Von is the object's document with
// the alias o (joined to what carries the columns, as a plant to its operation), ID its id
// column, Spalten its visibility columns.
type Objektart struct {
	Von     string
	ID      string
	Spalten Spalten
}

var (
	objektartenMu sync.RWMutex
	objektarten   = map[string]Objektart{}
)

// RegistriereObjektart tells every list how to see the objects of kind art (the area's Setup).
// Registering a kind again replaces it with the same, so every store a process builds may run
// the Setups. A kind nobody registered is visible to nobody but administrators.
func RegistriereObjektart(art string, o Objektart) {
	objektartenMu.Lock()
	defer objektartenMu.Unlock()
	objektarten[art] = o
}

// objektBedingung is the condition over the object of kind art (an SQL expression) with the
// id id (an SQL expression) that bedingung holds for its visibility columns: one EXISTS per
// registered kind, false for any other kind.
func objektBedingung(art, id string, bedingung func(Spalten) string) string {
	objektartenMu.RLock()
	defer objektartenMu.RUnlock()
	arten := make([]string, 0, len(objektarten))
	for a := range objektarten {
		arten = append(arten, a)
	}
	slices.Sort(arten) // the same text for the same registrations (prepared statement cache)
	var b strings.Builder
	b.WriteString("CASE " + art)
	for _, a := range arten {
		o := objektarten[a]
		b.WriteString(" WHEN '" + strings.ReplaceAll(a, "'", "''") + "' THEN EXISTS (SELECT 1 FROM " + o.Von +
			" WHERE " + o.ID + " = " + id + " AND " + bedingung(o.Spalten) + ")")
	}
	b.WriteString(" ELSE false END")
	return b.String()
}

// Objekt is the SQL condition that the Sicht includes the object a row hangs on: the object of
// kind art with the id id (SQL expressions over the row, such as w.fachobjekt and
// w.fachobjekt_id). Every list whose rows hang on objects applies it, whatever else put the
// caller on the row (he set the reminder, he is named responsible, he received the message).
// Administrators see every row.
func (s Sicht) Objekt(art, id string, arg func(any) string) string {
	if s.Alle {
		return "true"
	}
	return objektBedingung(art, id, func(sp Spalten) string { return s.Bedingung(sp, arg) })
}

// ZustaendigFuerObjekt is Zustaendige for the object a row hangs on (kind art, id id): the
// account with alias a may do aktion and sees the object — the recipients of a mail about the
// row (a due reminder).
func ZustaendigFuerObjekt(a string, aktion berechtigung.Aktion, art, id string) string {
	return objektBedingung(art, id, func(sp Spalten) string { return Zustaendige(a, aktion, sp) })
}

// LokaleRolleDeckt is the SQL condition that the local role with alias r covers a row with the
// columns sp (who among the staff is concerned by a row: the messages projector).
func LokaleRolleDeckt(r string, sp Spalten) string {
	return "(" + r + ".alle_regionalstellen OR " + regel(sp, r+".regionalstelle_ids", r+".betriebe", r+".organisationen") + ")"
}

// Platzhalter returns an arg function for Bedingung that appends to args and numbers the
// placeholders after those already there.
func Platzhalter(args *[]any) func(any) string {
	return func(v any) string {
		*args = append(*args, v)
		return "$" + strconv.Itoa(len(*args))
	}
}

func ids(v []int64) []int64 {
	if v == nil {
		return []int64{}
	}
	return v
}

// Aufloesen reads what the caller's account adds to the token in one query: the organisation,
// and the Sicht (administrators all; organisation users the operations of their organisation;
// everybody in addition what their local roles name). An unknown account sees nothing.
func Aufloesen(ctx context.Context, q Querier, n Nutzer) (Nutzer, error) {
	if n.Aufgeloest {
		return n, nil
	}
	n, _, err := AufloesenMitKonto(ctx, q, n)
	return n, err
}

// Konto is what a session check needs of the caller's account; Gefunden is false when there is
// no account.
type Konto struct {
	Gefunden   bool
	Status     string
	GueltigBis time.Time
	Sitzung    int
}

// AufloesenMitKonto is Aufloesen that also reads the account's state for the session check of
// every request, in the same query (one round trip per request for both).
func AufloesenMitKonto(ctx context.Context, q Querier, n Nutzer) (Nutzer, Konto, error) {
	var s Sicht
	var org int64
	var k Konto
	err := q.QueryRow(ctx, `SELECT a.status, a.gueltig_bis, a.sitzung, coalesce(a.organisation_id, 0),
		coalesce(bool_or(r.alle_regionalstellen), false),
		coalesce(array_agg(DISTINCT x.rs) FILTER (WHERE x.rs IS NOT NULL), '{}'),
		coalesce(array_agg(DISTINCT y.b) FILTER (WHERE y.b IS NOT NULL), '{}'),
		coalesce(array_agg(DISTINCT z.o) FILTER (WHERE z.o IS NOT NULL), '{}'),
		CASE WHEN a.organisation_id IS NULL THEN '{}' ELSE
			(SELECT coalesce(array_agg(f.id ORDER BY f.id), '{}') FROM betrieb f WHERE f.vorbetreiber @> ARRAY[a.organisation_id]) END
		FROM anwender a
		LEFT JOIN lokale_rolle r ON r.id = ANY(a.lokale_rollen)
		LEFT JOIN LATERAL unnest(r.regionalstelle_ids) x(rs) ON true
		LEFT JOIN LATERAL unnest(r.betriebe) y(b) ON true
		LEFT JOIN LATERAL unnest(r.organisationen) z(o) ON true
		WHERE a.id = $1 GROUP BY a.id`, n.AnwenderID).
		Scan(&k.Status, &k.GueltigBis, &k.Sitzung, &org, &s.Alle, &s.Regionalstellen, &s.Betriebe, &s.Organisationen, &s.Frueher)
	if errors.Is(err, pgx.ErrNoRows) {
		n.Aufgeloest, n.OrganisationID, n.Sicht = true, 0, Sicht{Alle: n.Admin()}
		return n, k, nil
	}
	if err != nil {
		return n, k, err
	}
	k.Gefunden = true
	s.OrganisationID = org
	if !n.Organisationsseitig() {
		s.OrganisationID, s.Frueher = 0, nil
	}
	if len(s.Frueher) == 0 {
		s.Frueher = nil
	}
	if n.Admin() {
		s = Sicht{Alle: true}
	}
	n.Aufgeloest, n.OrganisationID, n.Sicht = true, org, s
	return n, k, nil
}

// Zustaendige is the SQL condition that the account with alias a (table anwender) is concerned
// by a row with the columns sp for action: one of his roles may do it (the permission table),
// and he sees the row — an administration role everything, an authority role what his local
// roles cover, an organisation role the rows of his organisation. The messages projector
// picks the recipients of a message with it. Role names are constants of the table, no input.
func Zustaendige(a string, aktion berechtigung.Aktion, sp Spalten) string {
	var admin, behoerde, organisation []string
	for _, r := range berechtigung.Rollen(aktion) {
		switch berechtigung.GlobaleRolle(berechtigung.Rolle(r)) {
		case berechtigung.GlobalAdmin:
			admin = append(admin, r)
		case berechtigung.GlobalBehoerde:
			behoerde = append(behoerde, r)
		case berechtigung.GlobalOrganisation:
			organisation = append(organisation, r)
		}
	}
	var sieht []string
	if len(admin) > 0 {
		sieht = append(sieht, a+".funktionale_rollen && "+array(admin))
	}
	if len(behoerde) > 0 {
		sieht = append(sieht, "("+a+".funktionale_rollen && "+array(behoerde)+" AND EXISTS (SELECT 1 FROM public.lokale_rolle r WHERE r.id = ANY("+
			a+".lokale_rollen) AND "+LokaleRolleDeckt("r", sp)+"))")
	}
	if len(organisation) > 0 {
		// the organisation's side as Bedingung has it: not another organisation's draft, and
		// what it submitted on an operation it no longer operates
		betreiber := a + ".organisation_id = " + sp.Betreiber
		if sp.Entwurf != "" {
			betreiber += " AND NOT (" + sp.Entwurf + " AND " + sp.Verfasser + " IS DISTINCT FROM " + a + ".organisation_id)"
		}
		if sp.Eingereicht != "" {
			betreiber = "(" + betreiber + ") OR (" + sp.Eingereicht + " AND " + sp.Verfasser + " = " + a + ".organisation_id)"
		}
		sieht = append(sieht, "("+a+".funktionale_rollen && "+array(organisation)+" AND ("+betreiber+"))")
	}
	if len(sieht) == 0 {
		return "false"
	}
	return a + ".funktionale_rollen && " + array(berechtigung.Rollen(aktion)) + " AND (" + strings.Join(sieht, " OR ") + ")"
}

func array(rollen []string) string {
	q := make([]string, len(rollen))
	for i, r := range rollen {
		q[i] = "'" + strings.ReplaceAll(r, "'", "''") + "'"
	}
	return "ARRAY[" + strings.Join(q, ", ") + "]::text[]"
}
