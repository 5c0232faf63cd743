package arbeitsliste_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// erzeuger appends a random but reproducible log of the events the worklist reads: renames of
// organisations that run operations, value-list texts changed while operations show them,
// entries created after and deleted while operations show them, operators merged away,
// plants created before and after their operation, applications opened and closed, and events
// of operations and plants that do not exist.
type erzeuger struct {
	t       *testing.T
	store   *eventstore.Store
	r       *rand.Rand
	werte   map[int64][2]string // id → list, key of the entries that exist
	betrieb map[int64]bool
	anlagen map[int64]bool
	n       int
	letzter eventstore.Cursor // of the last event appended
	// nachJedem runs after each event appended
	nachJedem func()
}

var (
	listen     = []string{"betriebstyp", "betriebsstatus", "regionalstelle", "verwaltungseinheit", "anrede"}
	schluessel = map[string][]string{"betriebstyp": {"INDUSTRIE", "GEWERBE", "KOMMUNAL", "SONSTIGE"},
		"betriebsstatus": {"geplant", "in_betrieb", "stillgelegt"}}
	orte = []string{"Koblenz", "Mainz", "Trier", "Bad Ems", "Neustadt an der Weinstraße"}
)

func (g *erzeuger) anhaengen(typ string, id int64, v ereignis.DomainEvent) {
	g.t.Helper()
	a, err := g.store.Append(context.Background(), eventstore.StreamID(typ, id), typ, eventstore.AnyVersion,
		[]eventstore.NewEvent{{Type: v.EventType(), Data: v}}, eventstore.Metadata{})
	if err != nil {
		g.t.Fatal(err)
	}
	g.n++
	g.letzter = a.Events[len(a.Events)-1].Cursor()
	if g.nachJedem != nil {
		g.nachJedem()
	}
}

func (g *erzeuger) id(von, bis int) int64 { return int64(von + g.r.IntN(bis-von+1)) }

