// Package wertelisten keeps the current entries of every value list: an inline projection
// (written in the append's transaction, so a list read right after a save shows it) and the
// queries on it.
package wertelisten

import (
	"context"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
)

// Inline applies value-list events to the table werteliste_eintrag.
func Inline(ctx context.Context, tx pgx.Tx, events []eventstore.Event) error {
	for _, e := range events {
		id, err := strconv.ParseInt(strings.TrimPrefix(e.StreamID, werteliste.StreamType+"-"), 10, 64)
		if err != nil {
			return err
		}
		de, err := werteliste.Decode(e.Type, e.Data)
		if err != nil {
			return err
		}
		switch v := de.(type) {
		case werteliste.EintragAngelegt:
			_, err = tx.Exec(ctx, `INSERT INTO werteliste_eintrag (id, liste, wert, version) VALUES ($1, $2, $3, $4)`,
				id, v.Liste, v.Wert, e.Version)
		case werteliste.EintragGeaendert:
			_, err = tx.Exec(ctx, `UPDATE werteliste_eintrag SET wert = $2, version = $3 WHERE id = $1`, id, v.Wert, e.Version)
		case werteliste.EintragGeloescht:
			_, err = tx.Exec(ctx, `DELETE FROM werteliste_eintrag WHERE id = $1`, id)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Eintrag is one entry as the API shows it.
type Eintrag struct {
	ID      int64  `json:"id"`
	Value   string `json:"value"`
	Version int    `json:"version"`
}

// Eintraege lists the entries of a value list, ordered by value.
func Eintraege(ctx context.Context, q eventstore.Querier, liste string) ([]Eintrag, error) {
	rows, err := q.Query(ctx, `SELECT id, wert, version FROM werteliste_eintrag WHERE liste = $1 ORDER BY wert, id`, liste)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Eintrag, error) {
		var e Eintrag
		err := r.Scan(&e.ID, &e.Value, &e.Version)
		return e, err
	})
}
