package projektortest

import (
	"context"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Lesemodell reads every table of a read model's schema as sorted rows of text, without
// identity columns (numbers drawn from a sequence, not from the log), to compare two builds.
func Lesemodell(t testing.TB, pool *pgxpool.Pool, schema string) map[string][]string {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT table_name, string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position)
		FROM information_schema.columns WHERE table_schema = $1 AND is_identity = 'NO' GROUP BY table_name`, schema)
	if err != nil {
		t.Fatal(err)
	}
	spalten := map[string]string{}
	var name, liste string
	if _, err := pgx.ForEachRow(rows, []any{&name, &liste}, func() error { spalten[name] = liste; return nil }); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for tabelle, liste := range spalten {
		rows, err := pool.Query(ctx, fmt.Sprintf(`SELECT (%s)::text FROM %s.%s ORDER BY 1`, liste,
			pgx.Identifier{schema}.Sanitize(), pgx.Identifier{tabelle}.Sanitize()))
		if err != nil {
			t.Fatal(err)
		}
		zeilen, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		out[tabelle] = zeilen
	}
	return out
}

// Gleich reports, for every table of the live build that differs in the rebuild, its first
// differing row; an empty table is an error too (the log did not exercise it).
func Gleich(t testing.TB, schema string, live, neu map[string][]string) {
	t.Helper()
	for tabelle, l := range live {
		r := neu[tabelle]
		if len(l) == 0 {
			t.Errorf("%s.%s: no rows", schema, tabelle)
		}
		for i := range max(len(l), len(r)) {
			var a, b string
			if i < len(l) {
				a = l[i]
			}
			if i < len(r) {
				b = r[i]
			}
			if a != b {
				t.Errorf("%s.%s: rebuild differs from the live build at row %d (of %d live, %d rebuilt)\n live:    %s\n rebuilt: %s",
					schema, tabelle, i, len(l), len(r), a, b)
				break
			}
		}
	}
}
