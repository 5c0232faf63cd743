package bench

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/eventstore"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
)

// lastStufe is one steady load of the lag measurement: commands per second and the target for p99.
type lastStufe struct {
	proSekunde int
	ziel       time.Duration
}

var (
	last500  = lastStufe{500, 100 * time.Millisecond}
	last1000 = lastStufe{1000, 150 * time.Millisecond}
)

// verzoegerung sends a steady stream of single-event commands and measures, for each, the
// time from the command's commit to its effect being visible in the worklist read model —
// through relay, NATS JetStream and the projector of the running server. Loads: operators
// saving their yearly figures (BetriebsdatenGeaendert, the common write) at 500/s, then
// operators requesting new operations (BetriebBeantragt, which also makes messages for the
// deciding staff and tasks) at 500/s and at 1,000/s — fixed rates, which say as much about the
// machine as about the code (a machine 1.5× slower measured p99 2.1 s at 500/s with both cores
// busy) — and both again at half of what this machine's whole pipeline sustains (kapazitaet).
func (l *lauf) verzoegerung(ctx context.Context, s *server, _, org nutzer) error {
	dauer := l.o.dauer(20*time.Second, 5*time.Second)
	n := int(dauer.Seconds() * float64(last500.proSekunde))
	md := eventstore.Metadata{ActorID: strconv.FormatInt(org.id, 10), ActorName: org.name, Roles: []string{"BETREIBER"},
		Organisation: strconv.FormatInt(org.organisation, 10), CorrelationID: "bench-lag"}

	// 1. saves of approved operations, each operation once: visible when the row has the event's
	// position. The operations are taken in turn by the loads that save (speichern).
	rows, err := l.pool.Query(ctx, `SELECT id FROM betrieb WHERE freigabestatus = 'FREIGEGEBEN' AND betriebsstatus = 'IN_BETRIEB'
		AND antrag IS NULL AND daten->'produktion'->>'anzahlBeschaeftigte' IS NOT NULL ORDER BY id DESC`)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	if len(ids) < n {
		return fmt.Errorf("lag: only %d approved operations for %d saves", len(ids), n)
	}
	var naechste atomic.Int64
	// speichern saves the next operation not saved yet: its document as it is, one more employee
	speichern := func(ctx context.Context) (int64, int64, error) {
		k := int(naechste.Add(1)) - 1
		if k >= len(ids) {
			return 0, 0, fmt.Errorf("lag: every one of the %d approved operations is saved", len(ids))
		}
		b, _, err := betriebe.Laden(ctx, l.pool, ids[k])
		if err != nil {
			return 0, 0, err
		}
		anzahl := *b.Daten.Produktion.AnzahlBeschaeftigte + 1
		b.Daten.Produktion.AnzahlBeschaeftigte = &anzahl
		out, err := eventstore.Befehle(l.store, betrieb.Decider).Handle(ctx, ids[k], eventstore.VersionUnbekannt, betrieb.SpeichereAlsBetreiber{Daten: b.Daten}, md)
		return ids[k], out.LastPosition, err
	}
	err = l.lastMessen(ctx, "save", "operator saves (BetriebsdatenGeaendert)", last500, n,
		func(ctx context.Context, _ int) (int64, int64, error) { return speichern(ctx) })
	if err != nil {
		return err
	}
	if err := l.aufgeholt(ctx, 2*time.Minute); err != nil {
		return err
	}

	// 2. new requests: visible when the row exists
	var regionalstelle int64
	if err := l.pool.QueryRow(ctx, `SELECT id FROM werteliste_eintrag WHERE liste = 'regionalstelle' ORDER BY id LIMIT 1`).
		Scan(&regionalstelle); err != nil {
		return err
	}
	beantragen := func(lt lastStufe, id string) error {
		n := int(dauer.Seconds() * float64(lt.proSekunde))
		return l.lastMessen(ctx, id, "operators request operations (BetriebBeantragt)", lt, n,
			func(ctx context.Context, i int) (int64, int64, error) {
				id, err := eventstore.NextID(ctx, l.store, "betrieb_id_seq")
				if err != nil {
					return 0, 0, err
				}
				heute := time.Now()
				out, err := eventstore.Befehle(l.store, betrieb.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, betrieb.BeantrageBetrieb{
					BetriebsID: betriebdienst.BetriebsID(id, heute), Typ: "INDUSTRIE", Heute: heute,
					Daten: betrieb.Daten{Bezeichnung: fmt.Sprintf("Lastprobe Brauerei %d", i), BetreiberID: org.organisation,
						RegionalstelleID: regionalstelle, Adresse: betrieb.Adresse{Strasse: "Am Messpunkt", Hausnummer: strconv.Itoa(i + 1),
							Plz: "56068", Ort: "Koblenz"}, Lage: betrieb.Lage{Hochwert: 5582950.25, Rechtswert: 398120.75}}}, md)
				return id, out.LastPosition, err
			})
	}
	for _, lt := range []lastStufe{last500, last1000} {
		id := "request"
		if lt != last500 {
			id = fmt.Sprintf("request.%d", lt.proSekunde)
		}
		if err := beantragen(lt, id); err != nil {
			return err
		}
		if err := l.aufgeholt(ctx, 2*time.Minute); err != nil {
			return err
		}
	}

	// 3. the same loads at half of what this machine's whole pipeline sustains
	kapazitaet, err := l.kapazitaet(ctx, speichern)
	if err != nil {
		return err
	}
	halb := lastStufe{max(1, int(kapazitaet/2)), last500.ziel}
	if err := l.lastMessen(ctx, "save.half_capacity", "operator saves (BetriebsdatenGeaendert), half the capacity", halb,
		int(dauer.Seconds()*float64(halb.proSekunde)), func(ctx context.Context, _ int) (int64, int64, error) { return speichern(ctx) }); err != nil {
		return err
	}
	if err := l.aufgeholt(ctx, 2*time.Minute); err != nil {
		return err
	}
	if err := beantragen(halb, "request.half_capacity"); err != nil {
		return err
	}
	return l.aufgeholt(ctx, 2*time.Minute)
}

