package jahresbericht

import (
	"reflect"
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/ereignis/ereignistest"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

var fehlerfelder = ereignistest.Fehlerfelder

var given = ereignistest.Gegeben(Evolve)

var (
	betreiber    = Rolle{Bearbeiter: true, Funktion: "BETREIBER"}
	beauftragter = Rolle{Bearbeiter: true, Funktion: "BEAUFTRAGTER"}
	sbs          = Rolle{Bearbeiter: true, Pruefer: true, Funktion: "ZUST_SBS"}
	pruefer      = Rolle{Pruefer: true, Funktion: "ZUST_SBA"}
	admin        = Rolle{Bearbeiter: true, Pruefer: true, Admin: true, Funktion: "FACHADMIN"}
	leser        = Rolle{Funktion: "LESER_BEHOERDE"}

	daten = Daten{StatusMesswerte: Unbearbeitet, StatusAQS: Unbearbeitet, StatusExterne: Unbearbeitet, Kanalzustand: Angefordert,
		Durchflusspruefung: Unbearbeitet}
	csb = Parameter{ParameterID: 501, Art: Selbstueberwachungsauflage, AnforderungID: 100, Messstelle: 9, ParameterNr: "CSB",
		ParameterArt: "KONZENTRATION", Einheit: "mg/l", GueltigAb: "2024-03-01", GueltigBis: "3000-01-01"}
	ph = Parameter{ParameterID: 502, Art: Ergaenzend, Messstelle: 9, ParameterNr: "pH-Wert", GueltigAb: "2025-01-01",
		ErstelltVon: 41, ErstelltRolle: "BETREIBER"}
	angelegt = JahresberichtAngelegt{AnlageID: 3, AnlageBezeichnung: "KA Musterstadt", Jahr: 2025, Von: "2025-01-01",
		Bis: "2025-12-31", Daten: daten, Parameter: []Parameter{csb, ph}, Konto: 41}
	eingereicht = JahresberichtEingereicht{Konto: 41, Rolle: "BETREIBER"}
)

type felder = ereignistest.Felder

func typen(events []ereignis.DomainEvent) []string {
	out := []string{}
	for _, e := range events {
		out = append(out, e.EventType())
	}
	return out
}

var (
	nichtErlaubt  = felder{"": validierung.NichtErlaubt.Error()}
	nichtGefunden = felder{"": validierung.NichtGefunden.Error()}
)

func TestLegeAn(t *testing.T) {
	for _, tc := range []struct {
		name   string
		given  []ereignis.DomainEvent
		cmd    LegeAn
		fehler felder
		want   Jahresbericht
	}{
		{name: "the operator creates the report of 2025; the sewer network's obligation requests the Kanalzustand",
			cmd: LegeAn{AnlageID: 3, AnlageBezeichnung: " KA Musterstadt ", Jahr: 2025, Pruefung: Pruefung{Kanalnetzpflicht: true},
				Rolle: betreiber, Konto: 41},
			want: Jahresbericht{Existiert: true, AnlageID: 3, AnlageBezeichnung: "KA Musterstadt", Jahr: 2025, Von: "2025-01-01",
				Bis: "2025-12-31", Status: InBearbeitung, Daten: daten, Parameter: []Parameter{}}},
		{name: "without an obligation the Kanalzustand is cleared, whatever was sent",
			cmd: LegeAn{AnlageID: 3, AnlageBezeichnung: "KA", Jahr: 2024, Daten: Daten{Kanalzustand: Uebermittelt, StatusAQS: NichtErforderlich,
				Bemerkung: "Umbau"}, Rolle: sbs},
			want: Jahresbericht{Existiert: true, AnlageID: 3, AnlageBezeichnung: "KA", Jahr: 2024, Von: "2024-01-01", Bis: "2024-12-31",
				Status: InBearbeitung, Daten: Daten{StatusMesswerte: Unbearbeitet, StatusAQS: NichtErforderlich, StatusExterne: Unbearbeitet,
					Durchflusspruefung: Unbearbeitet, Bemerkung: "Umbau"}, Parameter: []Parameter{}}},
		{name: "jahr, plant and its name are required", cmd: LegeAn{Rolle: betreiber},
			fehler: felder{"jahr": validierung.Pflichtfeld, "anlage": validierung.Pflichtfeld, "anlageBezeichnung": validierung.Pflichtfeld}},
		{name: "a year out of range", cmd: LegeAn{AnlageID: 3, AnlageBezeichnung: "KA", Jahr: 25, Rolle: betreiber},
			fehler: felder{"jahr": MsgJahr}},
		{name: "values outside the status lists", cmd: LegeAn{AnlageID: 3, AnlageBezeichnung: "KA", Jahr: 2025,
			Daten: Daten{StatusMesswerte: "FERTIG", Durchflusspruefung: Angefordert}, Rolle: betreiber},
			fehler: felder{"statusMesswerte": MsgListenwert, "durchflusspruefung": MsgListenwert}},
		{name: "a reader may not create", cmd: LegeAn{AnlageID: 3, AnlageBezeichnung: "KA", Jahr: 2025, Rolle: leser}, fehler: nichtErlaubt},
		{name: "created once", given: []ereignis.DomainEvent{angelegt}, cmd: LegeAn{AnlageID: 3, AnlageBezeichnung: "KA", Jahr: 2025,
			Rolle: betreiber}, fehler: felder{"": MsgExistiert}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			events, err := Decide(given(tc.given...), tc.cmd)
			if got := fehlerfelder(t, err); !reflect.DeepEqual(got, tc.fehler) {
				t.Fatalf("errors %v, want %v", got, tc.fehler)
			}
			if tc.fehler != nil {
				return
			}
			if got := given(events...); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("state\n%+v, want\n%+v", got, tc.want)
			}
		})
	}
}

