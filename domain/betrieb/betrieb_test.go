package betrieb

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/ereignis/ereignistest"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

var mit = ereignistest.Mit[Daten]

var given = ereignistest.Gegeben(Evolve)

var (
	heute = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	daten = Daten{Bezeichnung: "Kläranlage Rheinaue", Adresse: Adresse{Strasse: "Am Rhein", Hausnummer: "3", Plz: "56068", Ort: "Koblenz"},
		BetreiberID: 1, RegionalstelleID: 5, Lage: Lage{Hochwert: 5583000.12, Rechtswert: 398000.5}}
	gespeichert    = func() Daten { d := daten; d.Behoerdenkennung, d.Betriebsstatus = "RLP", Geplant; return d }()
	beantragt      = BetriebBeantragt{BetriebsID: "2026-000001", Daten: gespeichert, Betriebstyp: "KOMMUNAL", GueltigAb: "2026-11-01"}
	freigegeben    = []ereignis.DomainEvent{beantragt, BetriebFreigegeben{}}
	antrag         = StammdatenAntrag{Bezeichnung: "Kläranlage Rheinaue-Süd", Adresse: Adresse{Strasse: "Am Rhein", Hausnummer: "3", Plz: "56068", Ort: "Koblenz"}, Kommentar: "Umbenennung"}
	gestelltMitURL = StammdatenAntragGestellt{Antrag: func() StammdatenAntrag {
		a := antrag
		a.GestelltAm, a.URL = "2026-11-20", "https://rheinaue.example"
		return a
	}()}
	gestellt = StammdatenAntragGestellt{Antrag: func() StammdatenAntrag { a := antrag; a.GestelltAm = "2026-11-20"; return a }()}
)

