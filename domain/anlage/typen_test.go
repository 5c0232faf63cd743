package anlage

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/spiegel"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

func TestTyptabelle_EveryTypeHasKindsAndEveryKindATypeOfTheSpec(t *testing.T) {
	gesehen := map[string]bool{}
	for _, typ := range Typen {
		if len(ArtenDesTyps(typ)) == 0 {
			t.Errorf("%s: no Anlagenarten", typ)
		}
		for _, art := range ArtenDesTyps(typ) {
			if !slices.Contains(Anlagenarten, art) {
				t.Errorf("%s: %s is no Anlagenart of the spec", typ, art)
			}
			gesehen[art] = true
		}
	}
	for _, art := range Anlagenarten {
		if !gesehen[art] {
			t.Errorf("%s belongs to no type", art)
		}
	}
	if slices.Contains(ArtenDesTyps(Kuehlwasser), "MISCHWASSER") || HatFeld(Kuehlwasser, "anlagensystem") || HatFeld(Kuehlwasser, "dwaNr") {
		t.Error("a cooling plant has no mixed water kind and no treatment-only fields")
	}
}

func TestTyptabelle_AKindThatDoesNotFitTheTypeIsRefused_AStoredOneStaysValid(t *testing.T) {
	kuehl := mit(eingabe, func(d *Daten) { d.Anlagenart = "MISCHWASSER" })
	for _, c := range []struct {
		typ, art string
		ok       bool
	}{
		{Kuehlwasser, "MISCHWASSER", false}, {Kuehlwasser, "KLEINKLAERANLAGE", false}, {Kuehlwasser, "ABWASSERBEHANDLUNG", true},
		{Entlastung, "ABWASSERBEHANDLUNG", false}, {Entlastung, "NIEDERSCHLAGSWASSER", true}, {Kanalnetz, "KLEINKLAERANLAGE", false},
		{Abwasserbehandlung, "NIEDERSCHLAGSWASSER", false}, {Abwasserbehandlung, "ANLAGE_AUSSERHALB", true},
	} {
		d := mit(kuehl, func(d *Daten) {
			d.Anlagenart, d.Entlastungssystem, d.Entlastungstyp = c.art, "Mischsystem", "Regenüberlauf"
		})
		_, err := Decide(Anlage{}, LegeAn{BetriebID: 9, Typ: c.typ, Daten: d, BetriebFreigegeben: true, Heute: heute})
		var f *validierung.Fehler
		abgelehnt := errors.As(err, &f) && f.Felder["anlagenart"] == MsgAnlagenart
		if abgelehnt == c.ok {
			t.Errorf("%s %s: err %v, want refused %v", c.typ, c.art, err, !c.ok)
		}
	}
	// a cooling plant stored as MISCHWASSER before the table (old data) may still be saved
	alt := given(AnlageAngelegt{BetriebID: 9, Typ: Kuehlwasser, Daten: mit(gespeichert, func(d *Daten) { d.Anlagenart = "MISCHWASSER" }), GueltigAb: "2026-11-01"})
	neu := mit(alt.Daten, func(d *Daten) { d.Beschreibung = "Kreislauf" })
	if _, err := Decide(alt, Speichere{Daten: neu, Heute: heute, DarfBezeichnung: true}); err != nil {
		t.Errorf("stored kind: %v", err)
	}
}

func TestTyptabelle_FieldsATypeDoesNotHaveAreDropped(t *testing.T) {
	d := mit(eingabe, func(d *Daten) {
		d.Anlagensystem, d.DwaNr, d.Kuehlart, d.Kanalsystem, d.Kampagne = "Belebungsanlage", "123", "Durchlaufkühlung", "Mischsystem", true
	})
	ev, err := Decide(Anlage{}, LegeAn{BetriebID: 9, Typ: Kuehlwasser, Daten: d, BetriebFreigegeben: true, Heute: heute})
	if err != nil {
		t.Fatal(err)
	}
	got := ev[0].(AnlageAngelegt).Daten
	if got.Anlagensystem != "" || got.DwaNr != "" || got.Kanalsystem != "" || got.Kuehlart != "Durchlaufkühlung" || !got.Kampagne {
		t.Errorf("cooling plant kept %+v", got)
	}
}

// TestTyptabelle_FrontendMirrorsTheTable keeps frontend/src/features/anlage/api/typen.ts equal to
// Typtabelle; after a change of the table run: go test ./domain/anlage -run Frontend -update
func TestTyptabelle_FrontendMirrorsTheTable(t *testing.T) {
	spiegel.Pruefe(t, "../../frontend/src/features/anlage/api/typen.ts", frontendTypen(t), "anlage.Typtabelle", "./domain/anlage")
}

func tsListe(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = "'" + x + "'"
	}
	return "[" + strings.Join(q, ", ") + "]"
}

func frontendTypen(t *testing.T) string {
	typen := make([]string, 0, len(Typtabelle))
	for typ := range Typtabelle {
		typen = append(typen, typ)
	}
	sort.Strings(typen)
	var b strings.Builder
	b.WriteString(`// Generated from domain/anlage/typen.go (anlage.Typtabelle); do not edit.
// After a change there run: go test ./domain/anlage -run Frontend -update

/** What a plant of a type has: its Anlagenarten, its optional fields, the operation types with a disposal area. */
export interface Typangaben {
  anlagenarten: readonly string[];
  felder: readonly string[];
  entsorgungsraumBei: readonly string[];
}

/** The one table of the plant types (the server checks against it). */
export const TYPTABELLE: Readonly<Record<string, Typangaben>> = {
`)
	for _, typ := range typen {
		x := Typtabelle[typ]
		fmt.Fprintf(&b, "  %s: {\n    anlagenarten: %s,\n    felder: %s,\n    entsorgungsraumBei: %s,\n  },\n", typ,
			tsListe(x.Anlagenarten), tsListe(x.Felder), tsListe(x.EntsorgungsraumBei))
	}
	fmt.Fprintf(&b, `};

/** The message the server answers for an Anlagenart the type does not have. */
export const MSG_ANLAGENART = '%s';

const leer: Typangaben = { anlagenarten: [], felder: [], entsorgungsraumBei: [] };

/** The Anlagenarten a plant of typ may be of. */
export const artenDesTyps = (typ: string): readonly string[] => (TYPTABELLE[typ] ?? leer).anlagenarten;

/** Whether a plant of typ has the optional field feld. */
export const hatFeld = (typ: string, feld: string): boolean => (TYPTABELLE[typ] ?? leer).felder.includes(feld);

/** Whether a plant of typ under an operation of betriebstyp keeps a disposal area (while it is no indirect discharger). */
export const mitEntsorgungsraum = (typ: string, betriebstyp: string): boolean => (TYPTABELLE[typ] ?? leer).entsorgungsraumBei.includes(betriebstyp);
`, MsgAnlagenart)
	return b.String()
}
