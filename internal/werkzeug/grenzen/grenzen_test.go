package grenzen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
)

const modul = "github.com/eabwasser/eabwasser"

// paket is the part of `go list -json` this test reads.
type paket struct {
	ImportPath string
	Imports    []string // direct imports, without those of the tests
	Deps       []string // every package it needs, transitively
}

// ausnahme is a boundary violation that exists today and is accepted until the issue named in
// Grund removes it. It allows the packages matching Von (a prefix) to import Ueber directly,
// and with it whatever Ueber pulls in. A new direct import of a forbidden package, or a
// forbidden package pulled in through any other import, still fails.
type ausnahme struct {
	Von, Ueber, Grund string
}

// domainAusnahmen are the accepted boundary violations of domain/: none since issue 12 point 6
// moved DomainEvent and Decider into domain/ereignis (no database imports).
var domainAusnahmen []ausnahme

// schichten is the layer order of the module's folders, lowest first (docs/architektur.md, "The
// house"): a package may import packages of its own folder's layer or of a lower one, never of a
// higher one. Every package of the module lies in exactly one of these folders.
var schichten = []string{
	"domain",               // pure rules: no database, no HTTP, nothing below
	"internal/plattform",   // configuration, mail, NATS, tables, prints, geodata, the calendar
	"eventstore",           // the record and the command path
	"internal/zugriff",     // the shared access rules (who sees and may do what)
	"internal/dokumente",   // the write side's documents, written in the command's transaction
	"projections",          // the runtime and the read models built from the events
	"internal/anwendung",   // the application services, one per area, and what they share
	"httpapi",              // the HTTP adapter
	"frontend",             // the built frontend, embedded
	"internal/verdrahtung", // the wiring of one process (server, CLI, tests)
	"internal/werkzeug",    // tooling: seed, bench, the test database, checks
	"cmd",                  // the binary
}

// schicht is the index of the layer a package of the module lies in, -1 for none.
func schicht(rel string) int {
	for i, ordner := range schichten {
		if unter(rel, ordner) {
			return i
		}
	}
	return -1
}

func ladePakete(t *testing.T) map[string]paket {
	t.Helper()
	_, datei, _, _ := runtime.Caller(0)
	wurzel := filepath.Join(filepath.Dir(datei), "..", "..", "..")
	cmd := exec.Command("go", "list", "-deps", "-json", "./...")
	cmd.Dir = wurzel
	var fehler bytes.Buffer
	cmd.Stderr = &fehler
	aus, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, fehler.String())
	}
	pakete := map[string]paket{}
	dec := json.NewDecoder(bytes.NewReader(aus))
	for {
		var p paket
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list -json: %v", err)
		}
		pakete[p.ImportPath] = p
	}
	return pakete
}

// relativ is a package's path inside the module ("domain/betrieb"), or "" outside it.
func relativ(importPfad string) string {
	if importPfad == modul {
		return "."
	}
	rest, ok := strings.CutPrefix(importPfad, modul+"/")
	if !ok {
		return ""
	}
	return rest
}

func unter(rel, ordner string) bool { return rel == ordner || strings.HasPrefix(rel, ordner+"/") }

// verstoesse lists every forbidden package that a package under `ordner` imports directly or
// pulls in through one of its direct imports, except through an import an ausnahme allows,
// and every ausnahme that is no longer needed.
func verstoesse(pakete map[string]paket, ordner string, verboten func(string) bool, ausnahmen []ausnahme) []string {
	var namen []string
	for name := range pakete {
		if unter(relativ(name), ordner) {
			namen = append(namen, name)
		}
	}
	sort.Strings(namen)
	if len(namen) == 0 {
		return []string{fmt.Sprintf("kein Paket unter %s/: ist die Struktur jetzt eine andere?", ordner)}
	}
	var gefunden []string
	benutzt := map[ausnahme]bool{}
	for _, name := range namen {
		rel := relativ(name)
		for _, imp := range pakete[name].Imports {
			if i := slices.IndexFunc(ausnahmen, func(a ausnahme) bool {
				return strings.HasPrefix(rel, a.Von) && relativ(imp) == a.Ueber
			}); i >= 0 {
				benutzt[ausnahmen[i]] = true
				continue
			}
			if verboten(imp) {
				gefunden = append(gefunden, fmt.Sprintf("%s importiert %s", rel, anzeige(imp)))
				continue
			}
			if unter(relativ(imp), ordner) {
				continue // checked on its own
			}
			var mit []string
			for _, dep := range pakete[imp].Deps {
				// database/sql/driver holds only interfaces: a value library brings it along to
				// be storable (shopspring/decimal's Decimal is a driver.Valuer); no driver, no
				// connection comes with it. A package of ours importing it directly still counts.
				if dep != "database/sql/driver" && verboten(dep) {
					mit = append(mit, anzeige(dep))
				}
			}
			if len(mit) > 0 {
				gefunden = append(gefunden, fmt.Sprintf("%s importiert %s, das %s mitbringt", rel, anzeige(imp), strings.Join(mit, ", ")))
			}
		}
	}
	for _, a := range ausnahmen {
		if !benutzt[a] {
			gefunden = append(gefunden, fmt.Sprintf("Ausnahme %s* → %s wird nicht mehr gebraucht: aus der Liste streichen", a.Von, a.Ueber))
		}
	}
	return gefunden
}

