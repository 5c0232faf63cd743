package jahresbericht

import (
	"context"

	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections/ueberschreitung"
)

// UeberschreitungZeile is an exceedance as the operation's list shows it: the read model's row
// with the parameter's name.
type UeberschreitungZeile struct {
	ueberschreitung.Zeile
	ParameterName string `json:"parameterName"`
}

// Ueberschreitungen is the list of an operation's exceedances; Gekuerzt says that there are
// more than ueberschreitung.MaxZeilen (the page asks for one year then).
type Ueberschreitungen struct {
	Zeilen   []UeberschreitungZeile `json:"zeilen"`
	Gekuerzt bool                   `json:"gekuerzt"`
}

// UeberschreitungenDesBetriebs lists the exceedances of operation betriebID the caller sees in
// year jahr (0: every year) — everyone who sees the operation sees its limit-value checks, as
// the parameter pages show them (docs/decisions.md "Limit-value checks").
func (d *Dienst) UeberschreitungenDesBetriebs(ctx context.Context, n Nutzer, betriebID int64, jahr int) (Ueberschreitungen, error) {
	q := d.Store.Pool()
	n, err := zugriff.Aufloesen(ctx, q, n)
	if err != nil {
		return Ueberschreitungen{}, err
	}
	if _, _, err := betriebe.LadenSichtbar(ctx, q, n.Sicht, betriebID); err != nil {
		return Ueberschreitungen{}, err
	}
	zeilen, err := ueberschreitung.DesBetriebs(ctx, q, betriebID, jahr)
	if err != nil {
		return Ueberschreitungen{}, err
	}
	namen, err := d.parameterNamen(ctx)
	if err != nil {
		return Ueberschreitungen{}, err
	}
	out := Ueberschreitungen{Zeilen: make([]UeberschreitungZeile, len(zeilen)), Gekuerzt: len(zeilen) == ueberschreitung.MaxZeilen}
	for i, z := range zeilen {
		out.Zeilen[i] = UeberschreitungZeile{Zeile: z, ParameterName: namen[z.ParameterNr]}
	}
	return out, nil
}

// UeberschreitungenJeBetrieb is the start page's list: the operations the caller sees with
// exceedances in year jahr, those with the most not kept first.
func (d *Dienst) UeberschreitungenJeBetrieb(ctx context.Context, n Nutzer, jahr, page, size int) (ueberschreitung.Seite, error) {
	q := d.Store.Pool()
	n, err := zugriff.Aufloesen(ctx, q, n)
	if err != nil {
		return ueberschreitung.Seite{}, err
	}
	return ueberschreitung.Betriebe(ctx, q, n.Sicht, jahr, page, size)
}
