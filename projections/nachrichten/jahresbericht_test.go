package nachrichten_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections"
)

// An annual report submitted, sent back and submitted again, then approved: each submission
// goes to who checks reports (the administrators here: JAHRESBERICHT_PLAUSIBILISIEREN), each
// decision to the operator's active users with the comment; the decision marks the messages
// about the submission decided.
func TestNachrichten_JahresberichtEingereichtUndEntschieden(t *testing.T) {
	pool, _ := testdb.New(t)
	konten(t, pool)
	store := eventstore.New(pool)
	ctx := context.Background()
	schritte := []struct {
		stream string
		akteur int64
		name   string
		e      ereignis.DomainEvent
	}{
		{"betrieb-1", betreiber, "Betreiber", betrieb.BetriebBeantragt{BetriebsID: "B-1", Daten: daten("Nord", 100)}},
		{"betrieb-1", fachadmin, "Fach", betrieb.BetriebFreigegeben{}},
		{"anlage-50", fachadmin, "Fach", anlage.AnlageAngelegt{BetriebID: 1, Typ: anlage.Abwasserbehandlung, Daten: anlage.Daten{Bezeichnung: "Kläranlage Nord"}}},
		{"jahresbericht-60", betreiber, "Betreiber", jahresbericht.JahresberichtAngelegt{AnlageID: 50, AnlageBezeichnung: "Kläranlage Nord", Jahr: 2025}},
		{"jahresbericht-60", betreiber, "Betreiber", jahresbericht.JahresberichtEingereicht{Konto: betreiber, Rolle: "BETREIBER"}},
		{"jahresbericht-60", fachadmin, "Fach", jahresbericht.JahresberichtZurueckgewiesen{Kommentar: "Ammonium fehlt."}},
		{"jahresbericht-60", betreiber, "Betreiber", jahresbericht.JahresberichtEingereicht{Konto: betreiber, Rolle: "BETREIBER"}},
		{"jahresbericht-60", systemadmin, "System", jahresbericht.JahresberichtPlausibilisiert{}},
	}
	pos := make([]int64, len(schritte))
	for i, s := range schritte {
		typ, _, _ := strings.Cut(s.stream, "-")
		a, err := store.Append(ctx, s.stream, typ, eventstore.AnyVersion, []eventstore.NewEvent{{Type: s.e.EventType(), Data: s.e}},
			eventstore.Metadata{ActorID: fmt.Sprint(s.akteur), ActorName: s.name})
		if err != nil {
			t.Fatal(err)
		}
		pos[i] = a.Events[0].Position
	}
	testdb.WarteAufSichtbarkeit(t, pool) // every append visible to the catch-up
	if _, err := projections.CatchUp(ctx, store, projektion); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, z := range zeilen(t, pool) {
		if z.Bezug != "JAHRESBERICHT" {
			continue
		}
		schritt := -1
		for i, p := range pos {
			if p == z.Quelle {
				schritt = i
			}
		}
		erledigt, _, _ := strings.Cut(z.Erledigt, " am ")
		got = append(got, fmt.Sprintf("%d→%d %s [%s]", schritt, z.Empfaenger, z.Betreff, erledigt))
		if z.Pfad != "/betriebsakte/1/jahresbericht/60/jahresberichtdaten" || z.FachobjektID != 60 ||
			z.Fachobjektbezug != "Jahresbericht Kläranlage Nord 2025 – Betrieb Nord (B-1)" {
			t.Errorf("message about the report: %+v", z)
		}
		if schritt == 5 && !strings.HasSuffix(z.Text, "\n\nKommentar: Ammonium fehlt.") {
			t.Errorf("the rejection's comment: %q", z.Text)
		}
	}
	want := []string{
		"4→1 Jahresbericht eingereicht: Kläranlage Nord 2025 [Zurückgewiesen]",
		"4→7 Jahresbericht eingereicht: Kläranlage Nord 2025 [Zurückgewiesen]",
		"5→4 Jahresbericht zurückgewiesen: Kläranlage Nord 2025 [Plausibilisiert]",
		"6→1 Jahresbericht eingereicht: Kläranlage Nord 2025 [Plausibilisiert]",
		"6→7 Jahresbericht eingereicht: Kläranlage Nord 2025 [Plausibilisiert]",
		"7→4 Jahresbericht plausibilisiert: Kläranlage Nord 2025 []",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("messages:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
