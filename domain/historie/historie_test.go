package historie

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

func TestPruefe(t *testing.T) {
	heute := time.Date(2026, 11, 21, 15, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		ai      *AuditInfo
		letzter string
		art     Verletzung
		msg     string
		ersetzt bool
	}{
		{"missing", nil, "2026-01-01", Missing, MsgFehlt, false},
		{"future", &AuditInfo{GueltigAb: "2026-11-22"}, "", Missing, MsgZukunft, false},
		{"today is fine", &AuditInfo{GueltigAb: "2026-11-21"}, "2026-01-01", "", "", false},
		{"before latest", &AuditInfo{GueltigAb: "2025-12-31"}, "2026-01-01", SucceedingPresent, MsgRueckwirkend, false},
		{"same day asks", &AuditInfo{GueltigAb: "2026-01-01"}, "2026-01-01", SameDatePresent, MsgGleicherTag, false},
		{"same day confirmed", &AuditInfo{GueltigAb: "2026-01-01", Ueberschreiben: true}, "2026-01-01", "", "", true},
		{"bad date", &AuditInfo{GueltigAb: "01.01.2026"}, "", Missing, MsgDatum, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ersetzt, err := Pruefe(tt.ai, tt.letzter, heute)
			if tt.art == "" {
				if err != nil || ersetzt != tt.ersetzt {
					t.Fatalf("err %v ersetzt %v", err, ersetzt)
				}
				return
			}
			var v *Verstoss
			var f *validierung.Fehler
			if !errors.As(err, &v) || v.Art != tt.art || !errors.As(err, &f) || err.Error() != tt.msg ||
				v.ErrorMembers()["auditInfoViolation"] != string(tt.art) {
				t.Fatalf("err = %v (%T)", err, err)
			}
		})
	}
}

func TestVerkette(t *testing.T) {
	vs := Verkette([]Version{{GueltigAb: "2020-01-01"}, {GueltigAb: "2024-03-01"}}, func(v *Version) *Version { return v })
	if vs[0].GueltigBis != "2024-02-29" || vs[1].GueltigBis != Ende || vs[0].Aktuell || !vs[1].Aktuell {
		t.Fatalf("%+v", vs)
	}
}

// Given the last version (or none), when an event of each kind arrives, then its step is the
// one every area's Versionsschritt relies on.
func TestSchritte_GeaendertDatiertFortgeschrieben(t *testing.T) {
	letzte := &Version{GueltigAb: "2026-03-01", Aenderungsgrund: "Umbenennung"}
	tests := []struct {
		name string
		got  Schritt
		want Schritt
	}{
		{"a change opens a version", Geaendert(letzte, false, "2026-05-01", "Neu"), Schritt{Oeffnet, "2026-05-01", "Neu"}},
		{"a correction replaces the last, keeping its reason", Geaendert(letzte, true, "2026-03-01", ""), Schritt{Ersetzt, "2026-03-01", "Umbenennung"}},
		{"a same-day change with its own reason overwrites the last", Geaendert(letzte, true, "2026-03-01", "Tippfehler"), Schritt{Ueberschreibt, "2026-03-01", "Tippfehler"}},
		{"a correction without a version opens one", Geaendert(nil, true, "2026-03-01", "x"), Schritt{Oeffnet, "2026-03-01", "x"}},
		{"a dated event after the last opens one", Datiert(letzte, "2026-04-01", "Stilllegung"), Schritt{Oeffnet, "2026-04-01", "Stilllegung"}},
		{"a dated event within the last amends it", Datiert(letzte, "2026-03-01", "Stilllegung"), Schritt{Ersetzt, "2026-03-01", "Umbenennung"}},
		{"a dated event before any version opens one", Datiert(nil, "2026-03-01", "Stilllegung"), Schritt{Oeffnet, "2026-03-01", "Stilllegung"}},
		{"any other event amends the last", Fortgeschrieben(letzte), Schritt{Ersetzt, "2026-03-01", "Umbenennung"}},
		{"any other event before a version shows nothing", Fortgeschrieben(nil), Schritt{Art: Bleibt}},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, tt.got, tt.want)
		}
	}
}

func TestPruefeAngabe_RealDatesAndTheLengthTableWhetherOrNotTheSaveIsHistorised(t *testing.T) {
	lang := strings.Repeat("ü", validierung.Hoechstlaenge("aenderungsgrund")+1)
	for _, tt := range []struct {
		name string
		ai   *AuditInfo
		feld string
	}{
		{"none", nil, ""},
		{"no date", &AuditInfo{Aenderungsgrund: "Umzug"}, ""},
		{"a date", &AuditInfo{GueltigAb: "2024-02-29", Aenderungsgrund: "Umzug"}, ""},
		{"31 February", &AuditInfo{GueltigAb: "2025-02-31"}, "auditInfo.gueltigAb"},
		{"29 February of a common year", &AuditInfo{GueltigAb: "2025-02-29"}, "auditInfo.gueltigAb"},
		{"German format", &AuditInfo{GueltigAb: "01.02.2025"}, "auditInfo.gueltigAb"},
		{"with a time", &AuditInfo{GueltigAb: "2025-02-01T00:00:00Z"}, "auditInfo.gueltigAb"},
		{"overlong reason", &AuditInfo{GueltigAb: "2025-02-01", Aenderungsgrund: lang}, "auditInfo.aenderungsgrund"},
	} {
		err := PruefeAngabe(tt.ai)
		var f *validierung.Fehler
		switch {
		case tt.feld == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.feld != "" && (!errors.As(err, &f) || f.Felder[tt.feld] == ""):
			t.Errorf("%s: %v, want a message at %s", tt.name, err, tt.feld)
		}
	}
}

func TestDatierung_OnlyASaveThatDatedAVersionCarriesItsAuditEntry(t *testing.T) {
	if _, _, ok := Datierung("2026-01-01", "", true); ok {
		t.Error("a save of fields that are not historised dated a version")
	}
	if ab, grund, ok := Datierung("2026-03-01", "Umzug", false); !ok || ab != "2026-03-01" || grund != "Umzug" {
		t.Errorf("new version: %s %s %v", ab, grund, ok)
	}
	if _, _, ok := Datierung("2026-03-01", "Umzug", true); !ok {
		t.Error("a confirmed same-day entry is a dated version")
	}
}
