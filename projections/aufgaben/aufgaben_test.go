package aufgaben_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/eventstore"
	aufgabendienst "github.com/eabwasser/eabwasser/internal/anwendung/aufgaben"
	bescheide "github.com/eabwasser/eabwasser/internal/dokumente/bescheid"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"
	"github.com/eabwasser/eabwasser/internal/werkzeug/seed"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

type welt struct {
	t      *testing.T
	ctx    context.Context
	store  *eventstore.Store
	dienst *aufgabendienst.Dienst
}

// als is the demo account as a caller.
func (w welt) als(name string) zugriff.Nutzer {
	w.t.Helper()
	k, err := konten.NachBenutzername(w.ctx, w.store.Pool(), name)
	if err != nil {
		w.t.Fatal(name, err)
	}
	return zugriff.Nutzer{AnwenderID: k.ID, Rollen: k.FunktionaleRollen}
}

// aufgaben lists the caller's tasks as "art status objekt" lines.
func (w welt) aufgaben(name string) []aufgaben.Aufgabe {
	w.t.Helper()
	s, err := w.dienst.Liste(w.ctx, w.als(name), 0, 100, true)
	if err != nil {
		w.t.Fatal(name, err)
	}
	if int(s.TotalElements) != len(s.Content) {
		w.t.Fatalf("%s: %d of %d", name, len(s.Content), s.TotalElements)
	}
	return s.Content
}

func (w welt) anzahl(name string) int64 {
	w.t.Helper()
	n, err := w.dienst.Anzahl(w.ctx, w.als(name), true)
	if err != nil {
		w.t.Fatal(name, err)
	}
	return n
}

func (w welt) id(sql, name string) int64 {
	w.t.Helper()
	var id int64
	if err := w.store.Pool().QueryRow(w.ctx, sql, name).Scan(&id); err != nil {
		w.t.Fatal(name, err)
	}
	return id
}

// betriebBefehl and anlageBefehl run a command as actor and wait until the read model has it.
func (w welt) betriebBefehl(id int64, cmd betrieb.Befehl, akteur string) {
	w.t.Helper()
	w.warte(eventstore.Befehle(w.store, betrieb.Decider).Handle(w.ctx, id, eventstore.VersionUnbekannt, cmd, metadaten(akteur)))
}

func (w welt) anlageBefehl(id int64, cmd anlage.Befehl, akteur string) {
	w.t.Helper()
	w.warte(eventstore.Befehle(w.store, anlage.Decider).Handle(w.ctx, id, eventstore.VersionUnbekannt, cmd, metadaten(akteur)))
}

// berichtBefehl handles a command on annual report id.
func (w welt) berichtBefehl(id int64, cmd jahresbericht.Befehl, akteur string) {
	w.t.Helper()
	w.warte(eventstore.Befehle(w.store, jahresbericht.Decider).Handle(w.ctx, id, eventstore.VersionUnbekannt, cmd, metadaten(akteur)))
}

// jahresbericht creates the 2026 report of treatment plant anlageID (the demo's end with 2025), submits it as account
// konto, lets staff (account 2) send it back with a comment, submits it again and returns it:
// a task closed and one open.
func (w welt) jahresbericht(anlageID, konto int64) int64 {
	w.t.Helper()
	id, err := eventstore.NextID(w.ctx, w.store, "jahresbericht_id_seq")
	if err != nil {
		w.t.Fatal(err)
	}
	bearbeiter := jahresbericht.Rolle{Bearbeiter: true, Funktion: "BETREIBER"}
	w.berichtBefehl(id, jahresbericht.LegeAn{AnlageID: anlageID, AnlageBezeichnung: "Betriebskläranlage Papierfabrik", Jahr: 2026,
		Rolle: bearbeiter, Konto: konto}, "Michael Wagner")
	w.berichtBefehl(id, jahresbericht.ReicheEin{Daten: jahresbericht.Daten{StatusMesswerte: jahresbericht.Abgeschlossen,
		StatusAQS: jahresbericht.Unbearbeitet, StatusExterne: jahresbericht.Entfaellt, Durchflusspruefung: jahresbericht.Entfaellt},
		Rolle: bearbeiter, Konto: konto}, "Michael Wagner")
	w.berichtBefehl(id, jahresbericht.Entscheide{NeuerStatus: jahresbericht.InBearbeitung, Kommentar: "Ammonium fehlt.",
		Rolle: jahresbericht.Rolle{Pruefer: true, Funktion: "ZUST_SBS"}, Konto: 2}, "Julia Hoffmann")
	w.berichtBefehl(id, jahresbericht.ReicheEin{Daten: jahresbericht.Daten{StatusMesswerte: jahresbericht.Abgeschlossen,
		StatusAQS: jahresbericht.Unbearbeitet, StatusExterne: jahresbericht.Entfaellt, Durchflusspruefung: jahresbericht.Entfaellt,
		Bemerkung: "Ammonium nachgetragen"}, Rolle: bearbeiter, Konto: konto}, "Michael Wagner")
	return id
}

