// Package seed fills a database with demo data through the real command path, so demo data
// has events, an audit trail and read models like everything users enter. Running it twice
// changes nothing.
package seed

import (
	"context"
	"fmt"
	"slices"

	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections/wertelisten"
)

// Akteur is who the demo data is recorded as.
var Akteur = eventstore.Metadata{ActorID: "system", ActorName: "Demo-Daten", Roles: []string{"SYSTEMADMIN"},
	CorrelationID: "seed-demo"}

// demoWertelisten are realistic entries for the value lists the first screens need.
var demoWertelisten = map[string][]string{
	"anrede":            {"Frau", "Herr", "Divers", "Keine Angabe"},
	"titel":             {"Dr.", "Prof.", "Prof. Dr.", "Dipl.-Ing.", "Dr.-Ing."},
	"abwasserart":       {"Schmutzwasser", "Niederschlagswasser", "Mischwasser", "Kühlwasser"},
	"kanalsystem":       {"Mischsystem", "Trennsystem", "Modifiziertes Trennsystem"},
	"kanal-materialart": {"Beton", "Steinzeug", "PVC", "PE-HD", "Guss"},
	"kuehlart":          {"Durchlaufkühlung", "Kreislaufkühlung", "Ablaufkühlung"},
	"entlastungssystem": {"Mischsystem", "Trennsystem"},
	"entlastungstyp":    {"Regenüberlaufbecken", "Regenüberlauf", "Stauraumkanal", "Regenrückhaltebecken"},
	"planung-status":    {"geplant", "in Umsetzung", "abgeschlossen"},
	"zustaendigkeit-person": {"Betriebsleitung", "Gewässerschutzbeauftragte/r",
		"Abwassermeister/in", "Ansprechpartner/in Labor"},
}

// Demo creates the demo data that is missing and reports how many entries it added.
func Demo(ctx context.Context, store *eventstore.Store) (int, error) {
	added := 0
	listen := make([]string, 0, len(demoWertelisten))
	for l := range demoWertelisten {
		listen = append(listen, l)
	}
	slices.Sort(listen)
	for _, liste := range listen {
		vorhanden, err := wertelisten.Eintraege(ctx, store.Pool(), liste)
		if err != nil {
			return added, err
		}
		for _, wert := range demoWertelisten[liste] {
			if slices.ContainsFunc(vorhanden, func(e wertelisten.Eintrag) bool { return e.Value == wert }) {
				continue
			}
			id, err := eventstore.NextID(ctx, store, "werteliste_id_seq")
			if err != nil {
				return added, err
			}
			if _, err := werteliste.Decider.Handle(ctx, store, id, -1, werteliste.LegeEintragAn{Liste: liste, Wert: wert}, Akteur); err != nil {
				return added, fmt.Errorf("%s %q: %w", liste, wert, err)
			}
			added++
		}
	}
	return added, nil
}
