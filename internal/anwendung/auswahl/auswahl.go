// Package auswahl is what a caller may choose where a form refers to another object: the
// lists the pickers offer (accounts, authority users, organisations, plants) and the one
// check per kind of reference that a saved id is among them. A list and its check are the
// same query — the check only adds the ids — so a form can never name what its picker would
// not have offered: an operator cannot learn the name of an administrator by saving his id
// as a responsible person, nor attach an organisation that does not exist.
//
// A reference the object already holds stays valid although its picker no longer offers it
// (a receiving plant the caller no longer sees, a person who has left): the checks compare
// with the state before the command and look only at what the command adds. Removing such a
// reference is always allowed.
package auswahl

import (
	"context"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Messages of a refused reference. They say the same for an id that does not exist and one
// the caller may not choose, so the answer tells nothing about other accounts or objects.
const (
	MsgPerson       = "Die gewählte Person kann hier nicht als zuständige Person ausgewählt werden."
	MsgBearbeiter   = "Die gewählte Person kann nicht als Bearbeiter ausgewählt werden."
	MsgOrganisation = "Die gewählte Organisation kann hier nicht ausgewählt werden."
)

// Abwasserbeseitigungspflichtige is the filter of the obligee picker
// (GET /api/organisation/abwasserbeseitigungspflichtige): active organisations obliged to
// dispose of wastewater.
var Abwasserbeseitigungspflichtige = konten.OrganisationFilter{Status: "AKTIV", NurAbwasserbeseitigungspflicht: true}

// Betreiber is the filter of the operator picker for an operation of type typ
// (GET /api/organisation/betreiberByBetriebstyp/{typ}): active organisations; municipal
// operation types are run by the bodies obliged to dispose of wastewater.
func Betreiber(typ string) konten.OrganisationFilter {
	return konten.OrganisationFilter{Status: "AKTIV", NurAbwasserbeseitigungspflicht: typ == "KOMMUNAL" || typ == "KANAL_KOMMUNAL"}
}

// BetreiberPersonalisiert is the filter of the operators caller n may choose as the operator
// of an operation (GET /api/organisation/betreiberPersonalisiert): authority staff (no
// organisation) all active organisations; an account of an organisation only its own, while
// it is active. An organisation's account whose organisation is unknown (0) gets none.
func BetreiberPersonalisiert(n zugriff.Nutzer) konten.OrganisationFilter {
	f := konten.OrganisationFilter{Status: "AKTIV"}
	if n.Organisationsseitig() || n.OrganisationID != 0 {
		f.IDs = []int64{n.OrganisationID}
	}
	return f
}

// waehlbar is the condition on an account (alias a) that it may be offered in a picker:
// confirmed by e-mail, activated by an administrator and still valid. Registrations that
// were never confirmed, deactivated and expired accounts are never offered.
const waehlbar = `a.status = 'AKTIV' AND a.gueltig_bis > now()`

// Person is a user who can be named responsible for an operation or its plants.
type Person struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// Personen lists the users who can be named responsible for operation betriebID of operator
// betreiberID (GET /api/person/lokaleRolle/{betriebId}): the active users of the operator and
// the organisation users whose local roles name the operation (a consultant, say) — never
// authority staff, whose names and addresses an operator's picker must not list. ids, when
// not nil, keeps only those.
func Personen(ctx context.Context, q eventstore.Querier, betreiberID, betriebID int64, ids []int64) ([]Person, error) {
	rows, err := q.Query(ctx, `SELECT a.id, btrim(a.vorname || ' ' || a.name), a.email FROM anwender a
		WHERE `+waehlbar+`
		  AND (a.organisation_id = $1 OR a.organisation_id IS NOT NULL
		       AND EXISTS (SELECT 1 FROM lokale_rolle r WHERE r.id = ANY(a.lokale_rollen) AND $2 = ANY(r.betriebe)))
		  AND ($3::bigint[] IS NULL OR a.id = ANY($3))
		ORDER BY a.name, a.vorname, a.id`, betreiberID, betriebID, ids)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Person])
}

