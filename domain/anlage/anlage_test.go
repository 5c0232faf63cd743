package anlage

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/ereignis/ereignistest"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

var mit = ereignistest.Mit[Daten]

var given = ereignistest.Gegeben(Evolve)

var (
	heute = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	lage  = betrieb.Lage{Hochwert: 5583000.12, Rechtswert: 398000.5}
	// the data of a treatment plant as the form sends them (on top of Vorgaben)
	eingabe = func() Daten {
		d := Vorgaben(Abwasserbehandlung)
		d.Bezeichnung, d.Anlagenart, d.Lage = "Kläranlage Nord", "ABWASSERBEHANDLUNG", lage
		d.Abwasserbeseitigungspflichtige = []Veranlagung{{OrganisationID: 3, StartJahr: 2020}}
		return d
	}()
	gespeichert = normalisiert(eingabe)
	angelegt    = AnlageAngelegt{BetriebID: 9, Typ: Abwasserbehandlung, Daten: gespeichert, GueltigAb: "2026-11-01"}
	// a request that renames the plant and ticks TEG-Abschluss; Auf KA-Gelände asked as it is
	gestelltNameUndTEG = AenderungsantragGestellt{Antrag: Aenderungsantrag{Bezeichnung: "Kläranlage Nord-Ost", TegAbschluss: true, GestelltAm: "2026-11-20", Kommentar: "Umbau"}}
)

// fehler is the expected refusal: the message and, for a field error, the field.
type fehler struct{ feld, msg string }

func pruefeFehler(t *testing.T, err error, want *fehler) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("unexpected error %v", err)
		}
		return
	}
	var f *validierung.Fehler
	if !errors.As(err, &f) {
		t.Fatalf("error = %v (%T), want %q", err, err, want.msg)
	}
	got := f.Message
	if want.feld != "" {
		got = f.Felder[want.feld]
	}
	if got != want.msg {
		t.Fatalf("error = %q (fields %v), want %q at %q", f.Message, f.Felder, want.msg, want.feld)
	}
}

