package httpapi

// Tests of issue 27, item 1: every list applies the one visibility condition to the object a
// row belongs to, whatever else put the caller on the row (he set the reminder, he is named
// responsible, he received the message).

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswertung"
	"github.com/eabwasser/eabwasser/internal/anwendung/benachrichtigung"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/audit"
)

// kontoID is the id of the demo account name.
func kontoID(t testing.TB, w *kontoWelt, name string) int64 {
	t.Helper()
	k, err := konten.NachBenutzername(t.Context(), w.dienst.Store.Pool(), name)
	if err != nil {
		t.Fatal(err)
	}
	return k.ID
}

// zustaendigeGespeichert names accounts as responsible persons and Bearbeiter of a plant through
// the command path, without the service's checks of who may be named: a plant saved before
// those checks existed.
func zustaendigeGespeichert(t testing.TB, w *kontoWelt, anlageID int64, personen []int64, bearbeiter []int64) {
	t.Helper()
	ctx := context.Background()
	a, _, ok, err := anlagen.Stand(ctx, w.dienst.Store.Pool(), anlageID)
	if err != nil || !ok {
		t.Fatalf("plant %d: %v", anlageID, err)
	}
	var typ string
	if err := w.dienst.Store.Pool().QueryRow(ctx, `SELECT betriebstyp FROM betrieb WHERE id = $1`, a.BetriebID).Scan(&typ); err != nil {
		t.Fatal(err)
	}
	d := a.Daten
	for _, id := range personen {
		d.ZustaendigePersonen = append(d.ZustaendigePersonen, betrieb.ZustaendigePerson{AnwenderID: id, Zustaendig: []string{"Betriebsleitung"}})
	}
	for _, id := range bearbeiter {
		d.ZustaendigeBearbeiter = append(d.ZustaendigeBearbeiter, betrieb.Bearbeiter{AnwenderID: id, DatascoutID: "DS-4711"})
	}
	if _, err := eventstore.Befehle(w.dienst.Store, anlage.Decider).Handle(ctx, anlageID, eventstore.VersionUnbekannt,
		anlage.Speichere{Daten: d, Heute: time.Now(), Umfang: anlage.Voll, DarfBezeichnung: true, Betriebstyp: typ, Von: "Test"}, seed.Akteur); err != nil {
		t.Fatal(err)
	}
}

// wiedervorlageAnlegen sets a reminder on an object as the caller.
// wiedervorlageAnlegen sets a reminder shared with the other side (issue 42), so what these
// tests show is the object's visibility alone.
func (w *kontoWelt) wiedervorlageAnlegen(t testing.TB, fachobjekt string, id int64, betreff, token string) {
	t.Helper()
	if a := w.send(t, "POST", fmt.Sprintf("/api/%s/%d/wiedervorlage", fachobjekt, id), map[string]any{"betreff": betreff, "geteilt": true}, token); a.Code != 201 {
		t.Fatalf("reminder %q on %s %d: %d %s", betreff, fachobjekt, id, a.Code, a.Body.String())
	}
}