// Bearbeiterwahl is a row of the Bearbeiter picker (spec 000 §3 "Bearbeiter: datascoutId,
// funktionaleRollen"): the authority user, his name and his functional roles. The
// Zuständigkeiten of operations and plants show konten.BearbeiterAnsicht, without the roles.
type Bearbeiterwahl struct {
	ID                int64    `json:"id"`
	Bearbeiter        string   `json:"bearbeiter"`
	Name              string   `json:"name"`
	FunktionaleRollen []string `json:"funktionaleRollen"`
}

// Bearbeiter lists the active authority users with a datascoutId (GET /api/bearbeiter). ids,
// when not nil, keeps only those.
func Bearbeiter(ctx context.Context, q eventstore.Querier, ids []int64) ([]Bearbeiterwahl, error) {
	rows, err := q.Query(ctx, `SELECT a.id, a.datascout_id, btrim(a.vorname || ' ' || a.name), coalesce(a.funktionale_rollen, '{}') FROM anwender a
		WHERE `+waehlbar+` AND a.datascout_id <> '' AND a.organisation_id IS NULL
		  AND ($1::bigint[] IS NULL OR a.id = ANY($1))
		ORDER BY a.name, a.vorname, a.id`, ids)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Bearbeiterwahl])
}

// neue are the ids of neu that bisher does not hold, each once; nil when there are none. 0
// names nothing: the area's required-field rules answer it.
func neue(neu, bisher []int64) []int64 {
	var out []int64
	for _, id := range neu {
		if id != 0 && !slices.Contains(bisher, id) && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// pruefe refuses with message the first id of ids (already the new ones) that gefunden lacks.
func pruefe(feld, message string, ids, gefunden []int64) error {
	for _, id := range ids {
		if !slices.Contains(gefunden, id) {
			return validierung.Feld(feld, message)
		}
	}
	return nil
}

// PruefePersonen checks that every responsible person neu adds to bisher is one the person
// picker of operation betriebID (operator betreiberID) offers.
func PruefePersonen(ctx context.Context, q eventstore.Querier, betreiberID, betriebID int64, neu, bisher []betrieb.ZustaendigePerson) error {
	ids := neue(personenIDs(neu), personenIDs(bisher))
	if ids == nil {
		return nil
	}
	ps, err := Personen(ctx, q, betreiberID, betriebID, ids)
	if err != nil {
		return err
	}
	gefunden := make([]int64, len(ps))
	for i, p := range ps {
		gefunden[i] = p.ID
	}
	return pruefe("zustaendigePersonen", MsgPerson, ids, gefunden)
}

// PruefeBearbeiter checks that every authority user neu adds to bisher is one the Bearbeiter
// picker offers, and takes his datascoutId from the account (the form's is not believed).
func PruefeBearbeiter(ctx context.Context, q eventstore.Querier, neu, bisher []betrieb.Bearbeiter) ([]betrieb.Bearbeiter, error) {
	alt := map[int64]string{}
	for _, b := range bisher {
		alt[b.AnwenderID] = b.DatascoutID
	}
	var ids []int64
	for _, b := range neu {
		if _, ok := alt[b.AnwenderID]; !ok && b.AnwenderID != 0 && !slices.Contains(ids, b.AnwenderID) {
			ids = append(ids, b.AnwenderID)
		}
	}
	kennung := map[int64]string{}
	if ids != nil {
		bs, err := Bearbeiter(ctx, q, ids)
		if err != nil {
			return nil, err
		}
		gefunden := make([]int64, len(bs))
		for i, b := range bs {
			gefunden[i], kennung[b.ID] = b.ID, b.Bearbeiter
		}
		if err := pruefe("zustaendigeBearbeiter", MsgBearbeiter, ids, gefunden); err != nil {
			return nil, err
		}
	}
	out := make([]betrieb.Bearbeiter, len(neu))
	for i, b := range neu {
		k, ok := alt[b.AnwenderID]
		if !ok {
			k = kennung[b.AnwenderID]
		}
		out[i] = betrieb.Bearbeiter{AnwenderID: b.AnwenderID, DatascoutID: k}
	}
	return out, nil
}

// PruefeOrganisationen checks that every organisation id neu adds to bisher is one the
// organisation picker with filter f offers (field feld names the form's field).
func PruefeOrganisationen(ctx context.Context, q eventstore.Querier, feld string, f konten.OrganisationFilter, neu, bisher []int64) error {
	ids := neue(neu, bisher)
	if ids == nil {
		return nil
	}
	f.IDs = ids
	orgs, err := konten.Organisationen(ctx, q, f)
	if err != nil {
		return err
	}
	gefunden := make([]int64, len(orgs))
	for i, o := range orgs {
		gefunden[i] = o.ID
	}
	return pruefe(feld, MsgOrganisation, ids, gefunden)
}

// PruefeAnlagen checks that every plant id neu adds to bisher is one the caller sees (the
// plant pickers offer the plants the caller sees).
func PruefeAnlagen(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, feld, message string, neu, bisher []int64) error {
	ids := neue(neu, bisher)
	if ids == nil {
		return nil
	}
	gefunden, err := anlagen.Sichtbare(ctx, q, s, ids)
	if err != nil {
		return err
	}
	return pruefe(feld, message, ids, gefunden)
}

func personenIDs(ps []betrieb.ZustaendigePerson) []int64 {
	ids := make([]int64, len(ps))
	for i, p := range ps {
		ids[i] = p.AnwenderID
	}
	return ids
}

// MsgListenwert answers a value that is not an entry of its value list.
const MsgListenwert = "Der Wert ist in der Werteliste nicht vorhanden. Bitte wählen Sie einen Eintrag der Liste."

// PruefeListenwerte checks that every value of neu is an entry of its value list (as the
// selects of the form offer them), every refused field at once. A value of a list that bisher
// already holds stays valid although the list no longer has it (an entry renamed or deleted
// since), as a stored reference does.
func PruefeListenwerte(ctx context.Context, q eventstore.Querier, neu, bisher []anlage.Listenwert) error {
	type schluessel struct{ liste, extra, wert string }
	gehalten := map[schluessel]bool{}
	for _, w := range bisher {
		gehalten[schluessel{w.Liste, w.Extra, w.Wert}] = true
	}
	var listen, extras, werte []string
	for _, w := range neu {
		if !gehalten[schluessel{w.Liste, w.Extra, w.Wert}] {
			listen, extras, werte = append(listen, w.Liste), append(extras, w.Extra), append(werte, w.Wert)
		}
	}
	if listen == nil {
		return nil
	}
	// an entry's text, or the extra the value names (the few entries of one list each)
	rows, err := q.Query(ctx, `SELECT DISTINCT n.liste, n.extra, n.wert FROM unnest($1::text[], $2::text[], $3::text[]) AS n(liste, extra, wert)
		WHERE EXISTS (SELECT 1 FROM werteliste_eintrag e WHERE e.liste = n.liste
			AND (n.extra = '' AND e.wert = n.wert OR n.extra <> '' AND e.extras ->> n.extra = n.wert))`, listen, extras, werte)
	if err != nil {
		return err
	}
	gefunden, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (schluessel, error) {
		var s schluessel
		return s, r.Scan(&s.liste, &s.extra, &s.wert)
	})
	if err != nil {
		return err
	}
	for _, s := range gefunden {
		gehalten[s] = true
	}
	var s validierung.Sammler
	for _, w := range neu {
		if !gehalten[schluessel{w.Liste, w.Extra, w.Wert}] {
			s.Feld(w.Feld, MsgListenwert)
		}
	}
	return s.Err()
}

// PersonListenwerte are the fields of a person chosen from a value list: the Anrede and the
// Titel (registration, profile, account administration), each an entry of its list. A value
// over the field's maximum length is the decider's to refuse (with that message), not the list's.
func PersonListenwerte(anrede, titel string) []anlage.Listenwert {
	var out []anlage.Listenwert
	for _, w := range []anlage.Listenwert{{Feld: "anrede", Liste: "anrede", Wert: anrede}, {Feld: "titel", Liste: "titel", Wert: titel}} {
		if w.Wert = strings.TrimSpace(w.Wert); w.Wert != "" && validierung.Laenge(w.Feld, w.Wert) == nil {
			out = append(out, w)
		}
	}
	return out
}
