package jahresbericht

import (
	"reflect"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

var (
	tageswerte  = &Vorlage{ID: 1, Value: "Tageswerte mit Uhrzeit", MaxZeilenAnzahl: 400, Datumsformat: "TT.MM.JJJJ", Uhrzeit: true, Wert: true}
	tage        = &Vorlage{ID: 6, Value: "Tageswerte", MaxZeilenAnzahl: 400, Datumsformat: "TT.MM.JJJJ", Wert: true}
	monatswerte = &Vorlage{ID: 2, Value: "Monatswerte", MaxZeilenAnzahl: 12, Datumsformat: "MM.JJJJ", Wert: true, MesswertAnzahl: true}
	jahreswert  = &Vorlage{ID: 3, Value: "Jahreswert", MaxZeilenAnzahl: 1, Datumsformat: "JJJJ", Wert: true}
)

func zeilen(werte ...Messwert) []Messwert { return werte }

// TestSpeichereMesswerte_Zeilen: the row rules of spec 001 §5 with their messages, every error
// of a save at once.
func TestSpeichereMesswerte_Zeilen(t *testing.T) {
	for _, tc := range []struct {
		name    string
		vorlage *Vorlage
		anzahl  int
		zeilen  []Messwert
		fehler  felder
	}{
		{"no template chosen", nil, 2, zeilen(Messwert{Datum: "01.03.2025"}), felder{"vorlageMesswerteId": MsgVorlage}},
		{"a template without id is none", &Vorlage{Datumsformat: "TT.MM.JJJJ"}, 1, zeilen(Messwert{Datum: "01.03.2025"}),
			felder{"vorlageMesswerteId": MsgVorlage}},
		{"more rows than the template allows", monatswerte, 13, nil, felder{"anzahlWerte": "Wert darf nicht groesser als 12 sein"}},
		{"a negative number of rows", monatswerte, -1, nil, felder{"anzahlWerte": MsgNegativ}},
		{"no rows need no template", nil, 0, zeilen(Messwert{Datum: "x"}), nil},
		{"a template's date format of other parts", &Vorlage{ID: 4, Datumsformat: "TT/MM/JJJJ"}, 1, zeilen(Messwert{Datum: "01.03.2025"}),
			felder{"vorlageMesswerteId": MsgDatumsformat}},
		{"a template's date format in the wrong order", &Vorlage{ID: 4, Datumsformat: "JJJJ.MM"}, 1, zeilen(Messwert{Datum: "2025.03"}),
			felder{"vorlageMesswerteId": MsgDatumsformat}},
		{"day format: every date error of the grid at once", tage, 6, zeilen(
			Messwert{Datum: "2025-03-01"}, Messwert{Datum: "1.3.25"}, Messwert{Datum: "31.02.2025"}, Messwert{Datum: "01.03.2024"},
			Messwert{Datum: " "}, Messwert{Datum: "1.3.2025"}),
			felder{"messwerte[0].datum": "Das Datum muss in dem Format TT.MM.JJJJ sein", "messwerte[1].datum": "Das Datum muss in dem Format TT.MM.JJJJ sein",
				"messwerte[2].datum": MsgDatum, "messwerte[3].datum": MsgAusserhalbDesJahres, "messwerte[4].datum": validierung.Pflichtfeld}},
		{"a duplicate date after normalising", &Vorlage{ID: 5, Datumsformat: "TT.MM.JJJJ", Wert: true}, 3,
			zeilen(Messwert{Datum: "1.3.2025"}, Messwert{Datum: "02.03.2025"}, Messwert{Datum: "01.03.2025"}),
			felder{"messwerte[2].datum": MsgDatumDoppelt}},
		{"with times the day and the time must differ", tageswerte, 3,
			zeilen(Messwert{Datum: "01.03.2025", Uhrzeit: "08:00"}, Messwert{Datum: "1.3.2025", Uhrzeit: "14:00"}, Messwert{Datum: "01.03.2025", Uhrzeit: "08:00"}),
			felder{"messwerte[2].datum": MsgDatumDoppelt}},
		{"times are HH:MM on the 24-hour clock", tageswerte, 4, zeilen(Messwert{Datum: "01.03.2025", Uhrzeit: "7:30"},
			Messwert{Datum: "02.03.2025", Uhrzeit: "24:00"}, Messwert{Datum: "03.03.2025", Uhrzeit: "23:59"}, Messwert{Datum: "04.03.2025", Uhrzeit: "12.30"}),
			felder{"messwerte[0].uhrzeit": MsgUhrzeit, "messwerte[1].uhrzeit": MsgUhrzeit, "messwerte[3].uhrzeit": MsgUhrzeit}},
		{"issue 43: with times every row has one (the grid's message)", tageswerte, 3, zeilen(Messwert{Datum: "01.03.2025", Uhrzeit: "08:00"},
			Messwert{Datum: "02.03.2025", Uhrzeit: " "}, Messwert{Datum: "03.03.2025"}),
			felder{"messwerte[1].uhrzeit": MsgUhrzeit, "messwerte[2].uhrzeit": MsgUhrzeit}},
		{"without times a row needs none", tage, 1, zeilen(Messwert{Datum: "01.03.2025"}), nil},
		{"decimals: 0, 0,001 and the largest value are values", tage, 3, zeilen(Messwert{Datum: "01.03.2025", Wert: "0"},
			Messwert{Datum: "02.03.2025", Wert: "0,001"}, Messwert{Datum: "03.03.2025", Wert: "9999999999,999"}), nil},
		{"decimals: thousands separators, negatives, too many digits", tage, 5, zeilen(Messwert{Datum: "01.03.2025", Wert: "1.00"},
			Messwert{Datum: "02.03.2025", Wert: "-1"}, Messwert{Datum: "03.03.2025", Wert: "12,3456"}, Messwert{Datum: "04.03.2025", Wert: "10000000000"},
			Messwert{Datum: "05.03.2025", Wert: "-0,5"}),
			felder{"messwerte[0].wert": validierung.MsgZahlFormat, "messwerte[1].wert": MsgNegativ, "messwerte[2].wert": validierung.MsgWert,
				"messwerte[3].wert": validierung.MsgWert, "messwerte[4].wert": MsgNegativ}},
		{"month format", monatswerte, 5, zeilen(Messwert{Datum: "03.2025", Anzahl: "4"}, Messwert{Datum: "4.2025", Anzahl: "-2"},
			Messwert{Datum: "13.2025"}, Messwert{Datum: "2025"}, Messwert{Datum: "05.2025", Anzahl: "2,5"}),
			felder{"messwerte[1].anzahl": MsgNegativ, "messwerte[2].datum": MsgDatum, "messwerte[3].datum": "Das Datum muss in dem Format MM.JJJJ sein",
				"messwerte[4].anzahl": MsgGanzzahl}},
		{"a month twice", monatswerte, 2, zeilen(Messwert{Datum: "03.2025"}, Messwert{Datum: "3.2025"}), felder{"messwerte[1].datum": MsgDatumDoppelt}},
		{"year format", jahreswert, 1, zeilen(Messwert{Datum: "2025", Wert: "12"}), nil},
		{"year format: four digits", jahreswert, 1, zeilen(Messwert{Datum: "25"}), felder{"messwerte[0].datum": "Das Datum muss in dem Format JJJJ sein"}},
		{"year format: the report's year", jahreswert, 1, zeilen(Messwert{Datum: "2024"}), felder{"messwerte[0].datum": MsgAusserhalbDesJahres}},
		{"a row up to anzahlWerte that was not sent is empty", jahreswert, 1, nil, felder{"messwerte[0].datum": validierung.Pflichtfeld}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decide(given(angelegt), SpeichereMesswerte{ParameterID: 501, AnzahlWerte: tc.anzahl, Vorlage: tc.vorlage,
				Messwerte: tc.zeilen, Rolle: betreiber})
			if got := fehlerfelder(t, err); !reflect.DeepEqual(got, tc.fehler) {
				t.Fatalf("errors %v, want %v", got, tc.fehler)
			}
		})
	}
	_, err := Decide(given(angelegt), SpeichereMesswerte{ParameterID: 501, Status: "FERTIG", Rolle: betreiber})
	if got := fehlerfelder(t, err); !reflect.DeepEqual(got, felder{"status": MsgListenwert}) {
		t.Fatalf("status: %v", got)
	}
}