// TestLegeAn_UebernahmeCopiesTheParametersWithoutValues: POST /jahresbericht/uebernahme/{id}
// creates the report with the parameters of another one; the values stay with their year and a
// copied supplementary parameter belongs to whoever copied it.
func TestLegeAn_UebernahmeCopiesTheParametersWithoutValues(t *testing.T) {
	mitWerten := ph
	mitWerten.ErstelltVon, mitWerten.ErstelltRolle = 12, "ZUST_SBS"
	mitWerten.Messreihe = Messreihe{VorlageID: 1, AnzahlWerte: 1, Messwerte: []Messwert{{Datum: "2024-05-02", Wert: "7,1"}}, Mittelwert: "7,1"}
	auflage := csb
	auflage.Messreihe = mitWerten.Messreihe
	events, err := Decide(Jahresbericht{}, LegeAn{AnlageID: 3, AnlageBezeichnung: "KA Musterstadt", Jahr: 2025,
		Parameter: []Parameter{auflage, mitWerten}, Uebernahme: 77, Rolle: betreiber, Konto: 41})
	if err != nil {
		t.Fatal(err)
	}
	j := given(events...)
	wantPh := ph
	wantPh.ErstelltVon, wantPh.ErstelltRolle = 41, "BETREIBER"
	if j.Uebernahme != 77 || !reflect.DeepEqual(j.Parameter, []Parameter{csb, wantPh}) {
		t.Fatalf("%d %+v", j.Uebernahme, j.Parameter)
	}
	// the copier's role deletes the copied parameter, the original creator's role no longer does
	if _, err := Decide(j, LoescheParameter{ParameterID: 502, Rolle: sbs}); fehlerfelder(t, err)[""] != MsgKeineBerechtigung {
		t.Fatalf("ZUST_SBS deleted a parameter the operator copied: %v", err)
	}
	if _, err := Decide(j, LoescheParameter{ParameterID: 502, Rolle: betreiber}); err != nil {
		t.Fatal(err)
	}
}

