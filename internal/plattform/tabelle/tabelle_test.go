package tabelle

import (
	"errors"
	"fmt"
	"testing"
)

// The rows reach the writing side in order and whole, however the packets are cut; an error of
// either side stops both and is the answer; a panic of the reading side is an error.
func TestFliessband(t *testing.T) {
	lesen := func(n int, fehler error, panik bool) func(zeile func(werte ...any) error) error {
		return func(zeile func(werte ...any) error) error {
			wiederverwendet := make([]any, 2)
			for i := range n {
				if panik && i == 300 {
					panic("kaputt")
				}
				wiederverwendet[0], wiederverwendet[1] = i, fmt.Sprint("Zeile ", i)
				if err := zeile(wiederverwendet...); err != nil {
					return err
				}
			}
			return fehler
		}
	}
	for _, n := range []int{0, 1, paketGroesse, paketGroesse + 1, 3*paketGroesse + 17} {
		var gesehen int
		err := fliessband(lesen(n, nil, false), func(k int, werte []any) error {
			if k != gesehen+1 || werte[0] != k-1 || werte[1] != fmt.Sprint("Zeile ", k-1) {
				return fmt.Errorf("row %d: %v", k, werte)
			}
			gesehen = k
			return nil
		})
		if err != nil || gesehen != n {
			t.Fatalf("%d rows: %d seen, %v", n, gesehen, err)
		}
	}
	lesefehler := errors.New("Verbindung abgebrochen")
	if err := fliessband(lesen(1000, lesefehler, false), func(int, []any) error { return nil }); !errors.Is(err, lesefehler) {
		t.Fatalf("reading error: %v", err)
	}
	schreibfehler := errors.New("Platte voll")
	gelesen := 0
	err := fliessband(func(zeile func(werte ...any) error) error {
		for i := range 100_000 {
			gelesen = i
			if err := zeile(i); err != nil {
				return err
			}
		}
		return nil
	}, func(k int, _ []any) error {
		if k == 10 {
			return schreibfehler
		}
		return nil
	})
	if !errors.Is(err, schreibfehler) || gelesen > 10*paketGroesse {
		t.Fatalf("writing error: %v after %d rows read", err, gelesen)
	}
	if err := fliessband(lesen(1000, nil, true), func(int, []any) error { return nil }); err == nil {
		t.Fatal("a panic of the reading side went unnoticed")
	}
}
