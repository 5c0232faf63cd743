package httpapi

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// bescheidGespeichert appends a Bescheid's events (the read side needs no Decider).
func bescheidGespeichert(t testing.TB, w *kontoWelt, id int64, es ...ereignis.DomainEvent) {
	t.Helper()
	neu := make([]eventstore.NewEvent, len(es))
	for i, e := range es {
		neu[i] = eventstore.NewEvent{Type: e.EventType(), Data: e}
	}
	if _, err := w.dienst.Store.Append(context.Background(), eventstore.StreamID(bescheid.StreamType, id), bescheid.StreamType, eventstore.AnyVersion,
		neu, seed.Akteur); err != nil {
		t.Fatal(err)
	}
}

// The Bescheide's searches and evaluation over HTTP as the roles see them: the operation's
// Bescheide with the edit link per role (an application for the operator, the authority's own
// for ZUST_SBB, nothing for readers), the evaluation of released Bescheide only, per operation
// and across what the caller sees, the Auflagen, the parameters, a measuring point's valid
// Anforderungen, the export of the selected rows read back (German headers, only selected,
// released and visible rows), 404 for another's operation, 400 for wrong filters and ids.
func TestBescheidauswertung_RoutesPerRole_ExportReadBack(t *testing.T) {
	w := newKontoWelt(t, "")
	ctx := context.Background()
	pool := w.dienst.Store.Pool()
	k1, t1 := idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz"), idVon(t, w, "betrieb", "Kläranlage Musterhausen")
	k3, t3 := idVon(t, w, "messstelle", "Endkontrolle Ablauf Betriebskläranlage"), idVon(t, w, "messstelle", "Ablauf Kläranlage Musterhausen")
	kAnlage, tAnlage := idVon(t, w, "anlage", "Betriebskläranlage Papierfabrik"), idVon(t, w, "anlage", "Kläranlage Musterhausen")
	daten := func(art, datum string, auflagen ...bescheid.Auflage) bescheid.Daten {
		return bescheid.Daten{BescheidQualitaet: "Bescheid", Bescheidart: art, Aktenzeichen: "31-2/24", Behoerde: "SGD Nord", Bescheidsdatum: datum,
			Ablaufdatum: bescheid.StandardAblaufdatum, Auflagen: auflagen}
	}
	anf := func(id, m int64, art, nr, ab, bis string) bescheid.Anforderung {
		return bescheid.Anforderung{AnforderungID: id, Messstelle: m, AnforderungArt: art, ParameterArt: bescheid.Konzentration, ParameterNr: nr,
			Wert: "75", Einheit: "mg/l", Probenahme: "Stichprobe", Haeufigkeit: "monatlich", GueltigAb: ab, GueltigBis: bis}
	}
	bescheidGespeichert(t, w, 9401,
		bescheid.BescheidAngelegt{BetriebID: k1, Status: bescheid.InBearbeitung, Daten: daten("Wasserrechtliche Erlaubnis", "2024-03-01",
			bescheid.Auflage{Abwasseranlage: kAnlage, Art: "Messprogramm", Beschreibung: "Vierteljährlich messen", Fristdatum: "2025-06-30"},
			bescheid.Auflage{Abwasseranlage: kAnlage, Art: "Bericht", Beschreibung: "Jahresbericht", Fristdatum: "2025-03-31"})},
		bescheid.AnforderungenGesetzt{Messstelle: k3, Anforderungen: []bescheid.Anforderung{
			anf(94011, k3, bescheid.BehoerdlicheFestlegung, "3410", "", bescheid.StandardAblaufdatum),
			anf(94012, k3, bescheid.Selbstueberwachungsauflage, "3420", "2020-01-01", bescheid.StandardAblaufdatum),
			anf(94013, k3, bescheid.BehoerdlicheFestlegung, "3430", "2020-01-01", "2023-12-31")}},
		bescheid.BescheidFreigegeben{Am: "2024-03-02"})
	bescheidGespeichert(t, w, 9402,
		bescheid.BescheidAngelegt{BetriebID: k1, Status: bescheid.Angelegt, Daten: daten("Genehmigung", "2025-01-15",
			bescheid.Auflage{Abwasseranlage: kAnlage, Art: "Bericht", Beschreibung: "Entwurf", Fristdatum: "2025-03-31"})},
		bescheid.AnforderungAngelegt{Anforderung: anf(94021, k3, bescheid.BehoerdlicheFestlegung, "3410", "", bescheid.StandardAblaufdatum)})
	bescheidGespeichert(t, w, 9403,
		bescheid.BescheidAngelegt{BetriebID: t1, Status: bescheid.InBearbeitung, Daten: daten("Einleitungserlaubnis", "2023-05-02",
			bescheid.Auflage{Abwasseranlage: tAnlage, Art: "Bericht", Beschreibung: "Musterhausen", Fristdatum: "2025-03-31"})},
		bescheid.AnforderungAngelegt{Anforderung: anf(94031, t3, bescheid.BehoerdlicheFestlegung, "3410", "", bescheid.StandardAblaufdatum)},
		bescheid.BescheidFreigegeben{Am: "2023-05-03"})
	testdb.WarteAufSichtbarkeit(t, pool)
	if _, err := projections.CatchUp(ctx, w.dienst.Store, arbeitsliste.Projection); err != nil {
		t.Fatal(err)
	}
	// the demo's own Bescheide (ids below this test's) leave the read model: the lists below
	// count exactly the rows this test wrote
	if _, err := pool.Exec(ctx, `DELETE FROM arbeitsliste.anforderung WHERE bescheid_id < 9401;
		DELETE FROM arbeitsliste.auflage WHERE bescheid_id < 9401; DELETE FROM arbeitsliste.bescheid WHERE id < 9401`); err != nil {
		t.Fatal(err)
	}
	tok := map[string]string{}
	for _, k := range []string{"betreiber", "zust_sbb", "leser_behoerde", "betreiber2", "systemadmin"} {
		tok[k] = w.login(t, k, seed.DemoPasswort)
	}

	// the Bescheid search: every status, newest first; the edit link per role
	type treffer struct {
		ID                              int64
		Bescheidsstatus                 string
		Antrag, Bearbeiten              bool
		Bescheidart, Bescheidsdatum     string
		Aktenzeichen, BescheidQualitaet string
	}
	var seite struct {
		Content       []treffer
		TotalElements int
		Size          int
	}
	for wer, bearbeiten := range map[string][2]bool{"betreiber": {true, false}, "zust_sbb": {false, false}, "leser_behoerde": {false, false}} {
		w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/bescheid/search", k1), nil, tok[wer]).decode(t, &seite)
		if len(seite.Content) != 2 || seite.TotalElements != 2 || seite.Size != 10 || seite.Content[0].ID != 9402 || !seite.Content[0].Antrag ||
			seite.Content[1].Antrag || seite.Content[0].Bearbeiten != bearbeiten[0] || seite.Content[1].Bearbeiten != bearbeiten[1] ||
			seite.Content[1].Bescheidart != "Wasserrechtliche Erlaubnis" || seite.Content[1].Bescheidsdatum != "2024-03-01" {
			t.Fatalf("search as %s: %+v", wer, seite)
		}
	}
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/bescheid/search?von=20250101&bis=2025-12-31", k1), nil, tok["zust_sbb"]).decode(t, &seite)
	if len(seite.Content) != 1 || seite.Content[0].ID != 9402 {
		t.Fatalf("by date: %+v", seite)
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/bescheid/search", k1), nil, tok["betreiber2"]); a.Code != 404 {
		t.Fatalf("another operator's operation: %d", a.Code)
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/bescheid/search?von=2025-13-45", k1), nil, tok["zust_sbb"]); a.Code != 400 {
		t.Fatalf("a wrong date: %d %s", a.Code, a.Body.String())
	}

	// the evaluation: released Bescheide only, today by default
	type zeile struct {
		AnforderungID, BescheidID int64
		Bescheid, ParameterNr     string
		Messstelle                struct{ ID int64 }
		Abwasseranlage            struct{ Bezeichnung string }
	}
	var auswertung struct{ Content []zeile }
	ids := func() []int64 {
		var out []int64
		for _, z := range auswertung.Content {
			out = append(out, z.AnforderungID)
		}
		slices.Sort(out)
		return out
	}
	for pfad, want := range map[string][]int64{
		"/api/betrieb/%d/anforderung/auswertung":                                                           {94011, 94012},
		"/api/betrieb/%d/anforderung/auswertung?auswertung=alle":                                           {94011, 94012, 94013},
		"/api/betrieb/%d/anforderung/auswertung?auswertung=stichtag&stichtag=20231231":                     {94011, 94012, 94013},
		"/api/betrieb/%d/anforderung/auswertung?auswertung=zeitraum&gueltigAb=20231231":                    {94011, 94012, 94013},
		"/api/betrieb/%d/anforderung/auswertung?auswertung=alle&anforderungArt=SELBSTUEBERWACHUNGSAUFLAGE": {94012},
	} {
		w.send(t, "GET", fmt.Sprintf(pfad, k1), nil, tok["leser_behoerde"]).decode(t, &auswertung)
		if got := ids(); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", pfad, got, want)
		}
	}
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/anforderung/auswertung?parameter=3410", k1), nil, tok["betreiber"]).decode(t, &auswertung)
	if len(auswertung.Content) != 1 || auswertung.Content[0].Bescheid != "Wasserrechtliche Erlaubnis vom 01.03.2024" || auswertung.Content[0].BescheidID != 9401 ||
		auswertung.Content[0].Messstelle.ID != k3 || auswertung.Content[0].Abwasseranlage.Bezeichnung != "Betriebskläranlage Papierfabrik" {
		t.Fatalf("row: %+v", auswertung.Content)
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/anforderung/auswertung?auswertung=woche", k1), nil, tok["betreiber"]); a.Code != 400 {
		t.Fatalf("an unknown evaluation type: %d", a.Code)
	}
	for wer, want := range map[string][]int64{"betreiber": {94011, 94012}, "betreiber2": {94031}, "systemadmin": {94011, 94012, 94031}} {
		w.send(t, "GET", "/api/anforderung/auswertung", nil, tok[wer]).decode(t, &auswertung)
		if got := ids(); !slices.Equal(got, want) {
			t.Errorf("across as %s: %v, want %v", wer, got, want)
		}
	}
	w.send(t, "GET", fmt.Sprintf("/api/anforderung/auswertung?betrieb=%d", t1), nil, tok["systemadmin"]).decode(t, &auswertung)
	if got := ids(); !slices.Equal(got, []int64{94031}) {
		t.Errorf("across, one operation: %v", got)
	}

	// the Auflagen, the parameters, the measuring point's Anforderungen
	var auflagen struct {
		Content []struct {
			BescheidID                            int64
			Index                                 int
			Beschreibung, Fristdatum, Ablaufdatum string
		}
	}
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/auflage/search", k1), nil, tok["betreiber"]).decode(t, &auflagen)
	if len(auflagen.Content) != 2 || auflagen.Content[0].Beschreibung != "Jahresbericht" || auflagen.Content[0].Index != 1 ||
		auflagen.Content[1].Fristdatum != "2025-06-30" {
		t.Fatalf("Auflagen: %+v", auflagen)
	}
	var parameter []map[string]string
	w.send(t, "GET", fmt.Sprintf("/api/betrieb/%d/anforderungsparameter/", k1), nil, tok["betreiber"]).decode(t, &parameter)
	if len(parameter) != 3 || parameter[0]["parameterNr"] != "3410" {
		t.Fatalf("parameters: %v", parameter)
	}
	var punkt []zeile
	w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d/anforderung?datum=2023-06-01", k3), nil, tok["zust_sbb"]).decode(t, &punkt)
	if len(punkt) != 3 {
		t.Fatalf("measuring point: %+v", punkt)
	}
	w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d/anforderung?datum=2024-06-01&excludeBescheid=9401", k3), nil, tok["zust_sbb"]).decode(t, &punkt)
	if len(punkt) != 0 {
		t.Fatalf("without the Bescheid: %+v", punkt)
	}
	if a := w.send(t, "GET", fmt.Sprintf("/api/messstelle/%d/anforderung", k3), nil, tok["betreiber2"]); a.Code != 404 {
		t.Fatalf("another's measuring point: %d", a.Code)
	}

	// the export: the selected rows of the tab, released and visible
	festlegungen := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/export/festlegungen", k1),
		`{"ids": [94011, 94012, 94021, 94031, "94013"]}`, tok["betreiber"])
	rows := xlsxBlatt(t, festlegungen, "Festlegungen")
	if len(rows) != 3 || rows[0][0] != "Messstellen-Nr." || rows[0][3] != "Bescheid" || rows[0][8] != "Häufigkeit" || rows[0][12] != "Gültig ab" ||
		rows[1][4] != "3410" || rows[1][3] != "Wasserrechtliche Erlaubnis vom 01.03.2024" || rows[2][4] != "3430" || rows[2][13] != "31.12.2023" {
		t.Fatalf("Festlegungen: %q", rows)
	}
	// issue 43: the limit a number, the validity dates (the open end "unbefristet"); numbers of the register stay text
	pruefeZellarten(t, festlegungen.Body.Bytes(), "Festlegungen", map[string]zellart{"A2": textZelle, "E2": textZelle, "K2": zahlZelle,
		"K3": zahlZelle, "M2": leereZelle, "M3": datumZelle, "N2": textZelle, "N3": datumZelle})
	if rows[1][13] != "unbefristet" {
		t.Errorf("an open-ended validity: %q", rows[1][13])
	}
	// opened and saved by LibreOffice (German), the limit and the dates are still numbers
	pruefeZahlen(t, mitLibreOffice(t, "festlegungen.xlsx", festlegungen.Body.Bytes()), "Festlegungen",
		map[string]float64{"K2": 75, "K3": 75, "M3": 43831, "N3": 45291}) // 01.01.2020, 31.12.2023
	rows = xlsxBlatt(t, w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/export/selbstueberwachung", k1), `{"ids": [94011, 94012]}`, tok["zust_sbb"]),
		"Selbstüberwachungsauflagen")
	if len(rows) != 2 || rows[1][4] != "3420" || rows[1][12] != "01.01.2020" {
		t.Fatalf("Selbstüberwachung: %q", rows)
	}
	auflagenExport := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/export/auflagen", k1), `{"ids": ["9401:0", "9402:0", "9403:0"]}`,
		tok["systemadmin"])
	pruefeZellarten(t, auflagenExport.Body.Bytes(), "Auflagen", map[string]zellart{"D2": datumZelle, "E2": datumZelle, "F2": textZelle})
	rows = xlsxBlatt(t, auflagenExport, "Auflagen")
	if len(rows) != 2 || !slices.Equal(rows[0], []string{"Abwasseranlage", "Art", "Beschreibung", "Fristdatum", "In Bescheid vom", "Gültig bis"}) ||
		!slices.Equal(rows[1], []string{"Betriebskläranlage Papierfabrik", "Messprogramm", "Vierteljährlich messen", "30.06.2025", "01.03.2024", "unbefristet"}) {
		t.Fatalf("Auflagen: %q", rows)
	}
	for body, code := range map[string]int{`{"ids": ["9401-0"]}`: 400, `{"ids": [1.5]}`: 400} {
		if a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/export/auflagen", k1), body, tok["systemadmin"]); a.Code != code {
			t.Errorf("%s: %d %s", body, a.Code, a.Body.String())
		}
	}
	// the evaluation across as xlsx: the caller's rows of the filter, or of them the selected
	rows = xlsxBlatt(t, w.send(t, "POST", "/api/anforderung/export?auswertung=alle", nil, tok["betreiber"]), "Anforderungen")
	if len(rows) != 4 || rows[0][0] != "Messstellen-Nr." || rows[1][4] != "3410" || rows[2][4] != "3420" || rows[3][4] != "3430" {
		t.Fatalf("across: %q", rows)
	}
	rows = xlsxBlatt(t, w.send(t, "POST", "/api/anforderung/export", `{"ids": [94012, 94031]}`, tok["betreiber"]), "Anforderungen")
	if len(rows) != 2 || rows[1][4] != "3420" {
		t.Fatalf("across, selected: %q", rows)
	}
	if a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/export/anderes", k1), `{"ids": []}`, tok["systemadmin"]); a.Code != 404 {
		t.Errorf("an unknown export: %d", a.Code)
	}
	if a := w.send(t, "POST", fmt.Sprintf("/api/betrieb/%d/export/festlegungen", k1), `{"ids": [94011]}`, tok["betreiber2"]); a.Code != 404 {
		t.Errorf("another's operation's export: %d", a.Code)
	}
}

