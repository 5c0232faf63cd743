// Package berechtigung is the one table of what each functional role may do. The API checks
// every route against it and GET /api/me hands the caller's allowed actions to the UI, which
// only mirrors them. The rows come from the "Roles and permissions" sections of the three
// specification files; where the spec leaves the roles open, docs/decisions.md says what we
// chose.
package berechtigung

import "slices"

// Rolle is a functional role (funktionaleRolle).
type Rolle string

// The functional roles of the spec, grouped by their global role.
const (
	Betreiber         Rolle = "BETREIBER"
	Beauftragter      Rolle = "BEAUFTRAGTER"
	LeserOrganisation Rolle = "LESER_ORGANISATION"
	ZustSBD           Rolle = "ZUST_SBD"
	ZustSBB           Rolle = "ZUST_SBB"
	ZustSBS           Rolle = "ZUST_SBS"
	ZustSBA           Rolle = "ZUST_SBA"
	LeserBehoerde     Rolle = "LESER_BEHOERDE"
	Fachadmin         Rolle = "FACHADMIN"
	Systemadmin       Rolle = "SYSTEMADMIN"
)

// Global roles.
const (
	GlobalOrganisation = "ORGANISATION"
	GlobalBehoerde     = "BEHOERDE"
	GlobalAdmin        = "ADMIN"
)

// Alle lists every functional role.
var Alle = []Rolle{Betreiber, Beauftragter, LeserOrganisation, ZustSBD, ZustSBB, ZustSBS, ZustSBA,
	LeserBehoerde, Fachadmin, Systemadmin}

// Organisationsrollen are the roles of operators and their delegates.
var Organisationsrollen = []Rolle{Betreiber, Beauftragter, LeserOrganisation}

// Behoerdenrollen are the roles of authority staff.
var Behoerdenrollen = []Rolle{ZustSBD, ZustSBB, ZustSBS, ZustSBA, LeserBehoerde}

// Adminrollen are the administration roles.
var Adminrollen = []Rolle{Fachadmin, Systemadmin}

// GlobaleRolle is the global role a functional role belongs to.
func GlobaleRolle(r Rolle) string {
	switch {
	case slices.Contains(Organisationsrollen, r):
		return GlobalOrganisation
	case slices.Contains(Behoerdenrollen, r):
		return GlobalBehoerde
	case slices.Contains(Adminrollen, r):
		return GlobalAdmin
	}
	return ""
}

// Aktion is something a user may be allowed to do.
type Aktion string

