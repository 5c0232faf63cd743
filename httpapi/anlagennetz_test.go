package httpapi

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/xuri/excelize/v2"

	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

// The plant network of issue 32: the overviews of relief plants per operation and of sewer
// networks per parent plant, whether plants discharge into a plant, the obligees' periods.

// neueEntlastungsanlage is the body of a new relief plant of operation betrieb named name that
// discharges into aufnahme (a Mischwasser RÜB of the Mischsystem unless extra says otherwise).
func neueEntlastungsanlage(betrieb, aufnahme int64, name string, extra map[string]any) map[string]any {
	b := map[string]any{"betrieb": map[string]any{"id": betrieb}, "bezeichnung": name, "anlagenart": "MISCHWASSER",
		"lage": map[string]float64{"hochwert": 5582900.5, "rechtswert": 398100.25}, "entlastungssystem": "Mischsystem",
		"entlastungstyp": "Regenüberlaufbecken", "indirekteinleiter": true, "aufnahme": aufnahme}
	for k, v := range extra {
		b[k] = v
	}
	return b
}

// anlageAnlegen creates the plant body of path type typ as tok and answers its id.
func anlageAnlegen(t testing.TB, w *kontoWelt, tok, typ string, body map[string]any) int64 {
	t.Helper()
	a := w.send(t, "POST", "/api/anlage/"+typ, body, tok)
	if a.Code != 201 {
		t.Fatalf("create %v: %d %s", body["bezeichnung"], a.Code, a.Body.String())
	}
	return int64(a.json(t)["id"].(float64))
}

// entlastungsanlageAnlegen creates the relief plant body as tok and answers its id.
func entlastungsanlageAnlegen(t testing.TB, w *kontoWelt, tok string, body map[string]any) int64 {
	t.Helper()
	return anlageAnlegen(t, w, tok, "entlastung", body)
}

// neuerKommunalerBetrieb is a municipal operation named name of operator betreiber, requested
// by staff (antragsteller) and approved by freigeber.
func neuerKommunalerBetrieb(t testing.TB, w *kontoWelt, antragsteller, freigeber string, betreiber int64, name string) int64 {
	t.Helper()
	antrag := neuerBetrieb(w, t, name)
	antrag["betreiber"], antrag["skipBetriebExistsCheck"] = map[string]any{"id": betreiber}, true
	a := w.send(t, "POST", "/api/betrieb?typ=KOMMUNAL", antrag, antragsteller)
	if a.Code != 201 {
		t.Fatalf("request: %d %s", a.Code, a.Body.String())
	}
	id := int64(a.json(t)["id"].(float64))
	if a := w.send(t, "POST", "/api/betrieb/freigabe", map[string]any{"betriebId": id, "neuerStatus": "FREIGEGEBEN"}, freigeber); a.Code != 200 {
		t.Fatalf("approve: %d %s", a.Code, a.Body.String())
	}
	return id
}

// stilllegen saves plant id (of path type typ) as STILLGELEGT from today as tok, with the
// replacement of the plants that discharge into it when ersatz is not 0.
func stilllegen(t testing.TB, w *kontoWelt, tok, typ string, id, ersatz int64) antwort {
	t.Helper()
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, tok).json(t)
	anl["anlagenstatus"] = "STILLGELEGT"
	anl["auditInfo"] = map[string]any{"gueltigAb": w.jetzt.Format("2006-01-02"), "aenderungsgrund": "Stilllegung", "ueberschreiben": true}
	if ersatz != 0 {
		anl["neueAufnahme"] = ersatz
	}
	return w.send(t, "PUT", fmt.Sprintf("/api/anlage/%s/%d", typ, id), anl, tok)
}

func TestAnlagennetz_OverviewsOfReliefPlantsAndSewerNetworks(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin, b2, betreiber := w.login(t, "fachadmin", seed.DemoPasswort), w.login(t, "betreiber2", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	betrieb := idVon(t, w, "betrieb", "Kläranlage Musterhausen")
	ka := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	rueb := idVon(t, w, "anlage", "Regenüberlaufbecken Musterhausen-Nord")

	for _, tok := range []string{fachadmin, b2} {
		var zeilen []map[string]any
		w.send(t, "GET", fmt.Sprintf("/api/anlage/entlastung/uebersicht/%d", betrieb), nil, tok).decode(t, &zeilen)
		if len(zeilen) != 1 {
			t.Fatalf("relief plants: %v", zeilen)
		}
		z := zeilen[0]
		for k, v := range map[string]any{"bezeichnung": "Regenüberlaufbecken Musterhausen-Nord", "gemarkung": "Musterhausen",
			"anlagenart": "MISCHWASSER", "entlastungstyp": "Regenüberlaufbecken", "aufnahmeBezeichnung": "Kläranlage Musterhausen",
			"anlagentyp": "ENTLASTUNG"} {
			if z[k] != v {
				t.Errorf("relief plant %s = %v, want %v", k, z[k], v)
			}
		}
		w.send(t, "GET", fmt.Sprintf("/api/anlage/kanalnetz/uebersicht/%d", ka), nil, tok).decode(t, &zeilen)
		if len(zeilen) != 1 || zeilen[0]["bezeichnung"] != "Kanalnetz Musterhausen" || zeilen[0]["kanalsystem"] != "Mischsystem" ||
			zeilen[0]["betrieb"] != "Kläranlage Musterhausen" || zeilen[0]["aufnahmeBezeichnung"] != "Kläranlage Musterhausen" {
			t.Fatalf("sewer networks: %v", zeilen)
		}
		// a plant without sewer networks below it has an empty overview
		w.send(t, "GET", fmt.Sprintf("/api/anlage/kanalnetz/uebersicht/%d", rueb), nil, tok).decode(t, &zeilen)
		if len(zeilen) != 0 {
			t.Fatalf("below the relief plant: %v", zeilen)
		}
	}
	// another operator's operation and plant do not exist for him
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/entlastung/uebersicht/%d", betrieb), nil, betreiber), 404, "Das angeforderte Objekt existiert nicht.")
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/kanalnetz/uebersicht/%d", ka), nil, betreiber), 404, "Das angeforderte Objekt existiert nicht.")

	// the treatment plant receives the relief plant's and the sewer network's wastewater
	for id, want := range map[int64]string{ka: "true", rueb: "false"} {
		if a := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/hasIndirektEinleiter/", id), nil, b2); a.Code != 200 || a.Body.String() != want+"\n" {
			t.Errorf("hasIndirektEinleiter %d: %d %q, want %s", id, a.Code, a.Body.String(), want)
		}
	}
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/hasIndirektEinleiter", ka), nil, betreiber), 404, "Das angeforderte Objekt existiert nicht.")
	// once the relief plant and the sewer network are shut down, nothing discharges into it any more
	for typ, name := range map[string]string{"entlastung": "Regenüberlaufbecken Musterhausen-Nord", "kanalnetz": "Kanalnetz Musterhausen"} {
		if a := stilllegen(t, w, fachadmin, typ, idVon(t, w, "anlage", name), 0); a.Code != 200 {
			t.Fatalf("shut down %s: %d %s", name, a.Code, a.Body.String())
		}
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/hasIndirektEinleiter", ka), nil, b2); a.Body.String() != "false\n" {
		t.Errorf("after the shut-down: %q", a.Body.String())
	}
}