// TestStatusmaschine: which side may move a report in which status where (spec 001 §4.2).
func TestStatusmaschine(t *testing.T) {
	inArbeit := []ereignis.DomainEvent{angelegt}
	abgeschlossen := []ereignis.DomainEvent{angelegt, JahresberichtBearbeitungAbgeschlossen{}}
	zurEntscheidung := []ereignis.DomainEvent{angelegt, eingereicht}
	zurueck := []ereignis.DomainEvent{angelegt, eingereicht, JahresberichtZurueckgewiesen{Kommentar: "CSB fehlt"}}
	plausibel := []ereignis.DomainEvent{angelegt, eingereicht, JahresberichtPlausibilisiert{}}
	vonSBS := []ereignis.DomainEvent{angelegt, JahresberichtEingereicht{Konto: 12, Rolle: "ZUST_SBS"}}
	geaendert := daten
	geaendert.Bemerkung = "Gebläse getauscht"
	for _, tc := range []struct {
		name   string
		given  []ereignis.DomainEvent
		cmd    Befehl
		events []string
		fehler felder
		status string
	}{
		// the keepers' saves: IN_BEARBEITUNG ⇄ BEARBEITUNG_ABGESCHLOSSEN
		{"operator saves unchanged", inArbeit, Speichere{Daten: daten, Rolle: betreiber}, []string{}, nil, InBearbeitung},
		{"operator saves a change", inArbeit, Speichere{Daten: geaendert, Status: InBearbeitung, Rolle: betreiber},
			[]string{"JahresberichtGeaendert"}, nil, InBearbeitung},
		{"operator finishes the work", inArbeit, Speichere{Daten: daten, Status: BearbeitungAbgeschlossen, Rolle: betreiber},
			[]string{"JahresberichtBearbeitungAbgeschlossen"}, nil, BearbeitungAbgeschlossen},
		{"and takes it up again", abgeschlossen, Speichere{Daten: daten, Status: InBearbeitung, Rolle: beauftragter},
			[]string{"JahresberichtBearbeitungFortgesetzt"}, nil, InBearbeitung},
		{"a save does not submit", inArbeit, Speichere{Daten: daten, Status: Eingereicht, Rolle: betreiber}, nil,
			felder{"status": MsgUebergang}, ""},
		{"a save does not approve", abgeschlossen, Speichere{Daten: daten, Status: Plausibilisiert, Rolle: admin}, nil,
			felder{"status": MsgUebergang}, ""},
		{"unknown status", inArbeit, Speichere{Daten: daten, Status: "ERLEDIGT", Rolle: betreiber}, nil, felder{"status": MsgListenwert}, ""},
		{"staff that only check do not edit a report in work", inArbeit, Speichere{Daten: geaendert, Rolle: pruefer}, nil,
			felder{"": MsgNichtBearbeitbar}, ""},
		{"a reader does not save", inArbeit, Speichere{Daten: daten, Rolle: leser}, nil, felder{"": MsgNichtBearbeitbar}, ""},
		// submitting
		{"operator submits", inArbeit, ReicheEin{Daten: daten, Rolle: betreiber, Konto: 41}, []string{"JahresberichtEingereicht"}, nil, Eingereicht},
		{"operator saves and submits a finished report", abgeschlossen, ReicheEin{Daten: geaendert, Rolle: betreiber, Konto: 41},
			[]string{"JahresberichtGeaendert", "JahresberichtEingereicht"}, nil, Eingereicht},
		{"staff who keep reports submit one", inArbeit, ReicheEin{Daten: daten, Rolle: sbs, Konto: 12}, []string{"JahresberichtEingereicht"}, nil, Eingereicht},
		{"a submitted report is not submitted again", zurEntscheidung, ReicheEin{Daten: daten, Rolle: betreiber}, nil,
			felder{"": MsgNichtEinreichbar}, ""},
		{"staff that only check do not submit", inArbeit, ReicheEin{Daten: daten, Rolle: pruefer}, nil, nichtErlaubt, ""},
		{"a submission checks the form", inArbeit, ReicheEin{Daten: Daten{}, Rolle: betreiber}, nil,
			felder{"statusMesswerte": validierung.Pflichtfeld, "statusAQS": validierung.Pflichtfeld, "statusExterne": validierung.Pflichtfeld,
				"durchflusspruefung": validierung.Pflichtfeld}, ""},
		// EINGEREICHT: blocked for the operator side, the checking staff save before they decide
		{"the operator no longer edits a submitted report", zurEntscheidung, Speichere{Daten: geaendert, Rolle: betreiber}, nil,
			felder{"": MsgNichtBearbeitbar}, ""},
		{"the checking staff save a submitted report", zurEntscheidung, Speichere{Daten: geaendert, Status: Eingereicht, Rolle: pruefer},
			[]string{"JahresberichtGeaendert"}, nil, Eingereicht},
		{"but do not send it back with a save", zurEntscheidung, Speichere{Daten: daten, Status: InBearbeitung, Rolle: pruefer}, nil,
			felder{"status": MsgUebergang}, ""},
		// the decision
		{"staff approve", zurEntscheidung, Entscheide{NeuerStatus: Plausibilisiert, Rolle: pruefer, Konto: 13},
			[]string{"JahresberichtPlausibilisiert"}, nil, Plausibilisiert},
		{"staff reject with a comment", zurEntscheidung, Entscheide{NeuerStatus: InBearbeitung, Kommentar: "CSB fehlt", Rolle: sbs, Konto: 12},
			[]string{"JahresberichtZurueckgewiesen"}, nil, InBearbeitung},
		{"a rejection needs a comment", zurEntscheidung, Entscheide{NeuerStatus: InBearbeitung, Kommentar: " ", Rolle: pruefer}, nil,
			felder{"kommentar": MsgKommentar}, ""},
		{"no decision into another status", zurEntscheidung, Entscheide{NeuerStatus: BearbeitungAbgeschlossen, Rolle: pruefer}, nil,
			felder{"neuerStatus": MsgUebergang}, ""},
		{"no decision without a status", zurEntscheidung, Entscheide{Rolle: pruefer}, nil, felder{"neuerStatus": validierung.Pflichtfeld}, ""},
		{"the operator does not decide", zurEntscheidung, Entscheide{NeuerStatus: Plausibilisiert, Rolle: betreiber}, nil, nichtErlaubt, ""},
		{"a report in work is not decided", inArbeit, Entscheide{NeuerStatus: Plausibilisiert, Rolle: pruefer}, nil,
			felder{"": MsgNichtEingereicht}, ""},
		{"the submitter does not approve his own report", vonSBS, Entscheide{NeuerStatus: Plausibilisiert, Rolle: sbs, Konto: 12}, nil,
			felder{"": MsgVierAugen}, ""},
		{"another account of the same role does", vonSBS, Entscheide{NeuerStatus: Plausibilisiert, Rolle: sbs, Konto: 14},
			[]string{"JahresberichtPlausibilisiert"}, nil, Plausibilisiert},
		// back after a rejection
		{"a rejected report is edited again", zurueck, Speichere{Daten: geaendert, Rolle: betreiber}, []string{"JahresberichtGeaendert"}, nil, InBearbeitung},
		{"and submitted again", zurueck, ReicheEin{Daten: daten, Rolle: betreiber, Konto: 41}, []string{"JahresberichtEingereicht"}, nil, Eingereicht},
		// PLAUSIBILISIERT is final
		{"nobody saves a plausibilised report", plausibel, Speichere{Daten: geaendert, Rolle: admin}, nil, felder{"": MsgPlausibilisiert}, ""},
		{"nobody submits it", plausibel, ReicheEin{Daten: daten, Rolle: betreiber}, nil, felder{"": MsgPlausibilisiert}, ""},
		{"nobody decides it again", plausibel, Entscheide{NeuerStatus: InBearbeitung, Kommentar: "doch nicht", Rolle: admin}, nil,
			felder{"": MsgNichtEingereicht}, ""},
		{"a deleted report is gone", append([]ereignis.DomainEvent{angelegt}, JahresberichtGeloescht{}), Speichere{Daten: daten, Rolle: admin},
			nil, nichtGefunden, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			events, err := Decide(given(tc.given...), tc.cmd)
			if got := fehlerfelder(t, err); !reflect.DeepEqual(got, tc.fehler) {
				t.Fatalf("errors %v, want %v", got, tc.fehler)
			}
			if tc.fehler != nil {
				return
			}
			if !reflect.DeepEqual(typen(events), tc.events) {
				t.Fatalf("events %v, want %v", typen(events), tc.events)
			}
			if nach := given(append(tc.given, events...)...); nach.Status != tc.status {
				t.Fatalf("status %s, want %s", nach.Status, tc.status)
			}
		})
	}
}