// The first scenario: an account named as responsible person on a plant, then moved to
// another organisation, no longer sees the staff's reminders on the plant, nor the operation's
// name, nor the reminders he set there himself.
func TestWiedervorlagen_AResponsiblePersonMovedToAnotherOrganisationNoLongerSeesTheObjectsReminders(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber, sbd, admin := w.login(t, "betreiber", seed.DemoPasswort), w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "systemadmin", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")
	beauftragter := kontoID(t, w, "beauftragter")

	// the operator names his colleague responsible for the plant (an ordinary save)
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", id), nil, betreiber).json(t)
	anl["zustaendigePersonen"] = []map[string]any{{"id": beauftragter, "zustaendig": []string{"Betriebsleitung"}}}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/kuehlwasser/%d", id), anl, betreiber); a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	w.wiedervorlageAnlegen(t, "anlage", id, "Ortstermin Kühlwasser vereinbaren", sbd)
	tok := w.login(t, "beauftragter", seed.DemoPasswort)
	// his own reminder, due today, would come by mail
	if a := w.send(t, "POST", fmt.Sprintf("/api/anlage/%d/wiedervorlage", id), map[string]any{"betreff": "Eigene Notiz zur Papiermaschine",
		"datum": time.Now().Format("2006-01-02")}, tok); a.Code != 201 {
		t.Fatalf("own reminder: %d %s", a.Code, a.Body.String())
	}
	p := w.send(t, "GET", "/api/personalisierung", nil, tok).json(t)
	p["sendMailOnWiedervorlage"] = true
	if a := w.send(t, "PUT", "/api/personalisierung", p, tok); a.Code != 200 {
		t.Fatalf("settings: %d %s", a.Code, a.Body.String())
	}
	if a := w.send(t, "GET", "/api/wiedervorlage", nil, tok); !strings.Contains(a.Body.String(), "Ortstermin Kühlwasser vereinbaren") ||
		!strings.Contains(a.Body.String(), "Eigene Notiz zur Papiermaschine") {
		t.Fatalf("responsible person before the move: %d %s", a.Code, a.Body.String())
	}

	// the administrator moves him to Verbandsgemeinde Musterhausen
	pfad := fmt.Sprintf("/api/anwender/%d", beauftragter)
	row := w.send(t, "GET", pfad, nil, admin).json(t)
	row["passwort"] = ""
	row["person"].(map[string]any)["organisation"] = map[string]any{"id": orgID(t, w, "Verbandsgemeinde Musterhausen")}
	if a := w.send(t, "PUT", pfad, row, admin); a.Code != 200 {
		t.Fatalf("move: %d %s", a.Code, a.Body.String())
	}
	tok = w.login(t, "beauftragter", seed.DemoPasswort)
	a := w.send(t, "GET", "/api/wiedervorlage", nil, tok)
	if a.Code != 200 {
		t.Fatalf("tab: %d %s", a.Code, a.Body.String())
	}
	for _, verboten := range []string{"Ortstermin Kühlwasser vereinbaren", "Eigene Notiz zur Papiermaschine", "Papierfabrik Rheinaue", "Kühlwasserkreislauf"} {
		if strings.Contains(a.Body.String(), verboten) {
			t.Errorf("after the move the tab still shows %q: %s", verboten, a.Body.String())
		}
	}
	// nor is he told by mail that his reminder on it is due
	v := &benachrichtigung.Versender{Pool: w.dienst.Store.Pool(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if n, err := v.Erinnern(context.Background()); err != nil || n != 0 {
		t.Errorf("after the move %d due reminders were queued for mail (%v)", n, err)
	}
}

// The second scenario: betreiber2 (Verbandsgemeinde Musterhausen), named on a plant of
// Klärwerk Rheinaue GmbH, sees none of the ten reminders the staff set on it — and still his own
// on his organisation's plant.
func TestWiedervorlagen_AnAccountOfAnotherOrganisationNamedOnAPlantSeesNoneOfItsReminders(t *testing.T) {
	w := newKontoWelt(t, "")
	sbd, b2 := w.login(t, "zust_sbd", seed.DemoPasswort), w.login(t, "betreiber2", seed.DemoPasswort)
	id := idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2")
	zustaendigeGespeichert(t, w, id, []int64{kontoID(t, w, "betreiber2")}, nil)
	for i := range 10 {
		w.wiedervorlageAnlegen(t, "anlage", id, fmt.Sprintf("Prüfauftrag Kühlwasser %d", i+1), sbd)
	}
	w.wiedervorlageAnlegen(t, "anlage", idVon(t, w, "anlage", "Regenüberlaufbecken Musterhausen-Nord"), "Eigene Wiedervorlage Musterhausen", b2)
	a := w.send(t, "GET", "/api/wiedervorlage", nil, b2)
	if a.Code != 200 || !strings.Contains(a.Body.String(), "Eigene Wiedervorlage Musterhausen") {
		t.Fatalf("tab: %d %s", a.Code, a.Body.String())
	}
	for _, verboten := range []string{"Prüfauftrag Kühlwasser", "Papierfabrik Rheinaue", "Kühlwasserkreislauf"} {
		if strings.Contains(a.Body.String(), verboten) {
			t.Errorf("betreiber2 sees %q: %s", verboten, a.Body.String())
		}
	}
}

// listenArt classifies a route for the list walk.
type listenArt int

const (
	// artListe: rows of objects (operations, plants, what hangs on them) — walked as every account.
	artListe listenArt = iota + 1
	// artAmObjekt: the rows of the object {id} — walked with every object of its kind.
	artAmObjekt
	// artExport: a spreadsheet of rows — walked, the sheets' text checked.
	artExport
	// artStammdaten: rows that hang on no object (value lists, organisations, accounts, queries) —
	// walked all the same, so an object's name that slips into them is caught.
	artStammdaten
	// artEinzeln: one object (its detail, history, version, file), guarded by the permission
	// matrix's 404 for what the caller does not see — not walked.
	artEinzeln
	// artFremdeNamen: names objects outside the caller's visibility by design — the
	// receiving-plant pickers show the municipal treatment plants of every operator with their
	// operation and operator (docs/decisions.md, "Plant network") — not walked;
	// TestAnlagennetz_TheReceivingPlantPickerShowsNameOperationAndOperatorOnly checks what they show.
	artFremdeNamen
	// artBefehl: a command — not walked.
	artBefehl
	// artAnderes: no list (configuration, the caller's own account, health, the frontend).
	artAnderes
)

// listenRoute is how the walk treats a route.
type listenRoute struct {
	art listenArt
	// objekt names the kind of {id} of artAmObjekt and artExport routes ("betrieb", "anlage",
	// "abfrage"). A kind the walk's world has no objects of is called with id 1 and must answer
	// 404: once its area arrives, the test fails until the world holds its objects.
	objekt string
	// aufrufe are the calls when they differ from the pattern ({betrieb}: every operation; a
	// POST's body after a space).
	aufrufe []string
	// zeilen: the walk must see an object's name or marker in the route's answers at least once
	// (its rows are objects' rows), so it cannot pass on empty lists.
	zeilen bool
}

// listenRouten classifies every GET and POST route of the router for the list walk. A route
// without an entry fails TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees: a
// new area's lists and exports are walked the day they are added.
func listenRouten() map[string]listenRoute {
	r := map[string]listenRoute{
		"GET /":                   {art: artAnderes},
		"GET /eAbwasser":          {art: artAnderes},
		"GET /eAbwasser/*":        {art: artAnderes},
		"GET /eAbwasser/assets/*": {art: artAnderes},
	}
	for _, p := range []string{"/api/authenticate", "/api/sso", "/api/registrierung", "/api/doubleoptin/confirm", "/api/sendPasswordResetMail",
		"/api/logout", "/api/anwender", "/api/lokaleRolle", "/api/organisation", "/api/organisation/merge", "/api/betrieb", "/api/betrieb/freigabe",
		"/api/betrieb/{id}/stammdaten", "/api/betrieb/{id}/stammdaten-antrag/uebernahme", "/api/anlage/" + anlagentypPfad,
		"/api/anlage/" + anlagentypPfad + "/{id}/aenderungsantrag", "/api/anlage/{id}/aenderungsantrag/uebernahme",
		"/api/anlage/{id}/messstelle", "/api/messstelle/{id}/freigabe", "/api/bescheid", "/api/bescheidsantrag", "/api/anforderung",
		"/api/jahresbericht", "/api/jahresbericht/uebernahme/{id}", "/api/messwert/{pid}/import-messwerte"} {
		r["POST "+p] = listenRoute{art: artBefehl}
	}
	for _, f := range []string{"betrieb", "anlage", "bescheid", "messstelle"} {
		r["POST /api/"+f+"/{id}/wiedervorlage"] = listenRoute{art: artBefehl}
		r["POST /api/"+f+"/{id}/upload-file"] = listenRoute{art: artBefehl}
	}
	r["POST /api/jahresbericht/{id}/wiedervorlage"] = listenRoute{art: artBefehl}
	r["POST /api/jahresbericht/{id}/upload-file"] = listenRoute{art: artBefehl}
	r["POST /api/jahresbericht/{id}/externe-upload-file"] = listenRoute{art: artBefehl}
	for _, d := range werteliste.Listen {
		r["GET /api/"+d.Name] = listenRoute{art: artStammdaten}
		r["POST /api/"+d.Name] = listenRoute{art: artBefehl}
	}
	for bereich, zeilen := range bereichsListen {
		for route, lr := range zeilen {
			if _, ok := r[route]; ok {
				panic("the list walk classifies " + route + " twice (" + bereich + ")")
			}
			r[route] = lr
		}
	}
	return r
}

// bereichsListen are the areas' rows of the list walk, each registered by its area's test file
// (listenDes), so a new area classifies its routes in its own files.
var bereichsListen = map[string]map[string]listenRoute{}

// listenDes registers the rows of an area (the result only serves a package-level var _).
func listenDes(bereich string, r map[string]listenRoute) bool {
	if bereichsListen[bereich] != nil {
		panic("the list walk's rows of " + bereich + " twice")
	}
	bereichsListen[bereich] = r
	return true
}

// antworttext is what an answer shows: the body, or for a spreadsheet the text of its sheets.
func antworttext(t testing.TB, a antwort) string {
	t.Helper()
	b := a.Body.Bytes()
	if !bytes.HasPrefix(b, []byte("PK")) {
		return string(b)
	}
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("spreadsheet: %v", err)
	}
	var text strings.Builder
	for _, f := range z.File {
		if !strings.HasPrefix(f.Name, "xl/") || !strings.HasSuffix(f.Name, ".xml") {
			continue
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		x, err := io.ReadAll(r)
		_ = r.Close()
		if err != nil {
			t.Fatal(err)
		}
		text.Write(x)
	}
	return text.String()
}

// TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees walks every list and export
// route of the router (listenRouten classifies each GET and POST route; an unclassified one
// fails) as every demo account, in a world where rows of objects of both organisations and both
// Regionalstellen fill the lists — reminders, files, messages, change requests with marker
// texts — and where accounts were put on rows of objects they do not see: a responsible person
// moved to the other organisation (the scenario), another organisation's account and a
// Bearbeiter of the other Regionalstelle named on plants, and an operation moved to the other
// Regionalstelle after its staff had set reminders on it and received its messages. No answer may name an object outside
// the caller's visibility or carry its marker; every marker and name the caller may see appears
// at least once, and every list of objects' rows shows some, so the walk cannot pass on empty
// lists.
func TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees(t *testing.T) {
	w := newKontoWelt(t, "")
	pool := w.dienst.Store.Pool()
	ctx := context.Background()
	var alleAnforderungen, alleAuflagen []string
	namen := []string{"systemadmin", "fachadmin", "zust_sbd", "zust_sbb", "zust_sbs", "zust_sba", "leser_behoerde",
		"betreiber", "beauftragter", "leser_organisation", "betreiber2"}
	tok := map[string]string{}
	for _, k := range namen {
		tok[k] = w.login(t, k, seed.DemoPasswort)
	}
	// the objects: K (Klärwerk Rheinaue GmbH, Regionalstelle Koblenz), T (Verbandsgemeinde
	// Musterhausen, Regionalstelle Trier), G (Klärwerk Rheinaue GmbH's operation that moves from
	// Koblenz to Trier: the staff of Koblenz lose it, the operator keeps it)
	ids := map[string]int64{
		"K1": idVon(t, w, "betrieb", "Papierfabrik Rheinaue – Werk Koblenz"), "K2": idVon(t, w, "anlage", "Kühlwasserkreislauf Papiermaschine 2"),
		"T1": idVon(t, w, "betrieb", "Kläranlage Musterhausen"), "T2": idVon(t, w, "anlage", "Kläranlage Musterhausen"),
		"G1": idVon(t, w, "betrieb", "Galvanik Moselweiß"),
		"K3": idVon(t, w, "messstelle", "Endkontrolle Ablauf Betriebskläranlage"), "T3": idVon(t, w, "messstelle", "Ablauf Kläranlage Musterhausen"),
	}
	fachobjekt := map[string]string{"K1": "betrieb", "K2": "anlage", "T1": "betrieb", "T2": "anlage", "G1": "betrieb",
		"K3": "messstelle", "T3": "messstelle"}
	verboten := map[string][]string{
		"K": {"Papierfabrik Rheinaue", "Brauerei am Deutschen Eck", "Betriebskläranlage Papierfabrik",
			"Kühlwasserkreislauf Papiermaschine 2", "MARKE-K1-", "MARKE-K2-", "Endkontrolle Ablauf Betriebskläranlage",
			"Einleitungsstelle Rhein", "Zulauf Betriebskläranlage", "MARKE-K3-"},
		"T": {"Kläranlage Musterhausen", "Regenüberlaufbecken Musterhausen-Nord", "Kanalnetz Musterhausen", "MARKE-T1-", "MARKE-T2-",
			"Ablauf Kläranlage Musterhausen", "MARKE-T3-"},
		"G": {"Galvanik Moselweiß", "MARKE-G1-"},
	}
	objektnamen := map[string]string{"K1": "Papierfabrik Rheinaue", "K2": "Kühlwasserkreislauf Papiermaschine 2",
		"T1": "Kläranlage Musterhausen", "T2": "Kläranlage Musterhausen", "G1": "Galvanik Moselweiß",
		"K3": "Endkontrolle Ablauf Betriebskläranlage", "T3": "Ablauf Kläranlage Musterhausen"}
	// what each account sees before and after beauftragter moves to Verbandsgemeinde
	// Musterhausen and Galvanik Moselweiß to Regionalstelle Trier
	vorher := map[string][]string{"systemadmin": {"K", "T", "G"}, "fachadmin": {"K", "T", "G"}, "betreiber2": {"T"}}
	sicht := map[string][]string{"systemadmin": {"K", "T", "G"}, "fachadmin": {"K", "T", "G"}, "betreiber2": {"T"},
		"beauftragter": {"T"}, "betreiber": {"K", "G"}, "leser_organisation": {"K", "G"}}
	for _, k := range namen {
		if vorher[k] == nil {
			vorher[k] = []string{"K", "G"}
		}
		if sicht[k] == nil {
			sicht[k] = []string{"K"}
		}
	}

	// reminders of every account that may set them on every object it sees, due today (the query
	// export lists due ones); a file on every object
	heute := time.Now().Format("2006-01-02")
	for _, k := range namen {
		if !berechtigung.Darf([]string{strings.ToUpper(strings.TrimSuffix(k, "2"))}, berechtigung.WiedervorlagenLesen) {
			continue
		}
		for key, id := range ids {
			if slices.Contains(vorher[k], key[:1]) {
				a := w.send(t, "POST", fmt.Sprintf("/api/%s/%d/wiedervorlage", fachobjekt[key], id),
					map[string]any{"betreff": "MARKE-" + key + "-WV-" + k, "datum": heute}, tok[k])
				if a.Code != 201 {
					t.Fatalf("reminder of %s on %s: %d %s", k, key, a.Code, a.Body.String())
				}
			}
		}
	}
	for key, id := range ids {
		if a := w.hochladen(t, fmt.Sprintf("/api/%s/%d/upload-file", fachobjekt[key], id), tok["systemadmin"],
			teil{name: "bezeichnung", inhalt: "MARKE-" + key + "-DATEI"}, teil{name: "file", dateiname: "plan.pdf", typ: "application/pdf", inhalt: pdf}); a.Code != 201 {
			t.Fatalf("upload on %s: %d %s", key, a.Code, a.Body.String())
		}
	}
	// responsible persons: the operator names his colleague (an ordinary save); plants saved
	// before the check of names carry another organisation's account and a Bearbeiter of the
	// other Regionalstelle
	anl := w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", ids["K2"]), nil, tok["betreiber"]).json(t)
	anl["zustaendigePersonen"] = []map[string]any{{"id": kontoID(t, w, "beauftragter"), "zustaendig": []string{"Betriebsleitung"}}}
	if a := w.send(t, "PUT", fmt.Sprintf("/api/anlage/kuehlwasser/%d", ids["K2"]), anl, tok["betreiber"]); a.Code != 200 {
		t.Fatalf("save: %d %s", a.Code, a.Body.String())
	}
	zustaendigeGespeichert(t, w, ids["K2"], []int64{kontoID(t, w, "betreiber2")}, nil)
	zustaendigeGespeichert(t, w, ids["T2"], []int64{kontoID(t, w, "betreiber")}, []int64{kontoID(t, w, "zust_sbb")})
	// change requests on both plants: a rejected one (a message to the operator's users, the
	// moved account among them) and an open one (messages to the deciding staff, a task)
	antrag := func(key, typ, wer, entscheider string, felder map[string]any) {
		t.Helper()
		for i, kommentar := range []string{"MARKE-" + key + "-ANTRAG", "MARKE-" + key + "-ANTRAG2"} {
			felder["kommentar"] = kommentar
			if a := w.send(t, "POST", fmt.Sprintf("/api/anlage/%s/%d/aenderungsantrag", typ, ids[key]), felder, tok[wer]); a.Code != 201 {
				t.Fatalf("change request on %s: %d %s", key, a.Code, a.Body.String())
			}
			if i == 0 {
				if a := w.send(t, "DELETE", fmt.Sprintf("/api/anlage/%d/aenderungsantrag", ids[key]), map[string]any{"begruendungen": map[string]string{
					"bezeichnung": "Nicht belegt.", "kuehlart": "Nicht belegt.", "foerderungen": "Nicht belegt."}}, tok[entscheider]); a.Code != 200 {
					t.Fatalf("reject on %s: %d %s", key, a.Code, a.Body.String())
				}
			}
		}
	}
	antrag("K2", "kuehlwasser", "betreiber", "zust_sbd", map[string]any{"bezeichnung": "Kühlwasserkreislauf Papiermaschine 2", "kuehlart": "Kreislaufkühlung"})
	antrag("T2", "abwasserbehandlung", "betreiber2", "systemadmin", map[string]any{"bezeichnung": "Kläranlage Musterhausen (neu)"})
	nachholen := func(ps ...projections.Projection) {
		t.Helper()
		testdb.WarteAufSichtbarkeit(t, pool)
		for _, p := range ps {
			if _, err := projections.CatchUp(ctx, w.dienst.Store, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	nachholen(lesemodelle.Nachrichten()) // the messages reach who is concerned now: the colleague too

	// released Bescheide of the three operations with an Anforderung of each kind on the
	// measuring point (K, T) and an Auflage on a plant, marked (G's before it moves)
	bescheidNr := int64(9300)
	for _, key := range []string{"K1", "T1", "G1"} {
		var anlageID int64
		if err := pool.QueryRow(ctx, `SELECT coalesce((SELECT id FROM anlage WHERE betrieb_id = $1 ORDER BY id LIMIT 1), 0)`, ids[key]).Scan(&anlageID); err != nil {
			t.Fatal(err)
		}
		bescheidNr++
		es := []ereignis.DomainEvent{bescheid.BescheidAngelegt{BetriebID: ids[key], Status: bescheid.InBearbeitung, Daten: bescheid.Daten{
			BescheidQualitaet: "Bescheid", Bescheidart: "Erlaubnis", Bescheidsdatum: "2024-03-01", Ablaufdatum: bescheid.StandardAblaufdatum,
			Bemerkung: "MARKE-" + key + "-BESCHEID"}}}
		if anlageID != 0 { // Galvanik Moselweiß has no plant
			d := es[0].(bescheid.BescheidAngelegt)
			d.Daten.Auflagen = []bescheid.Auflage{{Abwasseranlage: anlageID, Art: "Bericht", Beschreibung: "MARKE-" + key + "-AUFLAGE", Fristdatum: "2025-06-30"}}
			es[0] = d
			alleAuflagen = append(alleAuflagen, fmt.Sprintf(`"%d:0"`, bescheidNr))
		}
		if m, ok := map[string]string{"K1": "K3", "T1": "T3"}[key]; ok {
			es = append(es, bescheid.MessstellenZugeordnet{Messstellen: []int64{ids[m]}}, bescheid.AnforderungenGesetzt{Messstelle: ids[m],
				Anforderungen: []bescheid.Anforderung{
					{AnforderungID: bescheidNr*10 + 1, Messstelle: ids[m], AnforderungArt: bescheid.BehoerdlicheFestlegung, ParameterArt: bescheid.Konzentration,
						ParameterNr: "3410", Wert: "75", Einheit: "mg/l", GueltigBis: bescheid.StandardAblaufdatum},
					{AnforderungID: bescheidNr*10 + 2, Messstelle: ids[m], AnforderungArt: bescheid.Selbstueberwachungsauflage, ParameterArt: bescheid.Konzentration,
						ParameterNr: "3420", Zusatztext: "MARKE-" + m + "-ANFORDERUNG", GueltigBis: bescheid.StandardAblaufdatum}}})
			alleAnforderungen = append(alleAnforderungen, fmt.Sprint(bescheidNr*10+1), fmt.Sprint(bescheidNr*10+2))
		}
		es = append(es, bescheid.BescheidFreigegeben{Am: "2024-03-02"})
		neu := make([]eventstore.NewEvent, len(es))
		for i, e := range es {
			neu[i] = eventstore.NewEvent{Type: e.EventType(), Data: e}
		}
		if _, err := w.dienst.Store.Append(ctx, eventstore.StreamID(bescheid.StreamType, bescheidNr), bescheid.StreamType, eventstore.NoStream, neu,
			seed.Akteur); err != nil {
			t.Fatal(err)
		}
	}

	// an annual report of the treatment plant T2 with a supplementary parameter at T3, marked
	von, bis := jahresbericht.VonBis(2024)
	bericht := jahresbericht.JahresberichtAngelegt{AnlageID: ids["T2"], AnlageBezeichnung: "MARKE-T2-BERICHT", Jahr: 2024, Von: von, Bis: bis,
		Daten: jahresbericht.Daten{StatusMesswerte: jahresbericht.Unbearbeitet, StatusAQS: jahresbericht.Unbearbeitet,
			StatusExterne: jahresbericht.Unbearbeitet, Durchflusspruefung: jahresbericht.Unbearbeitet, Bemerkung: "MARKE-T2-BEMERKUNG"},
		Parameter: []jahresbericht.Parameter{{ParameterID: 99001, Art: jahresbericht.Ergaenzend, Messstelle: ids["T3"],
			ParameterNr: "MARKE-T3-PARAMETER", ErstelltRolle: "BETREIBER"}}}
	if _, err := w.dienst.Store.Append(ctx, eventstore.StreamID(jahresbericht.StreamType, 9901), jahresbericht.StreamType, eventstore.NoStream,
		[]eventstore.NewEvent{{Type: bericht.EventType(), Data: bericht}}, seed.Akteur); err != nil {
		t.Fatal(err)
	}

	// the administrator moves the colleague to Verbandsgemeinde Musterhausen
	pfad := fmt.Sprintf("/api/anwender/%d", kontoID(t, w, "beauftragter"))
	row := w.send(t, "GET", pfad, nil, tok["systemadmin"]).json(t)
	row["passwort"] = ""
	row["person"].(map[string]any)["organisation"] = map[string]any{"id": orgID(t, w, "Verbandsgemeinde Musterhausen")}
	if a := w.send(t, "PUT", pfad, row, tok["systemadmin"]); a.Code != 200 {
		t.Fatalf("move: %d %s", a.Code, a.Body.String())
	}
	tok["beauftragter"] = w.login(t, "beauftragter", seed.DemoPasswort)
	// and the authority moves Galvanik Moselweiß to Regionalstelle Trier
	var trier int64
	if err := pool.QueryRow(ctx, `SELECT regionalstelle_id FROM betrieb WHERE id = $1`, ids["T1"]).Scan(&trier); err != nil {
		t.Fatal(err)
	}
	g, _, _, err := betriebe.Stand(ctx, pool, ids["G1"])
	if err != nil {
		t.Fatal(err)
	}
	g.Daten.RegionalstelleID = trier
	if _, err := eventstore.Befehle(w.dienst.Store, betrieb.Decider).Handle(ctx, ids["G1"], eventstore.VersionUnbekannt,
		betrieb.SpeichereAlsAdmin{Daten: g.Daten, Heute: time.Now()}, seed.Akteur); err != nil {
		t.Fatal(err)
	}
	// measuring points under the plants of both organisations, named with their markers (the
	// worklist shows them with their plant's and operation's names)
	var alleMessstellen []string
	for key, nr := range map[string]string{"K2": "0711100109", "T2": "0711110109"} {
		id := messstelleAngelegt(t, w, objektnamen[key], nr, "NR_9", "MARKE-"+key+"-MESSSTELLE")
		alleMessstellen = append(alleMessstellen, fmt.Sprint(id))
	}
	nachholen(arbeitsliste.Projection, lesemodelle.Nachrichten(), lesemodelle.Aufgaben(), audit.Projection)

	// the calls of every walked route
	tabelle := listenRouten()
	var alleBetriebe, alleAnlagen []string
	for _, q := range []struct {
		tab string
		out *[]string
	}{{"betrieb", &alleBetriebe}, {"anlage", &alleAnlagen}} {
		rows, err := pool.Query(ctx, `SELECT id::text FROM `+q.tab+` ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		if *q.out, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			t.Fatal(err)
		}
	}
	objekte := map[string][]string{"betrieb": {fmt.Sprint(ids["K1"]), fmt.Sprint(ids["T1"]), fmt.Sprint(ids["G1"])},
		"anlage": {fmt.Sprint(ids["K2"]), fmt.Sprint(ids["T2"])}, "messstelle": {fmt.Sprint(ids["K3"]), fmt.Sprint(ids["T3"])}}
	// the demo's Bescheide: one of Klärwerk Rheinaue's paper mill, one of Musterhausen
	for _, az := range []string{"32-5/21", "31-2/25"} {
		var id int64
		if err := pool.QueryRow(ctx, `SELECT id FROM bescheid WHERE daten->>'aktenzeichen' = $1`, az).Scan(&id); err != nil {
			t.Fatalf("Bescheid %s: %v", az, err)
		}
		objekte["bescheid"] = append(objekte["bescheid"], fmt.Sprint(id))
	}
	// the demo's reports: the first of each operator (their file tables are empty)
	rows, err := pool.Query(ctx, `SELECT min(j.id)::text FROM jahresbericht j JOIN anlage a ON a.id = j.anlage_id
		JOIN betrieb b ON b.id = a.betrieb_id GROUP BY b.betreiber_id ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	if objekte["jahresbericht"], err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil || len(objekte["jahresbericht"]) < 2 {
		t.Fatalf("the demo's reports: %v %v", objekte["jahresbericht"], err)
	}
	for _, a := range auswertung.Abfragen {
		objekte["abfrage"] = append(objekte["abfrage"], fmt.Sprint(a.ID))
	}
	type aufruf struct {
		route, method, pfad, body string
		fehlt                     bool // a kind without objects in this world: its area has not arrived
	}
	var aufrufe []aufruf
	mux := newAPI(alleBereiche()).routes(nil)
	_ = chi.Walk(mux, func(method, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if method != http.MethodGet && method != http.MethodPost {
			return nil
		}
		if p := strings.TrimSuffix(pattern, "/"); p != "" {
			pattern = p
		}
		route := method + " " + pattern
		lr, ok := tabelle[route]
		if !ok {
			t.Errorf("route not classified for the list walk (listenRouten): %s", route)
			return nil
		}
		if lr.art != artListe && lr.art != artAmObjekt && lr.art != artExport && lr.art != artStammdaten {
			return nil
		}
		vorlagen := lr.aufrufe
		if vorlagen == nil {
			vorlagen = []string{pattern}
		}
		for _, v := range vorlagen {
			v = strings.NewReplacer("{alleBetriebe}", strings.Join(alleBetriebe, ","), "{alleAnlagen}", strings.Join(alleAnlagen, ","),
				"{alleMessstellen}", strings.Join(alleMessstellen, ","),
				"{alleAnforderungen}", strings.Join(alleAnforderungen, ","), "{alleAuflagen}", strings.Join(alleAuflagen, ",")).Replace(v)
			pfad, body, _ := strings.Cut(v, " ")
			werte, platz, fehlt := []string{""}, "", false
			switch {
			case strings.Contains(pfad, "{betrieb}"):
				werte, platz = objekte["betrieb"], "{betrieb}"
			case strings.Contains(pfad, "{id}"):
				werte, platz = objekte[lr.objekt], "{id}"
				if werte == nil {
					werte, fehlt = []string{"1"}, true
				}
			}
			for _, x := range werte {
				p := pfad
				if platz != "" {
					p = strings.Replace(pfad, platz, x, 1)
				}
				aufrufe = append(aufrufe, aufruf{route, method, p, body, fehlt})
			}
		}
		return nil
	})
	if t.Failed() {
		return
	}

	gesehen := map[string]map[string]bool{} // account → names and markers seen
	routeZeigt := map[string]bool{}         // route → showed an object's row
	fehler := 0
	for _, k := range namen {
		gesehen[k] = map[string]bool{}
		for _, c := range aufrufe {
			var body any
			if c.body != "" {
				body = c.body
			}
			a := w.send(t, c.method, c.pfad, body, tok[k])
			if a.Code >= 500 && c.pfad != "/api/health" {
				t.Errorf("%s %s as %s: %d %s", c.method, c.pfad, k, a.Code, a.Body.String())
				continue
			}
			if c.fehlt && a.Code != 404 {
				t.Errorf("%s %s as %s: %d — the area has arrived: put its objects (with markers) into this walk's world", c.method, c.pfad, k, a.Code)
			}
			if a.Code != 200 {
				continue
			}
			text := antworttext(t, a)
			for klasse, woerter := range verboten {
				for _, wort := range woerter {
					if !strings.Contains(text, wort) {
						continue
					}
					if !slices.Contains(sicht[k], klasse) {
						if fehler++; fehler <= 30 {
							t.Errorf("%s %s as %s shows %q of an object outside his visibility", c.method, c.pfad, k, wort)
						}
						continue
					}
					routeZeigt[c.route] = true
				}
			}
			for key := range ids {
				for _, m := range []string{objektnamen[key], "MARKE-" + key + "-DATEI", "MARKE-" + key + "-WV-"} {
					if strings.Contains(text, m) {
						gesehen[k][m] = true
					}
				}
			}
		}
	}
	if fehler > 30 {
		t.Errorf("… %d findings in all", fehler)
	}
	// a count counts what its list shows
	for _, k := range namen {
		var liste []struct{ Gelesen bool }
		var anzahl struct{ Count int }
		if a := w.send(t, "GET", "/api/nachricht", nil, tok[k]); a.Code == 200 {
			a.decode(t, &liste)
			w.send(t, "GET", "/api/nachricht/count", nil, tok[k]).decode(t, &anzahl)
			ungelesen := 0
			for _, n := range liste {
				if !n.Gelesen {
					ungelesen++
				}
			}
			if ungelesen != anzahl.Count {
				t.Errorf("%s: %d unread messages listed, the count says %d", k, ungelesen, anzahl.Count)
			}
		}
	}
	// nothing passed on empty lists: every account saw every object it may see, its files and
	// (who may read reminders) its reminders; every list of objects' rows showed some
	for _, k := range namen {
		for key := range ids {
			if !slices.Contains(sicht[k], key[:1]) {
				continue
			}
			want := []string{objektnamen[key], "MARKE-" + key + "-DATEI"}
			if berechtigung.Darf([]string{strings.ToUpper(strings.TrimSuffix(k, "2"))}, berechtigung.WiedervorlagenLesen) {
				want = append(want, "MARKE-"+key+"-WV-")
			}
			for _, m := range want {
				if !gesehen[k][m] {
					t.Errorf("%s never saw %q of %s, which he may see", k, m, key)
				}
			}
		}
	}
	for route, lr := range tabelle {
		if lr.zeilen && !routeZeigt[route] {
			t.Errorf("%s showed no object's row to any account: the walk proves nothing for it", route)
		}
	}
	t.Logf("%d calls per account, %d accounts", len(aufrufe), len(namen))
}