// The actions. The names are what GET /api/me returns.
const (
	SystemverwaltungOeffnen       Aktion = "SYSTEMVERWALTUNG_OEFFNEN"
	SystemverwaltungBearbeiten    Aktion = "SYSTEMVERWALTUNG_BEARBEITEN"
	AuswertungExportieren         Aktion = "AUSWERTUNG_EXPORTIEREN"
	AuditLesen                    Aktion = "AUDIT_LESEN"
	NachrichtenLesen              Aktion = "NACHRICHTEN_LESEN"
	WiedervorlagenLesen           Aktion = "WIEDERVORLAGEN_LESEN"
	StartseiteBearbeiten          Aktion = "STARTSEITE_BEARBEITEN"
	BetriebBeantragen             Aktion = "BETRIEB_BEANTRAGEN"
	BetriebFreigeben              Aktion = "BETRIEB_FREIGEBEN"
	BetriebVerlaufLesen           Aktion = "BETRIEB_VERLAUF_LESEN"
	BetriebAlsAdminBearbeiten     Aktion = "BETRIEB_ALS_ADMIN_BEARBEITEN"
	BetriebAlsBetreiberBearbeiten Aktion = "BETRIEB_ALS_BETREIBER_BEARBEITEN"
	AenderungsantragStellen       Aktion = "AENDERUNGSANTRAG_STELLEN"
	AenderungsantragPruefen       Aktion = "AENDERUNGSANTRAG_PRUEFEN"
	BearbeitungsmodusNutzen       Aktion = "BEARBEITUNGSMODUS_NUTZEN"
	AnlageAnlegen                 Aktion = "ANLAGE_ANLEGEN"
	AnlageBearbeiten              Aktion = "ANLAGE_BEARBEITEN"
	AnlageAlsBetreiberBearbeiten  Aktion = "ANLAGE_ALS_BETREIBER_BEARBEITEN"
	MessstelleAnlegen             Aktion = "MESSSTELLE_ANLEGEN"
	MessstelleBearbeiten          Aktion = "MESSSTELLE_BEARBEITEN"
	MessstelleFreigeben           Aktion = "MESSSTELLE_FREIGEBEN"
	EntlastungsanlageBenennen     Aktion = "ENTLASTUNGSANLAGE_BENENNEN"
	AnlageBenennen                Aktion = "ANLAGE_BENENNEN"
	BearbeiterZuordnen            Aktion = "BEARBEITER_ZUORDNEN"
	KartenpositionSetzen          Aktion = "KARTENPOSITION_SETZEN"
	BescheidAnlegen               Aktion = "BESCHEID_ANLEGEN"
	BescheidsantragStellen        Aktion = "BESCHEIDSANTRAG_STELLEN"
	BescheidLoeschen              Aktion = "BESCHEID_LOESCHEN"
	JahresberichtAnlegen          Aktion = "JAHRESBERICHT_ANLEGEN"
	JahresberichtBearbeiten       Aktion = "JAHRESBERICHT_BEARBEITEN"
	JahresberichtPlausibilisieren Aktion = "JAHRESBERICHT_PLAUSIBILISIEREN"
	JahresberichtLoeschen         Aktion = "JAHRESBERICHT_LOESCHEN"
	MesswerteImportieren          Aktion = "MESSWERTE_IMPORTIEREN"
	DateiHochladen                Aktion = "DATEI_HOCHLADEN"
	AntragsdateiHochladen         Aktion = "ANTRAGSDATEI_HOCHLADEN"
	EntlastungsanlagenImportieren Aktion = "ENTLASTUNGSANLAGEN_IMPORTIEREN"
	AufgabenLesen                 Aktion = "AUFGABEN_LESEN"
	ParameterStellenPflegen       Aktion = "PARAMETER_STELLEN_PFLEGEN"
)

var (
	admins       = []Rolle{Fachadmin, Systemadmin}
	alleZust     = []Rolle{ZustSBD, ZustSBB, ZustSBS, ZustSBA}
	schreibende  = concat([]Rolle{Betreiber, Beauftragter}, alleZust, admins)
	privilegiert = concat([]Rolle{Betreiber, Beauftragter}, alleZust, admins) // eight role checks of spec 002 §6
)