// kapazitaet measures what the whole pipeline sustains on this machine: operators' saves as
// fast as 24 workers give them (closed loop) for a while, until the relay and every projector
// of the running server have handled them all — commands per second over that whole time. The
// lag at half of it says what the code does on this machine, whatever the machine.
func (l *lauf) kapazitaet(ctx context.Context, speichern func(context.Context) (int64, int64, error)) (float64, error) {
	dauer := l.o.dauer(10*time.Second, 3*time.Second)
	lctx, cancel := context.WithTimeout(ctx, dauer)
	defer cancel()
	var fertig, fehler atomic.Int64
	var wg sync.WaitGroup
	start, cpu := time.Now(), beginnen()
	for range 24 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for lctx.Err() == nil {
				if _, _, err := speichern(lctx); err != nil {
					if lctx.Err() == nil && fehler.Add(1) == 1 {
						l.printf("  capacity: command failed: %v", err)
					}
					continue
				}
				fertig.Add(1)
			}
		}()
	}
	wg.Wait()
	befehle := time.Since(start)
	if err := l.aufgeholt(ctx, 5*time.Minute); err != nil {
		return 0, err
	}
	gesamt, aufwand := time.Since(start), cpu.ende()
	rate := float64(fertig.Load()) / gesamt.Seconds()
	if fertig.Load() == 0 || fehler.Load() > 0 {
		return 0, fmt.Errorf("capacity: %d commands, %d failed", fertig.Load(), fehler.Load())
	}
	l.messung(Messung{ID: "lag.capacity", Bereich: "Projection lag (this machine's capacity)",
		Name: "whole pipeline: operator saves as fast as 24 workers give them, until every projector has them",
		Text: fmt.Sprintf("%s commands/s (%s commands in %s, every read model caught up %s later)%s", zahl(rate), zahl(float64(fertig.Load())),
			befehle.Round(100*time.Millisecond), (gesamt - befehle).Round(100*time.Millisecond),
			aufwand.jeStueck(int(fertig.Load()), "command (all of it: command, relay, NATS, projectors, the bench)")),
		Werte: aufwand.werte(map[string]float64{"commands_per_s": rate, "commands": float64(fertig.Load()), "seconds": gesamt.Seconds(),
			"catch_up_seconds": (gesamt - befehle).Seconds()})})
	return rate, nil
}

// lastMessen runs n commands at lt.proSekunde (open loop: a slow commit does not slow the
// schedule) and watches every 2 ms which of the committed ones the worklist shows: the row
// of the operation with at least the event's position.
func (l *lauf) lastMessen(ctx context.Context, id, name string, lt lastStufe, n int, befehl func(context.Context, int) (int64, int64, error)) error {
	sicht := &sichtbarkeit{warten: map[int64]offen{}}
	lat := &sicht.lat
	var fehler atomic.Int64
	auftraege := make(chan int, lt.proSekunde)
	var arbeiter sync.WaitGroup
	for range max(12, lt.proSekunde/40) { // a command takes a few ms; enough workers that none waits for a free one
		arbeiter.Add(1)
		go func() {
			defer arbeiter.Done()
			for i := range auftraege {
				betriebID, position, err := befehl(ctx, i)
				if err != nil {
					if fehler.Add(1) == 1 {
						l.printf("  lag: command failed: %v", err)
					}
					continue
				}
				sicht.committed(betriebID, position)
			}
		}()
	}
	fertig := make(chan struct{})
	var beobachter sync.WaitGroup
	beobachter.Add(1)
	var nieGesehen int
	go func() {
		defer beobachter.Done()
		nieGesehen = sicht.beobachten(ctx, l, fertig)
	}()

	abstand := time.Second / time.Duration(lt.proSekunde)
	start, cpu := time.Now(), beginnen()
	for i := range n {
		if w := time.Until(start.Add(time.Duration(i) * abstand)); w > 0 {
			time.Sleep(w)
		}
		auftraege <- i
	}
	close(auftraege)
	arbeiter.Wait()
	aufwand := cpu.ende()
	erreicht := float64(n-int(fehler.Load())) / time.Since(start).Seconds()
	rueckstand := l.rueckstand(ctx)
	close(fertig)
	beobachter.Wait()
	text := fmt.Sprintf("p50 %s, p99 %s, max %s (%s commands at %s/s; %d failed, %d not visible after 2 min)",
		zeit(lat.quantil(0.5)), zeit(lat.quantil(0.99)), zeit(lat.maximum()), zahl(n), zahl(erreicht), fehler.Load(), nieGesehen)
	text += aufwand.jeStueck(n, "command (all of it: command, relay, NATS, projectors, the bench)")
	if rueckstand != "" {
		text += "; events behind when the load ended: " + rueckstand
	}
	l.messung(Messung{ID: "lag.worklist." + id, Bereich: fmt.Sprintf("Projection lag (%s commands/s)", zahl(lt.proSekunde)),
		Name: "commit → visible in worklist: " + name, Text: text,
		Werte: aufwand.werte(map[string]float64{"p50_ms": ms(lat.quantil(0.5)), "p99_ms": ms(lat.quantil(0.99)), "max_ms": ms(lat.maximum()),
			"commands": float64(n), "commands_per_s": erreicht, "failed": float64(fehler.Load()), "never_seen": float64(nieGesehen)})}.
		mitZiel("p99 < "+zeit(lt.ziel), nieGesehen == 0 && fehler.Load() == 0 && lat.quantil(0.99) < lt.ziel))
	return nil
}

