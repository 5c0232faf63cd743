package httpapi

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// demoKonten are the demo accounts, every role once (docs/security.md).
var demoKonten = []string{"systemadmin", "fachadmin", "zust_sbd", "zust_sbb", "zust_sbs", "zust_sba", "leser_behoerde",
	"betreiber", "beauftragter", "leser_organisation", "betreiber2"}

// One view of an object per role: for every demo account, what the Historie, the Stand at every
// version and the Verlauf show of a plant with an open change request and of an operation with
// an open Stammdaten-Antrag is no more than its detail shows — the content of the application
// (comment, what it asks for, who asked) only for who may review it or submit it for the
// operator.
func TestSicht_HistoryStandAndVerlaufShowNothingTheDetailHides(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber, sbd := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "zust_sbd", seed.DemoPasswort)
	betrieb := beantragen(t, w, betreiber, "Molkerei Sichtprobe")
	w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": betrieb, "neuerStatus": "FREIGEGEBEN"}, sbd)
	if a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten", betrieb), map[string]any{"bezeichnung": "Molkerei Sichtprobe Beantragt eG",
		"strasse": "Antragsweg", "hausnummer": "3", "plz": "56068", "ort": "Koblenz", "kommentar": "Antragskommentar zur Sichtprobe"}, betreiber); a.Code != 201 {
		t.Fatalf("application: %d %s", a.Code, a.Body.String())
	}
	// the seeded change request of the paper mill's treatment plant (by betreiber)
	anlage := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	// who sees the content: reviewers and the operator's side that may submit one
	zeigt := []string{"systemadmin", "fachadmin", "zust_sbd", "betreiber", "beauftragter"}

	for _, f := range []struct {
		objekt  string
		detail  []string // what the detail screen reads
		weitere []string // Historie, Verlauf (Stand is added per version)
		geheim  []string // the application's content
	}{
		{"operation", []string{fmt.Sprintf("/api/betrieb/%d", betrieb), fmt.Sprintf("/api/betrieb/%d/stammdaten-antrag", betrieb)},
			[]string{fmt.Sprintf("/api/betrieb/%d/historie", betrieb), fmt.Sprintf("/api/betrieb/%d/verlauf", betrieb)},
			[]string{"Antragskommentar zur Sichtprobe", "Molkerei Sichtprobe Beantragt eG", "Antragsweg"}},
		{"plant", []string{fmt.Sprintf("/api/anlage/%d", anlage)},
			[]string{fmt.Sprintf("/api/anlage/%d/historie", anlage), fmt.Sprintf("/api/anlage/%d/verlauf", anlage)},
			// (its applicant Michael Wagner is the step's actor, named to whoever may read the
			// Verlauf or belongs to his organisation: verlauf.NamenFuer)
			[]string{"Neuer Name seit der Umfirmierung", "Betriebskläranlage Papierfabrik Rheinaue"}},
	} {
		geprueft := map[string]bool{}
		for _, konto := range demoKonten {
			tok := w.login(t, konto, seed.DemoPasswort)
			erste := w.send(t, "GET", f.detail[0], nil, tok)
			if erste.Code == 404 {
				continue
			}
			if erste.Code != 200 {
				t.Fatalf("%s, %s detail: %d %s", f.objekt, konto, erste.Code, erste.Body.String())
			}
			detail := erste.Body.String()
			for _, p := range f.detail[1:] {
				detail += w.send(t, "GET", p, nil, tok).Body.String()
			}
			for _, g := range f.geheim {
				if strings.Contains(detail, g) != slices.Contains(zeigt, konto) {
					t.Errorf("%s, %s: detail shows %q = %v, want %v", f.objekt, konto, g, !slices.Contains(zeigt, konto), slices.Contains(zeigt, konto))
				}
			}
			pfade := slices.Clone(f.weitere)
			for v := 1; v <= int(erste.json(t)["version"].(float64)); v++ {
				pfade = append(pfade, fmt.Sprintf("%s/stand/%d", f.detail[0], v))
			}
			for _, p := range pfade {
				a := w.send(t, "GET", p, nil, tok)
				if a.Code == 403 {
					continue // the Verlauf and the Stand need BETRIEB_VERLAUF_LESEN
				}
				if a.Code != 200 {
					t.Fatalf("%s, %s %s: %d %s", f.objekt, konto, p, a.Code, a.Body.String())
				}
				for _, g := range f.geheim {
					if strings.Contains(a.Body.String(), g) && !strings.Contains(detail, g) {
						t.Errorf("%s, %s: %s shows %q, which the detail hides", f.objekt, konto, p, g)
					}
				}
			}
			geprueft[konto] = true
		}
		for _, k := range []string{"leser_behoerde", "zust_sbb", "leser_organisation", "fachadmin", "betreiber"} {
			if !geprueft[k] {
				t.Errorf("%s: %s does not see it; the test proves nothing for him", f.objekt, k)
			}
		}
	}
}

