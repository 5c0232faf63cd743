package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/eventstore"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
)

// schluesselVariante is the floor with the event store's three keys: a raw INSERT into a table
// with them, committed on its own.
func (l *lauf) schluesselVariante(pool *pgxpool.Pool, daten string, p nutzlast) variante {
	lauf := time.Now().UnixNano()
	return variante{"keys", "raw INSERT; COMMIT with the event store's three keys", func(ctx context.Context, w int) (func(context.Context) (int, error), error) {
		versionen := make([]int, 50)
		i := 0
		return func(ctx context.Context) (int, error) {
			i++
			k := i % len(versionen)
			versionen[k]++
			_, err := pool.Exec(ctx, `INSERT INTO bench_raw_schluessel (stream_id, version, event_type, data, metadata) VALUES ($1, $2, $3, $4, $5)`,
				fmt.Sprintf("benchkeys-%d-%d-%d", lauf, w, k), versionen[k], p.typ, daten, p.mdJSON)
			return 1, err
		}, nil
	}}
}

// geprueftVariante is Append at a version from outside (a client's copy): it checks that the
// event at the expected version exists (vorgaenger in eventstore/store.go), so no such version
// leaves a gap.
func (l *lauf) geprueftVariante(store *eventstore.Store, ereignisse []eventstore.NewEvent, p nutzlast) variante {
	lauf := time.Now().UnixNano()
	return variante{"checked", "event store Append at a version from outside (checks the version before)", func(ctx context.Context, w int) (func(context.Context) (int, error), error) {
		versionen := make([]int, 50)
		i := 0
		return func(ctx context.Context) (int, error) {
			i++
			k := i % len(versionen)
			out, err := store.Append(ctx, fmt.Sprintf("benchchecked-%d-%d-%d", lauf, w, k), "benchappend", versionen[k], ereignisse, p.md)
			versionen[k] = out.Version
			return 1, err
		}, nil
	}}
}

// befehlsVariante is a whole command on an approved operation: the operator saves his yearly
// figures (Befehle(…).Handle with its inline document), each writer on operations of its own.
func (l *lauf) befehlsVariante(ctx context.Context, pool *pgxpool.Pool, p nutzlast, schreiber int, betriebOffset *int,
	zaehlung map[string]*befehlsZaehler) (variante, error) {
	befehlsStore := app.NewStore(pool)
	proSchreiber := 40
	rows, err := pool.Query(ctx, `SELECT id FROM betrieb WHERE freigabestatus = 'FREIGEGEBEN' AND betriebsstatus = 'IN_BETRIEB'
		AND antrag IS NULL AND daten->'produktion'->>'anzahlBeschaeftigte' IS NOT NULL ORDER BY id LIMIT $1 OFFSET $2`,
		schreiber*proSchreiber, *betriebOffset)
	if err != nil {
		return variante{}, err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return variante{}, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if len(ids) < schreiber*proSchreiber {
		return variante{}, fmt.Errorf("only %d approved operations for the command variant", len(ids))
	}
	*betriebOffset += len(ids)
	md := p.md
	md.CorrelationID = "bench-append"
	z := &befehlsZaehler{}
	zaehlung["command"] = z
	return variante{"command", "whole command (Befehle(…).Handle + inline document)",
		func(ctx context.Context, w int) (func(context.Context) (int, error), error) {
			eigene := ids[w*proSchreiber : (w+1)*proSchreiber]
			daten := make([]betrieb.Daten, len(eigene))
			for i, id := range eigene {
				b, _, err := betriebe.Laden(ctx, pool, id)
				if err != nil {
					return nil, err
				}
				daten[i] = b.Daten
			}
			i := 0
			return func(ctx context.Context) (int, error) {
				i++
				k := i % len(eigene)
				anzahl := *daten[k].Produktion.AnzahlBeschaeftigte + 1
				daten[k].Produktion.AnzahlBeschaeftigte = &anzahl
				out, err := eventstore.Befehle(befehlsStore, betrieb.Decider).Handle(mitZaehler(ctx, &z.rundreisen), eigene[k],
					eventstore.VersionUnbekannt, betrieb.SpeichereAlsBetreiber{Daten: daten[k]}, md)
				z.aufrufe.Add(1)
				return len(out.Events), err
			}, nil
		}}, nil
}
