package anlage

import (
	"fmt"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Listenwert is a value of a plant field that is chosen from a value list (the entry's text is
// stored): the field's path in the form, the list, the value. Extra, when set, names the
// entry's extra that holds the value instead of its text (an Anforderung's parameterNr).
type Listenwert struct{ Feld, Liste, Wert, Extra string }

// Listenwerte are the filled fields of d that take their value from a value list. The service
// checks them against the lists (internal/anwendung/auswahl.PruefeListenwerte): a value the plant already
// holds stays valid when its entry was renamed or deleted since.
func Listenwerte(d Daten) []Listenwert {
	var out []Listenwert
	add := func(feld, liste, wert string) {
		if wert != "" {
			out = append(out, Listenwert{Feld: feld, Liste: liste, Wert: wert})
		}
	}
	add("anlagensystem", "anlagensystem", d.Anlagensystem)
	add("entlastungssystem", "entlastungssystem", d.Entlastungssystem)
	add("entlastungstyp", "entlastungstyp", d.Entlastungstyp)
	add("kuehlart", "kuehlart", d.Kuehlart)
	add("kanalsystem", "kanalsystem", d.Kanalsystem)
	add("abwasserart", "abwasserart", d.Abwasserart)
	add("materialart", "kanal-materialart", d.Materialart)
	// the treatment steps: each value an entry of its list
	for _, st := range []struct {
		feld, liste string
		werte       []string
	}{{"vorbehandlung", "vorbehandlung", d.Vorbehandlung}, {"biologischeBehandlung", "biologische_behandlung", d.BiologischeBehandlung},
		{"chemischeBehandlung", "chemische-behandlung", d.ChemischeBehandlung}, {"nachbehandlung", "nachbehandlung", d.Nachbehandlung},
		{"schlammbehandlung", "schlammbehandlung", d.Schlammbehandlung}} {
		if len(st.werte) > validierung.Hoechstanzahl(st.feld) {
			continue // a list over its maximum is answered with one message (the decider's)
		}
		for _, w := range st.werte {
			add(st.feld, st.liste, w)
		}
	}
	// the disposal area's units: each a Gemeinde-Nr. of the list verwaltungseinheit
	if d.Entsorgungsraum != nil && len(d.Entsorgungsraum.Entsorgungsraeume) <= validierung.Hoechstanzahl("entsorgungsraeume") {
		for i, v := range d.Entsorgungsraum.Entsorgungsraeume {
			if v.Schluessel != "" {
				out = append(out, Listenwert{Feld: fmt.Sprintf("entsorgungsraum.entsorgungsraeume[%d].verwaltungseinheitSchluessel", i),
					Liste: "verwaltungseinheit", Wert: v.Schluessel, Extra: "gemeindeNr"})
			}
		}
	}
	for i, x := range d.Auslegungen {
		add(fmt.Sprintf("auslegungUndBelastungsDaten[%d].parameter", i), "as-parameter", x.Parameter)
		add(fmt.Sprintf("auslegungUndBelastungsDaten[%d].einheit", i), "as-einheit", x.Einheit)
	}
	for i, p := range d.Planungen {
		add(fmt.Sprintf("planungen[%d].status", i), "planung-status", p.Status)
	}
	for i, t := range d.Anlagenteile {
		add(fmt.Sprintf("anlagenteile[%d].kategorie", i), "bauwerk-anlageteil-kategorie", t.Kategorie)
		add(fmt.Sprintf("anlagenteile[%d].bezeichnung", i), "bauwerk-anlageteil-bezeichnung", t.Bezeichnung)
	}
	return out
}

// AntragsListenwerte are the fields of a change request chosen from a value list.
func AntragsListenwerte(a Aenderungsantrag) []Listenwert {
	if a.Kuehlart == "" {
		return nil
	}
	return []Listenwert{{Feld: "kuehlart", Liste: "kuehlart", Wert: a.Kuehlart}}
}