func TestDecide(t *testing.T) {
	ai := func(ab string) *historie.AuditInfo {
		return &historie.AuditInfo{GueltigAb: ab, Aenderungsgrund: "Umbau"}
	}
	umbenannt := mit(gespeichert, func(d *Daten) { d.Bezeichnung = "Kläranlage Nord II" })
	inBetrieb := mit(gespeichert, func(d *Daten) { d.Anlagenstatus = InBetrieb })
	stillgelegt := mit(gespeichert, func(d *Daten) { d.Anlagenstatus = Stillgelegt })
	mitRaum := mit(gespeichert, func(d *Daten) {
		d.Entsorgungsraum = &Entsorgungsraum{Bezugsdatum: "2025-12-31", Bezugsparameter: "Einwohnerwerte",
			Entsorgungsraeume: []Verwaltungseinheit{{Schluessel: "07111000", Bezeichnung: "Koblenz"}}}
	})
	planung := mit(gespeichert, func(d *Daten) { d.Planungen = []Planung{{Status: "GEPLANT", Massnahme: "Erweiterung"}} })
	tests := []struct {
		name  string
		given []ereignis.DomainEvent
		when  Befehl
		then  []ereignis.DomainEvent
		err   *fehler
		art   historie.Verletzung
	}{
		{"a plant starts as GEPLANT whatever the form says", nil,
			LegeAn{BetriebID: 9, Typ: Abwasserbehandlung, Daten: mit(eingabe, func(d *Daten) { d.Anlagenstatus = InBetrieb }),
				BetriebFreigegeben: true, Heute: heute},
			[]ereignis.DomainEvent{AnlageAngelegt{BetriebID: 9, Typ: Abwasserbehandlung, Daten: gespeichert, GueltigAb: "2026-11-21"}}, nil, ""},
		{"only under a released operation", nil,
			LegeAn{BetriebID: 9, Typ: Abwasserbehandlung, Daten: eingabe, Heute: heute}, nil, &fehler{"", MsgBetriebNichtFrei}, ""},
		{"an unknown type", nil,
			LegeAn{BetriebID: 9, Typ: "TEICH", Daten: eingabe, BetriebFreigegeben: true, Heute: heute}, nil, &fehler{"", MsgTyp}, ""},
		// issue 27: the name is one line; the description may have paragraphs
		{"a name with a line break", nil,
			LegeAn{BetriebID: 9, Typ: Abwasserbehandlung, Daten: mit(eingabe, func(d *Daten) { d.Bezeichnung = "Kläranlage\nhttps://phish.example" }),
				BetriebFreigegeben: true, Heute: heute}, nil, &fehler{"bezeichnung", validierung.MsgSteuerzeichen}, ""},
		{"a change request's name with a line break", []ereignis.DomainEvent{angelegt},
			StelleAntrag{Antrag: Aenderungsantrag{Bezeichnung: "Kläranlage\r\nNord-Ost"}, Heute: heute}, nil,
			&fehler{"bezeichnung", validierung.MsgSteuerzeichen}, ""},
		{"a name is required", nil,
			LegeAn{BetriebID: 9, Typ: Abwasserbehandlung, Daten: mit(eingabe, func(d *Daten) { d.Bezeichnung = " " }), BetriebFreigegeben: true, Heute: heute},
			nil, &fehler{"bezeichnung", validierung.Pflichtfeld}, ""},
		{"an indirect discharger needs its receiving plant", nil,
			LegeAn{BetriebID: 9, Typ: Entlastung, Daten: mit(Vorgaben(Entlastung), func(d *Daten) {
				d.Bezeichnung, d.Anlagenart, d.Lage, d.Entlastungssystem, d.Entlastungstyp = "RÜB 1", "MISCHWASSER", lage, "Trennsystem", "RÜB"
			}), BetriebFreigegeben: true, Heute: heute},
			nil, &fehler{"aufnahme", MsgAufnahme}, ""},
		{"a direct discharger needs an obligee", nil,
			LegeAn{BetriebID: 9, Typ: Abwasserbehandlung, Daten: mit(eingabe, func(d *Daten) { d.Abwasserbeseitigungspflichtige = nil }), BetriebFreigegeben: true, Heute: heute},
			nil, &fehler{"abwasserbeseitigungspflichtige", MsgPflichtiger}, ""},
		{"one assignment per start year", nil,
			LegeAn{BetriebID: 9, Typ: Abwasserbehandlung, Daten: mit(eingabe, func(d *Daten) {
				d.Abwasserbeseitigungspflichtige = []Veranlagung{{OrganisationID: 3, StartJahr: 2020}, {OrganisationID: 4, StartJahr: 2020}}
			}), BetriebFreigegeben: true, Heute: heute},
			nil, &fehler{"abwasserbeseitigungspflichtige[1].startJahr", MsgVeranlagungJahr}, ""},
		{"the same assignment twice", nil,
			LegeAn{BetriebID: 9, Typ: Abwasserbehandlung, Daten: mit(eingabe, func(d *Daten) {
				d.Abwasserbeseitigungspflichtige = []Veranlagung{{OrganisationID: 3, StartJahr: 2020}, {OrganisationID: 3, StartJahr: 2020}}
			}), BetriebFreigegeben: true, Heute: heute},
			nil, &fehler{"abwasserbeseitigungspflichtige[1].startJahr", MsgVeranlagungDoppelt}, ""},
		{"a relief plant needs system and type; the Wasserbuchnummer is S or N and digits", nil,
			LegeAn{BetriebID: 9, Typ: Entlastung, Daten: mit(Vorgaben(Entlastung), func(d *Daten) {
				d.Bezeichnung, d.Anlagenart, d.Lage, d.AufnahmeID, d.Wasserbuchnummer = "RÜB 1", "MISCHWASSER", lage, 4, "X123"
			}), BetriebFreigegeben: true, Heute: heute},
			nil, &fehler{"wasserbuchnummer", MsgWasserbuchnummer}, ""},
		{"a Wasserbuchnummer longer than 9", nil,
			LegeAn{BetriebID: 9, Typ: Entlastung, Daten: mit(Vorgaben(Entlastung), func(d *Daten) {
				d.Bezeichnung, d.Anlagenart, d.Lage, d.AufnahmeID, d.Wasserbuchnummer = "RÜB 1", "MISCHWASSER", lage, 4, "S123456789"
				d.Entlastungssystem, d.Entlastungstyp = "Trennsystem", "RÜB"
			}), BetriebFreigegeben: true, Heute: heute},
			nil, &fehler{"wasserbuchnummer", "Max. 9 Zeichen erlaubt"}, ""},
		{"year fields 1900–2100 and one führend Auslegung", nil,
			LegeAn{BetriebID: 9, Typ: Abwasserbehandlung, Daten: mit(eingabe, func(d *Daten) {
				d.Auslegungen = []Auslegung{{Parameter: "EW", Einheit: "E", AuslegungJahr: ereignistest.Zeiger(1899), AuslegungFuehrend: true},
					{Parameter: "CSB", Einheit: "kg/d", AuslegungFuehrend: true}}
			}), BetriebFreigegeben: true, Heute: heute},
			nil, &fehler{"auslegungUndBelastungsDaten[0].auslegungJahr", betrieb.MsgJahr}, ""},
		{"a change of a historised field without a date", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: umbenannt, Heute: heute, DarfBezeichnung: true}, nil, &fehler{"", historie.MsgFehlt}, historie.Missing},
		{"a historised change with a date opens a version", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: umbenannt, AuditInfo: ai("2026-11-10"), Heute: heute, DarfBezeichnung: true},
			[]ereignis.DomainEvent{AnlageGeaendert{Daten: umbenannt, GueltigAb: "2026-11-10", Aenderungsgrund: "Umbau"}}, nil, ""},
		{"going into operation sets the status change date", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: inBetrieb, AuditInfo: ai("2026-11-15"), Heute: heute},
			[]ereignis.DomainEvent{AnlageGeaendert{Daten: mit(inBetrieb, func(d *Daten) { d.Statuswechsel = "2026-11-15" }), GueltigAb: "2026-11-15", Aenderungsgrund: "Umbau"}}, nil, ""},
		{"a shut-down asks for its date", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: stillgelegt, Heute: heute}, nil, &fehler{"", MsgStilllegung}, historie.Stilllegen},
		{"the name only with the right to change it", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: umbenannt, AuditInfo: ai("2026-11-10"), Heute: heute}, nil, &fehler{"bezeichnung", MsgBezeichnungRecht}, ""},
		{"an operator keeps plannings up to date, stamped, not historised", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: planung, Heute: heute, Umfang: Betreiberseitig, Von: "Bea Treiber"},
			[]ereignis.DomainEvent{AnlageGeaendert{Daten: mit(planung, func(d *Daten) {
				d.Planungen[0].GeaendertAm, d.Planungen[0].GeaendertVon = "2026-11-21", "Bea Treiber"
			}), GueltigAb: "2026-11-01", Ersetzt: true}}, nil, ""},
		{"an operator cannot change the status", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: inBetrieb, Heute: heute, Umfang: Betreiberseitig}, nil, &fehler{"anlagenstatus", MsgNurAntrag}, ""},
		{"nothing changed, nothing happens", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: eingabe, Heute: heute}, nil, nil, ""},
		{"a change request", []ereignis.DomainEvent{angelegt},
			StelleAntrag{Antrag: Aenderungsantrag{Bezeichnung: "Kläranlage Nord-Ost", Kommentar: "neuer Name"}, Heute: heute, Von: "Bea Treiber"},
			[]ereignis.DomainEvent{AenderungsantragGestellt{Antrag: Aenderungsantrag{Bezeichnung: "Kläranlage Nord-Ost", Kommentar: "neuer Name",
				GestelltAm: "2026-11-21", GestelltVon: "Bea Treiber"}}}, nil, ""},
		{"one change request at a time", []ereignis.DomainEvent{angelegt, AenderungsantragGestellt{Antrag: Aenderungsantrag{Bezeichnung: "X"}}},
			StelleAntrag{Antrag: Aenderungsantrag{Bezeichnung: "Y"}, Heute: heute}, nil, &fehler{"", MsgAntragOffen}, ""},
		{"a change request must change something", []ereignis.DomainEvent{angelegt},
			StelleAntrag{Antrag: Aenderungsantrag{Bezeichnung: "Kläranlage Nord"}, Heute: heute}, nil, &fehler{"", MsgAntragOhneAenderung}, ""},
		{"adopting the name opens a version from today", []ereignis.DomainEvent{angelegt,
			AenderungsantragGestellt{Antrag: Aenderungsantrag{Bezeichnung: "Kläranlage Nord-Ost", TegAbschluss: true, GestelltAm: "2026-11-20"}}},
			UebernehmeAntrag{Felder: []string{"bezeichnung"}, Begruendungen: map[string]string{"tegAbschluss": " Nachweis fehlt ", "kuehlart": "kein Feld des Antrags"}, Heute: heute},
			[]ereignis.DomainEvent{AenderungsantragUebernommen{Felder: []string{"bezeichnung"}, Begruendungen: map[string]string{"tegAbschluss": "Nachweis fehlt"}},
				AnlageGeaendert{Daten: mit(gespeichert, func(d *Daten) { d.Bezeichnung = "Kläranlage Nord-Ost" }), GueltigAb: "2026-11-21",
					Aenderungsgrund: "Änderungsantrag vom 20.11.2026"}}, nil, ""},
		{"a partial adoption needs a reason for each refused field", []ereignis.DomainEvent{angelegt, gestelltNameUndTEG},
			UebernehmeAntrag{Felder: []string{"bezeichnung"}, Begruendungen: map[string]string{"tegAbschluss": "  "}, Heute: heute},
			nil, &fehler{"begruendungen.tegAbschluss", "Bitte begründen Sie, warum „TEG-Abschluss“ nicht übernommen wird."}, ""},
		{"adopting every requested field needs no reason", []ereignis.DomainEvent{angelegt, gestelltNameUndTEG},
			UebernehmeAntrag{Felder: []string{"tegAbschluss", "bezeichnung"}, Heute: heute},
			[]ereignis.DomainEvent{AenderungsantragUebernommen{Felder: []string{"tegAbschluss", "bezeichnung"}},
				AnlageGeaendert{Daten: mit(gespeichert, func(d *Daten) { d.Bezeichnung, d.TegAbschluss = "Kläranlage Nord-Ost", true }), GueltigAb: "2026-11-21",
					Aenderungsgrund: "Änderungsantrag vom 20.11.2026"}}, nil, ""},
		{"an adoption names fields of the request", []ereignis.DomainEvent{angelegt, gestelltNameUndTEG},
			UebernehmeAntrag{Heute: heute}, nil, &fehler{"felder", validierung.MsgAuswahl}, ""},
		{"refusing a request needs a reason for each field it changes", []ereignis.DomainEvent{angelegt, gestelltNameUndTEG},
			LehneAntragAb{Begruendungen: map[string]string{"bezeichnung": "Name bleibt"}},
			nil, &fehler{"begruendungen.tegAbschluss", "Bitte begründen Sie, warum „TEG-Abschluss“ nicht übernommen wird."}, ""},
		{"a reason has the length of a begruendung", []ereignis.DomainEvent{angelegt, gestelltNameUndTEG},
			LehneAntragAb{Begruendungen: map[string]string{"bezeichnung": "Name bleibt", "tegAbschluss": strings.Repeat("x", validierung.Hoechstlaenge("begruendung")+1)}},
			nil, &fehler{"begruendungen.tegAbschluss", validierung.ZuLang(validierung.Hoechstlaenge("begruendung"))}, ""},
		{"refusing a request records each field's reason", []ereignis.DomainEvent{angelegt, gestelltNameUndTEG},
			LehneAntragAb{Begruendungen: map[string]string{"bezeichnung": "Name bleibt", "tegAbschluss": "Nachweis fehlt"}},
			[]ereignis.DomainEvent{AenderungsantragAbgelehnt{Begruendungen: map[string]string{"bezeichnung": "Name bleibt", "tegAbschluss": "Nachweis fehlt"}}}, nil, ""},
		{"rejecting without a request", []ereignis.DomainEvent{angelegt}, LehneAntragAb{}, nil, &fehler{"", MsgKeinAntrag}, ""},
		{"the operation's shut-down shuts the plant down", []ereignis.DomainEvent{angelegt}, LegeStill{Datum: "2026-11-20"},
			[]ereignis.DomainEvent{AnlageStillgelegt{Datum: "2026-11-20"}}, nil, ""},
		{"a plant already shut down stays as it is", []ereignis.DomainEvent{angelegt, AnlageStillgelegt{Datum: "2026-11-02"}},
			LegeStill{Datum: "2026-11-20"}, nil, nil, ""},
		{"no plant, no save", nil, Speichere{Daten: eingabe, Heute: heute}, nil, &fehler{"", validierung.NichtGefunden.Error()}, ""},
		{"a municipal treatment plant keeps its disposal area, not historised", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: mitRaum, Heute: heute, Betriebstyp: "KOMMUNAL"},
			[]ereignis.DomainEvent{AnlageGeaendert{Daten: mitRaum, GueltigAb: "2026-11-01", Ersetzt: true}}, nil, ""},
		{"a disposal area names each administrative unit once", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: mit(mitRaum, func(d *Daten) {
				d.Entsorgungsraum = &Entsorgungsraum{Entsorgungsraeume: []Verwaltungseinheit{{Schluessel: "07111000"}, {Schluessel: "07111000"}}}
			}), Heute: heute, Betriebstyp: "KOMMUNAL"},
			nil, &fehler{"entsorgungsraum.entsorgungsraeume[1].verwaltungseinheitSchluessel", MsgVerwaltungseinheitDoppelt}, ""},
		{"a disposal area needs a valid reference date", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: mit(mitRaum, func(d *Daten) {
				d.Entsorgungsraum = &Entsorgungsraum{Bezugsdatum: "31.12.2025"}
			}), Heute: heute, Betriebstyp: "KOMMUNAL"},
			nil, &fehler{"entsorgungsraum.bezugsdatum", "Ungültiges Datumsformat"}, ""},
		{"an industrial treatment plant has no disposal area: it is dropped", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: mitRaum, Heute: heute, Betriebstyp: "INDUSTRIE"}, nil, nil, ""},
		// issue 32: leaving operation takes the plants that discharge into it along
		{"a municipal treatment plant that receives wastewater leaves operation only with its replacement", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: stillgelegt, AuditInfo: ai("2026-11-15"), Heute: heute, Betriebstyp: "KOMMUNAL", MitEinleitern: true},
			nil, &fehler{"anlagenstatus", MsgErsatzFehlt}, ""},
		{"with its replacement the plants discharging into it go there", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: stillgelegt, AuditInfo: ai("2026-11-15"), Heute: heute, Betriebstyp: "KOMMUNAL", MitEinleitern: true, NeueAufnahme: 77},
			[]ereignis.DomainEvent{AnlageGeaendert{Daten: mit(stillgelegt, func(d *Daten) { d.Statuswechsel = "2026-11-15" }), GueltigAb: "2026-11-15", Aenderungsgrund: "Umbau"},
				AnlageAusserBetrieb{Ersatz: 77, Datum: "2026-11-15"}}, nil, ""},
		{"an industrial treatment plant takes the plants discharging into it out of operation", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: stillgelegt, AuditInfo: ai("2026-11-15"), Heute: heute, Betriebstyp: "INDUSTRIE", MitEinleitern: true, NeueAufnahme: 77},
			[]ereignis.DomainEvent{AnlageGeaendert{Daten: mit(stillgelegt, func(d *Daten) { d.Statuswechsel = "2026-11-15" }), GueltigAb: "2026-11-15", Aenderungsgrund: "Umbau"},
				AnlageAusserBetrieb{Datum: "2026-11-15"}}, nil, ""},
		{"a plant nothing discharges into leaves operation alone", []ereignis.DomainEvent{angelegt},
			Speichere{Daten: stillgelegt, AuditInfo: ai("2026-11-15"), Heute: heute, Betriebstyp: "KOMMUNAL"},
			[]ereignis.DomainEvent{AnlageGeaendert{Daten: mit(stillgelegt, func(d *Daten) { d.Statuswechsel = "2026-11-15" }), GueltigAb: "2026-11-15", Aenderungsgrund: "Umbau"}}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(given(tt.given...), tt.when)
			if errors.Is(err, validierung.NichtGefunden) {
				err = validierung.Regel(err.Error())
			}
			if tt.err == nil && err == nil && !reflect.DeepEqual(got, tt.then) {
				t.Fatalf("events =\n%#v\nwant\n%#v", got, tt.then)
			}
			var k *validierung.Konflikt
			if errors.As(err, &k) {
				err = validierung.Regel(k.Message)
			}
			pruefeFehler(t, err, tt.err)
			if tt.art != "" {
				var v *historie.Verstoss
				if !errors.As(err, &v) || v.Art != tt.art {
					t.Fatalf("violation = %v, want %s", err, tt.art)
				}
			}
		})
	}
}

