package projections

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
)

// Schreiben are the writes of one batch, applied by the runtime in the order they were added,
// in the transaction that also moves the checkpoint.
type Schreiben struct {
	schritte []schritt
}

type schritt struct {
	art        string // kopieren, setzen, loeschen, anweisung
	tabelle    string
	spalten    []string
	schluessel int
	zeilen     [][]any
	sql        string
	args       []any
}

// Kopieren adds rows to an insert-only table; they are written with COPY. A row that is there
// already stops the batch: applying an event twice fails loudly instead of hiding a broken
// exactly-once guarantee.
func (w *Schreiben) Kopieren(tabelle string, spalten []string, zeilen [][]any) {
	if len(zeilen) > 0 {
		w.schritte = append(w.schritte, schritt{art: "kopieren", tabelle: tabelle, spalten: spalten, zeilen: zeilen})
	}
}

// Setzen writes rows keyed by their first `schluessel` columns, one statement for all: a new
// key is inserted, a stored row updated unless it already holds these values (the guard
// spares unchanged rows a new version). Each key at most once per call (Zeilen sees to it);
// no array columns.
func (w *Schreiben) Setzen(tabelle string, spalten []string, schluessel int, zeilen [][]any) {
	if len(zeilen) > 0 {
		w.schritte = append(w.schritte, schritt{art: "setzen", tabelle: tabelle, spalten: spalten, schluessel: schluessel, zeilen: zeilen})
	}
}

// Loeschen deletes the rows whose column spalte holds one of the keys.
func (w *Schreiben) Loeschen(tabelle, spalte string, schluessel []any) {
	if len(schluessel) > 0 {
		w.schritte = append(w.schritte, schritt{art: "loeschen", tabelle: tabelle, spalten: []string{spalte}, zeilen: [][]any{schluessel}})
	}
}

// Anweisung adds a set-based statement: what follows from a change for many rows at once (an
// organisation's new name in the rows of its operations). Pass arrays (= ANY($1)) rather
// than adding one statement per row.
func (w *Schreiben) Anweisung(sql string, args ...any) {
	w.schritte = append(w.schritte, schritt{art: "anweisung", sql: sql, args: args})
}

// Leer reports whether there is nothing to write.
func (w *Schreiben) Leer() bool { return w == nil || len(w.schritte) == 0 }

// anwenden writes everything: COPY for each Kopieren, one round trip for the rest.
func (w *Schreiben) anwenden(ctx context.Context, tx pgx.Tx, projektion string) error {
	if w.Leer() {
		return nil
	}
	b := &pgx.Batch{}
	senden := func() error {
		if b.Len() == 0 {
			return nil
		}
		err := tx.SendBatch(ctx, b).Close()
		b = &pgx.Batch{}
		return err
	}
	for _, s := range w.schritte {
		switch s.art {
		case "kopieren":
			if err := senden(); err != nil {
				return err
			}
			if _, err := tx.CopyFrom(ctx, pgx.Identifier{s.tabelle}, s.spalten, pgx.CopyFromRows(s.zeilen)); err != nil {
				return fmt.Errorf("COPY %s: %w", s.tabelle, err)
			}
		case "setzen", "loeschen":
			typen, err := spaltentypen(ctx, tx, projektion, s.tabelle)
			if err != nil {
				return err
			}
			sql, args, err := s.anweisung(typen)
			if err != nil {
				return err
			}
			b.Queue(sql, args...)
		case "anweisung":
			b.Queue(s.sql, s.args...)
		}
	}
	return senden()
}

// anweisung is the statement of a Setzen or Loeschen: the rows travel as one array per column.
func (s schritt) anweisung(typen map[string]string) (string, []any, error) {
	q := func(n string) string { return pgx.Identifier{n}.Sanitize() }
	if s.art == "loeschen" {
		t, ok := typen[s.spalten[0]]
		if !ok {
			return "", nil, fmt.Errorf("%s: keine Spalte %s", s.tabelle, s.spalten[0])
		}
		return fmt.Sprintf(`DELETE FROM %s WHERE %s IN (SELECT unnest($1::%s[]))`, q(s.tabelle), q(s.spalten[0]), t), []any{s.zeilen[0]}, nil
	}
	args := make([]any, len(s.spalten))
	felder := make([]string, len(s.spalten))
	namen := make([]string, len(s.spalten))
	for i, sp := range s.spalten {
		t, ok := typen[sp]
		if !ok {
			return "", nil, fmt.Errorf("%s: keine Spalte %s", s.tabelle, sp)
		}
		if strings.HasSuffix(t, "[]") {
			return "", nil, fmt.Errorf("%s.%s: Setzen kann keine Array-Spalten schreiben", s.tabelle, sp)
		}
		spalte := make([]any, len(s.zeilen))
		for j, z := range s.zeilen {
			spalte[j] = z[i]
		}
		args[i] = spalte
		felder[i] = fmt.Sprintf("$%d::%s[]", i+1, t)
		namen[i] = q(sp)
	}
	var sql strings.Builder
	fmt.Fprintf(&sql, `INSERT INTO %s AS t (%s) SELECT * FROM unnest(%s) ON CONFLICT (%s) DO `, q(s.tabelle),
		strings.Join(namen, ", "), strings.Join(felder, ", "), strings.Join(namen[:s.schluessel], ", "))
	rest := namen[s.schluessel:]
	if len(rest) == 0 {
		sql.WriteString("NOTHING")
		return sql.String(), args, nil
	}
	setze := make([]string, len(rest))
	alt := make([]string, len(rest))
	neu := make([]string, len(rest))
	for i, n := range rest {
		setze[i] = n + " = EXCLUDED." + n
		alt[i] = "t." + n
		neu[i] = "EXCLUDED." + n
	}
	fmt.Fprintf(&sql, "UPDATE SET %s WHERE (%s) IS DISTINCT FROM (%s)", strings.Join(setze, ", "),
		strings.Join(alt, ", "), strings.Join(neu, ", "))
	return sql.String(), args, nil
}

// typenCache holds the column types of the read models' tables (the same in the live and the
// shadow schema: one DDL), keyed by projection and table.
var typenCache sync.Map

func spaltentypen(ctx context.Context, tx pgx.Tx, projektion, tabelle string) (map[string]string, error) {
	key := projektion + "." + tabelle
	if t, ok := typenCache.Load(key); ok {
		return t.(map[string]string), nil
	}
	rows, err := tx.Query(ctx, `SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute
		WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`, pgx.Identifier{tabelle}.Sanitize())
	if err != nil {
		return nil, err
	}
	typen := map[string]string{}
	var name, typ string
	if _, err := pgx.ForEachRow(rows, []any{&name, &typ}, func() error {
		typen[name] = typ
		return nil
	}); err != nil {
		return nil, fmt.Errorf("Spalten von %s: %w", tabelle, err)
	}
	typenCache.Store(key, typen)
	return typen, nil
}
