package werteliste

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

func roh(s string) json.RawMessage { return json.RawMessage(s) }

func eingabe(t *testing.T, s string) Eingabe {
	t.Helper()
	var e Eingabe
	if err := json.Unmarshal([]byte(s), &e); err != nil {
		t.Fatal(err)
	}
	return e
}

const vorlageLeer = `{"abfluss":false,"datumsformat":"TT.MM.JJJJ","konzentration":false,"maxZeilenAnzahl":"366","messwertAnzahl":false,` +
	`"messwertAnzahlGreater12":false,"messwertMaxQ":false,"messwertMaxWert":false,"schwelle":false,"uhrzeit":true,"wert":false,"wetterschluessel":false}`

// Issue 43, item 3: the Fachadmin keeps the § 6 AbwV columns of anforderungsparameter and
// nothing else; the Systemadmin keeps everything.
func TestAenderbareSpalten(t *testing.T) {
	parameter, _ := Nach("anforderungsparameter")
	anrede, _ := Nach("anrede")
	tests := []struct {
		def    Definition
		rollen []string
		nur    []string
		ok     bool
	}{
		{parameter, []string{"SYSTEMADMIN"}, nil, true},
		{parameter, []string{"FACHADMIN"}, []string{"signifikanteStellen", "abwvKennung"}, true},
		{parameter, []string{"FACHADMIN", "SYSTEMADMIN"}, nil, true},
		{parameter, []string{"ZUST_SBS"}, nil, false},
		{anrede, []string{"FACHADMIN"}, nil, false},
		{anrede, []string{"SYSTEMADMIN"}, nil, true},
	}
	for _, tt := range tests {
		nur, ok := tt.def.AenderbareSpalten(tt.rollen)
		if ok != tt.ok || !reflect.DeepEqual(nur, tt.nur) {
			t.Errorf("%s × %v = %v, %v; want %v, %v", tt.def.Name, tt.rollen, nur, ok, tt.nur, tt.ok)
		}
	}
	if got := parameter.Pflegeaktionen(); len(got) != 1 || got[0] != "PARAMETER_STELLEN_PFLEGEN" {
		t.Errorf("Pflegeaktionen = %v", got)
	}
	for _, d := range Listen {
		if d.Name != parameter.Name && len(d.Pflegeaktionen()) > 0 {
			t.Errorf("%s: columns kept by another action than SYSTEMVERWALTUNG_BEARBEITEN", d.Name)
		}
	}
}

