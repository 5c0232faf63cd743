package bescheid

import (
	"fmt"
	"slices"
	"strings"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// PruefeAnforderung normalises an Anforderung and checks the rules of spec 001 §5 into s
// under the field prefix (e.g. "anforderungen[2]."): the required fields of
// AnforderungFormular (anforderungArt, parameterArt, parameterNr, gueltigBis), wert by the rule
// Wert, zusatztext at most 100 characters (multi-line), gueltigAb not after gueltigBis,
// anforderungArt and parameterArt from their enumerations.
func PruefeAnforderung(s *validierung.Sammler, prefix string, a Anforderung) Anforderung {
	a = normalisierteAnforderung(a)
	s.Laengen(prefix, a)
	s.Pflichtfelder(prefix, AnforderungFormular, a)
	if a.AnforderungArt != "" && !slices.Contains(AnforderungArten, a.AnforderungArt) {
		s.Feld(prefix+"anforderungArt", MsgAnforderungArt)
	}
	if a.ParameterArt != "" && !slices.Contains(ParameterArten, a.ParameterArt) {
		s.Feld(prefix+"parameterArt", MsgParameterArt)
	}
	validierung.Dezimal(s, prefix+"wert", a.Wert)
	ab := Datum(s, prefix+"gueltigAb", a.GueltigAb)
	if Datum(s, prefix+"gueltigBis", a.GueltigBis) && ab && a.GueltigAb > a.GueltigBis {
		s.Feld(prefix+"gueltigAb", MsgGueltigkeit)
	}
	return a
}

func normalisierteAnforderung(a Anforderung) Anforderung {
	t := strings.TrimSpace
	// the value is stored without thousands dots ("1.000" → "1000"): no new event holds a point
	a.AnforderungArt, a.ParameterArt, a.ParameterNr, a.Wert = t(a.AnforderungArt), t(a.ParameterArt), t(a.ParameterNr), validierung.Normalform(t(a.Wert))
	a.Einheit, a.EinheitAbfluss, a.EinheitKonz, a.ArtAnforderungWert = t(a.Einheit), t(a.EinheitAbfluss), t(a.EinheitKonz), t(a.ArtAnforderungWert)
	a.Probenahme, a.Vorbehandlung, a.Randbedingung, a.Haeufigkeit = t(a.Probenahme), t(a.Vorbehandlung), t(a.Randbedingung), t(a.Haeufigkeit)
	a.VorlageMesswerte, a.GueltigAb, a.GueltigBis = t(a.VorlageMesswerte), t(a.GueltigAb), t(a.GueltigBis)
	if t(a.Zusatztext) == "" {
		a.Zusatztext = ""
	}
	return a
}

func setzeAnforderungen(b Bescheid, c SetzeAnforderungen) ([]ereignis.DomainEvent, error) {
	if err := bearbeitbar(b, c.Rolle); err != nil {
		return nil, err
	}
	if !slices.Contains(b.Messstellen, c.Messstelle) {
		return nil, validierung.NichtGefunden
	}
	var s validierung.Sammler
	if !s.Anzahl("anforderungen", len(c.Anforderungen)) {
		return nil, s.Err()
	}
	neue := slices.Clone(c.NeueIDs)
	out := make([]Anforderung, 0, len(c.Anforderungen))
	gesehen := map[int64]bool{}
	for i, a := range c.Anforderungen {
		f := fmt.Sprintf("anforderungen[%d].", i)
		a.Messstelle = c.Messstelle
		if a.AnforderungID == 0 {
			if len(neue) == 0 {
				return nil, fmt.Errorf("bescheid: too few new Anforderung ids")
			}
			a.AnforderungID, neue = neue[0], neue[1:]
		} else if alt, ok := b.Anforderung(a.AnforderungID); !ok || alt.Messstelle != c.Messstelle {
			s.Feld(f+"anforderungId", MsgAnforderungFehlt)
		} else if gesehen[a.AnforderungID] {
			s.Feld(f+"anforderungId", MsgAnforderungDoppelt)
		}
		gesehen[a.AnforderungID] = true
		out = append(out, PruefeAnforderung(&s, f, a))
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	var bisher []Anforderung
	for _, a := range b.Anforderungen {
		if a.Messstelle == c.Messstelle {
			bisher = append(bisher, a)
		}
	}
	if slices.Equal(bisher, out) {
		return nil, nil
	}
	return []ereignis.DomainEvent{AnforderungenGesetzt{Messstelle: c.Messstelle, Anforderungen: out}}, nil
}

func pruefeEine(b Bescheid, r Rolle, a Anforderung) (Anforderung, error) {
	if err := bearbeitbar(b, r); err != nil {
		return a, err
	}
	var s validierung.Sammler
	a = PruefeAnforderung(&s, "", a)
	if a.Messstelle == 0 {
		s.Feld("messstelle", validierung.Pflichtfeld)
	} else if !slices.Contains(b.Messstellen, a.Messstelle) {
		s.Feld("messstelle", MsgMessstelleFehlt)
	}
	return a, s.Err()
}

func legeAnforderungAn(b Bescheid, c LegeAnforderungAn) ([]ereignis.DomainEvent, error) {
	a, err := pruefeEine(b, c.Rolle, c.Anforderung)
	if err != nil {
		return nil, err
	}
	if _, ok := b.Anforderung(a.AnforderungID); ok || a.AnforderungID == 0 {
		return nil, fmt.Errorf("bescheid: Anforderung id %d not new", a.AnforderungID)
	}
	return []ereignis.DomainEvent{AnforderungAngelegt{Anforderung: a}}, nil
}

func aendereAnforderung(b Bescheid, c AendereAnforderung) ([]ereignis.DomainEvent, error) {
	alt, ok := b.Anforderung(c.Anforderung.AnforderungID)
	if !ok {
		return nil, validierung.NichtGefunden
	}
	a, err := pruefeEine(b, c.Rolle, c.Anforderung)
	if err != nil {
		return nil, err
	}
	if a == alt {
		return nil, nil
	}
	return []ereignis.DomainEvent{AnforderungGeaendert{Anforderung: a}}, nil
}