func TestReicheEin_RecordsTheSubmitterAndHisRole(t *testing.T) {
	events, err := Decide(given(angelegt), ReicheEin{Daten: daten, Rolle: beauftragter, Konto: 42})
	if err != nil {
		t.Fatal(err)
	}
	if j := given(append([]ereignis.DomainEvent{angelegt}, events...)...); j.EingereichtVon != 42 || j.EingereichtRolle != "BEAUFTRAGTER" {
		t.Fatalf("%d %s", j.EingereichtVon, j.EingereichtRolle)
	}
}

func TestZielstatus_PerSide(t *testing.T) {
	for _, tc := range []struct {
		status string
		rolle  Rolle
		want   []string
	}{
		{InBearbeitung, betreiber, []string{InBearbeitung, BearbeitungAbgeschlossen}},
		{BearbeitungAbgeschlossen, betreiber, []string{BearbeitungAbgeschlossen, InBearbeitung}},
		{Eingereicht, betreiber, nil},
		{Eingereicht, pruefer, []string{Eingereicht}},
		{InBearbeitung, pruefer, nil},
		{Plausibilisiert, admin, nil},
	} {
		if got := Zielstatus(tc.status, tc.rolle); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s %+v: %v, want %v", tc.status, tc.rolle, got, tc.want)
		}
	}
}

