package jahresbericht

import (
	"context"
	"strconv"
	"strings"

	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	messstellen "github.com/eabwasser/eabwasser/internal/dokumente/messstelle"
)

// Druckbericht is an annual report as its print shows it (GET /api/jahresbericht/{id}/print,
// issue 33): its header fields (Kopf, labelled by Namen), its operation, and per parameter the
// values with their evaluation as the entry screen shows them (Messwerte: the same Messreihe,
// exceedances and § 6 AbwV from jahresbericht.BewerteNachAbwV).
type Druckbericht struct {
	BetriebID int64
	Betrieb   string
	Titel     string
	Kopf      any
	Namen     historie.Feldnamen
	Parameter []Druckparameter
}

// Druckparameter is one parameter of the print: where it is measured and its Messreihe.
type Druckparameter struct {
	Messstelle string
	Messreihe
}

// Druckbericht reads report id the caller sees (else not found) for its print.
func (d *Dienst) Druckbericht(ctx context.Context, n Nutzer, id int64) (Druckbericht, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return Druckbericht{}, err
	}
	j := sicht(g.Nutzer).Von(g.k.J)
	daten := j.Daten
	for _, s := range []*string{&daten.StatusMesswerte, &daten.StatusAQS, &daten.StatusExterne} {
		if t, ok := jahresbericht.Statustexte[*s]; ok {
			*s = t
		}
	}
	out := Druckbericht{BetriebID: g.a.BetriebID, Betrieb: g.b.Daten.Bezeichnung, Namen: jahresbericht.Feldnamen,
		Titel: strings.TrimSpace("Jahresbericht " + strconv.Itoa(j.Jahr) + " – " + g.a.Daten.Bezeichnung),
		Kopf: struct {
			Anlage string `json:"anlage"`
			Jahr   string `json:"jahr"`
			Von    string `json:"von"`
			Bis    string `json:"bis"`
			Status string `json:"status"`
			jahresbericht.Daten
			Kommentar string `json:"kommentar,omitempty"`
		}{g.a.Daten.Bezeichnung, strconv.Itoa(j.Jahr), j.Von, j.Bis, jahresbericht.Statustexte[j.Status], daten, j.Kommentar}}
	ids := make([]int64, 0, len(j.Parameter))
	for _, p := range j.Parameter {
		ids = append(ids, p.Messstelle)
	}
	ms, err := messstellen.Kandidaten(ctx, d.Store.Pool(), ids)
	if err != nil {
		return Druckbericht{}, err
	}
	namen := make(map[int64]string, len(ms))
	for _, m := range ms {
		namen[m.ID] = strings.TrimSpace(m.MessstellenID + " " + m.Bezeichnung)
	}
	for _, p := range j.Parameter {
		reihe, err := d.Messwerte(ctx, n, id, p.Messstelle, p.ParameterID)
		if err != nil {
			return Druckbericht{}, err
		}
		out.Parameter = append(out.Parameter, Druckparameter{Messstelle: namen[p.Messstelle], Messreihe: reihe})
	}
	return out, nil
}