// TestEinleiter_GoToTheReplacementOrOutOfOperationWithTheirReceivingPlant: the reactions'
// commands on a plant that discharges into plant 5 (issue 32).
func TestEinleiter_GoToTheReplacementOrOutOfOperationWithTheirReceivingPlant(t *testing.T) {
	rueb := given(AnlageAngelegt{BetriebID: 9, Typ: Entlastung, GueltigAb: "2026-01-01",
		Daten: Daten{Bezeichnung: "RÜB", Anlagenart: "MISCHWASSER", Anlagenstatus: InBetrieb, Indirekteinleiter: true, AufnahmeID: 5}})
	got, err := Decide(rueb, ErsetzeAufnahme{AltID: 5, NeuID: 77})
	if err != nil || !reflect.DeepEqual(got, []ereignis.DomainEvent{AufnahmeErsetzt{AltID: 5, NeuID: 77}}) {
		t.Fatalf("replacement: %v %v", got, err)
	}
	if a := Evolve(rueb, got[0]); a.Daten.AufnahmeID != 77 {
		t.Fatalf("after the replacement: %d", a.Daten.AufnahmeID)
	}
	if got, _ := Decide(rueb, ErsetzeAufnahme{AltID: 6, NeuID: 77}); got != nil {
		t.Fatalf("another plant's replacement: %v", got)
	}
	got, err = Decide(rueb, LegeMitAufnahmeStill{Datum: "2026-11-15", AufnahmeID: 5})
	if err != nil || !reflect.DeepEqual(got, []ereignis.DomainEvent{MitAufnahmeStillgelegt{Datum: "2026-11-15", AufnahmeID: 5}}) {
		t.Fatalf("with the receiving plant: %v %v", got, err)
	}
	aus := Evolve(rueb, got[0])
	if aus.Daten.Anlagenstatus != Stillgelegt || aus.Daten.Statuswechsel != "2026-11-15" || aus.LetzterBeginn != "2026-11-15" {
		t.Fatalf("shut down: %+v", aus)
	}
	for _, c := range []Befehl{ErsetzeAufnahme{AltID: 5, NeuID: 77}, LegeMitAufnahmeStill{Datum: "2026-11-20", AufnahmeID: 5}} {
		if got, _ := Decide(aus, c); got != nil {
			t.Fatalf("%T on a plant out of operation: %v", c, got)
		}
	}
}

