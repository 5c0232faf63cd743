package seed_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

func TestDemoWertelisten_EveryListFilledAndOldEntriesGetTheirColumns(t *testing.T) {
	ctx := context.Background()
	pool, _ := testdb.New(t)
	store := app.NewStore(pool)
	// an entry of an older seed: stored before entlastungstyp had extra columns
	id, _ := eventstore.NextID(ctx, store, "werteliste_id_seq")
	if _, err := store.Append(ctx, eventstore.StreamID(werteliste.StreamType, id), werteliste.StreamType, eventstore.NoStream,
		[]eventstore.NewEvent{{Type: "WertelisteEintragAngelegt", Data: json.RawMessage(`{"liste":"entlastungstyp","wert":"Regenüberlaufbecken"}`)}},
		seed.Akteur); err != nil {
		t.Fatal(err)
	}
	if _, err := seed.Demo(ctx, store); err != nil {
		t.Fatal(err)
	}
	for _, def := range werteliste.Listen {
		es, err := wertelisten.Eintraege(ctx, pool, def.Name)
		if err != nil || len(es) < 2 {
			t.Errorf("%s: %d entries, %v", def.Name, len(es), err)
		}
		if def.Aufzaehlung() && len(es) != len(def.Schluessel) {
			t.Errorf("%s: %d entries for %d identifiers", def.Name, len(es), len(def.Schluessel))
		}
	}
	typen, _ := wertelisten.Eintraege(ctx, pool, "entlastungstyp")
	systeme, _ := wertelisten.Eintraege(ctx, pool, "entlastungssystem")
	rue := typen[slices.IndexFunc(typen, func(e wertelisten.Eintrag) bool { return e.Value == "Regenüberlaufbecken" })]
	if rue.ID != id || string(rue.Extras) != `{"entlastungssysteme": [`+jsonText(systeme[0].ID)+`]}` || systeme[0].Value != "Mischsystem" {
		t.Fatalf("old entry: %+v %s", rue, rue.Extras)
	}
	stellen, _ := wertelisten.Eintraege(ctx, pool, "regionalstelle")
	if len(stellen) != 7 || !slices.ContainsFunc(stellen, func(e wertelisten.Eintrag) bool { return e.Value == seed.Regionalstelle }) {
		t.Fatalf("Regionalstellen: %+v", stellen)
	}
	if again, err := seed.Demo(ctx, store); err != nil || again != 0 {
		t.Fatalf("second run added %d, %v", again, err)
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
