package arbeitsliste_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/eventstore"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

func nummern(s arbeitsliste.Seite[arbeitsliste.Messstelle]) []string {
	var out []string
	for _, m := range s.Content {
		out = append(out, m.MessstellenID)
	}
	return out
}

// The measuring points' rows carry their plant's and operation's names and the operation's
// visibility columns, and follow them: a renamed plant, an operation moved to another
// Regionalstelle, renamed and moved to another operator (rows the batch did not load, by the
// set-based statements). The Freigabe, saves, 'Freigabe erneut anfordern' and the shut-down set
// the row; the filters, sort keys, paging and search of the tab work on them, visibility by
// the three columns; a rebuild gives the same rows.
func TestMessstellen_RowsFollowTheirPlantAndOperation_FiltersSortPagingVisibility_RebuildIsIdentical(t *testing.T) {
	ctx := context.Background()
	pool, store, _ := demo(t)
	var papier, muster, papierBetrieb, musterBetrieb, koblenz, trier, rheinaue, musterOrg int64
	if err := pool.QueryRow(ctx, `SELECT a.id, a.betrieb_id, b.regionalstelle_id, b.betreiber_id FROM anlage a JOIN betrieb b ON b.id = a.betrieb_id
		WHERE a.bezeichnung = 'Betriebskläranlage Papierfabrik'`).Scan(&papier, &papierBetrieb, &koblenz, &rheinaue); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, `SELECT a.id, a.betrieb_id, b.regionalstelle_id, b.betreiber_id FROM anlage a JOIN betrieb b ON b.id = a.betrieb_id
		WHERE a.bezeichnung = 'Kläranlage Musterhausen'`).Scan(&muster, &musterBetrieb, &trier, &musterOrg); err != nil {
		t.Fatal(err)
	}
	heute := time.Now()
	handle := func(id int64, cmd messstelle.Befehl) eventstore.Appended {
		t.Helper()
		out, err := eventstore.Befehle(store, messstelle.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, cmd, seed.Akteur)
		if err != nil {
			t.Fatalf("measuring point %d, %T: %v", id, cmd, err)
		}
		return out
	}
	daten := func(name, typ string) messstelle.Daten {
		return messstelle.Daten{Bezeichnung: name, Messstellentyp: typ, Messstellenstatus: messstelle.Geplant,
			Lage: betrieb.Lage{Hochwert: 5583500.5, Rechtswert: 399000.5}}
	}
	neu := func(anlageID, betriebID int64, nr, typ, name string) int64 {
		t.Helper()
		id, err := eventstore.NextID(ctx, store, "messstelle_id_seq")
		if err != nil {
			t.Fatal(err)
		}
		handle(id, messstelle.FordereFreigabeAn{AnlageID: anlageID, BetriebID: betriebID, MessstellenID: nr, Daten: daten(name, typ),
			BetriebFreigegeben: true, Heute: heute.AddDate(0, 0, -7)})
		return id
	}
	a := neu(papier, papierBetrieb, "071110-01-09", "NR_9", "Ablauf Betriebskläranlage")
	b := neu(papier, papierBetrieb, "0711100201", "NR_1", "Zulauf Betriebskläranlage")
	c := neu(muster, musterBetrieb, "0723500109", "NR_9", "Ablauf Kläranlage")
	d := neu(muster, musterBetrieb, "0723500208", "NR_8", "Einleitungsstelle Mosel")
	handle(a, messstelle.EntscheideFreigabe{NeuerStatus: messstelle.Freigegeben, Kommentar: "Geprüft."})
	inBetrieb := daten("Ablauf Betriebskläranlage", "NR_9")
	inBetrieb.Messstellenstatus = messstelle.InBetrieb
	handle(a, messstelle.Speichere{Daten: inBetrieb, Heute: heute, AuditInfo: &historie.AuditInfo{GueltigAb: heute.Format(historie.Datumsformat),
		Aenderungsgrund: "Inbetriebnahme"}})
	handle(b, messstelle.EntscheideFreigabe{NeuerStatus: messstelle.Abgewiesen, Kommentar: "Die Lage fehlt."})
	handle(c, messstelle.EntscheideFreigabe{NeuerStatus: messstelle.Freigegeben})
	out := handle(d, messstelle.LegeStill{Datum: heute.Format(historie.Datumsformat)})
	if err := projections.WaitFor(ctx, store, arbeitsliste.Name, out.LastPosition); err != nil {
		t.Fatal(err)
	}
	alle := zugriff.Sicht{Alle: true}
	// the demo has measuring points of its own: the pages are asked for among this test's points
	// (the selection is one more condition of the same query), the search the filters leave
	// empty among all
	eigene := []int64{a, b, c, d}
	alleSeite := func(a arbeitsliste.Anfrage) arbeitsliste.Seite[arbeitsliste.Messstelle] {
		t.Helper()
		a.Frisch = true
		s, err := arbeitsliste.MessstellenListe.Seite(ctx, pool, a)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	seite := func(a arbeitsliste.Anfrage) arbeitsliste.Seite[arbeitsliste.Messstelle] {
		t.Helper()
		a.Frisch, a.IDs = true, eigene
		s, err := arbeitsliste.MessstellenListe.Seite(ctx, pool, a)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := seite(arbeitsliste.Anfrage{Sicht: alle})
	if got := nummern(s); !slices.Equal(got, []string{"0711100109", "0711100201", "0723500109", "0723500208"}) || s.TotalElements != 4 {
		t.Fatalf("by number: %v (%d)", got, s.TotalElements)
	}
	if z := s.Content[0]; z.ID != a || z.Bezeichnung != "Ablauf Betriebskläranlage" || z.Messstellentyp != "NR_9" || z.Messstellenstatus != messstelle.InBetrieb ||
		z.Freigabestatus != messstelle.Freigegeben || z.AnlageID != papier || z.Anlage != "Betriebskläranlage Papierfabrik" || z.BetriebID != papierBetrieb ||
		z.Betrieb != "Papierfabrik Rheinaue – Werk Koblenz" || z.MessstellentypText != "Endkontrollmessstelle" {
		t.Fatalf("row: %+v", z)
	}
	if z := s.Content[1]; z.Freigabestatus != messstelle.Abgewiesen || s.Content[3].Messstellenstatus != messstelle.Stillgelegt ||
		s.Content[3].Freigabestatus != messstelle.Beantragt || s.Content[2].Freigabestatus != messstelle.Freigegeben {
		t.Fatalf("states: %+v", s.Content)
	}
	// the tab's default filter, the other filters, sort keys, paging, search
	standard := map[string][]string{"messstellenstatus": arbeitsliste.MessstellenStandardStatus, "messstellentyp": arbeitsliste.MessstellenStandardTypen}
	if got := nummern(seite(arbeitsliste.Anfrage{Sicht: alle, Filter: standard})); !slices.Equal(got, []string{"0711100109"}) {
		t.Fatalf("default filter: %v", got)
	}
	if got := nummern(seite(arbeitsliste.Anfrage{Sicht: alle, Filter: map[string][]string{"freigabestatus": {"BEANTRAGT", "ABGEWIESEN"}}})); !slices.Equal(got, []string{"0711100201", "0723500208"}) {
		t.Fatalf("freigabestatus: %v", got)
	}
	for sortierung, want := range map[string][]string{
		"bezeichnung":       {"0711100109", "0723500109", "0723500208", "0711100201"},
		"messstellentyp":    {"0711100201", "0723500208", "0711100109", "0723500109"},
		"messstellenstatus": {"0711100201", "0723500109", "0711100109", "0723500208"},
		"anlage":            {"0711100109", "0711100201", "0723500109", "0723500208"},
		"betrieb":           {"0723500109", "0723500208", "0711100109", "0711100201"},
	} {
		if got := nummern(seite(arbeitsliste.Anfrage{Sicht: alle, SortProperty: sortierung})); !slices.Equal(got, want) {
			t.Errorf("sorted by %s: %v, want %v", sortierung, got, want)
		}
	}
	if got := nummern(seite(arbeitsliste.Anfrage{Sicht: alle, SortProperty: "messstellenId", Absteigend: true, Page: 1, Size: 3})); !slices.Equal(got, []string{"0711100109"}) {
		t.Fatalf("page 2 of 3, descending: %v", got)
	}
	for q, want := range map[string][]string{"mosel": {"0723500208"}, "0711": {"0711100109", "0711100201"}, "071110": {"0711100109", "0711100201"},
		"musterhausen ablauf": {"0723500109"}, "papierfabrik": {"0711100109", "0711100201"}, "zulauf 0711100201": {"0711100201"}} {
		if got := nummern(seite(arbeitsliste.Anfrage{Sicht: alle, Q: q})); !slices.Equal(got, want) {
			t.Errorf("search %q: %v, want %v", q, got, want)
		}
	}
	if s := alleSeite(arbeitsliste.Anfrage{Sicht: alle, Q: "mosel", Filter: standard}); s.TotalElements != 0 || s.OhneFilter == nil || *s.OhneFilter != 1 {
		t.Fatalf("a search the filters leave empty says what it finds without them: %+v", s)
	}
	// visibility: the Koblenz staff see the paper mill's points, Musterhausen's operator his own
	sichten := func(want map[string][]string) {
		t.Helper()
		for wer, sicht := range map[string]zugriff.Sicht{"koblenz": {Regionalstellen: []int64{koblenz}}, "trier": {Regionalstellen: []int64{trier}},
			"rheinaue": {OrganisationID: rheinaue}, "muster": {OrganisationID: musterOrg}} {
			if got := nummern(seite(arbeitsliste.Anfrage{Sicht: sicht})); !slices.Equal(got, want[wer]) {
				t.Errorf("%s sees %v, want %v", wer, got, want[wer])
			}
		}
	}
	sichten(map[string][]string{"koblenz": {"0711100109", "0711100201"}, "trier": {"0723500109", "0723500208"},
		"rheinaue": {"0711100109", "0711100201"}, "muster": {"0723500109", "0723500208"}})

	// Bescheide on the points and the plant: their rows copy the names and the visibility
	// columns and follow them (bescheide.go)
	bescheidEreignisse(t, store, 9201,
		bescheid.BescheidAngelegt{BetriebID: papierBetrieb, Status: bescheid.InBearbeitung, Daten: bescheid.Daten{Bescheidart: "Erlaubnis",
			Bescheidsdatum: "2024-03-01", Ablaufdatum: bescheid.StandardAblaufdatum, Auflagen: []bescheid.Auflage{{Abwasseranlage: papier, Art: "Bericht",
				Beschreibung: "Jährlich", Fristdatum: "2025-01-31"}}}},
		bescheid.AnforderungAngelegt{Anforderung: bescheid.Anforderung{AnforderungID: 91, Messstelle: b, AnforderungArt: bescheid.BehoerdlicheFestlegung,
			ParameterNr: "3410", GueltigBis: bescheid.StandardAblaufdatum}})
	bescheidEreignisse(t, store, 9202,
		bescheid.BescheidAngelegt{BetriebID: musterBetrieb, Status: bescheid.InBearbeitung, Daten: bescheid.Daten{Bescheidart: "Erlaubnis",
			Bescheidsdatum: "2024-03-01", Ablaufdatum: bescheid.StandardAblaufdatum}},
		bescheid.AnforderungAngelegt{Anforderung: bescheid.Anforderung{AnforderungID: 92, Messstelle: d, AnforderungArt: bescheid.BehoerdlicheFestlegung,
			ParameterNr: "3410", GueltigBis: bescheid.StandardAblaufdatum}},
		bescheid.BescheidFreigegeben{Am: "2024-03-02"})
	if err := projections.WaitFor(ctx, store, arbeitsliste.Name, bescheidEreignisse(t, store, 9201, bescheid.BescheidFreigegeben{Am: "2024-03-02"})); err != nil {
		t.Fatal(err)
	}

	// the plant is renamed, Musterhausen's operation moves to Koblenz, is renamed and goes to
	// Klärwerk Rheinaue GmbH; the rejected point is requested again
	roh := eventstore.New(pool)
	if _, err := roh.Append(ctx, eventstore.StreamID(anlage.StreamType, papier), anlage.StreamType, eventstore.AnyVersion,
		[]eventstore.NewEvent{{Type: anlage.AnlageGeaendert{}.EventType(), Data: map[string]any{"daten": map[string]any{
			"bezeichnung": "Betriebskläranlage Papierfabrik Nord", "anlagenart": "ABWASSERVORBEHANDLUNG", "anlagenstatus": "IN_BETRIEB"}}}},
		eventstore.Metadata{}); err != nil {
		t.Fatal(err)
	}
	g, _, _, err := betriebe.Stand(ctx, pool, musterBetrieb)
	if err != nil {
		t.Fatal(err)
	}
	g.Daten.RegionalstelleID, g.Daten.Bezeichnung = koblenz, "Kläranlage Musterhausen-Süd"
	if _, err := eventstore.Befehle(store, betrieb.Decider).Handle(ctx, musterBetrieb, eventstore.VersionUnbekannt,
		betrieb.SpeichereAlsAdmin{Daten: g.Daten, Heute: heute, AuditInfo: &historie.AuditInfo{GueltigAb: heute.Format(historie.Datumsformat),
			Aenderungsgrund: "Umbenennung"}}, seed.Akteur); err != nil {
		t.Fatal(err)
	}
	if _, err := eventstore.Befehle(store, betrieb.Decider).Handle(ctx, musterBetrieb, eventstore.VersionUnbekannt,
		betrieb.ZieheBetreiberUm{NeuID: rheinaue, Datum: heute.Format(historie.Datumsformat)}, seed.Akteur); err != nil {
		t.Fatal(err)
	}
	out = handle(b, messstelle.Speichere{Daten: daten("Zulauf Betriebskläranlage Nord", "NR_1"), Heute: heute})
	if err := projections.WaitFor(ctx, store, arbeitsliste.Name, out.LastPosition); err != nil {
		t.Fatal(err)
	}
	s = seite(arbeitsliste.Anfrage{Sicht: alle})
	if s.Content[0].Anlage != "Betriebskläranlage Papierfabrik Nord" || s.Content[1].Anlage != "Betriebskläranlage Papierfabrik Nord" ||
		s.Content[1].Bezeichnung != "Zulauf Betriebskläranlage Nord" || s.Content[1].Freigabestatus != messstelle.Beantragt ||
		s.Content[2].Betrieb != "Kläranlage Musterhausen-Süd" || s.Content[3].Betrieb != "Kläranlage Musterhausen-Süd" {
		t.Fatalf("after the renames: %+v", s.Content)
	}
	var kopien string
	if err := pool.QueryRow(ctx, `SELECT string_agg(concat_ws('|', x.id, x.messstelle, x.anlage, x.betreiber_id = $1, x.regionalstelle_id = $2), ';' ORDER BY x.id)
		FROM (SELECT id, messstelle, anlage, betreiber_id, regionalstelle_id FROM arbeitsliste.anforderung WHERE id IN (91, 92)
		UNION ALL SELECT id, '', anlage, betreiber_id, regionalstelle_id FROM arbeitsliste.auflage WHERE bescheid_id = 9201
		UNION ALL SELECT id, '', '', betreiber_id, regionalstelle_id FROM arbeitsliste.bescheid WHERE id = 9202) x`, rheinaue, koblenz).Scan(&kopien); err != nil {
		t.Fatal(err)
	}
	if want := "91|Zulauf Betriebskläranlage Nord|Betriebskläranlage Papierfabrik Nord|t|t;" +
		"92|Einleitungsstelle Mosel|Kläranlage Musterhausen|t|t;9202|||t|t;9201000||Betriebskläranlage Papierfabrik Nord|t|t"; kopien != want {
		t.Fatalf("the Bescheide's copies:\n%s\nwant\n%s", kopien, want)
	}
	sichten(map[string][]string{"koblenz": {"0711100109", "0711100201", "0723500109", "0723500208"}, "trier": nil,
		"rheinaue": {"0711100109", "0711100201", "0723500109", "0723500208"}, "muster": nil})

	// a rebuild gives the same rows
	vorher := projektortest.Lesemodell(t, pool, arbeitsliste.Name)
	if err := projections.Rebuild(ctx, store, arbeitsliste.Projection, nil); err != nil {
		t.Fatal(err)
	}
	projektortest.Gleich(t, arbeitsliste.Name, vorher, projektortest.Lesemodell(t, pool, arbeitsliste.Name))
}
