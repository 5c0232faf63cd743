package anlage

// The plant's Verlauf (every event with who, when and the changed fields), its form's German
// labels and the states it compares.

import (
	"cmp"
	"context"
	"strconv"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
)

// Verlauf lists every event of the plant with who, when and the changed fields.
func (d *Dienst) Verlauf(ctx context.Context, n Nutzer, id int64) ([]historie.Verlaufsschritt, error) {
	s, _, events, err := d.stream(ctx, n, id)
	if err != nil {
		return nil, err
	}
	return verlaufAus(ctx, d.Store, events, s)
}

// anzeigetexte are the texts of the plant form's fixed choices (Anlagenart, Anlagenstatus).
var anzeigetexte = map[string]string{"ABWASSERBEHANDLUNG": "Abwasserbehandlung", "KLEINKLAERANLAGE": "Kleinkläranlage",
	"ABWASSERVORBEHANDLUNG": "Abwasservorbehandlung", "ANLAGE_AUSSERHALB": "Anlage außerhalb", "MISCHWASSER": "Mischwasser",
	"NIEDERSCHLAGSWASSER": "Niederschlagswasser", anlage.Geplant: "Geplant", anlage.InBetrieb: "In Betrieb",
	anlage.Stillgelegt: "Stillgelegt", anlage.AngeschlossenAn: "Angeschlossen an"}

func text(code string) string {
	if t, ok := anzeigetexte[code]; ok {
		return t
	}
	return code
}

// verlaufAus is the Verlauf of a plant's events as view s shows them: the form's fields with
// their texts.
func verlaufAus(ctx context.Context, store *eventstore.Store, events []eventstore.Event, s verlauf.Sicht[anlage.Anlage]) ([]historie.Verlaufsschritt, error) {
	return verlauf.Erstelle(ctx, store, anlage.Decider, events, s, verlaufsansichten(store), anlage.Feldnamen, anlage.Antragssicht)
}

// verlaufsansichten are the plant's states as the Verlauf compares them (and the print shows
// them): the form's fields with their texts.
func verlaufsansichten(store *eventstore.Store) verlauf.Ansichten[anlage.Anlage] {
	return func(ctx context.Context, zustaende []anlage.Anlage) ([]any, error) {
		var orgs, anlagenIDs []int64
		for _, a := range zustaende {
			for _, p := range a.Daten.Abwasserbeseitigungspflichtige {
				orgs = append(orgs, p.OrganisationID)
			}
			anlagenIDs = append(anlagenIDs, a.Daten.AufnahmeID, a.Daten.Drosselablauf)
		}
		namen, err := konten.Organisationsnamen(ctx, store.Pool(), orgs) // the obligees by name, for every state at once
		if err != nil {
			return nil, err
		}
		// the receiving plant and the throttle outflow by name: a reassignment reads as one
		anlagennamen, err := anlagen.Bezeichnungen(ctx, store.Pool(), anlagenIDs)
		if err != nil {
			return nil, err
		}
		anlageText := func(id int64) string {
			if id == 0 {
				return ""
			}
			return cmp.Or(anlagennamen[id], "Anlage "+strconv.FormatInt(id, 10))
		}
		views := make([]any, len(zustaende))
		for i, a := range zustaende {
			pflichtige := make([]pflichtigerText, len(a.Daten.Abwasserbeseitigungspflichtige))
			for j, p := range a.Daten.Abwasserbeseitigungspflichtige {
				pflichtige[j] = pflichtigerText{Organisation: namen[p.OrganisationID], StartJahr: p.StartJahr}
				if pflichtige[j].Organisation == "" {
					pflichtige[j].Organisation = strconv.FormatInt(p.OrganisationID, 10)
				}
			}
			daten := a.Daten
			daten.Anlagenart, daten.Anlagenstatus = text(daten.Anlagenart), text(daten.Anlagenstatus)
			var lage *betrieb.Lage
			if daten.Lage != (betrieb.Lage{}) {
				lage = &daten.Lage
			}
			views[i] = struct {
				anlage.Daten
				Lage          *betrieb.Lage     `json:"lage"`
				GueltigAb     string            `json:"gueltigAb,omitempty"`
				Pflichtige    []pflichtigerText `json:"abwasserbeseitigungspflichtige"`
				Aufnahme      string            `json:"aufnahme,omitempty"`
				Drosselablauf string            `json:"drosselablauf,omitempty"`
			}{daten, lage, a.LetzterBeginn, pflichtige, anlageText(daten.AufnahmeID), anlageText(daten.Drosselablauf)}
		}
		return views, nil
	}
}

// pflichtigerText is an obligee as the Verlauf shows it: the organisation by its name (its
// number only when it is gone).
type pflichtigerText struct {
	Organisation string `json:"organisation"`
	StartJahr    int    `json:"startJahr"`
}

// verlaufAnlage is the Verlauf of a plant for the Ereignisprotokoll (verlauf.Quelle).
func verlaufAnlage(ctx context.Context, store *eventstore.Store, id int64) ([]historie.Verlaufsschritt, error) {
	events, err := store.ReadStream(ctx, eventstore.StreamID(anlage.StreamType, id), 1, 0)
	if err != nil {
		return nil, err
	}
	return verlaufAus(ctx, store, events, verlauf.Alles[anlage.Anlage]())
}