// TestSpeichereMesswerte_StoredForm: one event with every row, dates as yyyy-MM-dd (yyyy-MM,
// yyyy), values canonical, the columns of the template only, the mean.
func TestSpeichereMesswerte_StoredForm(t *testing.T) {
	v := &Vorlage{ID: 1, MaxZeilenAnzahl: 400, Datumsformat: "T.M.J", Uhrzeit: true, Wert: true, Wetterschluessel: true}
	events, err := Decide(given(angelegt), SpeichereMesswerte{ParameterID: 501, AnzahlWerte: 3, Status: Abgeschlossen, Vorlage: v,
		Messwerte: zeilen(Messwert{Datum: " 1.3.2025 ", Uhrzeit: "08:00", WetterSchluessel: "1", Wert: "012,50", Schwelle: "3"},
			Messwert{Datum: "02.03.2025", Uhrzeit: "09:00", Wert: "0,001"}, Messwert{Datum: "03.03.2025", Uhrzeit: "10:00"},
			Messwert{Datum: "04.03.2025", Wert: "kein Wert, nicht gezählt"}),
		Rolle: betreiber})
	if err != nil {
		t.Fatal(err)
	}
	want := MesswerteGespeichert{ParameterID: 501, Messreihe: Messreihe{VorlageID: 1, AnzahlWerte: 3, Status: Abgeschlossen,
		Messwerte: []Messwert{{Datum: "2025-03-01", Uhrzeit: "08:00", WetterSchluessel: "1", Wert: "12,5"}, {Datum: "2025-03-02", Uhrzeit: "09:00", Wert: "0,001"},
			{Datum: "2025-03-03", Uhrzeit: "10:00"}}, Mittelwert: "6,251"}}
	if !reflect.DeepEqual(events, []ereignis.DomainEvent{want}) {
		t.Fatalf("%+v", events)
	}
	p, _ := given(angelegt, want).ParameterMit(501)
	if !reflect.DeepEqual(p.Messreihe, want.Messreihe) {
		t.Fatalf("%+v", p.Messreihe)
	}
}