func TestEvolve_UncheckingIndirekteinleiterClearsTheReceivingPlant(t *testing.T) {
	d := mit(Vorgaben(Kanalnetz), func(d *Daten) { d.AufnahmeID = 4 })
	if n := normalisiert(d); n.AufnahmeID != 4 {
		t.Fatalf("indirect discharger lost its receiving plant: %+v", n)
	}
	d.Indirekteinleiter = false
	if n := normalisiert(d); n.AufnahmeID != 0 {
		t.Fatalf("receiving plant kept: %d", n.AufnahmeID)
	}
}

func TestVorgaben_IndirekteinleiterForReliefPlantsAndSewerNetworks(t *testing.T) {
	for typ, want := range map[string]bool{Abwasserbehandlung: false, Kuehlwasser: false, Entlastung: true, Kanalnetz: true} {
		if v := Vorgaben(typ); v.Indirekteinleiter != want || v.Anlagenstatus != Geplant || v.Behoerdenkennung != "RLP" {
			t.Errorf("%s: %+v", typ, v)
		}
	}
}

func TestPruefe_ExtrasOfOtherTypesAreDropped(t *testing.T) {
	d := mit(eingabe, func(d *Daten) { d.Kuehlart, d.Kanalsystem, d.Flur = "Durchlauf", "Misch", "12" })
	out, err := pruefe(Abwasserbehandlung, "KOMMUNAL", d, heute, "")
	if err != nil || out.Kuehlart != "" || out.Kanalsystem != "" || out.Flur != "" {
		t.Fatalf("%v %+v", err, out)
	}
}

