// Package wertelisten keeps the current entries of every value list: an inline projection
// (written in the append's transaction, so a list read right after a save shows it), the
// queries on it, the registry of what refers to entries (referenzen.go) and the facts a
// command is checked against (bestand.go). The commands are internal/anwendung/wertelisten.
package wertelisten

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
)

// Inline applies value-list events to the table werteliste_eintrag. The unique indexes on
// (liste, wert_normiert) and (liste, schluessel) refuse a second equal entry even when two
// saves race; that is answered as the domain's validation error.
func Inline(ctx context.Context, tx pgx.Tx, events []eventstore.Event) error {
	for _, e := range events {
		id, err := eventstore.AggregatID(e.StreamID)
		if err != nil {
			return err
		}
		de, err := werteliste.Decode(e.Type, e.Data)
		if err != nil {
			return err
		}
		switch v := de.(type) {
		case werteliste.EintragAngelegt:
			_, err = tx.Exec(ctx, `INSERT INTO werteliste_eintrag (id, liste, wert, wert_normiert, schluessel, extras, version)
				VALUES ($1, $2, $3, $4, NULLIF($5, ''), COALESCE($6::jsonb, '{}'), $7)`,
				id, v.Liste, v.Wert, werteliste.Normiert(v.Wert), v.Schluessel, jsonOderNil(v.Extras), e.Version)
		case werteliste.EintragGeaendert:
			_, err = tx.Exec(ctx, `UPDATE werteliste_eintrag SET wert = COALESCE(NULLIF($2, ''), wert),
				wert_normiert = COALESCE(NULLIF($3, ''), wert_normiert), extras = COALESCE($4::jsonb, extras), version = $5
				WHERE id = $1`, id, v.Wert, werteliste.Normiert(v.Wert), jsonOderNil(v.Extras), e.Version)
		case werteliste.EintragGeloescht:
			_, err = tx.Exec(ctx, `DELETE FROM werteliste_eintrag WHERE id = $1`, id)
		}
		if err != nil {
			return eindeutig(err)
		}
	}
	return nil
}

func jsonOderNil(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	return string(raw)
}

// eindeutig turns a violation of the unique indexes into the user-facing error.
func eindeutig(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		switch pe.ConstraintName {
		case "werteliste_eintrag_wert_eindeutig":
			return werteliste.ErrWertVorhanden
		case "werteliste_eintrag_schluessel_eindeutig":
			return validierung.Feld("schluessel", "Dieser Schlüssel ist in der Werteliste bereits vorhanden.")
		}
	}
	return err
}

// Eintrag is one entry as the API shows it: {id, value, version, schluessel?, …extras}.
type Eintrag struct {
	ID         int64
	Liste      string
	Value      string
	Version    int
	Schluessel string          // enumerations only
	Extras     json.RawMessage // JSON object of the extra columns
}

// MarshalJSON writes the extra columns as members of the entry; a column the entry never got
// (an entry older than the column) shows its default.
func (e Eintrag) MarshalJSON() ([]byte, error) {
	m := map[string]any{}
	if def, ok := werteliste.Nach(e.Liste); ok {
		for _, x := range def.Extras {
			m[x.Name] = x.Standard()
		}
	}
	if len(e.Extras) > 0 {
		var x map[string]json.RawMessage
		if err := json.Unmarshal(e.Extras, &x); err != nil {
			return nil, err
		}
		for k, v := range x {
			m[k] = v
		}
	}
	m["id"], m["value"], m["version"] = e.ID, e.Value, e.Version
	if e.Schluessel != "" {
		m["schluessel"] = e.Schluessel
	}
	return json.Marshal(m)
}

const spalten = `id, liste, wert, version, COALESCE(schluessel, ''), extras`

func scan(r pgx.CollectableRow) (Eintrag, error) {
	var e Eintrag
	var extras []byte
	err := r.Scan(&e.ID, &e.Liste, &e.Value, &e.Version, &e.Schluessel, &extras)
	if len(extras) > 0 && string(extras) != "{}" {
		e.Extras = extras
	}
	return e, err
}

// Eintraege lists the entries of a value list in the list's order: enumerations in the order
// of their identifiers (NR_1 … NR_30), all others by value as a German reader sorts
// (umlauts with their base letter, numbers by magnitude: "Anhang 2" before "Anhang 10").
func Eintraege(ctx context.Context, q eventstore.Querier, liste string) ([]Eintrag, error) {
	rows, err := q.Query(ctx, `SELECT `+spalten+` FROM werteliste_eintrag WHERE liste = $1`, liste)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, scan)
	if err != nil {
		return nil, err
	}
	def, _ := werteliste.Nach(liste)
	slices.SortFunc(out, func(a, b Eintrag) int {
		if def.Aufzaehlung() {
			if c := slices.Index(def.Schluessel, a.Schluessel) - slices.Index(def.Schluessel, b.Schluessel); c != 0 {
				return c
			}
		}
		if c := Vergleiche(a.Value, b.Value); c != 0 {
			return c
		}
		return int(a.ID - b.ID)
	})
	return out, nil
}