// offen is a committed command the worklist does not show yet: its event's position and when
// it committed.
type offen struct {
	position int64
	zeit     time.Time
}

// sichtbarkeit is what lastMessen watches: the committed commands of operations not yet
// visible, and the latencies of those seen.
type sichtbarkeit struct {
	mu     sync.Mutex
	warten map[int64]offen // by operation
	lat    latenzen
}

func (v *sichtbarkeit) committed(betriebID, position int64) {
	v.mu.Lock()
	v.warten[betriebID] = offen{position, time.Now()}
	v.mu.Unlock()
}

// beobachten polls the worklist every 2 ms until fertig is closed and every command was seen,
// or 2 minutes after; it returns how many were never seen.
func (v *sichtbarkeit) beobachten(ctx context.Context, l *lauf, fertig <-chan struct{}) int {
	t := time.NewTicker(2 * time.Millisecond)
	defer t.Stop()
	var ende time.Time
	for {
		select {
		case <-fertig:
			if ende.IsZero() {
				ende = time.Now().Add(2 * time.Minute)
			}
		case <-t.C:
		}
		v.mu.Lock()
		ids := make([]int64, 0, len(v.warten))
		for id := range v.warten {
			ids = append(ids, id)
		}
		v.mu.Unlock()
		if !ende.IsZero() && (len(ids) == 0 || time.Now().After(ende)) {
			return len(ids)
		}
		if len(ids) > 0 {
			v.pruefen(ctx, l, ids)
		}
	}
}

// pruefen reads the worklist rows of ids and records those that show their command.
func (v *sichtbarkeit) pruefen(ctx context.Context, l *lauf, ids []int64) {
	rows, err := l.pool.Query(ctx, `SELECT id, position FROM arbeitsliste.betrieb WHERE id = ANY($1)`, ids)
	if err != nil {
		return
	}
	jetzt := time.Now()
	type stand struct{ id, position int64 }
	var gesehen []stand
	for rows.Next() {
		var s stand
		if rows.Scan(&s.id, &s.position) == nil {
			gesehen = append(gesehen, s)
		}
	}
	rows.Close()
	v.mu.Lock()
	for _, s := range gesehen {
		if o := v.warten[s.id]; s.position >= o.position {
			v.lat.add(jetzt.Sub(o.zeit))
			delete(v.warten, s.id)
		}
	}
	v.mu.Unlock()
}

// rueckstand tells how many committed events the relay and each projector had not handled yet.
func (l *lauf) rueckstand(ctx context.Context) string {
	rows, err := l.pool.Query(ctx, `SELECT c.name, (SELECT count(*) FROM events e
		WHERE (e.tx_id, e.global_position) > (c.tx_id::text::xid8, c.position)) FROM checkpoints c ORDER BY c.name`)
	if err != nil {
		return ""
	}
	defer rows.Close()
	var teile []string
	for rows.Next() {
		var name string
		var n int64
		if rows.Scan(&name, &n) == nil {
			teile = append(teile, fmt.Sprintf("%s %s", name, zahl(n)))
		}
	}
	return strings.Join(teile, ", ")
}

// aufgeholt waits until the relay and every projector have handled every committed event.
func (l *lauf) aufgeholt(ctx context.Context, hoechstens time.Duration) error {
	ende := time.Now().Add(hoechstens)
	for time.Now().Before(ende) {
		var offen int64
		if err := l.pool.QueryRow(ctx, `SELECT coalesce(sum((SELECT count(*) FROM events e
			WHERE (e.tx_id, e.global_position) > (c.tx_id::text::xid8, c.position))), 0) FROM checkpoints c`).Scan(&offen); err != nil {
			return err
		}
		if offen == 0 {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	l.printf("  lag: read models still behind after %s: %s", hoechstens, l.rueckstand(ctx))
	return nil
}
