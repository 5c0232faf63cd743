package kalender

import (
	"testing"
	"time"
)

func TestJetzt_IsTheDateInBerlin(t *testing.T) {
	if Jetzt().Location().String() != "Europe/Berlin" {
		t.Fatalf("zone %s", Jetzt().Location())
	}
	// 23:30 UTC in winter is already the next day in Berlin
	spaet := time.Date(2026, 11, 23, 23, 30, 0, 0, time.UTC).In(Zone)
	if spaet.Day() != 24 {
		t.Fatalf("23:30 UTC is %s in Berlin, want the 24th", spaet)
	}
}
