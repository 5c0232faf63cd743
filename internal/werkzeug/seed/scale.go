package seed

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"golang.org/x/crypto/bcrypt"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/lokalerolle"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/eventstore"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
)

// Umfang is the size of one unit of synthetic scale data.
type Umfang struct{ Organisationen, Betriebe int }

// Einheit is N = 1 of `seed --scale N`: 2,000 operator organisations and 20,000 operations.
var Einheit = Umfang{Organisationen: 2000, Betriebe: 20000}

// Skalierung says what Skalieren creates and how.
type Skalierung struct {
	N      int
	Umfang Umfang // per N; zero: Einheit
	// Heute is the day the synthetic history leads up to (zero: today; its steps end on the
	// working day before). Everything else is derived from the object's number, so two runs with
	// the same Heute create the same events, recorded at the same past times.
	Heute time.Time
	// PasswortHash is the bcrypt hash of DemoPasswort every account gets ("": hashed once).
	PasswortHash string
	// Befehlsweg sends every command through eventstore.Befehle(…).Handle, one transaction each (the
	// reference). Otherwise the same commands are decided in memory by the same pure deciders
	// and appended per object, with the documents written once (the bulk path; the test
	// TestSkalieren_BulkPathWritesTheEventsOfTheCommandPath holds the two equal).
	Befehlsweg bool
	// Parallel is the number of workers (0: 4).
	Parallel int
	// Fortschritt is called about once a second and at the end of each phase.
	Fortschritt func(Fortschritt)
}

// Fortschritt is where a running scale seed stands.
type Fortschritt struct {
	Phase           string
	Objekte, Gesamt int64
	Ereignisse      int64 // of the whole run so far
	Dauer           time.Duration
}

// ProSekunde is the rate of events written so far.
func (f Fortschritt) ProSekunde() float64 {
	if f.Dauer <= 0 {
		return 0
	}
	return float64(f.Ereignisse) / f.Dauer.Seconds()
}

// Skalenbericht is what Skalieren created.
type Skalenbericht struct {
	Organisationen, Anwender, Betriebe, Anlagen, Messstellen int
	Bescheide                                                int // issue 30: two per approved operation with approved measuring points
	Jahresberichte                                           int // issue 31: two years of every tenth such operation with a treatment plant
	Ereignisse                                               int64
	Dauer                                                    time.Duration
	Geodaten                                                 Landesgeodaten // the state-wide area layers
}

// SkalaKorrelation marks the events of the scale seed (metadata correlationId).
const SkalaKorrelation = "seed-scale"

// Skalieren creates a realistic synthetic state of N units on top of the demo data: operator
// organisations (some renamed since), their users in every organisation role, the authority's
// staff in every authority role for each Regionalstelle, and operations in every Freigabe
// state with years of history: requests, rejections and new requests, approvals,
// commissioning, yearly saves of production and water figures by the operator, renamings,
// Stammdaten-Anträge accepted, rejected and open, and shut-downs; and the plants of the approved
// operations (about 2.5 per operation, all four types, with change requests). Authority staff does not grow
// with N: an authority keeps its size when more operators report to it.
func Skalieren(ctx context.Context, store *eventstore.Store, s Skalierung) (Skalenbericht, error) {
	s, err := vorbereiten(ctx, store, s)
	if err != nil {
		return Skalenbericht{}, err
	}
	l := &lauf{s: s, store: store, plain: eventstore.New(store.Pool()), start: time.Now(), zeitlinie: zeitlinieZu(s.Heute)}
	if l.heute.After(l.start) {
		return Skalenbericht{}, fmt.Errorf("seed: Heute (%s) liegt in der Zukunft", l.heute.Format("02.01.2006"))
	}
	if err := l.stellen(ctx); err != nil {
		return Skalenbericht{}, err
	}
	konten, err := l.organisationenSeeden(ctx)
	if err != nil {
		return Skalenbericht{}, err
	}
	infos, err := l.betriebeSeeden(ctx)
	if err != nil {
		return Skalenbericht{}, err
	}
	a, err := l.anlagenSeeden(ctx, infos)
	if err != nil {
		return Skalenbericht{}, err
	}
	nPunkte, freiJeBetrieb, err := l.messstellenSeeden(ctx, infos, a)
	if err != nil {
		return Skalenbericht{}, err
	}
	// two Bescheide of each approved operation on its approved measuring points (scale_bescheide.go)
	nBescheide, err := l.bescheideSeeden(ctx, infos, a.erste, freiJeBetrieb)
	if err != nil {
		return Skalenbericht{}, err
	}
	// annual reports of the last two years for every tenth of them (scale_jahresberichte.go)
	nBerichte, err := l.berichteSeeden(ctx, infos, a.erste, a.ersteTyp, a.ersteName)
	if err != nil {
		return Skalenbericht{}, err
	}
	geo, err := l.abschliessen(ctx)
	if err != nil {
		return Skalenbericht{}, err
	}
	return Skalenbericht{Organisationen: len(l.orgs), Anwender: konten, Betriebe: len(infos), Anlagen: a.anzahl, Messstellen: nPunkte,
		Bescheide: nBescheide, Jahresberichte: nBerichte, Ereignisse: l.ereignisse.Load(), Dauer: time.Since(l.start), Geodaten: geo}, nil
}