func TestVersionsschritt(t *testing.T) {
	geaendert := AnlageGeaendert{Daten: gespeichert, GueltigAb: "2026-11-10", Aenderungsgrund: "Umbau"}
	korrigiert := AnlageGeaendert{Daten: gespeichert, GueltigAb: "2026-11-10", Ersetzt: true}
	ereignisse := []historie.Ereignis{{Event: angelegt}, {Event: geaendert}, {Event: korrigiert}, {Event: AnlageStillgelegt{Datum: "2026-11-20"}}}
	fassungen := historie.Versionen(ereignisse, Versionsregel())
	var ab []string
	for _, f := range fassungen {
		ab = append(ab, f.GueltigAb+" "+f.Aenderungsgrund)
	}
	want := []string{"2026-11-01 ", "2026-11-10 Umbau", "2026-11-20 Stilllegung des Betriebs"}
	if strings.Join(ab, "|") != strings.Join(want, "|") {
		t.Fatalf("versions = %q, want %q", ab, want)
	}
	if fassungen[2].Stand.Daten.Anlagenstatus != Stillgelegt {
		t.Fatalf("last version = %+v", fassungen[2].Stand.Daten)
	}
}

func TestErsetzePflichtigen_MergeReplacesAndOperatorChangeRemoves(t *testing.T) {
	a := given(angelegt)
	ev, err := Decide(a, ErsetzePflichtigen{AltID: 3, NeuID: 8})
	if err != nil || !reflect.DeepEqual(ev, []ereignis.DomainEvent{PflichtigerErsetzt{AltID: 3, NeuID: 8}}) {
		t.Fatalf("%v %v", ev, err)
	}
	if got := Evolve(a, ev[0]).Daten.Abwasserbeseitigungspflichtige; !reflect.DeepEqual(got, []Veranlagung{{OrganisationID: 8, StartJahr: 2020}}) {
		t.Fatalf("merged: %+v", got)
	}
	if got := Evolve(a, PflichtigerErsetzt{AltID: 3}).Daten.Abwasserbeseitigungspflichtige; len(got) != 0 {
		t.Fatalf("removed: %+v", got)
	}
	if ev, err := Decide(a, ErsetzePflichtigen{AltID: 99, NeuID: 8}); err != nil || ev != nil {
		t.Fatalf("not named: %v %v", ev, err)
	}
}