// EintragNach returns the entry with this id, or validierung.NichtGefunden.
func EintragNach(ctx context.Context, q eventstore.Querier, id int64) (Eintrag, error) {
	rows, err := q.Query(ctx, `SELECT `+spalten+` FROM werteliste_eintrag WHERE id = $1`, id)
	if err != nil {
		return Eintrag{}, err
	}
	e, err := pgx.CollectExactlyOneRow(rows, scan)
	if errors.Is(err, pgx.ErrNoRows) {
		return Eintrag{}, validierung.NichtGefunden
	}
	return e, err
}

// Abfrage narrows a list: Q is the search of the Wertelisten screen (id or part of the value,
// case-insensitive); Filter holds the list's filter parameters (Definition.Filter) by name.
type Abfrage struct {
	Q      string
	Filter map[string]string
}

// Suche lists the entries of a list that match the query, in the list's order. A filter
// value is an entry id or the identifier of an enumeration entry; an entry whose filtered
// column is empty applies to every value.
func Suche(ctx context.Context, q eventstore.Querier, liste string, a Abfrage) ([]Eintrag, error) {
	alle, err := Eintraege(ctx, q, liste)
	if err != nil {
		return nil, err
	}
	return Filtere(ctx, q, liste, alle, a)
}

// Filtere is Suche on the entries alle of liste already read (Eintraege): q is asked only for
// a filter value given as a key instead of an id.
func Filtere(ctx context.Context, q eventstore.Querier, liste string, alle []Eintrag, a Abfrage) ([]Eintrag, error) {
	var err error
	def, _ := werteliste.Nach(liste)
	type bedingung struct {
		feld werteliste.Extra
		id   int64
		text string
	}
	var bedingungen []bedingung
	for param, feld := range def.Filter {
		wert := strings.TrimSpace(a.Filter[param])
		if wert == "" {
			continue
		}
		x, _ := def.Extra(feld)
		b := bedingung{feld: x, text: wert}
		if x.Art == werteliste.Referenz || x.Art == werteliste.Referenzen {
			if b.id, err = strconv.ParseInt(wert, 10, 64); err != nil {
				if b.id, err = idNachSchluessel(ctx, q, x.Liste, wert); err != nil {
					return nil, err
				}
			}
		}
		bedingungen = append(bedingungen, b)
	}
	such := strings.ToLower(strings.TrimSpace(a.Q))
	out := []Eintrag{}
	for _, e := range alle {
		if such != "" && !strings.Contains(strings.ToLower(e.Value), such) && !strings.Contains(strconv.FormatInt(e.ID, 10), such) {
			continue
		}
		passt := true
		for _, b := range bedingungen {
			passt = passt && trifftZu(e, b.feld, b.id, b.text)
		}
		if passt {
			out = append(out, e)
		}
	}
	return out, nil
}

func idNachSchluessel(ctx context.Context, q eventstore.Querier, liste, schluessel string) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `SELECT id FROM werteliste_eintrag WHERE liste = $1 AND schluessel = $2`, liste, schluessel).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return -1, nil // matches only entries that apply to everything
	}
	return id, err
}

// trifftZu: the entry's column is empty or holds the value.
func trifftZu(e Eintrag, x werteliste.Extra, id int64, text string) bool {
	var spalten map[string]json.RawMessage
	_ = json.Unmarshal(e.Extras, &spalten)
	raw := spalten[x.Name]
	switch x.Art {
	case werteliste.Referenz:
		var v *int64
		_ = json.Unmarshal(raw, &v)
		return v == nil || *v == id
	case werteliste.Referenzen:
		var v []int64
		_ = json.Unmarshal(raw, &v)
		return len(v) == 0 || slices.Contains(v, id)
	case werteliste.Texte:
		var v []string
		_ = json.Unmarshal(raw, &v)
		return len(v) == 0 || slices.Contains(v, text)
	default:
		var v string
		_ = json.Unmarshal(raw, &v)
		return v == "" || strings.EqualFold(v, text)
	}
}

// Schluesseltexte are the texts of the enumerations' keys (betriebstyp KOMMUNAL → "Kommunal",
// messstellentyp NR_9 → "Endkontrollmessstelle"), by list and key, of the lists named: what a
// screen or a print shows where an object holds the key.
func Schluesseltexte(ctx context.Context, q eventstore.Querier, listen []string) (map[string]map[string]string, error) {
	rows, err := q.Query(ctx, `SELECT liste, schluessel, wert FROM werteliste_eintrag WHERE liste = ANY($1) AND schluessel <> ''`, listen)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]string{}
	var liste, schluessel, wert string
	_, err = pgx.ForEachRow(rows, []any{&liste, &schluessel, &wert}, func() error {
		if out[liste] == nil {
			out[liste] = map[string]string{}
		}
		out[liste][schluessel] = wert
		return nil
	})
	return out, err
}
