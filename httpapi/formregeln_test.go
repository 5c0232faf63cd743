package httpapi

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/formregeln"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// Issue 43, item 5: the forms' rule tables (domain/formregeln) are what the server requires.
// For every form, its request with the required fields empty (and one empty row of each list
// whose rows have required fields) goes through the real route; the fields the answer calls
// empty — with Pflichtfeld or the rule's own message — are exactly the table's required fields
// under the case's conditions. frontend/src/lib/formregeln.test.ts checks the client's side
// against the same generated tables.

// formregelFall is one request of a form: the conditions that hold for it, the lists it sends one
// empty row of, and the required fields it fills on purpose (a template, a type).
type formregelFall struct {
	formular string
	name     string
	gilt     []string
	zeilen   []string
	gefuellt []string
	// meldungen are messages of an empty required field that depend on the object's state
	// (a released operation's operator: the operator change's wording of spec 000).
	meldungen map[string]string
	senden    func() antwort
}

// erwartetLeer are the required fields of the form for the case, each under its error name
// with the message an empty one gets.
func erwartetLeer(t *testing.T, f formregelFall) map[string]string {
	t.Helper()
	var form validierung.Formular
	for _, x := range formregeln.Alle() {
		if x.Name == f.formular {
			form = x
		}
	}
	if form.Name == "" {
		t.Fatalf("no form %q in formregeln.Alle()", f.formular)
	}
	out := map[string]string{}
	for _, feld := range form.Pflichtfelder(f.gilt...) {
		if slices.Contains(f.gefuellt, feld) {
			continue
		}
		if liste, _, ok := strings.Cut(feld, "[]"); ok {
			if !slices.Contains(f.zeilen, liste) {
				continue
			}
		}
		r, _ := form.Regel(feld)
		m := r.Meldung
		if m == "" {
			m = validierung.Pflichtfeld
		}
		if x, ok := f.meldungen[feld]; ok {
			m = x
		}
		out[strings.ReplaceAll(feld, "[]", "[0]")] = m
	}
	return out
}

