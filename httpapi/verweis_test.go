package httpapi

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// ohneVerweis are the command routes whose bodies name no account, organisation or plant
// besides the object of the path (whose visibility the route checks), with the reason. Every
// other command route has a case in TestVerweise_EveryReferenceFieldTakesOnlyWhatItsPickerOffers;
// a new route that is in neither fails it, so the areas to come declare their references.
var ohneVerweis = map[string]string{
	"POST /api/anlage/export":                          "a selection of the plants worklist (list visibility)",
	"POST /api/betrieb/{id}/print":                     "a selection of the operation file to print: each id through its area's visibility and of this operation, stored nowhere (issue 33)",
	"POST /api/messstelle/export":                      "a selection of the measuring points worklist (list visibility)",
	"POST /api/jahresbericht/export":                   "a selection of the annual reports worklist (list visibility)",
	"POST /api/messwert/{pid}/import-messwerte":        "a spreadsheet of one parameter's values (its report's visibility)",
	"POST /api/betrieb/{id}/import-entlastungsanlagen": "a spreadsheet of the operation's relief plants: each row is checked as the plant's save (receiving plant, throttle outflow, value lists)",
	"POST /api/anlage/abwasserbehandlung/{id}/import":  "a spreadsheet of the plant's disposal area: administrative units of the value list, checked as the plant's save",
	"POST /api/anforderung/export":                     "a selection of the Anforderungen evaluation (list visibility)",
	"POST /api/betrieb/{id}/export/{endpoint}":         "a selection of the operation's evaluation (list visibility)",
	"POST /api/betrieb/export":                         "a selection of the operations worklist (list visibility)",
	"POST /api/anwender/export":                        "administrators' export",
	"POST /api/organisation/export":                    "administrators' export",
	"POST /api/anlage/{typ:abwasserbehandlung|entlastung|kanalnetz|kuehlwasser}/{id}/aenderungsantrag": "the change request's fields are texts and value lists",
	"DELETE /api/anlage/{id}/aenderungsantrag":                                                         "decision on the path's plant",
	"POST /api/anlage/{id}/aenderungsantrag/uebernahme":                                                "field names of the path's plant",
	"POST /api/betrieb/{id}/stammdaten":                                                                "the application's fields are texts",
	"DELETE /api/betrieb/{id}/stammdaten-antrag":                                                       "decision on the path's operation",
	"POST /api/betrieb/{id}/stammdaten-antrag/uebernahme":                                              "field names of the path's operation",
	"POST /api/betrieb/freigabe":                                                                       "decision on the operation it names (visibility checked)",
	"POST /api/anlage/{id}/upload-file":                                                                "a file of the path's object",
	"POST /api/betrieb/{id}/upload-file":                                                               "a file of the path's object",
	"POST /api/bescheid/{id}/upload-file":                                                              "a file of the path's object",
	"POST /api/anlage/{id}/wiedervorlage":                                                              "a reminder of the path's object",
	"POST /api/betrieb/{id}/wiedervorlage":                                                             "a reminder of the path's object",
	"POST /api/bescheid/{id}/wiedervorlage":                                                            "a reminder of the path's object",
	"POST /api/messstelle/{id}/wiedervorlage":                                                          "a reminder of the path's object",
	"POST /api/jahresbericht/{id}/wiedervorlage":                                                       "a reminder of the path's object",
	"POST /api/messstelle/{id}/upload-file":                                                            "a file of the path's object",
	"POST /api/jahresbericht/{id}/upload-file":                                                         "a file of the path's object",
	"POST /api/jahresbericht/{id}/externe-upload-file":                                                 "a file of the path's object",
	"DELETE /api/jahresbericht/deleteDateiExterne/{id}":                                                "the path's file",
	"POST /api/anlage/{id}/messstelle":                                                                 "the path's plant; the point names no account, organisation or plant — its references are value-list entries (auswahl.PruefeListenwerte)",
	"PUT /api/messstelle/{id}":                                                                         "the path's measuring point; its references are value-list entries (auswahl.PruefeListenwerte)",
	"POST /api/messstelle/{id}/freigabe":                                                               "decision on the path's measuring point",
	"DELETE /api/datei/{id}":                                                                           "the path's file",
	"DELETE /api/wiedervorlage/{id}":                                                                   "the path's reminder",
	"DELETE /api/nachricht/{id}":                                                                       "the caller's own message",
	"PATCH /api/nachricht/{id}":                                                                        "the caller's own message",
	"DELETE /api/anwender/{id}":                                                                        "the path's account",
	"PUT /api/anwender/{id}/status":                                                                    "the path's account",
	"POST /api/organisation":                                                                           "an organisation's own fields",
	"PUT /api/organisation/{id}":                                                                       "an organisation's own fields",
	"DELETE /api/organisation/{id}":                                                                    "the path's organisation",
	"POST /api/organisation/merge":                                                                     "source and destination are checked by the merge (TestOrganisation_*)",
	"DELETE /api/lokaleRolle/{id}":                                                                     "the path's local role",
	"PUT /api/personalisierung":                                                                        "value-list filters of the caller's own settings",
	"PUT /api/profil":                                                                                  "the caller's own account; the organisation is not changed here",
	"POST /api/registrierung":                                                                          "the organisation is checked against the registration picker (TestKonto_*)",
	"POST /api/authenticate":                                                                           "login",
	"POST /api/logout":                                                                                 "logout",
	"POST /api/sso":                                                                                    "login",
	"POST /api/doubleoptin/confirm":                                                                    "a link token",
	"PUT /api/resetPassword":                                                                           "a link token",
	"POST /api/sendPasswordResetMail":                                                                  "a user name",
	"PUT /api/bescheid/{id}":                                                                           "the path's Bescheid; its plants, measuring points and Vorbescheid are checked as on creation (bescheid.Pruefung, TestBescheid_*)",
	"PUT /api/bescheidsantrag/{id}":                                                                    "the path's Bescheid; its plants, measuring points and Vorbescheid are checked as on creation (bescheid.Pruefung, TestBescheid_*)",
	"DELETE /api/bescheid/{id}":                                                                        "the path's Bescheid",
	"DELETE /api/bescheidsantrag/{id}":                                                                 "the path's Bescheid",
	"PATCH /api/bescheid/{id}":                                                                         "Anforderungen of the path's Bescheid for one of its own measuring points (TestBescheid_*)",
	"DELETE /api/bescheid/{id}/messstelle/{mid}":                                                       "a measuring point of the path's Bescheid",
	"POST /api/anforderung":                                                                            "an Anforderung of a Bescheid the caller sees, for one of its own measuring points (TestBescheid_*)",
	"PUT /api/anforderung":                                                                             "an Anforderung of a Bescheid the caller sees, for one of its own measuring points (TestBescheid_*)",
	"DELETE /api/anforderung/{id}":                                                                     "the path's Anforderung",
	"POST /api/jahresbericht/uebernahme/{id}":                                                          "as POST /api/jahresbericht (its case), the source report of the path of the same plant",
	"PUT /api/jahresbericht":                                                                           "the report it names (visibility checked); plant and year are fixed at creation",
	"PUT /api/jahresbericht/einreichen":                                                                "the report it names (visibility checked)",
	"PUT /api/jahresbericht/{id}/freigabe":                                                             "decision on the path's report",
	"DELETE /api/jahresbericht/{id}":                                                                   "the path's report",
	"PUT /api/jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}":                            "values of a parameter of the path's report; the template is a value-list entry",
}