func TestAnlagennetz_TheObligeesPeriodsAndOneAssignmentPerYear(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	pfad := fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", id)
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, fachadmin).json(t)
	pflichtige := anl["abwasserbeseitigungspflichtige"].([]any)
	erste := pflichtige[0].(map[string]any)
	start := int(erste["startJahr"].(float64))
	if len(pflichtige) != 1 || erste["endJahr"] != float64(3000) || erste["zeitraum"] != fmt.Sprintf("ab %d (aktuell)", start) {
		t.Fatalf("one obligee: %v", pflichtige)
	}
	// the same organisation again from this year: two periods, by start year whatever the order sent
	jahr := w.jetzt.Year()
	org := erste["organisation"]
	anl["abwasserbeseitigungspflichtige"] = []map[string]any{{"organisation": org, "startJahr": jahr}, {"organisation": org, "startJahr": start}}
	anl["auditInfo"] = map[string]any{"gueltigAb": w.jetzt.Format("2006-01-02"), "aenderungsgrund": "Neue Veranlagung", "ueberschreiben": true}
	if a := w.send(t, "PUT", pfad, anl, fachadmin); a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	anl = w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, fachadmin).json(t)
	pflichtige = anl["abwasserbeseitigungspflichtige"].([]any)
	want := []string{fmt.Sprintf("%d–%d", start, jahr-1), fmt.Sprintf("ab %d (aktuell)", jahr)}
	if len(pflichtige) != 2 || pflichtige[0].(map[string]any)["zeitraum"] != want[0] || pflichtige[1].(map[string]any)["zeitraum"] != want[1] ||
		pflichtige[0].(map[string]any)["endJahr"] != float64(jahr-1) {
		t.Fatalf("periods: %v, want %v", pflichtige, want)
	}
	// the same assignment twice is refused with the spec's text, and nothing changes
	anl["abwasserbeseitigungspflichtige"] = []map[string]any{{"organisation": org, "startJahr": jahr}, {"organisation": org, "startJahr": jahr}}
	anl["auditInfo"] = map[string]any{"gueltigAb": w.jetzt.Format("2006-01-02"), "aenderungsgrund": "Neue Veranlagung", "ueberschreiben": true}
	ve := wantFehler(t, w.send(t, "PUT", pfad, anl, fachadmin), 400, "Die Veranlagung wurde bereits angelegt")["validationErrors"].(map[string]any)
	if ve["abwasserbeseitigungspflichtige[1].startJahr"] != "Die Veranlagung wurde bereits angelegt" {
		t.Fatalf("errors: %v", ve)
	}
	if n := len(w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, fachadmin).json(t)["abwasserbeseitigungspflichtige"].([]any)); n != 2 {
		t.Fatalf("after the refused save: %d obligees", n)
	}
}