// tokenAngemeldetAm is tok as if its owner had logged in at am (a session that began then).
func tokenAngemeldetAm(t testing.TB, tok string, am time.Time) string {
	t.Helper()
	b, err := parseToken(testSecret, tok)
	if err != nil {
		t.Fatal(err)
	}
	c := tokenClaims{Name: b.Name, FunktionaleRollen: b.FunktionaleRollen, Behoerde: b.Behoerde, Organisation: b.Organisation, Sitzung: b.Sitzung,
		RegisteredClaims: jwt.RegisteredClaims{Subject: b.ID, IssuedAt: jwt.NewNumericDate(am), ExpiresAt: jwt.NewNumericDate(time.Now().Add(time.Hour))}}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(testSecret)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A conflict's answer lists only changes the caller could have read himself: the steps after
// the version sent, at most the newest ten, none when that version was superseded before he
// logged in — and only in his view of the object: an operator, who may not open the Verlauf,
// gets no staff names and no field his detail does not show; staff still see who changed what.
func TestKonflikt_AnswerIsBoundedToTheSessionAndTheCallersView(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber, sbd, beauftragter := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "zust_sbd", seed.DemoPasswort),
		w.login(t, "beauftragter", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")
	pfad := fmt.Sprintf("/api/anlage/kuehlwasser/%d", id)
	detail := fmt.Sprintf("/api/anlage/%d", id)
	geladen := w.send(t, "GET", detail, nil, betreiber).json(t)
	staffGeladen := w.send(t, "GET", detail, nil, sbd).json(t)
	// twelve staff saves, then the operator's colleague adds a contact
	for i := range 12 {
		a := w.send(t, "GET", detail, nil, sbd).json(t)
		a["beschreibung"] = fmt.Sprintf("Prüfung %d", i+1)
		if s := w.send(t, "PUT", pfad, a, sbd); s.Code != 200 {
			t.Fatalf("staff save %d: %d %s", i+1, s.Code, s.Body.String())
		}
	}
	k := w.send(t, "GET", detail, nil, beauftragter).json(t)
	k["kontakte"] = []map[string]any{{"anrede": "Herr", "vorname": "Jan", "name": "Krämer", "telefon": "0261-98765-0", "email": "umwelt@papierfabrik-rheinaue.example", "funktion": "Umweltbeauftragter"}}
	if s := w.send(t, "PUT", pfad, k, beauftragter); s.Code != 200 {
		t.Fatalf("colleague's save: %d %s", s.Code, s.Body.String())
	}
	aktuell := int(w.send(t, "GET", detail, nil, sbd).json(t)["version"].(float64))

	konflikt := func(t *testing.T, tok string, formular map[string]any, version int) ([]map[string]any, int) {
		t.Helper()
		f := map[string]any{}
		for k, v := range formular {
			f[k] = v
		}
		f["version"], f["beschreibung"] = version, "Meine Eingabe"
		m := wantFehler(t, w.send(t, "PUT", pfad, f, tok), 409,
			"Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.")
		roh, _ := json.Marshal(m["aenderungen"])
		var schritte []map[string]any
		if err := json.Unmarshal(roh, &schritte); err != nil || schritte == nil {
			t.Fatalf("aenderungen: %v", m)
		}
		ausgelassen, ok := m["aenderungenAusgelassen"].(float64)
		if !ok {
			t.Fatalf("aenderungenAusgelassen: %v", m)
		}
		return schritte, int(ausgelassen)
	}

	// the version he loaded (the demo plant's versions before it are years old: superseded
	// before his session began)
	t.Run("operator sends the version he loaded", func(t *testing.T) {
		schritte, ausgelassen := konflikt(t, betreiber, geladen, int(geladen["version"].(float64)))
		jetzt := w.send(t, "GET", detail, nil, betreiber).json(t)
		if len(schritte) != KonfliktMaxSchritte || ausgelassen != aktuell-int(geladen["version"].(float64))-KonfliktMaxSchritte ||
			int(schritte[len(schritte)-1]["version"].(float64)) != aktuell {
			t.Fatalf("%d steps (newest %v), %d left out; want the newest %d of %d", len(schritte), schritte[len(schritte)-1]["version"],
				ausgelassen, KonfliktMaxSchritte, aktuell-1)
		}
		for _, s := range schritte {
			roh, _ := json.Marshal(s)
			if strings.Contains(string(roh), "Claudia Schneider") || strings.Contains(string(roh), "Demo-Daten") || s["antrag"] != nil {
				t.Errorf("a name or application the operator may not see: %s", roh)
			}
			for _, x := range s["aenderungen"].([]any) {
				feld, _, _ := strings.Cut(strings.SplitN(x.(map[string]any)["feld"].(string), "[", 2)[0], ".")
				if _, ok := jetzt[feld]; !ok {
					t.Errorf("field %q is not in the operator's detail: %s", feld, roh)
				}
			}
		}
		if a := schritte[len(schritte)-1]["akteur"]; a != "Katrin Schulz" {
			t.Errorf("the colleague's save names %v, want Katrin Schulz", a)
		}
		if a := schritte[0]["akteur"]; a != "Behörde" {
			t.Errorf("a staff save names %v, want Behörde", a)
		}
	})

	t.Run("a version superseded before the login lists nothing", func(t *testing.T) {
		spaeter := tokenAngemeldetAm(t, betreiber, time.Now().Add(10*time.Minute))
		schritte, ausgelassen := konflikt(t, spaeter, geladen, int(geladen["version"].(float64)))
		if len(schritte) != 0 || ausgelassen != aktuell-int(geladen["version"].(float64)) {
			t.Fatalf("%d steps, %d left out: %v", len(schritte), ausgelassen, schritte)
		}
	})

	t.Run("staff still see who changed what", func(t *testing.T) {
		schritte, ausgelassen := konflikt(t, sbd, staffGeladen, int(staffGeladen["version"].(float64)))
		if len(schritte) != KonfliktMaxSchritte || ausgelassen != 3 || schritte[0]["akteur"] != "Claudia Schneider" ||
			len(schritte[0]["aenderungen"].([]any)) == 0 {
			t.Fatalf("%d steps, %d left out: %v", len(schritte), ausgelassen, schritte)
		}
	})

	t.Run("the operator's Historie names staff by their side", func(t *testing.T) {
		h := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/historie", id), nil, betreiber).Body.String()
		if strings.Contains(h, "Demo-Daten") || !strings.Contains(h, `"geaendertVon":"Behörde"`) {
			t.Fatalf("historie: %s", h)
		}
	})
}