// verweisFall is one reference field of one command route: a valid body, how to put an id
// into the field, ids its picker does not offer, and one it offers.
type verweisFall struct {
	route   string // "METHOD pattern" as the router has it
	name    string
	method  string
	pfad    string
	token   string
	body    func() map[string]any
	setze   func(body map[string]any, id int64)
	feld    string // the key of validationErrors
	fremd   map[string]int64
	erlaubt int64
}

// TestVerweise_EveryReferenceFieldTakesOnlyWhatItsPickerOffers walks every command route of the
// router: each field that names an account, organisation or plant refuses every id its picker
// would not offer (administrators, unconfirmed and deactivated accounts, users of another
// organisation, organisations outside the picker's filter, plants the caller does not see,
// ids that do not exist) with 400 on the field, writes nothing, and accepts one the picker
// offers. The answer never names the refused account.
func TestVerweise_EveryReferenceFieldTakesOnlyWhatItsPickerOffers(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin, sbd := w.login(t, "fachadmin", seed.DemoPasswort), w.login(t, "zust_sbd", seed.DemoPasswort)
	betreiber, betreiber2 := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "betreiber2", seed.DemoPasswort)
	admin := w.login(t, "systemadmin", seed.DemoPasswort)

	// an unconfirmed registration with the operator's organisation, and a deactivated account
	rheinaue, musterhausen := orgID(t, w, "Klärwerk Rheinaue GmbH"), orgID(t, w, "Verbandsgemeinde Musterhausen")
	if a := w.send(t, "POST", "/api/registrierung", map[string]any{"organisation": rheinaue, "funktionaleRolle": []string{"BETREIBER"},
		"anrede": "Herr", "name": "Offen", "vorname": "Otto", "email": "otto.offen@example.org", "telefon": "0261-4711", "dsgvo": true}, ""); a.Code != 201 {
		t.Fatalf("register: %d %s", a.Code, a.Body.String())
	}
	var offen int64
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM anwender WHERE email = 'otto.offen@example.org'`).Scan(&offen); err != nil {
		t.Fatal(err)
	}
	inaktiv := kontoID(t, w, "leser_organisation")
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anwender/%d/status", inaktiv), map[string]string{"status": "INAKTIV"}, admin); a.Code != 200 {
		t.Fatalf("deactivate: %d %s", a.Code, a.Body.String())
	}
	inaktivStaff := kontoID(t, w, "zust_sba")
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anwender/%d/status", inaktivStaff), map[string]string{"status": "INAKTIV"}, admin); a.Code != 200 {
		t.Fatalf("deactivate: %d %s", a.Code, a.Body.String())
	}
	personenFremd := map[string]int64{"administrator": kontoID(t, w, "systemadmin"), "unconfirmed registration": offen,
		"deactivated": inaktiv, "other organisation": kontoID(t, w, "betreiber2"), "authority user": kontoID(t, w, "zust_sbb"),
		"no account": 999999}
	bearbeiterFremd := map[string]int64{"operator user": kontoID(t, w, "betreiber"), "unconfirmed registration": offen,
		"deactivated": inaktivStaff, "no account": 999999}

	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	klaeranlagePapier := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	muster, musterKA := idVon(t, w, "betrieb", "Kläranlage Musterhausen"), idVon(t, w, "anlage", "Kläranlage Musterhausen")
	rueb := idVon(t, w, "anlage", "Regenüberlaufbecken Musterhausen-Nord")
	kuehlPapier := idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")
	get := func(pfad, token string) func() map[string]any {
		return func() map[string]any {
			a := w.send(t, "GET", pfad, nil, token)
			if a.Code != 200 {
				t.Fatalf("GET %s: %d %s", pfad, a.Code, a.Body.String())
			}
			return a.json(t)
		}
	}
	neu := func(body map[string]any) func() map[string]any {
		return func() map[string]any {
			out := map[string]any{}
			for k, v := range body {
				out[k] = v
			}
			return out
		}
	}
	person := func(b map[string]any, id int64) {
		b["zustaendigePersonen"] = []map[string]any{{"id": id, "zustaendig": []string{"Abwasser"}}}
	}
	bearbeiter := func(b map[string]any, id int64) {
		b["zustaendigeBearbeiter"] = []map[string]any{{"id": id, "bearbeiter": "DS-X"}}
	}
	pflichtiger := func(b map[string]any, id int64) {
		b["abwasserbeseitigungspflichtige"] = []map[string]any{{"organisation": id, "startJahr": 2024}}
	}
	aufnahme := func(b map[string]any, id int64) { b["indirekteinleiter"], b["aufnahme"] = true, id }
	betreiberOrg := func(b map[string]any, id int64) {
		b["betreiber"] = map[string]any{"id": id}
		b["preserveBetreiberAsAbwasserbeseitigungspflichtigen"] = true
	}
	antrag := neuerBetrieb(w, t, "Verweis-Werk")
	antrag["skipBetriebExistsCheck"] = true
	historisiert := func(body func() map[string]any) func() map[string]any {
		return func() map[string]any {
			b := body()
			b["auditInfo"] = map[string]any{"gueltigAb": w.jetzt.Format("2006-01-02"), "aenderungsgrund": "Verweis geprüft", "ueberschreiben": true}
			return b
		}
	}
	anlageTyp := "{typ:abwasserbehandlung|entlastung|kanalnetz|kuehlwasser}"
	bescheidFormular := map[string]any{"betrieb": papier, "bescheidQualitaet": "Bescheid",
		"bescheidart": "Genehmigung einer Indirekteinleitung (§ 58 WHG)", "aktenzeichen": "Verweis-1",
		"behoerde": "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", "bescheidsdatum": "2026-01-15"}
	neueAnlage := neueKlaeranlage(papier, rheinaue, "Verweis-Kläranlage")
	neueEntlastung := map[string]any{"betrieb": map[string]any{"id": papier}, "bezeichnung": "RÜB Verweis", "anlagenart": "MISCHWASSER",
		"lage": map[string]float64{"hochwert": 5582900.5, "rechtswert": 398100.25}, "entlastungssystem": "Mischsystem",
		"entlastungstyp": "Regenüberlaufbecken", "wasserbuchnummer": "S12345"}

	// a second treatment plant of Musterhausen's operation, and a municipal operation of its own
	// with one: the replacements the shut-down cases pick
	talmuehle := anlageAnlegen(t, w, fachadmin, "abwasserbehandlung", neueKlaeranlage(muster, musterhausen, "Gruppenkläranlage Talmühle"))
	zweckverband := neuerKommunalerBetrieb(t, w, sbd, fachadmin, musterhausen, "Zweckverband Talmühle")
	zweckverbandKA := anlageAnlegen(t, w, fachadmin, "abwasserbehandlung", neueKlaeranlage(zweckverband, musterhausen, "Kläranlage Zweckverband"))

	faelle := []verweisFall{
		{route: "POST /api/bescheid", name: "Bescheid: plant of an Auflage", method: "POST", pfad: "/api/bescheid", token: fachadmin,
			body: neu(bescheidFormular), setze: func(b map[string]any, id int64) {
				b["auflagen"] = []map[string]any{{"abwasseranlage": id, "art": "Messprogramm", "beschreibung": "Messprogramm vorlegen", "fristdatum": "2026-12-31"}}
			}, feld: "auflagen[0].abwasseranlage",
			fremd: map[string]int64{"plant of another operation": musterKA, "no plant": 999999}, erlaubt: klaeranlagePapier},
		{route: "POST /api/jahresbericht", name: "annual report: plant", method: "POST", pfad: "/api/jahresbericht", token: betreiber,
			body: neu(map[string]any{"jahr": 2019}), setze: func(b map[string]any, id int64) { b["anlage"] = map[string]any{"id": id} },
			feld: "anlage", fremd: map[string]int64{"plant of another operator": musterKA, "no plant": 999999}, erlaubt: klaeranlagePapier},
		{route: "POST /api/bescheidsantrag", name: "Bescheidsantrag: measuring point", method: "POST", pfad: "/api/bescheidsantrag", token: betreiber,
			body: neu(bescheidFormular), setze: func(b map[string]any, id int64) { b["messstellen"] = []int64{id} }, feld: "messstellen[0]",
			fremd: map[string]int64{"measuring point of another operation": idVon(t, w, "messstelle", "Ablauf Kläranlage Musterhausen"),
				"requested, not approved": idVon(t, w, "messstelle", "Zulauf Betriebskläranlage"), "no measuring point": 999999},
			erlaubt: idVon(t, w, "messstelle", "Endkontrolle Ablauf Betriebskläranlage")},
		{route: "POST /api/betrieb", name: "request by staff: operator", method: "POST", pfad: "/api/betrieb?typ=KOMMUNAL", token: sbd,
			body: neu(antrag), setze: betreiberOrg, feld: "betreiber",
			fremd:   map[string]int64{"not obliged for a municipal operation": rheinaue, "no organisation": 999999},
			erlaubt: musterhausen},
		{route: "POST /api/betrieb", name: "request by operator: responsible person", method: "POST", pfad: "/api/betrieb?typ=INDUSTRIE",
			token: betreiber, body: neu(antrag), setze: person, feld: "zustaendigePersonen",
			fremd: personenFremd, erlaubt: kontoID(t, w, "beauftragter")},
		{route: "PUT /api/betrieb/{id}", name: "staff save: responsible person", method: "PUT", pfad: fmt.Sprintf("/api/betrieb/%d", papier), token: sbd,
			body: get(fmt.Sprintf("/api/betrieb/%d", papier), sbd), setze: person, feld: "zustaendigePersonen",
			fremd: personenFremd, erlaubt: kontoID(t, w, "beauftragter")},
		{route: "PUT /api/betrieb/{id}", name: "administrator's save: Bearbeiter", method: "PUT", pfad: fmt.Sprintf("/api/betrieb/%d", papier),
			token: fachadmin, body: get(fmt.Sprintf("/api/betrieb/%d", papier), fachadmin), setze: bearbeiter, feld: "zustaendigeBearbeiter",
			fremd: bearbeiterFremd, erlaubt: kontoID(t, w, "zust_sbb")},
		{route: "PUT /api/betrieb/{id}/betriebsdaten", name: "operator's save: responsible person", method: "PUT",
			pfad: fmt.Sprintf("/api/betrieb/%d/betriebsdaten", papier), token: betreiber, body: get(fmt.Sprintf("/api/betrieb/%d", papier), betreiber),
			setze: person, feld: "zustaendigePersonen", fremd: personenFremd, erlaubt: kontoID(t, w, "beauftragter")},
		{route: "POST /api/anlage/" + anlageTyp, name: "create: responsible person", method: "POST", pfad: "/api/anlage/abwasserbehandlung",
			token: sbd, body: neu(neueAnlage), setze: person, feld: "zustaendigePersonen", fremd: personenFremd,
			erlaubt: kontoID(t, w, "betreiber")},
		{route: "POST /api/anlage/" + anlageTyp, name: "create: Bearbeiter", method: "POST", pfad: "/api/anlage/abwasserbehandlung",
			token: fachadmin, body: neu(neueAnlage), setze: bearbeiter, feld: "zustaendigeBearbeiter", fremd: bearbeiterFremd,
			erlaubt: kontoID(t, w, "zust_sbd")},
		{route: "POST /api/anlage/" + anlageTyp, name: "create: obligee", method: "POST", pfad: "/api/anlage/abwasserbehandlung",
			token: sbd, body: neu(neueAnlage), setze: pflichtiger, feld: "abwasserbeseitigungspflichtige",
			fremd: map[string]int64{"no organisation": 999999}, erlaubt: musterhausen},
		{route: "POST /api/anlage/" + anlageTyp, name: "create: receiving plant", method: "POST", pfad: "/api/anlage/entlastung",
			token: sbd, body: neu(neueEntlastung), setze: aufnahme, feld: "aufnahme",
			// the picker offers the operation's treatment plants and the municipal ones of any
			// operator (Kläranlage Musterhausen, of a Regionalstelle zust_sbd does not see)
			fremd: map[string]int64{"a relief plant": rueb, "a cooling plant of the operation": kuehlPapier, "no plant": 999999}, erlaubt: musterKA},
		{route: "POST /api/anlage/" + anlageTyp, name: "create: throttle outflow", method: "POST", pfad: "/api/anlage/entlastung",
			token: sbd, body: neu(neueEntlastung), setze: func(b map[string]any, id int64) {
				aufnahme(b, klaeranlagePapier)
				b["drosselablauf"] = id
			}, feld: "drosselablauf",
			// relief plants of the same kind, of the operation or a municipal one of any operator
			fremd: map[string]int64{"a treatment plant": klaeranlagePapier, "a cooling plant": kuehlPapier, "no plant": 999999}, erlaubt: rueb},
		{route: "PUT /api/anlage/" + anlageTyp + "/{id}", name: "operator's save: responsible person", method: "PUT",
			pfad: fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", klaeranlagePapier), token: betreiber,
			body: get(fmt.Sprintf("/api/anlage/%d", klaeranlagePapier), betreiber), setze: person, feld: "zustaendigePersonen",
			fremd: personenFremd, erlaubt: kontoID(t, w, "beauftragter")},
		{route: "PUT /api/anlage/" + anlageTyp + "/{id}", name: "staff save: obligee", method: "PUT",
			pfad: fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", musterKA), token: fachadmin,
			body: historisiert(get(fmt.Sprintf("/api/anlage/%d", musterKA), fachadmin)), setze: pflichtiger, feld: "abwasserbeseitigungspflichtige",
			fremd:   map[string]int64{"operator company without the duty, not the operation's operator": rheinaue, "no organisation": 999999},
			erlaubt: musterhausen},
		{route: "PUT /api/anlage/" + anlageTyp + "/{id}", name: "staff save: Bearbeiter", method: "PUT",
			pfad: fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", musterKA), token: fachadmin,
			body: get(fmt.Sprintf("/api/anlage/%d", musterKA), fachadmin), setze: bearbeiter, feld: "zustaendigeBearbeiter",
			fremd: bearbeiterFremd, erlaubt: kontoID(t, w, "zust_sbd")},
		{route: "PUT /api/anlage/" + anlageTyp + "/{id}", name: "operator's save: receiving plant", method: "PUT",
			pfad: fmt.Sprintf("/api/anlage/entlastung/%d", rueb), token: betreiber2,
			body: get(fmt.Sprintf("/api/anlage/%d", rueb), betreiber2), setze: aufnahme, feld: "aufnahme",
			fremd: map[string]int64{"plant of another operator": klaeranlagePapier, "no plant": 999999}, erlaubt: musterKA},
		// the replacement of a shut-down treatment plant others discharge into: a treatment plant
		// of its operation (Talmühle) or a municipal one of any operator
		{route: "PUT /api/anlage/" + anlageTyp + "/{id}", name: "staff shut-down: replacement plant", method: "PUT",
			pfad: fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", musterKA), token: fachadmin,
			body: historisiert(get(fmt.Sprintf("/api/anlage/%d", musterKA), fachadmin)), setze: func(b map[string]any, id int64) {
				b["anlagenstatus"], b["neueAufnahme"] = "STILLGELEGT", id
			}, feld: "neueAufnahme",
			fremd: map[string]int64{"an industrial treatment plant of another operator": klaeranlagePapier, "a relief plant": rueb,
				"the plant itself": musterKA, "no plant": 999999}, erlaubt: talmuehle},
		// the operation's shut-down: Talmühle now receives the paper mill's RÜB Verweis; its
		// replacement is a municipal treatment plant of another active operation
		{route: "PUT /api/betrieb/{id}", name: "administrator's shut-down: replacement plants", method: "PUT",
			pfad: fmt.Sprintf("/api/betrieb/%d", muster), token: fachadmin, body: historisiert(get(fmt.Sprintf("/api/betrieb/%d", muster), fachadmin)),
			setze: func(b map[string]any, id int64) {
				b["betriebsstatus"] = map[string]any{"id": "STILLGELEGT"}
				b["anlageToAufnehmendeanlage"] = map[string]any{fmt.Sprint(talmuehle): id}
			}, feld: "anlageToAufnehmendeanlage",
			fremd: map[string]int64{"a treatment plant of the operation itself": talmuehle, "an industrial treatment plant": klaeranlagePapier,
				"no plant": 999999}, erlaubt: zweckverbandKA},
		{route: "POST /api/anwender", name: "administrator's new account: organisation", method: "POST", pfad: "/api/anwender", token: admin,
			body: neu(map[string]any{"benutzername": "verweis", "funktionaleRolle": []string{"BETREIBER"}, "person": map[string]any{
				"anrede": "Herr", "name": "Verweis", "vorname": "Viktor", "email": "viktor.verweis@example.org", "telefon": "0261-1"}, "passwort": "Kläranlage-Rheinaue-2026!x"}),
			setze: func(b map[string]any, id int64) {
				b["person"].(map[string]any)["organisation"] = map[string]any{"id": id}
			}, feld: "person.organisation", fremd: map[string]int64{"no organisation": 999999}, erlaubt: rheinaue},
		{route: "PUT /api/anwender/{id}", name: "administrator's account save: organisation", method: "PUT",
			pfad: fmt.Sprintf("/api/anwender/%d", kontoID(t, w, "beauftragter")), token: admin,
			body: get(fmt.Sprintf("/api/anwender/%d", kontoID(t, w, "beauftragter")), admin),
			setze: func(b map[string]any, id int64) {
				b["person"].(map[string]any)["organisation"] = map[string]any{"id": id}
			}, feld: "person.organisation", fremd: map[string]int64{"no organisation": 999999}, erlaubt: musterhausen},
		{route: "POST /api/lokaleRolle", name: "local role: organisations", method: "POST", pfad: "/api/lokaleRolle", token: admin,
			body:  neu(map[string]any{"bezeichnung": "Verweis-Rolle", "globaleRolle": "ORGANISATION"}),
			setze: func(b map[string]any, id int64) { b["organisationen"] = []int64{id} }, feld: "organisationen",
			fremd: map[string]int64{"no organisation": 999999}, erlaubt: rheinaue},
		{route: "PUT /api/lokaleRolle/{id}", name: "local role save: organisations", method: "PUT", token: admin,
			setze: func(b map[string]any, id int64) { b["organisationen"] = []int64{id} }, feld: "organisationen",
			fremd: map[string]int64{"no organisation": 999999}, erlaubt: musterhausen},
		// last: it hands the paper mill to another operator
		{route: "PUT /api/betrieb/{id}", name: "staff save: operator", method: "PUT", pfad: fmt.Sprintf("/api/betrieb/%d", papier), token: sbd,
			body: historisiert(get(fmt.Sprintf("/api/betrieb/%d", papier), sbd)), setze: betreiberOrg, feld: "betreiber",
			fremd: map[string]int64{"no organisation": 999999}, erlaubt: musterhausen},
	}
	// the local role to save: one the test creates
	rolle := w.send(t, "POST", "/api/lokaleRolle", map[string]any{"bezeichnung": "Verweis-Rolle 2", "globaleRolle": "ORGANISATION"}, admin)
	if rolle.Code != 201 {
		t.Fatalf("local role: %d %s", rolle.Code, rolle.Body.String())
	}
	rollePfad := fmt.Sprintf("/api/lokaleRolle/%d", int64(rolle.json(t)["id"].(float64)))
	r := &faelle[len(faelle)-2]
	r.pfad = rollePfad
	r.body = func() map[string]any {
		var v int
		_ = w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT version FROM lokale_rolle WHERE id = $1`, int64(rolle.json(t)["id"].(float64))).Scan(&v)
		return map[string]any{"bezeichnung": "Verweis-Rolle 2", "globaleRolle": "ORGANISATION", "version": v}
	}

	// every command route is classified
	abgedeckt := map[string]bool{}
	for _, f := range faelle {
		abgedeckt[f.route] = true
	}
	listen := map[string]bool{}
	for _, d := range werteliste.Listen {
		listen[d.Name] = true
	}
	mux := newAPI(alleBereiche()).routes(nil)
	router := map[string]bool{}
	_ = chi.Walk(mux, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if method == http.MethodGet || method == http.MethodHead || !strings.HasPrefix(route, "/api/") {
			return nil
		}
		r := method + " " + strings.TrimSuffix(route, "/")
		router[r] = true
		if liste := strings.Split(strings.TrimPrefix(route, "/api/"), "/")[0]; listen[liste] {
			return nil // value lists: their entries name other value lists at most
		}
		if _, ok := ohneVerweis[r]; !ok && !abgedeckt[r] {
			t.Errorf("command route without a reference case or a reason why it has none: %s", r)
		}
		return nil
	})
	for r := range abgedeckt {
		if !router[r] {
			t.Errorf("case for a route the router does not have: %s", r)
		}
	}
	for r := range ohneVerweis {
		if !router[r] {
			t.Errorf("ohneVerweis names a route the router does not have: %s", r)
		}
	}

	zaehle := func() int {
		var n int
		_ = w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT count(*) FROM events`).Scan(&n)
		return n
	}
	namen := func(id int64) string {
		var n string
		_ = w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT name FROM anwender WHERE id = $1`, id).Scan(&n)
		return n
	}
	for _, f := range faelle {
		t.Run(f.name, func(t *testing.T) {
			for wer, id := range f.fremd {
				vorher := zaehle()
				b := f.body()
				f.setze(b, id)
				a := w.send(t, f.method, f.pfad, b, f.token)
				ve, _ := a.json(t)["validationErrors"].(map[string]any)
				if a.Code != 400 || ve[f.feld] == nil {
					t.Errorf("%s (%d): %d %s, want 400 on %s", wer, id, a.Code, a.Body.String(), f.feld)
				}
				if n := namen(id); n != "" && strings.Contains(a.Body.String(), n) {
					t.Errorf("%s: the answer names the account: %s", wer, a.Body.String())
				}
				if n := zaehle(); n != vorher {
					t.Errorf("%s: %d events written", wer, n-vorher)
				}
			}
			b := f.body()
			f.setze(b, f.erlaubt)
			if a := w.send(t, f.method, f.pfad, b, f.token); a.Code != 200 && a.Code != 201 {
				t.Errorf("an id the picker offers (%d): %d %s", f.erlaubt, a.Code, a.Body.String())
			}
		})
	}
}

