package seed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"golang.org/x/crypto/bcrypt"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/lokalerolle"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/eventstore"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
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
	if s.N < 1 {
		return Skalenbericht{}, errors.New("seed: N muss mindestens 1 sein")
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
			return Skalenbericht{}, err
		}
		s.PasswortHash = string(h)
	}
	if _, err := Demo(ctx, store); err != nil {
		return Skalenbericht{}, fmt.Errorf("Demo-Daten: %w", err)
	}
	var vorhanden bool
	if err := store.Pool().QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM events WHERE metadata->>'correlationId' = $1)`,
		SkalaKorrelation).Scan(&vorhanden); err != nil {
		return Skalenbericht{}, err
	}
	if vorhanden {
		return Skalenbericht{}, errors.New("seed: diese Datenbank hat schon Skalierungsdaten")
	}
	l := &lauf{s: s, store: store, plain: eventstore.New(store.Pool()), start: time.Now(), zeitlinie: zeitlinieZu(s.Heute)}
	if l.heute.After(l.start) {
		return Skalenbericht{}, fmt.Errorf("seed: Heute (%s) liegt in der Zukunft", l.heute.Format("02.01.2006"))
	}
	if err := l.stellen(ctx); err != nil {
		return Skalenbericht{}, err
	}
	orgs := s.N * s.Umfang.Organisationen
	nBetriebe := s.N * s.Umfang.Betriebe
	var err error
	if l.orgIDs, err = ids(ctx, store, "organisation_id_seq", orgs); err != nil {
		return Skalenbericht{}, err
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
	kontoIDs, err := ids(ctx, store, "anwender_id_seq", len(alle))
	if err != nil {
		return Skalenbericht{}, err
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
	betriebIDs, err := ids(ctx, store, "betrieb_id_seq", nBetriebe)
	if err != nil {
		return Skalenbericht{}, err
	}

	if err := ausfuehren(ctx, l, "Organisationen", organisation.Decider, konten.SchreibeOrganisation, orgs, l.organisationsPlan); err != nil {
		return Skalenbericht{}, err
	}
	if err := ausfuehren(ctx, l, "Anwender", konto.Decider, konten.SchreibeAnwender, len(alle), func(i int) plan {
		return plan{id: alle[i].id, schritte: []schritt{{befehl: konto.LegeDemoAnwenderAn{LegeAn: alle[i].befehl}, md: l.system(),
			am: alle[i].befehl.Jetzt}}}
	}); err != nil {
		return Skalenbericht{}, err
	}
	infos := make([]betriebsInfo, nBetriebe) // each plan writes its own entry
	if err := ausfuehren(ctx, l, "Betriebe", betrieb.Decider, betriebe.Schreibe, nBetriebe, func(i int) plan {
		p, info := l.betriebsLeben(i, betriebIDs[i])
		infos[i] = info
		return p
	}); err != nil {
		return Skalenbericht{}, err
	}

	var plants []skalaAnlage
	for i := range infos {
		plants = append(plants, anlagenDes(i, infos[i])...)
	}
	anlageIDs, err := ids(ctx, store, "anlage_id_seq", len(plants))
	if err != nil {
		return Skalenbericht{}, err
	}
	erste := make([]int64, nBetriebe) // the plant 0 of each operation
	for k, a := range plants {
		if a.nr == 0 {
			erste[a.betrieb] = anlageIDs[k]
		}
	}
	ersteName := make([]string, nBetriebe) // the name of each operation's plant 0 (each plan writes its own entry)
	ersteTyp := make([]string, nBetriebe)
	if err := ausfuehren(ctx, l, "Anlagen", anlage.Decider, anlagen.Schreibe, len(plants), func(k int) plan {
		a := plants[k]
		p := l.anlagenPlan(a, anlageIDs[k], infos[a.betrieb], erste[a.betrieb])
		if a.nr == 0 {
			ersteName[a.betrieb], ersteTyp[a.betrieb] = p.schritte[0].befehl.(anlage.LegeAn).Daten.Bezeichnung, a.typ
		}
		return p
	}); err != nil {
		return Skalenbericht{}, err
	}

	var punkte []skalaMessstelle
	for i := range infos {
		punkte = append(punkte, messstellenDes(i, infos[i], erste[i], ersteTyp[i], ersteName[i])...)
	}
	messstelleIDs, err := ids(ctx, store, "messstelle_id_seq", len(punkte))
	if err != nil {
		return Skalenbericht{}, err
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
		return Skalenbericht{}, err
	}
	// two Bescheide of each approved operation on its approved measuring points (scale_bescheide.go)
	freiJeBetrieb := make([][]int64, nBetriebe)
	for k, m := range punkte {
		if frei[k] {
			freiJeBetrieb[m.betrieb] = append(freiJeBetrieb[m.betrieb], messstelleIDs[k])
		}
	}
	nBescheide, err := l.bescheideSeeden(ctx, infos, erste, freiJeBetrieb)
	if err != nil {
		return Skalenbericht{}, err
	}
	// annual reports of the last two years for every tenth of them (scale_jahresberichte.go)
	nBerichte, err := l.berichteSeeden(ctx, infos, erste, ersteTyp, ersteName)
	if err != nil {
		return Skalenbericht{}, err
	}
	// the state-wide area layers next to the demo sample (scale_geodaten.go)
	geo, err := GeodatenLand(ctx, store.Pool())
	if err != nil {
		return Skalenbericht{}, fmt.Errorf("Geodaten: %w", err)
	}
	if s.Fortschritt != nil {
		n := int64(geo.Verwaltungseinheiten + geo.Wasserkoerper + geo.Einzugsgebiete)
		s.Fortschritt(Fortschritt{Phase: "Geodaten", Objekte: n, Gesamt: n, Ereignisse: l.ereignisse.Load(), Dauer: time.Since(l.start)})
	}
	if err := ordneLog(ctx, store.Pool()); err != nil {
		return Skalenbericht{}, fmt.Errorf("Ereignisse ordnen: %w", err)
	}
	if s.Fortschritt != nil {
		s.Fortschritt(Fortschritt{Phase: "Log geordnet", Objekte: 1, Gesamt: 1, Ereignisse: l.ereignisse.Load(), Dauer: time.Since(l.start)})
	}
	return Skalenbericht{Organisationen: orgs, Anwender: len(alle), Betriebe: nBetriebe, Anlagen: len(plants), Messstellen: len(punkte),
		Bescheide: nBescheide, Jahresberichte: nBerichte, Ereignisse: l.ereignisse.Load(), Dauer: time.Since(l.start), Geodaten: geo}, nil
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

// --- organisations -------------------------------------------------------------------------

type skalaOrganisation struct {
	daten     organisation.Daten
	ort       ort
	betreiber kontoPlan // acts for the organisation
	umbenannt string    // a later name, "" if none
	kommunal  bool
}

func (l *lauf) organisation(i int) skalaOrganisation {
	r := zufall(artOrganisation, i)
	o := waehle(r, orte)
	kommunal := r.IntN(100) < 15
	familie, branche := waehle(r, familien), waehle(r, branchen).firma
	name := familie + " " + branche + " " + waehle(r, rechtsformen)
	if kommunal {
		name = waehle(r, []string{"Verbandsgemeinde ", "Stadtwerke ", "Abwasserzweckverband ", "Gemeindewerke "}) + o.name
	}
	nr := l.orgIDs[i]
	so := skalaOrganisation{ort: o, kommunal: kommunal, daten: organisation.Daten{Bezeichnung: name,
		Adresse:                     organisation.Adresse{Strasse: waehle(r, strassen), Hausnummer: strconv.Itoa(1 + r.IntN(180)), Plz: o.plz, Ort: o.name},
		Abwasserbeseitigungspflicht: kommunal, Abgabenummer: fmt.Sprintf("AB-%06d", nr), OrganisationsID: fmt.Sprintf("ORG-%06d", nr)}}
	if !kommunal && r.IntN(100) < 10 { // merged with another family business since
		so.umbenannt = familie + " & " + waehle(r, familien) + " " + branche + " GmbH & Co. KG"
	}
	return so
}

// organisationsPlan: an organisation is registered in 2011, before its first operation's
// request (2012 and later), and renamed (some) in the last year or so, recorded on the day the
// new name is valid from.
func (l *lauf) organisationsPlan(i int) plan {
	o := l.orgs[i]
	registriert := time.Date(2011, time.January, 3+i%330, 12, 0, 0, 0, time.UTC)
	p := plan{id: l.orgIDs[i], schritte: []schritt{{befehl: organisation.LegeAn{Daten: o.daten, Heute: registriert}, md: l.system(),
		am: l.um(registriert, i, 0)}}}
	if o.umbenannt != "" {
		neu := o.daten
		neu.Bezeichnung = o.umbenannt
		ai := &historie.AuditInfo{GueltigAb: l.datum(-400 + i%300), Aenderungsgrund: "Umfirmierung"}
		md := l.system()
		md.AuditInfo = &eventstore.AuditInfo{GueltigAb: ai.GueltigAb, Aenderungsgrund: ai.Aenderungsgrund}
		p.schritte = append(p.schritte, schritt{befehl: organisation.Aendere{Daten: neu, AuditInfo: ai, Heute: l.s.Heute}, md: md,
			am: l.um(l.tag(-400+i%300), i, 1)})
	}
	return p
}

// tag is Heute plus d days; datum the same as yyyy-MM-dd.
func (l *lauf) tag(d int) time.Time { return l.s.Heute.AddDate(0, 0, d) }
func (l *lauf) datum(d int) string  { return l.tag(d).Format(historie.Datumsformat) }

// --- accounts ------------------------------------------------------------------------------

type kontoPlan struct {
	id     int64
	org    int // index of the organisation, -1 for staff
	stelle int // index of the Regionalstelle for authority staff
	befehl konto.LegeAn
}

func (l *lauf) person(r *rand.Rand, org int64, domain string) konto.Person {
	weiblich := r.IntN(2) == 0
	vorname, anrede := waehle(r, vornamenM), "Herr"
	if weiblich {
		vorname, anrede = waehle(r, vornamenW), "Frau"
	}
	name := waehle(r, familien)
	return konto.Person{Anrede: anrede, Vorname: vorname, Name: name, OrganisationID: org,
		Email: ascii(vorname) + "." + ascii(name) + "@" + domain, Telefon: fmt.Sprintf("0%d-%d", 2600+r.IntN(3999), 10000+r.IntN(89999))}
}

// seit2011 is when staff account k was created: in November 2011, before the first
// operation's request; an authority account is valid without limit.
func (l *lauf) seit2011(k int) time.Time {
	return l.um(time.Date(2011, time.November, 1+k%25, 12, 0, 0, 0, time.UTC), 1<<20+k, 0).UTC()
}

// behoerdenpersonal: for every Regionalstelle one account per authority role, and the
// administrators.
func (l *lauf) behoerdenpersonal() []kontoPlan {
	var out []kontoPlan
	rollen := []berechtigung.Rolle{berechtigung.ZustSBD, berechtigung.ZustSBB, berechtigung.ZustSBS, berechtigung.ZustSBA, berechtigung.LeserBehoerde}
	for si, st := range l.regionalstellen {
		for _, rolle := range rollen {
			r := zufall(artKonto, 1_000_000+len(out))
			p := l.person(r, 0, "sgd.rlp.example")
			name := strings.ToLower(string(rolle)) + "." + ascii(st.ort)
			p.Email = name + "@sgd.rlp.example"
			out = append(out, kontoPlan{org: -1, stelle: si, befehl: konto.LegeAn{Benutzername: name, Passwort: DemoPasswort,
				PasswortHash: l.s.PasswortHash, Person: p, FunktionaleRollen: []string{string(rolle)}, Jetzt: l.seit2011(len(out)),
				Behoerde:     "Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz " + st.ort,
				LokaleRollen: []int64{st.dienststelle}, Dienststellenrolle: true,
				DatascoutID: fmt.Sprintf("DS-%s-%s", strings.ToUpper(ascii(st.ort)), rolle)}})
		}
	}
	for i, rolle := range []berechtigung.Rolle{berechtigung.Fachadmin, berechtigung.Fachadmin, berechtigung.Systemadmin} {
		r := zufall(artKonto, 2_000_000+i)
		p := l.person(r, 0, "lfu.rlp.example")
		name := fmt.Sprintf("%s.lfu.%d", strings.ToLower(string(rolle)), i+1)
		p.Email = name + "@lfu.rlp.example"
		out = append(out, kontoPlan{org: -1, stelle: -1, befehl: konto.LegeAn{Benutzername: name, Passwort: DemoPasswort,
			PasswortHash: l.s.PasswortHash, Person: p, FunktionaleRollen: []string{string(rolle)}, Jetzt: l.seit2011(len(out)),
			DatascoutID: fmt.Sprintf("DS-LFU-%d", i+1)}})
	}
	return out
}

// organisationsKonten: a BETREIBER for every organisation, a BEAUFTRAGTER for every second,
// a LESER_ORGANISATION for every fourth. An account with an organisation role is valid for
// twelve months from its creation, so these are created on the last working day before Heute
// (as a real operator's access is renewed), after their holders' past steps.
func (l *lauf) organisationsKonten(i int) []kontoPlan {
	rollen := []berechtigung.Rolle{berechtigung.Betreiber}
	if i%2 == 0 {
		rollen = append(rollen, berechtigung.Beauftragter)
	}
	if i%4 == 0 {
		rollen = append(rollen, berechtigung.LeserOrganisation)
	}
	o := l.orgs[i]
	domain := ascii(strings.Fields(o.daten.Bezeichnung)[0]) + "-" + strconv.FormatInt(l.orgIDs[i], 10) + ".example"
	var out []kontoPlan
	for j, rolle := range rollen {
		r := zufall(artKonto, i*4+j)
		p := l.person(r, l.orgIDs[i], domain)
		name := fmt.Sprintf("%s.%s.%d.%d", ascii(string([]rune(p.Vorname)[:1])), ascii(p.Name), l.orgIDs[i], j+1)
		p.Email = name + "@" + domain // unique: addresses are unique across accounts
		out = append(out, kontoPlan{org: i, stelle: -1, befehl: konto.LegeAn{Benutzername: name, Passwort: DemoPasswort,
			PasswortHash: l.s.PasswortHash, Person: p, FunktionaleRollen: []string{string(rolle)}, Jetzt: l.gestern(i*4+j, 0).UTC()}})
	}
	return out
}

// sachbearbeiter is the ZUST_SBD account of a Regionalstelle: it decides and keeps its operations.
func (l *lauf) sachbearbeiter(regionalstelle int64) kontoPlan {
	for _, k := range l.personal {
		if k.stelle >= 0 && l.regionalstellen[k.stelle].id == regionalstelle && k.befehl.FunktionaleRollen[0] == string(berechtigung.ZustSBD) {
			return k
		}
	}
	return l.personal[len(l.personal)-2] // a FACHADMIN
}

// --- operations ----------------------------------------------------------------------------

// betriebsInfo is what the plants of an operation take from its life.
type betriebsInfo struct {
	id               int64
	typ, name        string
	org              int
	lage             betrieb.Lage
	betreiber, staff eventstore.Metadata
	freigegeben      bool
	inBetrieb        string // yyyy-MM-dd the operation went into operation
	stillgelegt      string // yyyy-MM-dd of its shut-down, "" if none
	anlagenBeginn    time.Time
}

// betriebsLeben is the life of one operation so far, by the operator's BETREIBER and the
// ZUST_SBD of its Regionalstelle, with what the plants need to know of the operation.
func (l *lauf) betriebsLeben(i int, id int64) (plan, betriebsInfo) {
	r := zufall(artBetrieb, i)
	oi := r.IntN(len(l.orgs))
	o := l.orgs[oi]
	st := l.regionalstellen[o.ort.stelle]
	if r.IntN(100) < 15 { // some operations lie in another Regionalstelle than their operator
		st = waehle(r, l.regionalstellen)
	}
	betreiber, staff := o.betreiber.md(), l.sachbearbeiter(st.id).md()
	typ := waehle(r, betriebstypen)
	if o.kommunal {
		typ = waehle(r, []string{"KOMMUNAL", "KOMMUNAL", "KANAL_KOMMUNAL"})
	}
	ortB := o.ort
	if r.IntN(100) < 40 {
		ortB = waehle(r, orte)
	}
	b := waehle(r, branchen)
	name := b.betrieb + " " + waehle(r, familien)
	if typ == "KOMMUNAL" {
		name = "Kläranlage " + ortB.name
		if r.IntN(2) == 0 {
			name += "-" + waehle(r, ortsteile)
		}
	} else if typ == "KANAL_KOMMUNAL" || typ == "KANAL_INDUSTRIE" {
		name = "Kanalnetz " + ortB.name + " " + waehle(r, ortsteile)
	} else if r.IntN(3) == 0 {
		name += " – Werk " + ortB.name
	}
	jahr := 2012 + r.IntN(10)
	beginn := time.Date(jahr, time.Month(1+r.IntN(12)), 1+r.IntN(28), 9, 0, 0, 0, time.UTC)
	kontakt := l.person(r, 0, ascii(strings.Fields(name)[0])+"-"+strconv.FormatInt(id, 10)+".example")
	d := betrieb.Daten{Bezeichnung: name, BetreiberID: l.orgIDs[oi], RegionalstelleID: st.id,
		Adresse:         betrieb.Adresse{Strasse: waehle(r, strassen), Hausnummer: strconv.Itoa(1 + r.IntN(250)), Plz: ortB.plz, Ort: ortB.name},
		Lage:            betrieb.Lage{Hochwert: 5450000 + float64(r.IntN(200000)) + 0.25, Rechtswert: 350000 + float64(r.IntN(120000)) + 0.75},
		Haupttaetigkeit: b.taetigkeit, Nacecode: b.nace, PRTRRelevanz: r.IntN(10) == 0, IEDRelevanz: r.IntN(8) == 0,
		Produktion: betrieb.Produktion{Taetigkeiten: []string{b.taetigkeit}, Produktbezeichnungen: []string{b.produkt},
			Produktionstage: ptr(200 + r.IntN(160)), AnzahlBeschaeftigte: ptr(5 + r.IntN(800)), TagesarbeitszeitVon: "06:00",
			TagesarbeitszeitBis: waehle(r, []string{"14:00", "22:00", "18:00"}), BezugsjahrProduktion: ptr(jahr)},
		Wasserversorgung: betrieb.Wasserversorgung{OeffentlWasserversorgung: r.IntN(4) > 0, Wasserbezug: ptr(float64(1000+r.IntN(400000)) + 0.5),
			BezugsjahrWv: ptr(jahr)},
		Kontakte: []betrieb.Kontakt{{Anrede: kontakt.Anrede, Vorname: kontakt.Vorname, Name: kontakt.Name, Telefon: kontakt.Telefon,
			Email: kontakt.Email, Funktion: waehle(r, []string{"Umweltbeauftragter", "Betriebsleitung", "Abwassermeister", "Geschäftsführung"})}},
	}
	p := plan{id: id}
	info := betriebsInfo{id: id, typ: typ, name: name, org: oi, lage: d.Lage, betreiber: betreiber, staff: staff}
	// the moments of the steps: the plan's dates, and days drawn apart from the data
	rz := zeitzufall(artBetrieb, i)
	add := func(cmd any, md eventstore.Metadata, tag time.Time) {
		p.schritte = append(p.schritte, schritt{befehl: cmd, md: md, am: l.um(tag, i, len(p.schritte))})
	}
	admin := func(neu betrieb.Daten, ab, grund string, tag time.Time) {
		md := staff
		var ai *historie.AuditInfo
		if ab != "" {
			ai = &historie.AuditInfo{GueltigAb: ab, Aenderungsgrund: grund}
			md.AuditInfo = &eventstore.AuditInfo{GueltigAb: ab, Aenderungsgrund: grund}
		}
		add(betrieb.SpeichereAlsAdmin{Daten: neu, AuditInfo: ai, Heute: l.s.Heute}, md, tag)
	}
	add(betrieb.BeantrageBetrieb{BetriebsID: betriebdienst.BetriebsID(id, beginn), Daten: d, Typ: typ, Heute: beginn}, betreiber, beginn)
	// before the plants (a month or more after the request): rejected in the first, corrected
	// in the second, approved in the third or fourth week
	abgewiesen, korrigiert := tagNach(beginn, 5+rz.IntN(5)), tagNach(beginn, 12+rz.IntN(5))
	freigegeben := tagNach(beginn, 19+rz.IntN(8))
	los := r.IntN(100)
	switch {
	case los < 6: // requested, maybe corrected by the operator while it waits
		if r.IntN(2) == 0 {
			d.Produktion.AnzahlBeschaeftigte = ptr(*d.Produktion.AnzahlBeschaeftigte + 1)
			add(betrieb.SpeichereAlsBetreiber{Daten: d}, betreiber, korrigiert)
		}
		return p, info
	case los < 10: // rejected
		add(betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Abgewiesen, Kommentar: waehle(r, ablehnungen)}, staff, abgewiesen)
		return p, info
	case los < 13: // rejected, corrected and requested again a few weeks ago: waits
		add(betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Abgewiesen, Kommentar: waehle(r, ablehnungen)}, staff, abgewiesen)
		d.Lage.Hochwert += 12.5
		add(betrieb.SpeichereAlsBetreiber{Daten: d}, betreiber, l.tag(-5-rz.IntN(40)))
		return p, info
	case los < 20: // rejected once, then approved
		add(betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Abgewiesen, Kommentar: waehle(r, ablehnungen)}, staff, abgewiesen)
		d.Lage.Rechtswert += 7.25
		add(betrieb.SpeichereAlsBetreiber{Daten: d}, betreiber, korrigiert)
	default:
		freigegeben = tagNach(beginn, 7+rz.IntN(20))
	}
	add(betrieb.EntscheideFreigabe{NeuerStatus: betrieb.Freigegeben, Kommentar: "Angaben geprüft."}, staff, freigegeben)
	d.Betriebsstatus = betrieb.InBetrieb
	info.freigegeben, info.anlagenBeginn = true, beginn.AddDate(0, 1+r.IntN(5), 0)
	info.inBetrieb = info.anlagenBeginn.Format(historie.Datumsformat)
	admin(d, info.inBetrieb, "Inbetriebnahme", info.anlagenBeginn)
	// the operator's yearly figures, saved in a month of their year
	for j := jahr + 1; j <= l.s.Heute.Year()-1; j++ {
		d.Produktion.BezugsjahrProduktion, d.Wasserversorgung.BezugsjahrWv = ptr(j), ptr(j)
		d.Produktion.AnzahlBeschaeftigte = ptr(max(1, *d.Produktion.AnzahlBeschaeftigte+r.IntN(21)-10))
		d.Wasserversorgung.Wasserbezug = ptr(math.Round(*d.Wasserversorgung.Wasserbezug*(0.9+r.Float64()/5)*10) / 10)
		add(betrieb.SpeichereAlsBetreiber{Daten: d}, betreiber, time.Date(j, time.Month(2+rz.IntN(10)), 1+rz.IntN(28), 12, 0, 0, 0, time.UTC))
	}
	if r.IntN(100) < 20 { // renamed, recorded on the day the name is valid from
		d.Bezeichnung += " – " + waehle(r, []string{"Werk Nord", "Werk Süd", "Standort " + ortB.name, "Betriebsteil II"})
		vor := 200 + r.IntN(400)
		admin(d, l.datum(-vor), waehle(r, []string{"Umfirmierung", "Neuer Betriebsname", "Zusammenlegung von Betriebsteilen"}), l.tag(-vor))
	}
	antrag := r.IntN(100)
	switch {
	case antrag < 5: // shut down
		d.Betriebsstatus = betrieb.Stillgelegt
		vor := 30 + r.IntN(60)
		info.stillgelegt = l.datum(-vor)
		admin(d, info.stillgelegt, "Stilllegung", l.tag(-vor))
		return p, info
	case antrag < 24: // a Stammdaten-Antrag three days ago: accepted or rejected yesterday, or still open
		a := betrieb.StammdatenAntrag{Bezeichnung: d.Bezeichnung, Adresse: d.Adresse, Kommentar: "Umzug der Verwaltung"}
		a.Adresse.Strasse, a.Adresse.Hausnummer = waehle(r, strassen), d.Adresse.Hausnummer+"a"
		add(betrieb.StelleStammdatenAntrag{Antrag: a, Heute: l.tag(-3)}, betreiber, l.tag(-3))
		switch {
		case antrag < 15:
			add(betrieb.UebernehmeStammdatenAntrag{Felder: []string{"strasse", "hausnummer"}, Heute: tagNach(l.letzter, 0)}, staff, l.letzter)
		case antrag < 20:
			gruende := map[string]string{}
			for _, f := range a.Beantragt(d) {
				gruende[f] = "Die neue Anschrift ist noch nicht durch einen Nachweis belegt."
			}
			add(betrieb.LehneStammdatenAntragAb{Begruendungen: gruende}, staff, l.letzter)
		}
	}
	return p, info
}

// --- execution -----------------------------------------------------------------------------

// ausfuehren gives the commands of n plans to the decider, on the command path or in bulk, with
// Parallel workers, and reports progress. Plans are made when their turn comes (memory).
func ausfuehren[S, C any](ctx context.Context, l *lauf, phase string, d ereignis.Decider[S, C],
	schreibe func(context.Context, pgx.Tx, int64, S, int) error, n int, planFuer func(int) plan) error {
	var fertig atomic.Int64
	melde := func() {
		if l.s.Fortschritt != nil {
			l.s.Fortschritt(Fortschritt{Phase: phase, Objekte: fertig.Load(), Gesamt: int64(n),
				Ereignisse: l.ereignisse.Load(), Dauer: time.Since(l.start)})
		}
	}
	stop := make(chan struct{})
	var tick sync.WaitGroup
	tick.Add(1)
	go func() {
		defer tick.Done()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				melde()
			}
		}
	}()
	defer func() { close(stop); tick.Wait(); melde() }()

	const stueck = 20 // plans per transaction on the bulk path
	var next atomic.Int64
	errs := make(chan error, l.s.Parallel)
	var wg sync.WaitGroup
	for range l.s.Parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				von := int(next.Add(stueck)) - stueck
				if von >= n {
					return
				}
				teil := make([]plan, 0, stueck)
				var err error
				for i := von; i < min(von+stueck, n) && err == nil; i++ {
					teil = append(teil, planFuer(i))
					err = l.zeitfolge(&teil[len(teil)-1])
				}
				var k int
				switch {
				case err != nil:
				case l.s.Befehlsweg:
					k, err = befehlsweg(ctx, l.store, d, teil)
				default:
					k, err = massenweg(ctx, l.plain, d, schreibe, teil)
				}
				if err != nil {
					errs <- fmt.Errorf("%s: %w", phase, err)
					return
				}
				l.ereignisse.Add(int64(k))
				fertig.Add(int64(len(teil)))
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	return ctx.Err()
}

// befehlsweg: each command through the one command handler, as the API does it, in a
// transaction of its own that records its events at the step's moment (amTag, as the demo's).
func befehlsweg[S, C any](ctx context.Context, store *eventstore.Store, d ereignis.Decider[S, C], plaene []plan) (int, error) {
	n := 0
	for _, p := range plaene {
		for i, s := range p.schritte {
			var out eventstore.Appended
			err := amTag(ctx, store, s.am, func(tx pgx.Tx) error {
				var err error
				out, err = eventstore.Befehle(store, d).HandleTx(ctx, tx, p.id, eventstore.VersionUnbekannt, s.befehl.(C), s.md)
				return err
			})
			if err != nil {
				return n, fmt.Errorf("%s Schritt %d (%T): %w", eventstore.StreamID(d.StreamType, p.id), i+1, s.befehl, err)
			}
			n += len(out.Events)
		}
	}
	return n, nil
}

// massenweg decides the commands of several aggregates in memory with the same decider — every
// event goes through JSON and Decode before Evolve, exactly as Handle reads it back — appends
// the events of each run of commands with the same metadata at once, records every event at
// its step's moment with one statement, and then writes each document once, all in one
// transaction: the documents see the events' final times, as on the command path.
func massenweg[S, C any](ctx context.Context, plain *eventstore.Store, d ereignis.Decider[S, C],
	schreibe func(context.Context, pgx.Tx, int64, S, int) error, plaene []plan) (int, error) {
	type stand struct {
		id      int64
		state   S
		version int
	}
	n := 0
	err := pgx.BeginFunc(ctx, plain.Pool(), func(tx pgx.Tx) error {
		n = 0
		var positionen []int64
		var zeiten []time.Time
		staende := make([]stand, 0, len(plaene))
		for _, p := range plaene {
			streamID := eventstore.StreamID(d.StreamType, p.id)
			state, version := d.Initial(), 0
			var gruppe []eventstore.NewEvent
			var gruppeAm []time.Time // the moment of each event of the group
			var gruppeMd eventstore.Metadata
			flush := func() error {
				if len(gruppe) == 0 {
					return nil
				}
				expected := version
				if expected == 0 {
					expected = eventstore.NoStream
				}
				out, err := plain.AppendTx(ctx, tx, streamID, d.StreamType, expected, gruppe, gruppeMd)
				if err != nil {
					return err
				}
				for k, e := range out.Events {
					positionen, zeiten = append(positionen, e.Position), append(zeiten, gruppeAm[k])
				}
				version, n, gruppe, gruppeAm = out.Version, n+len(out.Events), nil, nil
				return nil
			}
			for i, s := range p.schritte {
				decided, err := d.Decide(state, s.befehl.(C))
				if err != nil {
					return fmt.Errorf("%s Schritt %d (%T): %w", streamID, i+1, s.befehl, err)
				}
				md := s.md
				md.AuditInfo = eventstore.Datierung(decided) // as Handle writes it
				if len(decided) > 0 && len(gruppe) > 0 && !reflect.DeepEqual(gruppeMd, md) {
					if err := flush(); err != nil {
						return err
					}
				}
				for _, e := range decided {
					data, err := json.Marshal(e)
					if err != nil {
						return err
					}
					gelesen, err := d.Decode(e.EventType(), data)
					if err != nil {
						return err
					}
					state = d.Evolve(state, gelesen)
					gruppe, gruppeMd = append(gruppe, eventstore.NewEvent{Type: e.EventType(), Data: json.RawMessage(data)}), md
					gruppeAm = append(gruppeAm, s.am)
				}
			}
			if err := flush(); err != nil {
				return err
			}
			if version > 0 {
				staende = append(staende, stand{id: p.id, state: state, version: version})
			}
		}
		if err := datiere(ctx, tx, positionen, zeiten); err != nil {
			return err
		}
		for _, st := range staende {
			if err := schreibe(ctx, tx, st.id, st.state, st.version); err != nil {
				return err
			}
		}
		return nil
	})
	return n, err
}

// ascii folds a name into user-name and mail-address letters.
func ascii(s string) string {
	r := strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss", " ", "-", "(", "", ")", "", ".", "")
	return strings.ToLower(r.Replace(s))
}

// --- realistic names of Rhineland-Palatinate -------------------------------------------------

var regionalstellenOrte = []string{"Koblenz", "Montabaur", "Trier", "Idar-Oberstein", "Mainz", "Kaiserslautern",
	"Neustadt an der Weinstraße"}

type ort struct {
	name, plz string
	stelle    int // index into regionalstellenOrte
}

var orte = []ort{
	{"Koblenz", "56068", 0}, {"Andernach", "56626", 0}, {"Mayen", "56727", 0}, {"Neuwied", "56564", 0}, {"Cochem", "56812", 0},
	{"Simmern/Hunsrück", "55469", 0}, {"Boppard", "56154", 0}, {"Lahnstein", "56112", 1}, {"Montabaur", "56410", 1},
	{"Westerburg", "56457", 1}, {"Bad Ems", "56130", 1}, {"Altenkirchen", "57610", 1}, {"Betzdorf", "57518", 1},
	{"Trier", "54290", 2}, {"Bitburg", "54634", 2}, {"Wittlich", "54516", 2}, {"Prüm", "54595", 2}, {"Bernkastel-Kues", "54470", 2},
	{"Daun", "54550", 2}, {"Konz", "54329", 2}, {"Idar-Oberstein", "55743", 3}, {"Bad Kreuznach", "55543", 3},
	{"Birkenfeld", "55765", 3}, {"Kirn", "55606", 3}, {"Mainz", "55116", 4}, {"Bingen am Rhein", "55411", 4},
	{"Alzey", "55232", 4}, {"Worms", "67547", 4}, {"Ingelheim am Rhein", "55218", 4}, {"Nierstein", "55283", 4},
	{"Kaiserslautern", "67655", 5}, {"Pirmasens", "66953", 5}, {"Zweibrücken", "66482", 5}, {"Kusel", "66869", 5},
	{"Landstuhl", "66849", 5}, {"Neustadt an der Weinstraße", "67433", 6}, {"Ludwigshafen am Rhein", "67059", 6},
	{"Speyer", "67346", 6}, {"Landau in der Pfalz", "76829", 6}, {"Frankenthal (Pfalz)", "67227", 6}, {"Germersheim", "76726", 6},
	{"Bad Dürkheim", "67098", 6}, {"Haßloch", "67454", 6},
}

var ortsteile = []string{"Nord", "Süd", "Ost", "West", "Mitte", "Oberdorf", "Unterdorf", "Hafen", "Talaue", "Am Bach"}

var familien = []string{"Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann",
	"Koch", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann", "Braun", "Krüger", "Hofmann", "Hartmann",
	"Lange", "Schmitt", "Werner", "Krause", "Meier", "Lehmann", "Schmid", "Schulze", "Maier", "Köhler", "Herrmann", "König",
	"Walter", "Mayer", "Huber", "Kaiser", "Fuchs", "Peters", "Lang", "Scholz", "Möller", "Weiß", "Jung", "Hahn", "Keller",
	"Vogel", "Friedrich", "Roth", "Beck", "Lorenz", "Baumann", "Franke", "Albrecht", "Ludwig", "Winkler", "Simon", "Böhm"}

var vornamenM = []string{"Michael", "Thomas", "Andreas", "Stefan", "Markus", "Christian", "Frank", "Jan", "Tobias", "Matthias",
	"Peter", "Jürgen", "Alexander", "Sebastian", "Daniel", "Florian", "Bernd", "Uwe", "Klaus", "Jörg"}

var vornamenW = []string{"Sabine", "Claudia", "Julia", "Anna", "Petra", "Katrin", "Andrea", "Nicole", "Stefanie", "Susanne",
	"Birgit", "Melanie", "Sandra", "Christina", "Monika", "Laura", "Sarah", "Katharina", "Jana", "Ute"}

var rechtsformen = []string{"GmbH", "GmbH", "GmbH", "AG", "KG", "GmbH & Co. KG", "e.K.", "OHG"}

type branche struct{ firma, betrieb, taetigkeit, nace, produkt string }

var branchen = []branche{
	{"Papier", "Papierfabrik", "6.1 b) Herstellung von Papier, Karton oder Pappe (über 20 t/d)", "17.12", "Papier"},
	{"Brauerei", "Brauerei", "7.29 Herstellung von Bier", "11.05", "Bier"},
	{"Oberflächentechnik", "Galvanik", "2.6 Oberflächenbehandlung von Metallen (Wirkbäder über 30 m³)", "25.61", "Beschichtete Metallteile"},
	{"Milchwerke", "Molkerei", "7.32 Behandlung und Verarbeitung von Milch", "10.51", "Milcherzeugnisse"},
	{"Chemie", "Chemiewerk", "4.1 Herstellung organischer Chemikalien", "20.14", "Organische Grundstoffe"},
	{"Textil", "Färberei", "10.10 Vorbehandlung oder Färben von Fasern oder Textilien", "13.30", "Gefärbte Garne"},
	{"Fleischwaren", "Schlachthof", "7.2 Schlachten von Tieren", "10.11", "Fleisch"},
	{"Weinkellerei", "Kellerei", "7.27 Herstellung von Wein", "11.02", "Wein"},
	{"Druck", "Druckerei", "5.1 Oberflächenbehandlung unter Verwendung organischer Lösungsmittel", "18.12", "Druckerzeugnisse"},
	{"Metallbau", "Metallwerk", "3.9 Oberflächenbehandlung von Metallen", "25.11", "Stahlbauteile"},
	{"Zement", "Zementwerk", "2.3 Herstellung von Zementklinker", "23.51", "Zement"},
	{"Zucker", "Zuckerfabrik", "7.30 Herstellung von Zucker", "10.81", "Zucker"},
	{"Fruchtsaft", "Kelterei", "7.31 Herstellung von Fruchtsäften", "10.32", "Fruchtsaft"},
	{"Kunststoff", "Kunststoffwerk", "4.1 h) Herstellung von Kunststoffen", "22.29", "Kunststoffteile"},
	{"Glas", "Glashütte", "2.8 Herstellung von Glas", "23.13", "Hohlglas"},
	{"Lederwaren", "Gerberei", "10.3 Gerben von Häuten oder Fellen", "15.11", "Leder"},
	{"Entsorgung", "Recyclinghof", "8.11 Behandlung von nicht gefährlichen Abfällen", "38.32", "Sekundärrohstoffe"},
	{"Edelstein", "Edelsteinschleiferei", "Schleifen und Polieren von Edelsteinen", "32.12", "Schmucksteine"},
}

// betriebstypen, weighted like an authority's stock: mostly industrial, then municipal.
var betriebstypen = []string{"INDUSTRIE", "INDUSTRIE", "INDUSTRIE", "INDUSTRIE", "INDUSTRIE", "INDUSTRIE", "KOMMUNAL", "KOMMUNAL",
	"KANAL_KOMMUNAL", "KANAL_INDUSTRIE", "PRIVAT", "AUSSERHALB_RLP"}

var strassen = []string{"Hauptstraße", "Bahnhofstraße", "Industriestraße", "Am Hafen", "Gewerbepark", "Rheinstraße", "Moselstraße",
	"Mainzer Straße", "Koblenzer Straße", "Trierer Straße", "Im Gewerbegebiet", "Lahnstraße", "Nahestraße", "Auf der Au",
	"Mühlenweg", "Kirchstraße", "Schulstraße", "Gartenstraße", "Raiffeisenstraße", "Siemensstraße", "Carl-Benz-Straße",
	"An der Kläranlage", "Zum Wasserwerk", "Robert-Bosch-Straße", "Am Bahndamm"}

var ablehnungen = []string{
	"Die Lage der Einleitstelle fehlt. Bitte ergänzen Sie die Koordinaten und beantragen Sie die Freigabe erneut.",
	"Die Koordinaten liegen außerhalb des Betriebsgeländes. Bitte prüfen Sie die Angaben.",
	"Der Betrieb ist bereits unter einer anderen Nummer erfasst. Bitte klären Sie das mit der Regionalstelle.",
	"Die Angaben zur Wasserversorgung sind unvollständig.",
}
