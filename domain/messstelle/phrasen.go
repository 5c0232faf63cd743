package messstelle

import "github.com/eabwasser/eabwasser/domain/ereignis"

// Phrasen are the German phrases of the measuring point's events for the Ereignisprotokoll and
// the Verlauf; the area's Setup hands them to the audit trail (audit.Phrasen).
var Phrasen = map[string]string{
	ereignis.Name[MessstelleBeantragt]():                  "Freigabe der Messstelle angefordert",
	ereignis.Name[MessstelleGeaendert]():                  "Messstelle geändert",
	ereignis.Name[MessstelleFreigegeben]():                "Messstelle freigegeben",
	ereignis.Name[MessstelleAbgewiesen]():                 "Messstelle zurückgewiesen",
	ereignis.Name[MessstellenfreigabeErneutAngefordert](): "Freigabe der Messstelle erneut angefordert",
	ereignis.Name[MessstelleStillgelegt]():                "Messstelle mit der Anlage stillgelegt",
}
