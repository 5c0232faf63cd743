package httpapi

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// The per-role walk of issue 42, finding 3: on every kind of object that takes reminders and
// files (operation, plant, measuring point, Bescheid, annual report and its Externe Stoffe),
// staff, an administrator and the operator's two accounts set an internal and a shared reminder
// each and staff and the operator upload files. Then every demo account reads every reminder
// list, every file list, the start page's reminders and the query export of due reminders:
//
//   - a reminder belongs to its author's side; the other side sees it only when it is shared
//     (the authority's internal by default, the operator's shared by default);
//   - every name an operator's account sees goes through the Historie's masking (verlauf.Name):
//     staff are "Behörde", the own organisation's accounts are named;
//   - staff and administrators see every name; readers have no reminders; another operator
//     sees none of it (404).
func TestWiedervorlage_EachSideSeesItsOwnAndTheSharedRemindersAndOperatorsSeeStaffAsBehoerde(t *testing.T) {
	w := newKontoWelt(t, "")
	ctx := t.Context()
	pool := w.dienst.Store.Pool()
	rollen := []string{"systemadmin", "fachadmin", "zust_sbd", "zust_sbb", "zust_sbs", "zust_sba", "leser_behoerde",
		"betreiber", "beauftragter", "leser_organisation", "betreiber2"}
	tok := map[string]string{}
	for _, k := range rollen {
		tok[k] = w.login(t, k, seed.DemoPasswort)
	}
	behoerde := func(k string) bool {
		return !slices.Contains([]string{"betreiber", "beauftragter", "leser_organisation", "betreiber2"}, k)
	}

	// the objects of Klärwerk Rheinaue GmbH (betreiber's organisation, Regionalstelle Koblenz)
	var bescheidID, berichtID int64
	if err := pool.QueryRow(ctx, `SELECT id FROM bescheid WHERE daten->>'aktenzeichen' = '32-5/21'`).Scan(&bescheidID); err != nil {
		t.Fatal(err)
	}
	anlageID := idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")
	// a submitted report of the organisation: its examiner (staff) may upload files on it
	if err := pool.QueryRow(ctx, `SELECT j.id FROM jahresbericht j JOIN anlage a ON a.id = j.anlage_id
		JOIN betrieb b ON b.id = a.betrieb_id WHERE b.betreiber_id = (SELECT betreiber_id FROM betrieb WHERE id = $1) AND NOT j.geloescht
		ORDER BY j.status <> 'EINGEREICHT', j.id LIMIT 1`,
		idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")).Scan(&berichtID); err != nil {
		t.Fatal(err)
	}
	objekte := []struct {
		art         string
		id          int64
		dateien     string // the file list's route (and upload route with upload-file)
		hochladen   string
		mitWiedervl bool
	}{
		{"betrieb", idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz"), "dateien", "upload-file", true},
		{"anlage", anlageID, "dateien", "upload-file", true},
		{"messstelle", idVon(t, w, "messstelle", "Endkontrolle Ablauf Betriebskläranlage"), "dateien", "upload-file", true},
		{"bescheid", bescheidID, "dateien", "upload-file", true},
		{"jahresbericht", berichtID, "dateien", "upload-file", true},
		{"jahresbericht", berichtID, "externe-dateien", "externe-upload-file", false},
	}
	// the operator names himself responsible for the plant: its reminders concern him on the
	// start page
	zustaendigeGespeichert(t, w, anlageID, []int64{kontoID(t, w, "betreiber")}, nil)

	heute := time.Now().Format("2006-01-02")
	autoren := []string{"zust_sbs", "fachadmin", "betreiber", "beauftragter"}
	type wv struct{ autor, art string }
	markiert := map[string]wv{} // Betreff → author and object kind
	for _, o := range objekte {
		if !o.mitWiedervl {
			continue
		}
		for _, k := range autoren {
			for _, geteilt := range []bool{false, true} {
				betreff := fmt.Sprintf("WV-%s-%s-%s", o.art, k, map[bool]string{false: "INTERN", true: "GETEILT"}[geteilt])
				a := w.send(t, "POST", fmt.Sprintf("/api/%s/%d/wiedervorlage", o.art, o.id),
					map[string]any{"betreff": betreff, "datum": heute, "geteilt": geteilt}, tok[k])
				if a.Code != 201 {
					t.Fatalf("reminder %s: %d %s", betreff, a.Code, a.Body.String())
				}
				markiert[betreff] = wv{k, o.art}
			}
		}
		// the sides' defaults: without the box, staff keep it internal, the operator shares it
		for _, k := range []string{"zust_sbd", "betreiber"} {
			betreff := fmt.Sprintf("WV-%s-%s-VORGABE", o.art, k)
			if a := w.send(t, "POST", fmt.Sprintf("/api/%s/%d/wiedervorlage", o.art, o.id), map[string]any{"betreff": betreff, "datum": heute}, tok[k]); a.Code != 201 {
				t.Fatalf("reminder %s: %d %s", betreff, a.Code, a.Body.String())
			}
			markiert[betreff] = wv{k, o.art}
		}
	}
	// files: staff and the operator upload on every object where the object's own rules let them
	// (an annual report takes its operator's files only: not this test's rule)
	datei := map[string]string{} // Bezeichnung → uploader
	behoerdenDateien := 0
	for _, o := range objekte {
		n := 0
		for _, k := range []string{"zust_sbs", "systemadmin", "betreiber", "beauftragter"} {
			bez := fmt.Sprintf("DATEI-%s-%s-%s", o.art, o.dateien, k)
			a := w.hochladen(t, fmt.Sprintf("/api/%s/%d/%s", o.art, o.id, o.hochladen), tok[k],
				teil{name: "bezeichnung", inhalt: bez}, teil{name: "file", dateiname: "plan.pdf", typ: "application/pdf", inhalt: pdf})
			if a.Code == 201 {
				datei[bez] = k
				n++
				if behoerde(k) {
					behoerdenDateien++
				}
			}
		}
		if n == 0 {
			t.Fatalf("no file on %s %s", o.art, o.dateien)
		}
	}
	if behoerdenDateien < 6 {
		t.Fatalf("%d staff files: %v", behoerdenDateien, datei)
	}

	// the names as the administrator sees them: every account by name
	namen := map[string]string{}
	for _, o := range objekte {
		if o.mitWiedervl {
			for _, z := range w.wiedervorlagen(t, fmt.Sprintf("/api/%s/%d/wiedervorlage", o.art, o.id), tok["systemadmin"]) {
				namen[markiert[z.Betreff].autor] = z.AngelegtVon
			}
		}
		for _, d := range w.dateien(t, fmt.Sprintf("/api/%s/%d/%s", o.art, o.id, o.dateien), tok["systemadmin"]) {
			namen[datei[d.Bezeichnung]] = d.UploadVon
		}
	}
	for _, k := range append(autoren, "zust_sbd", "systemadmin") {
		if namen[k] == "" || namen[k] == "Behörde" {
			t.Fatalf("the administrator sees %s as %q", k, namen[k])
		}
	}
	// sieht: whether account k sees the reminder; name: as whom he sees its author
	sieht := func(k, betreff string) bool {
		autor := markiert[betreff].autor
		if strings.HasSuffix(betreff, "-GETEILT") || (strings.HasSuffix(betreff, "-VORGABE") && !behoerde(autor)) {
			return true
		}
		return behoerde(k) == behoerde(autor)
	}
	name := func(k, autor string) string {
		if behoerde(k) || !behoerde(autor) {
			return namen[autor] // staff see every name; the operator's accounts are of one organisation
		}
		return "Behörde"
	}

	for _, k := range rollen {
		for _, o := range objekte {
			pfad := fmt.Sprintf("/api/%s/%d/wiedervorlage", o.art, o.id)
			switch {
			case !o.mitWiedervl:
			case k == "betreiber2":
				wantFehler(t, w.send(t, "GET", pfad, nil, tok[k]), 404, "Das angeforderte Objekt existiert nicht.")
			case k == "leser_behoerde" || k == "leser_organisation":
				wantFehler(t, w.send(t, "GET", pfad, nil, tok[k]), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
			default:
				var gesehen []string
				for _, z := range w.wiedervorlagen(t, pfad, tok[k]) {
					m, ok := markiert[z.Betreff]
					if !ok {
						continue
					}
					gesehen = append(gesehen, z.Betreff)
					if !sieht(k, z.Betreff) {
						t.Errorf("%s sees %q on the %s", k, z.Betreff, o.art)
					}
					if z.AngelegtVon != name(k, m.autor) {
						t.Errorf("%s sees the author of %q as %q, want %q", k, z.Betreff, z.AngelegtVon, name(k, m.autor))
					}
					if z.Geteilt != (sieht("betreiber", z.Betreff) && sieht("zust_sbs", z.Betreff)) {
						t.Errorf("%q: geteilt = %v", z.Betreff, z.Geteilt)
					}
					if want := map[bool]string{true: "BEHOERDE", false: "ORGANISATION"}[behoerde(m.autor)]; z.Seite != want {
						t.Errorf("%q: seite = %q, want %q", z.Betreff, z.Seite, want)
					}
				}
				for b, m := range markiert {
					if m.art == o.art && sieht(k, b) && !slices.Contains(gesehen, b) {
						t.Errorf("%s misses %q on the %s", k, b, o.art)
					}
				}
			}

			dpfad := fmt.Sprintf("/api/%s/%d/%s", o.art, o.id, o.dateien)
			if k == "betreiber2" {
				wantFehler(t, w.send(t, "GET", dpfad, nil, tok[k]), 404, "Das angeforderte Objekt existiert nicht.")
				continue
			}
			n := 0
			for _, d := range w.dateien(t, dpfad, tok[k]) {
				von, ok := datei[d.Bezeichnung]
				if !ok {
					continue
				}
				n++
				if d.UploadVon != name(k, von) {
					t.Errorf("%s sees the uploader of %q as %q, want %q", k, d.Bezeichnung, d.UploadVon, name(k, von))
				}
			}
			want := 0
			for b := range datei {
				if strings.HasPrefix(b, fmt.Sprintf("DATEI-%s-%s-", o.art, o.dateien)) {
					want++
				}
			}
			if n != want {
				t.Errorf("%s sees %d of the %d files on %s %s", k, n, want, o.art, o.dateien)
			}
		}

		// the start page: what concerns him (he set it, or is responsible for its plant), by side
		if k == "leser_behoerde" || k == "leser_organisation" {
			continue
		}
		var start []wiedervorlageZeile
		w.send(t, "GET", "/api/wiedervorlage", nil, tok[k]).decode(t, &start)
		for _, z := range start {
			if _, ok := markiert[z.Betreff]; ok && !sieht(k, z.Betreff) {
				t.Errorf("%s's start page shows %q", k, z.Betreff)
			}
		}
		if k == "betreiber" {
			for b, m := range markiert {
				if m.art == "anlage" && sieht(k, b) && !slices.ContainsFunc(start, func(z wiedervorlageZeile) bool { return z.Betreff == b }) {
					t.Errorf("the responsible operator's start page misses %q", b)
				}
			}
		}

		// the query export of due reminders (the operation's), for the roles that may run it
		if k == "betreiber2" || k == "beauftragter" {
			continue
		}
		a := w.send(t, "GET", "/api/abfragen/abfrage/11", nil, tok[k])
		if a.Code != 200 {
			t.Fatalf("query 11 as %s: %d %s", k, a.Code, a.Body.String())
		}
		text := antworttext(t, a)
		for b, m := range markiert {
			if m.art != "betrieb" {
				continue
			}
			if strings.Contains(text, b) != sieht(k, b) {
				t.Errorf("query 11 as %s: %q shown %v", k, b, strings.Contains(text, b))
			}
		}
		for _, autor := range []string{"zust_sbs", "fachadmin"} {
			if !behoerde(k) && strings.Contains(text, namen[autor]) {
				t.Errorf("query 11 as %s names %s (%q)", k, autor, namen[autor])
			}
		}
		if !behoerde(k) && !strings.Contains(text, "Behörde") {
			t.Errorf("query 11 as %s does not show the authority's shared reminders as Behörde", k)
		}
	}
}
