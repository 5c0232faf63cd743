package httpapi

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
)

type wlEintrag map[string]any

func (e wlEintrag) id() string { return fmt.Sprint(int64(e["id"].(float64))) }

func (w *kontoWelt) liste(t testing.TB, pfad, token string) []wlEintrag {
	t.Helper()
	a := w.send(t, "GET", pfad, nil, token)
	if a.Code != 200 {
		t.Fatalf("GET %s: %d %s", pfad, a.Code, a.Body.String())
	}
	var out []wlEintrag
	if err := json.Unmarshal(a.Body.Bytes(), &out); err != nil {
		t.Fatalf("GET %s: %v: %s", pfad, err, a.Body.String())
	}
	return out
}

func finde(es []wlEintrag, wert string) wlEintrag {
	for _, e := range es {
		if e["value"] == wert {
			return e
		}
	}
	return nil
}

func TestWertelisten_EveryListAndLookupIsServedAtItsPath(t *testing.T) {
	w := newKontoWelt(t, "")
	betreiber := w.login(t, "betreiber", seed.DemoPasswort)
	for _, def := range werteliste.Listen {
		for _, pfad := range []string{"/api/" + def.Name + "/", "/api/" + def.Name} {
			es := w.liste(t, pfad, betreiber)
			if len(es) == 0 {
				t.Errorf("%s: empty", pfad)
				continue
			}
			for _, e := range es {
				if _, ok := e["id"].(float64); !ok || e["value"] == "" || e["value"] == nil {
					t.Errorf("%s: entry %v", pfad, e)
				}
				if _, ok := e["schluessel"]; ok != def.Aufzaehlung() {
					t.Errorf("%s: schluessel in %v", pfad, e)
				}
				for _, x := range def.Extras {
					if _, ok := e[x.Name]; !ok {
						t.Errorf("%s: %v lacks %s", pfad, e, x.Name)
					}
				}
			}
		}
		if def.Aufzaehlung() {
			es := w.liste(t, "/api/"+def.Name, betreiber)
			for i, e := range es {
				if e["schluessel"] != def.Schluessel[i] {
					t.Errorf("%s: %v at %d, want %s", def.Name, e["schluessel"], i, def.Schluessel[i])
				}
			}
		}
	}
	// anrede and titel serve the registration without login; every other list needs one
	for _, l := range []string{"anrede", "titel"} {
		if a := w.send(t, "GET", "/api/"+l+"/", nil, ""); a.Code != 200 {
			t.Errorf("anonymous %s: %d", l, a.Code)
		}
	}
	wantFehler(t, w.send(t, "GET", "/api/betriebstyp/", nil, ""), 401, textNichtAngemeldet)
	wantFehler(t, w.send(t, "GET", "/api/wertelisten", nil, ""), 401, textNichtAngemeldet)

	var katalog []map[string]any
	_ = json.Unmarshal(w.send(t, "GET", "/api/wertelisten", nil, betreiber).Body.Bytes(), &katalog)
	if len(katalog) != len(werteliste.Listen) || katalog[0]["liste"] != "anrede" || katalog[0]["bezeichnung"] != "Anrede" {
		t.Fatalf("catalogue: %v", katalog)
	}

	anreden := w.liste(t, "/api/anrede", "")
	var werte []string
	for _, e := range anreden {
		werte = append(werte, e["value"].(string))
	}
	if !slices.Equal(werte, []string{"Divers", "Frau", "Herr", "Keine Angabe"}) {
		t.Fatalf("anrede = %v", werte)
	}
}