// The Bescheid evaluation's rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("bescheidauswertung", func() map[string]regel {
	// the Bescheide's searches and evaluation (issue 30): read by whoever sees the operation
	return map[string]regel{
		"GET /api/betrieb/{id}/bescheid/search":        amBetrieb(""),
		"GET /api/betrieb/{id}/anforderung/auswertung": amBetrieb(""),
		"GET /api/betrieb/{id}/auflage/search":         amBetrieb(""),
		"GET /api/betrieb/{id}/anforderungsparameter":  amBetrieb(""),
		"POST /api/betrieb/{id}/export/{endpoint}":     amBetrieb(""),
		"GET /api/messstelle/{id}/anforderung":         amBetrieb(""),
		"GET /api/anforderung/auswertung":              angemeldet,
		"POST /api/anforderung/export":                 angemeldet,
	}
})

// The bescheidauswertung area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("bescheidauswertung", map[string]listenRoute{
	// the Bescheide's searches and evaluation (issue 30)
	"GET /api/betrieb/{id}/bescheid/search":        {art: artAmObjekt, objekt: "betrieb", zeilen: true},
	"GET /api/betrieb/{id}/anforderung/auswertung": {art: artAmObjekt, objekt: "betrieb", zeilen: true},
	"GET /api/betrieb/{id}/auflage/search":         {art: artAmObjekt, objekt: "betrieb", zeilen: true},
	"GET /api/betrieb/{id}/anforderungsparameter":  {art: artAmObjekt, objekt: "betrieb"},
	"GET /api/messstelle/{id}/anforderung":         {art: artAmObjekt, objekt: "messstelle", zeilen: true},
	"GET /api/anforderung/auswertung": {art: artListe, zeilen: true, aufrufe: []string{"/api/anforderung/auswertung",
		"/api/anforderung/auswertung?auswertung=alle&size=50"}},
	"POST /api/betrieb/{id}/export/{endpoint}": {art: artExport, zeilen: true, aufrufe: []string{
		`/api/betrieb/{betrieb}/export/festlegungen {"ids":[{alleAnforderungen}]}`,
		`/api/betrieb/{betrieb}/export/selbstueberwachung {"ids":[{alleAnforderungen}]}`,
		`/api/betrieb/{betrieb}/export/auflagen {"ids":[{alleAuflagen}]}`}},
	"POST /api/anforderung/export": {art: artExport, zeilen: true, aufrufe: []string{"/api/anforderung/export?auswertung=alle",
		`/api/anforderung/export {"ids":[{alleAnforderungen}]}`}},
})
