package organisation

import "github.com/eabwasser/eabwasser/domain/ereignis"

// Phrasen are the German phrases of the events of this package for the Ereignisprotokoll
// and the Verlauf ("Organisation angelegt"), keyed by the event types; the area's Setup hands them
// to the audit trail (audit.Phrasen).
var Phrasen = map[string]string{
	ereignis.Name[OrganisationAngelegt]():         "Organisation angelegt",
	ereignis.Name[OrganisationGeaendert]():        "Organisation geändert",
	ereignis.Name[OrganisationGeloescht]():        "Organisation gelöscht",
	ereignis.Name[OrganisationZusammengefuehrt](): "Organisation zusammengeführt",
}