func TestWertelisten_MessstellentypNR1toNR30InNumericOrderWithTheSpecLabels(t *testing.T) {
	w := newKontoWelt(t, "")
	es := w.liste(t, "/api/messstellentyp/", w.login(t, "zust_sbd", seed.DemoPasswort))
	want := map[string]string{"NR_1": "Zulauf", "NR_2": "Notablauf Vorklärung", "NR_3": "Ablauf Vorklärung",
		"NR_4": "Zulauf 1. Biol. Stufe", "NR_5": "Zulauf 2. Biol. Stufe", "NR_6": "Ablauf Kühlwasser", "NR_7": "Ablauf Nachklärung",
		"NR_8": "Einleitungsstelle", "NR_9": "Endkontrollmessstelle", "NR_13": "Sonstige", "NR_14": "Einleitstelle Mischwasseranlage",
		"NR_15": "Einleitstelle Niederschlagswasseranlage", "NR_20": "Sonde Becken", "NR_21": "Sonde Beckenüberlauf",
		"NR_22": "Sonde Klärüberlauf", "NR_23": "Sonde Ablauf", "NR_24": "Sonde Pumpwerk", "NR_25": "Einleitstelle Beckenüberlauf",
		"NR_26": "Einleitstelle Bodenfilter", "NR_27": "Einleitstelle Grundwasser", "NR_28": "Einleitstelle Klärüberlauf",
		"NR_29": "Einleitstelle Notentlastung", "NR_30": "Einleitstelle Regenrückhaltebecken"}
	var nummern []string
	for _, e := range es {
		s := e["schluessel"].(string)
		nummern = append(nummern, strings.TrimPrefix(s, "NR_"))
		if l, ok := want[s]; ok && e["value"] != l {
			t.Errorf("%s = %q, want %q", s, e["value"], l)
		}
	}
	// 16 to 19 are not used
	if got := strings.Join(nummern, ","); got != "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,20,21,22,23,24,25,26,27,28,29,30" {
		t.Fatalf("order %s", got)
	}
	for _, l := range []struct{ pfad, schluessel, wert string }{{"/api/betriebsstatus", "STILLGELEGT", "stillgelegt"},
		{"/api/betriebstyp", "KANAL_INDUSTRIE", "Kanalnetz industriell"}, {"/api/anlagentyp", "ABWASSERBEHANDLUNG", "Abwasserbehandlungsanlage"}} {
		found := false
		for _, e := range w.liste(t, l.pfad, w.login(t, "leser_organisation", seed.DemoPasswort)) {
			found = found || (e["schluessel"] == l.schluessel && e["value"] == l.wert)
		}
		if !found {
			t.Errorf("%s lacks %s %q", l.pfad, l.schluessel, l.wert)
		}
	}
}

func TestWertelisten_CreateEditStaleEditDelete(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)

	a := w.send(t, "POST", "/api/kanalsystem/", map[string]any{"value": " Druckentwässerung "}, admin)
	if a.Code != 201 || a.Header().Get("X-Event-Position") == "" {
		t.Fatalf("create: %d %s", a.Code, a.Body.String())
	}
	neu := wlEintrag(a.json(t))
	if neu["value"] != "Druckentwässerung" || neu["version"] != float64(1) {
		t.Fatalf("created %v", neu)
	}
	if finde(w.liste(t, "/api/kanalsystem", admin), "Druckentwässerung") == nil {
		t.Fatal("new entry not listed")
	}
	m := wantFehler(t, w.send(t, "POST", "/api/kanalsystem", map[string]any{"value": "druckENTWÄSSERUNG"}, admin), 400,
		"Dieser Wert ist in der Werteliste bereits vorhanden.")
	if m["validationErrors"].(map[string]any)["value"] != "Dieser Wert ist in der Werteliste bereits vorhanden." {
		t.Fatalf("validationErrors %v", m)
	}
	wantFehler(t, w.send(t, "POST", "/api/kanalsystem", map[string]any{"value": "  "}, admin), 400, "Dieses Feld ist ein Pflichtfeld.")
	wantFehler(t, w.send(t, "POST", "/api/kanalsystem", map[string]any{}, admin), 400, "Dieses Feld ist ein Pflichtfeld.")

	pfad := "/api/kanalsystem/" + neu.id()
	a = w.send(t, "PUT", pfad, map[string]any{"value": "Druckentwässerung (Pumpen)", "version": 1}, admin)
	if a.Code != 200 || a.json(t)["value"] != "Druckentwässerung (Pumpen)" || a.json(t)["version"] != float64(2) {
		t.Fatalf("edit: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "PUT", pfad+"/", map[string]any{"value": "Unterdruckentwässerung", "version": 1}, admin), 409,
		eventstore.ErrConflict.Error())
	wantFehler(t, w.send(t, "PUT", pfad, map[string]any{"value": "Mischsystem"}, admin), 400,
		"Dieser Wert ist in der Werteliste bereits vorhanden.")
	wantFehler(t, w.send(t, "PUT", "/api/anrede/"+neu.id(), map[string]any{"value": "x"}, admin), 404, "Das angeforderte Objekt existiert nicht.")
	wantFehler(t, w.send(t, "PUT", "/api/kanalsystem/abc", map[string]any{"value": "x"}, admin), 404, "Das angeforderte Objekt existiert nicht.")

	wantFehler(t, w.send(t, "DELETE", pfad+"?version=1", nil, admin), 409, eventstore.ErrConflict.Error())
	a = w.send(t, "DELETE", pfad, nil, admin)
	if a.Code != 200 || a.json(t)["message"] != "Gelöscht" {
		t.Fatalf("delete: %d %s", a.Code, a.Body.String())
	}
	if finde(w.liste(t, "/api/kanalsystem/", admin), "Druckentwässerung (Pumpen)") != nil {
		t.Fatal("deleted entry still listed")
	}
	wantFehler(t, w.send(t, "DELETE", pfad, nil, admin), 404, "Das angeforderte Objekt existiert nicht.")

	// fixed enumerations are not edited through the API
	if a := w.send(t, "POST", "/api/betriebstyp", map[string]any{"value": "Sonstiges"}, admin); a.Code != 405 {
		t.Fatalf("POST enumeration: %d", a.Code)
	}
}

