package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// textpfade lists the paths of the strings in a decoded JSON value, as validationErrors name
// them: "adresse.strasse", "kontakte[0].email".
func textpfade(v any, pfad string) []string {
	var out []string
	switch x := v.(type) {
	case string:
		out = append(out, pfad)
	case map[string]any:
		for k, w := range x {
			p := k
			if pfad != "" {
				p = pfad + "." + k
			}
			out = append(out, textpfade(w, p)...)
		}
	case []any:
		for i, w := range x {
			out = append(out, textpfade(w, fmt.Sprintf("%s[%d]", pfad, i))...)
		}
	}
	sort.Strings(out)
	return out
}

// mitText is a copy of body with the string at ziel replaced by wert.
func mitText(t *testing.T, body any, ziel, wert string) any {
	t.Helper()
	var kopie any
	b, _ := json.Marshal(body)
	if err := json.Unmarshal(b, &kopie); err != nil {
		t.Fatal(err)
	}
	var ersetze func(v any, pfad string) any
	ersetze = func(v any, pfad string) any {
		switch x := v.(type) {
		case string:
			if pfad == ziel {
				return wert
			}
		case map[string]any:
			for k, w := range x {
				p := k
				if pfad != "" {
					p = pfad + "." + k
				}
				x[k] = ersetze(w, p)
			}
		case []any:
			for i, w := range x {
				x[i] = ersetze(w, fmt.Sprintf("%s[%d]", pfad, i))
			}
		}
		return v
	}
	return ersetze(kopie, "")
}

func (w *kontoWelt) letztesEreignis(t *testing.T) int64 {
	t.Helper()
	var pos int64
	if err := w.dienst.Store.Pool().QueryRow(context.Background(), `SELECT coalesce(max(global_position), 0) FROM events`).Scan(&pos); err != nil {
		t.Fatal(err)
	}
	return pos
}

// wantZuLang checks the answer to a request with one too long field: 400, the German
// message for that field, and nothing appended to the event store since vorher.
func (w *kontoWelt) wantZuLang(t *testing.T, a antwort, feld string, vorher int64) {
	t.Helper()
	w.wantFeldfehler(t, a, feld, validierung.ZuLang(validierung.Hoechstlaenge(feld)), vorher)
}

// steuerzeichen is a text no field takes (issue 27): a line break, which only multi-line
// texts may hold, and a bidirectional control, which none may.
const steuerzeichen = "1\n2\u202E" // short: the shortest field (flur) takes 5 characters

// wantFeldfehler checks the answer to a request with one bad field: 400, the German message
// want for that field, and nothing appended to the event store since vorher.
func (w *kontoWelt) wantFeldfehler(t *testing.T, a antwort, feld, want string, vorher int64) {
	t.Helper()
	if a.Code != 400 {
		t.Fatalf("%s: status %d, want 400; body %s", feld, a.Code, a.Body.String())
	}
	m := a.json(t)
	ve, _ := m["validationErrors"].(map[string]any)
	if ve[feld] != want || m["message"] == "" {
		t.Fatalf("%s: validationErrors %v, want %q", feld, ve, want)
	}
	if nach := w.letztesEreignis(t); nach != vorher {
		t.Fatalf("%s: events appended (%d → %d)", feld, vorher, nach)
	}
}

// laengenFall is a request whose every text field is sent too long, one at a time, and then
// with a line break and a control character (validierung.Zeichenfehler).
type laengenFall struct {
	name, method, pfad, token string
	body                      map[string]any
	ohne                      []string          // strings that are no text field: choices checked as such, dates, passwords
	feld                      map[string]string // the validationErrors key where it differs from the path
}

func (w *kontoWelt) pruefeLaengen(t *testing.T, f laengenFall) {
	t.Helper()
	var body any // as the server reads it: []string and []map are []any
	j, _ := json.Marshal(f.body)
	_ = json.Unmarshal(j, &body)
	pfade := textpfade(body, "")
	if len(pfade) == 0 {
		t.Fatalf("%s: no text fields", f.name)
	}
	var geprueft []string
	defer func() { t.Logf("%s: %d text fields %v", f.name, len(geprueft), geprueft) }()
	for _, p := range pfade {
		if ausgelassen(f.ohne, p) {
			continue
		}
		geprueft = append(geprueft, p)
		feld := p
		if k, ok := f.feld[p]; ok {
			feld = k
		}
		vorher := w.letztesEreignis(t)
		zuLang := strings.Repeat("ü", validierung.Hoechstlaenge(feld)+1) // 2 bytes each: characters count, not bytes
		w.wantZuLang(t, w.send(t, f.method, f.pfad, mitText(t, body, p, zuLang), f.token), feld, vorher)
		w.wantFeldfehler(t, w.send(t, f.method, f.pfad, mitText(t, body, p, steuerzeichen), f.token), feld,
			validierung.Zeichenfehler(feld, steuerzeichen), vorher)
	}
}