// TestFeldrechte_ApplyOnCreateAsOnSave: a field the caller's save drops (the Bearbeiter, for
// roles without BEARBEITER_ZUORDNEN) is dropped when he creates the object too — a plant by
// zust_sbd, an operation by zust_sbd and by an operator.
func TestFeldrechte_ApplyOnCreateAsOnSave(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, betreiber := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	bearbeiter := []map[string]any{{"id": kontoID(t, w, "zust_sbb"), "bearbeiter": "DS-ZUST_SBB"}}

	anl := neueKlaeranlage(papier, orgID(t, w, "Klärwerk Rheinaue GmbH"), "Feldrechte-Kläranlage")
	anl["zustaendigeBearbeiter"] = bearbeiter
	a := w.send(t, "POST", "/api/anlage/abwasserbehandlung", anl, sbd)
	if a.Code != 201 {
		t.Fatalf("create: %d %s", a.Code, a.Body.String())
	}
	got := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", int64(a.json(t)["id"].(float64))), nil, sbd).json(t)
	if b := got["zustaendigeBearbeiter"].([]any); len(b) != 0 {
		t.Errorf("plant created by zust_sbd with Bearbeiter %v", b)
	}

	for _, token := range []string{sbd, betreiber} {
		form := neuerBetrieb(w, t, "Feldrechte-Werk")
		form["skipBetriebExistsCheck"] = true
		form["betreiber"] = map[string]any{"id": orgID(t, w, "Klärwerk Rheinaue GmbH")}
		form["zustaendigeBearbeiter"] = bearbeiter
		a := w.send(t, "POST", "/api/betrieb?typ=INDUSTRIE", form, token)
		if a.Code != 201 {
			t.Fatalf("request: %d %s", a.Code, a.Body.String())
		}
		b := w.betrieb(t, int64(a.json(t)["id"].(float64)), sbd)
		if z := b["zustaendigeBearbeiter"].([]any); len(z) != 0 {
			t.Errorf("operation requested with Bearbeiter %v", z)
		}
	}
}