func TestSpeichereMesswerte_AYearOfDailyValuesIsOneEvent(t *testing.T) {
	v := &Vorlage{ID: 1, MaxZeilenAnzahl: 366, Datumsformat: "TT.MM.JJJJ", Wert: true}
	var werte []Messwert
	for d := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC); d.Year() == 2025; d = d.AddDate(0, 0, 1) {
		werte = append(werte, Messwert{Datum: DatumAnzeige(d.Format(Datumsformat)), Wert: "42"})
	}
	events, err := Decide(given(angelegt), SpeichereMesswerte{ParameterID: 501, AnzahlWerte: len(werte), Vorlage: v, Messwerte: werte, Rolle: betreiber})
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 1 || len(events[0].(MesswerteGespeichert).Messwerte) != 365 || events[0].(MesswerteGespeichert).Mittelwert != "42" {
		t.Fatalf("%d events", len(events))
	}
}

func TestSpeichereMesswerte_UnchangedIsNoEvent(t *testing.T) {
	v := &Vorlage{ID: 1, MaxZeilenAnzahl: 400, Datumsformat: "TT.MM.JJJJ", Uhrzeit: true, Wert: true}
	cmd := SpeichereMesswerte{ParameterID: 501, AnzahlWerte: 2, Status: Unbearbeitet, Vorlage: v,
		Messwerte: zeilen(Messwert{Datum: "01.03.2025", Uhrzeit: "08:00", Wert: "12,50"}, Messwert{Datum: "02.03.2025", Uhrzeit: "09:00", Wert: "7"}), Rolle: betreiber}
	events, err := Decide(given(angelegt), cmd)
	if err != nil || len(events) != 1 {
		t.Fatalf("%v %v", events, err)
	}
	nach := given(angelegt, events[0])
	// the same values written as the export writes them, rows beyond anzahlWerte ignored
	cmd.Messwerte = zeilen(Messwert{Datum: "1.3.2025", Uhrzeit: "08:00", Wert: "12,5"}, Messwert{Datum: "02.03.2025", Uhrzeit: "09:00", Wert: "7,000"},
		Messwert{Datum: "03.03.2025", Wert: "1"})
	if again, err := Decide(nach, cmd); err != nil || len(again) != 0 {
		t.Fatalf("unchanged re-save: %v %v", typen(again), err)
	}
	// nothing saved before and nothing now: no event either
	if none, err := Decide(given(angelegt), SpeichereMesswerte{ParameterID: 502, Rolle: betreiber}); err != nil || len(none) != 0 {
		t.Fatalf("%v %v", typen(none), err)
	}
	// a change of the status alone is a save
	cmd.Status = Abgeschlossen
	if changed, err := Decide(nach, cmd); err != nil || len(changed) != 1 {
		t.Fatalf("%v %v", typen(changed), err)
	}
}

