// Package ereignistest holds what the deciders' tests share: the fuzz check, the given step
// and the reading of a refusal's field errors.
package ereignistest

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Entscheide decides cmd on state with d and checks what every decider promises, whatever the
// input: the events it decides apply and read back as they were written, and a refusal is an
// error the user is shown (validierung.Fehler or Konflikt, NichtGefunden, NichtErlaubt), never
// an internal one. A panic fails the fuzz run by itself.
func Entscheide[S, C any](t testing.TB, d ereignis.Decider[S, C], state S, cmd C) {
	t.Helper()
	events, err := d.Decide(state, cmd)
	if err != nil {
		var vf *validierung.Fehler
		var kf *validierung.Konflikt
		if !errors.As(err, &vf) && !errors.As(err, &kf) && !errors.Is(err, validierung.NichtGefunden) &&
			!errors.Is(err, validierung.NichtErlaubt) {
			t.Fatalf("%T: not a user-facing error: %v", cmd, err)
		}
		return
	}
	for _, e := range events {
		state = d.Evolve(state, e)
		raw, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("%T: %v", e, err)
		}
		if _, err := d.Decode(e.EventType(), raw); err != nil {
			t.Fatalf("%s does not read back: %v", e.EventType(), err)
		}
	}
}