func TestWertelisten_ExtraColumns(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)

	vorlagen := w.liste(t, "/api/selbstueberwachungVorlage", admin)
	jahr := finde(vorlagen, "Jahreswert")
	if jahr == nil || jahr["datumsformat"] != "JJJJ" || jahr["maxZeilenAnzahl"] != "1" || jahr["wert"] != true || jahr["uhrzeit"] != false {
		t.Fatalf("seeded template %v", jahr)
	}
	a := w.send(t, "POST", "/api/selbstueberwachungVorlage/", map[string]any{"value": "Halbstundenwerte", "datumsformat": "TT.MM.JJJJ",
		"maxZeilenAnzahl": "48", "uhrzeit": true, "abfluss": true}, admin)
	if a.Code != 201 {
		t.Fatalf("create template: %d %s", a.Code, a.Body.String())
	}
	v := wlEintrag(a.json(t))
	if v["uhrzeit"] != true || v["abfluss"] != true || v["wert"] != false || v["datumsformat"] != "TT.MM.JJJJ" {
		t.Fatalf("template %v", v)
	}
	// a PUT that leaves columns out keeps them
	a = w.send(t, "PUT", "/api/selbstueberwachungVorlage/"+v.id(), map[string]any{"value": "Halbstundenwerte", "konzentration": true}, admin)
	if got := a.json(t); a.Code != 200 || got["uhrzeit"] != true || got["konzentration"] != true {
		t.Fatalf("edit template: %d %s", a.Code, a.Body.String())
	}
	m := wantFehler(t, w.send(t, "POST", "/api/selbstueberwachungVorlage/", map[string]any{"value": "Kaputt", "datumsformat": "DD-MM"}, admin),
		400, "Ungueltiges Datumsformat")
	if m["validationErrors"].(map[string]any)["datumsformat"] != "Ungueltiges Datumsformat" {
		t.Fatalf("validationErrors %v", m)
	}

	systeme := w.liste(t, "/api/entlastungssystem", admin)
	misch, trenn := finde(systeme, "Mischsystem"), finde(systeme, "Trennsystem")
	rkb := finde(w.liste(t, "/api/entlastungstyp", admin), "Regenklärbecken")
	if fmt.Sprint(rkb["entlastungssysteme"]) != fmt.Sprint([]any{trenn["id"]}) {
		t.Fatalf("seeded entlastungstyp %v (systems %v)", rkb, systeme)
	}
	a = w.send(t, "POST", "/api/entlastungstyp", map[string]any{"value": "Versickerungsbecken",
		"entlastungssysteme": []any{trenn["id"], map[string]any{"id": misch["id"]}}}, admin)
	if a.Code != 201 || len(a.json(t)["entlastungssysteme"].([]any)) != 2 {
		t.Fatalf("create entlastungstyp: %d %s", a.Code, a.Body.String())
	}
	wantFehler(t, w.send(t, "POST", "/api/entlastungstyp", map[string]any{"value": "Sickerschacht", "entlastungssysteme": []int{999999}}, admin),
		400, "Der gewählte Eintrag existiert nicht.")
	nurTrenn := w.liste(t, "/api/entlastungstyp?entlastungssystem="+wlEintrag(trenn).id(), admin)
	if finde(nurTrenn, "Regenklärbecken") == nil || finde(nurTrenn, "Regenüberlaufbecken") != nil {
		t.Fatalf("filtered by system: %v", nurTrenn)
	}

	qualitaet := finde(w.liste(t, "/api/bescheidqualitaet", admin), "Erklärung nach § 4 Abs. 5 AbwAG")
	arten := w.liste(t, "/api/bescheidart?bescheidQualitaet="+qualitaet.id(), admin)
	if len(arten) != 1 || arten[0]["value"] != "Erklärung eines niedrigeren Überwachungswertes" {
		t.Fatalf("bescheidart for %v: %v", qualitaet, arten)
	}
	// plant states by all three filters of spec 000 §7 (identifiers or ids)
	status := func(q string) []string {
		var out []string
		for _, e := range w.liste(t, "/api/anlagenstatus?"+q, admin) {
			out = append(out, fmt.Sprint(e["schluessel"]))
		}
		return out
	}
	if got := status("anlagenTypId=ABWASSERBEHANDLUNG&anlagenArtId=KLEINKLAERANLAGE&betriebTypId=KOMMUNAL"); fmt.Sprint(got) != "[GEPLANT IN_BETRIEB STILLGELEGT ANGESCHLOSSEN_AN]" {
		t.Fatalf("municipal small sewage works: %v", got)
	}
	for _, q := range []string{"anlagenTypId=ENTLASTUNG", "anlagenArtId=ABWASSERVORBEHANDLUNG", "betriebTypId=INDUSTRIE"} {
		if got := status(q); fmt.Sprint(got) != "[GEPLANT IN_BETRIEB STILLGELEGT]" {
			t.Fatalf("%s: %v", q, got)
		}
	}
	if treffer := w.liste(t, "/api/anhang-abwv?q=KOMMUNALES", admin); len(treffer) != 1 {
		t.Fatalf("search: %v", treffer)
	}
}