func TestAnlagennetz_TheReceivingPlantPickerShowsNameOperationAndOperatorOnly(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber, leser, b2 := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "leser_organisation", seed.DemoPasswort), w.login(t, "betreiber2", seed.DemoPasswort)
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	muster := idVon(t, w, "betrieb", "Kläranlage Musterhausen")
	klaeranlagePapier := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	namen := func(pfad, tok string) []string {
		t.Helper()
		a := w.send(t, "GET", pfad, nil, tok)
		if a.Code != 200 {
			t.Fatalf("%s: %d %s", pfad, a.Code, a.Body.String())
		}
		var zeilen []map[string]any
		a.decode(t, &zeilen)
		var out []string
		for _, z := range zeilen {
			if len(z) != 5 || z["betriebId"] == nil || z["id"] == nil {
				t.Errorf("%s: a row shows more or less than id, name, operation and operator: %v", pfad, z)
			}
			out = append(out, fmt.Sprintf("%s | %s | %s", z["bezeichnung"], z["betrieb"], z["betreiber"]))
		}
		return out
	}
	eigene := "Betriebskläranlage Papierfabrik | Papierfabrik Rheinaue – Werk Koblenz | Klärwerk Rheinaue GmbH"
	kommunal := "Kläranlage Musterhausen | Kläranlage Musterhausen | Verbandsgemeinde Musterhausen"
	// the operation's treatment plant and the municipal one of another operator, by name; no
	// cooling plant, relief plant or sewer network
	if got := namen(fmt.Sprintf("/api/anlage/moeglicheAufnehmendeAnlagen?anlagetyp=ENTLASTUNG&betriebsId=%d", papier), betreiber); fmt.Sprint(got) != fmt.Sprint([]string{eigene, kommunal}) {
		t.Errorf("picker of the paper mill: %v", got)
	}
	// the plant itself is left out; a search over the names
	if got := namen(fmt.Sprintf("/api/anlage/moeglicheAufnehmendeAnlagen?betriebsId=%d&anlageId=%d", papier, klaeranlagePapier), betreiber); fmt.Sprint(got) != fmt.Sprint([]string{kommunal}) {
		t.Errorf("without the plant itself: %v", got)
	}
	if got := namen(fmt.Sprintf("/api/anlage/moeglicheAufnehmendeAnlagen?betriebsId=%d&q=VERBANDSGEMEINDE", papier), betreiber); fmt.Sprint(got) != fmt.Sprint([]string{kommunal}) {
		t.Errorf("search by operator: %v", got)
	}
	// the replacement dialogs' list: the municipal plants only
	if got := namen("/api/anlage/abwasserbehandlung/alleVonAktivenBetriebenKommunalAbwasserbehandlungsanlagen/", b2); fmt.Sprint(got) != fmt.Sprint([]string{kommunal}) {
		t.Errorf("municipal plants: %v", got)
	}
	// the picker of another operator's operation does not exist for him; the operation is required;
	// readers edit nothing
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/moeglicheAufnehmendeAnlagen?betriebsId=%d", muster), nil, betreiber), 404, "Das angeforderte Objekt existiert nicht.")
	wantFehler(t, w.send(t, "GET", "/api/anlage/moeglicheAufnehmendeAnlagen", nil, betreiber), 400, "Dieses Feld ist ein Pflichtfeld.")
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/moeglicheAufnehmendeAnlagen?betriebsId=%d", papier), nil, leser), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
	// once the municipal operation's plant is shut down it is offered no more (the plants that
	// discharge into it first, so it needs no replacement)
	sbd := w.login(t, "fachadmin", seed.DemoPasswort)
	for _, p := range []struct{ typ, name string }{{"entlastung", "Regenüberlaufbecken Musterhausen-Nord"}, {"kanalnetz", "Kanalnetz Musterhausen"},
		{"abwasserbehandlung", "Kläranlage Musterhausen"}} {
		if a := stilllegen(t, w, sbd, p.typ, idVon(t, w, "anlage", p.name), 0); a.Code != 200 {
			t.Fatalf("shut down %s: %d %s", p.name, a.Code, a.Body.String())
		}
	}
	if got := namen(fmt.Sprintf("/api/anlage/moeglicheAufnehmendeAnlagen?betriebsId=%d", papier), betreiber); fmt.Sprint(got) != fmt.Sprint([]string{eigene}) {
		t.Errorf("after the shut-down: %v", got)
	}
}

func TestAnlagennetz_TheThrottleOutflowIsAReliefPlantOfTheSameKind(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, betreiber := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	klaeranlagePapier := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	rueb := idVon(t, w, "anlage", "Regenüberlaufbecken Musterhausen-Nord")
	namen := func(pfad string) []string {
		t.Helper()
		var zeilen []map[string]any
		a := w.send(t, "GET", pfad, nil, sbd)
		if a.Code != 200 {
			t.Fatalf("%s: %d %s", pfad, a.Code, a.Body.String())
		}
		a.decode(t, &zeilen)
		out := []string{}
		for _, z := range zeilen {
			out = append(out, z["bezeichnung"].(string))
		}
		return out
	}
	// the municipal relief plants of the kind, of any operator; none of the other kind
	if got := namen("/api/anlage/entlastung/drosselablauf/MISCHWASSER"); fmt.Sprint(got) != "[Regenüberlaufbecken Musterhausen-Nord]" {
		t.Errorf("Mischwasser: %v", got)
	}
	if got := namen("/api/anlage/entlastung/drosselablauf/NIEDERSCHLAGSWASSER"); len(got) != 0 {
		t.Errorf("Niederschlagswasser: %v", got)
	}
	wantFehler(t, w.send(t, "GET", "/api/anlage/entlastung/drosselablauf/ABWASSERBEHANDLUNG", nil, sbd), 400, "Diese Anlagenart gibt es für den Anlagentyp nicht.")
	pfadBetrieb := fmt.Sprintf("/api/anlage/entlastung/drosselablauf-betrieb/%d/MISCHWASSER", papier)
	if got := namen(pfadBetrieb); len(got) != 0 {
		t.Errorf("the paper mill has no relief plant yet: %v", got)
	}
	// a relief plant of the paper mill whose throttled outflow leads to the municipal one
	neu := neueEntlastungsanlage(papier, klaeranlagePapier, "RÜB Werkstor", map[string]any{"drosselablauf": klaeranlagePapier})
	ve := wantFehler(t, w.send(t, "POST", "/api/anlage/entlastung", neu, sbd), 400, "Die gewählte Anlage kann nicht als Drosselablauf ausgewählt werden.")["validationErrors"].(map[string]any)
	if ve["drosselablauf"] == nil {
		t.Fatalf("errors: %v", ve)
	}
	neu["drosselablauf"] = rueb
	id := entlastungsanlageAnlegen(t, w, sbd, neu)
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, betreiber).json(t)
	if anl["drosselablauf"] != float64(rueb) || anl["drosselablaufAnlage"].(map[string]any)["bezeichnung"] != "Regenüberlaufbecken Musterhausen-Nord" {
		t.Fatalf("detail: %v %v", anl["drosselablauf"], anl["drosselablaufAnlage"])
	}
	// now the operation has one; the plant itself is left out
	if got := namen(pfadBetrieb); fmt.Sprint(got) != "[RÜB Werkstor]" {
		t.Errorf("the paper mill's: %v", got)
	}
	if got := namen(fmt.Sprintf("%s?anlageId=%d", pfadBetrieb, id)); len(got) != 0 {
		t.Errorf("without the plant itself: %v", got)
	}
	// the Verlauf names the throttle outflow and the receiving plant
	schritte := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/verlauf", id), nil, sbd).Body.String()
	for _, name := range []string{"Regenüberlaufbecken Musterhausen-Nord", "Betriebskläranlage Papierfabrik"} {
		if !strings.Contains(schritte, name) {
			t.Errorf("Verlauf without %q: %s", name, schritte)
		}
	}
	// the operator's picker of another operator's operation does not exist for him
	wantFehler(t, w.send(t, "GET", fmt.Sprintf("/api/anlage/entlastung/drosselablauf-betrieb/%d/MISCHWASSER", idVon(t, w, "betrieb", "Kläranlage Musterhausen")), nil, betreiber),
		404, "Das angeforderte Objekt existiert nicht.")
}

