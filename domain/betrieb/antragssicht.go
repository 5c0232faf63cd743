package betrieb

import (
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// Antragssicht is what an application event shows in the Verlauf: the fields it asks to
// change with their value at the time and the value asked for; once decided, which were
// adopted and which refused with the staff member's reason. vorher is the operation before e;
// nil for events that are not about an application.
func Antragssicht(vorher Betrieb, e ereignis.DomainEvent) *historie.Antrag {
	var a StammdatenAntrag
	entscheidung := func(string) (historie.Entscheidung, string) { return historie.Offen, "" }
	switch v := e.(type) {
	case StammdatenAntragGestellt:
		a = v.Antrag
	case StammdatenAntragUebernommen:
		if vorher.Antrag == nil {
			return nil
		}
		a = *vorher.Antrag
		entscheidung = func(f string) (historie.Entscheidung, string) {
			for _, u := range v.Felder {
				if u == f {
					return historie.Uebernommen, ""
				}
			}
			return historie.Abgelehnt, v.Begruendungen[f]
		}
	case StammdatenAntragAbgelehnt:
		if vorher.Antrag == nil {
			return nil
		}
		a = *vorher.Antrag
		entscheidung = func(f string) (historie.Entscheidung, string) { return historie.Abgelehnt, v.Begruendungen[f] }
	default:
		return nil
	}
	out := &historie.Antrag{GestelltAm: historie.DeutschesDatum(a.GestelltAm), Kommentar: a.Kommentar, Felder: []historie.Antragsfeld{}}
	for _, f := range a.Beantragt(vorher.Daten) {
		ent, grund := entscheidung(f)
		out.Felder = append(out.Felder, historie.Antragsfeld{Feld: f, Bezeichnung: Feldnamen[f],
			Bisher: historie.Text(antragswert(vorher.Daten, f)), Beantragt: historie.Text(antragswert(uebernimm(vorher.Daten, a, []string{f}), f)),
			Entscheidung: ent, Grund: grund})
	}
	return out
}

// antragswert is the value of an application field in the data.
func antragswert(d Daten, f string) any {
	switch f {
	case "bezeichnung":
		return d.Bezeichnung
	case "muttergesellschaft":
		return d.Muttergesellschaft
	case "url":
		return d.URL
	case "betreiberAdresse":
		return d.BetreiberAdresse
	case "strasse":
		return d.Adresse.Strasse
	case "hausnummer":
		return d.Adresse.Hausnummer
	case "plz":
		return d.Adresse.Plz
	case "ort":
		return d.Adresse.Ort
	}
	return nil
}
