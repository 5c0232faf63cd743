package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wmsql "github.com/ThreeDotsLabs/watermill-sql/v3/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/eabwasser/eabwasser/eventstore"
)

// Append: the event store's Append next to the floor Postgres sets (a raw INSERT of the same
// payload into a plain table, committed on its own) and next to watermill-sql's Postgres
// publisher, plus a whole command (eventstore.Befehle(…).Handle with its inline document) for scale. The
// variants run in short rounds, interleaved, so a noisy moment hits all of them alike.

const rawTabelle = `CREATE TABLE IF NOT EXISTS bench_raw (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    stream_id   text        NOT NULL,
    event_type  text        NOT NULL,
    data        json        NOT NULL,
    metadata    json        NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now()
)`

// schluesselTabelle is the floor with the event store's keys: the same three indexes (primary
// key, the optimistic lock on stream and version, the commit order) on a fresh table.
const schluesselTabelle = `CREATE TABLE IF NOT EXISTS bench_raw_schluessel (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    stream_id   text        NOT NULL,
    version     integer     NOT NULL,
    event_type  text        NOT NULL,
    data        json        NOT NULL,
    metadata    json        NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    tx_id       xid8        NOT NULL DEFAULT pg_current_xact_id(),
    UNIQUE (stream_id, version)
);
CREATE INDEX IF NOT EXISTS bench_raw_schluessel_tx ON bench_raw_schluessel (tx_id, id)`

const wmTopic = "bench_append"

// nutzlast is the payload every variant writes: a real BetriebsdatenGeaendert of the seed.
type nutzlast struct {
	typ    string
	data   json.RawMessage
	md     eventstore.Metadata
	mdJSON string
}

// variante is one way of appending; vorbereiten returns the operation of writer w.
type variante struct {
	id, name    string
	vorbereiten func(ctx context.Context, w int) (func(ctx context.Context) (int, error), error)
}

type ergebnis struct {
	lat        latenzen
	ereignisse int64
	dauer      time.Duration
}

func (l *lauf) anhaengen(ctx context.Context) error {
	var p nutzlast
	var md []byte
	if err := l.pool.QueryRow(ctx, `SELECT event_type, data, metadata FROM events WHERE event_type = 'BetriebsdatenGeaendert'
		ORDER BY global_position DESC LIMIT 1`).Scan(&p.typ, &p.data, &md); err != nil {
		return fmt.Errorf("payload: %w", err)
	}
	if err := json.Unmarshal(md, &p.md); err != nil {
		return err
	}
	p.mdJSON = string(md)
	if _, err := l.pool.Exec(ctx, rawTabelle+";\n"+schluesselTabelle); err != nil {
		return err
	}
	l.printf("  payload: %s, %d bytes of data, %d bytes of metadata", p.typ, len(p.data), len(md))
	l.pool.Reset() // the 64-writer pools need the connections
	runden, runde := l.o.anzahl(6, 2), l.o.dauer(1500*time.Millisecond, 500*time.Millisecond)
	betriebOffset := 0
	for _, cfg := range []konfiguration{{1, 1}, {8, 1}, {64, 1}, {1, 100}, {8, 100}} {
		if err := l.anhaengenMit(ctx, p, cfg, runden, runde, &betriebOffset); err != nil {
			return err
		}
	}
	return nil
}

// konfiguration is one row group of the Append bench: concurrent writers and events per call.
type konfiguration struct {
	schreiber int
	jeAufruf  int
}

// befehlsZaehler counts the round trips and calls of the variants that go through commands.
type befehlsZaehler struct{ rundreisen, aufrufe atomic.Int64 }

// anhaengenMit measures every variant for one configuration on a pool of its own whose calls
// are counted by the tracer when their context says so.
func (l *lauf) anhaengenMit(ctx context.Context, p nutzlast, cfg konfiguration, runden int, runde time.Duration, betriebOffset *int) error {
	pcfg, err := pgxpool.ParseConfig(l.url)
	if err != nil {
		return err
	}
	pcfg.MaxConns = int32(cfg.schreiber)
	pcfg.ConnConfig.Tracer = rundreisen{} // counts only the calls of the commands and saves
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return err
	}
	zaehlung := map[string]*befehlsZaehler{}
	varianten, err := l.varianten(ctx, pool, p, cfg, betriebOffset, zaehlung)
	if err != nil {
		pool.Close()
		return err
	}
	ergebnisse, err := messeVerschraenkt(ctx, varianten, cfg.schreiber, runden, runde)
	pool.Close()
	if err != nil {
		return err
	}
	art := fmt.Sprintf("single events, %d writer", cfg.schreiber)
	id := fmt.Sprintf("append.single.w%d", cfg.schreiber)
	if cfg.jeAufruf > 1 {
		art, id = fmt.Sprintf("100-event batches, %d writer", cfg.schreiber), fmt.Sprintf("append.batch100.w%d", cfg.schreiber)
	}
	if cfg.schreiber > 1 {
		art += "s"
	}
	rate := map[string]float64{}
	for i, v := range varianten {
		e := ergebnisse[i]
		rate[v.id] = float64(e.ereignisse) / e.dauer.Seconds()
		l.messung(Messung{ID: id + "." + v.id, Bereich: "Append (" + art + ")", Name: v.name,
			Text: fmt.Sprintf("%s events/s, p50 %s, p99 %s per call", zahl(rate[v.id]), zeit(e.lat.quantil(0.5)), zeit(e.lat.quantil(0.99))),
			Werte: map[string]float64{"events_per_s": rate[v.id], "p50_ms": ms(e.lat.quantil(0.5)), "p99_ms": ms(e.lat.quantil(0.99)),
				"calls": float64(e.lat.n()), "events": float64(e.ereignisse), "seconds": e.dauer.Seconds()}})
	}
	l.verhaeltnisse(id, "Append ("+art+")", cfg, rate, zaehlung)
	return nil
}

