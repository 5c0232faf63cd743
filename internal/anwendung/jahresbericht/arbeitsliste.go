package jahresbericht

import (
	"cmp"

	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// Arbeitsliste is the annual reports worklist with its export (the start page's Jahresberichte
// tab; HTTP in httpapi/arbeitsliste.go): each row as the caller may see it — the plant's number,
// and the submitter's name by the rule of the report's form (einreicher: the Historie's masking).
var Arbeitsliste = func() arbeitsliste.Liste[arbeitsliste.Jahresbericht] {
	l := arbeitsliste.JahresberichteListe
	l.Fuer = func(n Nutzer, j arbeitsliste.Jahresbericht) arbeitsliste.Jahresbericht {
		j.AnlagenID = anlagedienst.AnlagenID(j.AnlageID)
		if j.Einreicher == 0 {
			j.EingereichtName = ""
			return j
		}
		j.EingereichtName = einreicher(n, j.Einreicher, j.EingereichtRolle,
			map[int64]konten.Benannt{j.Einreicher: {Name: j.EingereichtName, Organisation: j.EingereichtOrganisation}}).Person.Name
		return j
	}
	l.Export = arbeitsliste.Export[arbeitsliste.Jahresbericht]{Blatt: "Jahresberichte", Kopf: []string{"Berichtsjahr", "Anlagen-Nr.",
		"Anlagen-Name", "Betrieb", "Von", "Bis", "Status", "Geändert", "Eingereicht von"}, Zeile: func(j arbeitsliste.Jahresbericht) []any {
		return []any{j.Jahr, j.AnlagenID, j.AnlageBezeichnung, j.Betrieb, tabelle.Datum(j.Von), tabelle.Datum(j.Bis),
			cmp.Or(jahresbericht.Statustexte[j.Status], j.Status), tabelle.Zeitpunkt(j.Geaendert), j.EingereichtName}
	}}
	return l
}()
