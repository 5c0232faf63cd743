package arbeitsliste_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/bescheidauswertung"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

// bescheidEreignisse appends a Bescheid's events to its stream (the read side's tests need no
// Decider) and returns the last position.
func bescheidEreignisse(t *testing.T, store *eventstore.Store, id int64, es ...ereignis.DomainEvent) int64 {
	t.Helper()
	neu := make([]eventstore.NewEvent, len(es))
	for i, e := range es {
		neu[i] = eventstore.NewEvent{Type: e.EventType(), Data: e}
	}
	out, err := store.Append(context.Background(), eventstore.StreamID(bescheid.StreamType, id), bescheid.StreamType, eventstore.AnyVersion, neu, seed.Akteur)
	if err != nil {
		t.Fatal(err)
	}
	return out.LastPosition
}

// eigene is the offset of the test's Anforderung ids: the demo's Bescheide have small ones.
const eigene = 910000

// anforderungIDs are the ids of a page's rows the test wrote (less the offset), without the demo's.
func anforderungIDs(s arbeitsliste.Seite[arbeitsliste.Anforderungszeile]) []int64 {
	out := []int64{}
	for _, a := range s.Content {
		if a.AnforderungID > eigene {
			out = append(out, a.AnforderungID-eigene)
		}
	}
	slices.Sort(out)
	return out
}

