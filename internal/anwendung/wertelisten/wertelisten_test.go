package wertelisten_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/wertelisten"
	eintraege "github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

var md = eventstore.Metadata{ActorID: "test", ActorName: "Test"}

func neu(t *testing.T) (*eventstore.Store, context.Context) {
	t.Helper()
	pool, _ := testdb.New(t)
	return schreibmodell.Store(pool), context.Background()
}

func anlegen(t *testing.T, ctx context.Context, s *eventstore.Store, liste, wert string, extras string) eintraege.Eintrag {
	t.Helper()
	var x werteliste.Eingabe
	if extras != "" {
		if err := json.Unmarshal([]byte(extras), &x); err != nil {
			t.Fatal(err)
		}
	}
	e, _, err := wertelisten.Anlegen(ctx, s, liste, wertelisten.Eingabe{Wert: wert, Extras: x}, md)
	if err != nil {
		t.Fatalf("%s %q: %v", liste, wert, err)
	}
	return e
}

func werte(es []eintraege.Eintrag) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Value
	}
	return out
}

func feldFehler(t *testing.T, err error, feld, text string) {
	t.Helper()
	var f *validierung.Fehler
	if !errors.As(err, &f) || f.Felder[feld] != text {
		t.Fatalf("err = %v, want %s: %q", err, feld, text)
	}
}

func TestAnlegen_RacingSaveOfTheSameValueIsRefusedByTheTable(t *testing.T) {
	s, ctx := neu(t)
	anlegen(t, ctx, s, "anrede", "Frau", "")
	_, _, err := wertelisten.Anlegen(ctx, s, "anrede", wertelisten.Eingabe{Wert: " FRAU"}, md)
	feldFehler(t, err, "value", werteliste.TextVorhanden)

	// A save that looked before the first one committed knows nothing of it (empty Bestand):
	// the unique index refuses it in the append's transaction, and no event is stored.
	id, _ := eventstore.NextID(ctx, s, "werteliste_id_seq")
	_, err = eventstore.Befehle(s, werteliste.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, werteliste.LegeEintragAn{Liste: "anrede", Wert: "frau"}, md)
	feldFehler(t, err, "value", werteliste.TextVorhanden)
	if v, _ := s.Version(ctx, eventstore.StreamID(werteliste.StreamType, id)); v != 0 {
		t.Fatalf("refused entry has stream version %d", v)
	}
	// the same value in another list is fine
	anlegen(t, ctx, s, "titel", "Frau", "")
}

func TestAendernUndLoeschen_ExtrasVersionsAndReferences(t *testing.T) {
	s, ctx := neu(t)
	misch := anlegen(t, ctx, s, "entlastungssystem", "Mischsystem", "")
	trenn := anlegen(t, ctx, s, "entlastungssystem", "Trennsystem", "")
	rrb := anlegen(t, ctx, s, "entlastungstyp", "Regenrückhaltebecken", `{"entlastungssysteme":[`+itoa(misch.ID)+`]}`)
	if string(rrb.Extras) != `{"entlastungssysteme": [`+itoa(misch.ID)+`]}` || rrb.Version != 1 {
		t.Fatalf("created %+v %s", rrb, rrb.Extras)
	}
	geaendert, _, err := wertelisten.Aendern(ctx, s, "entlastungstyp", rrb.ID, 1, wertelisten.Eingabe{Wert: "Regenrückhaltebecken",
		Extras: werteliste.Eingabe{"entlastungssysteme": json.RawMessage(`[` + itoa(trenn.ID) + `,` + itoa(misch.ID) + `]`)}}, md)
	if err != nil || geaendert.Version != 2 {
		t.Fatalf("change: %+v %v", geaendert, err)
	}
	b, _ := json.Marshal(geaendert)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	if m["value"] != "Regenrückhaltebecken" || len(m["entlastungssysteme"].([]any)) != 2 || m["id"].(float64) != float64(rrb.ID) {
		t.Fatalf("API shape: %s", b)
	}
	// a stale version is a conflict
	_, _, err = wertelisten.Aendern(ctx, s, "entlastungstyp", rrb.ID, 1, wertelisten.Eingabe{Wert: "RRB"}, md)
	if !errors.Is(err, eventstore.ErrConflict) {
		t.Fatalf("stale change: %v", err)
	}
	// the entry belongs to its list only
	if _, _, err := wertelisten.Aendern(ctx, s, "anrede", rrb.ID, -1, wertelisten.Eingabe{Wert: "x"}, md); !errors.Is(err, validierung.NichtGefunden) {
		t.Fatalf("change through another list: %v", err)
	}

	if von, err := eintraege.Referenziert(ctx, s.Pool(), "entlastungssystem", trenn.ID, trenn.Value); err != nil ||
		!slices.Equal(von, []string{"werteliste entlastungstyp.entlastungssysteme"}) {
		t.Fatalf("referenced by %v, %v", von, err)
	}
	if _, err := wertelisten.Loeschen(ctx, s, "entlastungssystem", trenn.ID, -1, md); !errors.Is(err, werteliste.ErrReferenziert) {
		t.Fatalf("delete referenced: %v", err)
	}
	if _, err := wertelisten.Loeschen(ctx, s, "entlastungstyp", rrb.ID, 1, md); !errors.Is(err, eventstore.ErrConflict) {
		t.Fatalf("stale delete: %v", err)
	}
	if _, err := wertelisten.Loeschen(ctx, s, "entlastungstyp", rrb.ID, 2, md); err != nil {
		t.Fatal(err)
	}
	if _, err := wertelisten.Loeschen(ctx, s, "entlastungssystem", trenn.ID, -1, md); err != nil {
		t.Fatalf("unreferenced after the type is gone: %v", err)
	}
	if rest, _ := eintraege.Eintraege(ctx, s.Pool(), "entlastungssystem"); !slices.Equal(werte(rest), []string{"Mischsystem"}) {
		t.Fatalf("left: %v", werte(rest))
	}
	// the deleted value may be used again
	anlegen(t, ctx, s, "entlastungssystem", "Trennsystem", "")
}

