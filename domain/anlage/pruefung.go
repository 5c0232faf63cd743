package anlage

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// normalisiert trims the texts, drops the extras of the other types, clears the receiving
// plant of a plant that is not an indirect discharger (spec 000 §4) and makes empty lists
// empty (not nil), so that equal data compare equal.
func normalisiert(d Daten) Daten {
	t := strings.TrimSpace
	d.Bezeichnung, d.Beschreibung, d.SuevoaAnlageNr, d.DwaNr, d.StaLaNr = t(d.Bezeichnung), t(d.Beschreibung), t(d.SuevoaAnlageNr), t(d.DwaNr), t(d.StaLaNr)
	d.Wasserbuchnummer, d.Flur, d.Flurstueck, d.Gemarkung = strings.ToUpper(t(d.Wasserbuchnummer)), t(d.Flur), t(d.Flurstueck), t(d.Gemarkung)
	if d.Behoerdenkennung = t(d.Behoerdenkennung); d.Behoerdenkennung == "" {
		d.Behoerdenkennung = "RLP"
	}
	if !d.Indirekteinleiter {
		d.AufnahmeID = 0
	}
	leer := func(xs []string) []string {
		out := []string{}
		for _, x := range xs {
			if x = t(x); x != "" && !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
		return out
	}
	d.BiologischeBehandlung, d.Schlammbehandlung, d.Vorbehandlung = leer(d.BiologischeBehandlung), leer(d.Schlammbehandlung), leer(d.Vorbehandlung)
	d.ChemischeBehandlung, d.Nachbehandlung = leer(d.ChemischeBehandlung), leer(d.Nachbehandlung)
	if d.Auslegungen == nil {
		d.Auslegungen = []Auslegung{}
	}
	if d.Planungen == nil {
		d.Planungen = []Planung{}
	}
	if d.Foerderungen == nil {
		d.Foerderungen = []Foerderung{}
	}
	if d.Anlagenteile == nil {
		d.Anlagenteile = []Anlagenteil{}
	}
	if d.Kontakte == nil {
		d.Kontakte = []betrieb.Kontakt{}
	}
	if d.ZustaendigeBearbeiter == nil {
		d.ZustaendigeBearbeiter = []betrieb.Bearbeiter{}
	}
	if d.ZustaendigePersonen == nil {
		d.ZustaendigePersonen = []betrieb.ZustaendigePerson{}
	}
	if d.Abwasserbeseitigungspflichtige == nil {
		d.Abwasserbeseitigungspflichtige = []Veranlagung{}
	}
	d.Entsorgungsraum = entsorgungsraum(d.Entsorgungsraum)
	slices.SortStableFunc(d.Abwasserbeseitigungspflichtige, func(a, b Veranlagung) int { return a.StartJahr - b.StartJahr })
	return d
}

// entsorgungsraum trims a disposal area; an empty one is none (nil), so that plants saved before
// the field existed compare equal.
func entsorgungsraum(e *Entsorgungsraum) *Entsorgungsraum {
	if e == nil {
		return nil
	}
	x := Entsorgungsraum{Bezugsdatum: strings.TrimSpace(e.Bezugsdatum), Bezugsparameter: strings.TrimSpace(e.Bezugsparameter),
		Entsorgungsraeume: make([]Verwaltungseinheit, 0, len(e.Entsorgungsraeume))}
	for _, v := range e.Entsorgungsraeume {
		x.Entsorgungsraeume = append(x.Entsorgungsraeume, Verwaltungseinheit{Schluessel: strings.TrimSpace(v.Schluessel),
			Bezeichnung: strings.TrimSpace(v.Bezeichnung)})
	}
	if x.Bezugsdatum == "" && x.Bezugsparameter == "" && len(x.Entsorgungsraeume) == 0 {
		return nil
	}
	return &x
}

// pruefe normalises the data of a plant of type typ under an operation of type betriebstyp and
// checks the rules of spec 000 §5. A plant without a disposal area (MitEntsorgungsraum) drops
// one it was sent, as the fields its type does not have are dropped (Typtabelle). The
// Anlagenart must be one of the type's; bisherigeArt, the stored one, stays valid.
func pruefe(typ, betriebstyp string, d Daten, heute time.Time, bisherigeArt string) (Daten, error) {
	var s validierung.Sammler
	d = pruefeMit(&s, typ, betriebstyp, d, heute, bisherigeArt)
	return d, s.Err()
}

// pruefeMit is pruefe into s: every field error of the form is collected, none stops the others
// (issue 28: the form shows every error at once).
func pruefeMit(s *validierung.Sammler, typ, betriebstyp string, d Daten, heute time.Time, bisherigeArt string) Daten {
	d = nurFelderDesTyps(typ, normalisiert(d))
	if !MitEntsorgungsraum(typ, betriebstyp, d.Indirekteinleiter) {
		d.Entsorgungsraum = nil
	}
	s.Laengen("", d)
	// the required fields of every tab (the contacts and responsible persons by their own checks below)
	s.Pflichtfelder("", Formular, d, bedingungen(typ, d)...)
	if d.Anlagenart != "" && d.Anlagenart != bisherigeArt && !slices.Contains(ArtenDesTyps(typ), d.Anlagenart) {
		s.Feld("anlagenart", MsgAnlagenart)
	}
	if !slices.Contains(Status, d.Anlagenstatus) {
		s.Feld("anlagenstatus", MsgStatus)
	}
	betrieb.Koordinate(s, "lage.hochwert", d.Lage.Hochwert)
	betrieb.Koordinate(s, "lage.rechtswert", d.Lage.Rechtswert)
	// one entry per start year: the same organisation again is the same assignment, another
	// one a second assignment of that year
	jahre := map[int]int64{}
	for i, v := range d.Abwasserbeseitigungspflichtige {
		f := fmt.Sprintf("abwasserbeseitigungspflichtige[%d].", i)
		org, belegt := jahre[v.StartJahr]
		switch {
		case v.StartJahr == 0: // required (Formular)
		case v.StartJahr < 1950 || v.StartJahr > heute.Year()+1:
			s.Feld(f+"startJahr", MsgVeranlagungJahre)
		case belegt && org == v.OrganisationID:
			s.Feld(f+"startJahr", MsgVeranlagungDoppelt)
		case belegt:
			s.Feld(f+"startJahr", MsgVeranlagungJahr)
		}
		jahre[v.StartJahr] = v.OrganisationID
	}
	if typ == Entlastung {
		if d.Wasserbuchnummer != "" && len(d.Wasserbuchnummer) <= 9 && !wasserbuchnummer.MatchString(d.Wasserbuchnummer) {
			s.Feld("wasserbuchnummer", MsgWasserbuchnummer)
		}
	}
	if typ == Kanalnetz {
		betrieb.Wert(s, "kanallaenge", d.Kanallaenge)
	}
	fuehrend := 0
	for i, x := range d.Auslegungen {
		f := fmt.Sprintf("auslegungUndBelastungsDaten[%d].", i)
		betrieb.Wert(s, f+"auslegungWert", x.AuslegungWert)
		betrieb.Wert(s, f+"belastungWert", x.BelastungWert)
		betrieb.Jahr(s, f+"auslegungJahr", x.AuslegungJahr)
		betrieb.Jahr(s, f+"belastungJahr", x.BelastungJahr)
		if x.AuslegungFuehrend {
			if fuehrend++; fuehrend == 2 {
				s.Feld(f+"auslegungFuehrend", MsgFuehrend)
			}
		}
	}
	for i, p := range d.Planungen {
		f := fmt.Sprintf("planungen[%d].", i)
		if p.Plandatum != "" {
			if _, err := time.Parse("2006-01-02", p.Plandatum); err != nil {
				s.Feld(f+"plandatum", "Ungültiges Datumsformat")
			}
		}
	}
	for i, x := range d.Anlagenteile {
		f := fmt.Sprintf("anlagenteile[%d].", i)
		if x.Anzahl != nil && *x.Anzahl < 0 {
			s.Feld(f+"anzahl", betrieb.MsgNegativ)
		}
		if x.BezeichnerGroesse != nil && *x.BezeichnerGroesse < 0 {
			s.Feld(f+"bezeichnerGroesse", betrieb.MsgNegativ)
		}
	}
	if e := d.Entsorgungsraum; e != nil {
		if e.Bezugsdatum != "" {
			if _, err := time.Parse("2006-01-02", e.Bezugsdatum); err != nil {
				s.Feld("entsorgungsraum.bezugsdatum", "Ungültiges Datumsformat")
			}
		}
		gesehen := map[string]bool{}
		for i, v := range e.Entsorgungsraeume {
			f := fmt.Sprintf("entsorgungsraum.entsorgungsraeume[%d].verwaltungseinheitSchluessel", i)
			if v.Schluessel != "" && gesehen[v.Schluessel] {
				s.Feld(f, MsgVerwaltungseinheitDoppelt)
			}
			gesehen[v.Schluessel] = true
		}
	}
	betrieb.PruefeKontakte(s, d.Kontakte)
	betrieb.PruefeZustaendige(s, d.ZustaendigePersonen, d.ZustaendigeBearbeiter)
	return d
}