// vorbereiten fills the defaults of s, hashes the demo password once, seeds the demo data the
// scale data build on and refuses a database that has scale data already.
func vorbereiten(ctx context.Context, store *eventstore.Store, s Skalierung) (Skalierung, error) {
	if s.N < 1 {
		return s, errors.New("seed: N muss mindestens 1 sein")
	}
	if s.Umfang == (Umfang{}) {
		s.Umfang = Einheit
	}
	if s.Heute.IsZero() {
		s.Heute = time.Now()
	}
	s.Heute = time.Date(s.Heute.Year(), s.Heute.Month(), s.Heute.Day(), 12, 0, 0, 0, time.UTC)
	if s.Parallel <= 0 {
		s.Parallel = 4
	}
	if s.PasswortHash == "" {
		h, err := bcrypt.GenerateFromPassword([]byte(DemoPasswort), bcrypt.DefaultCost)
		if err != nil {
			return s, err
		}
		s.PasswortHash = string(h)
	}
	if _, err := Demo(ctx, store); err != nil {
		return s, fmt.Errorf("Demo-Daten: %w", err)
	}
	var vorhanden bool
	if err := store.Pool().QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM events WHERE metadata->>'correlationId' = $1)`,
		SkalaKorrelation).Scan(&vorhanden); err != nil {
		return s, err
	}
	if vorhanden {
		return s, errors.New("seed: diese Datenbank hat schon Skalierungsdaten")
	}
	return s, nil
}

// organisationenSeeden creates the operator organisations and every account — the authority
// staff and each organisation's accounts, whose first is its BETREIBER — and returns how many
// accounts it created.
func (l *lauf) organisationenSeeden(ctx context.Context) (int, error) {
	orgs := l.s.N * l.s.Umfang.Organisationen
	var err error
	if l.orgIDs, err = ids(ctx, l.store, "organisation_id_seq", orgs); err != nil {
		return 0, err
	}
	l.orgs = make([]skalaOrganisation, orgs)
	for i := range l.orgs {
		l.orgs[i] = l.organisation(i)
	}
	l.personal = l.behoerdenpersonal()
	alle := slices.Clone(l.personal)
	for i := range l.orgs {
		alle = append(alle, l.organisationsKonten(i)...)
	}
	kontoIDs, err := ids(ctx, l.store, "anwender_id_seq", len(alle))
	if err != nil {
		return 0, err
	}
	for i := range alle {
		alle[i].id = kontoIDs[i]
	}
	l.personal = alle[:len(l.personal)]
	// the first account of each organisation is its BETREIBER, who acts for it
	for _, k := range alle[len(l.personal):] {
		if o := &l.orgs[k.org]; o.betreiber.id == 0 {
			o.betreiber = k
		}
	}
	if err := ausfuehren(ctx, l, "Organisationen", organisation.Decider, konten.SchreibeOrganisation, orgs, l.organisationsPlan); err != nil {
		return 0, err
	}
	return len(alle), ausfuehren(ctx, l, "Anwender", konto.Decider, konten.SchreibeAnwender, len(alle), func(i int) plan {
		return plan{id: alle[i].id, schritte: []schritt{{befehl: konto.LegeDemoAnwenderAn{LegeAn: alle[i].befehl}, md: l.system(),
			am: alle[i].befehl.Jetzt}}}
	})
}

// betriebeSeeden lives the operations' lives and returns what their plants take of them.
func (l *lauf) betriebeSeeden(ctx context.Context) ([]betriebsInfo, error) {
	nBetriebe := l.s.N * l.s.Umfang.Betriebe
	betriebIDs, err := ids(ctx, l.store, "betrieb_id_seq", nBetriebe)
	if err != nil {
		return nil, err
	}
	infos := make([]betriebsInfo, nBetriebe) // each plan writes its own entry
	return infos, ausfuehren(ctx, l, "Betriebe", betrieb.Decider, betriebe.Schreibe, nBetriebe, func(i int) plan {
		p, info := l.betriebsLeben(i, betriebIDs[i])
		infos[i] = info
		return p
	})
}

// ersteAnlagen are, per operation, its plant 0 — id, name and type — which its measuring
// points, Bescheide and reports hang on, and how many plants there are in all.
type ersteAnlagen struct {
	erste               []int64
	ersteName, ersteTyp []string
	anzahl              int
}

// anlagenSeeden creates the plants of every operation.
func (l *lauf) anlagenSeeden(ctx context.Context, infos []betriebsInfo) (ersteAnlagen, error) {
	var plants []skalaAnlage
	for i := range infos {
		plants = append(plants, anlagenDes(i, infos[i])...)
	}
	anlageIDs, err := ids(ctx, l.store, "anlage_id_seq", len(plants))
	if err != nil {
		return ersteAnlagen{}, err
	}
	a := ersteAnlagen{erste: make([]int64, len(infos)), anzahl: len(plants),
		// each plan writes its own entry
		ersteName: make([]string, len(infos)), ersteTyp: make([]string, len(infos))}
	for k, x := range plants {
		if x.nr == 0 {
			a.erste[x.betrieb] = anlageIDs[k]
		}
	}
	return a, ausfuehren(ctx, l, "Anlagen", anlage.Decider, anlagen.Schreibe, len(plants), func(k int) plan {
		x := plants[k]
		p := l.anlagenPlan(x, anlageIDs[k], infos[x.betrieb], a.erste[x.betrieb])
		if x.nr == 0 {
			a.ersteName[x.betrieb], a.ersteTyp[x.betrieb] = p.schritte[0].befehl.(anlage.LegeAn).Daten.Bezeichnung, x.typ
		}
		return p
	})
}

// messstellenSeeden creates the measuring points of every operation's plant 0 and returns how
// many, with the approved ones of each operation (which its Bescheide name).
func (l *lauf) messstellenSeeden(ctx context.Context, infos []betriebsInfo, a ersteAnlagen) (int, [][]int64, error) {
	var punkte []skalaMessstelle
	for i := range infos {
		punkte = append(punkte, messstellenDes(i, infos[i], a.erste[i], a.ersteTyp[i], a.ersteName[i])...)
	}
	messstelleIDs, err := ids(ctx, l.store, "messstelle_id_seq", len(punkte))
	if err != nil {
		return 0, nil, err
	}
	frei := make([]bool, len(punkte)) // approved (each plan writes its own entry)
	if err := ausfuehren(ctx, l, "Messstellen", messstelle.Decider, l.messstellenDokument, len(punkte), func(k int) plan {
		p := l.messstellenPlan(punkte[k], messstelleIDs[k], infos[punkte[k].betrieb])
		frei[k] = slices.ContainsFunc(p.schritte, func(s schritt) bool {
			e, ok := s.befehl.(messstelle.EntscheideFreigabe)
			return ok && e.NeuerStatus == messstelle.Freigegeben
		})
		return p
	}); err != nil {
		return 0, nil, err
	}
	freiJeBetrieb := make([][]int64, len(infos))
	for k, m := range punkte {
		if frei[k] {
			freiJeBetrieb[m.betrieb] = append(freiJeBetrieb[m.betrieb], messstelleIDs[k])
		}
	}
	return len(punkte), freiJeBetrieb, nil
}

// abschliessen loads the state-wide area layers next to the demo sample (scale_geodaten.go) and
// orders the log.
func (l *lauf) abschliessen(ctx context.Context) (Landesgeodaten, error) {
	geo, err := GeodatenLand(ctx, l.store.Pool())
	if err != nil {
		return geo, fmt.Errorf("Geodaten: %w", err)
	}
	if l.s.Fortschritt != nil {
		n := int64(geo.Verwaltungseinheiten + geo.Wasserkoerper + geo.Einzugsgebiete)
		l.s.Fortschritt(Fortschritt{Phase: "Geodaten", Objekte: n, Gesamt: n, Ereignisse: l.ereignisse.Load(), Dauer: time.Since(l.start)})
	}
	if err := ordneLog(ctx, l.store.Pool()); err != nil {
		return geo, fmt.Errorf("Ereignisse ordnen: %w", err)
	}
	if l.s.Fortschritt != nil {
		l.s.Fortschritt(Fortschritt{Phase: "Log geordnet", Objekte: 1, Gesamt: 1, Ereignisse: l.ereignisse.Load(), Dauer: time.Since(l.start)})
	}
	return geo, nil
}

// lauf is one run of Skalieren.
type lauf struct {
	zeitlinie
	s          Skalierung
	store      *eventstore.Store
	plain      *eventstore.Store // the same pool without inline projections (bulk path)
	start      time.Time
	ereignisse atomic.Int64

	regionalstellen []regionalstelle
	orgIDs          []int64
	orgs            []skalaOrganisation
	personal        []kontoPlan // authority staff (ids set once allocated)
}

type regionalstelle struct {
	ort          string
	id           int64 // value-list entry
	dienststelle int64 // local role of the Dienststelle
}

// schritt is one command of a plan with who gives it and when (scale_zeiten.go).
type schritt struct {
	befehl any
	md     eventstore.Metadata
	am     time.Time
}

// plan is every command one aggregate gets, in order.
type plan struct {
	id       int64
	schritte []schritt
}

func (l *lauf) system() eventstore.Metadata {
	return eventstore.Metadata{ActorID: "system", ActorName: "Skalierungsdaten", Roles: []string{"SYSTEMADMIN"},
		CorrelationID: SkalaKorrelation}
}

func (k kontoPlan) md() eventstore.Metadata {
	m := eventstore.Metadata{ActorID: strconv.FormatInt(k.id, 10), ActorName: k.befehl.Person.Vorname + " " + k.befehl.Person.Name,
		Roles: slices.Clone(k.befehl.FunktionaleRollen), CorrelationID: SkalaKorrelation}
	if k.befehl.Person.OrganisationID != 0 {
		m.Organisation = strconv.FormatInt(k.befehl.Person.OrganisationID, 10)
	}
	return m
}

// ids allocates n ids of a sequence in ascending order.
func ids(ctx context.Context, store *eventstore.Store, sequence string, n int) ([]int64, error) {
	return eventstore.NextIDs(ctx, store, sequence, n)
}

// stellen looks up the seven Regionalstellen of the demo value lists and creates (once) the
// Dienststelle local role of each, in October 2011, before the staff's accounts.
func (l *lauf) stellen(ctx context.Context) error {
	for k, ort := range regionalstellenOrte {
		r := regionalstelle{ort: ort}
		wert := "Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz " + ort
		if err := l.store.Pool().QueryRow(ctx, `SELECT id FROM werteliste_eintrag WHERE liste = 'regionalstelle' AND wert = $1`,
			wert).Scan(&r.id); err != nil {
			return fmt.Errorf("Regionalstelle %s: %w", ort, err)
		}
		name := "Regionalstelle " + ort
		err := l.store.Pool().QueryRow(ctx, `SELECT id FROM lokale_rolle WHERE bezeichnung = $1 AND systemrolle`, name).Scan(&r.dienststelle)
		if errors.Is(err, pgx.ErrNoRows) {
			if r.dienststelle, err = eventstore.NextID(ctx, l.store, "lokale_rolle_id_seq"); err != nil {
				return err
			}
			am := l.um(time.Date(2011, time.October, 3+k, 12, 0, 0, 0, time.UTC), k, 0)
			err = befehlAm(ctx, l.store, lokalerolle.Decider, r.dienststelle, am, lokalerolle.Befehl(lokalerolle.LegeAn{Daten: lokalerolle.Daten{
				Bezeichnung: name, GlobaleRolle: berechtigung.GlobalBehoerde, Systemrolle: true,
				RegionalstelleIDs: []int64{r.id}}, Jetzt: am.UTC()}), l.system())
		}
		if err != nil {
			return fmt.Errorf("Dienststelle %s: %w", ort, err)
		}
		l.regionalstellen = append(l.regionalstellen, r)
	}
	return nil
}

// zufall is the random source of one object: the same object gets the same data in every run.
func zufall(art, nr int) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(art), uint64(nr)))
}

func waehle[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// Kinds of objects (streams of random numbers).
const (
	artOrganisation = iota + 1
	artKonto
	artBetrieb
	artAnlage
	artMessstelle
	artBescheid
	artJahresbericht
)