func TestReferenziert_AccountsHoldAnredeAndTitelAsText(t *testing.T) {
	s, ctx := neu(t)
	frau := anlegen(t, ctx, s, "anrede", "Frau", "")
	herr := anlegen(t, ctx, s, "anrede", "Herr", "")
	dr := anlegen(t, ctx, s, "titel", "Dr.", "")
	if _, err := s.Pool().Exec(ctx, `INSERT INTO anwender (id, benutzername, status, anrede, titel, angelegt_am, gueltig_bis, version)
		VALUES (1, 'erika', 'AKTIV', 'Frau', 'Dr.', now(), now(), 1)`); err != nil {
		t.Fatal(err)
	}
	for _, e := range []eintraege.Eintrag{frau, dr} {
		if _, err := wertelisten.Loeschen(ctx, s, e.Liste, e.ID, -1, md); !errors.Is(err, werteliste.ErrReferenziert) {
			t.Fatalf("delete %s: %v", e.Value, err)
		}
	}
	if _, err := wertelisten.Loeschen(ctx, s, "anrede", herr.ID, -1, md); err != nil {
		t.Fatal(err)
	}
}

func TestSuche_OrderFiltersAndSearch(t *testing.T) {
	s, ctx := neu(t)
	for _, w := range []string{"Anhang 10 – Fleischwirtschaft", "Anhang 2 – Braunkohle", "Anhang 1 – Häusliches Abwasser", "Älteres", "Zink", "apfel"} {
		anlegen(t, ctx, s, "anhang-abwv", w, "")
	}
	alle, _ := eintraege.Eintraege(ctx, s.Pool(), "anhang-abwv")
	if want := []string{"Älteres", "Anhang 1 – Häusliches Abwasser", "Anhang 2 – Braunkohle", "Anhang 10 – Fleischwirtschaft", "apfel", "Zink"}; !slices.Equal(werte(alle), want) {
		t.Fatalf("order %q, want %q", werte(alle), want)
	}
	gefunden, _ := eintraege.Suche(ctx, s.Pool(), "anhang-abwv", eintraege.Abfrage{Q: "ANHANG 1"})
	if !slices.Equal(werte(gefunden), []string{"Anhang 1 – Häusliches Abwasser", "Anhang 10 – Fleischwirtschaft"}) {
		t.Fatalf("search: %q", werte(gefunden))
	}
	if nachID, _ := eintraege.Suche(ctx, s.Pool(), "anhang-abwv", eintraege.Abfrage{Q: itoa(alle[5].ID)}); !slices.Contains(werte(nachID), "Zink") {
		t.Fatalf("search by id: %q", werte(nachID))
	}

	// enumerations: identifier order; filters by id or identifier
	for _, k := range []struct{ s, w string }{{"NR_10", "Endkontrollmessstelle Teilstrom"}, {"NR_2", "Notablauf Vorklärung"}, {"NR_1", "Zulauf"}} {
		if _, _, err := wertelisten.Anlegen(ctx, s, "messstellentyp", wertelisten.Eingabe{Wert: k.w, Schluessel: k.s}, md); err != nil {
			t.Fatal(err)
		}
	}
	typen, _ := eintraege.Eintraege(ctx, s.Pool(), "messstellentyp")
	if got := []string{typen[0].Schluessel, typen[1].Schluessel, typen[2].Schluessel}; !slices.Equal(got, []string{"NR_1", "NR_2", "NR_10"}) {
		t.Fatalf("enumeration order %v", got)
	}
	q := anlegen(t, ctx, s, "bescheidqualitaet", "Bescheid", "")
	e := anlegen(t, ctx, s, "bescheidqualitaet", "Erklärung", "")
	anlegen(t, ctx, s, "bescheidart", "Erlaubnis", `{"bescheidQualitaeten":[`+itoa(q.ID)+`]}`)
	anlegen(t, ctx, s, "bescheidart", "Herabsetzungserklärung", `{"bescheidQualitaeten":[`+itoa(e.ID)+`]}`)
	anlegen(t, ctx, s, "bescheidart", "Sonstige", "")
	arten, _ := eintraege.Suche(ctx, s.Pool(), "bescheidart", eintraege.Abfrage{Filter: map[string]string{"bescheidQualitaet": itoa(e.ID)}})
	if !slices.Equal(werte(arten), []string{"Herabsetzungserklärung", "Sonstige"}) {
		t.Fatalf("filtered: %q", werte(arten))
	}
	for _, k := range []struct{ s, w string }{{"ABWASSERBEHANDLUNG", "Abwasserbehandlungsanlage"}, {"ENTLASTUNG", "Misch-/Niederschlagswasseranlage"}} {
		if _, _, err := wertelisten.Anlegen(ctx, s, "anlagentyp", wertelisten.Eingabe{Wert: k.w, Schluessel: k.s}, md); err != nil {
			t.Fatal(err)
		}
	}
	typ, _ := eintraege.Eintraege(ctx, s.Pool(), "anlagentyp")
	if _, _, err := wertelisten.Anlegen(ctx, s, "anlagenstatus", wertelisten.Eingabe{Wert: "angeschlossen an", Schluessel: "ANGESCHLOSSEN_AN",
		Extras: werteliste.Eingabe{"anlagentypen": json.RawMessage(`[` + itoa(typ[0].ID) + `]`)}}, md); err != nil {
		t.Fatal(err)
	}
	if _, _, err := wertelisten.Anlegen(ctx, s, "anlagenstatus", wertelisten.Eingabe{Wert: "geplant", Schluessel: "GEPLANT"}, md); err != nil {
		t.Fatal(err)
	}
	fuer := func(typ string) []string {
		st, err := eintraege.Suche(ctx, s.Pool(), "anlagenstatus", eintraege.Abfrage{Filter: map[string]string{"anlagenTypId": typ}})
		if err != nil {
			t.Fatal(err)
		}
		return werte(st)
	}
	if got := fuer("ENTLASTUNG"); !slices.Equal(got, []string{"geplant"}) {
		t.Fatalf("status of ENTLASTUNG: %q", got)
	}
	if got := fuer(itoa(typ[0].ID)); !slices.Equal(got, []string{"geplant", "angeschlossen an"}) {
		t.Fatalf("status of ABWASSERBEHANDLUNG: %q", got)
	}
	if got := fuer(""); len(got) != 2 {
		t.Fatalf("unfiltered: %q", got)
	}
}

func TestVergleiche(t *testing.T) {
	for _, c := range [][2]string{{"NR 2", "NR 10"}, {"Äpfel", "Birnen"}, {"apfel", "Äpfel"}, {"Straße", "Strasse2"}, {"a", "B"}} {
		if eintraege.Vergleiche(c[0], c[1]) >= 0 || eintraege.Vergleiche(c[1], c[0]) <= 0 {
			t.Errorf("%q should come before %q", c[0], c[1])
		}
	}
}

func itoa(id int64) string {
	b, _ := json.Marshal(id)
	return string(b)
}
