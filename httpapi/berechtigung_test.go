package httpapi

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// regel is what a route demands.
type regel struct {
	oeffentlich bool                 // no login needed
	aktion      berechtigung.Aktion  // "": any logged-in user
	betrieb     bool                 // on one operation: users of another organisation get 404
	fehlt       bool                 // an area that has not arrived (plants, …): 404 for everybody
	nur         []berechtigung.Rolle // the roles settled in docs/decisions.md; nil: the table's
}

// darf tells whether roles pass the rule's action: the roles the rule names where a decision
// settled them (so a change of the table alone fails here), else the permission table.
func (rg regel) darf(rollen []string) bool {
	if rg.nur == nil {
		return berechtigung.Darf(rollen, rg.aktion)
	}
	for _, r := range rg.nur {
		if slices.Contains(rollen, string(r)) {
			return true
		}
	}
	return false
}

var (
	offen      = regel{oeffentlich: true}
	angemeldet = regel{}
	mitAktion  = func(a berechtigung.Aktion) regel { return regel{aktion: a} }
	amBetrieb  = func(a berechtigung.Aktion) regel { return regel{aktion: a, betrieb: true} }
)

// regeln is the expected access of every route, from the permission table
// (domain/berechtigung) and docs/decisions.md. A route without a rule fails the test.
func regeln() map[string]regel {
	r := map[string]regel{
		"POST /api/authenticate": offen, "POST /api/sso": offen, "POST /api/registrierung": offen, "POST /api/doubleoptin/confirm": offen,
		"POST /api/sendPasswordResetMail": offen, "PUT /api/resetPassword": offen, "GET /api/health": offen, "GET /api/openapi.yaml": offen,
		"GET /api/konfiguration":                     offen,
		"GET /api/organisation/auswahlRegistrierung": offen,

		"GET /api/me": angemeldet, "GET /api/profil": angemeldet, "PUT /api/profil": angemeldet, "POST /api/logout": angemeldet, "GET /api/wertelisten": angemeldet,
		"GET /api/organisation": angemeldet, "GET /api/organisation/{id}": angemeldet, "GET /api/organisation/betreiber": angemeldet,
		"GET /api/organisation/betreiberByBetriebstyp/{typ}": angemeldet, "GET /api/organisation/betreiberPersonalisiert": angemeldet, "GET /api/organisation/abwasserbeseitigungspflichtige": angemeldet,
		"GET /api/organisation/abwasserbeseitigungspflichtigeIncludeHistory": angemeldet,
		"GET /api/personalisierung": angemeldet, "PUT /api/personalisierung": angemeldet, "GET /api/personalisierung/auswahl": angemeldet,
		"GET /api/betrieb/search": angemeldet, "POST /api/betrieb/export": angemeldet, "GET /api/bearbeiter": angemeldet,
		"GET /api/datei/{id}": angemeldet,
		// the spatial lookups and the map's layers: public reference data for every logged-in user
		"GET /api/wasserkoerper": angemeldet, "GET /api/einzugsgebiet": angemeldet, "GET /api/geodaten/karte": angemeldet,
		// the water book: anyone logged in (issue 30)
		"GET /api/digiwab-url": angemeldet, "GET /api/digiwab/wasserrechtnr/{n}": angemeldet,
		"GET /api/digiwab/{bescheidId}": angemeldet,
		// the water-register viewer: logged-in (spec 002 §2, issue 33)
		"GET /api/digiwab-page/{wbbId}": angemeldet, "GET /api/digiwab-pdf": angemeldet,

		"GET /api/audit":                      mitAktion(berechtigung.AuditLesen),
		"GET /api/audit/ereignisarten":        mitAktion(berechtigung.AuditLesen),
		"GET /api/audit/{position}":           mitAktion(berechtigung.AuditLesen),
		"GET /api/abfragen":                   mitAktion(berechtigung.AuswertungExportieren),
		"GET /api/abfragen/abfrage/{id}":      mitAktion(berechtigung.AuswertungExportieren),
		"GET /api/anwender":                   mitAktion(berechtigung.SystemverwaltungOeffnen),
		"GET /api/anwender/{id}":              mitAktion(berechtigung.SystemverwaltungOeffnen),
		"POST /api/anwender/export":           mitAktion(berechtigung.SystemverwaltungOeffnen),
		"POST /api/anwender":                  mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"PUT /api/anwender/{id}":              mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"DELETE /api/anwender/{id}":           mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"PUT /api/anwender/{id}/status":       mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"GET /api/lokaleRolle":                mitAktion(berechtigung.SystemverwaltungOeffnen),
		"POST /api/lokaleRolle":               mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"PUT /api/lokaleRolle/{id}":           mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"DELETE /api/lokaleRolle/{id}":        mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"GET /api/organisation/{id}/historie": mitAktion(berechtigung.SystemverwaltungOeffnen),
		"GET /api/organisation/{id}/verlauf":  mitAktion(berechtigung.SystemverwaltungOeffnen),
		"POST /api/organisation/export":       mitAktion(berechtigung.SystemverwaltungOeffnen),
		"POST /api/organisation":              mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"PUT /api/organisation/{id}":          mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"DELETE /api/organisation/{id}":       mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"POST /api/organisation/merge":        mitAktion(berechtigung.SystemverwaltungBearbeiten),
		"GET /api/nachricht":                  mitAktion(berechtigung.NachrichtenLesen),
		"GET /api/nachricht/count":            mitAktion(berechtigung.NachrichtenLesen),
		"PATCH /api/nachricht/{id}":           mitAktion(berechtigung.NachrichtenLesen),
		"DELETE /api/nachricht/{id}":          mitAktion(berechtigung.NachrichtenLesen),
		"GET /api/wiedervorlage":              mitAktion(berechtigung.WiedervorlagenLesen),
		"DELETE /api/wiedervorlage/{id}":      mitAktion(berechtigung.WiedervorlagenLesen),
		"DELETE /api/datei/{id}":              mitAktion(berechtigung.DateiHochladen),
		"GET /api/aufgabe":                    mitAktion(berechtigung.AufgabenLesen),
		"GET /api/aufgabe/count":              mitAktion(berechtigung.AufgabenLesen),

		// spec 002 §6 "business creation: three roles" and spec 000 §6 "two of them also handle
		// approvals", settled in docs/decisions.md (issue 14)
		"GET /api/betriebkatalog": mitAktion(berechtigung.SystemverwaltungOeffnen),
		"POST /api/betrieb": {aktion: berechtigung.BetriebBeantragen,
			nur: []berechtigung.Rolle{berechtigung.Betreiber, berechtigung.Beauftragter, berechtigung.ZustSBD}},
		"POST /api/betrieb/freigabe":     {aktion: berechtigung.BetriebFreigeben, nur: []berechtigung.Rolle{berechtigung.ZustSBD, berechtigung.Fachadmin}},
		"GET /api/betrieb/{id}":          amBetrieb(""),
		"GET /api/betrieb/{id}/info":     amBetrieb(""),
		"GET /api/betrieb/{id}/historie": amBetrieb(""),
		"GET /api/betrieb/{id}/isBetreiberAbwasserbeseitigungspflichtigerInAnlage": amBetrieb(""),
		"GET /api/betrieb/{id}/abwasserbehandlungForStilllegung":                   amBetrieb(""),
		"GET /api/betrieb/{id}/stammdaten-antrag":                                  amBetrieb(""),
		"GET /api/person/lokaleRolle/{id}":                                         amBetrieb(""),
		"GET /api/betrieb/{id}/dateien":                                            amBetrieb(""),
		"PUT /api/betrieb/{id}":                                                    amBetrieb(berechtigung.BetriebAlsAdminBearbeiten),
		"PUT /api/betrieb/{id}/betriebsdaten":                                      amBetrieb(berechtigung.BetriebAlsBetreiberBearbeiten),
		"POST /api/betrieb/{id}/stammdaten":                                        amBetrieb(berechtigung.AenderungsantragStellen),
		"POST /api/betrieb/{id}/stammdaten-antrag/uebernahme":                      amBetrieb(berechtigung.AenderungsantragPruefen),
		"DELETE /api/betrieb/{id}/stammdaten-antrag":                               amBetrieb(berechtigung.AenderungsantragPruefen),
		"GET /api/betrieb/{id}/verlauf":                                            amBetrieb(berechtigung.BetriebVerlaufLesen),
		"GET /api/betrieb/{id}/stand/{version}":                                    amBetrieb(berechtigung.BetriebVerlaufLesen),
		"POST /api/betrieb/{id}/upload-file":                                       amBetrieb(berechtigung.DateiHochladen),
		"GET /api/betrieb/{id}/wiedervorlage":                                      amBetrieb(berechtigung.WiedervorlagenLesen),
		"POST /api/betrieb/{id}/wiedervorlage":                                     amBetrieb(berechtigung.WiedervorlagenLesen),
	}
	anlagentyp := "{typ:abwasserbehandlung|entlastung|kanalnetz|kuehlwasser}"
	for route, rg := range map[string]regel{
		"GET /api/anlage": angemeldet, "GET /api/anlage/search": angemeldet, "POST /api/anlage/export": angemeldet,
		"GET /api/messstelle/search": angemeldet, "POST /api/messstelle/export": angemeldet,
		"GET /api/jahresbericht/search": angemeldet, "POST /api/jahresbericht/export": angemeldet,
		"POST /api/anlage/" + anlagentyp:                                                               mitAktion(berechtigung.AnlageAnlegen),
		"GET /api/anlage/moeglicheAufnehmendeAnlagen":                                                  mitAktion(berechtigung.BearbeitungsmodusNutzen),
		"GET /api/anlage/abwasserbehandlung/alleVonAktivenBetriebenKommunalAbwasserbehandlungsanlagen": mitAktion(berechtigung.BearbeitungsmodusNutzen),
		"GET /api/anlage/entlastung/drosselablauf/{anlagenart}":                                        mitAktion(berechtigung.BearbeitungsmodusNutzen),
		"GET /api/anlage/entlastung/drosselablauf-betrieb/{betriebId}/{anlagenart}":                    amBetrieb(berechtigung.BearbeitungsmodusNutzen),
		"PUT /api/anlage/" + anlagentyp + "/{id}":                                                      amBetrieb(berechtigung.BearbeitungsmodusNutzen),
		"POST /api/anlage/" + anlagentyp + "/{id}/aenderungsantrag":                                    amBetrieb(berechtigung.AenderungsantragStellen),
		"GET /api/anlage/{id}":                                                                         amBetrieb(""),
		"GET /api/anlage/{id}/historie":                                                                amBetrieb(""),
		"GET /api/anlage/{id}/indirekteinleiter":                                                       amBetrieb(""),
		"GET /api/anlage/{id}/hasIndirektEinleiter":                                                    amBetrieb(""),
		"GET /api/anlage/entlastung/uebersicht/{id}":                                                   amBetrieb(""),
		"GET /api/betrieb/{id}/export-entlastungsanlagen":                                              amBetrieb(""),
		"GET /api/anlage/abwasserbehandlung/{id}/export":                                               amBetrieb(""),
		// the disposal area is a staff field (anlage.Schreibbar): the file is refused before it is read
		"POST /api/anlage/abwasserbehandlung/{id}/import": {aktion: berechtigung.BearbeitungsmodusNutzen, betrieb: true,
			nur: []berechtigung.Rolle{berechtigung.ZustSBD, berechtigung.ZustSBB, berechtigung.ZustSBS, berechtigung.Fachadmin, berechtigung.Systemadmin}},
		"POST /api/betrieb/{id}/import-entlastungsanlagen":  amBetrieb(berechtigung.EntlastungsanlagenImportieren),
		"GET /api/anlage/kanalnetz/uebersicht/{id}":         amBetrieb(""),
		"GET /api/anlage/{id}/verlauf":                      amBetrieb(berechtigung.BetriebVerlaufLesen),
		"GET /api/anlage/{id}/stand/{version}":              amBetrieb(berechtigung.BetriebVerlaufLesen),
		"GET /api/anlage/{id}/aenderungsantrag":             amBetrieb(berechtigung.AenderungsantragPruefen),
		"DELETE /api/anlage/{id}/aenderungsantrag":          amBetrieb(berechtigung.AenderungsantragPruefen),
		"POST /api/anlage/{id}/aenderungsantrag/uebernahme": amBetrieb(berechtigung.AenderungsantragPruefen),
		"GET /api/anlage/{id}/dateien":                      amBetrieb(""),
		"POST /api/anlage/{id}/upload-file":                 amBetrieb(berechtigung.DateiHochladen),
		"GET /api/anlage/{id}/wiedervorlage":                amBetrieb(berechtigung.WiedervorlagenLesen),
		"POST /api/anlage/{id}/wiedervorlage":               amBetrieb(berechtigung.WiedervorlagenLesen),
	} {
		r[route] = rg
	}
	// measuring points (issue 29): created, saved and decided by the roles docs/decisions.md
	// settles; read by whoever sees the plant
	messstellenAnleger := []berechtigung.Rolle{berechtigung.ZustSBD, berechtigung.Fachadmin, berechtigung.Systemadmin}
	for route, rg := range map[string]regel{
		"POST /api/anlage/{id}/messstelle":            {aktion: berechtigung.MessstelleAnlegen, betrieb: true, nur: messstellenAnleger},
		"GET /api/anlage/messstellenAnlagen/{nummer}": angemeldet,
		"GET /api/betrieb/{id}/messstelle":            amBetrieb(""),
		"GET /api/messstelle/check-id":                {aktion: berechtigung.MessstelleAnlegen, nur: messstellenAnleger},
		"GET /api/messstelle/new-id":                  {aktion: berechtigung.MessstelleAnlegen, nur: messstellenAnleger},
		"GET /api/messstelle/uebersicht/{id}":         amBetrieb(""),
		"GET /api/messstelle/{id}":                    amBetrieb(""),
		"PUT /api/messstelle/{id}":                    {aktion: berechtigung.MessstelleBearbeiten, betrieb: true, nur: messstellenAnleger},
		"POST /api/messstelle/{id}/freigabe": {aktion: berechtigung.MessstelleFreigeben, betrieb: true,
			nur: []berechtigung.Rolle{berechtigung.ZustSBD, berechtigung.Fachadmin}},
		"GET /api/messstelle/{id}/historie":        amBetrieb(""),
		"GET /api/messstelle/{id}/verlauf":         amBetrieb(berechtigung.BetriebVerlaufLesen),
		"GET /api/messstelle/{id}/stand/{version}": amBetrieb(berechtigung.BetriebVerlaufLesen),
		"GET /api/messstelle/{id}/dateien":         amBetrieb(""),
		"POST /api/messstelle/{id}/upload-file":    amBetrieb(berechtigung.DateiHochladen),
		"GET /api/messstelle/{id}/wiedervorlage":   amBetrieb(berechtigung.WiedervorlagenLesen),
		"POST /api/messstelle/{id}/wiedervorlage":  amBetrieb(berechtigung.WiedervorlagenLesen),
	} {
		r[route] = rg
	}
	// Bescheide (issue 30, docs/decisions.md "Bescheide (issue 30): write side and roles"): who
	// records and who applies by the table; every other route answers by the Bescheid's
	// status and the caller's side in the service (the matrix calls them on no Bescheid: 404)
	for route, rg := range map[string]regel{
		"POST /api/bescheid": {aktion: berechtigung.BescheidAnlegen,
			nur: []berechtigung.Rolle{berechtigung.ZustSBB, berechtigung.Fachadmin, berechtigung.Systemadmin}},
		"POST /api/bescheidsantrag": {aktion: berechtigung.BescheidsantragStellen,
			nur: []berechtigung.Rolle{berechtigung.Betreiber, berechtigung.Beauftragter}},
		"GET /api/bescheid/{id}": angemeldet, "PUT /api/bescheid/{id}": angemeldet, "DELETE /api/bescheid/{id}": angemeldet,
		"PATCH /api/bescheid/{id}": angemeldet, "GET /api/bescheidsantrag/{id}": angemeldet, "PUT /api/bescheidsantrag/{id}": angemeldet,
		"DELETE /api/bescheidsantrag/{id}": angemeldet, "GET /api/bescheid/{id}/anforderung": angemeldet,
		"GET /api/bescheid/{id}/messstelle/{mid}": angemeldet, "DELETE /api/bescheid/{id}/messstelle/{mid}": angemeldet,
		"POST /api/anforderung": angemeldet, "PUT /api/anforderung": angemeldet, "DELETE /api/anforderung/{id}": angemeldet,
		"GET /api/bescheid/{id}/verlauf":              mitAktion(berechtigung.BetriebVerlaufLesen),
		"GET /api/bescheid/{id}/stand/{version}":      mitAktion(berechtigung.BetriebVerlaufLesen),
		"GET /api/betrieb/{id}/bescheid/vorbescheide": amBetrieb(""),
		"GET /api/betrieb/{id}/bescheid/messstellen":  amBetrieb(""),
		"GET /api/bescheid/{id}/dateien":              angemeldet,
		// files and reminders ask for the object first (no Bescheid here: 404 for everyone)
		"POST /api/bescheid/{id}/upload-file":   angemeldet,
		"GET /api/bescheid/{id}/wiedervorlage":  angemeldet,
		"POST /api/bescheid/{id}/wiedervorlage": angemeldet,
	} {
		r[route] = rg
	}
	// annual reports (issue 31, docs/decisions.md "Annual reports (issue 31): service and API"):
	// who creates one by the table; every other route answers by the report's status and the
	// caller's side in the service (the matrix calls them on no report: 404)
	anlegen := regel{aktion: berechtigung.JahresberichtAnlegen,
		nur: []berechtigung.Rolle{berechtigung.Betreiber, berechtigung.ZustSBS, berechtigung.Fachadmin, berechtigung.Systemadmin}}
	for route, rg := range map[string]regel{
		"POST /api/jahresbericht": anlegen, "POST /api/jahresbericht/uebernahme/{id}": anlegen,
		"GET /api/jahresbericht/suevoaEnabled": angemeldet, "PUT /api/jahresbericht": angemeldet,
		"PUT /api/jahresbericht/einreichen": angemeldet, "PUT /api/jahresbericht/{id}/freigabe": angemeldet,
		"DELETE /api/jahresbericht/{id}": angemeldet, "GET /api/jahresbericht/id/{id}": angemeldet,
		"GET /api/jahresbericht/{id}": angemeldet, "GET /api/jahresbericht/betrieb/{id}/parameter-messwert": angemeldet,
		"GET /api/jahresbericht/{id}/messstelle/{mid}/parameter-messwert":       angemeldet,
		"GET /api/jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}": angemeldet,
		"PUT /api/jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}": angemeldet,
		"GET /api/messwert/jahresbericht/{id}/parameter/{pid}/export-messwerte": angemeldet,
		"GET /api/messwert/jahresbericht/{id}/parameter/{pid}/export-vorlage":   angemeldet,
		"POST /api/messwert/{pid}/import-messwerte":                             mitAktion(berechtigung.MesswerteImportieren),
		// files and Externe Stoffe ask for the report first (none here: 404 for everyone)
		"GET /api/jahresbericht/{id}/dateien": angemeldet, "POST /api/jahresbericht/{id}/upload-file": angemeldet,
		"GET /api/jahresbericht/{id}/externe-dateien": angemeldet, "POST /api/jahresbericht/{id}/externe-upload-file": angemeldet,
		// its reminders ask for the report first too (issue 32)
		"GET /api/jahresbericht/{id}/wiedervorlage": angemeldet, "POST /api/jahresbericht/{id}/wiedervorlage": angemeldet,
		"DELETE /api/jahresbericht/deleteDateiExterne/{id}": mitAktion(berechtigung.DateiHochladen),
		// the limit-value checks: whoever sees the operation
		"GET /api/betrieb/{id}/ueberschreitungen": amBetrieb(""), "GET /api/ueberschreitung/betriebe": angemeldet,
		// the prints (issue 33): who reads the operation file or the report prints it
		"POST /api/betrieb/{id}/print": amBetrieb(""), "GET /api/jahresbericht/{id}/print": angemeldet,
		"GET /api/jahresbericht/{id}/verlauf":         mitAktion(berechtigung.BetriebVerlaufLesen),
		"GET /api/jahresbericht/{id}/stand/{version}": mitAktion(berechtigung.BetriebVerlaufLesen),
		// the report tree: by the operation (the matrix names a plant's id: 404 for everyone) and
		// by the plant (whoever sees its operation)
		"GET /api/anlage/abwasserbehandlung/getJahresberichtAnlagenForBetrieb/{id}": angemeldet,
		"GET /api/anlage/abwasserbehandlung/getJahresberichtJahreForAnlage/{id}":    amBetrieb(""),
		"GET /api/anlage/kanalnetz/selbstueberwachungspflichtForAnlage/{id}":        amBetrieb(""),
	} {
		r[route] = rg
	}
	// the Bescheide's searches and evaluation (issue 30): read by whoever sees the operation
	for route, rg := range map[string]regel{
		"GET /api/betrieb/{id}/bescheid/search":        amBetrieb(""),
		"GET /api/betrieb/{id}/anforderung/auswertung": amBetrieb(""),
		"GET /api/betrieb/{id}/auflage/search":         amBetrieb(""),
		"GET /api/betrieb/{id}/anforderungsparameter":  amBetrieb(""),
		"POST /api/betrieb/{id}/export/{endpoint}":     amBetrieb(""),
		"GET /api/messstelle/{id}/anforderung":         amBetrieb(""),
		"GET /api/anforderung/auswertung":              angemeldet,
		"POST /api/anforderung/export":                 angemeldet,
	} {
		r[route] = rg
	}
	for _, d := range werteliste.Listen {
		lesen := angemeldet
		if d.Oeffentlich {
			lesen = offen
		}
		r["GET /api/"+d.Name] = lesen
		for _, m := range []string{"POST /api/%s", "PUT /api/%s/{id}", "DELETE /api/%s/{id}"} {
			r[fmt.Sprintf(m, d.Name)] = mitAktion(berechtigung.SystemverwaltungBearbeiten)
		}
		// the Fachadmin keeps the parameters' significant digits (issue 43, item 3)
		if d.Name == "anforderungsparameter" {
			r["PUT /api/"+d.Name+"/{id}"] = regel{aktion: berechtigung.ParameterStellenPflegen,
				nur: []berechtigung.Rolle{berechtigung.Fachadmin, berechtigung.Systemadmin}}
		}
	}
	return r
}

// TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation calls every route of the router as
// every demo account and anonymously, on an operation of betreiber's organisation, and checks
// the answer against the rule: 401 without login, 403 without the action, 404 for users of
// another organisation on an operation, and neither for the others.
func TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation(t *testing.T) {
	w := newKontoWelt(t, "")
	var betriebID, anlageID int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM betrieb WHERE bezeichnung = 'Brauerei am Deutschen Eck'`).Scan(&betriebID); err != nil {
		t.Fatal(err)
	}
	// a treatment plant of an approved operation of the same organisation
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM anlage WHERE bezeichnung = 'Betriebskläranlage Papierfabrik'`).Scan(&anlageID); err != nil {
		t.Fatal(err)
	}
	// a measuring point of that plant, still requested (the decision's rule applies to it)
	var messstelleID int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM messstelle WHERE bezeichnung = 'Zulauf Betriebskläranlage'`).Scan(&messstelleID); err != nil {
		t.Fatal(err)
	}
	alle := regeln()
	anlagentyp := "{typ:abwasserbehandlung|entlastung|kanalnetz|kuehlwasser}"
	type route struct{ method, pattern string }
	var routen []route
	mux := newAPI(alleBereiche()).routes(nil)
	_ = chi.Walk(mux, func(method, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if !strings.HasPrefix(pattern, "/api/") || method == http.MethodHead {
			return nil
		}
		pattern = strings.TrimSuffix(pattern, "/")
		if _, ok := alle[method+" "+pattern]; !ok {
			t.Errorf("route without a rule in the permission matrix: %s %s", method, pattern)
		}
		routen = append(routen, route{method, pattern})
		return nil
	})
	if t.Failed() {
		return
	}
	// logging out ends the caller's session: it comes last, so every other route still sees a
	// valid token
	sort.SliceStable(routen, func(i, j int) bool {
		return routen[i].pattern != "/api/logout" && routen[j].pattern == "/api/logout"
	})

	konten := []struct {
		name   string
		fremd  bool // another organisation than the operation's operator
		rollen []string
	}{{"", false, nil}}
	for _, k := range []string{"systemadmin", "fachadmin", "zust_sbd", "zust_sbb", "zust_sbs", "zust_sba", "leser_behoerde",
		"betreiber", "beauftragter", "leser_organisation", "betreiber2"} {
		konten = append(konten, struct {
			name   string
			fremd  bool
			rollen []string
		}{k, k == "betreiber2", []string{strings.ToUpper(k)}})
	}
	konten[len(konten)-1].rollen = []string{"BETREIBER"}
	tokens := map[string]string{}
	for _, k := range konten[1:] {
		tokens[k.name] = w.login(t, k.name, seed.DemoPasswort)
	}

	geprueft := 0
	for _, rt := range routen {
		rg := alle[rt.method+" "+rt.pattern]
		pfad := rt.pattern
		if strings.HasPrefix(pfad, "/api/betrieb/{id}") || strings.HasPrefix(pfad, "/api/person/lokaleRolle/{id}") {
			pfad = strings.Replace(pfad, "{id}", fmt.Sprint(betriebID), 1)
		}
		pfad = strings.NewReplacer("{anlagenart}", "MISCHWASSER", "{betriebId}", fmt.Sprint(betriebID)).Replace(pfad)
		if strings.HasPrefix(pfad, "/api/anlage/entlastung/uebersicht/") {
			pfad = strings.Replace(pfad, "{id}", fmt.Sprint(betriebID), 1)
		}
		if strings.HasPrefix(pfad, "/api/messstelle/uebersicht/") {
			pfad = strings.Replace(pfad, "{id}", fmt.Sprint(anlageID), 1)
		}
		if strings.HasPrefix(pfad, "/api/messstelle/{id}") {
			pfad = strings.Replace(pfad, "{id}", fmt.Sprint(messstelleID), 1)
		}
		if strings.HasPrefix(pfad, "/api/anlage/") {
			pfad = strings.NewReplacer("{id}", fmt.Sprint(anlageID), anlagentyp, "abwasserbehandlung").Replace(pfad)
		}
		pfad = strings.NewReplacer("{id}", "999999", "{typ}", "INDUSTRIE", "{version}", "1", "{mid}", "999999", "{pid}", "999999", "{n}", "WR-2350-001", "{bescheidId}", "WR-1110-017").Replace(pfad)
		for _, k := range konten {
			var body any
			if rt.method != http.MethodGet && rt.method != http.MethodDelete {
				body = map[string]any{}
			}
			a := w.send(t, rt.method, pfad, body, tokens[k.name])
			wer := k.name
			if wer == "" {
				wer = "anonym"
			}
			fail := func(want string) {
				t.Errorf("%s %s as %s: %d, want %s; %s", rt.method, pfad, wer, a.Code, want, strings.TrimSpace(a.Body.String()))
			}
			geprueft++
			switch {
			case a.Code >= 500 && rt.pattern != "/api/health": // health answers 503 here: the test runs no NATS
				fail("no 5xx")
			case rg.oeffentlich:
			case k.name == "":
				if a.Code != http.StatusUnauthorized {
					fail("401")
				}
			case rg.fehlt:
				if a.Code != http.StatusNotFound && a.Code != http.StatusForbidden {
					fail("404 (area not there yet)")
				}
			case rg.aktion != "" && !rg.darf(k.rollen):
				if a.Code != http.StatusForbidden && !(rg.betrieb && k.fremd && a.Code == http.StatusNotFound) {
					fail("403")
				}
			case rg.betrieb && k.fremd:
				if a.Code != http.StatusNotFound {
					fail("404 (another organisation's operation)")
				}
			default:
				if a.Code == http.StatusUnauthorized || a.Code == http.StatusForbidden {
					fail("allowed")
				}
			}
		}
	}
	if geprueft < 1000 {
		t.Fatalf("only %d calls checked", geprueft)
	}
}
