package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswertung"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

type abfrageZeile struct {
	ID                            int64
	Kategorie, Filter, AbfrageBez string
}

// abfrageErgebnis runs a stored query and answers the rows of its sheet (header first).
func abfrageErgebnis(t *testing.T, w *kontoWelt, tok string, q abfrageZeile) [][]string {
	t.Helper()
	a := w.send(t, "GET", fmt.Sprintf("/api/abfragen/abfrage/%d", q.ID), nil, tok)
	if a.Code != 200 || !strings.Contains(a.Header().Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("%s: %d %s", q.AbfrageBez, a.Code, a.Body.String())
	}
	f, err := excelize.OpenReader(bytes.NewReader(a.Body.Bytes()))
	if err != nil {
		t.Fatalf("%s: %v", q.AbfrageBez, err)
	}
	rows, err := f.GetRows(q.Kategorie)
	if err != nil || len(rows) == 0 {
		t.Fatalf("%s: %v %v", q.AbfrageBez, rows, err)
	}
	pruefeTabellenform(t, f, a.Body.Bytes(), q.Kategorie, rows)
	if arten := abfrageZellarten[q.ID]; arten != nil {
		for i, kopf := range rows[0] {
			want, ok := arten[kopf]
			for r := 2; ok && r <= len(rows); r++ {
				zelle, _ := excelize.CoordinatesToCellName(i+1, r)
				if got := zellartVon(t, f, q.Kategorie, zelle); got != want && got != leereZelle &&
					(got != textZelle || rows[r-1][i] != "unbefristet") {
					t.Errorf("%s, %s %s (%q): %v, want %v", q.AbfrageBez, kopf, zelle, rows[r-1][i], got, want)
				}
			}
		}
	}
	return rows
}

// abfrageZellarten are the typed columns of the stored queries (issue 43): counts, limits,
// dates and times are numbers; the rest is text.
var abfrageZellarten = map[int64]map[string]zellart{
	8: {"Anzahl": zahlZelle}, 9: {"Betriebe": zahlZelle}, 10: {"Gestellt am": datumZelle, "Betriebs-Nr.": textZelle},
	11: {"Datum": datumZelle}, 12: {"Bescheidsdatum": datumZelle, "Ablaufdatum": datumZelle},
	13: {"Wert": zahlZelle, "Gültig ab": datumZelle, "Gültig bis": datumZelle, "Parameter-Nr.": textZelle},
	1:  {"Registriert am": zeitZelle}, 2: {"Anzahl": zahlZelle}, 3: {"Gültig bis": zeitZelle}, 5: {"Anwender": zahlZelle},
	6: {"Anzahl": zahlZelle, "Letzte Änderung": zeitZelle}, 7: {"ID": zahlZelle},
}