func TestDecide(t *testing.T) {
	umbenannt := mit(gespeichert, func(d *Daten) { d.Bezeichnung = "Kläranlage Rheinaue II" })
	stillgelegt := mit(gespeichert, func(d *Daten) { d.Betriebsstatus = Stillgelegt })
	neuerBetreiber := mit(gespeichert, func(d *Daten) {
		d.BetreiberID = 2
		d.ZustaendigePersonen = []ZustaendigePerson{{AnwenderID: 7, Zustaendig: []string{"Abwasser"}}}
	})
	mitPersonen := mit(gespeichert, func(d *Daten) {
		d.ZustaendigePersonen = []ZustaendigePerson{{AnwenderID: 7, Zustaendig: []string{"Abwasser"}}}
	})
	produktion := mit(gespeichert, func(d *Daten) { d.Produktion.Produktionstage = ereignistest.Zeiger(220) })
	ai := func(ab string) *historie.AuditInfo {
		return &historie.AuditInfo{GueltigAb: ab, Aenderungsgrund: "Umfirmierung"}
	}

	tests := []struct {
		name    string
		given   []ereignis.DomainEvent
		when    Befehl
		then    []ereignis.DomainEvent
		wantErr string
	}{
		{"a request starts BEANTRAGT and GEPLANT with authority code RLP", nil,
			BeantrageBetrieb{BetriebsID: "2026-000001", Daten: daten, Typ: "KOMMUNAL", Heute: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)},
			[]ereignis.DomainEvent{beantragt}, ""},
		{"a likely duplicate stops the request", nil,
			BeantrageBetrieb{Daten: daten, Typ: "KOMMUNAL", Heute: heute, Aehnliche: []string{"Klaeranlage Rheinaue GmbH"}},
			nil, "Es gibt bereits einen Betrieb „Klaeranlage Rheinaue GmbH“ desselben Betreibers oder an derselben Adresse. Bitte prüfen Sie, ob der Betrieb schon erfasst ist."},
		{"a confirmed duplicate is requested", nil,
			BeantrageBetrieb{BetriebsID: "2026-000001", Daten: daten, Typ: "KOMMUNAL", Heute: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC),
				Aehnliche: []string{"Kläranlage Rheinaue"}, DoppelerfassungBestaetigt: true},
			[]ereignis.DomainEvent{beantragt}, ""},
		{"approve", []ereignis.DomainEvent{beantragt}, EntscheideFreigabe{NeuerStatus: Freigegeben, Kommentar: " passt "},
			[]ereignis.DomainEvent{BetriebFreigegeben{Kommentar: "passt"}}, ""},
		{"reject", []ereignis.DomainEvent{beantragt}, EntscheideFreigabe{NeuerStatus: Abgewiesen, Kommentar: "Adresse fehlt"},
			[]ereignis.DomainEvent{BetriebAbgewiesen{Kommentar: "Adresse fehlt"}}, ""},
		{"no second decision", freigegeben, EntscheideFreigabe{NeuerStatus: Abgewiesen}, nil, MsgNichtBeantragt},
		{"a rejection says why", []ereignis.DomainEvent{beantragt}, EntscheideFreigabe{NeuerStatus: Abgewiesen, Kommentar: "  "}, nil, MsgBegruendung},
		{"unknown decision", []ereignis.DomainEvent{beantragt}, EntscheideFreigabe{NeuerStatus: "VIELLEICHT"}, nil, MsgNeuerStatus},
		{"decision on nothing", nil, EntscheideFreigabe{NeuerStatus: Freigegeben}, nil, validierung.NichtGefunden.Error()},
		{"the operator's save of a rejected operation requests it again", []ereignis.DomainEvent{beantragt, BetriebAbgewiesen{}},
			SpeichereAlsBetreiber{Daten: umbenannt}, []ereignis.DomainEvent{FreigabeErneutBeantragt{Daten: umbenannt}}, ""},
		{"a staff save of a rejected operation requests it again", []ereignis.DomainEvent{beantragt, BetriebAbgewiesen{Kommentar: "fehlt"}},
			SpeichereAlsAdmin{Daten: umbenannt, Heute: heute}, []ereignis.DomainEvent{FreigabeErneutBeantragt{Daten: umbenannt}}, ""},
		{"the operator corrects his pending application", []ereignis.DomainEvent{beantragt},
			SpeichereAlsBetreiber{Daten: umbenannt}, []ereignis.DomainEvent{BetriebsdatenGeaendert{Daten: umbenannt}}, ""},
		{"the operator keeps production data of an approved operation himself", freigegeben,
			SpeichereAlsBetreiber{Daten: produktion}, []ereignis.DomainEvent{BetriebsdatenGeaendert{Daten: produktion}}, ""},
		{"master data of an approved operation only through an application", freigegeben,
			SpeichereAlsBetreiber{Daten: umbenannt}, nil, MsgNurAntrag},
		{"the operator cannot set the status", freigegeben, SpeichereAlsBetreiber{Daten: stillgelegt}, nil, ""},
		{"admin: a historised change without audit entry is MISSING", freigegeben,
			SpeichereAlsAdmin{Daten: umbenannt, Heute: heute}, nil, historie.MsgFehlt},
		{"admin: historised change with audit entry opens a version", freigegeben,
			SpeichereAlsAdmin{Daten: umbenannt, Heute: heute, AuditInfo: ai("2026-11-10")},
			[]ereignis.DomainEvent{BetriebGeaendert{Daten: umbenannt, GueltigAb: "2026-11-10", Aenderungsgrund: "Umfirmierung"}}, ""},
		{"admin: before the latest version is SUCCEEDING_PRESENT", freigegeben,
			SpeichereAlsAdmin{Daten: umbenannt, Heute: heute, AuditInfo: ai("2026-10-01")}, nil, historie.MsgRueckwirkend},
		{"admin: the same day needs the overwrite confirmation", freigegeben,
			SpeichereAlsAdmin{Daten: umbenannt, Heute: heute, AuditInfo: ai("2026-11-01")}, nil, historie.MsgGleicherTag},
		{"admin: confirmed overwrite replaces the version", freigegeben,
			SpeichereAlsAdmin{Daten: umbenannt, Heute: heute, AuditInfo: &historie.AuditInfo{GueltigAb: "2026-11-01", Ueberschreiben: true}},
			[]ereignis.DomainEvent{BetriebGeaendert{Daten: umbenannt, GueltigAb: "2026-11-01", Ersetzt: true}}, ""},
		{"admin: not in the future", freigegeben,
			SpeichereAlsAdmin{Daten: umbenannt, Heute: heute, AuditInfo: ai("2026-11-22")}, nil, "'Gültig ab' darf nicht in der Zukunft liegen."},
		{"admin: a shut-down without date is STILLLEGEN", freigegeben,
			SpeichereAlsAdmin{Daten: stillgelegt, Heute: heute}, nil, MsgStilllegung},
		{"admin: a dated shut-down tells the plants", freigegeben,
			SpeichereAlsAdmin{Daten: stillgelegt, Heute: heute, AuditInfo: ai("2026-11-15")},
			[]ereignis.DomainEvent{BetriebGeaendert{Daten: stillgelegt, GueltigAb: "2026-11-15", Aenderungsgrund: "Umfirmierung"},
				BetriebStillgelegt{Datum: "2026-11-15"}}, ""},
		// issue 32: the municipal treatment plants other operations discharge into need their replacement
		{"admin: a shut-down needs the replacements of its treatment plants", freigegeben,
			SpeichereAlsAdmin{Daten: stillgelegt, Heute: heute, AuditInfo: ai("2026-11-15"), ZuErsetzen: []int64{5, 6}, Ersatz: map[int64]int64{5: 77}},
			nil, MsgErsatzFehlt},
		{"admin: with them the plants know where the wastewater goes", freigegeben,
			SpeichereAlsAdmin{Daten: stillgelegt, Heute: heute, AuditInfo: ai("2026-11-15"), ZuErsetzen: []int64{5}, Ersatz: map[int64]int64{5: 77, 9: 78}},
			[]ereignis.DomainEvent{BetriebGeaendert{Daten: stillgelegt, GueltigAb: "2026-11-15", Aenderungsgrund: "Umfirmierung"},
				BetriebStillgelegt{Datum: "2026-11-15", Ersatz: map[int64]int64{5: 77}}}, ""},
		{"admin: an operation without dated version asks INITIAL",
			[]ereignis.DomainEvent{BetriebBeantragt{Daten: gespeichert, Betriebstyp: "KOMMUNAL"}, BetriebFreigegeben{}},
			SpeichereAlsAdmin{Daten: umbenannt, Heute: heute}, nil, MsgErstfassung},
		{"admin: other fields replace the current version", freigegeben,
			SpeichereAlsAdmin{Daten: produktion, Heute: heute},
			[]ereignis.DomainEvent{BetriebGeaendert{Daten: produktion, GueltigAb: "2026-11-01", Ersetzt: true}}, ""},
		{"admin: the operator cannot be removed", freigegeben,
			SpeichereAlsAdmin{Daten: mit(gespeichert, func(d *Daten) { d.BetreiberID = 0 }), Heute: heute}, nil, MsgNeuerBetreiber},
		{"admin: an obligee operator needs the keep/delete decision", append(freigegeben, BetriebsdatenGeaendert{Daten: mitPersonen}),
			SpeichereAlsAdmin{Daten: neuerBetreiber, Heute: heute, AuditInfo: ai("2026-11-10"), AltBetreiberPflichtig: true}, nil, MsgBehalten},
		{"admin: deleting the old obligee removes the responsible persons", append(freigegeben, BetriebsdatenGeaendert{Daten: mitPersonen}),
			SpeichereAlsAdmin{Daten: neuerBetreiber, Heute: heute, AuditInfo: ai("2026-11-10"), AltBetreiberPflichtig: true, Behalten: ereignistest.Zeiger(false)},
			[]ereignis.DomainEvent{BetriebGeaendert{Daten: mit(neuerBetreiber, func(d *Daten) { d.ZustaendigePersonen = nil }), GueltigAb: "2026-11-10", Aenderungsgrund: "Umfirmierung"},
				BetreiberGewechselt{AltID: 1, NeuID: 2, Behalten: false}}, ""},
		// issue 42: the previous operator's contacts and persons leave with him, whatever he stays
		{"admin: a change of operator keeping the obligee removes the previous operator's people too",
			append(freigegeben, BetriebsdatenGeaendert{Daten: mit(mitPersonen, func(d *Daten) {
				d.Kontakte = []Kontakt{{Anrede: "Frau", Vorname: "Eva", Name: "Alt", Telefon: "0261-1", Email: "eva@example.org"}}
			})}),
			SpeichereAlsAdmin{Daten: mit(neuerBetreiber, func(d *Daten) {
				d.Kontakte = []Kontakt{{Anrede: "Frau", Vorname: "Eva", Name: "Alt", Telefon: "0261-1", Email: "eva@example.org"}, {Anrede: "Frau", Vorname: "Eva", Name: "Neu", Telefon: "0261-1", Email: "eva@example.org"}}
			}),
				Heute: heute, AuditInfo: ai("2026-11-10"), AltBetreiberPflichtig: true, Behalten: ereignistest.Zeiger(true)},
			[]ereignis.DomainEvent{BetriebGeaendert{Daten: mit(neuerBetreiber, func(d *Daten) {
				d.ZustaendigePersonen, d.Kontakte = nil, []Kontakt{{Anrede: "Frau", Vorname: "Eva", Name: "Neu", Telefon: "0261-1", Email: "eva@example.org"}}
			}),
				GueltigAb: "2026-11-10", Aenderungsgrund: "Umfirmierung"}, BetreiberGewechselt{AltID: 1, NeuID: 2, Behalten: true}}, ""},
		{"admin: an application is corrected without history", []ereignis.DomainEvent{beantragt},
			SpeichereAlsAdmin{Daten: umbenannt, Heute: heute}, []ereignis.DomainEvent{BetriebsdatenGeaendert{Daten: umbenannt}}, ""},
		{"admin: nothing changed, nothing happens", freigegeben, SpeichereAlsAdmin{Daten: gespeichert, Heute: heute}, nil, ""},
		{"an application only for approved operations", []ereignis.DomainEvent{beantragt},
			StelleStammdatenAntrag{Antrag: antrag, Heute: heute}, nil, MsgAntragErstFreigabe},
		{"an application", freigegeben, StelleStammdatenAntrag{Antrag: antrag, Heute: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)},
			[]ereignis.DomainEvent{gestellt}, ""},
		{"one open application at a time", append(freigegeben, gestellt), StelleStammdatenAntrag{Antrag: antrag, Heute: heute}, nil, MsgAntragOffen},
		{"an application must change something", freigegeben, StelleStammdatenAntrag{Antrag: StammdatenAntrag{Bezeichnung: daten.Bezeichnung,
			Adresse: daten.Adresse}, Heute: heute}, nil, MsgAntragOhneAenderung},
		{"accepted fields become a version from today", append(freigegeben, gestellt),
			UebernehmeStammdatenAntrag{Felder: []string{"bezeichnung"}, Heute: heute},
			[]ereignis.DomainEvent{StammdatenAntragUebernommen{Felder: []string{"bezeichnung"}},
				BetriebGeaendert{Daten: mit(gespeichert, func(d *Daten) { d.Bezeichnung = "Kläranlage Rheinaue-Süd" }), GueltigAb: "2026-11-21",
					Aenderungsgrund: "Stammdatenänderungsantrag vom 20.11.2026"}}, ""},
		{"accepting needs a field", append(freigegeben, gestellt), UebernehmeStammdatenAntrag{Heute: heute}, nil, MsgAuswahl},
		{"reject the application", append(freigegeben, gestellt), LehneStammdatenAntragAb{Begruendungen: map[string]string{"bezeichnung": "Umbenennung nicht belegt"}},
			[]ereignis.DomainEvent{StammdatenAntragAbgelehnt{Begruendungen: map[string]string{"bezeichnung": "Umbenennung nicht belegt"}}}, ""},
		{"nothing to reject", freigegeben, LehneStammdatenAntragAb{}, nil, MsgKeinAntrag},
		{"a refused field needs a reason", append(freigegeben, gestelltMitURL),
			UebernehmeStammdatenAntrag{Felder: []string{"bezeichnung"}, Begruendungen: map[string]string{"url": "  "}, Heute: heute}, nil,
			"Bitte begründen Sie, warum „URL“ nicht übernommen wird."},
		{"refused fields keep their reasons", append(freigegeben, gestelltMitURL),
			UebernehmeStammdatenAntrag{Felder: []string{"bezeichnung"}, Begruendungen: map[string]string{"url": " Seite nicht erreichbar ", "ort": "kein Feld des Antrags"}, Heute: heute},
			[]ereignis.DomainEvent{StammdatenAntragUebernommen{Felder: []string{"bezeichnung"}, Begruendungen: map[string]string{"url": "Seite nicht erreichbar"}},
				BetriebGeaendert{Daten: mit(gespeichert, func(d *Daten) { d.Bezeichnung = "Kläranlage Rheinaue-Süd" }), GueltigAb: "2026-11-21",
					Aenderungsgrund: "Stammdatenänderungsantrag vom 20.11.2026"}}, ""},
		{"rejecting all needs a reason per field", append(freigegeben, gestelltMitURL),
			LehneStammdatenAntragAb{Begruendungen: map[string]string{"bezeichnung": "Name bleibt"}}, nil,
			"Bitte begründen Sie, warum „URL“ nicht übernommen wird."},
		{"rejecting all with reasons", append(freigegeben, gestelltMitURL),
			LehneStammdatenAntragAb{Begruendungen: map[string]string{"bezeichnung": "Name bleibt", "url": "falsch"}},
			[]ereignis.DomainEvent{StammdatenAntragAbgelehnt{Begruendungen: map[string]string{"bezeichnung": "Name bleibt", "url": "falsch"}}}, ""},
		{"a merge moves the operator", freigegeben, ZieheBetreiberUm{NeuID: 9, Datum: "2026-11-21"},
			[]ereignis.DomainEvent{BetreiberUmgezogen{AltID: 1, NeuID: 9, Datum: "2026-11-21"}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(given(tt.given...), tt.when)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.then) {
				t.Fatalf("got %#v, %v; want %#v", got, err, tt.then)
			}
		})
	}
}

