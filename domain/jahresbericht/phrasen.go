package jahresbericht

import "github.com/eabwasser/eabwasser/domain/ereignis"

// Phrasen are the German phrases of the report's events for the Ereignisprotokoll and the
// Verlauf; the area's Setup hands them to the audit trail (audit.Phrasen).
var Phrasen = map[string]string{
	ereignis.Name[JahresberichtAngelegt]():                 "Jahresbericht angelegt",
	ereignis.Name[JahresberichtGeaendert]():                "Jahresbericht geändert",
	ereignis.Name[JahresberichtBearbeitungAbgeschlossen](): "Bearbeitung des Jahresberichts abgeschlossen",
	ereignis.Name[JahresberichtBearbeitungFortgesetzt]():   "Bearbeitung des Jahresberichts fortgesetzt",
	ereignis.Name[JahresberichtEingereicht]():              "Jahresbericht eingereicht",
	ereignis.Name[JahresberichtPlausibilisiert]():          "Jahresbericht plausibilisiert",
	ereignis.Name[JahresberichtZurueckgewiesen]():          "Jahresbericht zurückgewiesen",
	ereignis.Name[JahresberichtGeloescht]():                "Jahresbericht gelöscht",
	ereignis.Name[ErgaenzenderParameterAngelegt]():         "Ergänzender Parameter angelegt",
	ereignis.Name[ErgaenzenderParameterGeaendert]():        "Ergänzender Parameter geändert",
	ereignis.Name[ErgaenzenderParameterGeloescht]():        "Ergänzender Parameter gelöscht",
	ereignis.Name[MesswerteGespeichert]():                  "Messwerte eines Parameters gespeichert",
}