// verhaeltnisse reports the ratios of one configuration's variants, with their targets.
func (l *lauf) verhaeltnisse(id, bereich string, cfg konfiguration, rate map[string]float64, zaehlung map[string]*befehlsZaehler) {
	verhaeltnis := func(suffix, name string, r float64) Messung {
		return Messung{ID: id + "." + suffix, Bereich: bereich, Name: name, Text: fmt.Sprintf("%.2f", r), Werte: map[string]float64{"ratio": r}}
	}
	roh := rate["store"] / rate["raw"]
	m := verhaeltnis("ratio_raw", "ratio Append ÷ raw INSERT", roh)
	if ziel, ok := map[int]float64{1: 0.85, 8: 0.80}[cfg.schreiber]; ok && cfg.jeAufruf == 1 { // issue 13
		m = m.mitZiel(fmt.Sprintf("≥ %.2f", ziel), roh >= ziel)
	}
	l.messung(m)
	if c, ok := rate["checked"]; ok {
		l.messung(verhaeltnis("ratio_checked_raw", "ratio Append at a version from outside ÷ raw INSERT", c/rate["raw"]))
		l.messung(verhaeltnis("ratio_checked", "ratio Append at a version from outside ÷ at the version read (the check of the version before)", c/rate["store"]))
	}
	if k, ok := rate["keys"]; ok {
		l.messung(verhaeltnis("ratio_keys", "ratio Append ÷ raw INSERT with the event store's keys", rate["store"]/k))
	}
	if c, ok := rate["command"]; ok {
		m := verhaeltnis("ratio_command", "ratio whole command ÷ Append", c/rate["store"])
		if cfg.schreiber <= 8 {
			m = m.mitZiel("≥ 0.50", c/rate["store"] >= 0.5)
		}
		l.messung(m)
		l.rundreisenMessung(id+".command_round_trips", bereich, "round trips to Postgres per whole command", zaehlung["command"])
	}
	l.speicherMessungen(id, bereich, rate, zaehlung)
	l.messung(verhaeltnis("ratio_watermill", "ratio Append ÷ watermill-sql", rate["store"]/rate["watermill"]))
}

// rundreisenMessung reports the round trips per call z counted.
func (l *lauf) rundreisenMessung(id, bereich, name string, z *befehlsZaehler) {
	if z == nil || z.aufrufe.Load() == 0 {
		return
	}
	rt := float64(z.rundreisen.Load()) / float64(z.aufrufe.Load())
	l.messung(Messung{ID: id, Bereich: bereich, Name: name, Text: fmt.Sprintf("%.1f", rt), Werte: map[string]float64{"round_trips": rt}})
}