// The relief plants of an operation as a spreadsheet: exported with German headers, opened and
// saved in LibreOffice and imported unchanged without an event, edited and imported as one
// event per changed plant, refused whole when one row is wrong (its row and column named), a
// sheet older than a plant refused for that plant, only xlsx, only for the importing roles.
func TestAnlagennetz_ReliefPlantsExportedEditedAndImportedAllOrNothing(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin, b2, betreiber := w.login(t, "fachadmin", seed.DemoPasswort), w.login(t, "betreiber2", seed.DemoPasswort), w.login(t, "betreiber", seed.DemoPasswort)
	betrieb := idVon(t, w, "betrieb", "Kläranlage Musterhausen")
	ka := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	rueb := idVon(t, w, "anlage", "Regenüberlaufbecken Musterhausen-Nord")
	sued := entlastungsanlageAnlegen(t, w, fachadmin, neueEntlastungsanlage(betrieb, ka, "Stauraumkanal Süd", map[string]any{
		"anlagenart": "NIEDERSCHLAGSWASSER", "lage": map[string]float64{"hochwert": 5571000.25, "rechtswert": 392000.5}, "entlastungssystem": "Trennsystem"}))
	events := func() int {
		var n int
		if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT count(*) FROM events WHERE stream_id = ANY($1)`,
			[]string{fmt.Sprintf("anlage-%d", rueb), fmt.Sprintf("anlage-%d", sued)}).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	pfadExport := fmt.Sprintf("/api/betrieb/%d/export-entlastungsanlagen/", betrieb)
	pfadImport := fmt.Sprintf("/api/betrieb/%d/import-entlastungsanlagen/", betrieb)
	exportieren := func(tok string) [][]string {
		t.Helper()
		a := w.send(t, "GET", pfadExport, nil, tok)
		if a.Code != 200 || !strings.Contains(a.Header().Get("Content-Disposition"), "entlastungsanlagen-") {
			t.Fatalf("export: %d %v %s", a.Code, a.Header(), a.Body.String())
		}
		return blattZeilen(t, a.Body.Bytes())
	}
	importieren := func(zeilen [][]string, tok string) antwort {
		t.Helper()
		return w.hochladen(t, pfadImport, tok, teil{name: "file", dateiname: "entlastungsanlagen.xlsx", typ: "application/octet-stream",
			inhalt: string(blatt(t, zeilen, lageSpalten...))})
	}
	zeilen := exportieren(b2) // the operator sees his operation's list
	kopf := []string{"Anlagen-Nr.", "Abwasseranlage", "Anlagenart", "Status", "Entlastungssystem", "Entlastungstyp", "Wasserbuchnummer",
		"Gemarkung", "Flur", "Flurstück", "Hochwert", "Rechtswert", "Aufnehmende Anlage (Anlagen-Nr.)", "Aufnehmende Anlage",
		"Drosselablauf (Anlagen-Nr.)", "Version"}
	if fmt.Sprint(zeilen[0]) != fmt.Sprint(kopf) || len(zeilen) != 3 {
		t.Fatalf("sheet: %v", zeilen)
	}
	nord := zeilen[1] // by name: Regenüberlaufbecken Musterhausen-Nord, then Stauraumkanal Süd
	if nord[1] != "Regenüberlaufbecken Musterhausen-Nord" || nord[2] != "Mischwasser" || nord[7] != "Musterhausen" || nord[13] != "Kläranlage Musterhausen" ||
		nord[0] != fmt.Sprintf("A-%07d", rueb) || zeilen[2][1] != "Stauraumkanal Süd" {
		t.Fatalf("rows: %v", zeilen)
	}
	wantFehler(t, w.send(t, "GET", pfadExport, nil, betreiber), 404, "Das angeforderte Objekt existiert nicht.")

	// opened and saved in LibreOffice, imported unchanged: nothing changes, no event
	vorher := events()
	lo := mitLibreOffice(t, "entlastungsanlagen.xlsx", blatt(t, zeilen, lageSpalten...))
	a := w.hochladen(t, pfadImport, fachadmin, teil{name: "file", dateiname: "entlastungsanlagen.xlsx", typ: "application/octet-stream", inhalt: string(lo)})
	if a.Code != 200 || a.json(t)["geaendert"] != float64(0) || a.json(t)["message"] != "Die Misch-/Niederschlagswasseranlagen wurden erfolgreich importiert" {
		t.Fatalf("unchanged import: %d %s", a.Code, a.Body.String())
	}
	if events() != vorher {
		t.Fatalf("an unchanged import appended %d events", events()-vorher)
	}

	// one bad row: nothing is written, the row and column are named
	geaendert := clone(zeilen)
	geaendert[1][7], geaendert[1][6] = "Musterhausen-Ost", "N777"
	geaendert[2][6] = "X1"
	a = importieren(geaendert, fachadmin)
	ve := wantFehler(t, a, 400, "Die Misch-/Niederschlagswasseranlagen konnten nicht importiert werden!")["validationErrors"].(map[string]any)
	if ve["zeilen[3].wasserbuchnummer"] != "Zeile 3, Spalte „Wasserbuchnummer“: Wasserbuchnummer ungültig" || len(ve) != 1 {
		t.Fatalf("errors: %v", ve)
	}
	if events() != vorher {
		t.Fatal("a refused import wrote events")
	}
	// corrected: one event for the changed plant, none for the other
	geaendert[2][6] = zeilen[2][6]
	a = importieren(geaendert, fachadmin)
	if a.Code != 200 || a.json(t)["geaendert"] != float64(1) || events() != vorher+1 {
		t.Fatalf("import: %d %s, %d events", a.Code, a.Body.String(), events()-vorher)
	}
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", rueb), nil, fachadmin).json(t)
	if anl["gemarkung"] != "Musterhausen-Ost" || anl["wasserbuchnummer"] != "N777" {
		t.Fatalf("after the import: %v %v", anl["gemarkung"], anl["wasserbuchnummer"])
	}
	// the auditor's Verlauf shows the import's change as its own step, by its author
	var schritte []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/verlauf", rueb), nil, fachadmin).decode(t, &schritte)
	letzter := schritte[len(schritte)-1]
	if letzter["akteur"] != "Thomas Becker" || !strings.Contains(fmt.Sprint(letzter["aenderungen"]), "Musterhausen-Ost") {
		t.Errorf("the import's step: %v", letzter)
	}

	// the first export is older than the plant now: its row is a conflict; a status, a plant of
	// another kind and an unknown number are refused, each in its row
	alt := clone(zeilen)
	alt[2][3] = "Stillgelegt"
	alt = append(alt, []string{fmt.Sprintf("A-%07d", ka)}, []string{"A-0999999"}, []string{"Kläranlage"})
	ve = wantFehler(t, importieren(alt, fachadmin), 400, "Die Misch-/Niederschlagswasseranlagen konnten nicht importiert werden!")["validationErrors"].(map[string]any)
	want := map[string]string{
		"zeilen[2].version":       "Zeile 2, Spalte „Version“: Die Anlage wurde seit dem Export geändert. Bitte exportieren Sie die Liste erneut.",
		"zeilen[3].anlagenstatus": "Zeile 3, Spalte „Status“: Den Status ändern Sie in der Anlage, nicht über den Import.",
		"zeilen[4].Anlagen-Nr.":   "Zeile 4, Spalte „Anlagen-Nr.“: " + anlagedienst.MsgFremdeAnlage,
		"zeilen[5].Anlagen-Nr.":   "Zeile 5, Spalte „Anlagen-Nr.“: " + anlagedienst.MsgFremdeAnlage,
		"zeilen[6].Anlagen-Nr.":   "Zeile 6, Spalte „Anlagen-Nr.“: " + anlagedienst.MsgAnlagenNr,
	}
	for k, m := range want {
		if ve[k] != m {
			t.Errorf("%s = %v, want %q", k, ve[k], m)
		}
	}
	if events() != vorher+1 {
		t.Fatal("a refused import wrote events")
	}

	// only xlsx; only the importing roles
	wantFehler(t, w.hochladen(t, pfadImport, fachadmin, teil{name: "file", dateiname: "liste.csv", typ: "text/csv", inhalt: "a;b\n"}), 400,
		"Es können nur xlsx-Dateien importiert werden. Der Import wurde abgebrochen.")
	wantFehler(t, importieren(exportieren(b2), b2), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
}

// lageSpalten are the relief plants' sheet's coordinate columns (Hochwert, Rechtswert): number
// cells in the export.
var lageSpalten = []int{10, 11}

// blatt is an xlsx file of one sheet with the rows as text cells, but for the columns zahlen
// (0-based) below the header: number cells where the text is a number, as the export writes
// them and a spreadsheet program keeps them (a text cell "5582900.5" is no German number).
func blatt(t testing.TB, zeilen [][]string, zahlen ...int) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, z := range zeilen {
		for j, v := range z {
			zelle, _ := excelize.CoordinatesToCellName(j+1, i+1)
			if x, err := strconv.ParseFloat(v, 64); err == nil && i > 0 && slices.Contains(zahlen, j) {
				if err := f.SetCellFloat("Sheet1", zelle, x, -1, 64); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := f.SetCellStr("Sheet1", zelle, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// blattZeilen are the rows of an xlsx file's first sheet as text, each as long as the header.
func blattZeilen(t testing.TB, datei []byte) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(datei))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zeilen, err := f.GetRows(f.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	for i := range zeilen {
		for len(zeilen[i]) < len(zeilen[0]) {
			zeilen[i] = append(zeilen[i], "")
		}
	}
	return zeilen
}

func clone(zeilen [][]string) [][]string {
	out := make([][]string, len(zeilen))
	for i, z := range zeilen {
		out[i] = append([]string(nil), z...)
	}
	return out
}

// A municipal treatment plant others discharge into leaves operation only with its replacement:
// the save without it is answered with possibleSuppressorFlag neueAufnahme; with it, the relief
// plant and the sewer network discharge into the replacement, each by its own event in the same
// transaction. An industrial treatment plant takes the plants discharging into it out of
// operation with it.
func TestAnlagennetz_AShutDownTreatmentPlantsDischargersGoToTheReplacementOrWithIt(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	betrieb := idVon(t, w, "betrieb", "Kläranlage Musterhausen")
	ka := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	rueb := idVon(t, w, "anlage", "Regenüberlaufbecken Musterhausen-Nord")
	kanal := idVon(t, w, "anlage", "Kanalnetz Musterhausen")
	klaeranlagePapier := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik")
	talmuehle := anlageAnlegen(t, w, fachadmin, "abwasserbehandlung", neueKlaeranlage(betrieb, orgID(t, w, "Verbandsgemeinde Musterhausen"), "Gruppenkläranlage Talmühle"))
	heute := w.jetzt.Format("2006-01-02")
	aufnahme := func(id int64) any {
		return w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, fachadmin).json(t)["aufnahme"]
	}

	m := wantFehler(t, stilllegen(t, w, fachadmin, "abwasserbehandlung", ka, 0), 400, "Die aufnehmende Kläranlage muss erst ersetzt werden!")
	if m["possibleSuppressorFlag"] != "neueAufnahme" || m["validationErrors"].(map[string]any)["anlagenstatus"] != "Die aufnehmende Kläranlage muss erst ersetzt werden!" {
		t.Fatalf("answer: %v", m)
	}
	// the replacement is one the receiving-plant picker offers: not an industrial plant of another operator
	ve := wantFehler(t, stilllegen(t, w, fachadmin, "abwasserbehandlung", ka, klaeranlagePapier), 400, "Die gewählte Anlage kann nicht als Ersatzkläranlage ausgewählt werden.")["validationErrors"].(map[string]any)
	if ve["neueAufnahme"] == nil {
		t.Fatalf("errors: %v", ve)
	}
	if aufnahme(rueb) != float64(ka) || aufnahme(kanal) != float64(ka) {
		t.Fatal("a refused shut-down moved plants")
	}
	// one transaction: when the second discharger's event cannot be written, nothing is
	pool := w.dienst.Store.Pool()
	if _, err := pool.Exec(t.Context(), fmt.Sprintf(`CREATE FUNCTION test_stoerung() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN RAISE EXCEPTION 'Störung'; END $$;
		CREATE TRIGGER test_stoerung BEFORE INSERT ON events FOR EACH ROW
		WHEN (NEW.event_type = 'AufnahmeErsetzt' AND NEW.stream_id = 'anlage-%d') EXECUTE FUNCTION test_stoerung()`, kanal)); err != nil {
		t.Fatal(err)
	}
	if a := stilllegen(t, w, fachadmin, "abwasserbehandlung", ka, talmuehle); a.Code != 500 {
		t.Fatalf("with the failing reaction: %d %s", a.Code, a.Body.String())
	}
	if s := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", ka), nil, fachadmin).json(t)["anlagenstatus"]; s == "STILLGELEGT" || aufnahme(rueb) != float64(ka) {
		t.Fatalf("a failed shut-down left changes: %v, relief plant into %v", s, aufnahme(rueb))
	}
	if _, err := pool.Exec(t.Context(), `DROP TRIGGER test_stoerung ON events; DROP FUNCTION test_stoerung()`); err != nil {
		t.Fatal(err)
	}
	if a := stilllegen(t, w, fachadmin, "abwasserbehandlung", ka, talmuehle); a.Code != 200 {
		t.Fatalf("shut down: %d %s", a.Code, a.Body.String())
	}
	for _, id := range []int64{rueb, kanal} {
		if aufnahme(id) != float64(talmuehle) {
			t.Errorf("plant %d discharges into %v, want %d", id, aufnahme(id), talmuehle)
		}
		var schritte []map[string]any
		w.send(t, "GET", fmt.Sprintf("/api/anlage/%d/verlauf", id), nil, fachadmin).decode(t, &schritte)
		letzter := schritte[len(schritte)-1]
		if letzter["zusammenfassung"] != "Aufnehmende Anlage ersetzt (Stilllegung der bisherigen)" ||
			!strings.Contains(fmt.Sprint(letzter["aenderungen"]), "Gruppenkläranlage Talmühle") {
			t.Errorf("Verlauf of %d: %v", id, letzter)
		}
	}
	// the shut-down and the reassignments are one transaction: one correlation
	var korrelationen int
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT count(DISTINCT metadata->>'correlationId') FROM events
		WHERE event_type IN ('AnlageAusserBetrieb', 'AufnahmeErsetzt')`).Scan(&korrelationen); err != nil || korrelationen != 1 {
		t.Errorf("correlations: %d %v", korrelationen, err)
	}

	// an industrial treatment plant: the cooling water plant that discharges into it leaves with it
	kuehl := idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")
	k := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", kuehl), nil, fachadmin).json(t)
	k["indirekteinleiter"], k["aufnahme"] = true, klaeranlagePapier
	k["auditInfo"] = map[string]any{"gueltigAb": heute, "aenderungsgrund": "Anschluss", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/kuehlwasser/%d", kuehl), k, fachadmin); a.Code != 200 {
		t.Fatalf("connect: %d %s", a.Code, a.Body.String())
	}
	if a := stilllegen(t, w, fachadmin, "abwasserbehandlung", klaeranlagePapier, 0); a.Code != 200 {
		t.Fatalf("industrial shut-down: %d %s", a.Code, a.Body.String())
	}
	k = w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", kuehl), nil, fachadmin).json(t)
	if k["anlagenstatus"] != "STILLGELEGT" || k["statuswechsel"] != heute {
		t.Fatalf("the cooling water plant: %v since %v", k["anlagenstatus"], k["statuswechsel"])
	}
}

