package anlage

import (
	"context"
	"time"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
)

// typnamen are the plant types as the print names them (the tree of the Druckausgabe).
var typnamen = map[string]string{anlage.Abwasserbehandlung: "Abwasserbehandlungsanlage", anlage.Kuehlwasser: "Kühlwasseranlage",
	anlage.Entlastung: "Entlastungsanlage", anlage.Kanalnetz: "Kanalnetz"}

// Druckstand is the plant as the print of the operation file shows it at zeit (the zero time:
// now): the Verlauf's view of its state then, as the caller may see it (issue 33).
func (d *Dienst) Druckstand(ctx context.Context, n Nutzer, id int64, zeit time.Time) (verlauf.Druckstand, error) {
	s, _, events, err := d.stream(ctx, n, id)
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	x, version, err := verlauf.StandZum(anlage.Decider, events, zeit, s)
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	jetzt, _, err := verlauf.StandZum(anlage.Decider, events, time.Time{}, s)
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	out := verlauf.Druckstand{Version: version, BetriebID: jetzt.BetriebID, Art: typnamen[jetzt.Typ], Namen: anlage.Feldnamen,
		Titel: AnlagenID(id) + " " + jetzt.Daten.Bezeichnung}
	if version == 0 {
		return out, nil
	}
	out.Titel = AnlagenID(id) + " " + x.Daten.Bezeichnung
	views, err := verlaufsansichten(d.Store)(ctx, []anlage.Anlage{x})
	if err != nil {
		return verlauf.Druckstand{}, err
	}
	out.Ansicht = views[0]
	return out, nil
}