func TestDecide(t *testing.T) {
	angelegt := EintragAngelegt{Liste: "anrede", Wert: "Frau"}
	systeme := Bestand{Eintraege: map[string][]int64{"entlastungssystem": {11, 12}}}
	rue := EintragAngelegt{Liste: "entlastungstyp", Wert: "Regenüberlaufbecken", Extras: roh(`{"entlastungssysteme":[11]}`)}
	vorlage := EintragAngelegt{Liste: "selbstueberwachungVorlage", Wert: "Stichproben", Extras: roh(vorlageLeer)}
	kommunal := EintragAngelegt{Liste: "betriebstyp", Wert: "Kommunal", Schluessel: "KOMMUNAL"}
	// an entry of anforderungsparameter saved before the § 6 AbwV columns, and the columns the
	// Fachadmin may change in it (issue 43, item 3)
	csb := EintragAngelegt{Liste: "anforderungsparameter", Wert: "301 CSB",
		Extras: roh(`{"betriebstypen":[],"parameterArten":[],"parameterName":"CSB","parameterNr":"301"}`)}
	stellen := []string{"signifikanteStellen", "abwvKennung"}
	type fehler struct{ feld, text string } // feld "" for a rule or a plain error
	tests := []struct {
		name  string
		given []ereignis.DomainEvent
		when  func(t *testing.T) Befehl
		then  []ereignis.DomainEvent
		err   *fehler
	}{
		{"new entry is trimmed", nil, func(*testing.T) Befehl { return LegeEintragAn{Liste: "anrede", Wert: " Frau "} },
			[]ereignis.DomainEvent{angelegt}, nil},
		{"value is required", nil, func(*testing.T) Befehl { return LegeEintragAn{Liste: "anrede", Wert: "  "} },
			nil, &fehler{"value", "Dieses Feld ist ein Pflichtfeld."}},
		{"value is unique in its list regardless of case", nil,
			func(*testing.T) Befehl {
				return LegeEintragAn{Liste: "anrede", Wert: "frau ", Bestand: Bestand{Werte: []string{"Herr", "Frau"}}}
			},
			nil, &fehler{"value", "Dieser Wert ist in der Werteliste bereits vorhanden."}},
		{"unknown list", nil, func(*testing.T) Befehl { return LegeEintragAn{Liste: "gibtsnicht", Wert: "x"} },
			nil, &fehler{"liste", "Die Werteliste „gibtsnicht“ gibt es nicht."}},
		{"created twice", []ereignis.DomainEvent{angelegt}, func(*testing.T) Befehl { return LegeEintragAn{Liste: "anrede", Wert: "Herr"} },
			nil, &fehler{"", "Der Wertelisteneintrag existiert bereits."}},
		{"extra columns of another list are ignored", nil,
			func(t *testing.T) Befehl {
				return LegeEintragAn{Liste: "anrede", Wert: "Frau", Extras: eingabe(t, `{"uhrzeit":true}`)}
			},
			[]ereignis.DomainEvent{angelegt}, nil},

		{"entlastungstyp refers to entlastungssystem entries, sorted and once each", nil,
			func(t *testing.T) Befehl {
				return LegeEintragAn{Liste: "entlastungstyp", Wert: "Regenrückhaltebecken", Bestand: systeme,
					Extras: eingabe(t, `{"entlastungssysteme":[12, {"id": 11}, "12"]}`)}
			},
			[]ereignis.DomainEvent{EintragAngelegt{Liste: "entlastungstyp", Wert: "Regenrückhaltebecken", Extras: roh(`{"entlastungssysteme":[11,12]}`)}}, nil},
		{"entlastungstyp without systems", nil,
			func(t *testing.T) Befehl { return LegeEintragAn{Liste: "entlastungstyp", Wert: "Stauraumkanal"} },
			[]ereignis.DomainEvent{EintragAngelegt{Liste: "entlastungstyp", Wert: "Stauraumkanal", Extras: roh(`{"entlastungssysteme":[]}`)}}, nil},
		{"a reference to an unknown entry is refused", nil,
			func(t *testing.T) Befehl {
				return LegeEintragAn{Liste: "entlastungstyp", Wert: "Stauraumkanal", Bestand: systeme, Extras: eingabe(t, `{"entlastungssysteme":[99]}`)}
			},
			nil, &fehler{"entlastungssysteme", "Der gewählte Eintrag existiert nicht."}},
		{"a Selbstüberwachung template gets every column", nil,
			func(t *testing.T) Befehl {
				return LegeEintragAn{Liste: "selbstueberwachungVorlage", Wert: "Stichproben",
					Extras: eingabe(t, `{"datumsformat":" TT.MM.JJJJ ","maxZeilenAnzahl":"366","uhrzeit":true,"unbekannt":1}`)}
			},
			[]ereignis.DomainEvent{vorlage}, nil},
		{"template date format is checked", nil,
			func(t *testing.T) Befehl {
				return LegeEintragAn{Liste: "selbstueberwachungVorlage", Wert: "x", Extras: eingabe(t, `{"datumsformat":"TT/MM/JJJJ"}`)}
			},
			nil, &fehler{"datumsformat", "Ungueltiges Datumsformat"}},
		{"template date format is required", nil,
			func(t *testing.T) Befehl { return LegeEintragAn{Liste: "selbstueberwachungVorlage", Wert: "x"} },
			nil, &fehler{"datumsformat", "Dieses Feld ist ein Pflichtfeld."}},
		{"template rows are a number", nil,
			func(t *testing.T) Befehl {
				return LegeEintragAn{Liste: "selbstueberwachungVorlage", Wert: "x", Extras: eingabe(t, `{"datumsformat":"JJJJ","maxZeilenAnzahl":"viele"}`)}
			},
			nil, &fehler{"maxZeilenAnzahl", "Es muss eine Zahl oder nichts eingegeben werden."}},
		// § 6 Abs. 2 AbwV: "mindestens jedoch zwei signifikante Stellen" (issue 43, item 3)
		{"a parameter's significant digits are two or more", nil,
			func(t *testing.T) Befehl {
				return LegeEintragAn{Liste: "anforderungsparameter", Wert: "301 CSB",
					Extras: eingabe(t, `{"parameterNr":"301","parameterName":"CSB","signifikanteStellen":"1"}`)}
			},
			nil, &fehler{"signifikanteStellen", "Es muss eine ganze Zahl von 2 bis 10 oder nichts eingegeben werden."}},
		{"a parameter's § 6 mark is one of the list", nil,
			func(t *testing.T) Befehl {
				return LegeEintragAn{Liste: "anforderungsparameter", Wert: "301 CSB",
					Extras: eingabe(t, `{"parameterNr":"301","parameterName":"CSB","abwvKennung":"BSB"}`)}
			},
			nil, &fehler{"abwvKennung", "Erlaubt sind CSB, TOC, NGES, TNB oder nichts."}},
		{"a parameter with digits and mark", nil,
			func(t *testing.T) Befehl {
				return LegeEintragAn{Liste: "anforderungsparameter", Wert: "301 CSB",
					Extras: eingabe(t, `{"parameterNr":"301","parameterName":"CSB","signifikanteStellen":"3","abwvKennung":"CSB"}`)}
			},
			[]ereignis.DomainEvent{EintragAngelegt{Liste: "anforderungsparameter", Wert: "301 CSB", Extras: roh(`{"abwvKennung":"CSB",` +
				`"betriebstypen":[],"parameterArten":[],"parameterName":"CSB","parameterNr":"301","signifikanteStellen":"3"}`)}}, nil},
		{"a flag must be a boolean", nil,
			func(t *testing.T) Befehl {
				return LegeEintragAn{Liste: "selbstueberwachungVorlage", Wert: "x", Extras: eingabe(t, `{"datumsformat":"JJJJ","uhrzeit":"ja"}`)}
			},
			nil, &fehler{"uhrzeit", "Ungültiger Wert."}},

		{"enumeration entry with its identifier", nil,
			func(*testing.T) Befehl {
				return LegeEintragAn{Liste: "betriebstyp", Wert: "Kommunal", Schluessel: "KOMMUNAL"}
			},
			[]ereignis.DomainEvent{kommunal}, nil},
		{"enumeration identifiers are fixed", nil,
			func(*testing.T) Befehl {
				return LegeEintragAn{Liste: "betriebstyp", Wert: "Sonstiges", Schluessel: "SONSTIGES"}
			},
			nil, &fehler{"schluessel", "Der Schlüssel „SONSTIGES“ ist in dieser Werteliste nicht vorgesehen."}},
		{"enumeration identifier only once", nil,
			func(*testing.T) Befehl {
				return LegeEintragAn{Liste: "betriebstyp", Wert: "Kommune", Schluessel: "KOMMUNAL", Bestand: Bestand{Schluessel: []string{"KOMMUNAL"}}}
			},
			nil, &fehler{"schluessel", "Dieser Schlüssel ist in der Werteliste bereits vorhanden."}},
		{"plain lists have no identifiers", nil,
			func(*testing.T) Befehl { return LegeEintragAn{Liste: "anrede", Wert: "Frau", Schluessel: "FRAU"} },
			nil, &fehler{"schluessel", "Diese Werteliste hat keine Schlüssel."}},

		{"change", []ereignis.DomainEvent{angelegt}, func(*testing.T) Befehl { return AendereEintrag{Wert: "Divers"} },
			[]ereignis.DomainEvent{EintragGeaendert{Wert: "Divers"}}, nil},
		{"same value changes nothing", []ereignis.DomainEvent{angelegt}, func(*testing.T) Befehl { return AendereEintrag{Wert: " Frau"} },
			nil, nil},
		{"change to the value of another entry", []ereignis.DomainEvent{angelegt},
			func(*testing.T) Befehl {
				return AendereEintrag{Wert: "HERR", Bestand: Bestand{Werte: []string{"Herr"}}}
			},
			nil, &fehler{"value", "Dieser Wert ist in der Werteliste bereits vorhanden."}},
		{"change of the extra columns only", []ereignis.DomainEvent{rue},
			func(t *testing.T) Befehl {
				return AendereEintrag{Wert: "Regenüberlaufbecken", Bestand: systeme, Extras: eingabe(t, `{"entlastungssysteme":[11,12]}`)}
			},
			[]ereignis.DomainEvent{EintragGeaendert{Extras: roh(`{"entlastungssysteme":[11,12]}`)}}, nil},
		{"columns left out keep their value", []ereignis.DomainEvent{vorlage},
			func(t *testing.T) Befehl {
				return AendereEintrag{Wert: "Stichproben mit Uhrzeit", Extras: eingabe(t, `{"wert":true}`)}
			},
			[]ereignis.DomainEvent{EintragGeaendert{Wert: "Stichproben mit Uhrzeit",
				Extras: roh(strings.Replace(vorlageLeer, `"wert":false`, `"wert":true`, 1))}}, nil},
		{"unchanged columns change nothing", []ereignis.DomainEvent{vorlage},
			func(t *testing.T) Befehl {
				return AendereEintrag{Wert: "Stichproben", Extras: eingabe(t, `{"uhrzeit":true}`)}
			},
			nil, nil},
		{"the Fachadmin enters a parameter's digits and mark", []ereignis.DomainEvent{csb},
			func(t *testing.T) Befehl {
				return AendereEintrag{Wert: "301 CSB", NurSpalten: stellen, Extras: eingabe(t,
					`{"parameterNr":"301","parameterName":"CSB","parameterArten":[],"signifikanteStellen":"3","abwvKennung":"CSB"}`)}
			},
			[]ereignis.DomainEvent{EintragGeaendert{Extras: roh(`{"abwvKennung":"CSB","betriebstypen":[],"parameterArten":[],` +
				`"parameterName":"CSB","parameterNr":"301","signifikanteStellen":"3"}`)}}, nil},
		{"the Fachadmin changes no other column", []ereignis.DomainEvent{csb},
			func(t *testing.T) Befehl {
				return AendereEintrag{Wert: "301 CSB", NurSpalten: stellen, Extras: eingabe(t, `{"parameterName":"CSB gesamt","signifikanteStellen":"3"}`)}
			},
			nil, &fehler{"", validierung.NichtErlaubt.Error()}},
		{"the Fachadmin changes not the value", []ereignis.DomainEvent{csb},
			func(t *testing.T) Befehl {
				return AendereEintrag{Wert: "301 CSB (homogenisiert)", NurSpalten: stellen, Extras: eingabe(t, `{"signifikanteStellen":"3"}`)}
			},
			nil, &fehler{"", validierung.NichtErlaubt.Error()}},
		{"the Fachadmin's digits are checked like anybody's", []ereignis.DomainEvent{csb},
			func(t *testing.T) Befehl {
				return AendereEintrag{Wert: "301 CSB", NurSpalten: stellen, Extras: eingabe(t, `{"signifikanteStellen":"1"}`)}
			},
			nil, &fehler{"signifikanteStellen", "Es muss eine ganze Zahl von 2 bis 10 oder nichts eingegeben werden."}},
		{"deleted entry cannot change", []ereignis.DomainEvent{angelegt, EintragGeloescht{}},
			func(*testing.T) Befehl { return AendereEintrag{Wert: "x"} }, nil, &fehler{"", validierung.NichtGefunden.Error()}},

		{"delete", []ereignis.DomainEvent{angelegt}, func(*testing.T) Befehl { return LoescheEintrag{} },
			[]ereignis.DomainEvent{EintragGeloescht{}}, nil},
		{"a referenced entry cannot be deleted", []ereignis.DomainEvent{angelegt},
			func(*testing.T) Befehl { return LoescheEintrag{Referenziert: true} }, nil, &fehler{"", TextReferenziert}},
		{"enumeration entries cannot be deleted", []ereignis.DomainEvent{kommunal},
			func(*testing.T) Befehl { return LoescheEintrag{} }, nil, &fehler{"", TextAufzaehlung}},
		{"deleted twice", []ereignis.DomainEvent{angelegt, EintragGeloescht{}},
			func(*testing.T) Befehl { return LoescheEintrag{} }, nil, &fehler{"", validierung.NichtGefunden.Error()}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			state := Eintrag{}
			for _, e := range tt.given {
				state = Evolve(state, e)
			}
			got, err := Decide(state, tt.when(t))
			if tt.err != nil {
				var f *validierung.Fehler
				switch {
				case err == nil:
					t.Fatalf("no error, events %v; want %q", got, tt.err.text)
				case tt.err.feld != "":
					if !errors.As(err, &f) || f.Felder[tt.err.feld] != tt.err.text {
						t.Fatalf("err = %v (%#v), want %s: %q", err, f, tt.err.feld, tt.err.text)
					}
				case err.Error() != tt.err.text:
					t.Fatalf("err = %v, want %q", err, tt.err.text)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.then) {
				t.Fatalf("got %v, %v; want %v", eventsText(got), err, eventsText(tt.then))
			}
		})
	}
}

