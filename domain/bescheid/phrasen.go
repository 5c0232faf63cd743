package bescheid

import "github.com/eabwasser/eabwasser/domain/ereignis"

// Phrasen are the German phrases of the Bescheid's events for the Ereignisprotokoll and the
// Verlauf; the area's Setup hands them to the audit trail (audit.Phrasen).
var Phrasen = map[string]string{
	ereignis.Name[BescheidAngelegt]():               "Bescheid angelegt",
	ereignis.Name[BescheidGeaendert]():              "Bescheid geändert",
	ereignis.Name[BescheidsantragGestellt]():        "Bescheidsantrag gestellt",
	ereignis.Name[BescheidsantragZurueckgewiesen](): "Bescheidsantrag zurückgewiesen",
	ereignis.Name[BescheidInBearbeitung]():          "Bescheidsantrag in Bearbeitung genommen",
	ereignis.Name[BescheidFreigegeben]():            "Bescheid freigegeben",
	ereignis.Name[MessstellenZugeordnet]():          "Messstellen dem Bescheid zugeordnet",
	ereignis.Name[MessstelleEntfernt]():             "Messstelle aus dem Bescheid entfernt",
	ereignis.Name[AnforderungenGesetzt]():           "Anforderungen einer Messstelle gespeichert",
	ereignis.Name[AnforderungAngelegt]():            "Anforderung angelegt",
	ereignis.Name[AnforderungGeaendert]():           "Anforderung geändert",
	ereignis.Name[AnforderungGeloescht]():           "Anforderung gelöscht",
	ereignis.Name[BescheidGeloescht]():              "Bescheid gelöscht",
}
