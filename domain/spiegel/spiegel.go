// Package spiegel keeps a frontend file generated from a Go table equal to it: the tests of
// the tables' packages call Pruefe, and `go test <package> -run Frontend -update` rewrites the
// file after a change of the table.
package spiegel

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the frontend files generated from the Go tables")

// Pruefe fails t when datei differs from want (with -update it writes want first); quelle names
// the table and paket the package whose test regenerates it ("./domain/anlage").
func Pruefe(t testing.TB, datei, want, quelle, paket string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(datei, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(datei)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s differs from %s; run: go test %s -run Frontend -update", datei, quelle, paket)
	}
}
