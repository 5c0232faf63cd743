package arbeitsliste_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// After a rebuild has filled the tables, an event that changes no indexed column of its row (an
// application opened: antrag_offen and position) updates the row on its own page. On a page
// filled to the brim the new version of the row would go to another page, with a new entry in
// every index.
func TestWorklist_AnEventThatChangesNoIndexedColumnUpdatesItsRowOnItsPage(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	store := eventstore.New(pool)
	anhaengen := func(typ string, id int64, v ereignis.DomainEvent) {
		t.Helper()
		if _, err := store.Append(ctx, eventstore.StreamID(typ, id), typ, eventstore.AnyVersion,
			[]eventstore.NewEvent{{Type: v.EventType(), Data: v}}, eventstore.Metadata{}); err != nil {
			t.Fatal(err)
		}
	}
	for id := int64(1); id <= 300; id++ {
		anhaengen(betrieb.StreamType, id, betrieb.BetriebBeantragt{BetriebsID: fmt.Sprintf("2026-%06d", id), Betriebstyp: "INDUSTRIE",
			Daten: betrieb.Daten{Bezeichnung: fmt.Sprintf("Brauerei %d am Rhein", id), BetreiberID: 7, Betriebsstatus: "in_betrieb",
				Adresse: betrieb.Adresse{Strasse: "Hauptstraße", Hausnummer: fmt.Sprint(id), Plz: "56068", Ort: "Koblenz"}}})
		anhaengen(anlage.StreamType, 1000+id, anlage.AnlageAngelegt{BetriebID: id, Typ: anlage.Kanalnetz,
			Daten: anlage.Daten{Bezeichnung: fmt.Sprintf("Kanalnetz %d", id), Anlagenart: "A", Anlagenstatus: anlage.InBetrieb}})
	}
	testdb.WarteAufSichtbarkeit(t, pool) // the log is read below the horizon of every open transaction
	if err := projections.Rebuild(ctx, store, arbeitsliste.Projection, nil); err != nil {
		t.Fatal(err)
	}
	type zeile struct {
		tabelle string
		id      int64
	}
	zeilen := []zeile{{"betrieb", 150}, {"anlage", 1150}}
	seite := func(z zeile) (block int64, offen bool) {
		t.Helper()
		if err := pool.QueryRow(ctx, fmt.Sprintf(`SELECT (ctid::text::point)[0]::bigint, antrag_offen FROM arbeitsliste.%s WHERE id = $1`, z.tabelle),
			z.id).Scan(&block, &offen); err != nil {
			t.Fatal(err)
		}
		return block, offen
	}
	vorher := map[zeile]int64{}
	for _, z := range zeilen {
		vorher[z], _ = seite(z)
	}
	anhaengen(betrieb.StreamType, 150, betrieb.StammdatenAntragGestellt{})
	anhaengen(anlage.StreamType, 1150, anlage.AenderungsantragGestellt{})
	testdb.WarteAufSichtbarkeit(t, pool)
	if _, err := projections.CatchUp(ctx, store, arbeitsliste.Projection); err != nil {
		t.Fatal(err)
	}
	for _, z := range zeilen {
		block, offen := seite(z)
		if !offen {
			t.Fatalf("%s %d: the application is not shown as open", z.tabelle, z.id)
		}
		if block != vorher[z] {
			t.Errorf("%s %d: the row moved from page %d to page %d", z.tabelle, z.id, vorher[z], block)
		}
	}
}