// TestVerweise_AReferenceThePickerNoLongerOffersStaysValid: a plant that discharges into a
// plant its picker does not offer (saved before the rule: an industrial treatment plant of
// another operator) keeps it on an unchanged save by its operator; no form can name it anew.
func TestVerweise_AReferenceThePickerNoLongerOffersStaysValid(t *testing.T) {
	w := newKontoWelt(t, "")
	b2 := w.login(t, "betreiber2", seed.DemoPasswort)
	rueb := idVon(t, w, "anlage", "Regenüberlaufbecken Musterhausen-Nord")
	klaeranlagePapier := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	a, _, ok, err := anlagen.Stand(t.Context(), w.dienst.Store.Pool(), rueb)
	if err != nil || !ok {
		t.Fatalf("relief plant: %v", err)
	}
	d := a.Daten
	d.AufnahmeID = klaeranlagePapier
	if _, err := eventstore.Befehle(w.dienst.Store, anlage.Decider).Handle(t.Context(), rueb, eventstore.VersionUnbekannt,
		anlage.Speichere{Daten: d, Heute: time.Now(), Umfang: anlage.Voll, DarfBezeichnung: true, Betriebstyp: "KOMMUNAL", Von: "Test",
			AuditInfo: &historie.AuditInfo{GueltigAb: time.Now().Format(historie.Datumsformat), Aenderungsgrund: "Altdaten", Ueberschreiben: true}}, seed.Akteur); err != nil {
		t.Fatal(err)
	}
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", rueb), nil, b2).json(t)
	if anl["aufnahme"] != float64(klaeranlagePapier) {
		t.Fatalf("receiving plant: %v", anl["aufnahme"])
	}
	anl["gemarkung"] = "Musterhausen-Ost" // a field the operator keeps up to date
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/entlastung/%d", rueb), anl, b2); a.Code != 200 {
		t.Fatalf("save keeping the receiving plant: %d %s", a.Code, a.Body.String())
	}
	// another plant of the operation cannot name it
	kanal := idVon(t, w, "anlage", "Kanalnetz Musterhausen")
	k := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", kanal), nil, b2).json(t)
	k["aufnahme"] = klaeranlagePapier
	ve := wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/anlage/kanalnetz/%d", kanal), k, b2), 400, auswahl.MsgAufnahme)["validationErrors"].(map[string]any)
	if ve["aufnahme"] != auswahl.MsgAufnahme {
		t.Fatalf("errors: %v", ve)
	}
}