func TestViolationKinds(t *testing.T) {
	for _, tt := range []struct {
		when Befehl
		art  historie.Verletzung
	}{
		{SpeichereAlsAdmin{Daten: mit(gespeichert, func(d *Daten) { d.Bezeichnung = "X" }), Heute: heute}, historie.Missing},
		{SpeichereAlsAdmin{Daten: mit(gespeichert, func(d *Daten) { d.Betriebsstatus = Stillgelegt }), Heute: heute}, historie.Stilllegen},
		{SpeichereAlsAdmin{Daten: mit(gespeichert, func(d *Daten) { d.Bezeichnung = "X" }), Heute: heute,
			AuditInfo: &historie.AuditInfo{GueltigAb: "2026-11-01"}}, historie.SameDatePresent},
		{SpeichereAlsAdmin{Daten: mit(gespeichert, func(d *Daten) { d.Bezeichnung = "X" }), Heute: heute,
			AuditInfo: &historie.AuditInfo{GueltigAb: "2026-01-01"}}, historie.SucceedingPresent},
	} {
		_, err := Decide(given(freigegeben...), tt.when)
		var v *historie.Verstoss
		if !errors.As(err, &v) || v.Art != tt.art {
			t.Errorf("%v: err = %v, want %s", tt.when, err, tt.art)
		}
	}
}