func ausgelassen(ohne []string, p string) bool {
	for _, o := range ohne {
		if o == p {
			return true
		}
	}
	return false
}

func TestLaengen_EveryTextFieldOfTheAccountRequestsIsBounded(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	org := orgID(t, w, "Klärwerk Rheinaue GmbH")
	person := map[string]any{"anrede": "Frau", "titel": "Dr.", "name": "Lang", "vorname": "Lena", "email": "lena.lang@example.org",
		"telefon": "0261-4711", "mobil": "0170-1"}

	registrierung := map[string]any{"organisation": org, "funktionaleRolle": []string{"BETREIBER"}, "dsgvo": true}
	for k, v := range person {
		registrierung[k] = v
	}
	w.pruefeLaengen(t, laengenFall{name: "registration", method: "POST", pfad: "/api/registrierung", body: registrierung,
		feld: map[string]string{"funktionaleRolle[0]": "funktionaleRolle"}})

	w.pruefeLaengen(t, laengenFall{name: "login", method: "POST", pfad: "/api/authenticate",
		body: map[string]any{"username": "betreiber", "password": "falsch"}, ohne: []string{"password"}})

	w.pruefeLaengen(t, laengenFall{name: "reset mail", method: "POST", pfad: "/api/sendPasswordResetMail",
		body: map[string]any{"username": "betreiber"}})

	var profil map[string]any
	w.send(t, "GET", "/api/profil", nil, betreiber).decode(t, &profil)
	w.pruefeLaengen(t, laengenFall{name: "profile", method: "PUT", pfad: "/api/profil", token: betreiber, body: profil,
		// user name and e-mail are credentials with rules of their own (the domain test bounds them too)
		ohne: []string{"benutzername", "email", "person.email", "person.organisation.bezeichnung"},
		feld: map[string]string{"person.anrede": "anrede", "person.titel": "titel", "person.name": "name", "person.vorname": "vorname",
			"person.telefon": "telefon", "person.mobil": "mobil"}})

	w.pruefeLaengen(t, laengenFall{name: "user form", method: "POST", pfad: "/api/anwender", token: admin,
		body: map[string]any{"benutzername": "llang", "passwort": "vT9#qLm2!xRw8zPk-Lang", "datascoutId": "", "behoerde": "",
			"funktionaleRolle": []string{"BETREIBER"}, "lokaleRollen": []int64{},
			"person": mitOrganisation(person, org)},
		ohne: []string{"passwort"}, feld: map[string]string{"funktionaleRolle[0]": "funktionaleRolle"}})
}

func mitOrganisation(p map[string]any, org int64) map[string]any {
	out := map[string]any{"organisation": map[string]any{"id": org}}
	for k, v := range p {
		out[k] = v
	}
	return out
}

func TestLaengen_EveryTextFieldOfTheAdministrationIsBounded(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	w.pruefeLaengen(t, laengenFall{name: "organisation", method: "POST", pfad: "/api/organisation", token: admin,
		body: map[string]any{"bezeichnung": "Abwasserzweckverband Lang", "abwasserbeseitigungspflicht": true, "status": "AKTIV",
			"abgabenummer": "AB-1", "organisationsId": "ORG-1",
			"adresse": map[string]any{"strasse": "Hauptstraße", "hausnummer": "5", "plz": "54290", "ort": "Trier"}}})
	w.pruefeLaengen(t, laengenFall{name: "local role", method: "POST", pfad: "/api/lokaleRolle", token: admin,
		body: map[string]any{"bezeichnung": "Kreis Lang", "globaleRolle": "BEHOERDE"}})
	w.pruefeLaengen(t, laengenFall{name: "value list", method: "POST", pfad: "/api/kuehlart", token: admin,
		body: map[string]any{"value": "Hybridkühlung"}})
	w.pruefeLaengen(t, laengenFall{name: "value list with a text column", method: "POST", pfad: "/api/pegel", token: admin,
		body: map[string]any{"value": "Pegel Lang", "gewaesser": "Mosel"}})

	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	p := w.send(t, "GET", "/api/personalisierung", nil, betreiber).json(t)
	p["betriebstyp"] = []string{"KOMMUNAL"}
	w.pruefeLaengen(t, laengenFall{name: "personalisation", method: "PUT", pfad: "/api/personalisierung", token: betreiber, body: p})
}