func TestFormregeln_EveryFormsRequiredFieldsAreExactlyWhatTheServerRequires(t *testing.T) {
	w := newKontoWelt(t, "")
	admin, betreiber := w.login(t, "systemadmin", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	sbd, sbb := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "zust_sbb", seed.DemoPasswort)
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	klaeranlage := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	endkontrolle := idVon(t, w, "messstelle", "Endkontrolle Ablauf Betriebskläranlage")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	neueAnlage := anlageAnlegen(t, w, sbd, "abwasserbehandlung", neueKlaeranlage(papier, orgID(t, w, "Klärwerk Rheinaue GmbH"), "Formregeln-Kläranlage"))
	person := map[string]any{"anrede": "", "titel": "", "name": "", "vorname": "", "email": "", "telefon": "", "mobil": ""}
	mit := func(a, b map[string]any) map[string]any {
		out := map[string]any{}
		for k, v := range a {
			out[k] = v
		}
		for k, v := range b {
			out[k] = v
		}
		return out
	}
	kontakt := []map[string]any{{"anrede": "", "vorname": "", "name": "", "email": "", "telefon": ""}}

	// a Bescheid of the operation in work, and the report of 2026 of its treatment plant
	bescheid := neueID(t, w.send(t, "POST", "/api/bescheid", bescheidFormular(papier, endkontrolle), sbb), 201)
	bw := neueBerichtsWelt(t)
	csb := bw.parameterID(t, "301")
	messwerte := fmt.Sprintf("/api/jahresbericht/%d/messstelle/%d/parameter-messwert/%d", bw.bericht, bw.messstelle, csb)

	faelle := []formregelFall{
		{formular: "registrierung", name: "all empty", gilt: []string{"registrierung"}, senden: func() antwort {
			return w.send(t, "POST", "/api/registrierung", mit(person, map[string]any{"organisation": 0, "funktionaleRolle": []string{}, "dsgvo": false}), "")
		}},
		{formular: "profil", name: "all empty", senden: func() antwort {
			p := w.send(t, "GET", "/api/profil", nil, betreiber).json(t)
			p["benutzername"], p["email"], p["person"] = "", "", mit(person, map[string]any{})
			return w.send(t, "PUT", "/api/profil", p, betreiber)
		}},
		{formular: "benutzer", name: "no role", gilt: []string{"neu", "behoerdenrolle"}, senden: func() antwort {
			return w.send(t, "POST", "/api/anwender", map[string]any{"benutzername": "", "passwort": "", "datascoutId": "", "behoerde": "",
				"funktionaleRolle": []string{}, "lokaleRollen": []int64{}, "person": person}, admin)
		}},
		{formular: "benutzer", name: "an operator", gilt: []string{"neu", "organisationsrolle"}, gefuellt: []string{"funktionaleRolle"}, senden: func() antwort {
			return w.send(t, "POST", "/api/anwender", map[string]any{"benutzername": "", "passwort": "", "datascoutId": "", "behoerde": "",
				"funktionaleRolle": []string{"BETREIBER"}, "lokaleRollen": []int64{}, "person": person}, admin)
		}},
		{formular: "organisation", name: "all empty", senden: func() antwort {
			return w.send(t, "POST", "/api/organisation", map[string]any{"bezeichnung": "", "status": "AKTIV",
				"adresse": map[string]any{"strasse": "", "hausnummer": "", "plz": "", "ort": ""}}, admin)
		}},
		{formular: "betrieb", name: "an administrator's save of a released operation", zeilen: []string{"kontakte", "zustaendigePersonen", "zustaendigeBearbeiter"},
			meldungen: map[string]string{"betreiber": betrieb.MsgNeuerBetreiber}, senden: func() antwort {
				b := w.betrieb(t, papier, fachadmin)
				b["bezeichnung"], b["betreiber"], b["betriebsstatus"], b["behoerde"] = "", nil, nil, nil
				b["adresse"] = map[string]any{"strasse": "", "hausnummer": "", "plz": "", "ort": ""}
				b["lage"] = map[string]float64{"hochwert": 0, "rechtswert": 0}
				b["kontakte"] = kontakt
				b["zustaendigePersonen"] = []map[string]any{{"id": 0, "zustaendig": []string{}}}
				b["zustaendigeBearbeiter"] = []map[string]any{{"id": 0, "bearbeiter": ""}}
				return w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", papier), b, fachadmin)
			}},
		{formular: "stammdatenantrag", name: "all empty", senden: func() antwort {
			return w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten", papier), map[string]any{"bezeichnung": "", "muttergesellschaft": "",
				"url": "", "strasse": "", "hausnummer": "", "plz": "", "ort": "", "kommentar": ""}, betreiber)
		}},
		{formular: "anlage", name: "a treatment plant", gilt: []string{"keinIndirekteinleiter"},
			zeilen: []string{"abwasserbeseitigungspflichtige", "auslegungUndBelastungsDaten", "planungen", "anlagenteile", "foerderungen", "kontakte",
				"zustaendigePersonen", "zustaendigeBearbeiter"},
			// a new plant starts as GEPLANT whatever is sent (the status is required when it is saved)
			gefuellt: []string{"abwasserbeseitigungspflichtige", "anlagenstatus"}, senden: func() antwort {
				return w.send(t, "POST", "/api/anlage/abwasserbehandlung", map[string]any{"betrieb": map[string]any{"id": papier}, "bezeichnung": "",
					"anlagenart": "", "anlagenstatus": "", "lage": map[string]float64{"hochwert": 0, "rechtswert": 0},
					"abwasserbeseitigungspflichtige": []map[string]any{{"organisation": 0, "startJahr": 0}},
					"auslegungUndBelastungsDaten":    []map[string]any{{"parameter": "", "einheit": ""}},
					"planungen":                      []map[string]any{{"status": ""}},
					"anlagenteile":                   []map[string]any{{"kategorie": "", "bezeichnung": ""}},
					"foerderungen":                   []map[string]any{{"mipNr": ""}},
					"kontakte":                       kontakt,
					"zustaendigePersonen":            []map[string]any{{"id": 0, "zustaendig": []string{}}},
					"zustaendigeBearbeiter":          []map[string]any{{"id": 0, "bearbeiter": ""}},
				}, fachadmin) // an administrator assigns authority users
			}},
		{formular: "anlage", name: "a relief plant, indirect discharger, without an obligee", gilt: []string{"indirekteinleiter", "entlastung"},
			gefuellt: []string{"anlagenstatus"}, senden: func() antwort {
				return w.send(t, "POST", "/api/anlage/entlastung", map[string]any{"betrieb": map[string]any{"id": papier}, "bezeichnung": "",
					"anlagenart": "", "anlagenstatus": "", "lage": map[string]float64{"hochwert": 0, "rechtswert": 0}, "indirekteinleiter": true,
					"entlastungssystem": "", "entlastungstyp": ""}, sbd)
			}},
		{formular: "anlage", name: "no indirect discharger: the obligee", gilt: []string{"keinIndirekteinleiter"}, gefuellt: []string{"anlagenstatus"}, senden: func() antwort {
			return w.send(t, "POST", "/api/anlage/abwasserbehandlung", map[string]any{"betrieb": map[string]any{"id": papier}, "bezeichnung": "",
				"anlagenart": "", "anlagenstatus": "", "lage": map[string]float64{"hochwert": 0, "rechtswert": 0}}, sbd)
		}},
		{formular: "anlagenantrag", name: "all empty", zeilen: []string{"foerderungen"}, senden: func() antwort {
			return w.send(t, "POST", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d/aenderungsantrag", neueAnlage),
				map[string]any{"bezeichnung": "", "foerderungen": []map[string]any{{"mipNr": ""}}}, betreiber)
		}},
		// a new point starts at the reference status whatever is sent; saved, its status is required
		{formular: "messstelle", name: "all empty", gefuellt: []string{"messstellenstatus"}, senden: func() antwort {
			return w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/messstelle", klaeranlage), map[string]any{"messstellenId": "111000-02-31",
				"bezeichnung": "", "messstellentyp": "", "messstellenstatus": "", "lage": map[string]float64{"hochwert": 0, "rechtswert": 0}}, sbd)
		}},
		{formular: "messstelle", name: "an Einleitungsstelle of an industrial operation: its rows", gefuellt: []string{"messstellentyp", "messstellenstatus"},
			zeilen: []string{"mindestanforderungen", "vorbelastungen"}, senden: func() antwort {
				return w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/messstelle", klaeranlage), map[string]any{"messstellenId": "111000-31-08",
					"bezeichnung": "", "messstellentyp": "NR_8", "messstellenstatus": "", "lage": map[string]float64{"hochwert": 0, "rechtswert": 0},
					"mindestanforderungen": []map[string]any{{"gruppe": "", "wertart": "HW"}}, "vorbelastungen": []map[string]any{{"gueltigAb": ""}}}, sbd)
			}},
		{formular: "bescheid", name: "staff's save", zeilen: []string{"auflagen"}, gefuellt: []string{"bescheidsstatus"}, senden: func() antwort {
			return w.speichereBescheid(t, "bescheid", bescheid, sbb, "IN_BEARBEITUNG", func(f map[string]any) {
				for _, k := range []string{"bescheidQualitaet", "bescheidart", "aktenzeichen", "behoerde", "bescheidsdatum", "ablaufdatum"} {
					f[k] = ""
				}
				f["auflagen"] = []map[string]any{{"abwasseranlage": 0, "art": "", "beschreibung": "", "fristdatum": ""}}
			})
		}},
		{formular: "anforderung", name: "all empty", senden: func() antwort {
			return w.send(t, "POST", "/api/anforderung", map[string]any{"bescheid": bescheid, "version": versionVon(w.bescheidLesen(t, bescheid, sbb)),
				"messstelle": endkontrolle, "anforderungArt": "", "parameterArt": "", "parameterNr": "", "gueltigBis": ""}, sbb)
		}},
		{formular: "messwerte", name: "a template with times", gilt: []string{"mitMesswerten", "vorlageMitUhrzeit"}, zeilen: []string{"messwerte"},
			gefuellt: []string{"vorlageMesswerteId"}, senden: func() antwort {
				return bw.send(t, "PUT", messwerte, map[string]any{"version": version(bw.lies(t, bw.betreiber)), "anzahlWerte": 1,
					"vorlageMesswerteId": bw.vorlage(t, "Stichproben mit Uhrzeit"), "messwerte": []map[string]any{{"datum": "", "uhrzeit": ""}}}, bw.betreiber)
			}},
		{formular: "messwerte", name: "a template without times", gilt: []string{"mitMesswerten"}, zeilen: []string{"messwerte"},
			gefuellt: []string{"vorlageMesswerteId"}, senden: func() antwort {
				return bw.send(t, "PUT", messwerte, map[string]any{"version": version(bw.lies(t, bw.betreiber)), "anzahlWerte": 1,
					"vorlageMesswerteId": bw.vorlage(t, "Tageswerte Konzentration und Abfluss"), "messwerte": []map[string]any{{"datum": ""}}}, bw.betreiber)
			}},
		{formular: "messwerte", name: "rows without a template", gilt: []string{"mitMesswerten"}, senden: func() antwort {
			return bw.send(t, "PUT", messwerte, map[string]any{"version": version(bw.lies(t, bw.betreiber)), "anzahlWerte": 1,
				"messwerte": []map[string]any{{"datum": ""}}}, bw.betreiber)
		}},
		{formular: "wiedervorlage", name: "all empty", senden: func() antwort {
			return w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/wiedervorlage", papier), map[string]any{"betreff": " ", "datum": ""}, betreiber)
		}},
		{formular: "datei", name: "no file, no designation", senden: func() antwort {
			return w.hochladen(t, fmt.Sprintf("/api/betrieb/%d/upload-file", papier), betreiber, teil{name: "bezeichnung", inhalt: ""})
		}},
	}

	getestet := map[string]bool{}
	for _, f := range faelle {
		t.Run(f.formular+": "+f.name, func(t *testing.T) {
			getestet[f.formular] = true
			a := f.senden()
			ve := feldfehler(t, a)
			want := erwartetLeer(t, f)
			got := map[string]string{}
			meldungen := map[string]bool{validierung.Pflichtfeld: true}
			for _, m := range want {
				meldungen[m] = true
			}
			for k, m := range ve {
				if s, _ := m.(string); meldungen[s] {
					got[k] = s
				}
			}
			if fmt.Sprint(sortiert(got)) != fmt.Sprint(sortiert(want)) {
				t.Errorf("required by the server:\n%v\nby the table (%v):\n%v\nall errors: %v", sortiert(got), f.gilt, sortiert(want), ve)
			}
		})
	}
	for _, f := range formregeln.Alle() {
		if !getestet[f.Name] {
			t.Errorf("form %s: no request in this test", f.Name)
		}
	}
}

func sortiert(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k, v := range m {
		out = append(out, k+" = "+v)
	}
	sort.Strings(out)
	return out
}