func TestBeantrage_FieldRules(t *testing.T) {
	d := Daten{Lage: Lage{Hochwert: 100000000, Rechtswert: 1.234},
		Produktion:          Produktion{TagesarbeitszeitVon: "25:00", BezugsjahrProduktion: ereignistest.Zeiger(1800)},
		Wasserversorgung:    Wasserversorgung{Wasserbezug: ereignistest.Zeiger(0.0), Eigenversorgung: ereignistest.Zeiger(1.2345)},
		Kontakte:            []Kontakt{{Anrede: "Herr", Vorname: "Max", Name: "Muster", Email: "kein-mail", Telefon: "0261 123"}},
		ZustaendigePersonen: []ZustaendigePerson{{AnwenderID: 3}}}
	_, err := Decide(Betrieb{}, BeantrageBetrieb{Daten: d, Typ: "UNBEKANNT", Heute: heute})
	var f *validierung.Fehler
	if !errors.As(err, &f) {
		t.Fatal(err)
	}
	want := map[string]string{"bezeichnung": validierung.Pflichtfeld, "betreiber": validierung.Pflichtfeld, "adresse.strasse": validierung.Pflichtfeld, "adresse.plz": validierung.Pflichtfeld,
		"adresse.ort": validierung.Pflichtfeld, "lage.hochwert": MsgKoordinate, "lage.rechtswert": "Es sind höchstens zwei Nachkommastellen erlaubt.",
		"betriebstyp": "Unbekannter Betriebstyp.", "behoerde": validierung.Pflichtfeld, "produktion.tagesarbeitszeitVon": MsgUhrzeit, "produktion.bezugsjahrProduktion": MsgJahr,
		"wasserversorgung.wasserbezug": MsgPositiv, "wasserversorgung.eigenversorgung": MsgWert, "kontakte[0].email": MsgEmail,
		"kontakte[0].telefon": MsgTelefon, "zustaendigePersonen[0].zustaendig": MsgZustaendig}
	if !reflect.DeepEqual(f.Felder, want) {
		t.Fatalf("Felder = %v", f.Felder)
	}
}