// varianten prepares the ways of appending for one configuration.
func (l *lauf) varianten(ctx context.Context, pool *pgxpool.Pool, p nutzlast, cfg konfiguration, betriebOffset *int,
	zaehlung map[string]*befehlsZaehler) ([]variante, error) {
	jeAufruf := cfg.jeAufruf
	store := eventstore.New(pool)
	db := stdlib.OpenDBFromPool(pool)
	pub, err := wmsql.NewPublisher(db, wmsql.PublisherConfig{SchemaAdapter: wmsql.DefaultPostgreSQLSchema{}, AutoInitializeSchema: true},
		watermill.NopLogger{})
	if err != nil {
		return nil, err
	}
	if err := pub.Publish(wmTopic, l.wmNachricht(p)); err != nil { // creates the table
		return nil, fmt.Errorf("watermill-sql: %w", err)
	}
	daten := make([]string, jeAufruf)
	ereignisse := make([]eventstore.NewEvent, jeAufruf)
	for i := range jeAufruf {
		daten[i] = string(p.data)
		ereignisse[i] = eventstore.NewEvent{Type: p.typ, Data: p.data}
	}
	lauf := time.Now().UnixNano()
	out := []variante{
		{"store", "event store Append at the version the writer has read (AppendGelesen, as Handle appends)", func(ctx context.Context, w int) (func(context.Context) (int, error), error) {
			versionen := make([]int, 50)
			i := 0
			return func(ctx context.Context) (int, error) {
				i++
				if jeAufruf > 1 { // a batch goes to a new stream, as an import would
					_, err := store.Append(ctx, fmt.Sprintf("benchbatch-%d-%d-%d", lauf, w, i), "benchappend", eventstore.NoStream, ereignisse, p.md)
					return jeAufruf, err
				}
				k := i % len(versionen)
				out, err := store.AppendGelesen(ctx, fmt.Sprintf("benchappend-%d-%d-%d", lauf, w, k), "benchappend", versionen[k], ereignisse, p.md)
				versionen[k] = out.Version
				return 1, err
			}, nil
		}},
		{"raw", "raw INSERT; COMMIT into a plain table (floor)", func(ctx context.Context, w int) (func(context.Context) (int, error), error) {
			i := 0
			return func(ctx context.Context) (int, error) {
				i++
				stream := fmt.Sprintf("benchraw-%d-%d-%d", lauf, w, i%50)
				if jeAufruf > 1 {
					_, err := pool.Exec(ctx, `INSERT INTO bench_raw (stream_id, event_type, data, metadata)
						SELECT $1, $2, d, $4 FROM unnest($3::json[]) AS d`, stream, p.typ, daten, p.mdJSON)
					return jeAufruf, err
				}
				_, err := pool.Exec(ctx, `INSERT INTO bench_raw (stream_id, event_type, data, metadata) VALUES ($1, $2, $3, $4)`,
					stream, p.typ, daten[0], p.mdJSON)
				return 1, err
			}, nil
		}},
		{"watermill", "watermill-sql Postgres publisher", func(ctx context.Context, w int) (func(context.Context) (int, error), error) {
			return func(ctx context.Context) (int, error) {
				msgs := make([]*message.Message, jeAufruf)
				for i := range msgs {
					msgs[i] = l.wmNachricht(p)
				}
				return jeAufruf, pub.Publish(wmTopic, msgs...)
			}, nil
		}},
	}
	if jeAufruf == 1 {
		out = append(out, l.schluesselVariante(pool, daten[0], p), l.geprueftVariante(store, ereignisse, p))
		befehl, err := l.befehlsVariante(ctx, pool, p, cfg.schreiber, betriebOffset, zaehlung)
		if err != nil {
			return nil, err
		}
		out = append(out, befehl)
		if cfg.schreiber == 1 {
			out = append(out, speicherVarianten(pool, zaehlung)...)
		}
	}
	return out, nil
}

func (l *lauf) wmNachricht(p nutzlast) *message.Message {
	m := message.NewMessage(watermill.NewUUID(), message.Payload(p.data))
	m.Metadata.Set("eventType", p.typ)
	m.Metadata.Set("actorId", p.md.ActorID)
	m.Metadata.Set("actorName", p.md.ActorName)
	m.Metadata.Set("organisation", p.md.Organisation)
	m.Metadata.Set("correlationId", p.md.CorrelationID)
	return m
}

// messeVerschraenkt runs the variants in interleaved rounds (a short warm-up first) with
// the given number of concurrent writers, each writer in a loop for the round's duration.
func messeVerschraenkt(ctx context.Context, varianten []variante, schreiber, runden int, runde time.Duration) ([]*ergebnis, error) {
	ops := make([][]func(context.Context) (int, error), len(varianten))
	for i, v := range varianten {
		for w := range schreiber {
			op, err := v.vorbereiten(ctx, w)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", v.name, err)
			}
			ops[i] = append(ops[i], op)
		}
	}
	out := make([]*ergebnis, len(varianten))
	for i := range out {
		out[i] = &ergebnis{}
	}
	// warm-up (not counted), then the rounds; each round starts with another variant
	for i := range varianten {
		if _, err := runden1(ctx, ops[i], 300*time.Millisecond, nil); err != nil {
			return nil, fmt.Errorf("%s: %w", varianten[i].name, err)
		}
	}
	for r := range runden {
		for k := range varianten {
			i := (r + k) % len(varianten)
			n, err := runden1(ctx, ops[i], runde, out[i])
			if err != nil {
				return nil, fmt.Errorf("%s: %w", varianten[i].name, err)
			}
			out[i].ereignisse += n
		}
	}
	return out, nil
}

// runden1 runs every writer's operation in a loop for d and records into e (if set).
func runden1(ctx context.Context, ops []func(context.Context) (int, error), d time.Duration, e *ergebnis) (int64, error) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var gesamt int64
	var fehler error
	ende := time.Now().Add(d)
	start := time.Now()
	for _, op := range ops {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var eigene []time.Duration
			var n int64
			for time.Now().Before(ende) && ctx.Err() == nil {
				t := time.Now()
				k, err := op(ctx)
				if err != nil {
					mu.Lock()
					fehler = err
					mu.Unlock()
					return
				}
				eigene = append(eigene, time.Since(t))
				n += int64(k)
			}
			mu.Lock()
			gesamt += n
			mu.Unlock()
			if e != nil {
				e.lat.add(eigene...)
			}
		}()
	}
	wg.Wait()
	if e != nil {
		e.dauer += time.Since(start)
	}
	if fehler == nil {
		fehler = ctx.Err()
	}
	return gesamt, fehler
}
