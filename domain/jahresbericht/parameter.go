package jahresbericht

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// pruefeParameter normalises a supplementary parameter and checks it into s: parameterNr and
// messstelle required, the measuring point one of the plant's (or the one it had: alt),
// parameterArt empty or a Bescheid's, gueltigAb (the screen's 'Gültig von') and gueltigBis
// dates and in order. It keeps neither values nor authorship: the callers set them.
func pruefeParameter(s *validierung.Sammler, p Parameter, alt int64, messstellen []int64) Parameter {
	t := strings.TrimSpace
	p = Parameter{ParameterID: p.ParameterID, Art: Ergaenzend, Messstelle: p.Messstelle, ParameterNr: t(p.ParameterNr),
		ParameterArt: t(p.ParameterArt), Einheit: t(p.Einheit), EinheitAbfluss: t(p.EinheitAbfluss), EinheitKonz: t(p.EinheitKonz),
		Probenahme: t(p.Probenahme), Haeufigkeit: t(p.Haeufigkeit), VorlageMesswerte: t(p.VorlageMesswerte),
		GueltigAb: t(p.GueltigAb), GueltigBis: t(p.GueltigBis)}
	s.Laengen("", p)
	s.Pflicht("parameterNr", p.ParameterNr)
	switch {
	case p.Messstelle == 0:
		s.Feld("messstelle", validierung.Pflichtfeld)
	case p.Messstelle != alt && !slices.Contains(messstellen, p.Messstelle):
		s.Feld("messstelle", MsgMessstelle)
	}
	if p.ParameterArt != "" && !slices.Contains(bescheid.ParameterArten, p.ParameterArt) {
		s.Feld("parameterArt", bescheid.MsgParameterArt)
	}
	ab, bis := bescheid.Datum(s, "gueltigAb", p.GueltigAb), bescheid.Datum(s, "gueltigBis", p.GueltigBis)
	if ab && bis && p.GueltigAb > p.GueltigBis {
		s.Feld("gueltigAb", MsgGueltigkeit)
	}
	return p
}

// Ergaenzbar tells whether a caller on side r may change or delete parameter p of a report in
// status: a supplementary one, in a report he may edit, when he acts in the role that created
// it (spec 001 §5; the creator's account does not matter, his role does).
func Ergaenzbar(status string, p Parameter, r Rolle) bool {
	return p.Art == Ergaenzend && Bearbeitbar(status, r) && r.Funktion != "" && r.Funktion == p.ErstelltRolle
}

// ergaenzender returns the supplementary parameter id that a caller on side r may change or
// delete, or the refusal.
func ergaenzender(j Jahresbericht, id int64, r Rolle) (Parameter, error) {
	if err := bearbeitbar(j, r); err != nil {
		return Parameter{}, err
	}
	p, ok := j.ParameterMit(id)
	switch {
	case !ok:
		return p, validierung.NichtGefunden
	case p.Art != Ergaenzend:
		return p, validierung.Regel(MsgAuflage)
	case !Ergaenzbar(j.Status, p, r):
		return p, validierung.Regel(MsgKeineBerechtigung)
	}
	return p, nil
}

func legeParameterAn(j Jahresbericht, c LegeParameterAn) ([]ereignis.DomainEvent, error) {
	if err := bearbeitbar(j, c.Rolle); err != nil {
		return nil, err
	}
	if _, ok := j.ParameterMit(c.Parameter.ParameterID); ok || c.Parameter.ParameterID <= 0 {
		return nil, fmt.Errorf("jahresbericht: parameter id %d not new", c.Parameter.ParameterID)
	}
	var s validierung.Sammler
	p := pruefeParameter(&s, c.Parameter, 0, c.Pruefung.Messstellen)
	if err := s.Err(); err != nil {
		return nil, err
	}
	p.ErstelltVon, p.ErstelltRolle = c.Konto, c.Rolle.Funktion
	return []ereignis.DomainEvent{ErgaenzenderParameterAngelegt{Parameter: p}}, nil
}

func aendereParameter(j Jahresbericht, c AendereParameter) ([]ereignis.DomainEvent, error) {
	alt, err := ergaenzender(j, c.Parameter.ParameterID, c.Rolle)
	if err != nil {
		return nil, err
	}
	var s validierung.Sammler
	p := pruefeParameter(&s, c.Parameter, alt.Messstelle, c.Pruefung.Messstellen)
	if err := s.Err(); err != nil {
		return nil, err
	}
	p.ErstelltVon, p.ErstelltRolle, p.Messreihe = alt.ErstelltVon, alt.ErstelltRolle, alt.Messreihe
	if reflect.DeepEqual(p, alt) {
		return nil, nil
	}
	return []ereignis.DomainEvent{ErgaenzenderParameterGeaendert{Parameter: p}}, nil
}

func loescheParameter(j Jahresbericht, c LoescheParameter) ([]ereignis.DomainEvent, error) {
	if _, err := ergaenzender(j, c.ParameterID, c.Rolle); err != nil {
		return nil, err
	}
	return []ereignis.DomainEvent{ErgaenzenderParameterGeloescht{ParameterID: c.ParameterID}}, nil
}

// AusAnforderung is the parameter a new report copies from a Selbstüberwachungsauflage of a
// Bescheid (its id still 0: the service draws it).
func AusAnforderung(a bescheid.Anforderung) Parameter {
	return Parameter{Art: Selbstueberwachungsauflage, AnforderungID: a.AnforderungID, Messstelle: a.Messstelle,
		ParameterNr: a.ParameterNr, ParameterArt: a.ParameterArt, Einheit: a.Einheit, EinheitAbfluss: a.EinheitAbfluss,
		EinheitKonz: a.EinheitKonz, Probenahme: a.Probenahme, Haeufigkeit: a.Haeufigkeit, VorlageMesswerte: a.VorlageMesswerte,
		GueltigAb: a.GueltigAb, GueltigBis: a.GueltigBis}
}