func TestAehnlich(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"Kläranlage Rheinaue", "Klaeranlage  Rheinaue GmbH", true},
		{"Kläranlage Rheinaue", "Kläranlage Rheinau", true},
		{"Kläranlage Rheinaue", "Kläranlage Moselufer", false},
		{"Brauerei Müller", "Molkerei Müller", false},
		{"Werk 01 Lützel", "Werk 02 Lützel", false},
		{"", "x", false},
	} {
		if got := Aehnlich(tt.a, tt.b); got != tt.want {
			t.Errorf("Aehnlich(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

func TestState_FollowsTheEvents(t *testing.T) {
	b := given(beantragt, BetriebAbgewiesen{Kommentar: "fehlt"}, FreigabeErneutBeantragt{Daten: beantragt.Daten}, BetriebFreigegeben{Kommentar: "ok"},
		gestellt, StammdatenAntragAbgelehnt{}, BetreiberUmgezogen{AltID: 1, NeuID: 4, Datum: "2026-11-21"})
	if b.Freigabestatus != Freigegeben || b.FreigabeKommentar != "ok" || b.Daten.Betriebsstatus != Geplant || b.Betriebstyp != "KOMMUNAL" ||
		b.Antrag != nil || b.Daten.BetreiberID != 4 || b.LetzterBeginn != "2026-11-01" {
		t.Fatalf("%+v", b)
	}
}

func TestDecode_EveryEventRoundTrips(t *testing.T) {
	for _, e := range []ereignis.DomainEvent{beantragt, BetriebFreigegeben{Kommentar: "k"}, BetriebAbgewiesen{}, FreigabeErneutBeantragt{Daten: gespeichert},
		BetriebsdatenGeaendert{Daten: gespeichert}, BetriebGeaendert{Daten: gespeichert, GueltigAb: "2026-01-01"}, BetreiberGewechselt{AltID: 1, NeuID: 2},
		BetreiberUmgezogen{AltID: 1, NeuID: 2, Datum: "2026-01-01"}, BetriebStillgelegt{Datum: "2026-01-01"}, gestellt,
		StammdatenAntragUebernommen{Felder: []string{"ort"}}, StammdatenAntragAbgelehnt{}} {
		raw, _ := json.Marshal(e)
		got, err := Decode(e.EventType(), raw)
		if err != nil || !reflect.DeepEqual(got, e) {
			t.Errorf("%s: %#v %v", e.EventType(), got, err)
		}
	}
}

func TestUhrzeit_OneDigitHoursArePadded(t *testing.T) {
	for in, want := range map[string]string{"6:00": "06:00", " 06:30 ": "06:30", "23:59": "23:59", "": "", "6": "6"} {
		if got := Uhrzeit(in); got != want {
			t.Errorf("Uhrzeit(%q) = %q, want %q", in, got, want)
		}
	}
	d := gespeichert
	d.Produktion.TagesarbeitszeitVon = "6:00"
	var s validierung.Sammler
	if got := pruefeMit(&s, d); s.Err() != nil || got.Produktion.TagesarbeitszeitVon != "06:00" {
		t.Fatalf("%v %q", s.Err(), got.Produktion.TagesarbeitszeitVon)
	}
}

func TestAntragssicht_ShowsRequestedAdoptedAndRefusedFieldsWithReasons(t *testing.T) {
	// given an approved operation with an open application that renames it and sets a URL
	vorher := given(append(freigegeben, gestelltMitURL)...)
	// when staff adopt the name and refuse the URL with a reason
	sicht := Antragssicht(vorher, StammdatenAntragUebernommen{Felder: []string{"bezeichnung"}, Begruendungen: map[string]string{"url": "nicht erreichbar"}})
	// then the Verlauf shows both fields, by their form labels, with their fate
	want := &historie.Antrag{GestelltAm: "20.11.2026", Kommentar: "Umbenennung", Felder: []historie.Antragsfeld{
		{Feld: "bezeichnung", Bezeichnung: "Bezeichnung", Bisher: gespeichert.Bezeichnung, Beantragt: "Kläranlage Rheinaue-Süd", Entscheidung: historie.Uebernommen},
		{Feld: "url", Bezeichnung: "URL", Bisher: "", Beantragt: "https://rheinaue.example", Entscheidung: historie.Abgelehnt, Grund: "nicht erreichbar"},
	}}
	if got := sicht; !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	// and the application itself lists the same fields as open
	if g := Antragssicht(given(freigegeben...), gestelltMitURL); len(g.Felder) != 2 || g.Felder[1].Entscheidung != historie.Offen {
		t.Fatalf("gestellt: %+v", g)
	}
	if Antragssicht(vorher, BetriebFreigegeben{}) != nil {
		t.Fatal("other events show no application")
	}
}

// The previous operators (issue 42): who leaves joins them, who returns leaves them, a merge's
// destination is none.
func TestEvolve_VorbetreiberFollowTheChangesOfOperator(t *testing.T) {
	var b Betrieb
	for _, e := range []ereignis.DomainEvent{BetriebBeantragt{Daten: Daten{BetreiberID: 1}}, BetreiberGewechselt{AltID: 1, NeuID: 2},
		BetreiberGewechselt{AltID: 2, NeuID: 3}} {
		b = Evolve(b, e)
	}
	if !slices.Equal(b.Vorbetreiber, []int64{1, 2}) {
		t.Fatalf("after two changes: %v", b.Vorbetreiber)
	}
	b = Evolve(b, BetreiberGewechselt{AltID: 3, NeuID: 1})
	if !slices.Equal(b.Vorbetreiber, []int64{2, 3}) {
		t.Fatalf("the first returns: %v", b.Vorbetreiber)
	}
	b = Evolve(b, BetreiberUmgezogen{AltID: 1, NeuID: 2})
	if !slices.Equal(b.Vorbetreiber, []int64{3}) || b.Daten.BetreiberID != 2 {
		t.Fatalf("merged into a previous operator: %v, operator %d", b.Vorbetreiber, b.Daten.BetreiberID)
	}
}
