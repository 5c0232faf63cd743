package anlage

import (
	"cmp"
	"context"
	"io"

	"github.com/eabwasser/eabwasser/internal/tabelle"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// exporttexte are the German texts of the plant identifiers the export writes (spec 000 §3, as
// the start page shows them).
var exporttexte = map[string]string{
	"ABWASSERBEHANDLUNG": "Abwasserbehandlung", "KUEHLWASSER": "Kühlwasser", "ENTLASTUNG": "Entlastung", "KANALNETZ": "Kanalnetz",
	"KLEINKLAERANLAGE": "Kleinkläranlage", "ABWASSERVORBEHANDLUNG": "Abwasservorbehandlung", "ANLAGE_AUSSERHALB": "Anlage außerhalb",
	"MISCHWASSER": "Mischwasser", "NIEDERSCHLAGSWASSER": "Niederschlagswasser",
	"GEPLANT": "Geplant", "IN_BETRIEB": "In Betrieb", "STILLGELEGT": "Stillgelegt", "ANGESCHLOSSEN_AN": "Angeschlossen an",
}

func exporttext(id string) string { return cmp.Or(exporttexte[id], id) }

// Exportieren writes the plants worklist rows of the filter (or the selected ids) the caller may
// see as xlsx, row by row — the operations worklist's export for plants.
func (d *Dienst) Exportieren(ctx context.Context, n Nutzer, f arbeitsliste.AnlagenFilter, w io.Writer) error {
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return err
	}
	f.Sicht = n.Sicht
	return tabelle.Schreibe(w, "Anlagen", []string{"Anlagen-Nr.", "Abwasseranlage", "Anlagentyp", "Anlagenart", "Status", "Betrieb", "Ort",
		"Änderungsantrag offen"}, func(zeile func(...any) error) error {
		return arbeitsliste.JedeAnlage(ctx, d.Store.Pool(), f, func(a arbeitsliste.Anlage) error {
			antrag := ""
			if a.AntragOffen {
				antrag = "ja"
			}
			return zeile(AnlagenID(a.ID), a.Bezeichnung, exporttext(a.Anlagentyp), exporttext(a.Anlagenart), exporttext(a.Anlagenstatus), a.Betrieb, a.Ort, antrag)
		})
	})
}
