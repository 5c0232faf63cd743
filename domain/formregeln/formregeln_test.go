package formregeln

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/spiegel"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// TestFormregeln_FrontendMirrorsTheTables keeps frontend/src/lib/formregeln.ts equal to the
// forms' tables; after a change of a table run: go test ./domain/formregeln -run Frontend -update
func TestFormregeln_FrontendMirrorsTheTables(t *testing.T) {
	spiegel.Pruefe(t, "../../frontend/src/lib/formregeln.ts", frontendTabelle(), "the forms' tables (domain/formregeln)", "./domain/formregeln")
}

// TestFormregeln_EveryRuleIsWellFormed: names unique, every condition named in
// validierung.Bedingungen, every format known, a message only where a field is required.
func TestFormregeln_EveryRuleIsWellFormed(t *testing.T) {
	formate := []validierung.Format{validierung.FormatEmail, validierung.FormatTelefon, validierung.FormatPlz, validierung.FormatDatum,
		validierung.FormatDezimal, validierung.FormatGanzzahl, validierung.FormatJahr, validierung.FormatUhrzeit, validierung.FormatMessdatum}
	namen := map[string]bool{}
	for _, f := range Alle() {
		if f.Name == "" || namen[f.Name] || len(f.Befehle) == 0 {
			t.Errorf("form %q: a name of its own and its commands", f.Name)
		}
		namen[f.Name] = true
		felder := map[string]bool{}
		for _, r := range f.Felder {
			if felder[r.Feld] {
				t.Errorf("%s: %s twice", f.Name, r.Feld)
			}
			felder[r.Feld] = true
			if _, ok := validierung.Bedingungen[r.Wenn]; r.Wenn != "" && !ok {
				t.Errorf("%s.%s: condition %q is not in validierung.Bedingungen", f.Name, r.Feld, r.Wenn)
			}
			if r.Format != "" && !slices.Contains(formate, r.Format) {
				t.Errorf("%s.%s: unknown format %q", f.Name, r.Feld, r.Format)
			}
			if (r.Meldung != "" || r.Wenn != "") && !r.Pflicht {
				t.Errorf("%s.%s: a message or condition of a field that is not required", f.Name, r.Feld)
			}
		}
	}
}

func frontendTabelle() string {
	var b strings.Builder
	b.WriteString(`// Generated from the forms' rule tables (domain/formregeln: each domain's Formular); do not edit.
// After a change there run: go test ./domain/formregeln -run Frontend -update

/** The shape a field's value must have once it is not empty (validierung.Format). */
export type Format = 'email' | 'telefon' | 'plz' | 'datum' | 'dezimal' | 'ganzzahl' | 'jahr' | 'uhrzeit' | 'messdatum';

/** The named conditions under which a field is required; each form decides them once. */
export type Bedingung =
`)
	bedingungen := make([]string, 0, len(validierung.Bedingungen))
	for n := range validierung.Bedingungen {
		bedingungen = append(bedingungen, n)
	}
	sort.Strings(bedingungen)
	for i, n := range bedingungen {
		sep := ""
		if i == len(bedingungen)-1 {
			sep = ";"
		}
		fmt.Fprintf(&b, "  | '%s'%s // %s\n", n, sep, validierung.Bedingungen[n])
	}
	b.WriteString(`
/**
 * The rule of one field: its path as the server names its error ('[]' stands for every row of a
 * list), required (always, or where the condition wenn holds; meldung the message of an empty
 * one when it is not MSG_PFLICHTFELD), the value's path in the request where it differs from the
 * field's (quelle), format, fixed values, the value list of a select, the maximum length where
 * the server's table names one.
 */
export interface Feldregel {
  readonly feld: string;
  readonly pflicht?: boolean;
  readonly wenn?: Bedingung;
  readonly meldung?: string;
  readonly quelle?: string;
  readonly format?: Format;
  readonly werte?: readonly string[];
  readonly werteliste?: string;
  readonly maxLaenge?: number;
}

/** A form: its name, the server's commands it is sent as, its fields' rules. */
export interface Formular {
  readonly name: string;
  readonly befehle: readonly string[];
  readonly felder: readonly Feldregel[];
}

/** Every form with rules, by name. */
export const FORMULARE = {
`)
	for _, f := range Alle() {
		fmt.Fprintf(&b, "  %s: {\n    name: %s,\n    befehle: %s,\n    felder: [\n", f.Name, ts(f.Name), tsListe(f.Befehle))
		for _, r := range f.Felder {
			teile := []string{"feld: " + ts(r.Feld)}
			if r.Pflicht {
				teile = append(teile, "pflicht: true")
			}
			for _, x := range [][2]string{{"wenn", r.Wenn}, {"meldung", r.Meldung}, {"quelle", r.Quelle}, {"format", string(r.Format)}} {
				if x[1] != "" {
					teile = append(teile, x[0]+": "+ts(x[1]))
				}
			}
			if len(r.Werte) > 0 {
				teile = append(teile, "werte: "+tsListe(r.Werte))
			}
			if r.Werteliste != "" {
				teile = append(teile, "werteliste: "+ts(r.Werteliste))
			}
			if n, ok := validierung.Hoechstlaengen[validierung.Feldname(r.Feld)]; ok && r.Format != validierung.FormatDezimal {
				teile = append(teile, fmt.Sprintf("maxLaenge: %d", n))
			}
			fmt.Fprintf(&b, "      { %s },\n", strings.Join(teile, ", "))
		}
		b.WriteString("    ],\n  },\n")
	}
	b.WriteString("} as const satisfies Record<string, Formular>;\n\n/** The name of a form with rules. */\nexport type Formularname = keyof typeof FORMULARE;\n")
	return b.String()
}

// ts is s as a TypeScript string literal in single quotes (JSON's escapes hold there too).
func ts(s string) string {
	j, _ := json.Marshal(s)
	inner := strings.ReplaceAll(string(j[1:len(j)-1]), `\"`, `"`)
	return "'" + strings.ReplaceAll(inner, "'", `\'`) + "'"
}

func tsListe(xs []string) string {
	teile := make([]string, len(xs))
	for i, x := range xs {
		teile[i] = ts(x)
	}
	return "[" + strings.Join(teile, ", ") + "]"
}