// The shut-down of a municipal operation: its treatment plant receives a relief plant of another
// operation, which needs a replacement (anlageToAufnehmendeanlage) — a municipal treatment plant
// of another operation; the operation's own plants leave operation with it.
func TestAnlagennetz_AShutDownMunicipalOperationsTreatmentPlantsAreReplaced(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, fachadmin := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "fachadmin", seed.DemoPasswort)
	muster := idVon(t, w, "betrieb", "Kläranlage Musterhausen")
	papier := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz")
	ka := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	vg := orgID(t, w, "Verbandsgemeinde Musterhausen")
	// a relief plant of the paper mill discharges into the municipal plant
	werkstor := entlastungsanlageAnlegen(t, w, fachadmin, neueEntlastungsanlage(papier, ka, "RÜB Werkstor", nil))
	// a second municipal operation with its treatment plant, the replacement
	zweckverband := neuerKommunalerBetrieb(t, w, sbd, fachadmin, vg, "Zweckverband Talmühle")
	talmuehle := anlageAnlegen(t, w, fachadmin, "abwasserbehandlung", neueKlaeranlage(zweckverband, vg, "Gruppenkläranlage Talmühle"))

	var zeilen []map[string]any
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/abwasserbehandlungForStilllegung/", muster), nil, fachadmin).decode(t, &zeilen)
	if len(zeilen) != 1 || zeilen[0]["bezeichnung"] != "Kläranlage Musterhausen" || zeilen[0]["anzahlIndirekteinleiter"] != float64(1) {
		t.Fatalf("to replace: %v", zeilen)
	}
	betriebStilllegen := func(ersatz map[string]any) antwort {
		b := w.betrieb(t, muster, fachadmin)
		b["betriebsstatus"] = map[string]any{"id": "STILLGELEGT"}
		b["auditInfo"] = map[string]any{"gueltigAb": w.jetzt.Format("2006-01-02"), "aenderungsgrund": "Anschluss an den Zweckverband", "ueberschreiben": true}
		if ersatz != nil {
			b["anlageToAufnehmendeanlage"] = ersatz
		}
		return w.send(t, "PUT", fmt.Sprintf("/api/betrieb/%d", muster), b, fachadmin)
	}
	m := wantFehler(t, betriebStilllegen(nil), 400, "Die aufnehmenden Kläranlagen des Betriebs müssen erst ersetzt werden!")
	if m["possibleSuppressorFlag"] != "anlageToAufnehmendeanlage" {
		t.Fatalf("answer: %v", m)
	}
	// a plant of the operation itself is no replacement
	wantFehler(t, betriebStilllegen(map[string]any{fmt.Sprint(ka): ka}), 400, "Die gewählte Anlage kann nicht als Ersatzkläranlage ausgewählt werden.")
	if a := betriebStilllegen(map[string]any{fmt.Sprint(ka): talmuehle}); a.Code != 200 {
		t.Fatalf("shut-down: %d %s", a.Code, a.Body.String())
	}
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", werkstor), nil, fachadmin).json(t)
	if anl["aufnahme"] != float64(talmuehle) || anl["anlagenstatus"] == "STILLGELEGT" {
		t.Fatalf("the paper mill's relief plant: %v %v", anl["aufnahme"], anl["anlagenstatus"])
	}
	for _, name := range []string{"Kläranlage Musterhausen", "Regenüberlaufbecken Musterhausen-Nord", "Kanalnetz Musterhausen"} {
		if s := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", idVon(t, w, "anlage", name)), nil, fachadmin).json(t)["anlagenstatus"]; s != "STILLGELEGT" {
			t.Errorf("%s: %v", name, s)
		}
	}
}