func TestMitEntsorgungsraum_OnlyMunicipalTreatmentPlantsThatDischargeDirectly(t *testing.T) {
	for _, tt := range []struct {
		typ, betriebstyp string
		indirekt, want   bool
	}{
		{Abwasserbehandlung, "KOMMUNAL", false, true},
		{Abwasserbehandlung, "KOMMUNAL", true, false},
		{Abwasserbehandlung, "INDUSTRIE", false, false},
		{Entlastung, "KOMMUNAL", false, false},
		{Kanalnetz, "KOMMUNAL", false, false},
	} {
		if got := MitEntsorgungsraum(tt.typ, tt.betriebstyp, tt.indirekt); got != tt.want {
			t.Errorf("%+v: %v", tt, got)
		}
	}
	// an indirect discharger drops its disposal area with the receiving plant's rules
	d := mit(Vorgaben(Abwasserbehandlung), func(d *Daten) {
		d.Bezeichnung, d.Anlagenart, d.Lage, d.Indirekteinleiter, d.AufnahmeID = "VKA", "ABWASSERVORBEHANDLUNG", lage, true, 4
		d.Entsorgungsraum = &Entsorgungsraum{Bezugsparameter: "EW"}
	})
	if out, err := pruefe(Abwasserbehandlung, "KOMMUNAL", d, heute, ""); err != nil || out.Entsorgungsraum != nil {
		t.Fatalf("%v %+v", err, out.Entsorgungsraum)
	}
}

