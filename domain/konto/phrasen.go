package konto

import "github.com/eabwasser/eabwasser/domain/ereignis"

// Phrasen are the German phrases of the events of this package for the Ereignisprotokoll
// and the Verlauf ("Registrierung eingegangen"), keyed by the event types; the area's Setup hands them
// to the audit trail (audit.Phrasen).
var Phrasen = map[string]string{
	ereignis.Name[AnwenderRegistriert]():              "Registrierung eingegangen",
	ereignis.Name[AnwenderAngelegt]():                 "Anwender angelegt",
	ereignis.Name[EmailBestaetigt]():                  "E-Mail-Adresse bestätigt",
	ereignis.Name[AnwenderAktiviert]():                "Zugang freigeschaltet",
	ereignis.Name[AnwenderDeaktiviert]():              "Zugang deaktiviert",
	ereignis.Name[PasswortZuruecksetzenAngefordert](): "Zurücksetzen des Passworts angefordert",
	ereignis.Name[PasswortGesetzt]():                  "Passwort geändert",
	ereignis.Name[ProfilGeaendert]():                  "Profil geändert",
	ereignis.Name[EmailAenderungAngefordert]():        "Änderung der E-Mail-Adresse angefordert",
	ereignis.Name[FalschesPasswortEingegeben]():       "Falsches aktuelles Passwort im Profil eingegeben",
	ereignis.Name[AnwenderAbgemeldet]():               "Abgemeldet (alle Sitzungen beendet)",
	ereignis.Name[OrganisationGewechselt]():           "Organisation des Anwenders gewechselt",
	ereignis.Name[AnwenderGeaendert]():                "Anwender geändert",
	ereignis.Name[AnwenderGeloescht]():                "Anwender gelöscht",
	ereignis.Name[LokaleRollenGeaendert]():            "Lokale Rollen des Anwenders geändert",
}
