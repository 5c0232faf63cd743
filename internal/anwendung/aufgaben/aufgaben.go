// Package aufgaben is the application service of the Aufgaben view (issue 14): it decides
// which tasks of the read model projections/aufgaben a caller sees. Staff see the open
// applications they may decide (the permission table names the deciding action of each task)
// among the operations they see; the operator side sees its organisation's applications in
// every state. The decisions themselves are the areas' commands (betrieb, anlage).
package aufgaben

import (
	"context"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	liste "github.com/eabwasser/eabwasser/projections/aufgaben"
)

// Dienst is the service.
type Dienst struct {
	Store *eventstore.Store
}

// filter is the caller's part of the tasks, and the caller resolved.
func (d *Dienst) filter(ctx context.Context, n zugriff.Nutzer) (liste.Filter, zugriff.Nutzer, error) {
	if !n.Darf(berechtigung.AufgabenLesen) {
		return liste.Filter{}, n, validierung.NichtErlaubt
	}
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return liste.Filter{}, n, err
	}
	f := liste.Filter{Sicht: n.Sicht, Eigene: n.Organisationsseitig(), Aktionen: []string{}, Konto: n.AnwenderID}
	for _, a := range berechtigung.Aktionen(n.Rollen) {
		f.Aktionen = append(f.Aktionen, string(a))
	}
	return f, n, nil
}

// Liste returns a page of the caller's tasks, who requested and who decided each named as the
// Historie names them to him (verlauf.NamenFuer over the events' metadata: staff are
// "Behörde" to an operator's accounts).
func (d *Dienst) Liste(ctx context.Context, n zugriff.Nutzer, page, size int, frisch bool) (arbeitsliste.Seite[liste.Aufgabe], error) {
	f, n, err := d.filter(ctx, n)
	if err != nil {
		return arbeitsliste.Seite[liste.Aufgabe]{}, err
	}
	f.Page, f.Size, f.Frisch = page, size, frisch
	out, err := liste.Liste(ctx, d.Store.Pool(), f)
	s := verlauf.Sicht[struct{}]{Namen: verlauf.NamenFuer(n)}
	for i := range out.Content {
		a := &out.Content[i]
		a.BeantragtVon = s.Akteur(a.Beantragt.Metadata(), a.BeantragtVon)
		if a.EntschiedenVon != "" {
			a.EntschiedenVon = s.Akteur(a.Entschieden.Metadata(), a.EntschiedenVon)
		}
	}
	return out, err
}

// Anzahl counts the caller's open tasks; frisch: now, not from the count cache (the caller
// waits for his own command).
func (d *Dienst) Anzahl(ctx context.Context, n zugriff.Nutzer, frisch bool) (int64, error) {
	f, _, err := d.filter(ctx, n)
	if err != nil {
		return 0, err
	}
	f.Frisch = frisch
	return liste.Anzahl(ctx, d.Store.Pool(), f)
}