func (w welt) warte(out eventstore.Appended, err error) {
	w.t.Helper()
	if err != nil {
		w.t.Fatal(err)
	}
	if err := projections.WaitFor(w.ctx, w.store, aufgaben.Name, out.LastPosition); err != nil {
		w.t.Fatal(err)
	}
}

func finde(liste []aufgaben.Aufgabe, art string, objektID int64) (aufgaben.Aufgabe, bool) {
	for _, a := range liste {
		if a.Art == art && a.ObjektID == objektID {
			return a, true
		}
	}
	return aufgaben.Aufgabe{}, false
}

// demo are the objects of the demo data the tests work on.
type demo struct{ brauerei, papier, musterhausen, klaeranlage, kuehlwasser, rub int64 }

// mitDemo starts a database with the demo data and the live tasks projector.
func mitDemo(t *testing.T) (welt, *pgxpool.Pool, demo) {
	t.Helper()
	ctx := context.Background()
	pool, _ := testdb.New(t)
	store := schreibmodell.Store(pool)
	if _, err := seed.Demo(ctx, store); err != nil {
		t.Fatal(err)
	}
	w := welt{t: t, ctx: ctx, store: store, dienst: &aufgabendienst.Dienst{Store: store}}
	projektortest.Start(t, store, projektion)
	// every demo event projected before a test reads (the Bescheidsanträge come last): a list
	// read while the projector still writes would count rows its page does not hold yet
	kopf, _, err := store.Head(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	projektortest.WarteBis(t, "the tasks projector at the demo's last event", func() bool {
		cp, err := eventstore.LoadCheckpoint(context.Background(), pool, aufgaben.Name)
		return err == nil && cp.Position >= kopf.Position
	})
	betrieb := func(name string) int64 { return w.id(`SELECT id FROM betrieb WHERE bezeichnung = $1`, name) }
	anlage := func(name string) int64 { return w.id(`SELECT id FROM anlage WHERE bezeichnung = $1`, name) }
	return w, pool, demo{brauerei: betrieb("Brauerei am Deutschen Eck"), papier: betrieb("Papierfabrik Rheinaue – Werk Koblenz"),
		musterhausen: betrieb("Kläranlage Musterhausen"), klaeranlage: anlage("Betriebskläranlage Papierfabrik"),
		kuehlwasser: anlage("Kühlwasserkreislauf Papiermaschine 2"), rub: anlage("Regenüberlaufbecken Musterhausen-Nord")}
}

// One read model, one handler per kind: an operation's Freigabe, a Stammdaten-Antrag and a
// plant's change request are open tasks until decided, then carry the decision; the server
// shows each caller his part, and a rebuild gives the same rows.
func TestAufgaben_OpenUntilDecided_VisibleToWhoDecidesOrApplied_RebuildIsIdentical(t *testing.T) {
	w, pool, ids := mitDemo(t)
	ctx, store := w.ctx, w.store
	brauerei, papier, musterhausen, klaeranlage, kuehlwasser := ids.brauerei, ids.papier, ids.musterhausen, ids.klaeranlage, ids.kuehlwasser
	rub := ids.rub
	sbdNutzer := w.als("zust_sbd")
	projektortest.WarteBis(t, "the demo's open Freigaben and change request", func() bool {
		n, err := w.dienst.Anzahl(ctx, sbdNutzer, true)
		return err == nil && n == 3
	})
	// the demo's measuring point requested by systemadmin waits for zust_sbd and the Fachadmin
	// (the four-eyes rule keeps it out of its requester's own list: httpapi's
	// TestAufgaben_AMeasuringPointRequestWaitsForTheOtherDeciders_NotForItsRequester); approved,
	// it leaves the staff's inboxes
	zulauf := w.id(`SELECT id FROM messstelle WHERE bezeichnung = $1`, "Zulauf Betriebskläranlage")
	// (the operator reads its requester as the Historie names him to him: "Behörde", issue 42)
	for name, von := range map[string]string{"zust_sbd": "Sabine Adler", "fachadmin": "Sabine Adler", "betreiber": "Behörde"} {
		if m, ok := finde(w.aufgaben(name), aufgaben.MessstelleFreigabe, zulauf); !ok || m.Status != aufgaben.Offen ||
			m.Objekt != "Zulauf Betriebskläranlage" || m.Objekttyp != "NR_1" || m.BetriebID != papier || m.BeantragtVon != von ||
			m.AnlageID != klaeranlage || m.Anlagentyp != "ABWASSERBEHANDLUNG" {
			t.Fatalf("%s: the measuring point's Freigabe: %+v", name, m)
		}
	}
	if _, ok := finde(w.aufgaben("systemadmin"), aufgaben.MessstelleFreigabe, zulauf); ok {
		t.Fatal("systemadmin sees a measuring point's Freigabe he may not decide")
	}
	w.warte(eventstore.Befehle(store, messstelle.Decider).Handle(ctx, zulauf, eventstore.VersionUnbekannt,
		messstelle.EntscheideFreigabe{NeuerStatus: messstelle.Freigegeben, Kommentar: "Passt."},
		eventstore.Metadata{ActorID: "test", ActorName: "Thomas Becker", Roles: []string{"ZUST_SBD"}}))
	if m, _ := finde(w.aufgaben("betreiber"), aufgaben.MessstelleFreigabe, zulauf); m.Status != aufgaben.Freigegeben ||
		m.EntschiedenVon != "Behörde" || m.Kommentar != "Passt." || w.anzahl("zust_sbd") != 2 {
		t.Fatalf("decided: %+v", m)
	}

	// the demo: the brewery waits for its Freigabe (the longest), the paper mill's treatment
	// plant for its change request; the others are decided
	sbd := w.aufgaben("zust_sbd")
	if len(sbd) != 2 || sbd[0].Art != aufgaben.BetriebFreigabe || sbd[0].ObjektID != brauerei || sbd[0].Status != aufgaben.Offen ||
		sbd[0].Betrieb != "Brauerei am Deutschen Eck" || sbd[0].BetriebsID == "" || sbd[0].BeantragtVon != "Katrin Schulz" {
		t.Fatalf("zust_sbd: %+v", sbd)
	}
	if _, ok := finde(sbd, aufgaben.AnlageAenderungsantrag, klaeranlage); !ok {
		t.Fatalf("the demo's change request: %+v", sbd)
	}

	// the operator files a Stammdaten-Antrag and a plant change request; a Musterhausen
	// plant's request comes from the other organisation (Trier)
	w.betriebBefehl(papier, betrieb.StelleStammdatenAntrag{Antrag: betrieb.StammdatenAntrag{Bezeichnung: "Papierfabrik am Rhein",
		Adresse: betrieb.Adresse{Strasse: "Industriestraße", Hausnummer: "40", Plz: "56070", Ort: "Koblenz"}}, Heute: time.Now()}, "Michael Wagner")
	w.anlageBefehl(kuehlwasser, anlage.StelleAntrag{Antrag: anlage.Aenderungsantrag{Bezeichnung: "Kühlwasserkreislauf Nord",
		Kommentar: "Umbenannt"}, Heute: time.Now(), Von: "Michael Wagner"}, "Michael Wagner")
	w.anlageBefehl(rub, anlage.StelleAntrag{Antrag: anlage.Aenderungsantrag{Bezeichnung: "RÜB Nord"}, Heute: time.Now(),
		Von: "Petra Zimmermann"}, "Petra Zimmermann")

	// zust_sbd decides in Koblenz: four open tasks, the one waiting longest first
	sbd = w.aufgaben("zust_sbd")
	if len(sbd) != 4 || sbd[0].ObjektID != brauerei || w.anzahl("zust_sbd") != 4 {
		t.Fatalf("zust_sbd: %+v", sbd)
	}
	a, ok := finde(sbd, aufgaben.AnlageAenderungsantrag, kuehlwasser)
	if !ok || a.Objekt != "Kühlwasserkreislauf Papiermaschine 2" || a.Objekttyp != "KUEHLWASSER" || a.BetriebID != papier ||
		a.Betrieb != "Papierfabrik Rheinaue – Werk Koblenz" || a.BeantragtVon != "Michael Wagner" {
		t.Fatalf("plant task: %+v", a)
	}
	if _, ok := finde(sbd, aufgaben.Stammdatenantrag, papier); !ok {
		t.Fatalf("Stammdaten-Antrag missing: %+v", sbd)
	}
	if _, ok := finde(sbd, aufgaben.AnlageAenderungsantrag, rub); ok {
		t.Fatal("zust_sbd (Koblenz) sees a task of Trier")
	}
	// the administrators see every open task they may decide: the system administrator no
	// Freigabe (BETRIEB_FREIGEBEN is ZUST_SBD and FACHADMIN), the Fachadmin all seven (with the
	// demo's submitted Bescheidsantrag and its submitted annual report of 2024)
	if n := w.anzahl("fachadmin"); n != 7 {
		t.Fatalf("fachadmin: %d", n)
	}
	if sa := w.aufgaben("systemadmin"); len(sa) != 6 {
		t.Fatalf("systemadmin: %+v", sa)
	} else if _, ok := finde(sa, aufgaben.BetriebFreigabe, brauerei); ok {
		t.Fatal("systemadmin sees a Freigabe he may not decide")
	}
	// readers and staff without the deciding permission see no tasks (and may not ask)
	if _, err := w.dienst.Liste(ctx, w.als("leser_behoerde"), 0, 10, true); err == nil {
		t.Fatal("leser_behoerde may read the Aufgaben view")
	}
	// zust_sbb decides Bescheidsanträge (BESCHEID_ANLEGEN): the demo's submitted one, returned
	// once and submitted again, is his only open task
	if sbb := w.aufgaben("zust_sbb"); len(sbb) != 1 || sbb[0].Art != aufgaben.Bescheidsantrag || sbb[0].BetriebID != papier ||
		sbb[0].Objekt != "Änderungsbescheid, Az. PF-2026-01" || sbb[0].BeantragtVon != "Michael Wagner" || w.anzahl("zust_sbb") != 1 {
		t.Fatalf("zust_sbb: %+v", sbb)
	}
	// he takes it into work: the task closes as adopted
	antrag := w.id(`SELECT id FROM bescheid WHERE daten->>'aktenzeichen' = $1`, "PF-2026-01")
	x, _, _, err := bescheide.Stand(ctx, pool, antrag)
	if err != nil {
		t.Fatal(err)
	}
	w.warte(eventstore.Befehle(store, bescheid.Decider).Handle(ctx, antrag, eventstore.VersionUnbekannt, bescheid.Speichere{Daten: x.Daten,
		Status: bescheid.InBearbeitung, Messstellen: x.Messstellen, Rolle: bescheid.Rolle{Entscheider: true}, Heute: time.Now()},
		eventstore.Metadata{ActorID: "test", ActorName: "Markus Weber", Roles: []string{"ZUST_SBB"}}))
	if a, _ := finde(w.aufgaben("betreiber"), aufgaben.Bescheidsantrag, antrag); a.Status != aufgaben.Uebernommen || a.EntschiedenVon != "Behörde" ||
		w.anzahl("zust_sbb") != 0 {
		t.Fatalf("taken into work: %+v", a)
	}

	// the operator side: its organisation's applications in every state, never another's
	for _, name := range []string{"betreiber", "beauftragter", "leser_organisation"} {
		eigene := w.aufgaben(name)
		// with the demo's three measuring points' Freigaben, its Bescheidsantrag (returned once) and
		// its annual reports (2023 returned once and approved, 2024 submitted)
		if len(eigene) != 14 || w.anzahl(name) != 5 {
			t.Fatalf("%s: %d open, %+v", name, w.anzahl(name), eigene)
		}
		for _, a := range eigene {
			if a.BetriebID == musterhausen {
				t.Fatalf("%s sees Musterhausen's task: %+v", name, a)
			}
		}
	}
	b2 := w.aufgaben("betreiber2")
	if len(b2) != 3 || w.anzahl("betreiber2") != 1 { // the Freigabe of the operation and of its measuring point
		t.Fatalf("betreiber2: %+v", b2)
	}
	for _, a := range b2 {
		if a.BetriebID != musterhausen {
			t.Fatalf("betreiber2 sees a task of Klärwerk Rheinaue: %+v", a)
		}
	}

	// decisions close the tasks with who, when and why
	w.betriebBefehl(brauerei, betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Abgewiesen, Kommentar: "Die Einleitstelle fehlt."}, "Claudia Schneider")
	gruende := map[string]string{}
	for _, f := range betrieb.Antragsfelder {
		gruende[f] = "Der Umzug ist noch nicht belegt."
	}
	w.betriebBefehl(papier, betrieb.LehneStammdatenAntragAb{Begruendungen: gruende}, "Claudia Schneider")
	w.anlageBefehl(klaeranlage, anlage.LehneAntragAb{Begruendungen: anlagengruende}, "Claudia Schneider")
	w.anlageBefehl(kuehlwasser, anlage.UebernehmeAntrag{Felder: []string{"bezeichnung"}, Begruendungen: anlagengruende, Heute: time.Now()}, "Claudia Schneider")
	if n := w.anzahl("zust_sbd"); n != 0 {
		t.Fatalf("zust_sbd after deciding: %d open, %+v", n, w.aufgaben("zust_sbd"))
	}
	eigene := w.aufgaben("betreiber")
	// open: the demo's submitted annual report of 2024 alone (zust_sbs decides it)
	if w.anzahl("betreiber") != 1 || len(eigene) != 14 {
		t.Fatalf("betreiber after the decisions: %+v", eigene)
	}
	abgewiesen, _ := finde(eigene, aufgaben.BetriebFreigabe, brauerei)
	if abgewiesen.Status != aufgaben.Abgewiesen || abgewiesen.Kommentar != "Die Einleitstelle fehlt." ||
		abgewiesen.EntschiedenVon != "Behörde" || abgewiesen.EntschiedenAm == nil { // the official as the Historie names him to the operator
		t.Fatalf("rejected Freigabe: %+v", abgewiesen)
	}
	if x, _ := finde(eigene, aufgaben.Stammdatenantrag, papier); x.Status != aufgaben.Abgelehnt {
		t.Fatalf("rejected Stammdaten-Antrag: %+v", x)
	}
	// the adopted name shows on the plant's task
	if x, _ := finde(eigene, aufgaben.AnlageAenderungsantrag, kuehlwasser); x.Status != aufgaben.Uebernommen || x.Objekt != "Kühlwasserkreislauf Nord" {
		t.Fatalf("adopted change request: %+v", x)
	}
	// the open one first, then the latest decision
	if eigene[0].Art != aufgaben.JahresberichtPlausibilisierung || eigene[1].EntschiedenVon != "Behörde" || eigene[1].ObjektID != kuehlwasser {
		t.Fatalf("order: %+v", eigene)
	}

	// requested again after the rejection: a new open task, the rejected one stays
	w.betriebBefehl(brauerei, betrieb.SpeichereAlsBetreiber{Daten: w.betriebsdaten(brauerei)}, "Michael Wagner")
	if n := w.anzahl("zust_sbd"); n != 1 {
		t.Fatalf("requested again: %d", n)
	}
	if eigene := w.aufgaben("betreiber"); len(eigene) != 15 || eigene[0].Status != aufgaben.Offen || eigene[0].ObjektID != brauerei {
		t.Fatalf("betreiber after requesting again: %+v", eigene)
	}

	// a measuring point: requested, corrected (its task shows the new name), rejected, requested
	// again (a new task) — each in its own batch
	befehle := eventstore.Befehle(store, messstelle.Decider)
	md := eventstore.Metadata{ActorID: "test", ActorName: "Claudia Schneider", Roles: []string{"ZUST_SBD"}}
	var punkt int64 = 900001
	daten := messstelle.Daten{Bezeichnung: "Probenahme Ost", Messstellentyp: "NR_9", Messstellenstatus: messstelle.Geplant, Lage: betrieb.Lage{Hochwert: 5581900, Rechtswert: 399100}}
	w.warte(befehle.Handle(ctx, punkt, eventstore.VersionUnbekannt, messstelle.FordereFreigabeAn{AnlageID: klaeranlage, BetriebID: papier,
		MessstellenID: "1110000809", Daten: daten, BetriebFreigegeben: true, Betriebstyp: "INDUSTRIE", Heute: time.Now(), VonKonto: 1}, md))
	daten.Bezeichnung = "Probenahme Ost (Schacht 3)"
	w.warte(befehle.Handle(ctx, punkt, eventstore.VersionUnbekannt, messstelle.Speichere{Daten: daten, Heute: time.Now(), Betriebstyp: "INDUSTRIE"}, md))
	if m, ok := finde(w.aufgaben("fachadmin"), aufgaben.MessstelleFreigabe, punkt); !ok || m.Objekt != "Probenahme Ost (Schacht 3)" {
		t.Fatalf("corrected request: %+v", m)
	}
	w.warte(befehle.Handle(ctx, punkt, eventstore.VersionUnbekannt, messstelle.EntscheideFreigabe{NeuerStatus: messstelle.Abgewiesen, Kommentar: "Schacht?"}, md))
	w.warte(befehle.Handle(ctx, punkt, eventstore.VersionUnbekannt, messstelle.Speichere{Daten: daten, Heute: time.Now(), Betriebstyp: "INDUSTRIE", VonKonto: 1}, md))
	var freigaben []string
	for _, a := range w.aufgaben("betreiber") {
		if a.Art == aufgaben.MessstelleFreigabe && a.ObjektID == punkt {
			freigaben = append(freigaben, a.Status+" "+a.Objekt)
		}
	}
	if fmt.Sprint(freigaben) != "[OFFEN Probenahme Ost (Schacht 3) ABGEWIESEN Probenahme Ost (Schacht 3)]" {
		t.Fatalf("measuring point's tasks: %v", freigaben)
	}

	// a submitted annual report: a task of who checks reports (zust_sbs), not of who decides
	// operations (zust_sbd), shown to the operator's side as its application; sent back, it is
	// closed with the comment, and the second submission opens the next one
	bericht := w.jahresbericht(klaeranlage, w.als("betreiber").AnwenderID)
	if a, ok := finde(w.aufgaben("zust_sbs"), aufgaben.JahresberichtPlausibilisierung, bericht); !ok || a.Status != aufgaben.Offen ||
		a.Objekt != "Jahresbericht 2026 – Betriebskläranlage Papierfabrik" || a.BetriebID != papier {
		t.Fatalf("zust_sbs's report task: %+v %v", a, ok)
	}
	if _, ok := finde(w.aufgaben("zust_sbd"), aufgaben.JahresberichtPlausibilisierung, bericht); ok {
		t.Fatal("zust_sbd sees the report's task")
	}
	var berichte []string
	for _, a := range w.aufgaben("betreiber") {
		if a.Art == aufgaben.JahresberichtPlausibilisierung && a.ObjektID == bericht {
			berichte = append(berichte, a.Status+" "+a.Kommentar)
		}
	}
	if fmt.Sprint(berichte) != "[OFFEN  ABGEWIESEN Ammonium fehlt.]" && fmt.Sprint(berichte) != "[ABGEWIESEN Ammonium fehlt. OFFEN ]" {
		t.Fatalf("the operator's report tasks: %v", berichte)
	}

	vorher := projektortest.Lesemodell(t, pool, aufgaben.Name)
	if err := projections.Rebuild(ctx, store, projektion, nil); err != nil {
		t.Fatal(err)
	}
	projektortest.Gleich(t, aufgaben.Name, vorher, projektortest.Lesemodell(t, pool, aufgaben.Name))
}