func anzeige(importPfad string) string {
	if rel := relativ(importPfad); rel != "" {
		return rel
	}
	return importPfad
}

// TestGrenzen_DomainImportiertKeineDatenbankKeinHTTPKeineAnwendung: the domain packages are
// pure rules (STYLE.md): no database driver, no HTTP, nothing of the application, the read
// models, the API or the event store (which talks to Postgres).
func TestGrenzen_DomainImportiertKeineDatenbankKeinHTTPKeineAnwendung(t *testing.T) {
	pakete := ladePakete(t)
	for _, a := range domainAusnahmen {
		t.Logf("erlaubte Ausnahme: %s* → %s (%s)", a.Von, a.Ueber, a.Grund)
	}
	verboten := func(p string) bool {
		switch {
		case p == "database/sql", strings.HasPrefix(p, "database/sql/"),
			p == "net/http", strings.HasPrefix(p, "net/http/"),
			strings.HasPrefix(p, "github.com/jackc/"),
			strings.HasPrefix(p, "github.com/go-chi/"):
			return true
		}
		rel := relativ(p)
		for _, ordner := range []string{"internal", "httpapi", "projections", "eventstore", "cmd", "bench"} {
			if unter(rel, ordner) {
				return true
			}
		}
		return false
	}
	for _, v := range verstoesse(pakete, "domain", verboten, domainAusnahmen) {
		t.Error(v)
	}
}

// TestGrenzen_SchichtenImportierenNurNachUnten: no package imports one of a higher layer (a read
// model never calls an application service, the API never reaches the wiring, nothing but
// tooling and the binary reaches the seed), and every package lies in a folder of the order.
func TestGrenzen_SchichtenImportierenNurNachUnten(t *testing.T) {
	pakete := ladePakete(t)
	var namen []string
	for name := range pakete {
		if relativ(name) != "" {
			namen = append(namen, name)
		}
	}
	sort.Strings(namen)
	for _, name := range namen {
		rel := relativ(name)
		von := schicht(rel)
		if von < 0 {
			if rel != "." {
				t.Errorf("%s liegt in keinem Ordner der Schichtenfolge: Ordner in schichten eintragen", rel)
			}
			continue
		}
		for _, imp := range pakete[name].Imports {
			ziel := relativ(imp)
			if ziel == "" {
				continue
			}
			if nach := schicht(ziel); nach > von {
				t.Errorf("%s (%s) importiert %s (%s): eine höhere Schicht", rel, schichten[von], ziel, schichten[nach])
			}
		}
	}
}

// TestGrenzen_SchichtenFindenHoehereImporte: the layer check fails for an import upwards.
func TestGrenzen_SchichtenFindenHoehereImporte(t *testing.T) {
	if !(schicht("projections/arbeitsliste") < schicht("internal/anwendung/bescheid")) ||
		!(schicht("internal/dokumente/betrieb") > schicht("internal/zugriff")) ||
		schicht("internal/sonstwas") != -1 {
		t.Fatal("Schichtenfolge falsch gelesen")
	}
}

// TestGrenzen_AusnahmeDecktNurIhrenImport: the allow-list covers only the import it names; a
// direct import of a forbidden package, or one through another import, is still found.
func TestGrenzen_AusnahmeDecktNurIhrenImport(t *testing.T) {
	pakete := map[string]paket{
		modul + "/domain/x":   {ImportPath: modul + "/domain/x", Imports: []string{modul + "/eventstore", "github.com/jackc/pgx/v5", "fmt"}},
		modul + "/domain/y":   {ImportPath: modul + "/domain/y", Imports: []string{modul + "/internal/z"}},
		modul + "/internal/z": {ImportPath: modul + "/internal/z", Deps: []string{"github.com/jackc/pgx/v5"}},
		modul + "/eventstore": {ImportPath: modul + "/eventstore", Deps: []string{"github.com/jackc/pgx/v5"}},
	}
	verboten := func(p string) bool { return strings.HasPrefix(p, "github.com/jackc/") }
	got := verstoesse(pakete, "domain", verboten, []ausnahme{{Von: "domain/", Ueber: "eventstore", Grund: "Beispiel"}})
	want := []string{
		"domain/x importiert github.com/jackc/pgx/v5",
		"domain/y importiert internal/z, das github.com/jackc/pgx/v5 mitbringt",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("verstoesse = %q, want %q", got, want)
	}
}