// The Bescheide's rows follow their events: one row per Bescheid (a deleted one has none), per
// Anforderung with the Bescheid's status and dates, its measuring point's number and name and
// that point's plant, per Auflage with its plant's name, each with the operation's visibility
// columns. The evaluation counts released Bescheide only; a day on gueltigAb or on gueltigBis
// is inside, a period that overlaps by one day too, an open gueltigAb is valid from ever; the
// parameter's name comes from the value list; visibility by the three columns; a rebuild gives
// the same rows.
func TestBescheide_RowsFromEvents_EvaluationPeriodsAndVisibility_RebuildIsIdentical(t *testing.T) {
	ctx := context.Background()
	pool, store, _ := demo(t)
	type punkt struct {
		id, betrieb, anlage, betreiber int64
		nr, name                       string
	}
	lies := func(nr string) punkt {
		var p punkt
		if err := pool.QueryRow(ctx, `SELECT m.id, m.betrieb_id, m.anlage_id, b.betreiber_id, m.messstellen_id, m.daten->>'bezeichnung'
			FROM messstelle m JOIN betrieb b ON b.id = m.betrieb_id WHERE m.messstellen_id = $1`, nr).Scan(&p.id, &p.betrieb, &p.anlage, &p.betreiber,
			&p.nr, &p.name); err != nil {
			t.Fatal(err)
		}
		return p
	}
	papier, muster := lies("1110000109"), lies("2350010009")
	var papierAnlage string
	if err := pool.QueryRow(ctx, `SELECT daten->>'bezeichnung' FROM anlage WHERE id = $1`, papier.anlage).Scan(&papierAnlage); err != nil {
		t.Fatal(err)
	}
	daten := func(art, datum string, auflagen ...bescheid.Auflage) bescheid.Daten {
		return bescheid.Daten{BescheidQualitaet: "Bescheid", Bescheidart: art, Aktenzeichen: "31-2/24", Behoerde: "SGD Nord", Bescheidsdatum: datum,
			Ablaufdatum: bescheid.StandardAblaufdatum, Auflagen: auflagen}
	}
	anf := func(id, m int64, art, nr, ab, bis string) bescheid.Anforderung {
		return bescheid.Anforderung{AnforderungID: eigene + id, Messstelle: m, AnforderungArt: art, ParameterArt: bescheid.Konzentration, ParameterNr: nr,
			Wert: "12,5", Einheit: "mg/l", GueltigAb: ab, GueltigBis: bis}
	}
	const b1, b2, b3, b4 = 9101, 9102, 9103, 9104
	// the parameter's name from the value list (an entry with the parameter's extras)
	if _, err := store.Append(ctx, eventstore.StreamID(werteliste.StreamType, 990001), werteliste.StreamType, eventstore.AnyVersion,
		[]eventstore.NewEvent{{Type: werteliste.EintragAngelegt{}.EventType(), Data: werteliste.EintragAngelegt{Liste: "anforderungsparameter",
			Wert: "3410 CSB", Extras: []byte(`{"parameterNr":"3410","parameterName":"CSB"}`)}}}, seed.Akteur); err != nil {
		t.Fatal(err)
	}
	bescheidEreignisse(t, store, b1,
		bescheid.BescheidAngelegt{BetriebID: papier.betrieb, Status: bescheid.InBearbeitung, Daten: daten("Erlaubnis", "2024-03-01")},
		bescheid.BescheidGeaendert{Daten: daten("Wasserrechtliche Erlaubnis", "2024-03-01",
			bescheid.Auflage{Abwasseranlage: papier.anlage, Art: "Messprogramm", Beschreibung: "Vierteljährlich", Fristdatum: "2025-06-30"})},
		bescheid.MessstellenZugeordnet{Messstellen: []int64{papier.id}},
		bescheid.AnforderungenGesetzt{Messstelle: papier.id, Anforderungen: []bescheid.Anforderung{
			anf(1, papier.id, bescheid.BehoerdlicheFestlegung, "3410", "2024-01-01", "2024-12-31"),
			anf(2, papier.id, bescheid.Selbstueberwachungsauflage, "3420", "", bescheid.StandardAblaufdatum),
			anf(9, papier.id, bescheid.BehoerdlicheFestlegung, "9999", "", bescheid.StandardAblaufdatum)}},
		bescheid.AnforderungAngelegt{Anforderung: anf(3, papier.id, bescheid.BehoerdlicheFestlegung, "3410", "2025-01-01", bescheid.StandardAblaufdatum)},
		bescheid.AnforderungGeloescht{AnforderungID: eigene + 9},
	)
	bescheidEreignisse(t, store, b2,
		bescheid.BescheidAngelegt{BetriebID: papier.betrieb, Status: bescheid.Angelegt, Daten: daten("Genehmigung", "2025-02-01",
			bescheid.Auflage{Abwasseranlage: papier.anlage, Art: "Bericht", Beschreibung: "Unveröffentlicht", Fristdatum: "2025-01-31"})},
		bescheid.BescheidsantragGestellt{},
		bescheid.MessstellenZugeordnet{Messstellen: []int64{papier.id}},
		bescheid.AnforderungAngelegt{Anforderung: anf(4, papier.id, bescheid.BehoerdlicheFestlegung, "3410", "", bescheid.StandardAblaufdatum)},
	)
	bescheidEreignisse(t, store, b3,
		bescheid.BescheidAngelegt{BetriebID: muster.betrieb, Status: bescheid.InBearbeitung, Daten: daten("Einleitungserlaubnis", "2023-05-02")},
		bescheid.MessstellenZugeordnet{Messstellen: []int64{muster.id}},
		bescheid.AnforderungAngelegt{Anforderung: anf(5, muster.id, bescheid.BehoerdlicheFestlegung, "3410", "2023-01-01", bescheid.StandardAblaufdatum)},
		bescheid.AnforderungAngelegt{Anforderung: anf(6, muster.id, bescheid.BehoerdlicheFestlegung, "3411", "2023-01-01", bescheid.StandardAblaufdatum)},
		bescheid.AnforderungGeaendert{Anforderung: anf(6, muster.id, bescheid.Selbstueberwachungsauflage, "3411", "2023-01-01", "2023-12-31")},
		bescheid.MessstelleEntfernt{Messstelle: 0},
		bescheid.BescheidFreigegeben{Am: "2023-05-03", VonKonto: 1},
	)
	bescheidEreignisse(t, store, b4,
		bescheid.BescheidAngelegt{BetriebID: papier.betrieb, Status: bescheid.InBearbeitung, Daten: daten("Verworfen", "2024-01-01",
			bescheid.Auflage{Abwasseranlage: papier.anlage, Art: "Bericht", Beschreibung: "weg", Fristdatum: "2025-01-31"})},
		bescheid.AnforderungAngelegt{Anforderung: anf(7, papier.id, bescheid.BehoerdlicheFestlegung, "3410", "", bescheid.StandardAblaufdatum)},
		bescheid.BescheidGeloescht{},
	)
	letzte := bescheidEreignisse(t, store, b1, bescheid.BescheidFreigegeben{Am: "2024-05-02", VonKonto: 1})
	if err := projections.WaitFor(ctx, store, arbeitsliste.Name, letzte); err != nil {
		t.Fatal(err)
	}

	alle := zugriff.Nutzer{Aufgeloest: true, Sicht: zugriff.Sicht{Alle: true}, Rollen: []string{"ZUST_SBB"}}
	heute := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	bs, err := bescheidauswertung.Bescheide(ctx, pool, alle, papier.betrieb, bescheidauswertung.BescheidFilter{Liste: bescheidauswertung.Liste{Size: 50}})
	if err != nil {
		t.Fatal(err)
	}
	// the test's Bescheide only (the demo has its own at the paper mill)
	bs.Content = slices.DeleteFunc(bs.Content, func(z arbeitsliste.BescheidTreffer) bool { return z.ID < b1 || z.ID > b4 })
	if len(bs.Content) != 2 || bs.Content[0].ID != b2 || bs.Content[1].ID != b1 || !bs.Content[0].Antrag || bs.Content[1].Antrag ||
		bs.Content[0].Bescheidsstatus != bescheid.Beantragt || !bs.Content[0].Bearbeiten || bs.Content[1].Bearbeiten ||
		bs.Content[1].Bescheidart != "Wasserrechtliche Erlaubnis" || bs.Content[1].Behoerde != "SGD Nord" {
		t.Fatalf("Bescheide (newest first, no deleted one): %+v", bs.Content)
	}
	if bs, err := bescheidauswertung.Bescheide(ctx, pool, alle, papier.betrieb, bescheidauswertung.BescheidFilter{Von: "2024-03-01",
		Bis: "2024-03-01"}); err != nil || len(bs.Content) != 1 || bs.Content[0].ID != b1 { // no demo Bescheid of that day
		t.Fatalf("Bescheide of a day: %+v %v", bs.Content, err)
	}

	auswertung := func(n zugriff.Nutzer, betrieb int64, f bescheidauswertung.AnforderungFilter) arbeitsliste.Seite[arbeitsliste.Anforderungszeile] {
		t.Helper()
		f.Size = 50
		s, err := bescheidauswertung.Auswertung(ctx, pool, n, betrieb, f, heute)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct {
		name string
		f    bescheidauswertung.AnforderungFilter
		ids  []int64
	}{
		{"default: today", bescheidauswertung.AnforderungFilter{}, []int64{2, 3}},
		{"stichtag on gueltigAb", bescheidauswertung.AnforderungFilter{Auswertung: "stichtag", Stichtag: "2024-01-01"}, []int64{1, 2}},
		{"stichtag on gueltigBis", bescheidauswertung.AnforderungFilter{Auswertung: "stichtag", Stichtag: "2024-12-31"}, []int64{1, 2}},
		{"stichtag after", bescheidauswertung.AnforderungFilter{Auswertung: "stichtag", Stichtag: "2025-01-01"}, []int64{2, 3}},
		{"open validity until 3000-01-01", bescheidauswertung.AnforderungFilter{Auswertung: "stichtag", Stichtag: "3000-01-01"}, []int64{2, 3}},
		{"zeitraum overlapping at one day", bescheidauswertung.AnforderungFilter{Auswertung: "zeitraum", GueltigAb: "2024-12-31", GueltigBis: "2024-12-31"}, []int64{1, 2}},
		{"zeitraum ending on gueltigAb", bescheidauswertung.AnforderungFilter{Auswertung: "zeitraum", GueltigAb: "2023-06-01", GueltigBis: "2024-01-01"}, []int64{1, 2}},
		{"zeitraum before", bescheidauswertung.AnforderungFilter{Auswertung: "zeitraum", GueltigAb: "2023-01-01", GueltigBis: "2023-12-31"}, []int64{2}},
		{"zeitraum open end", bescheidauswertung.AnforderungFilter{Auswertung: "zeitraum", GueltigAb: "2024-12-31"}, []int64{1, 2, 3}},
		{"alle", bescheidauswertung.AnforderungFilter{Auswertung: "alle"}, []int64{1, 2, 3}},
		{"anforderungArt", bescheidauswertung.AnforderungFilter{Auswertung: "alle", AnforderungArt: bescheid.Selbstueberwachungsauflage}, []int64{2}},
		{"parameter", bescheidauswertung.AnforderungFilter{Auswertung: "alle", Parameter: "3410"}, []int64{1, 3}},
		{"abwasseranlage", bescheidauswertung.AnforderungFilter{Auswertung: "alle", Abwasseranlage: papier.anlage}, []int64{1, 2, 3}},
		{"messstelle", bescheidauswertung.AnforderungFilter{Auswertung: "alle", Messstelle: muster.id}, []int64{}},
	} {
		if got := anforderungIDs(auswertung(alle, papier.betrieb, c.f)); !slices.Equal(got, c.ids) {
			t.Errorf("%s: %v, want %v", c.name, got, c.ids)
		}
	}
	s := auswertung(alle, papier.betrieb, bescheidauswertung.AnforderungFilter{Auswertung: "alle", Parameter: "3410", Liste: bescheidauswertung.Liste{SortProperty: "gueltigAb"}})
	if z := s.Content[0]; z.AnforderungID != eigene+1 || z.BescheidID != b1 || z.Messstelle.ID != papier.id || z.Messstelle.MessstellenID != papier.nr ||
		z.Messstelle.Bezeichnung != papier.name || z.Abwasseranlage.ID != papier.anlage || z.Abwasseranlage.Bezeichnung != papierAnlage ||
		z.Bescheid != "Wasserrechtliche Erlaubnis vom 01.03.2024" || z.ParameterName != "CSB" || z.Wert != "12,5" || z.Einheit != "mg/l" ||
		z.GueltigAb != "2024-01-01" || z.GueltigBis != "2024-12-31" || z.AnforderungArt != bescheid.BehoerdlicheFestlegung {
		t.Fatalf("row: %+v", z)
	}
	if z := auswertung(alle, papier.betrieb, bescheidauswertung.AnforderungFilter{Auswertung: "alle", Parameter: "3420"}).Content[0]; z.ParameterName != "3420" {
		t.Fatalf("a parameter the value list lacks is named by its number: %+v", z)
	}
	// across the authority: every released Bescheid the caller sees
	if got := anforderungIDs(auswertung(alle, 0, bescheidauswertung.AnforderungFilter{Auswertung: "alle"})); !slices.Equal(got, []int64{1, 2, 3, 5, 6}) {
		t.Fatalf("across: %v", got)
	}
	betreiber := zugriff.Nutzer{Aufgeloest: true, Sicht: zugriff.Sicht{OrganisationID: muster.betreiber}, Rollen: []string{"BETREIBER"}}
	if got := anforderungIDs(auswertung(betreiber, 0, bescheidauswertung.AnforderungFilter{Auswertung: "alle"})); !slices.Equal(got, []int64{5, 6}) {
		t.Fatalf("the operator sees his own: %v", got)
	}
	if _, err := bescheidauswertung.Auswertung(ctx, pool, betreiber, papier.betrieb, bescheidauswertung.AnforderungFilter{}, heute); err == nil {
		t.Fatal("another operator's operation is not found")
	}
	// the Auflagen of released Bescheide
	af, err := bescheidauswertung.Auflagen(ctx, pool, alle, papier.betrieb, bescheidauswertung.AuflagenFilter{Liste: bescheidauswertung.Liste{Size: 50}})
	if err == nil {
		af.Content = slices.DeleteFunc(af.Content, func(a arbeitsliste.Auflagenzeile) bool { return a.BescheidID < b1 || a.BescheidID > b4 })
	}
	if err != nil || len(af.Content) != 1 {
		t.Fatalf("Auflagen: %+v %v", af, err)
	}
	if a := af.Content[0]; a.BescheidID != b1 || a.Index != 0 || a.Abwasseranlage.Bezeichnung != papierAnlage || a.Art != "Messprogramm" ||
		a.Fristdatum != "2025-06-30" || a.Bescheidsdatum != "2024-03-01" || a.Ablaufdatum != bescheid.StandardAblaufdatum {
		t.Fatalf("Auflage: %+v", a)
	}
	ps, err := bescheidauswertung.Parameterliste(ctx, pool, alle, papier.betrieb)
	ps = slices.DeleteFunc(ps, func(p bescheidauswertung.Parameter) bool { return !strings.HasPrefix(p.ParameterNr, "34") }) // not the demo's
	if err != nil || !slices.Equal(ps, []bescheidauswertung.Parameter{{ParameterNr: "3410", ParameterName: "CSB"}, {ParameterNr: "3420", ParameterName: "3420"}}) {
		t.Fatalf("Parameter: %+v %v", ps, err)
	}
	ms, err := bescheidauswertung.MessstelleAnforderungen(ctx, pool, alle, papier.id, "2024-06-01", nil, heute)
	ms = slices.DeleteFunc(ms, func(z arbeitsliste.Anforderungszeile) bool { return z.AnforderungID < eigene }) // not the demo's
	if err != nil || len(ms) != 2 {
		t.Fatalf("measuring point's Anforderungen: %+v %v", ms, err)
	}
	if ms, err := bescheidauswertung.MessstelleAnforderungen(ctx, pool, alle, papier.id, "2024-06-01", []int64{b1}, heute); err != nil ||
		len(slices.DeleteFunc(ms, func(z arbeitsliste.Anforderungszeile) bool { return z.AnforderungID < eigene })) != 0 {
		t.Fatalf("without the Bescheid: %+v %v", ms, err)
	}
	// no rows of the deleted Bescheid
	var n int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM arbeitsliste.bescheid WHERE id = $1) + (SELECT count(*) FROM arbeitsliste.anforderung
		WHERE bescheid_id = $1) + (SELECT count(*) FROM arbeitsliste.auflage WHERE bescheid_id = $1)`, b4).Scan(&n); err != nil || n != 0 {
		t.Fatalf("deleted Bescheid: %d rows, %v", n, err)
	}
	vorher := projektortest.Lesemodell(t, pool, arbeitsliste.Name)
	if err := projections.Rebuild(ctx, store, arbeitsliste.Projection, nil); err != nil {
		t.Fatal(err)
	}
	projektortest.Gleich(t, arbeitsliste.Name, vorher, projektortest.Lesemodell(t, pool, arbeitsliste.Name))
}