// TestLoesche: the delete button's rule of spec 001 §4.2 — no submitter, the submitter's role,
// or an administrator — and no deleting a plausibilised report but by an administrator.
func TestLoesche(t *testing.T) {
	vonBetreiber := []ereignis.DomainEvent{angelegt, eingereicht}
	vonSBS := []ereignis.DomainEvent{angelegt, JahresberichtEingereicht{Konto: 12, Rolle: "ZUST_SBS"},
		JahresberichtZurueckgewiesen{Kommentar: "x", Konto: 13}}
	plausibel := []ereignis.DomainEvent{angelegt, eingereicht, JahresberichtPlausibilisiert{Konto: 13}}
	for _, tc := range []struct {
		name   string
		given  []ereignis.DomainEvent
		rolle  Rolle
		fehler felder
	}{
		{"no submitter: the operator", []ereignis.DomainEvent{angelegt}, betreiber, nil},
		{"no submitter: his delegate", []ereignis.DomainEvent{angelegt}, beauftragter, nil},
		{"no submitter: not a reader", []ereignis.DomainEvent{angelegt}, leser, nichtErlaubt},
		{"no submitter: not staff that only check", []ereignis.DomainEvent{angelegt}, pruefer, nichtErlaubt},
		{"submitted as BETREIBER: a BETREIBER", vonBetreiber, betreiber, nil},
		{"submitted as BETREIBER: not a BEAUFTRAGTER", vonBetreiber, beauftragter, nichtErlaubt},
		{"submitted as BETREIBER: not ZUST_SBS", vonBetreiber, sbs, nichtErlaubt},
		{"submitted as BETREIBER: an administrator", vonBetreiber, admin, nil},
		{"submitted as ZUST_SBS and sent back: the submitter stays, not the operator", vonSBS, betreiber, nichtErlaubt},
		{"submitted as ZUST_SBS and sent back: ZUST_SBS", vonSBS, sbs, nil},
		{"plausibilised: not the submitter's role", plausibel, betreiber, nichtErlaubt},
		{"plausibilised: an administrator", plausibel, admin, nil},
		{"deleted twice", append([]ereignis.DomainEvent{angelegt}, JahresberichtGeloescht{}), admin, nichtGefunden},
	} {
		t.Run(tc.name, func(t *testing.T) {
			events, err := Decide(given(tc.given...), Loesche{Rolle: tc.rolle})
			if got := fehlerfelder(t, err); !reflect.DeepEqual(got, tc.fehler) {
				t.Fatalf("errors %v, want %v", got, tc.fehler)
			}
			if tc.fehler == nil && !reflect.DeepEqual(typen(events), []string{"JahresberichtGeloescht"}) {
				t.Fatalf("events %v", typen(events))
			}
		})
	}
}

