package projections

import (
	"runtime/debug"
	"testing"
)

// gcProzent reads the garbage collector's setting without changing it.
func gcProzent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

func TestNeuaufbauGC_CollectsLessOftenAndRestores(t *testing.T) {
	t.Setenv("GOGC", "")
	vorher := gcProzent()
	zurueck := NeuaufbauGC()
	if p := gcProzent(); p != 400 {
		t.Fatalf("GOGC during a rebuild = %d, want 400", p)
	}
	zurueck()
	if p := gcProzent(); p != vorher {
		t.Fatalf("GOGC after = %d, want %d", p, vorher)
	}
}

func TestNeuaufbauGC_LeavesAnOperatorsGOGCAlone(t *testing.T) {
	t.Setenv("GOGC", "150")
	vorher := gcProzent()
	zurueck := NeuaufbauGC()
	defer zurueck()
	if p := gcProzent(); p != vorher {
		t.Fatalf("GOGC = %d, want the operator's %d", p, vorher)
	}
}