// betriebsdaten reads the operation's current data from its document.
func (w welt) betriebsdaten(id int64) betrieb.Daten {
	w.t.Helper()
	events, err := w.store.ReadStream(w.ctx, eventstore.StreamID(betrieb.StreamType, id), 1, 0)
	if err != nil {
		w.t.Fatal(err)
	}
	b, _, err := eventstore.Fold(betrieb.Decider, betrieb.Decider.Initial(), events)
	if err != nil {
		w.t.Fatal(err)
	}
	return b.Daten
}

// anlageDaten reads the plant's current data from its document.
func (w welt) anlageDaten(id int64) anlage.Daten {
	w.t.Helper()
	events, err := w.store.ReadStream(w.ctx, eventstore.StreamID(anlage.StreamType, id), 1, 0)
	if err != nil {
		w.t.Fatal(err)
	}
	a, _, err := eventstore.Fold(anlage.Decider, anlage.Decider.Initial(), events)
	if err != nil {
		w.t.Fatal(err)
	}
	return a.Daten
}

// The live build applies small batches (the demo as one, then each command's events), a
// rebuild batches of 10,000: the rows must be the same, however the batches are cut — tasks
// opened in one batch and closed in a later one (loaded) or in the same (in memory), an
// operation's new name, operator and Regionalstelle and a plant's new name in tasks stored
// long ago (set-based) and in tasks of the batch (in memory).
func TestAufgaben_LiveBuildInSmallBatches_EqualsRebuildRowByRow(t *testing.T) {
	w, pool, ids := mitDemo(t)
	ctx, store := w.ctx, w.store
	brauerei, papier, musterhausen, klaeranlage, kuehlwasser := ids.brauerei, ids.papier, ids.musterhausen, ids.klaeranlage, ids.kuehlwasser
	var trier, trierRS int64
	if err := pool.QueryRow(ctx, `SELECT betreiber_id, regionalstelle_id FROM betrieb WHERE id = $1`, musterhausen).Scan(&trier, &trierRS); err != nil {
		t.Fatal(err)
	}
	heute := time.Now()

	// a new operation: requested → rejected → requested again → approved
	neu, err := eventstore.NextID(ctx, store, "betrieb_id_seq")
	if err != nil {
		t.Fatal(err)
	}
	d := w.betriebsdaten(brauerei)
	d.Bezeichnung = "Sektkellerei Ehrenbreitstein"
	w.betriebBefehl(neu, betrieb.BeantrageBetrieb{BetriebsID: "2026-000099", Daten: d, Typ: "INDUSTRIE", Heute: heute}, "Michael Wagner")
	w.betriebBefehl(neu, betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Abgewiesen, Kommentar: "Die Lage fehlt."}, "Claudia Schneider")
	w.betriebBefehl(neu, betrieb.SpeichereAlsBetreiber{Daten: w.betriebsdaten(neu)}, "Michael Wagner")
	w.betriebBefehl(neu, betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Freigegeben}, "Claudia Schneider")

	// the brewery's open Freigabe (opened by the demo, stored): renamed, moved to another
	// operator and another Regionalstelle while it is open, then approved
	d = w.betriebsdaten(brauerei)
	d.Bezeichnung = "Brauerei am Deutschen Eck – Sudhaus"
	w.betriebBefehl(brauerei, betrieb.SpeichereAlsBetreiber{Daten: d}, "Michael Wagner")
	w.betriebBefehl(brauerei, betrieb.ZieheBetreiberUm{NeuID: trier, Datum: heute.Format("2006-01-02")}, "eAbwasser")
	d = w.betriebsdaten(brauerei)
	d.RegionalstelleID = trierRS
	w.betriebBefehl(brauerei, betrieb.SpeichereAlsAdmin{Daten: d, Heute: heute}, "Claudia Schneider")
	w.betriebBefehl(brauerei, betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Freigegeben, Kommentar: "Passt."}, "Claudia Schneider")

	// the paper mill: a Stammdaten-Antrag filed, the operation moved while it is open, adopted
	// (closed and renamed in one batch); filed again and rejected
	w.betriebBefehl(papier, betrieb.StelleStammdatenAntrag{Antrag: betrieb.StammdatenAntrag{Bezeichnung: "Papierfabrik am Rhein",
		Adresse: betrieb.Adresse{Strasse: "Industriestraße", Hausnummer: "40", Plz: "56070", Ort: "Koblenz"}}, Heute: heute}, "Michael Wagner")
	w.betriebBefehl(papier, betrieb.ZieheBetreiberUm{NeuID: trier, Datum: heute.Format("2006-01-02")}, "eAbwasser")
	w.betriebBefehl(papier, betrieb.UebernehmeStammdatenAntrag{Felder: []string{"bezeichnung"}, Heute: heute,
		Begruendungen: map[string]string{"strasse": "Nein.", "hausnummer": "Nein.", "plz": "Nein.", "ort": "Nein."}}, "Claudia Schneider")
	w.betriebBefehl(papier, betrieb.StelleStammdatenAntrag{Antrag: betrieb.StammdatenAntrag{Bezeichnung: "Papierfabrik Koblenz",
		Adresse: betrieb.Adresse{Strasse: "Industriestraße", Hausnummer: "40", Plz: "56070", Ort: "Koblenz"}}, Heute: heute}, "Michael Wagner")
	gruende := map[string]string{}
	for _, f := range betrieb.Antragsfelder {
		gruende[f] = "Nicht belegt."
	}
	w.betriebBefehl(papier, betrieb.LehneStammdatenAntragAb{Begruendungen: gruende}, "Claudia Schneider")

	// plants: a change request filed, the plant renamed while it is open, adopted (closed and
	// renamed in one batch); the demo's open request rejected, that plant renamed afterwards
	w.anlageBefehl(kuehlwasser, anlage.StelleAntrag{Antrag: anlage.Aenderungsantrag{Bezeichnung: "Kühlwasserkreislauf Nord"},
		Heute: heute, Von: "Michael Wagner"}, "Michael Wagner")
	umbenennen := func(id int64, name string) {
		t.Helper()
		ad := w.anlageDaten(id)
		ad.Bezeichnung = name
		w.anlageBefehl(id, anlage.Speichere{Daten: ad, Heute: heute, Umfang: anlage.Voll, DarfBezeichnung: true, Betriebstyp: "INDUSTRIE",
			AuditInfo: &historie.AuditInfo{GueltigAb: heute.Format(historie.Datumsformat), Aenderungsgrund: "Umbenannt", Ueberschreiben: true}},
			"Claudia Schneider")
	}
	umbenennen(kuehlwasser, "Kühlwasserkreislauf PM 2")
	w.anlageBefehl(kuehlwasser, anlage.UebernehmeAntrag{Felder: []string{"bezeichnung"}, Begruendungen: anlagengruende, Heute: heute}, "Claudia Schneider")
	w.anlageBefehl(klaeranlage, anlage.LehneAntragAb{Begruendungen: anlagengruende}, "Claudia Schneider")
	umbenennen(klaeranlage, "Betriebskläranlage Papierfabrik am Rhein")

	// an annual report: submitted, sent back, submitted again and approved
	bericht := w.jahresbericht(klaeranlage, 7)
	w.berichtBefehl(bericht, jahresbericht.Entscheide{NeuerStatus: jahresbericht.Plausibilisiert,
		Rolle: jahresbericht.Rolle{Pruefer: true, Funktion: "ZUST_SBS"}, Konto: 2}, "Julia Hoffmann")

	// what the live build shows: the decisions, and everything the tasks show of operation and
	// plant as it is now, in every state
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM aufgaben.aufgabe a JOIN betrieb b ON b.id = a.betrieb_id
		WHERE (a.betrieb, a.betriebs_id, a.betreiber_id, a.regionalstelle_id) IS DISTINCT FROM (b.bezeichnung, b.betriebs_id, b.betreiber_id, b.regionalstelle_id)`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d tasks show an operation as it was (%v)", n, err)
	}
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM aufgaben.aufgabe a JOIN anlage x ON a.stream_type = 'anlage' AND x.id = a.objekt_id
		WHERE a.objekt <> x.bezeichnung`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d tasks show a plant's old name (%v)", n, err)
	}
	status := func(art string, objektID int64) string {
		t.Helper()
		var s string
		if err := pool.QueryRow(ctx, `SELECT string_agg(status || ' ' || entschieden_von || ' ' || kommentar, ', ' ORDER BY id)
			FROM aufgaben.aufgabe WHERE art = $1 AND objekt_id = $2`, art, objektID).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct {
		art    string
		objekt int64
		want   string
	}{
		{aufgaben.BetriebFreigabe, neu, "ABGEWIESEN Claudia Schneider Die Lage fehlt., FREIGEGEBEN Claudia Schneider "},
		{aufgaben.BetriebFreigabe, brauerei, "FREIGEGEBEN Claudia Schneider Passt."},
		{aufgaben.Stammdatenantrag, papier, "UEBERNOMMEN Claudia Schneider , ABGELEHNT Claudia Schneider "},
		{aufgaben.AnlageAenderungsantrag, kuehlwasser, "UEBERNOMMEN Claudia Schneider "},
		{aufgaben.AnlageAenderungsantrag, klaeranlage, "ABGELEHNT Claudia Schneider "},
		{aufgaben.JahresberichtPlausibilisierung, bericht, "ABGEWIESEN Julia Hoffmann Ammonium fehlt., FREIGEGEBEN Julia Hoffmann "},
	} {
		if got := status(c.art, c.objekt); got != c.want {
			t.Errorf("%s %d: %q, want %q", c.art, c.objekt, got, c.want)
		}
	}

	live := projektortest.Lesemodell(t, pool, aufgaben.Name)
	if err := projections.Rebuild(ctx, store, projektion, nil); err != nil {
		t.Fatal(err)
	}
	projektortest.Gleich(t, aufgaben.Name, live, projektortest.Lesemodell(t, pool, aufgaben.Name))
}

// anlagengruende are reasons for refusing any field of a plant's change request.
var anlagengruende = func() map[string]string {
	out := map[string]string{}
	for _, f := range anlage.Antragsfelder {
		out[f] = "Nicht belegt."
	}
	return out
}()

// metadaten is what a command of the named demo account writes into its events (the Historie's
// masking reads its roles and organisation): the operator's account of organisation 1, else staff.
func metadaten(akteur string) eventstore.Metadata {
	if akteur == "Michael Wagner" {
		return eventstore.Metadata{ActorID: "test", ActorName: akteur, Roles: []string{"BETREIBER"}, Organisation: "1"}
	}
	return eventstore.Metadata{ActorID: "test", ActorName: akteur, Roles: []string{"ZUST_SBD"}}
}