func TestSpeichereMesswerte_WhoMaySave(t *testing.T) {
	for _, tc := range []struct {
		name   string
		given  []ereignis.DomainEvent
		cmd    SpeichereMesswerte
		fehler felder
	}{
		{"the operator while in work", []ereignis.DomainEvent{angelegt}, SpeichereMesswerte{ParameterID: 501, Status: Abgeschlossen, Rolle: betreiber}, nil},
		{"not the operator once submitted", []ereignis.DomainEvent{angelegt, eingereicht}, SpeichereMesswerte{ParameterID: 501, Status: Abgeschlossen, Rolle: betreiber},
			felder{"": MsgNichtBearbeitbar}},
		{"the checking staff once submitted", []ereignis.DomainEvent{angelegt, eingereicht}, SpeichereMesswerte{ParameterID: 501, Status: Abgeschlossen, Rolle: pruefer}, nil},
		{"nobody once plausibilised", []ereignis.DomainEvent{angelegt, eingereicht, JahresberichtPlausibilisiert{}},
			SpeichereMesswerte{ParameterID: 501, Status: Abgeschlossen, Rolle: admin}, felder{"": MsgPlausibilisiert}},
		{"an unknown parameter", []ereignis.DomainEvent{angelegt}, SpeichereMesswerte{ParameterID: 9, Rolle: betreiber}, nichtGefunden},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decide(given(tc.given...), tc.cmd)
			if got := fehlerfelder(t, err); !reflect.DeepEqual(got, tc.fehler) {
				t.Fatalf("errors %v, want %v", got, tc.fehler)
			}
		})
	}
}

func TestMittelwert_DecimalHalfUpToThreePlaces(t *testing.T) {
	for _, tc := range []struct {
		werte []string
		want  string
	}{
		{nil, ""},
		{[]string{"1", "2"}, "1,5"},
		{[]string{"1", "1", "2"}, "1,333"},
		{[]string{"0,001", "0,002"}, "0,002"}, // 0,0015 rounds up
		{[]string{"2", "2", "1"}, "1,667"},
		{[]string{"0,1", "0,2"}, "0,15"}, // exact in decimal, unlike float
		{[]string{"9999999999,999", "9999999999,999"}, "9999999999,999"},
		{[]string{"", "4"}, "4"},
	} {
		var ms []Messwert
		for _, w := range tc.werte {
			ms = append(ms, Messwert{Wert: w})
		}
		if got := Mittelwert(ms); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.werte, got, tc.want)
		}
	}
}

func TestDatum_FormatsReadAndWriteBack(t *testing.T) {
	for _, tc := range []struct {
		format, eingabe, gespeichert string
	}{
		{"TT.MM.JJJJ", "01.02.2025", "2025-02-01"},
		{"T", "1.2.2025", "2025-02-01"},
		{"tt.mm.jjjj", "29.02.2024", "2024-02-29"},
		{"MM.JJJJ", "02.2025", "2025-02"},
		{"M", "2.2025", "2025-02"},
		{"JJJJ", "2025", "2025"},
	} {
		a, ok := Datumsaufloesung(tc.format)
		if !ok {
			t.Fatalf("%s refused", tc.format)
		}
		got, msg := LiesDatum(tc.eingabe, a)
		if got != tc.gespeichert || msg != "" {
			t.Errorf("%s %s: %q %q", tc.format, tc.eingabe, got, msg)
		}
		if back, _ := LiesDatum(DatumAnzeige(got), a); back != got {
			t.Errorf("%s does not read back: %s", got, DatumAnzeige(got))
		}
	}
	for _, f := range []string{"", "TT.MM", "JJJJ.MM.TT", "TT..JJJJ", "TM.JJJJ", "DD.MM.YYYY", "T.J"} {
		if _, ok := Datumsaufloesung(f); ok {
			t.Errorf("%q accepted", f)
		}
	}
}

// TestMesszahl_GermanFormStoredWithoutThousandsDots: "1.000" is one thousand (spec 001 §1), stored
// as "1000"; a point that groups no three digits is refused, never read as a decimal point.
func TestMesszahl_GermanFormStoredWithoutThousandsDots(t *testing.T) {
	for _, c := range []struct{ ein, kanonisch, fehler string }{
		{"1.000", "1000", ""}, {"1.234,5", "1234,5", ""}, {"1.000,50", "1000,5", ""}, {"0", "0", ""}, {"-1.000", "", MsgNegativ},
		{"1.00", "", validierung.MsgZahlFormat}, {"0.4", "", validierung.MsgZahlFormat}, {"1,2,3", "", validierung.MsgZahlFormat},
	} {
		if k, f := Messzahl(c.ein); k != c.kanonisch || f != c.fehler {
			t.Errorf("Messzahl(%q) = %q %q, want %q %q", c.ein, k, f, c.kanonisch, c.fehler)
		}
	}
}
