package anlage

import "github.com/eabwasser/eabwasser/domain/historie"

// Feldnamen are the German labels of the plant form by JSON key (spec 000 §2/§3), for the
// Verlauf, the print and the Ereignisprotokoll.
var Feldnamen = historie.Feldnamen{"bezeichnung": "Bezeichnung", "anlagenart": "Anlagenart", "anlagenstatus": "Anlagenstatus",
	"statuswechsel": "Statuswechsel seit", "anlagensystem": "Anlagensystem", "aufnahme": "Aufnehmende Anlage",
	"indirekteinleiter": "Indirekteinleiter", "lage": "Lage", "hochwert": "Hochwert", "rechtswert": "Rechtswert",
	"beschreibung": "Beschreibung", "behoerdenkennung": "Behördenkennung", "selbstueberwachungspflicht": "Selbstüberwachungspflicht",
	"suevoaAnlageNr": "SüVOA-Anlagen-Nr.", "chargenbetrieb": "Chargenbetrieb", "kampagne": "Kampagnenbetrieb", "dwaNr": "DWA-Nr.",
	"staLaNr": "StaLa-Nr.", "tegAbschluss": "TEG-Abschluss", "aufKAGelaende": "Auf KA-Gelände",
	"biologischeBehandlung": "Biologische Behandlung", "schlammbehandlung": "Schlammbehandlung", "vorbehandlung": "Vorbehandlung",
	"chemischeBehandlung": "Chemische Behandlung", "nachbehandlung": "Nachbehandlung",
	"auslegungUndBelastungsDaten": "Auslegung/Belastung", "parameter": "Parameter", "einheit": "Einheit",
	"auslegungWert": "Auslegungswert", "auslegungJahr": "Auslegungsjahr", "auslegungFuehrend": "Führend",
	"belastungWert": "Belastungswert", "belastungJahr": "Belastungsjahr", "bemerkung": "Bemerkung",
	"planungen": "Planung", "status": "Status", "massnahme": "Maßnahme", "anschlussKA": "Anschluss an KA", "plandatum": "Plandatum",
	"geaendertAm": "Geändert am", "geaendertVon": "Geändert von", "geaendertVonKonto": "Geändert von (Konto)", "geaendertVonSeite": "Geändert von (Seite)",
	"geaendertVonOrganisation": "Geändert von (Organisation)", "foerderungen": "Förderung", "mipNr": "MIP-Nr.",
	"nameMassnahmetraeger": "Maßnahmenträger", "anlagenteile": "Anlagenteil", "kategorie": "Kategorie", "anzahl": "Anzahl",
	"bezeichner": "Bezeichner", "bezeichnerGroesse": "Größe", "bezeichnerEinheit": "Einheit der Größe",
	"kontakte": "Kontakt", "anrede": "Anrede", "titel": "Titel", "vorname": "Vorname", "name": "Name", "telefon": "Telefon",
	"mobil": "Mobil", "email": "E-Mail", "funktion": "Funktion", "zustaendigeBearbeiter": "Bearbeiter",
	"zustaendigePersonen": "Zuständige Person", "zustaendig": "Zuständigkeiten", "id": "Nr.",
	"abwasserbeseitigungspflichtige": "Abwasserbeseitigungspflichtiger", "organisation": "Organisation", "startJahr": "Startjahr",
	"entlastungssystem": "Entlastungssystem", "entlastungstyp": "Entlastungstyp", "wasserbuchnummer": "Wasserbuchnummer",
	"flur": "Flur", "flurstueck": "Flurstück", "gemarkung": "Gemarkung", "drosselablauf": "Drosselablauf", "kuehlart": "Kühlart", "kuehlBehandlung": "Kühlwasserbehandlung",
	"inWasserschutzgebiet": "Im Wasserschutzgebiet", "kanallaenge": "Kanallänge (km)", "kanalsystem": "Kanalsystem",
	"abwasserart": "Abwasserart", "materialart": "Materialart", "gueltigAb": "Gültig ab",
	"entsorgungsraum": "Entsorgungsraum", "bezugsdatum": "Bezugsdatum", "bezugsparameter": "Bezugsparameter",
	"entsorgungsraeume": "Verwaltungseinheit", "verwaltungseinheitSchluessel": "Gemeinde-Nr.",
	"verwaltungseinheitBezeichnung": "Bezeichnung der Verwaltungseinheit"}