// Tabelle is action × role. Spec sources: 000 §6, 001 §6, 002 §6; choices in docs/decisions.md.
var Tabelle = map[Aktion][]Rolle{
	SystemverwaltungOeffnen:       {Systemadmin, Fachadmin},
	SystemverwaltungBearbeiten:    {Systemadmin},
	AuswertungExportieren:         concat(admins, alleZust, []Rolle{LeserBehoerde, Betreiber}), // admin role plus six others
	AuditLesen:                    admins,
	NachrichtenLesen:              privilegiert,
	WiedervorlagenLesen:           privilegiert,
	StartseiteBearbeiten:          privilegiert,
	BetriebBeantragen:             {Betreiber, Beauftragter, ZustSBD}, // three roles (spec 002 §6), see docs/decisions.md
	BetriebFreigeben:              {ZustSBD, Fachadmin},               // two of the three admin-like roles (spec 000 §6)
	BetriebVerlaufLesen:           concat(admins, alleZust, []Rolle{LeserBehoerde}),
	BetriebAlsAdminBearbeiten:     {ZustSBD, Fachadmin, Systemadmin},
	BetriebAlsBetreiberBearbeiten: {Betreiber, Beauftragter},
	AenderungsantragStellen:       {Betreiber, Beauftragter},
	AenderungsantragPruefen:       {ZustSBD, Fachadmin, Systemadmin},
	BearbeitungsmodusNutzen:       {ZustSBD, ZustSBB, ZustSBS, Fachadmin, Systemadmin, Betreiber, Beauftragter},
	AnlageAnlegen:                 {ZustSBD, Fachadmin, Systemadmin},
	AnlageBearbeiten:              {ZustSBD, ZustSBB, ZustSBS, Fachadmin, Systemadmin},
	AnlageAlsBetreiberBearbeiten:  {Betreiber, Beauftragter},
	MessstelleAnlegen:             {ZustSBD, Fachadmin, Systemadmin},
	// who saves a measuring point: who creates one (issue 29, docs/decisions.md); who decides
	// its Freigabe: who decides an operation's, never about his own request (four-eyes rule)
	MessstelleBearbeiten:      {ZustSBD, Fachadmin, Systemadmin},
	MessstelleFreigeben:       {ZustSBD, Fachadmin},
	EntlastungsanlageBenennen: {ZustSBD, Fachadmin, Systemadmin, Betreiber},
	AnlageBenennen:            {ZustSBD, Fachadmin, Systemadmin},
	BearbeiterZuordnen:        admins,
	KartenpositionSetzen:      concat(alleZust, admins),
	BescheidAnlegen:           {ZustSBB, Fachadmin, Systemadmin},
	BescheidsantragStellen:    {Betreiber, Beauftragter},
	// who deletes an application of any organisation and a released Bescheid (spec 001 §4.1)
	BescheidLoeschen:     admins,
	JahresberichtAnlegen: {Betreiber, ZustSBS, Fachadmin, Systemadmin},
	// who keeps a report (edits, enters values, submits): who creates one and the operator's
	// delegate — the five roles of the measured-value import (spec 001 §6); who checks a
	// submitted report (Plausibilisierung): the staff for self-monitoring and the
	// administrators; who deletes any report: the administrators (spec 001 §4.2)
	JahresberichtBearbeiten:       {Betreiber, Beauftragter, ZustSBS, Fachadmin, Systemadmin},
	JahresberichtPlausibilisieren: {ZustSBS, Fachadmin, Systemadmin},
	JahresberichtLoeschen:         admins,
	MesswerteImportieren:          {Betreiber, Beauftragter, ZustSBS, Fachadmin, Systemadmin},
	DateiHochladen:                schreibende,
	AntragsdateiHochladen:         {Systemadmin, Fachadmin, Betreiber, Beauftragter},
	EntlastungsanlagenImportieren: {ZustSBD, Fachadmin, Systemadmin},
	// the Aufgaben view (issue 14, beyond the spec): the organisation roles see their own
	// applications, who decides an application (Entscheidungen) the open ones
	AufgabenLesen: {Betreiber, Beauftragter, LeserOrganisation, ZustSBD, ZustSBB, ZustSBS, Fachadmin, Systemadmin},
	// issue 43, item 3: the parameters' significant digits are "maintained by the Fachadmin" —
	// the two § 6 AbwV columns (signifikanteStellen, abwvKennung) of the value list
	// anforderungsparameter and nothing else of it (werteliste.Extra.Pflege); every other change
	// of a value list stays SystemverwaltungBearbeiten
	ParameterStellenPflegen: admins,
}

// Entscheidungen are the actions that decide an application (a task of the Aufgaben view).
// Whoever may take one of them may read the Aufgaben view (a test guards it).
var Entscheidungen = []Aktion{BetriebFreigeben, AenderungsantragPruefen, MessstelleFreigeben, BescheidAnlegen, JahresberichtPlausibilisieren}

// Darf tells whether someone with these roles may do a.
func Darf(rollen []string, a Aktion) bool {
	for _, r := range Tabelle[a] {
		if slices.Contains(rollen, string(r)) {
			return true
		}
	}
	return false
}

// Aktionen lists everything someone with these roles may do, sorted.
func Aktionen(rollen []string) []Aktion {
	var out []Aktion
	for a := range Tabelle {
		if Darf(rollen, a) {
			out = append(out, a)
		}
	}
	slices.Sort(out)
	return out
}

// Rollen lists the roles allowed to do a (for route guards).
func Rollen(a Aktion) []string {
	out := make([]string, len(Tabelle[a]))
	for i, r := range Tabelle[a] {
		out[i] = string(r)
	}
	return out
}

func concat(lists ...[]Rolle) []Rolle {
	var out []Rolle
	for _, l := range lists {
		for _, r := range l {
			if !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
	}
	return out
}