func TestAuswertung_EveryStoredQueryExportsARealSpreadsheet(t *testing.T) {
	w := newKontoWelt(t, "")
	tok := w.login(t, "systemadmin", seed.DemoPasswort)
	var liste []abfrageZeile
	a := w.send(t, "GET", "/api/abfragen/", nil, tok)
	if err := json.Unmarshal(a.Body.Bytes(), &liste); err != nil || len(liste) != len(auswertung.Abfragen) {
		t.Fatalf("abfragen: %d %s", a.Code, a.Body.String())
	}
	for _, q := range liste {
		rows := abfrageErgebnis(t, w, tok, q)
		if q.ID == 4 && (len(rows) != 2 || rows[1][0] != "Verbandsgemeinde Musterhausen") {
			t.Fatalf("abwasserbeseitigungspflichtige: %v", rows)
		}
		if q.ID == 7 && len(rows) < 100 {
			t.Fatalf("wertelisten: %d rows", len(rows))
		}
	}
	wantFehler(t, w.send(t, "GET", "/api/abfragen/abfrage/999", nil, tok), 404, "Das angeforderte Objekt existiert nicht.")
	wantFehler(t, w.send(t, "GET", "/api/abfragen", nil, w.login(t, "beauftragter", seed.DemoPasswort)), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
}

// TestAuswertung_EachRoleRunsOnlyItsQueriesOverWhatItSees lists the stored queries as every
// demo account, runs each one offered and checks that the list is the role's (personal data
// and the audit trail only for administrators, reminders only for the roles that read them),
// that no query over operations shows a row of another organisation or Regionalstelle, and
// that every query not offered is refused with 403.
func TestAuswertung_EachRoleRunsOnlyItsQueriesOverWhatItSees(t *testing.T) {
	w := newKontoWelt(t, "")
	id := func(name string) int64 {
		var id int64
		if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM betrieb WHERE bezeichnung = $1`, name).Scan(&id); err != nil {
			t.Fatal(name, err)
		}
		return id
	}
	papierfabrik, klaeranlage := id("Papierfabrik Rheinaue – Werk Koblenz"), id("Kläranlage Musterhausen")
	gestern, spaeter := time.Now().AddDate(0, 0, -1).Format("2006-01-02"), time.Now().AddDate(0, 0, 30).Format("2006-01-02")
	sbd, betreiber2 := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber2", seed.DemoPasswort)
	// shared with the other side (issue 42), so every role of the operation sees them
	for _, v := range []struct {
		tok     string
		betrieb int64
		betreff string
		datum   string
	}{
		{sbd, papierfabrik, "Messbericht Rheinaue prüfen", gestern},
		{sbd, papierfabrik, "Zukunftsvorlage Rheinaue", spaeter},
		{betreiber2, klaeranlage, "Nachweis Musterhausen einreichen", gestern},
	} {
		if a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/wiedervorlage", v.betrieb), map[string]any{"betreff": v.betreff, "datum": v.datum, "geteilt": true}, v.tok); a.Code != 201 {
			t.Fatalf("reminder: %d %s", a.Code, a.Body.String())
		}
	}
	if a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/stammdaten", klaeranlage), map[string]any{"bezeichnung": "Kläranlage Musterhausen-Süd",
		"strasse": "Am Klärwerk", "hausnummer": "3", "plz": "56566", "ort": "Musterhausen", "kommentar": "Neue Anschrift"}, betreiber2); a.Code != 201 {
		t.Fatalf("Stammdaten-Antrag: %d %s", a.Code, a.Body.String())
	}
	// a released Bescheid of each side with an Anforderung valid today (queries 12 and 13)
	for i, b := range []int64{papierfabrik, klaeranlage} {
		var m int64
		if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT id FROM messstelle WHERE betrieb_id = $1 ORDER BY id LIMIT 1`, b).Scan(&m); err != nil {
			t.Fatal(err)
		}
		bescheidGespeichert(t, w, int64(9501+i), bescheid.BescheidAngelegt{BetriebID: b, Status: bescheid.InBearbeitung, Daten: bescheid.Daten{
			BescheidQualitaet: "Bescheid", Bescheidart: "Erlaubnis", Bescheidsdatum: "2024-03-01", Ablaufdatum: bescheid.StandardAblaufdatum}},
			bescheid.AnforderungAngelegt{Anforderung: bescheid.Anforderung{AnforderungID: int64(95011 + i), Messstelle: m,
				AnforderungArt: bescheid.BehoerdlicheFestlegung, ParameterNr: "3410", GueltigBis: bescheid.StandardAblaufdatum}},
			bescheid.BescheidFreigegeben{Am: "2024-03-02"})
	}
	w.arbeitsliste(t)

	// what each side of the demo leaves in a row: Klärwerk Rheinaue GmbH in the Koblenz
	// Regionalstelle, Verbandsgemeinde Musterhausen in the Trier one
	koblenz, koblenzFremd := []string{"Rheinaue", "Koblenz", "Brauerei", "Papier"}, []string{"Rheinaue", "Koblenz", "Brauerei", "Papier", "Galvanik"}
	trier := []string{"Musterhausen", "Trier"}
	alle := []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}
	betriebsabfragen := []int64{8, 9, 10, 11, 12, 13}
	allgemein := []int64{4, 7, 8, 9, 10, 11}
	behoerde := []int64{4, 7, 8, 9, 10, 11, 12, 13} // the Bescheide's queries for the authority's staff (issue 30)
	ohneWiedervorlagen := []int64{4, 7, 8, 9, 10, 12, 13}
	tests := []struct {
		konto      string
		abfragen   []int64
		sieht      []string // each appears in some row of the queries over operations
		siehtNicht []string // none appears in any of them
	}{
		{"systemadmin", alle, append(slices.Clone(koblenz), trier...), nil},
		{"fachadmin", alle, append(slices.Clone(koblenz), trier...), nil},
		{"zust_sbd", behoerde, koblenz, trier},
		{"zust_sbb", behoerde, koblenz, trier},
		{"zust_sbs", behoerde, koblenz, trier},
		{"zust_sba", behoerde, koblenz, trier},
		{"leser_behoerde", ohneWiedervorlagen, koblenz, trier},
		{"betreiber", allgemein, koblenz, trier},
		{"betreiber2", allgemein, trier, koblenzFremd},
		{"beauftragter", nil, nil, nil},
		{"leser_organisation", nil, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.konto, func(t *testing.T) {
			tok := w.login(t, tt.konto, seed.DemoPasswort)
			a := w.send(t, "GET", "/api/abfragen", nil, tok)
			if tt.abfragen == nil {
				wantFehler(t, a, 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
			} else {
				var liste []abfrageZeile
				a.decode(t, &liste)
				var ids []int64
				for _, q := range liste {
					ids = append(ids, q.ID)
				}
				slices.Sort(ids)
				if !slices.Equal(ids, tt.abfragen) {
					t.Errorf("offered queries %v, want %v", ids, tt.abfragen)
				}
				gesehen := ""
				for _, q := range liste {
					rows := abfrageErgebnis(t, w, tok, q)
					if !slices.Contains(betriebsabfragen, q.ID) {
						continue
					}
					if len(rows) < 2 {
						t.Errorf("%s: no rows", q.AbfrageBez)
					}
					for _, row := range rows[1:] {
						zeile := strings.Join(row, " | ")
						gesehen += zeile + "\n"
						for _, fremd := range append(slices.Clone(tt.siehtNicht), "Zukunftsvorlage") {
							if strings.Contains(zeile, fremd) {
								t.Errorf("%s shows %q: %s", q.AbfrageBez, fremd, zeile)
							}
						}
					}
				}
				for _, eigen := range tt.sieht {
					if !strings.Contains(gesehen, eigen) {
						t.Errorf("nothing of %q in the queries over operations:\n%s", eigen, gesehen)
					}
				}
			}
			for _, q := range alle {
				if !slices.Contains(tt.abfragen, q) {
					a := w.send(t, "GET", fmt.Sprintf("/api/abfragen/abfrage/%d", q), nil, tok)
					if a.Code != 403 {
						t.Errorf("query %d: %d (%s), want 403", q, a.Code, a.Header().Get("Content-Disposition"))
						continue
					}
					wantFehler(t, a, 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
				}
			}
		})
	}
}

// TestAuswertung_LocalRoleNamingAnOperationAddsItToTheQueries shows that the queries follow the
// worklists' visibility, local roles included: an authority user of Koblenz whose local role
// names the Trier operation finds it in the queries over operations, and nothing else of Trier.
func TestAuswertung_LocalRoleNamingAnOperationAddsItToTheQueries(t *testing.T) {
	w := newKontoWelt(t, "")
	pool := w.dienst.Store.Pool()
	var klaeranlage, dienststelle, sbs int64
	if err := pool.QueryRow(t.Context(), `SELECT id FROM betrieb WHERE bezeichnung = 'Kläranlage Musterhausen'`).Scan(&klaeranlage); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(t.Context(), `SELECT id FROM lokale_rolle WHERE bezeichnung = $1`, seed.Dienststelle).Scan(&dienststelle); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(t.Context(), `SELECT id FROM anwender WHERE benutzername = 'zust_sbs'`).Scan(&sbs); err != nil {
		t.Fatal(err)
	}
	betriebe := func() string {
		tok := w.login(t, "zust_sbs", seed.DemoPasswort)
		var alles []string
		for _, row := range abfrageErgebnis(t, w, tok, abfrageZeile{ID: 8, Kategorie: "Betriebe"})[1:] {
			alles = append(alles, strings.Join(row, " | "))
		}
		return strings.Join(alles, "\n")
	}
	if vorher := betriebe(); strings.Contains(vorher, "Trier") || !strings.Contains(vorher, "Koblenz") {
		t.Fatalf("before the local role:\n%s", vorher)
	}
	a := w.send(t, "POST", "/api/lokaleRolle", map[string]any{"bezeichnung": "Kläranlage Musterhausen (Amtshilfe)", "globaleRolle": "BEHOERDE",
		"betriebe": []int64{klaeranlage}}, w.login(t, "systemadmin", seed.DemoPasswort))
	if a.Code != 201 {
		t.Fatalf("local role: %d %s", a.Code, a.Body.String())
	}
	setzeRollen(t, w, sbs, []int64{dienststelle, int64(a.json(t)["id"].(float64))})
	nachher := betriebe()
	if !strings.Contains(nachher, "Trier | in Betrieb | Freigegeben | 1") || !strings.Contains(nachher, "Koblenz") {
		t.Fatalf("with the local role:\n%s", nachher)
	}
}

// The auswertung area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("auswertung", map[string]listenRoute{
	"GET /api/abfragen/abfrage/{id}": {art: artExport, objekt: "abfrage", zeilen: true},
	"GET /api/abfragen":              {art: artStammdaten},
})

// The auswertung area's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("auswertung", func() map[string]regel {
	return map[string]regel{
		"GET /api/abfragen":              mitAktion(berechtigung.AuswertungExportieren),
		"GET /api/abfragen/abfrage/{id}": mitAktion(berechtigung.AuswertungExportieren),
	}
})