// The five treatment steps of a treatment plant are edited in its form: entries of their value
// lists only; a relief plant has none.
func TestAnlagennetz_TreatmentStepsAreChoicesOfTheirValueLists(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	ka := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", ka), nil, fachadmin).json(t)
	anl["vorbehandlung"], anl["biologischeBehandlung"] = []string{"Rechen", "Sandfang"}, []string{"Belebungsverfahren"}
	anl["auditInfo"] = map[string]any{"gueltigAb": w.jetzt.Format("2006-01-02"), "aenderungsgrund": "Ausbau", "ueberschreiben": true}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", ka), anl, fachadmin); a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	anl = w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", ka), nil, fachadmin).json(t)
	if fmt.Sprint(anl["vorbehandlung"]) != "[Rechen Sandfang]" || fmt.Sprint(anl["biologischeBehandlung"]) != "[Belebungsverfahren]" {
		t.Fatalf("treatment steps: %v %v", anl["vorbehandlung"], anl["biologischeBehandlung"])
	}
	anl["nachbehandlung"] = []string{"Zauberfilter"}
	ve := wantFehler(t, w.send(t, "PUT", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d", ka), anl, fachadmin), 400,
		"Der Wert ist in der Werteliste nicht vorhanden. Bitte wählen Sie einen Eintrag der Liste.")["validationErrors"].(map[string]any)
	if ve["nachbehandlung"] == nil {
		t.Fatalf("errors: %v", ve)
	}
	rueb := idVon(t, w, "anlage", "Regenüberlaufbecken Musterhausen-Nord")
	r := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", rueb), nil, fachadmin).json(t)
	r["schlammbehandlung"] = []string{"Schlammeindickung"}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/entlastung/%d", rueb), r, fachadmin); a.Code != 200 {
		t.Fatalf("relief plant: %d %s", a.Code, a.Body.String())
	}
	if s := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", rueb), nil, fachadmin).json(t)["schlammbehandlung"]; fmt.Sprint(s) != "[]" {
		t.Fatalf("a relief plant keeps treatment steps: %v", s)
	}
}