func eventsText(es []ereignis.DomainEvent) string {
	b, _ := json.Marshal(es)
	return string(b)
}

func TestDecode_EventsWithoutExtrasStillReadAndExtrasFromJsonbAreCanonical(t *testing.T) {
	alt, err := Decode("WertelisteEintragAngelegt", roh(`{"liste": "anrede", "wert": "Frau"}`))
	if err != nil || !reflect.DeepEqual(alt, EintragAngelegt{Liste: "anrede", Wert: "Frau"}) {
		t.Fatalf("old event: %#v, %v", alt, err)
	}
	geaendert, err := Decode("WertelisteEintragGeaendert", roh(`{"wert": "Herr"}`))
	if err != nil || !reflect.DeepEqual(geaendert, EintragGeaendert{Wert: "Herr"}) {
		t.Fatalf("old change: %#v, %v", geaendert, err)
	}
	// jsonb orders keys by length and writes spaces; the decided events are compact and sorted
	neu, err := Decode("WertelisteEintragGeaendert", roh(`{"extras": {"wert": true, "abfluss": false, "entlastungssysteme": [12, 3]}}`))
	want := EintragGeaendert{Extras: roh(`{"abfluss":false,"entlastungssysteme":[12,3],"wert":true}`)}
	if err != nil || !reflect.DeepEqual(neu, want) {
		t.Fatalf("extras: %s, %v", eventsText([]ereignis.DomainEvent{neu}), err)
	}
}

