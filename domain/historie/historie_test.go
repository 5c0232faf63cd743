package historie

import (
	"errors"
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