func TestWertelisten_ReferencedEntriesCannotBeDeleted(t *testing.T) {
	w := newKontoWelt(t, "")
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	const referenziert = "Der Wertelisteneintrag wird von anderen Objekten referenziert und kann deshalb nicht gelöscht werden"

	misch := finde(w.liste(t, "/api/entlastungssystem", admin), "Mischsystem")
	wantFehler(t, w.send(t, "DELETE", "/api/entlastungssystem/"+misch.id(), nil, admin), 409, referenziert)
	frau := finde(w.liste(t, "/api/anrede", admin), "Frau") // the Anrede of the demo accounts
	wantFehler(t, w.send(t, "DELETE", "/api/anrede/"+frau.id(), nil, admin), 409, referenziert)
	sgd := finde(w.liste(t, "/api/behoerde", admin), "Struktur- und Genehmigungsdirektion Nord (SGD Nord)") // of the Regionalstellen
	wantFehler(t, w.send(t, "DELETE", "/api/behoerde/"+sgd.id(), nil, admin), 409, referenziert)

	koblenz := finde(w.liste(t, "/api/regionalstelle", admin), seed.Regionalstelle) // the behoerde of the demo authority accounts
	wantFehler(t, w.send(t, "DELETE", "/api/regionalstelle/"+koblenz.id(), nil, admin), 409, referenziert)

	divers := finde(w.liste(t, "/api/anrede", admin), "Divers")
	if a := w.send(t, "DELETE", "/api/anrede/"+divers.id(), nil, admin); a.Code != 200 {
		t.Fatalf("delete unused Anrede: %d %s", a.Code, a.Body.String())
	}
	if finde(w.liste(t, "/api/anrede", admin), "Frau") == nil {
		t.Fatal("referenced entry gone")
	}
}

func TestWertelisten_OnlySystemadminWritesEveryoneLoggedInReads(t *testing.T) {
	w := newKontoWelt(t, "")
	fach := w.login(t, "fachadmin", seed.DemoPasswort)
	eintrag := w.liste(t, "/api/kuehlart", fach)[0]
	const verboten = "Sie sind nicht berechtigt, diese Aktion auszuführen."
	wantFehler(t, w.send(t, "POST", "/api/kuehlart", map[string]any{"value": "Hybridkühlung"}, fach), 403, verboten)
	wantFehler(t, w.send(t, "PUT", "/api/kuehlart/"+eintrag.id(), map[string]any{"value": "x"}, fach), 403, verboten)
	wantFehler(t, w.send(t, "DELETE", "/api/kuehlart/"+eintrag.id(), nil, fach), 403, verboten)
	wantFehler(t, w.send(t, "POST", "/api/kuehlart", map[string]any{"value": "Hybridkühlung"}, ""), 401, textNichtAngemeldet)
	wantFehler(t, w.send(t, "POST", "/api/anrede", map[string]any{"value": "Mx"}, ""), 401, textNichtAngemeldet)
	for _, name := range []string{"fachadmin", "leser_behoerde", "beauftragter"} {
		if len(w.liste(t, "/api/kuehlart/", w.login(t, name, seed.DemoPasswort))) == 0 {
			t.Errorf("%s reads nothing", name)
		}
	}
	if a := w.send(t, "POST", "/api/kuehlart", map[string]any{"value": "Hybridkühlung"}, w.login(t, "systemadmin", seed.DemoPasswort)); a.Code != 201 {
		t.Fatalf("systemadmin: %d %s", a.Code, a.Body.String())
	}
}

