package anlage

import "github.com/eabwasser/eabwasser/domain/ereignis"

// Phrasen are the German phrases of the plant's events for the Ereignisprotokoll and the
// Verlauf; the area's Setup hands them to the audit trail (audit.Phrasen).
var Phrasen = map[string]string{
	ereignis.Name[AnlageAngelegt]():              "Anlage angelegt",
	ereignis.Name[AnlageGeaendert]():             "Anlage geändert",
	ereignis.Name[AnlageStillgelegt]():           "Anlage mit dem Betrieb stillgelegt",
	ereignis.Name[AnlageAusserBetrieb]():         "Angeschlossene Anlagen umgehängt oder mit stillgelegt",
	ereignis.Name[AufnahmeErsetzt]():             "Aufnehmende Anlage ersetzt (Stilllegung der bisherigen)",
	ereignis.Name[MitAufnahmeStillgelegt]():      "Anlage mit der aufnehmenden Anlage stillgelegt",
	ereignis.Name[PflichtigerErsetzt]():          "Abwasserbeseitigungspflichtiger ersetzt",
	ereignis.Name[AenderungsantragGestellt]():    "Änderungsantrag zur Anlage gestellt",
	ereignis.Name[AenderungsantragUebernommen](): "Änderungsantrag zur Anlage übernommen",
	ereignis.Name[AenderungsantragAbgelehnt]():   "Änderungsantrag zur Anlage abgelehnt",
}
