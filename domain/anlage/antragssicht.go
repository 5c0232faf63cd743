package anlage

import (
	"strings"

	entscheidung "github.com/eabwasser/eabwasser/domain/antrag"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// Antragssicht is what a change-request event shows in the Verlauf (antrag.Verlauf): the fields
// it asks to change with their value at the time and the value asked for; once decided, which
// were adopted and which refused with the staff member's reason. vorher is the plant before e;
// nil for events that are not about a change request.
func Antragssicht(vorher Anlage, e ereignis.DomainEvent) *historie.Antrag {
	var x Aenderungsantrag
	var ent *entscheidung.Entscheidung
	switch v := e.(type) {
	case AenderungsantragGestellt:
		x = v.Antrag
	case AenderungsantragUebernommen:
		if vorher.Antrag == nil {
			return nil
		}
		x, ent = *vorher.Antrag, &entscheidung.Entscheidung{Felder: v.Felder, Begruendungen: v.Begruendungen}
	case AenderungsantragAbgelehnt:
		if vorher.Antrag == nil {
			return nil
		}
		x, ent = *vorher.Antrag, &entscheidung.Entscheidung{Begruendungen: v.Begruendungen}
	default:
		return nil
	}
	return entscheidung.Verlauf(x.GestelltAm, x.Kommentar, x.Beantragt(vorher.Daten), Antragsfeldnamen,
		func(f string) string { return antragswert(vorher.Daten, f) },
		func(f string) string { return antragswert(uebernimm(vorher.Daten, x, []string{f}), f) }, ent)
}

// antragswert is the value of a change-request field in the data as the form shows it; a
// funding as "MIP-Nr. – Bezeichnung (Maßnahmeträger)", several one a line.
func antragswert(d Daten, f string) string {
	switch f {
	case "bezeichnung":
		return d.Bezeichnung
	case "foerderungen":
		zeilen := make([]string, 0, len(d.Foerderungen))
		for _, x := range d.Foerderungen {
			z := x.MipNr
			if x.Bezeichnung != "" {
				z += " – " + x.Bezeichnung
			}
			if x.NameMassnahmetraeger != "" {
				z += " (" + x.NameMassnahmetraeger + ")"
			}
			zeilen = append(zeilen, z)
		}
		return strings.Join(zeilen, "\n")
	case "tegAbschluss":
		return historie.Text(d.TegAbschluss)
	case "aufKAGelaende":
		return historie.Text(d.AufKAGelaende)
	case "kuehlart":
		return d.Kuehlart
	case "kuehlBehandlung":
		return d.KuehlBehandlung
	}
	return ""
}