// The lookups of the Bescheid (spec 001 §7, issue 30): the enumerations and the four lists of
// an Anforderung, each filter by identifier and by id.
func TestWertelisten_BescheidLookupsAndTheirFilters(t *testing.T) {
	w := newKontoWelt(t, "")
	token := w.login(t, "zust_sbd", seed.DemoPasswort)
	werte := func(pfad, spalte string) []string {
		var out []string
		for _, e := range w.liste(t, pfad, token) {
			out = append(out, fmt.Sprint(e[spalte]))
		}
		return out
	}
	for _, c := range []struct{ pfad, want string }{
		{"/api/bescheidstatus", "[ANGELEGT:Angelegt BEANTRAGT:Beantragt IN_BEARBEITUNG:In Bearbeitung FREIGEGEBEN:Freigegeben]"},
		{"/api/anforderungart/", "[BEHOERDLICHE_FESTLEGUNG:Behördliche Festlegung SELBSTUEBERWACHUNGSAUFLAGE:Selbstüberwachungsauflage]"},
		{"/api/parameterart", "[KONZENTRATION:Konzentration FRACHT:Fracht MENGE:Menge ERGAENZEND:ergänzender Parameter]"},
	} {
		var got []string
		for _, e := range w.liste(t, c.pfad, token) {
			got = append(got, fmt.Sprint(e["schluessel"], ":", e["value"]))
		}
		if fmt.Sprint(got) != c.want {
			t.Errorf("%s = %v, want %s", c.pfad, got, c.want)
		}
	}
	arten := map[string]string{}
	for _, e := range w.liste(t, "/api/parameterart", token) {
		arten[e["schluessel"].(string)] = e.id()
	}
	typen := map[string]string{}
	for _, e := range w.liste(t, "/api/betriebstyp", token) {
		typen[e["schluessel"].(string)] = e.id()
	}

	// parameters: value "Nr Name", the extras, filtered by operation type and parameter kind
	alle := w.liste(t, "/api/anforderungsparameter/", token)
	csb := finde(alle, "301 CSB")
	if csb == nil || csb["parameterNr"] != "301" || csb["parameterName"] != "CSB" ||
		fmt.Sprint(csb["parameterArten"]) != fmt.Sprint([]any{jsonZahl(arten["KONZENTRATION"]), jsonZahl(arten["FRACHT"])}) ||
		fmt.Sprint(csb["betriebstypen"]) != "[]" {
		t.Fatalf("CSB %v (kinds %v)", csb, arten)
	}
	if len(alle) != 20 {
		t.Errorf("%d parameters: %v", len(alle), alle)
	}
	kommunal := werte("/api/anforderungsparameter?betriebstyp=KOMMUNAL", "parameterNr")
	if fmt.Sprint(kommunal) != "[101 102 103 104 301 302 303 401 403 404]" {
		t.Errorf("municipal parameters %v", kommunal)
	}
	if got := werte("/api/anforderungsparameter?betriebstyp="+typen["INDUSTRIE"], "parameterNr"); len(got) != 20 {
		t.Errorf("industrial parameters (by id) %v", got)
	}
	if got := werte("/api/anforderungsparameter?anforderungsparameterart=MENGE", "value"); fmt.Sprint(got) != "[101 Abwassermenge]" {
		t.Errorf("quantity parameters %v", got)
	}
	if got := werte("/api/anforderungsparameter?betriebstyp=KOMMUNAL&anforderungsparameterart=ERGAENZEND", "value"); fmt.Sprint(got) != "[102 Temperatur 103 pH-Wert 104 Abfiltrierbare Stoffe]" {
		t.Errorf("municipal supplementary parameters %v", got)
	}
	if got := werte("/api/anforderungsparameter?anforderungsparameterart="+arten["FRACHT"]+"&betriebstyp=INDUSTRIE&q=cs", "value"); fmt.Sprint(got) != "[301 CSB]" {
		t.Errorf("search among industrial loads %v", got)
	}

	// units, sampling by operation type and parameter kind; frequencies by operation type
	if got := werte("/api/anforderung-einheit?parameterArt=FRACHT", "value"); fmt.Sprint(got) != "[kg/a kg/d]" {
		t.Errorf("load units %v", got)
	}
	if got := werte("/api/anforderung-einheit?parameterArt=MENGE&betriebstyp=KOMMUNAL", "value"); fmt.Sprint(got) != "[l/s m³/a m³/d m³/h]" {
		t.Errorf("quantity units %v", got)
	}
	if got := werte("/api/anforderung-einheit/", "value"); len(got) != 10 {
		t.Errorf("units %v", got)
	}
	if got := werte("/api/anforderung-probenahme?betriebstyp=KOMMUNAL&parameterArt=KONZENTRATION", "value"); fmt.Sprint(got) != "[2-h-Mischprobe kontinuierliche Messung qualifizierte Stichprobe Stichprobe]" {
		t.Errorf("municipal sampling %v", got)
	}
	if got := werte("/api/anforderung-probenahme?betriebstyp=INDUSTRIE&parameterArt=FRACHT", "value"); fmt.Sprint(got) != "[2-h-Mischprobe 24-h-Mischprobe kontinuierliche Messung]" {
		t.Errorf("industrial load sampling %v", got)
	}
	if got := werte("/api/anforderung-haeufigkeit?betriebstyp=KOMMUNAL", "value"); fmt.Sprint(got) != "[14-täglich halbjährlich jährlich monatlich täglich vierteljährlich wöchentlich]" {
		t.Errorf("municipal frequencies %v", got)
	}
	if got := werte("/api/anforderung-haeufigkeit?betriebstyp=KANAL_INDUSTRIE", "value"); len(got) != 8 || !slices.Contains(got, "je Charge") {
		t.Errorf("industrial frequencies %v", got)
	}
	// an unknown identifier leaves the entries that apply to every operation type
	if got := werte("/api/anforderung-haeufigkeit?betriebstyp=GIBTESNICHT", "value"); len(got) != 7 {
		t.Errorf("unknown operation type %v", got)
	}

	// the enumerations are read-only; a parameter needs its number and name
	admin := w.login(t, "systemadmin", seed.DemoPasswort)
	if a := w.send(t, "POST", "/api/parameterart", map[string]any{"value": "Sonstiges"}, admin); a.Code != 405 {
		t.Fatalf("POST enumeration: %d", a.Code)
	}
	wantFehler(t, w.send(t, "POST", "/api/anforderungsparameter", map[string]any{"value": "999 Test"}, admin), 400, "Dieses Feld ist ein Pflichtfeld.")
	a := w.send(t, "POST", "/api/anforderungsparameter", map[string]any{"value": "406 Sn", "parameterNr": "406", "parameterName": "Sn",
		"parameterArten": []any{arten["KONZENTRATION"]}, "betriebstypen": []any{typen["INDUSTRIE"]}}, admin)
	if a.Code != 201 {
		t.Fatalf("create parameter: %d %s", a.Code, a.Body.String())
	}
	if got := werte("/api/anforderungsparameter?betriebstyp=INDUSTRIE&anforderungsparameterart=KONZENTRATION", "parameterNr"); !slices.Contains(got, "406") {
		t.Errorf("new parameter not listed: %v", got)
	}
	// enumerations are never deleted
	if a := w.send(t, "DELETE", "/api/parameterart/"+arten["MENGE"], nil, admin); a.Code != 404 { // not routed
		t.Fatalf("DELETE enumeration entry: %d", a.Code)
	}
}

func jsonZahl(id string) float64 {
	var f float64
	_, _ = fmt.Sscan(id, &f)
	return f
}

// The value lists' rows of the permission matrix (TestBerechtigung_EveryRouteTimesEveryRoleAndOrganisation).
var _ = regelnDes("werteliste", func() map[string]regel {
	r := map[string]regel{"GET /api/wertelisten": angemeldet}
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
})

// The werteliste area's rows of the list walk (TestListen_EveryListAndExportShowsOnlyRowsOfObjectsTheCallerSees).
var _ = listenDes("werteliste", map[string]listenRoute{
	"GET /api/wertelisten": {art: artStammdaten},
})