func TestAntragssicht_ShowsRequestedAgainstCurrentAndTheDecision(t *testing.T) {
	vorher := given(angelegt, gestelltNameUndTEG)
	feld := func(f, bisher, beantragt string, e historie.Entscheidung, grund string) historie.Antragsfeld {
		return historie.Antragsfeld{Feld: f, Bezeichnung: Antragsfeldnamen[f], Bisher: bisher, Beantragt: beantragt, Entscheidung: e, Grund: grund}
	}
	// made: the fields it changes (not the unchanged Auf KA-Gelände), open
	if got, want := Antragssicht(given(angelegt), gestelltNameUndTEG), (&historie.Antrag{GestelltAm: "20.11.2026", Kommentar: "Umbau", Felder: []historie.Antragsfeld{
		feld("bezeichnung", "Kläranlage Nord", "Kläranlage Nord-Ost", historie.Offen, ""), feld("tegAbschluss", "Nein", "Ja", historie.Offen, "")}}); !reflect.DeepEqual(got, want) {
		t.Fatalf("gestellt = %+v, want %+v", got, want)
	}
	// partly adopted: one decision records both
	got := Antragssicht(vorher, AenderungsantragUebernommen{Felder: []string{"tegAbschluss"}, Begruendungen: map[string]string{"bezeichnung": "Name bleibt"}})
	if want := []historie.Antragsfeld{feld("bezeichnung", "Kläranlage Nord", "Kläranlage Nord-Ost", historie.Abgelehnt, "Name bleibt"),
		feld("tegAbschluss", "Nein", "Ja", historie.Uebernommen, "")}; !reflect.DeepEqual(got.Felder, want) {
		t.Fatalf("übernommen = %+v, want %+v", got.Felder, want)
	}
	// refused: every field with its reason; the refused values stay visible
	got = Antragssicht(vorher, AenderungsantragAbgelehnt{Begruendungen: map[string]string{"bezeichnung": "a", "tegAbschluss": "b"}})
	if len(got.Felder) != 2 || got.Felder[0].Beantragt != "Kläranlage Nord-Ost" || got.Felder[1].Grund != "b" || got.Felder[1].Entscheidung != historie.Abgelehnt {
		t.Fatalf("abgelehnt = %+v", got.Felder)
	}
	if Antragssicht(vorher, AnlageStillgelegt{}) != nil {
		t.Fatal("no application block for other events")
	}
}

func TestDecode_DecisionsFromBeforeReasonsAreRead(t *testing.T) {
	for typ, data := range map[string]string{"AnlagenAenderungsantragAbgelehnt": `{}`, "AnlagenAenderungsantragUebernommen": `{"felder":["bezeichnung"]}`} {
		e, err := Decode(typ, []byte(data))
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		// an old decision shows the refused fields without reason
		if s := Antragssicht(given(angelegt, gestelltNameUndTEG), e); s == nil || s.Felder[1].Entscheidung != historie.Abgelehnt || s.Felder[1].Grund != "" {
			t.Fatalf("%s: %+v", typ, s)
		}
	}
}

func TestFeldnamen_ChangeRequestFieldsReadAsTheForm(t *testing.T) {
	for feld, name := range Antragsfeldnamen {
		if feld != "foerderungen" && Feldnamen[feld] != name {
			t.Errorf("%s: form %q, change request %q", feld, Feldnamen[feld], name)
		}
	}
}