// wertID is an existing entry of liste, sometimes one that is not (any more).
func (g *erzeuger) wertID(liste string) int64 {
	var ids []int64
	for id, w := range g.werte {
		if w[0] == liste {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 || g.r.IntN(8) == 0 {
		return g.id(1, 40)
	}
	// map order is random: pick by the smallest ids, reproducibly
	min := ids[0]
	for _, id := range ids {
		if id < min {
			min = id
		}
	}
	return min + int64(g.r.IntN(3))
}

func (g *erzeuger) daten() betrieb.Daten {
	d := betrieb.Daten{Bezeichnung: fmt.Sprintf("Betrieb %d Müller & Söhne", g.r.IntN(1000)),
		Adresse:     betrieb.Adresse{Strasse: "Hauptstraße", Hausnummer: fmt.Sprint(g.r.IntN(99)), Plz: fmt.Sprint(56000 + g.r.IntN(999)), Ort: orte[g.r.IntN(len(orte))]},
		BetreiberID: g.id(1, 9), Betriebsstatus: schluessel["betriebsstatus"][g.r.IntN(3)]}
	if g.r.IntN(5) > 0 {
		d.RegionalstelleID = g.wertID("regionalstelle")
	}
	return d
}

func (g *erzeuger) anlageDaten() anlage.Daten {
	return anlage.Daten{Bezeichnung: fmt.Sprintf("Kläranlage %d", g.r.IntN(1000)), Anlagenart: []string{"A", "B"}[g.r.IntN(2)],
		Anlagenstatus: []string{anlage.Geplant, anlage.InBetrieb}[g.r.IntN(2)]}
}

// vorspann appends the cases that need several events in one batch: an organisation renamed
// and entries' texts changed while two operations show them, then deleted, and one of the
// operations looking its texts up again afterwards (it shows no name, the key, the new status
// text and no office; the other keeps what the changes handed on). The random events never
// touch these ids and keys.
func (g *erzeuger) vorspann() {
	d := betrieb.Daten{Bezeichnung: "Brauerei", Adresse: betrieb.Adresse{Ort: "Koblenz"}, BetreiberID: 20, Betriebsstatus: "vorspann", RegionalstelleID: 43}
	g.anhaengen(organisation.StreamType, 20, organisation.OrganisationAngelegt{Daten: organisation.Daten{Bezeichnung: "Org 20 alt"}})
	g.anhaengen(werteliste.StreamType, 41, werteliste.EintragAngelegt{Liste: "betriebstyp", Schluessel: "BRAUEREI", Wert: "Brauerei"})
	g.anhaengen(werteliste.StreamType, 42, werteliste.EintragAngelegt{Liste: "betriebsstatus", Schluessel: "vorspann", Wert: "Vorspann"})
	g.anhaengen(werteliste.StreamType, 43, werteliste.EintragAngelegt{Liste: "regionalstelle", Wert: "RS Koblenz"})
	g.anhaengen(betrieb.StreamType, 140, betrieb.BetriebBeantragt{BetriebsID: "2026-000140", Daten: d, Betriebstyp: "BRAUEREI"})
	g.anhaengen(betrieb.StreamType, 141, betrieb.BetriebBeantragt{BetriebsID: "2026-000141", Daten: d, Betriebstyp: "BRAUEREI"})
	g.anhaengen(anlage.StreamType, 1100, anlage.AnlageAngelegt{BetriebID: 140, Typ: anlage.Kanalnetz, Daten: g.anlageDaten()})
	g.anhaengen(organisation.StreamType, 20, organisation.OrganisationGeaendert{Daten: organisation.Daten{Bezeichnung: "Org 20 neu"}})
	g.anhaengen(werteliste.StreamType, 41, werteliste.EintragGeaendert{Wert: "Brauerei neu"})
	g.anhaengen(werteliste.StreamType, 42, werteliste.EintragGeaendert{Wert: "Vorspann neu"})
	g.anhaengen(werteliste.StreamType, 43, werteliste.EintragGeaendert{Wert: "RS neu"})
	g.anhaengen(werteliste.StreamType, 41, werteliste.EintragGeloescht{})
	g.anhaengen(werteliste.StreamType, 43, werteliste.EintragGeloescht{})
	g.anhaengen(organisation.StreamType, 20, organisation.OrganisationGeloescht{})
	g.anhaengen(betrieb.StreamType, 140, betrieb.BetriebsdatenGeaendert{Daten: d})
}

// naechstes appends one event.
func (g *erzeuger) naechstes() {
	switch k := g.r.IntN(100); {
	case k < 8: // organisations 1–8 (9 is never created)
		id := g.id(1, 8)
		switch g.r.IntN(6) {
		case 0, 1:
			g.anhaengen(organisation.StreamType, id, organisation.OrganisationAngelegt{Daten: organisation.Daten{Bezeichnung: fmt.Sprintf("Org %d-%d GmbH", id, g.n)}})
		case 2, 3:
			g.anhaengen(organisation.StreamType, id, organisation.OrganisationGeaendert{Daten: organisation.Daten{Bezeichnung: fmt.Sprintf("Org %d umbenannt %d", id, g.n)}})
		case 4:
			g.anhaengen(organisation.StreamType, id, organisation.OrganisationGeloescht{})
		default:
			g.anhaengen(organisation.StreamType, id, organisation.OrganisationZusammengefuehrt{ZielID: g.id(1, 8), Datum: "2026-01-01"})
		}
	case k < 22: // value lists, entries 1–40
		id := g.id(1, 40)
		w, da := g.werte[id]
		switch {
		case !da && g.r.IntN(3) > 0:
			liste := listen[g.r.IntN(len(listen))]
			var s string
			if keys := schluessel[liste]; keys != nil {
				s = keys[g.r.IntN(len(keys))]
				for _, andere := range g.werte {
					if andere == [2]string{liste, s} {
						return // keys are unique in a list
					}
				}
			}
			g.werte[id] = [2]string{liste, s}
			g.anhaengen(werteliste.StreamType, id, werteliste.EintragAngelegt{Liste: liste, Wert: fmt.Sprintf("%s %d Text %d", liste, id, g.n), Schluessel: s})
		case g.r.IntN(6) == 0:
			delete(g.werte, id)
			g.anhaengen(werteliste.StreamType, id, werteliste.EintragGeloescht{})
		default:
			wert := fmt.Sprintf("%s %d geändert %d", w[0], id, g.n)
			if g.r.IntN(8) == 0 {
				wert = "" // only the extras changed
			}
			g.anhaengen(werteliste.StreamType, id, werteliste.EintragGeaendert{Wert: wert})
		}
	case k < 75: // operations 100–129 (and 130, never requested)
		id := g.id(100, 130)
		if !g.betrieb[id] && id != 130 && g.r.IntN(2) == 0 {
			g.betrieb[id] = true
			typ := append(schluessel["betriebstyp"], "OHNE_TEXT")[g.r.IntN(5)]
			g.anhaengen(betrieb.StreamType, id, betrieb.BetriebBeantragt{BetriebsID: fmt.Sprintf("2026-%06d", id), Daten: g.daten(), Betriebstyp: typ})
			return
		}
		var v ereignis.DomainEvent
		switch g.r.IntN(12) {
		case 0:
			v = betrieb.FreigabeErneutBeantragt{Daten: g.daten()}
		case 1:
			v = betrieb.BetriebsdatenGeaendert{Daten: g.daten()}
		case 2:
			v = betrieb.BetriebGeaendert{Daten: g.daten()}
		case 3:
			v = betrieb.BetriebFreigegeben{}
		case 4:
			v = betrieb.BetriebAbgewiesen{}
		case 5:
			v = betrieb.BetreiberUmgezogen{NeuID: g.id(1, 9)}
		case 6, 7:
			v = betrieb.StammdatenAntragGestellt{Antrag: betrieb.StammdatenAntrag{Bezeichnung: "neu"}}
		case 8:
			v = betrieb.StammdatenAntragUebernommen{Felder: []string{"bezeichnung"}}
		case 9:
			v = betrieb.StammdatenAntragAbgelehnt{}
		case 10:
			v = betrieb.BetreiberGewechselt{NeuID: g.id(1, 9)}
		default:
			v = betrieb.BetriebStillgelegt{Datum: "2026-02-01"}
		}
		g.anhaengen(betrieb.StreamType, id, v)
	default: // plants 1000–1039 of operations 100–131
		id := g.id(1000, 1039)
		if !g.anlagen[id] && g.r.IntN(2) == 0 {
			g.anlagen[id] = true
			g.anhaengen(anlage.StreamType, id, anlage.AnlageAngelegt{BetriebID: g.id(100, 131), Typ: anlage.Kanalnetz, Daten: g.anlageDaten()})
			return
		}
		var v ereignis.DomainEvent
		switch g.r.IntN(6) {
		case 0, 1:
			v = anlage.AnlageGeaendert{Daten: g.anlageDaten()}
		case 2:
			v = anlage.AnlageStillgelegt{Datum: "2026-03-01"}
		case 3:
			v = anlage.AenderungsantragGestellt{}
		case 4:
			v = anlage.AenderungsantragUebernommen{}
		default:
			v = anlage.AenderungsantragAbgelehnt{}
		}
		g.anhaengen(anlage.StreamType, id, v)
	}
}

// tabellen of the worklist, each row as text in the order of its id.
func tabellen(t *testing.T, pool *pgxpool.Pool, schema string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, tab := range []string{"organisation", "wert", "betrieb", "anlage"} {
		var s string
		if err := pool.QueryRow(context.Background(), fmt.Sprintf(`SELECT coalesce(string_agg(t::text, E'\n' ORDER BY id), '') FROM %q.%q t`,
			schema, tab)).Scan(&s); err != nil {
			t.Fatal(err)
		}
		out[tab] = strings.Split(s, "\n")
	}
	return out
}

func vergleichen(t *testing.T, pool *pgxpool.Pool, soll, ist string) {
	t.Helper()
	a, b := tabellen(t, pool, soll), tabellen(t, pool, ist)
	for tab, zeilen := range a {
		if strings.Join(zeilen, "\n") == strings.Join(b[tab], "\n") {
			continue
		}
		var diff []string
		for i := 0; i < max(len(zeilen), len(b[tab])) && len(diff) < 10; i++ {
			var x, y string
			if i < len(zeilen) {
				x = zeilen[i]
			}
			if i < len(b[tab]) {
				y = b[tab][i]
			}
			if x != y {
				diff = append(diff, fmt.Sprintf("  %s: %s\n  %s: %s", soll, x, ist, y))
			}
		}
		t.Errorf("%s.%s differs from %s.%s (%d vs %d rows):\n%s", ist, tab, soll, tab, len(b[tab]), len(zeilen), strings.Join(diff, "\n"))
	}
}

// aufholen applies the log up to bis. The store hands out only events older than every
// transaction still running on the server (other tests' too), so it may take a few tries.
func aufholen(t *testing.T, store *eventstore.Store, p projections.Projection, bis eventstore.Cursor) {
	t.Helper()
	for start := time.Now(); ; time.Sleep(2 * time.Millisecond) {
		cp, err := projections.CatchUp(context.Background(), store, p)
		if err != nil {
			t.Fatal(err)
		}
		if !bis.After(cp) {
			return
		}
		if time.Since(start) > time.Minute {
			t.Fatalf("%s: event %d not readable after a minute", p.Name, bis.Position)
		}
	}
}

func unter(name string) projections.Projection {
	p := arbeitsliste.Projection
	p.Name = name
	return p
}

// The same log gives the same rows whatever the batches: applied one event at a time, in
// batches of a few to a hundred events, all in one batch, and by a rebuild — and the rows the
// worklist wrote before the batch contract, one event at a time with SQL UPDATEs.
func TestWorklist_BatchBoundaries_SameRowsAsEventByEvent_AndAsTheOldProjection(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	store := eventstore.New(pool)
	g := &erzeuger{t: t, store: store, r: rand.New(rand.NewPCG(13, 2026)), werte: map[int64][2]string{},
		betrieb: map[int64]bool{}, anlagen: map[int64]bool{}}
	einzeln, gemischt, ganz := unter("al_einzeln"), unter("al_gemischt"), unter("al_ganz")
	for _, p := range []projections.Projection{einzeln, gemischt, ganz} {
		if _, err := projections.CatchUp(ctx, store, p); err != nil {
			t.Fatal(err)
		}
	}
	g.nachJedem = func() { aufholen(t, store, einzeln, g.letzter) } // a batch of this one event
	g.vorspann()
	aufholen(t, store, gemischt, g.letzter) // the cases of the head in one batch
	naechsterStapel := 1
	for g.n < 1500 {
		g.naechstes()
		if naechsterStapel--; naechsterStapel == 0 {
			aufholen(t, store, gemischt, g.letzter)
			naechsterStapel = 1 + g.r.IntN([]int{3, 20, 100}[g.r.IntN(3)])
		}
	}
	aufholen(t, store, gemischt, g.letzter)
	aufholen(t, store, ganz, g.letzter) // one batch: the log is shorter than a catch-up batch
	events, err := store.ReadAll(ctx, eventstore.Cursor{}, 10000)
	if err != nil || len(events) != g.n {
		t.Fatalf("%d of %d events read: %v", len(events), g.n, err)
	}
	if err := altAufbauen(ctx, store, "al_alt"); err != nil {
		t.Fatal(err)
	}
	soll := tabellen(t, pool, "al_alt")
	var umbenannt, gezeigt int
	_ = pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE betreiber LIKE '%umbenannt%'), count(*) FILTER (WHERE betriebstyp_text LIKE '%geändert%')
		FROM al_alt.betrieb`).Scan(&umbenannt, &gezeigt)
	if len(soll["betrieb"]) < 20 || len(soll["anlage"]) < 20 || umbenannt == 0 || gezeigt == 0 {
		t.Fatalf("the log covers too little: %d operations, %d plants, %d renamed operators, %d changed texts",
			len(soll["betrieb"]), len(soll["anlage"]), umbenannt, gezeigt)
	}
	for id, soll := range map[int64]string{140: `"" "BRAUEREI" "Vorspann neu" ""`, 141: `"Org 20 neu" "Brauerei neu" "Vorspann neu" "RS neu"`} {
		var ist string
		_ = pool.QueryRow(ctx, `SELECT format('%s %s %s %s', quote_ident(betreiber), quote_ident(betriebstyp_text), quote_ident(betriebsstatus_text),
			quote_ident(regionalstelle)) FROM al_alt.betrieb WHERE id = $1`, id).Scan(&ist)
		if ist != soll {
			t.Errorf("operation %d shows %s, want %s", id, ist, soll)
		}
	}
	vergleichen(t, pool, "al_alt", "al_einzeln")
	vergleichen(t, pool, "al_alt", "al_gemischt")
	vergleichen(t, pool, "al_alt", "al_ganz")
	if err := projections.Rebuild(ctx, store, einzeln, nil); err != nil {
		t.Fatal(err)
	}
	vergleichen(t, pool, "al_alt", "al_einzeln")
}
