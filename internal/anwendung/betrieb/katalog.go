package betrieb

import (
	"context"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// Katalogeintrag is an operation as a picker shows it (spec 002's betriebkatalog): Betriebs-Nr.,
// name and operator.
type Katalogeintrag struct {
	ID          int64  `json:"id"`
	BetriebsID  string `json:"betriebsId"`
	Bezeichnung string `json:"bezeichnung"`
	Betreiber   string `json:"betreiber"`
}

// KatalogGroesse is the most hits one search of the catalogue answers.
const KatalogGroesse = 20

// Katalog finds operations for the local roles' picker: the ones named by ids (to label a
// role's choice) and up to KatalogGroesse matches of q (Betriebs-Nr., name, operator, address;
// words in any order), only operations the caller may see, sorted by name. Administration
// only.
func (d *Dienst) Katalog(ctx context.Context, n Nutzer, q string, ids []int64) ([]Katalogeintrag, error) {
	if !n.Darf(berechtigung.SystemverwaltungOeffnen) {
		return nil, validierung.NichtErlaubt
	}
	out := []Katalogeintrag{}
	gesehen := map[int64]bool{}
	nimm := func(f arbeitsliste.Filter) error {
		seite, err := d.Suche(ctx, n, f)
		for _, b := range seite.Content {
			if !gesehen[b.ID] {
				gesehen[b.ID] = true
				out = append(out, Katalogeintrag{ID: b.ID, BetriebsID: b.BetriebsID, Bezeichnung: b.Bezeichnung, Betreiber: b.Betreiber})
			}
		}
		return err
	}
	if len(ids) > 0 {
		if err := nimm(arbeitsliste.Filter{IDs: ids, Size: len(ids)}); err != nil {
			return nil, err
		}
	}
	if q != "" {
		if err := nimm(arbeitsliste.Filter{Q: q, Size: KatalogGroesse}); err != nil {
			return nil, err
		}
	}
	return out, nil
}