// The disposal area of a treatment plant as a spreadsheet: exported with German headers, a
// Gemeinde-Nr. typed as a number (its leading zero lost) comes back whole, a unit outside the
// value list is refused in its row, a stale version is a conflict, an unchanged sheet appends
// nothing.
func TestAnlagennetz_TheDisposalAreaExportedAndImported(t *testing.T) {
	w := newKontoWelt(t, "")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	ka := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	a := w.send(t, "GET", fmt.Sprintf("/api/anlage/abwasserbehandlung/%d/export/", ka), nil, fachadmin)
	if a.Code != 200 {
		t.Fatalf("export: %d %s", a.Code, a.Body.String())
	}
	zeilen := blattZeilen(t, a.Body.Bytes())
	if fmt.Sprint(zeilen) != "[[Gemeinde-Nr. Verwaltungseinheit] [07111000 Koblenz]]" {
		t.Fatalf("sheet: %v", zeilen)
	}
	version := func() int {
		return int(w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", ka), nil, fachadmin).json(t)["version"].(float64))
	}
	importieren := func(datei []byte, v int) antwort {
		return w.hochladen(t, fmt.Sprintf("/api/anlage/abwasserbehandlung/%d/import?version=%d", ka, v), fachadmin,
			teil{name: "file", dateiname: "entsorgungsraum.xlsx", typ: "application/octet-stream", inhalt: string(datei)})
	}
	v := version()
	if a := importieren(blatt(t, zeilen), v); a.Code != 200 || version() != v {
		t.Fatalf("unchanged: %d %s, version %d → %d", a.Code, a.Body.String(), v, version())
	}
	// Trier typed as a number; an unknown Gemeinde-Nr. in row 4
	f := excelize.NewFile()
	_ = f.SetSheetRow("Sheet1", "A1", &[]any{"Gemeinde-Nr.", "Verwaltungseinheit"})
	_ = f.SetSheetRow("Sheet1", "A2", &[]any{"07111000", "Koblenz"})
	_ = f.SetSheetRow("Sheet1", "A3", &[]any{7211000, "Trier"})
	_ = f.SetSheetRow("Sheet1", "A4", &[]any{"99999999", "Atlantis"})
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	ve := wantFehler(t, importieren(buf.Bytes(), v), 400, "Der Import ist fehlgeschlagen!")["validationErrors"].(map[string]any)
	if ve["zeilen[4].Gemeinde-Nr."] != "Zeile 4, Spalte „Gemeinde-Nr.“: Der Wert ist in der Werteliste nicht vorhanden. Bitte wählen Sie einen Eintrag der Liste." || len(ve) != 1 {
		t.Fatalf("errors: %v", ve)
	}
	_ = f.RemoveRow("Sheet1", 4)
	buf.Reset()
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if a := importieren(buf.Bytes(), v); a.Code != 200 {
		t.Fatalf("import: %d %s", a.Code, a.Body.String())
	}
	raum := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", ka), nil, fachadmin).json(t)["entsorgungsraum"].(map[string]any)
	if fmt.Sprint(raum["entsorgungsraeume"]) != "[map[verwaltungseinheitBezeichnung:Koblenz verwaltungseinheitSchluessel:07111000] map[verwaltungseinheitBezeichnung:Trier verwaltungseinheitSchluessel:07211000]]" ||
		raum["bezugsparameter"] != "Einwohnerwerte" {
		t.Fatalf("disposal area: %v", raum)
	}
	// the first export's version is stale now
	if a := importieren(blatt(t, zeilen), v); a.Code != 409 {
		t.Fatalf("stale version: %d %s", a.Code, a.Body.String())
	}
}

// The scale of the relief-plant import: an operation of 2,000 relief plants exports
// them, the sheet comes back unchanged without an event, with every row changed and one row
// wrong without any event (the row named), and corrected with exactly one event a plant.
func TestAnlagennetz_TwoThousandReliefPlantsImportedAllOrNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("2,000 plants")
	}
	const anzahl = 2000
	w := newKontoWelt(t, "")
	fachadmin := w.login(t, "fachadmin", seed.DemoPasswort)
	betrieb := idVon(t, w, "betrieb", "Kläranlage Musterhausen")
	ka := idVon(t, w, "anlage", "Kläranlage Musterhausen")
	var vorhanden int
	if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT count(*) FROM anlage WHERE betrieb_id = $1 AND anlagentyp = 'ENTLASTUNG'`, betrieb).Scan(&vorhanden); err != nil {
		t.Fatal(err)
	}
	var (
		wg     sync.WaitGroup
		fehler atomic.Int32
	)
	naechste := make(chan int)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range naechste {
				a := w.send(t, "POST", "/api/anlage/entlastung", neueEntlastungsanlage(betrieb, ka, fmt.Sprintf("RÜB Massen %04d", i), map[string]any{
					"gemarkung": "Musterhausen", "flur": fmt.Sprint(i % 40), "flurstueck": fmt.Sprintf("%d/1", i)}), fachadmin)
				if a.Code != 201 && fehler.Add(1) == 1 {
					t.Errorf("create %d: %d %s", i, a.Code, a.Body.String())
				}
			}
		}()
	}
	for i := vorhanden; i < anzahl; i++ {
		naechste <- i
	}
	close(naechste)
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	zaehle := func() int {
		var n int
		if err := w.dienst.Store.Pool().QueryRow(t.Context(), `SELECT count(*) FROM events`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	pfad := fmt.Sprintf("/api/betrieb/%d/", betrieb)
	a := w.send(t, "GET", pfad+"export-entlastungsanlagen/", nil, fachadmin)
	if a.Code != 200 {
		t.Fatalf("export: %d %s", a.Code, a.Body.String())
	}
	zeilen := blattZeilen(t, a.Body.Bytes())
	if len(zeilen)-1 != anzahl {
		t.Fatalf("%d rows, want %d", len(zeilen)-1, anzahl)
	}
	importieren := func(z [][]string) antwort {
		t.Helper()
		return w.hochladen(t, pfad+"import-entlastungsanlagen/", fachadmin, teil{name: "file", dateiname: "entlastungsanlagen.xlsx",
			typ: "application/octet-stream", inhalt: string(blatt(t, z, lageSpalten...))})
	}
	vorher := zaehle()
	if a := importieren(zeilen); a.Code != 200 || a.json(t)["geaendert"] != float64(0) || zaehle() != vorher {
		t.Fatalf("unchanged: %d %s, %d events", a.Code, a.Body.String(), zaehle()-vorher)
	}
	geaendert := clone(zeilen)
	for _, z := range geaendert[1:] {
		z[7] += "-Ost" // Gemarkung
	}
	geaendert[1999][6] = "X1" // row 1,999 of the sheet: a Wasserbuchnummer of no form
	ve := wantFehler(t, importieren(geaendert), 400, "Die Misch-/Niederschlagswasseranlagen konnten nicht importiert werden!")["validationErrors"].(map[string]any)
	if ve["zeilen[2000].wasserbuchnummer"] == nil || len(ve) != 1 {
		t.Fatalf("errors: %v", ve)
	}
	if zaehle() != vorher {
		t.Fatalf("a refused import wrote %d events", zaehle()-vorher)
	}
	geaendert[1999][6] = zeilen[1999][6]
	if a := importieren(geaendert); a.Code != 200 || a.json(t)["geaendert"] != float64(anzahl) || zaehle() != vorher+anzahl {
		t.Fatalf("changed: %d %.300s, %d events", a.Code, a.Body.String(), zaehle()-vorher)
	}
}