func TestLaengen_EveryTextFieldOfAnOperationIsBounded(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)

	form := neuerBetrieb(w, t, "Papierfabrik Lang")
	for k, v := range map[string]any{"muttergesellschaft": "Lang Holding AG", "url": "https://lang.example", "prtrNr": "P-1",
		"haupttaetigkeit": "Papier", "nacecode": "C.17.1", "katasterNr": "K-1", "arbeitsstaettenNr": "A-1", "behoerdenkennung": "RLP",
		"produktion": map[string]any{"taetigkeiten": []string{"Zellstoff"}, "produktbezeichnungen": []string{"Karton"},
			"produktionsverfahren": []string{"Sulfat"}, "produktionsarten": []string{"Serie"}, "tagesarbeitszeitVon": "07:00",
			"tagesarbeitszeitBis": "16:00"},
		"wasserversorgung": map[string]any{"wvbNr": "WV-1"},
		"kontakte": []map[string]any{{"anrede": "Herr", "titel": "", "vorname": "Lars", "name": "Lang", "telefon": "0261-1",
			"mobil": "", "email": "lars@lang.example", "funktion": "Umweltbeauftragter"}},
		// the Bearbeiter are not the operator's to set, and their datascoutId comes from the account
		"zustaendigePersonen": []map[string]any{{"id": kontoID(t, w, "beauftragter"), "zustaendig": []string{"Abwasser"}}},
	} {
		form[k] = v
	}
	w.pruefeLaengen(t, laengenFall{name: "request", method: "POST", pfad: "/api/betrieb?typ=INDUSTRIE", token: betreiber, body: form})

	id := beantragen(t, w, betreiber, "Papierfabrik Kurz")
	w.pruefeLaengen(t, laengenFall{name: "decision", method: "POST", pfad: "/api/betrieb/freigabe", token: sbd,
		body: map[string]any{"betriebId": id, "kommentar": "Unterlagen vollständig", "neuerStatus": "FREIGEGEBEN"}, ohne: []string{"neuerStatus"}})
	w.pruefeLaengen(t, laengenFall{name: "reminder", method: "POST", pfad: fmt.Sprintf("/api/betrieb/%d/wiedervorlage", id), token: betreiber,
		body: map[string]any{"betreff": "Nachweis anfordern", "datum": "2026-12-01"}, ohne: []string{"datum"}})

	if a := w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id, "neuerStatus": "FREIGEGEBEN"}, sbd); a.Code != 200 {
		t.Fatalf("approve: %d %s", a.Code, a.Body.String())
	}
	w.pruefeLaengen(t, laengenFall{name: "master data application", method: "POST", pfad: fmt.Sprintf("/api/betrieb/%d/stammdaten", id),
		token: betreiber, body: map[string]any{"bezeichnung": "Papierfabrik Kurz eG", "muttergesellschaft": "", "url": "", "strasse": "Hofstraße",
			"hausnummer": "9", "plz": "56077", "ort": "Koblenz", "kommentar": "Neue Rechtsform"}})

	vorher := w.letztesEreignis(t)
	w.wantZuLang(t, w.hochladen(t, fmt.Sprintf("/api/betrieb/%d/upload-file", id), betreiber,
		teil{name: "file", dateiname: "a.pdf", inhalt: pdf}, teil{name: "bezeichnung", inhalt: strings.Repeat("ü", 256)}), "bezeichnung", vorher)
	w.wantFeldfehler(t, w.hochladen(t, fmt.Sprintf("/api/betrieb/%d/upload-file", id), betreiber,
		teil{name: "file", dateiname: "a.pdf", inhalt: pdf}, teil{name: "bezeichnung", inhalt: steuerzeichen}), "bezeichnung",
		validierung.MsgSteuerzeichen, vorher)
}

func TestLaengen_SearchTextsAndFiltersAreBounded(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	sbd := w.login(t, "zust_sbd", seed.DemoPasswort)
	lang := url.QueryEscape(strings.Repeat("ü", validierung.Suchlaenge+1))
	for _, tt := range []struct{ pfad, feld, token string }{
		{"/api/betrieb/search?q=" + lang, "q", sbd},
		{"/api/betrieb/search?page=0&betriebstyp=" + lang, "betriebstyp", sbd},
		{"/api/anwender?name=" + lang, "name", admin},
		{"/api/audit?eventType=" + lang, "eventType", admin},
		{"/api/anrede?q=" + lang, "q", admin},
	} {
		a := w.send(t, "GET", tt.pfad, nil, tt.token)
		m := wantFehler(t, a, 400, "Max. 200 Zeichen erlaubt")
		if ve, _ := m["validationErrors"].(map[string]any); ve[tt.feld] != "Max. 200 Zeichen erlaubt" {
			t.Errorf("%s: %v", tt.pfad, m)
		}
	}
	if a := w.send(t, "GET", "/api/betrieb/search?q="+url.QueryEscape(strings.Repeat("ü", validierung.Suchlaenge)), nil, sbd); a.Code != 200 {
		t.Errorf("200 characters: %d %s", a.Code, a.Body.String())
	}
}
