package ereignistest

import (
	"errors"
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Gegeben is the "given" step of a decider's given/when/then test: it returns the function that
// folds events onto the zero state with evolve. A test package writes it once,
// `var given = ereignistest.Gegeben(Evolve)`.
func Gegeben[S any](evolve func(S, ereignis.DomainEvent) S) func(...ereignis.DomainEvent) S {
	return func(events ...ereignis.DomainEvent) S {
		var s S
		for _, e := range events {
			s = evolve(s, e)
		}
		return s
	}
}

// Mit is v changed by f: a test's variant of a fixture.
func Mit[T any](v T, f func(*T)) T {
	f(&v)
	return v
}

// Zeiger is a pointer to v (an optional field's value in a fixture).
func Zeiger[T any](v T) *T { return &v }

// Felder are the expected field errors of a refusal, field → message; a rule, conflict or
// permission error has the key "", and no error is nil.
type Felder map[string]string

// Fehlerfelder are the field errors of err as Felder; it fails t when err is not an error the
// user is shown.
func Fehlerfelder(t testing.TB, err error) Felder {
	t.Helper()
	if err == nil {
		return nil
	}
	var f *validierung.Fehler
	var k *validierung.Konflikt
	switch {
	case errors.As(err, &f):
		if f.Message != "" {
			return Felder{"": f.Message}
		}
		return Felder(f.Felder)
	case errors.As(err, &k):
		return Felder{"": k.Message}
	case errors.Is(err, validierung.NichtErlaubt), errors.Is(err, validierung.NichtGefunden):
		return Felder{"": err.Error()}
	}
	t.Fatalf("not a user-facing error: %v", err)
	return nil
}