func TestErgaenzenderParameter_Anlegen(t *testing.T) {
	p := Parameter{ParameterID: 503, Messstelle: 10, ParameterNr: " Nges ", ParameterArt: "FRACHT", GueltigAb: "2025-04-01",
		Art: Selbstueberwachungsauflage, AnforderungID: 99, ErstelltRolle: "SYSTEMADMIN",
		Messreihe: Messreihe{AnzahlWerte: 3}}
	pruefung := Pruefung{Messstellen: []int64{9, 10}}
	events, err := Decide(given(angelegt), LegeParameterAn{Parameter: p, Pruefung: pruefung, Rolle: beauftragter, Konto: 42})
	if err != nil {
		t.Fatal(err)
	}
	want := Parameter{ParameterID: 503, Art: Ergaenzend, Messstelle: 10, ParameterNr: "Nges", ParameterArt: "FRACHT", GueltigAb: "2025-04-01",
		ErstelltVon: 42, ErstelltRolle: "BEAUFTRAGTER"}
	if !reflect.DeepEqual(events, []ereignis.DomainEvent{ErgaenzenderParameterAngelegt{Parameter: want}}) {
		t.Fatalf("%+v", events)
	}
	for _, tc := range []struct {
		name   string
		given  []ereignis.DomainEvent
		p      Parameter
		rolle  Rolle
		fehler felder
	}{
		{"required", []ereignis.DomainEvent{angelegt}, Parameter{ParameterID: 504}, betreiber,
			felder{"parameterNr": validierung.Pflichtfeld, "messstelle": validierung.Pflichtfeld}},
		{"a measuring point of another plant, dates", []ereignis.DomainEvent{angelegt}, Parameter{ParameterID: 504, ParameterNr: "P",
			Messstelle: 11, ParameterArt: "ERGAENZEND", GueltigAb: "2025-02-30", GueltigBis: "2025-01-01"}, betreiber,
			felder{"messstelle": MsgMessstelle, "parameterArt": "Unbekannte Parameterart.", "gueltigAb": MsgDatum}},
		{"valid from after valid to", []ereignis.DomainEvent{angelegt}, Parameter{ParameterID: 504, ParameterNr: "P", Messstelle: 9,
			GueltigAb: "2025-06-01", GueltigBis: "2025-01-01"}, betreiber, felder{"gueltigAb": MsgGueltigkeit}},
		{"not in a submitted report by the operator", []ereignis.DomainEvent{angelegt, eingereicht}, p, betreiber,
			felder{"": MsgNichtBearbeitbar}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decide(given(tc.given...), LegeParameterAn{Parameter: tc.p, Pruefung: pruefung, Rolle: tc.rolle})
			if got := fehlerfelder(t, err); !reflect.DeepEqual(got, tc.fehler) {
				t.Fatalf("errors %v, want %v", got, tc.fehler)
			}
		})
	}
}

