package betrieb

import (
	entscheidung "github.com/eabwasser/eabwasser/domain/antrag"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// Antragssicht is what an application event shows in the Verlauf (antrag.Verlauf): the fields
// it asks to change with their value at the time and the value asked for; once decided, which
// were adopted and which refused with the staff member's reason. vorher is the operation before
// e; nil for events that are not about an application.
func Antragssicht(vorher Betrieb, e ereignis.DomainEvent) *historie.Antrag {
	var a StammdatenAntrag
	var ent *entscheidung.Entscheidung
	switch v := e.(type) {
	case StammdatenAntragGestellt:
		a = v.Antrag
	case StammdatenAntragUebernommen:
		if vorher.Antrag == nil {
			return nil
		}
		a, ent = *vorher.Antrag, &entscheidung.Entscheidung{Felder: v.Felder, Begruendungen: v.Begruendungen}
	case StammdatenAntragAbgelehnt:
		if vorher.Antrag == nil {
			return nil
		}
		a, ent = *vorher.Antrag, &entscheidung.Entscheidung{Begruendungen: v.Begruendungen}
	default:
		return nil
	}
	return entscheidung.Verlauf(a.GestelltAm, a.Kommentar, a.Beantragt(vorher.Daten), Feldnamen,
		func(f string) string { return historie.Text(antragswert(vorher.Daten, f)) },
		func(f string) string { return historie.Text(antragswert(uebernimm(vorher.Daten, a, []string{f}), f)) }, ent)
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
