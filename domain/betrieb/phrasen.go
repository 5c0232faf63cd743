package betrieb

import "github.com/eabwasser/eabwasser/domain/ereignis"

// Phrasen are the German phrases of the events of this package for the Ereignisprotokoll
// and the Verlauf ("Betrieb beantragt"), keyed by the event types; the area's Setup hands them
// to the audit trail (audit.Phrasen).
var Phrasen = map[string]string{
	ereignis.Name[BetriebBeantragt]():            "Betrieb beantragt",
	ereignis.Name[BetriebFreigegeben]():          "Betrieb freigegeben",
	ereignis.Name[BetriebAbgewiesen]():           "Betrieb abgewiesen",
	ereignis.Name[FreigabeErneutBeantragt]():     "Freigabe erneut beantragt",
	ereignis.Name[BetriebsdatenGeaendert]():      "Betriebsdaten geändert",
	ereignis.Name[BetriebGeaendert]():            "Betrieb geändert",
	ereignis.Name[BetreiberGewechselt]():         "Betreiber gewechselt",
	ereignis.Name[BetreiberUmgezogen]():          "Betreiber nach Zusammenführung umgezogen",
	ereignis.Name[BetriebStillgelegt]():          "Betrieb stillgelegt",
	ereignis.Name[StammdatenAntragGestellt]():    "Stammdatenänderungsantrag gestellt",
	ereignis.Name[StammdatenAntragUebernommen](): "Stammdatenänderungsantrag übernommen",
	ereignis.Name[StammdatenAntragAbgelehnt]():   "Stammdatenänderungsantrag abgelehnt",
}