// TestErgaenzenderParameter_OnlyTheCreatorsRole: spec 001 §5 — deleting a supplementary
// parameter requires the creator's role, otherwise 'Keine Berechtigung vorhanden'.
func TestErgaenzenderParameter_OnlyTheCreatorsRole(t *testing.T) {
	for _, tc := range []struct {
		name   string
		given  []ereignis.DomainEvent
		cmd    Befehl
		events []string
		fehler felder
	}{
		{"the creator deletes it", []ereignis.DomainEvent{angelegt}, LoescheParameter{ParameterID: 502, Rolle: betreiber},
			[]string{"ErgaenzenderParameterGeloescht"}, nil},
		{"another account in the creator's role too", []ereignis.DomainEvent{angelegt},
			LoescheParameter{ParameterID: 502, Rolle: Rolle{Bearbeiter: true, Funktion: "BETREIBER"}}, []string{"ErgaenzenderParameterGeloescht"}, nil},
		{"another role may not", []ereignis.DomainEvent{angelegt}, LoescheParameter{ParameterID: 502, Rolle: beauftragter}, nil,
			felder{"": MsgKeineBerechtigung}},
		{"not even an administrator", []ereignis.DomainEvent{angelegt}, LoescheParameter{ParameterID: 502, Rolle: admin}, nil,
			felder{"": MsgKeineBerechtigung}},
		{"a Selbstüberwachungsauflage is the Bescheid's", []ereignis.DomainEvent{angelegt}, LoescheParameter{ParameterID: 501, Rolle: betreiber},
			nil, felder{"": MsgAuflage}},
		{"an unknown parameter", []ereignis.DomainEvent{angelegt}, LoescheParameter{ParameterID: 999, Rolle: betreiber}, nil, nichtGefunden},
		{"not while the report is with the authority", []ereignis.DomainEvent{angelegt, eingereicht},
			LoescheParameter{ParameterID: 502, Rolle: betreiber}, nil, felder{"": MsgNichtBearbeitbar}},
		{"a change by another role", []ereignis.DomainEvent{angelegt},
			AendereParameter{Parameter: Parameter{ParameterID: 502, Messstelle: 9, ParameterNr: "pH"}, Rolle: sbs}, nil,
			felder{"": MsgKeineBerechtigung}},
		{"a change by the creator's role", []ereignis.DomainEvent{angelegt},
			AendereParameter{Parameter: Parameter{ParameterID: 502, Messstelle: 9, ParameterNr: "pH"}, Rolle: betreiber},
			[]string{"ErgaenzenderParameterGeaendert"}, nil},
		{"an unchanged save", []ereignis.DomainEvent{angelegt}, AendereParameter{Parameter: ph, Rolle: betreiber}, []string{}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			events, err := Decide(given(tc.given...), tc.cmd)
			if got := fehlerfelder(t, err); !reflect.DeepEqual(got, tc.fehler) {
				t.Fatalf("errors %v, want %v", got, tc.fehler)
			}
			if tc.fehler == nil && !reflect.DeepEqual(typen(events), tc.events) {
				t.Fatalf("events %v, want %v", typen(events), tc.events)
			}
		})
	}
}

func TestErgaenzenderParameter_AChangeKeepsTheValuesAndTheCreator(t *testing.T) {
	werte := MesswerteGespeichert{ParameterID: 502, Messreihe: Messreihe{VorlageID: 1, AnzahlWerte: 1,
		Messwerte: []Messwert{{Datum: "2025-05-02", Wert: "7,1"}}, Mittelwert: "7,1"}}
	vorher := []ereignis.DomainEvent{angelegt, werte}
	events, err := Decide(given(vorher...), AendereParameter{Parameter: Parameter{ParameterID: 502, Messstelle: 9, ParameterNr: "pH",
		Einheit: "-"}, Rolle: betreiber})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := given(append(vorher, events...)...).ParameterMit(502)
	if p.Einheit != "-" || p.ErstelltVon != 41 || p.ErstelltRolle != "BETREIBER" || !reflect.DeepEqual(p.Messreihe, werte.Messreihe) {
		t.Fatalf("%+v", p)
	}
}