func TestListen_NamesAndColumnsAreConsistent(t *testing.T) {
	gesehen := map[string]bool{}
	verwaltung := 0
	for _, d := range Listen {
		if gesehen[d.Name] || d.Name == "" || d.Bezeichnung == "" {
			t.Errorf("list %q: duplicate or unnamed", d.Name)
		}
		gesehen[d.Name] = true
		if d.Verwaltung {
			verwaltung++
		}
		for _, x := range d.Extras {
			switch x.Name {
			case "id", "value", "version", "schluessel", "position":
				t.Errorf("%s: extra column %s hides a member of every entry", d.Name, x.Name)
			}
			if (x.Art == Referenz || x.Art == Referenzen) != (x.Liste != "") {
				t.Errorf("%s.%s: references need a list, others none", d.Name, x.Name)
			}
		}
		for p, feld := range d.Filter {
			if _, ok := d.Extra(feld); !ok {
				t.Errorf("%s: filter %s names no column %s", d.Name, p, feld)
			}
		}
	}
	for _, d := range Listen {
		for _, x := range d.Extras {
			if x.Liste != "" && !gesehen[x.Liste] {
				t.Errorf("%s.%s refers to unknown list %s", d.Name, x.Name, x.Liste)
			}
		}
	}
	if verwaltung != 35 {
		t.Errorf("%d lists on the Wertelisten screen, spec 002 §3 names 35", verwaltung)
	}
	if len(Messstellentypen) != 26 || Messstellentypen[14] != "NR_15" || Messstellentypen[15] != "NR_20" {
		t.Errorf("Messstellentypen = %v", Messstellentypen)
	}
}
