// Package nachrichten is the read model of the users' messages (Nachrichten): a projector fed
// from NATS turns events into messages for the people concerned — an operation requested for
// the authority staff who decide it, the decision for the operator's users, a
// Stammdaten-Antrag or a plant's Änderungsantrag submitted or decided — and applies what users do with them (read,
// delete: the postfach events). When a recipient wants messages by e-mail, the same
// transaction writes the mail to the outbox (public.mail_ausgang), once per message — not
// again when a rebuild replays the event.
//
// Recipients are worked out from the accounts as they are when the batch is applied, so a
// rebuild addresses today's staff; messages keep a stable key (event position, recipient).
// Who did the event is named to each recipient as the Historie names him (verlauf.NamenFuer,
// registered with Namen; issue 42): an operator's account reads staff as "Behörde" — in the
// sender, the text, the decided mark and the mail —, staff read every name. The row is written
// for its recipient, so the choice is made then, from the recipient's account as it is
// (docs/security.md).
//
// A batch is applied in memory in event order — the names of operations and plants, the
// messages it creates, what its decisions and postfach events do to them — and written with a
// constant number of statements: one upsert per copied table, one query for the recipients of
// all its messages, one COPY of the new messages, one statement each for what it does to
// stored messages and one for the mails.
package nachrichten

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	entscheidung "github.com/eabwasser/eabwasser/domain/antrag"
	"slices"
	"strconv"
	"strings"
	"time"

	gojson "github.com/goccy/go-json"
	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/domain/postfach"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections"
)

// Name of the projection (and its schema).
const Name = "nachrichten"

// schema: the tables with their keys. The partial index of the open messages is here, not in
// indexe: the projector itself looks messages up by it (a decision marks the open messages of
// its request), in every batch of a rebuild too.
const schema = `
CREATE TABLE betrieb (
    id                bigint PRIMARY KEY,
    betriebs_id       text   NOT NULL,
    bezeichnung       text   NOT NULL,
    betreiber_id      bigint NOT NULL,
    regionalstelle_id bigint NOT NULL
);
CREATE TABLE anlage (
    id          bigint PRIMARY KEY,
    betrieb_id  bigint NOT NULL,
    anlagentyp  text   NOT NULL,
    bezeichnung text   NOT NULL
);
CREATE TABLE messstelle (
    id            bigint PRIMARY KEY,
    anlage_id     bigint NOT NULL,
    bezeichnung   text   NOT NULL,
    antragsteller bigint NOT NULL
);
CREATE TABLE bescheid (
    id            bigint PRIMARY KEY,
    betrieb_id    bigint NOT NULL,
    bezeichnung   text   NOT NULL,
    antragsteller bigint NOT NULL
);
CREATE TABLE jahresbericht (
    id          bigint PRIMARY KEY,
    anlage_id   bigint NOT NULL,
    bezeichnung text   NOT NULL
);
CREATE TABLE nachricht (
    id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    quelle          bigint      NOT NULL,
    empfaenger_id   bigint      NOT NULL,
    gelesen         boolean     NOT NULL DEFAULT false,
    absende_datum   timestamptz NOT NULL,
    absender        text        NOT NULL,
    betreff         text        NOT NULL,
    text            text        NOT NULL,
    bezug           text        NOT NULL,
    fachobjektbezug text        NOT NULL,
    fachobjekt_id   bigint      NOT NULL,
    erledigt        text        NOT NULL DEFAULT '',
    pfad            text        NOT NULL DEFAULT '',
    UNIQUE (quelle, empfaenger_id)
);
-- absender, text and erledigt name who did the event as the recipient may see him (issue 42)
CREATE INDEX nachricht_offen ON nachricht (fachobjekt_id, bezug) WHERE erledigt = '';
`

// indexe serve the start page's queries (a user's messages, his unread ones).
const indexe = `
CREATE INDEX nachricht_empfaenger ON nachricht (empfaenger_id, absende_datum DESC, id DESC);
CREATE INDEX nachricht_ungelesen ON nachricht (empfaenger_id) WHERE NOT gelesen;
`

// Projection is the messages read model.
var Projection = projections.Projection{
	Name:       Name,
	Schema:     schema,
	Indexe:     indexe,
	Projiziere: projiziere,
}

// betriebZeile is the copy of an operation: its name and number for the texts, its operator
// and Regionalstelle for the recipients.
type betriebZeile struct {
	ID               int64
	BetriebsID       string
	Bezeichnung      string
	BetreiberID      int64
	RegionalstelleID int64
}

var betriebe = projections.Tabelle[betriebZeile]{
	Name:    "betrieb",
	Spalten: []string{"id", "betriebs_id", "bezeichnung", "betreiber_id", "regionalstelle_id"},
	Felder: func(b *betriebZeile) []any {
		return []any{&b.ID, &b.BetriebsID, &b.Bezeichnung, &b.BetreiberID, &b.RegionalstelleID}
	},
}

// anlageZeile is the copy of a plant: its name and screen for the texts, its operation for
// the recipients.
type anlageZeile struct {
	ID          int64
	BetriebID   int64
	Anlagentyp  string
	Bezeichnung string
}

var anlagen = projections.Tabelle[anlageZeile]{
	Name:    "anlage",
	Spalten: []string{"id", "betrieb_id", "anlagentyp", "bezeichnung"},
	Felder: func(a *anlageZeile) []any {
		return []any{&a.ID, &a.BetriebID, &a.Anlagentyp, &a.Bezeichnung}
	},
}

// messstelleZeile is the copy of a measuring point: its name for the texts, its plant for the
// screen and the recipients, the account that requested its Freigabe for the decision.
type messstelleZeile struct {
	ID            int64
	AnlageID      int64
	Bezeichnung   string
	Antragsteller int64
}

// bescheidZeile is the copy of a Bescheid: its name for the texts, its operation for the
// recipients, the account that applied for it (0: recorded by staff) for the decisions.
type bescheidZeile struct {
	ID            int64
	BetriebID     int64
	Bezeichnung   string
	Antragsteller int64
}

var bescheide = projections.Tabelle[bescheidZeile]{
	Name:    "bescheid",
	Spalten: []string{"id", "betrieb_id", "bezeichnung", "antragsteller"},
	Felder: func(b *bescheidZeile) []any {
		return []any{&b.ID, &b.BetriebID, &b.Bezeichnung, &b.Antragsteller}
	},
}

// berichtZeile is the copy of an annual report: its name (plant and year) for the texts, its
// plant for the recipients.
type berichtZeile struct {
	ID          int64
	AnlageID    int64
	Bezeichnung string
}

var berichte = projections.Tabelle[berichtZeile]{
	Name:    "jahresbericht",
	Spalten: []string{"id", "anlage_id", "bezeichnung"},
	Felder: func(b *berichtZeile) []any {
		return []any{&b.ID, &b.AnlageID, &b.Bezeichnung}
	},
}

var messstellen = projections.Tabelle[messstelleZeile]{
	Name:    "messstelle",
	Spalten: []string{"id", "anlage_id", "bezeichnung", "antragsteller"},
	Felder: func(m *messstelleZeile) []any {
		return []any{&m.ID, &m.AnlageID, &m.Bezeichnung, &m.Antragsteller}
	},
}

// Empfaenger groups.
const (
	// entscheider: the staff who decide about the operation: who may approve it (the
	// permission table) and sees it (internal/zugriff: administrators all, authority staff by
	// their local roles).
	entscheider = iota
	// antragspruefer: the staff who decide about a plant's Änderungsantrag: who may review
	// change requests and sees the plant's operation.
	antragspruefer
	// messstellenpruefer: the staff who decide about a measuring point's Freigabe: who may
	// approve measuring points and sees its operation.
	messstellenpruefer
	// bescheidpruefer: the staff who decide about a Bescheidsantrag: who may record Bescheide
	// and sees its operation.
	bescheidpruefer
	// berichtspruefer: the staff who check a submitted annual report: who may decide its
	// Plausibilisierung and sees the plant's operation.
	berichtspruefer
	// betreiberseite: the users of the operator organisation.
	betreiberseite
	// antragsteller: the one account that requested what is decided (a measuring point's
	// Freigabe, requested by staff): the ziel's konto.
	antragsteller
)

// aktionen: what the staff of a group may do (zugriff.Zustaendige); betreiberseite and
// antragsteller have none.
var aktionen = [antragsteller + 1]berechtigung.Aktion{entscheider: berechtigung.BetriebFreigeben,
	antragspruefer: berechtigung.AenderungsantragPruefen, messstellenpruefer: berechtigung.MessstelleFreigeben,
	bescheidpruefer: berechtigung.BescheidAnlegen, berichtspruefer: berechtigung.JahresberichtPlausibilisieren}

// Bedingung is the SQL condition that the account a is a recipient of group g for the operation
// with the columns sp.
func bedingung(g int, sp zugriff.Spalten) string {
	switch g {
	case betreiberseite:
		return `a.status = 'AKTIV' AND a.organisation_id = ` + sp.Betreiber
	case antragsteller:
		return `a.status = 'AKTIV' AND a.id = ` + sp.Betreiber // the account travels in the operator's column
	}
	return `a.status = 'AKTIV' AND ` + zugriff.Zustaendige("a", aktionen[g], sp)
}

// empfaengerSQL finds the recipients of all messages of a batch at once: per group, the
// operations concerned travel as arrays (k numbers them), each as it was at its event; the
// recipients of each come ordered by account.
//
// The staff groups' condition (zugriff.Zustaendige) looks into the account's local roles with
// a subquery: over every pair of operation and staff member it would cost more than the rest
// of the batch. So the pairs are narrowed first with joins — the staff who may do the action
// (its roles, the condition's first conjunct); of them, those the condition takes whatever the
// operation (evaluated with an operation of NULLs: administrators, local roles for all
// Regionalstellen) with every operation, the others with the operations their organisation
// runs or one of their local roles names (the rule of zugriff.LokaleRolleDeckt, its arrays
// unnested so that each test is a hash join) — and the condition itself decides on the pairs
// that are left. The narrowing only ever keeps more pairs than the condition
// (TestNachrichten_EmpfaengerWieZustaendige holds the two equal). The operator's users are
// looked up by organisation for each operation: an index probe each (OFFSET 0 keeps the planner
// from turning them into a hash join over all accounts).
var empfaengerSQL = func() string {
	b := zugriff.Betriebsspalten("b.")
	var mit, teile []string
	for g := range aktionen {
		if aktionen[g] == "" {
			continue
		}
		n := 4 * g
		ohneBetrieb := bedingung(g, zugriff.Spalten{Betrieb: "NULL::bigint", Betreiber: "NULL::bigint", Regionalstelle: "NULL::bigint"})
		mit = append(mit, fmt.Sprintf(`b%[1]d AS MATERIALIZED (
			SELECT * FROM unnest($%[2]d::int[], $%[3]d::bigint[], $%[4]d::bigint[], $%[5]d::bigint[]) AS b (k, id, betreiber_id, regionalstelle_id)),
		personal%[1]d AS MATERIALIZED (
			SELECT a.id, a.organisation_id, a.lokale_rollen, coalesce(%[6]s, false) AS ueberall
			FROM public.anwender a WHERE a.status = 'AKTIV' AND a.funktionale_rollen && %[7]s),
		rolle%[1]d AS MATERIALIZED (
			SELECT s.id AS anwender_id, r.alle_regionalstellen, r.regionalstelle_ids, r.betriebe, r.organisationen
			FROM personal%[1]d s JOIN public.lokale_rolle r ON r.id = ANY(s.lokale_rollen) WHERE NOT s.ueberall),
		paar%[1]d AS (
			SELECT b.k, s.id FROM b%[1]d b JOIN personal%[1]d s ON s.ueberall
			UNION SELECT b.k, s.id FROM b%[1]d b JOIN personal%[1]d s ON s.organisation_id = b.betreiber_id AND NOT s.ueberall
			UNION SELECT b.k, r.anwender_id FROM b%[1]d b JOIN rolle%[1]d r ON r.alle_regionalstellen
			UNION SELECT b.k, r.anwender_id FROM rolle%[1]d r CROSS JOIN unnest(r.regionalstelle_ids) x (id) JOIN b%[1]d b ON b.regionalstelle_id = x.id
			UNION SELECT b.k, r.anwender_id FROM rolle%[1]d r CROSS JOIN unnest(r.betriebe) x (id) JOIN b%[1]d b ON b.id = x.id
			UNION SELECT b.k, r.anwender_id FROM rolle%[1]d r CROSS JOIN unnest(r.organisationen) x (id) JOIN b%[1]d b ON b.betreiber_id = x.id)`,
			g, n+1, n+2, n+3, n+4, ohneBetrieb, textArray(berechtigung.Rollen(aktionen[g]))))
		teile = append(teile, fmt.Sprintf(`SELECT b.k, a.id, a.email, coalesce(p.send_mail_nachrichten, false), coalesce(a.organisation_id, 0), a.funktionale_rollen
		FROM paar%[1]d x JOIN b%[1]d b ON b.k = x.k JOIN public.anwender a ON a.id = x.id AND %[2]s
		LEFT JOIN public.personalisierung p ON p.anwender_id = a.id`, g, bedingung(g, b)))
	}
	for _, g := range []int{betreiberseite, antragsteller} {
		n := 4 * g
		teile = append(teile, fmt.Sprintf(`SELECT b.k, a.id, a.email, coalesce(p.send_mail_nachrichten, false), coalesce(a.organisation_id, 0), a.funktionale_rollen
		FROM unnest($%d::int[], $%d::bigint[], $%d::bigint[], $%d::bigint[]) AS b (k, id, betreiber_id, regionalstelle_id)
		CROSS JOIN LATERAL (SELECT a.id, a.email, a.organisation_id, a.funktionale_rollen FROM public.anwender a WHERE %s OFFSET 0) a
		LEFT JOIN public.personalisierung p ON p.anwender_id = a.id`, n+1, n+2, n+3, n+4, bedingung(g, b)))
	}
	return "WITH " + strings.Join(mit, ",\n") + "\n" + strings.Join(teile, "\nUNION ALL\n") + "\nORDER BY 1, 2"
}()

// textArray is an SQL array of role names (constants of the permission table, no input).
func textArray(rollen []string) string {
	q := make([]string, len(rollen))
	for i, r := range rollen {
		q[i] = "'" + strings.ReplaceAll(r, "'", "''") + "'"
	}
	return "ARRAY[" + strings.Join(q, ", ") + "]::text[]"
}

// nachricht is what an event says and to whom.
type nachricht struct {
	an      int    // entscheider, antragspruefer, messstellenpruefer, betreiberseite or antragsteller
	bezug   string // BETRIEB, BETRIEB_STAMMDATEN_AENDERUNG, AENDERUNGSANTRAG_ANLAGE, MESSSTELLE
	betreff string
	text    string
	// anhang is appended to the text as it is (no format verbs).
	anhang string
	// entscheidung is the decision on an application (adopted fields, refused ones with their
	// reasons), appended to the text (antrag.Ergebnis); the reasons are user text, quoted as
	// data in the mail.
	entscheidung func(zitat func(string) string) string
	// kommentar is the comment the user gave with his request or decision: appended to the
	// message as "Kommentar: …", quoted as data in the mail (never a format string).
	kommentar string
}

// ziel is the object a message is about: its name in the Betreff, the Bezug shown, the path of
// its screen (link in the list and in the mail) and the operation whose people get it.
type ziel struct {
	id          int64
	betrieb     betriebZeile // the operation as it was at the event: who gets the message
	name, bezug string
	pfad        string
	// konto is the account that requested what the object waits for (group antragsteller).
	konto int64
}

// freigabe are the messages of an object's Freigabe — requested, requested again, approved,
// rejected — written once for every kind of object that has one (the operation, the measuring
// point): the kind names the object in its cases, the Bezug and who requests and decides.
type freigabe struct {
	bezug                       string
	nomen                       string // Betrieb
	nominativ, akkusativ        string // der Betrieb, den Betrieb
	genitiv                     string // des Betriebs
	abgewiesenAkk               string // den abgewiesenen Betrieb
	pruefer, antragstellerseite int    // who decides, who requested (message groups)
}

var (
	betriebsfreigabe = freigabe{bezug: "BETRIEB", nomen: "Betrieb", nominativ: "der Betrieb", akkusativ: "den Betrieb",
		genitiv: "des Betriebs", abgewiesenAkk: "den abgewiesenen Betrieb", pruefer: entscheider, antragstellerseite: betreiberseite}
	messstellenfreigabe = freigabe{bezug: "MESSSTELLE", nomen: "Messstelle", nominativ: "die Messstelle", akkusativ: "die Messstelle",
		genitiv: "der Messstelle", abgewiesenAkk: "die abgewiesene Messstelle", pruefer: messstellenpruefer, antragstellerseite: antragsteller}
)

func (f freigabe) beantragt() *nachricht {
	return &nachricht{an: f.pruefer, bezug: f.bezug, betreff: f.nomen + " zur Freigabe beantragt: %s",
		text: "%[2]s hat " + f.akkusativ + " „%[1]s“ zur Freigabe beantragt. Bitte prüfen Sie den Antrag unter „Freigabe bearbeiten“."}
}

func (f freigabe) erneutBeantragt() *nachricht {
	return &nachricht{an: f.pruefer, bezug: f.bezug, betreff: "Freigabe erneut beantragt: %s",
		text: "%[2]s hat " + f.abgewiesenAkk + " „%[1]s“ überarbeitet und die Freigabe erneut beantragt."}
}

func (f freigabe) freigegeben(kommentar string) *nachricht {
	return &nachricht{an: f.antragstellerseite, bezug: f.bezug, betreff: f.nomen + " freigegeben: %s",
		text: strings.ToUpper(f.nominativ[:1]) + f.nominativ[1:] + " „%[1]s“ wurde von %[2]s freigegeben.", kommentar: kommentar}
}

func (f freigabe) abgewiesen(kommentar string) *nachricht {
	return &nachricht{an: f.antragstellerseite, bezug: f.bezug, betreff: "Freigabe abgewiesen: %s",
		text:      "Die Freigabe " + f.genitiv + " „%[1]s“ wurde von %[2]s abgewiesen. Sie können die Angaben ändern und die Freigabe erneut beantragen.",
		kommentar: kommentar}
}

// objekt is a request's object: the fachobjekt_id and bezug of its messages.
type objekt struct {
	id    int64
	bezug string
}

// entwurf is a message of the batch before its recipients are known: one row per recipient.
type entwurf struct {
	quelle int64
	an     int
	// von is who did the event (its metadata): each recipient reads absender, text and
	// mailtext with his name or his side (benannt)
	von            eventstore.Metadata
	datum          time.Time
	absender, text benannt
	betreff        string
	mailbetreff    string  // subject of the mail: the name in it defanged (mail.Entschaerft)
	mailtext       benannt // text of the mail (mailtext)
	bezug          string
	ziel           ziel
	erledigt       *erledigung
	mail           bool // not a rebuild's replay
	// what the recipients did with it later in the batch (postfach events), by account
	gelesen, geloescht map[int64]bool
}

// stapel is what a batch changes, in memory.
type stapel struct {
	s           *projections.Stapel
	betriebe    *projections.Zeilen[betriebZeile]
	anlagen     *projections.Zeilen[anlageZeile]
	messstellen *projections.Zeilen[messstelleZeile]
	bescheide   *projections.Zeilen[bescheidZeile]
	berichte    *projections.Zeilen[berichtZeile]
	entwuerfe   []*entwurf
	// nachQuelle finds a message of the batch for the postfach events.
	nachQuelle map[int64]*entwurf
	// offen are the batch's messages about a request, for its decision.
	offen map[objekt][]*entwurf
	// abgeschlossen: the stored open messages about these requests are decided (the first
	// decision of the batch: it leaves no open ones for a second).
	abgeschlossen   map[objekt]bool
	erledigtID      []int64
	erledigtBezug   []string
	erledigtWie     []*erledigung
	gelesenQuelle   []int64
	gelesenAn       []int64
	geloeschtQuelle []int64
	geloeschtAn     []int64
}

// ereignisse are the event types that change the read model, by stream type; the others are
// not even decoded.
var ereignisse = map[string]map[string]bool{
	betrieb.StreamType: typen(betrieb.BetriebBeantragt{}, betrieb.FreigabeErneutBeantragt{}, betrieb.BetriebsdatenGeaendert{},
		betrieb.BetriebGeaendert{}, betrieb.BetreiberUmgezogen{}, betrieb.BetriebFreigegeben{}, betrieb.BetriebAbgewiesen{},
		betrieb.StammdatenAntragGestellt{}, betrieb.StammdatenAntragUebernommen{}, betrieb.StammdatenAntragAbgelehnt{}),
	anlage.StreamType: typen(anlage.AnlageAngelegt{}, anlage.AnlageGeaendert{}, anlage.AenderungsantragGestellt{},
		anlage.AenderungsantragUebernommen{}, anlage.AenderungsantragAbgelehnt{}),
	messstelle.StreamType: typen(messstelle.MessstelleBeantragt{}, messstelle.MessstellenfreigabeErneutAngefordert{},
		messstelle.MessstelleGeaendert{}, messstelle.MessstelleFreigegeben{}, messstelle.MessstelleAbgewiesen{}),
	bescheid.StreamType: typen(bescheid.BescheidAngelegt{}, bescheid.BescheidGeaendert{}, bescheid.BescheidsantragGestellt{},
		bescheid.BescheidsantragZurueckgewiesen{}, bescheid.BescheidInBearbeitung{}, bescheid.BescheidFreigegeben{}, bescheid.BescheidGeloescht{}),
	jahresbericht.StreamType: typen(jahresbericht.JahresberichtAngelegt{}, jahresbericht.JahresberichtEingereicht{},
		jahresbericht.JahresberichtPlausibilisiert{}, jahresbericht.JahresberichtZurueckgewiesen{}, jahresbericht.JahresberichtGeloescht{}),
	postfach.StreamType: typen(postfach.NachrichtGelesen{}, postfach.NachrichtGeloescht{}),
}

func typen(es ...ereignis.DomainEvent) map[string]bool {
	m := map[string]bool{}
	for _, e := range es {
		m[e.EventType()] = true
	}
	return m
}

// betriebsdaten are the fields of an operation's data the read model keeps. The events that
// carry the whole data (requests, saves) are most of the log; they are read into these fields
// only, which spares decoding the rest.
type betriebsdaten struct {
	Daten struct {
		Bezeichnung      string `json:"bezeichnung"`
		BetreiberID      int64  `json:"betreiberId"`
		RegionalstelleID int64  `json:"regionalstelleId"`
	} `json:"daten"`
	BetriebsID string `json:"betriebsId"` // BetriebBeantragt
}

// anlagendaten: the same for a plant's data.
type anlagendaten struct {
	BetriebID int64  `json:"betriebId"`  // AnlageAngelegt
	Typ       string `json:"anlagentyp"` // AnlageAngelegt
	Daten     struct {
		Bezeichnung string `json:"bezeichnung"`
	} `json:"daten"`
}

var (
	betriebBeantragt       = betrieb.BetriebBeantragt{}.EventType()
	freigabeErneut         = betrieb.FreigabeErneutBeantragt{}.EventType()
	betriebsdatenGeaendert = betrieb.BetriebsdatenGeaendert{}.EventType()
	betriebGeaendert       = betrieb.BetriebGeaendert{}.EventType()
	anlageAngelegt         = anlage.AnlageAngelegt{}.EventType()
	anlageGeaendert        = anlage.AnlageGeaendert{}.EventType()
)

// lesen decodes an event the read model applies; nil for the others.
func lesen(e eventstore.Event) (any, error) {
	if !ereignisse[e.StreamType][e.Type] {
		return nil, nil
	}
	switch e.Type {
	case betriebBeantragt, freigabeErneut, betriebsdatenGeaendert, betriebGeaendert:
		if e.StreamType == betrieb.StreamType {
			var v betriebsdaten
			return v, gojson.Unmarshal(e.Data, &v)
		}
	case anlageAngelegt, anlageGeaendert:
		if e.StreamType == anlage.StreamType {
			var v anlagendaten
			return v, gojson.Unmarshal(e.Data, &v)
		}
	}
	switch e.StreamType {
	case betrieb.StreamType:
		return betrieb.Decode(e.Type, e.Data)
	case anlage.StreamType:
		return anlage.Decode(e.Type, e.Data)
	case messstelle.StreamType:
		return messstelle.Decode(e.Type, e.Data)
	case bescheid.StreamType:
		return bescheid.Decode(e.Type, e.Data)
	case jahresbericht.StreamType:
		return jahresbericht.Decode(e.Type, e.Data)
	default:
		return postfach.Decode(e.Type, e.Data)
	}
}

// dekodieren decodes the events (lesen) on all cores: decoding JSON is most of the projector's
// own work, and the database waits meanwhile. Each event's value and error at its index.
func dekodieren(events []eventstore.Event) ([]any, []error) {
	werte, fehler := make([]any, len(events)), make([]error, len(events))
	projections.Parallel(len(events), 256, func(i int) { werte[i], fehler[i] = lesen(events[i]) })
	return werte, fehler
}

func projiziere(ctx context.Context, s *projections.Stapel) (*projections.Schreiben, error) {
	if historie.NamenFuer == nil || historie.Seite == nil {
		return nil, errors.New("nachrichten: the Historie's masking of names is not registered (Namen)")
	}
	st := &stapel{s: s, betriebe: betriebe.Zeilen(), anlagen: anlagen.Zeilen(), messstellen: messstellen.Zeilen(), bescheide: bescheide.Zeilen(), berichte: berichte.Zeilen(), nachQuelle: map[int64]*entwurf{},
		offen: map[objekt][]*entwurf{}, abgeschlossen: map[objekt]bool{}}
	// first pass: decode, and the ids of the operations and plants the batch needs
	werte, fehler := dekodieren(s.Events)
	ids := make([]int64, len(s.Events))
	var betriebIDs, anlageIDs, messstelleIDs, bescheidIDs, berichtIDs []int64
	for i, e := range s.Events {
		v := werte[i]
		if err := fehler[i]; err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", e.Position, e.Type, err)
		}
		if v == nil {
			continue
		}
		id, err := eventstore.AggregatID(e.StreamID)
		if err != nil {
			return nil, err
		}
		werte[i], ids[i] = v, id
		switch e.StreamType {
		case betrieb.StreamType:
			betriebIDs = append(betriebIDs, id)
		case anlage.StreamType:
			anlageIDs = append(anlageIDs, id)
			if e.Type == anlageAngelegt {
				betriebIDs = append(betriebIDs, v.(anlagendaten).BetriebID)
			}
		case messstelle.StreamType:
			messstelleIDs = append(messstelleIDs, id)
			if b, ok := v.(messstelle.MessstelleBeantragt); ok {
				anlageIDs, betriebIDs = append(anlageIDs, b.AnlageID), append(betriebIDs, b.BetriebID)
			}
		case bescheid.StreamType:
			bescheidIDs = append(bescheidIDs, id)
			if b, ok := v.(bescheid.BescheidAngelegt); ok {
				betriebIDs = append(betriebIDs, b.BetriebID)
			}
		case jahresbericht.StreamType:
			berichtIDs = append(berichtIDs, id)
			if b, ok := v.(jahresbericht.JahresberichtAngelegt); ok {
				anlageIDs = append(anlageIDs, b.AnlageID)
			}
		}
	}
	if err := st.bescheide.Laden(ctx, s, bescheidIDs); err != nil {
		return nil, err
	}
	for _, id := range bescheidIDs {
		if b := st.bescheide.Zeile(id); b != nil {
			betriebIDs = append(betriebIDs, b.BetriebID)
		}
	}
	if err := st.berichte.Laden(ctx, s, berichtIDs); err != nil {
		return nil, err
	}
	for _, id := range berichtIDs {
		if b := st.berichte.Zeile(id); b != nil {
			anlageIDs = append(anlageIDs, b.AnlageID)
		}
	}
	if err := st.messstellen.Laden(ctx, s, messstelleIDs); err != nil {
		return nil, err
	}
	for _, id := range messstelleIDs {
		if m := st.messstellen.Zeile(id); m != nil {
			anlageIDs = append(anlageIDs, m.AnlageID)
		}
	}
	if err := st.anlagen.Laden(ctx, s, anlageIDs); err != nil {
		return nil, err
	}
	for _, id := range anlageIDs {
		if a := st.anlagen.Zeile(id); a != nil {
			betriebIDs = append(betriebIDs, a.BetriebID)
		}
	}
	if err := st.betriebe.Laden(ctx, s, betriebIDs); err != nil {
		return nil, err
	}
	// second pass: the events in order
	for i, e := range s.Events {
		if werte[i] == nil {
			continue
		}
		var err error
		switch e.StreamType {
		case betrieb.StreamType:
			err = st.betriebEreignis(e, ids[i], werte[i])
		case anlage.StreamType:
			err = st.anlageEreignis(e, ids[i], werte[i])
		case messstelle.StreamType:
			err = st.messstelleEreignis(e, ids[i], werte[i])
		case bescheid.StreamType:
			err = st.bescheidEreignis(e, ids[i], werte[i])
		case jahresbericht.StreamType:
			err = st.berichtEreignis(e, ids[i], werte[i])
		case postfach.StreamType:
			st.postfachEreignis(ids[i], werte[i])
		}
		if err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", e.Position, e.Type, err)
		}
	}
	return st.schreiben(ctx)
}

func (st *stapel) postfachEreignis(empfaenger int64, v any) {
	switch v := v.(type) {
	case postfach.NachrichtGelesen:
		if d := st.nachQuelle[v.Quelle]; d != nil {
			d.gelesen = setzen(d.gelesen, empfaenger)
			return
		}
		st.gelesenQuelle, st.gelesenAn = append(st.gelesenQuelle, v.Quelle), append(st.gelesenAn, empfaenger)
	case postfach.NachrichtGeloescht:
		if d := st.nachQuelle[v.Quelle]; d != nil {
			d.geloescht = setzen(d.geloescht, empfaenger)
			return
		}
		st.geloeschtQuelle, st.geloeschtAn = append(st.geloeschtQuelle, v.Quelle), append(st.geloeschtAn, empfaenger)
	}
}

func setzen(m map[int64]bool, id int64) map[int64]bool {
	if m == nil {
		m = map[int64]bool{}
	}
	m[id] = true
	return m
}

// betriebsziel is the operation as the batch has got (its events before this one applied).
func (st *stapel) betriebsziel(id int64) (ziel, error) {
	b := st.betriebe.Zeile(id)
	if b == nil {
		return ziel{}, fmt.Errorf("nachrichten: Betrieb %d: %w", id, pgx.ErrNoRows)
	}
	return ziel{id: id, betrieb: *b, name: b.Bezeichnung, bezug: fmt.Sprintf("Betrieb %s (%s)", b.Bezeichnung, b.BetriebsID),
		pfad: fmt.Sprintf("/betriebsakte/%d/betriebsdaten", id)}, nil
}

func (st *stapel) anlagenziel(id int64) (ziel, error) {
	a := st.anlagen.Zeile(id)
	var b *betriebZeile
	if a != nil {
		b = st.betriebe.Zeile(a.BetriebID)
	}
	if b == nil {
		return ziel{}, fmt.Errorf("nachrichten: Anlage %d: %w", id, pgx.ErrNoRows)
	}
	return ziel{id: id, betrieb: *b, name: a.Bezeichnung, bezug: fmt.Sprintf("Anlage %s – Betrieb %s (%s)", a.Bezeichnung, b.Bezeichnung, b.BetriebsID),
		pfad: fmt.Sprintf("/betriebsakte/%d/%s/%d/anlagendaten", a.BetriebID, strings.ToLower(a.Anlagentyp), id)}, nil
}

// messstellenziel is the measuring point as the batch has got it, with its plant and operation.
func (st *stapel) messstellenziel(id int64) (ziel, error) {
	m := st.messstellen.Zeile(id)
	var a *anlageZeile
	var b *betriebZeile
	if m != nil {
		a = st.anlagen.Zeile(m.AnlageID)
	}
	if a != nil {
		b = st.betriebe.Zeile(a.BetriebID)
	}
	if b == nil {
		return ziel{}, fmt.Errorf("nachrichten: Messstelle %d: %w", id, pgx.ErrNoRows)
	}
	return ziel{id: id, betrieb: *b, name: m.Bezeichnung, konto: m.Antragsteller,
		bezug: fmt.Sprintf("Messstelle %s – Anlage %s – Betrieb %s (%s)", m.Bezeichnung, a.Bezeichnung, b.Bezeichnung, b.BetriebsID),
		pfad:  fmt.Sprintf("/betriebsakte/%d/%s/%d/messstellen/%d/messstellendaten", a.BetriebID, strings.ToLower(a.Anlagentyp), a.ID, id)}, nil
}

// messstelleEreignis: a measuring point's Freigabe requested (again) goes to who may approve
// measuring points, its decision to the account that requested it (messstellenfreigabe).
func (st *stapel) messstelleEreignis(e eventstore.Event, id int64, v any) error {
	f := messstellenfreigabe
	var n *nachricht
	switch v := v.(type) {
	case messstelle.MessstelleBeantragt:
		st.messstellen.Neu(id, messstelleZeile{ID: id, AnlageID: v.AnlageID, Bezeichnung: v.Daten.Bezeichnung, Antragsteller: v.Antragsteller})
		n = f.beantragt()
	case messstelle.MessstellenfreigabeErneutAngefordert:
		if m := st.messstellen.Aendern(id); m != nil {
			m.Bezeichnung, m.Antragsteller = v.Daten.Bezeichnung, v.Antragsteller
		}
		n = f.erneutBeantragt()
	case messstelle.MessstelleGeaendert:
		if m := st.messstellen.Zeile(id); m != nil && m.Bezeichnung != v.Daten.Bezeichnung {
			st.messstellen.Aendern(id).Bezeichnung = v.Daten.Bezeichnung
		}
	case messstelle.MessstelleFreigegeben:
		st.entschieden(e, id, f.bezug, "Freigegeben")
		n = f.freigegeben(v.Kommentar)
	case messstelle.MessstelleAbgewiesen:
		st.entschieden(e, id, f.bezug, "Abgewiesen")
		n = f.abgewiesen(v.Kommentar)
	}
	if n == nil {
		return nil
	}
	z, err := st.messstellenziel(id)
	if err != nil {
		return err
	}
	st.zustellen(e, z, *n)
	return nil
}

// bescheidziel is the Bescheid as the batch has got it, with its operation; the path says antrag
// while it is an application (spec 001 §2.1).
func (st *stapel) bescheidziel(id int64, antrag bool) (ziel, error) {
	x := st.bescheide.Zeile(id)
	var b *betriebZeile
	if x != nil {
		b = st.betriebe.Zeile(x.BetriebID)
	}
	if b == nil {
		return ziel{}, fmt.Errorf("nachrichten: Bescheid %d: %w", id, pgx.ErrNoRows)
	}
	segment := "bescheid"
	if antrag {
		segment = "antrag"
	}
	return ziel{id: id, betrieb: *b, name: x.Bezeichnung, konto: x.Antragsteller,
		bezug: fmt.Sprintf("Bescheid %s – Betrieb %s (%s)", x.Bezeichnung, b.Bezeichnung, b.BetriebsID),
		pfad:  fmt.Sprintf("/betriebsakte/%d/%s/%d/bescheidsdaten", x.BetriebID, segment, id)}, nil
}

// Bescheidname is how a message names a Bescheid: its Bescheidart and Aktenzeichen.
func Bescheidname(d bescheid.Daten) string {
	if d.Aktenzeichen == "" {
		return d.Bescheidart
	}
	return d.Bescheidart + ", Az. " + d.Aktenzeichen
}

// bescheidEreignis: a submitted Bescheidsantrag goes to who records Bescheide (and sees the
// operation); taking it into work, returning it (with the comment) and releasing the Bescheid
// go to the account that applied for it. A deletion marks the open messages decided.
func (st *stapel) bescheidEreignis(e eventstore.Event, id int64, v any) error {
	const bezug = "BESCHEIDSANTRAG"
	var n *nachricht
	antrag := true
	switch v := v.(type) {
	case bescheid.BescheidAngelegt:
		var von int64
		if v.Status == bescheid.Angelegt {
			von = v.Von
		}
		st.bescheide.Neu(id, bescheidZeile{ID: id, BetriebID: v.BetriebID, Bezeichnung: Bescheidname(v.Daten), Antragsteller: von})
	case bescheid.BescheidGeaendert:
		if x := st.bescheide.Zeile(id); x != nil && x.Bezeichnung != Bescheidname(v.Daten) {
			st.bescheide.Aendern(id).Bezeichnung = Bescheidname(v.Daten)
		}
	case bescheid.BescheidsantragGestellt:
		n = &nachricht{an: bescheidpruefer, bezug: bezug, betreff: "Bescheidsantrag gestellt: %s",
			text: "%[2]s hat den Bescheidsantrag „%[1]s“ gestellt. Bitte prüfen Sie den Antrag unter „Bescheidsantrag bearbeiten“."}
	case bescheid.BescheidInBearbeitung:
		st.entschieden(e, id, bezug, "In Bearbeitung genommen")
		antrag = false
		n = &nachricht{an: antragsteller, bezug: bezug, betreff: "Bescheidsantrag in Bearbeitung: %s",
			text: "%[2]s hat Ihren Bescheidsantrag „%[1]s“ in Bearbeitung genommen."}
	case bescheid.BescheidsantragZurueckgewiesen:
		st.entschieden(e, id, bezug, "Zurückgewiesen")
		n = &nachricht{an: antragsteller, bezug: bezug, betreff: "Bescheidsantrag zurückgewiesen: %s",
			text:      "%[2]s hat Ihren Bescheidsantrag „%[1]s“ zurückgewiesen. Sie können ihn überarbeiten und erneut stellen.",
			kommentar: v.Kommentar}
	case bescheid.BescheidFreigegeben:
		antrag = false
		n = &nachricht{an: antragsteller, bezug: bezug, betreff: "Bescheid freigegeben: %s",
			text: "Der Bescheid „%[1]s“ zu Ihrem Antrag wurde von %[2]s freigegeben."}
	case bescheid.BescheidGeloescht:
		st.entschieden(e, id, bezug, "Gelöscht")
	}
	if n == nil {
		return nil
	}
	z, err := st.bescheidziel(id, antrag)
	if err != nil {
		return err
	}
	if n.an == antragsteller && z.konto == 0 {
		return nil // recorded by staff: nobody applied
	}
	st.zustellen(e, z, *n)
	return nil
}

// berichtsziel is the annual report as the batch has got it, with its plant and operation.
func (st *stapel) berichtsziel(id int64) (ziel, error) {
	x := st.berichte.Zeile(id)
	var a *anlageZeile
	var b *betriebZeile
	if x != nil {
		a = st.anlagen.Zeile(x.AnlageID)
	}
	if a != nil {
		b = st.betriebe.Zeile(a.BetriebID)
	}
	if b == nil {
		return ziel{}, fmt.Errorf("nachrichten: Jahresbericht %d: %w", id, pgx.ErrNoRows)
	}
	return ziel{id: id, betrieb: *b, name: x.Bezeichnung,
		bezug: fmt.Sprintf("Jahresbericht %s – Betrieb %s (%s)", x.Bezeichnung, b.Bezeichnung, b.BetriebsID),
		pfad:  fmt.Sprintf("/betriebsakte/%d/jahresbericht/%d/jahresberichtdaten", a.BetriebID, id)}, nil
}

// berichtEreignis: a submitted annual report goes to who checks reports (and sees the
// operation); its approval and its rejection (with the comment) go to the operator's users. A
// decision or deletion marks the open messages about it decided.
func (st *stapel) berichtEreignis(e eventstore.Event, id int64, v any) error {
	const bezug = "JAHRESBERICHT"
	var n *nachricht
	switch v := v.(type) {
	case jahresbericht.JahresberichtAngelegt:
		st.berichte.Neu(id, berichtZeile{ID: id, AnlageID: v.AnlageID, Bezeichnung: fmt.Sprintf("%s %d", v.AnlageBezeichnung, v.Jahr)})
	case jahresbericht.JahresberichtEingereicht:
		n = &nachricht{an: berichtspruefer, bezug: bezug, betreff: "Jahresbericht eingereicht: %s",
			text: "%[2]s hat den Jahresbericht „%[1]s“ eingereicht. Bitte prüfen Sie ihn unter „Plausibilisierung abschließen“."}
	case jahresbericht.JahresberichtPlausibilisiert:
		st.entschieden(e, id, bezug, "Plausibilisiert")
		n = &nachricht{an: betreiberseite, bezug: bezug, betreff: "Jahresbericht plausibilisiert: %s",
			text: "%[2]s hat den Jahresbericht „%[1]s“ plausibilisiert.", kommentar: v.Kommentar}
	case jahresbericht.JahresberichtZurueckgewiesen:
		st.entschieden(e, id, bezug, "Zurückgewiesen")
		n = &nachricht{an: betreiberseite, bezug: bezug, betreff: "Jahresbericht zurückgewiesen: %s",
			text:      "%[2]s hat den Jahresbericht „%[1]s“ zurückgewiesen. Bitte überarbeiten Sie ihn und reichen Sie ihn erneut ein.",
			kommentar: v.Kommentar}
	case jahresbericht.JahresberichtGeloescht:
		st.entschieden(e, id, bezug, "Gelöscht")
	}
	if n == nil {
		return nil
	}
	z, err := st.berichtsziel(id)
	if err != nil {
		return err
	}
	st.zustellen(e, z, *n)
	return nil
}

// betriebsantragsnamen are the labels of the Stammdaten-Antrag's fields as its form shows them.
var betriebsantragsnamen = func() map[string]string {
	out := map[string]string{}
	for i, n := range betrieb.Antragsfeldnamen(betrieb.Antragsfelder) {
		out[betrieb.Antragsfelder[i]] = n
	}
	return out
}()

// ergebnis is the decision on an application as its message says it (antrag.Ergebnis).
func ergebnis(felder []string, begruendungen map[string]string, reihenfolge []string, namen map[string]string) func(func(string) string) string {
	return func(zitat func(string) string) string {
		return entscheidung.Ergebnis(felder, begruendungen, reihenfolge, namen, zitat)
	}
}

// ergebnis is the decision as the message in the app says it: the reasons as they were given.
func (n nachricht) ergebnis() string {
	if n.entscheidung == nil {
		return ""
	}
	return n.entscheidung(func(s string) string { return s })
}

func (st *stapel) anlageEreignis(e eventstore.Event, id int64, v any) error {
	const bezug = "AENDERUNGSANTRAG_ANLAGE"
	var n *nachricht
	switch v := v.(type) {
	case anlagendaten:
		if e.Type == anlageAngelegt {
			st.anlagen.Neu(id, anlageZeile{ID: id, BetriebID: v.BetriebID, Anlagentyp: v.Typ, Bezeichnung: v.Daten.Bezeichnung})
		} else if a := st.anlagen.Aendern(id); a != nil {
			a.Bezeichnung = v.Daten.Bezeichnung
		}
	case anlage.AenderungsantragGestellt:
		n = &nachricht{an: antragspruefer, bezug: bezug, betreff: "Änderungsantrag zur Anlage: %s",
			text: "%[2]s hat eine Änderung der Anlage „%[1]s“ beantragt. Bitte prüfen Sie den Antrag in den Anlagendaten.", kommentar: v.Antrag.Kommentar}
	case anlage.AenderungsantragUebernommen:
		st.entschieden(e, id, bezug, "Übernommen")
		n = &nachricht{an: betreiberseite, bezug: bezug, betreff: "Änderungsantrag übernommen: %s",
			text:         "%[2]s hat Ihren Änderungsantrag zur Anlage „%[1]s“ bearbeitet.",
			entscheidung: ergebnis(v.Felder, v.Begruendungen, anlage.Antragsfelder, anlage.Antragsfeldnamen)}
	case anlage.AenderungsantragAbgelehnt:
		st.entschieden(e, id, bezug, "Abgelehnt")
		n = &nachricht{an: betreiberseite, bezug: bezug, betreff: "Änderungsantrag abgelehnt: %s",
			text:         "%[2]s hat Ihren Änderungsantrag zur Anlage „%[1]s“ abgelehnt.",
			entscheidung: ergebnis(nil, v.Begruendungen, anlage.Antragsfelder, anlage.Antragsfeldnamen)}
	}
	if n == nil {
		return nil
	}
	z, err := st.anlagenziel(id)
	if err != nil {
		return err
	}
	st.zustellen(e, z, *n)
	return nil
}

func (st *stapel) betriebEreignis(e eventstore.Event, id int64, v any) error {
	var n *nachricht
	switch v := v.(type) {
	case betriebsdaten:
		d := v.Daten
		if e.Type == betriebBeantragt {
			st.betriebe.Neu(id, betriebZeile{ID: id, BetriebsID: v.BetriebsID, Bezeichnung: d.Bezeichnung, BetreiberID: d.BetreiberID, RegionalstelleID: d.RegionalstelleID})
			n = betriebsfreigabe.beantragt()
			break
		}
		if b := st.betriebe.Aendern(id); b != nil {
			b.Bezeichnung, b.BetreiberID, b.RegionalstelleID = d.Bezeichnung, d.BetreiberID, d.RegionalstelleID
		}
		if e.Type == freigabeErneut {
			n = betriebsfreigabe.erneutBeantragt()
		}
	case betrieb.BetreiberUmgezogen:
		if b := st.betriebe.Aendern(id); b != nil {
			b.BetreiberID = v.NeuID
		}
	case betrieb.BetriebFreigegeben:
		st.entschieden(e, id, "BETRIEB", "Freigegeben")
		n = betriebsfreigabe.freigegeben(v.Kommentar)
	case betrieb.BetriebAbgewiesen:
		st.entschieden(e, id, "BETRIEB", "Abgewiesen")
		n = betriebsfreigabe.abgewiesen(v.Kommentar)
	case betrieb.StammdatenAntragGestellt:
		n = &nachricht{an: entscheider, bezug: "BETRIEB_STAMMDATEN_AENDERUNG", betreff: "Stammdatenänderungsantrag: %s",
			text: "%[2]s hat eine Änderung der Stammdaten des Betriebs „%[1]s“ beantragt.", kommentar: v.Antrag.Kommentar}
	case betrieb.StammdatenAntragUebernommen:
		st.entschieden(e, id, "BETRIEB_STAMMDATEN_AENDERUNG", "Übernommen")
		n = &nachricht{an: betreiberseite, bezug: "BETRIEB_STAMMDATEN_AENDERUNG", betreff: "Stammdatenänderungsantrag übernommen: %s",
			text:         "%[2]s hat Ihren Stammdatenänderungsantrag zum Betrieb „%[1]s“ bearbeitet.",
			entscheidung: ergebnis(v.Felder, v.Begruendungen, betrieb.Antragsfelder, betriebsantragsnamen)}
	case betrieb.StammdatenAntragAbgelehnt:
		st.entschieden(e, id, "BETRIEB_STAMMDATEN_AENDERUNG", "Abgelehnt")
		n = &nachricht{an: betreiberseite, bezug: "BETRIEB_STAMMDATEN_AENDERUNG", betreff: "Stammdatenänderungsantrag abgelehnt: %s",
			text:         "%[2]s hat Ihren Stammdatenänderungsantrag zum Betrieb „%[1]s“ abgelehnt.",
			entscheidung: ergebnis(nil, v.Begruendungen, betrieb.Antragsfelder, betriebsantragsnamen)}
	}
	if n == nil {
		return nil
	}
	z, err := st.betriebsziel(id)
	if err != nil {
		return err
	}
	st.zustellen(e, z, *n)
	return nil
}

// entschieden marks the open messages about a request of the operation as decided (issue 14:
// a message about a request shows that it is decided once it is), before the decision's own
// messages are written: the batch's own in memory, the stored ones with one statement for
// the batch, written before the batch's new messages.
func (st *stapel) entschieden(e eventstore.Event, id int64, bezug, wie string) {
	am := wie + " am " + e.RecordedAt.In(kalender.Zone).Format("02.01.2006") + " von "
	name, seite := akteur(e)
	erledigt := &erledigung{von: e.Metadata, text: benannt{am + name, am + imSatz(seite, false)}}
	o := objekt{id, bezug}
	for _, d := range st.offen[o] {
		if d.erledigt == nil {
			d.erledigt = erledigt
		}
	}
	delete(st.offen, o)
	if !st.abgeschlossen[o] {
		st.abgeschlossen[o] = true
		st.erledigtID = append(st.erledigtID, id)
		st.erledigtBezug = append(st.erledigtBezug, bezug)
		st.erledigtWie = append(st.erledigtWie, erledigt)
	}
}

func kommentar(k string) string {
	if k = strings.TrimSpace(k); k == "" {
		return ""
	}
	return "\n\nKommentar: " + k
}

// mailtext is the text of the message's mail: the names of the object and of the sender and
// the comment are user text, so they stand quoted as data and can form no link
// (mail.Zitat, issue 27); the comment, a paragraph in the app, is one quoted line there.
func mailtext(n nachricht, name, absender string) string {
	t := fmt.Sprintf(n.text, mail.Entschaerft(name), absender) + n.anhang
	if n.entscheidung != nil {
		t += n.entscheidung(mail.Zitat)
	}
	if k := strings.TrimSpace(n.kommentar); k != "" {
		t += "\n\nKommentar: " + mail.Zitat(k)
	}
	return t
}

// zustellen notes the message about z; its rows (one per recipient, never the sender
// himself) and mails are written when the batch's recipients are known.
func (st *stapel) zustellen(e eventstore.Event, z ziel, n nachricht) {
	name, seite := akteur(e)
	text := func(absender string) string {
		return fmt.Sprintf(n.text, z.name, absender) + n.anhang + n.ergebnis() + kommentar(n.kommentar)
	}
	// a hidden name stands in the sentence as its side does: "Die Behörde hat …", "… von der
	// Behörde freigegeben"; a name in a mail is quoted as data, the side is our own text
	imText := imSatz(seite, strings.HasPrefix(n.text, "%[2]s"))
	d := &entwurf{quelle: e.Position, an: n.an, von: e.Metadata, datum: e.RecordedAt,
		absender: benannt{name, seite}, betreff: fmt.Sprintf(n.betreff, z.name), text: benannt{text(name), text(imText)},
		mailbetreff: "eAbwasser: " + fmt.Sprintf(n.betreff, mail.Entschaerft(z.name)),
		mailtext:    benannt{mailtext(n, z.name, mail.Zitat(name)), mailtext(n, z.name, imText)}, bezug: n.bezug, ziel: z, mail: !st.s.Wiederholung(e)}
	st.entwuerfe = append(st.entwuerfe, d)
	st.nachQuelle[d.quelle] = d
	o := objekt{z.id, n.bezug}
	st.offen[o] = append(st.offen[o], d)
}

// Historie is the Historie's masking of names (internal/anwendung/verlauf), which a read model may not
// import (TestGrenzen): the wiring registers it with Namen (benachrichtigung.Setup).
type Historie struct {
	// NamenFuer is whose names a reader may see (verlauf.NamenFuer); nil: every name.
	NamenFuer func(zugriff.Nutzer) func(eventstore.Metadata) bool
	// Seite is what stands in place of a hidden name: the side the actor acted for (verlauf.Seite).
	Seite func(eventstore.Metadata) string
}

var historie Historie

// Namen registers the Historie's masking; without it the projector names nobody and stops.
func Namen(h Historie) { historie = h }

// akteur is who did event e by name, and by the side he acted for (verlauf.Seite) — what the
// Historie shows in his place to whoever may not see his name.
func akteur(e eventstore.Event) (name, seite string) {
	return cmp.Or(e.Metadata.ActorName, "eAbwasser"), historie.Seite(e.Metadata)
}

// imSatz is the side that stands in place of a hidden name (verlauf.Seite: "Behörde", "Andere
// Organisation") as a sentence needs it: at its start ("Die Behörde hat …") or after "von"
// ("… von der Behörde freigegeben"). A side this does not know stands as it is.
func imSatz(seite string, amAnfang bool) string {
	formen := map[string][2]string{
		"Behörde":             {"Die Behörde", "der Behörde"},
		"Andere Organisation": {"Eine andere Organisation", "einer anderen Organisation"},
	}[seite]
	switch {
	case formen[0] == "":
		return seite
	case amAnfang:
		return formen[0]
	}
	return formen[1]
}

// benannt is a text that names who did an event: with his name and, for a recipient who may
// not see it, with his side.
type benannt struct{ name, seite string }

// fuer is the text for a recipient who sees the name (namentlich) or not.
func (b benannt) fuer(namentlich bool) string {
	if namentlich {
		return b.name
	}
	return b.seite
}

// erledigung is how a request was decided ("Übernommen am … von …") and who decided it.
type erledigung struct {
	von  eventstore.Metadata
	text benannt
}

// empfaenger is a recipient of a message: his account as the Historie's masking needs it.
type empfaenger struct {
	id           int64
	email        string
	mail         bool
	organisation int64
	rollen       []string
}

// namen is whose names the recipient may see: the Historie's rule (verlauf.NamenFuer) for his
// account; nil: every name.
func (x empfaenger) namen() func(eventstore.Metadata) bool {
	return historie.NamenFuer(zugriff.Nutzer{AnwenderID: x.id, Rollen: x.rollen, OrganisationID: x.organisation})
}

// sieht tells whether a recipient whose names are namen (empfaenger.namen) sees the name of who
// did an event with metadata m.
func sieht(namen func(eventstore.Metadata) bool, m eventstore.Metadata) bool {
	return namen == nil || namen(m)
}

// tupel is a group of recipients: the group's condition over an operation as it was.
type tupel struct {
	an                                 int
	betrieb, betreiber, regionalstelle int64
}

func (d *entwurf) tupel() tupel {
	b := d.ziel.betrieb
	if d.an == antragsteller { // the account in the operator's column (bedingung)
		return tupel{d.an, b.ID, d.ziel.konto, b.RegionalstelleID}
	}
	return tupel{d.an, b.ID, b.BetreiberID, b.RegionalstelleID}
}

// empfaengerLesen finds the recipients of all messages of the batch with one query: each
// distinct (group, operation) once, its recipients ordered by account.
func (st *stapel) empfaengerLesen(ctx context.Context) (map[tupel][]empfaenger, error) {
	nummer := map[tupel]int32{}
	var liste []tupel
	var args [4 * len(aktionen)]any
	k := make([][]int32, len(aktionen))
	spalten := make([][3][]int64, len(aktionen))
	for _, d := range st.entwuerfe {
		t := d.tupel()
		if _, ok := nummer[t]; ok {
			continue
		}
		nummer[t] = int32(len(liste))
		liste = append(liste, t)
		k[t.an] = append(k[t.an], nummer[t])
		spalten[t.an][0] = append(spalten[t.an][0], t.betrieb)
		spalten[t.an][1] = append(spalten[t.an][1], t.betreiber)
		spalten[t.an][2] = append(spalten[t.an][2], t.regionalstelle)
	}
	for g := range aktionen {
		// empty arrays, not NULL: a group without messages finds nobody
		args[4*g] = append([]int32{}, k[g]...)
		for i := range 3 {
			args[4*g+1+i] = append([]int64{}, spalten[g][i]...)
		}
	}
	rows, err := st.s.Query(ctx, empfaengerSQL, args[:]...)
	if err != nil {
		return nil, err
	}
	out := map[tupel][]empfaenger{}
	var nr int32
	var x empfaenger
	_, err = pgx.ForEachRow(rows, []any{&nr, &x.id, &x.email, &x.mail, &x.organisation, &x.rollen}, func() error {
		out[liste[nr]] = append(out[liste[nr]], x)
		return nil
	})
	return out, err
}

// nachrichtSpalten are the columns of a new message (id is an identity column).
var nachrichtSpalten = []string{"quelle", "empfaenger_id", "gelesen", "absende_datum", "absender", "betreff", "text",
	"bezug", "fachobjektbezug", "fachobjekt_id", "erledigt", "pfad"}

// schreiben: the copies of operations and plants; then what the batch does to stored messages
// (decided, read, deleted — before the COPY, so that none of it can hit the batch's new
// messages, which carry their state already); the new messages; their mails. The statements on
// stored messages repeat their keys as "= ANY($1)": an index condition whatever join order a
// plan made for an almost empty table picks, so none of them can walk all messages per key.
func (st *stapel) schreiben(ctx context.Context) (*projections.Schreiben, error) {
	w := &projections.Schreiben{}
	st.betriebe.Schreiben(w)
	st.anlagen.Schreiben(w)
	st.messstellen.Schreiben(w)
	st.bescheide.Schreiben(w)
	st.berichte.Schreiben(w)
	if len(st.erledigtID) > 0 {
		if err := st.erledigtSchreiben(ctx, w); err != nil {
			return nil, err
		}
	}
	if len(st.gelesenQuelle) > 0 {
		w.Anweisung(`UPDATE nachricht n SET gelesen = true
			FROM unnest($1::bigint[], $2::bigint[]) AS u (quelle, empfaenger_id)
			WHERE n.quelle = ANY($1) AND n.quelle = u.quelle AND n.empfaenger_id = u.empfaenger_id AND NOT n.gelesen`, st.gelesenQuelle, st.gelesenAn)
	}
	if len(st.geloeschtQuelle) > 0 {
		w.Anweisung(`DELETE FROM nachricht n USING unnest($1::bigint[], $2::bigint[]) AS u (quelle, empfaenger_id)
			WHERE n.quelle = ANY($1) AND n.quelle = u.quelle AND n.empfaenger_id = u.empfaenger_id`, st.geloeschtQuelle, st.geloeschtAn)
	}
	if len(st.entwuerfe) == 0 {
		return w, nil
	}
	alle, err := st.empfaengerLesen(ctx)
	if err != nil {
		return nil, err
	}
	var zeilen [][]any
	var schluessel, an, betreff, text, pfad []string
	namen := map[int64]func(eventstore.Metadata) bool{} // by account: each recipient's rule once
	for _, d := range st.entwuerfe {
		for _, x := range alle[d.tupel()] {
			if strconv.FormatInt(x.id, 10) == d.von.ActorID {
				continue
			}
			n, ok := namen[x.id]
			if !ok {
				n = x.namen()
				namen[x.id] = n
			}
			namentlich := sieht(n, d.von)
			if !d.geloescht[x.id] {
				erledigt := ""
				if d.erledigt != nil {
					erledigt = d.erledigt.text.fuer(sieht(n, d.erledigt.von))
				}
				zeilen = append(zeilen, []any{d.quelle, x.id, d.gelesen[x.id], d.datum, d.absender.fuer(namentlich), d.betreff,
					d.text.fuer(namentlich), d.bezug, d.ziel.bezug, d.ziel.id, erledigt, d.ziel.pfad})
			}
			if x.mail && x.email != "" && d.mail {
				schluessel = append(schluessel, fmt.Sprintf("nachricht-%d-%d", d.quelle, x.id))
				an = append(an, x.email)
				betreff = append(betreff, d.mailbetreff)
				text = append(text, d.mailtext.fuer(namentlich))
				pfad = append(pfad, d.ziel.pfad)
			}
		}
	}
	w.Kopieren("nachricht", nachrichtSpalten, zeilen)
	if len(schluessel) > 0 {
		// ON CONFLICT: a mail is written once per message, whatever replays its event
		w.Anweisung(`INSERT INTO public.mail_ausgang (schluessel, an, betreff, text, pfad)
			SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
			ON CONFLICT (schluessel) DO NOTHING`, schluessel, an, betreff, text, pfad)
	}
	return w, nil
}

// erledigtSchreiben marks the stored open messages about the requests the batch decided: it
// reads them with their recipients' accounts (one query) and writes each its decided mark, with
// the decider's name or side as its recipient may see him (one statement).
func (st *stapel) erledigtSchreiben(ctx context.Context, w *projections.Schreiben) error {
	rows, err := st.s.Query(ctx, `SELECT n.id, u.k::int, n.empfaenger_id, coalesce(a.organisation_id, 0), coalesce(a.funktionale_rollen, '{}')
		FROM unnest($1::bigint[], $2::text[]) WITH ORDINALITY AS u (id, bezug, k)
		JOIN nachricht n ON n.fachobjekt_id = u.id AND n.bezug = u.bezug AND n.erledigt = ''
		LEFT JOIN public.anwender a ON a.id = n.empfaenger_id
		WHERE n.fachobjekt_id = ANY($1)`, st.erledigtID, st.erledigtBezug)
	if err != nil {
		return err
	}
	var ids []int64
	var texte []string
	var id int64
	var k int
	var x empfaenger
	_, err = pgx.ForEachRow(rows, []any{&id, &k, &x.id, &x.organisation, &x.rollen}, func() error {
		e := st.erledigtWie[k-1]
		ids, texte = append(ids, id), append(texte, e.text.fuer(sieht(x.namen(), e.von)))
		return nil
	})
	if err != nil {
		return fmt.Errorf("offene Nachrichten: %w", err)
	}
	if len(ids) > 0 {
		w.Anweisung(`UPDATE nachricht n SET erledigt = u.wie FROM unnest($1::bigint[], $2::text[]) AS u (id, wie)
			WHERE n.id = ANY($1) AND n.id = u.id AND n.erledigt = ''`, ids, texte)
	}
	return nil
}

// Nachricht is a message as the start page lists it.
type Nachricht struct {
	ID              int64     `json:"id"`
	Gelesen         bool      `json:"gelesen"`
	AbsendeDatum    time.Time `json:"absendeDatum"`
	Absender        string    `json:"absender"`
	Betreff         string    `json:"betreff"`
	Text            string    `json:"text"`
	Bezug           string    `json:"bezugZuFachobjekt"`
	Fachobjektbezug string    `json:"fachobjektbezug"`
	FachobjektID    int64     `json:"fachobjektId"`
	Quelle          int64     `json:"-"`
	// Erledigt says how and when the request the message is about was decided ("Freigegeben am
	// 23.11.2026 von …"); empty while it is open or the message is no request.
	Erledigt string `json:"erledigt"`
	// Pfad is the app path of the object's screen (/betriebsakte/…) the message links to.
	Pfad string `json:"pfad"`
}

// Objektarten are the kinds of object (zugriff.RegistriereObjektart) the messages of each
// Bezug are about: their fachobjekt_id is the id of such an object. A Bezug without one is
// shown to administrators only.
var Objektarten = map[string]string{"BETRIEB": "betrieb", "BETRIEB_STAMMDATEN_AENDERUNG": "betrieb", "AENDERUNGSANTRAG_ANLAGE": "anlage",
	"MESSSTELLE": "messstelle", "BESCHEIDSANTRAG": "bescheid", "JAHRESBERICHT": "jahresbericht"}

// sichtbar is the condition that the Sicht includes the object a message is about (the
// recipients were chosen by who saw it when it was sent; a list shows what the reader sees now).
func sichtbar(s zugriff.Sicht, args *[]any) string {
	bezuege := make([]string, 0, len(Objektarten))
	for b := range Objektarten {
		bezuege = append(bezuege, b)
	}
	slices.Sort(bezuege)
	art := "CASE bezug"
	for _, b := range bezuege {
		art += " WHEN '" + b + "' THEN '" + Objektarten[b] + "'"
	}
	return s.Objekt(art+" END", "fachobjekt_id", zugriff.Platzhalter(args))
}

// VonEmpfaenger lists a user's messages about objects the Sicht includes, newest first.
func VonEmpfaenger(ctx context.Context, q eventstore.Querier, empfaenger int64, s zugriff.Sicht) ([]Nachricht, error) {
	args := []any{empfaenger}
	rows, err := q.Query(ctx, `SELECT id, gelesen, absende_datum, absender, betreff, text, bezug, fachobjektbezug, fachobjekt_id, quelle, erledigt, pfad
		FROM nachrichten.nachricht WHERE empfaenger_id = $1 AND `+sichtbar(s, &args)+`
		ORDER BY absende_datum DESC, id DESC LIMIT 500`, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Nachricht])
	if out == nil {
		out = []Nachricht{}
	}
	return out, err
}

// Ungelesen counts a user's unread messages about objects the Sicht includes.
func Ungelesen(ctx context.Context, q eventstore.Querier, empfaenger int64, s zugriff.Sicht) (int, error) {
	var n int
	args := []any{empfaenger}
	err := q.QueryRow(ctx, `SELECT count(*) FROM nachrichten.nachricht WHERE empfaenger_id = $1 AND NOT gelesen AND `+
		sichtbar(s, &args), args...).Scan(&n)
	return n, err
}

// Quelle finds the key of a user's message by its id; validierung.NichtGefunden when it is not
// his (or gone).
func Quelle(ctx context.Context, q eventstore.Querier, empfaenger, id int64) (int64, error) {
	var quelle int64
	err := q.QueryRow(ctx, `SELECT quelle FROM nachrichten.nachricht WHERE id = $1 AND empfaenger_id = $2`, id, empfaenger).Scan(&quelle)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, validierung.NichtGefunden
	}
	return quelle, err
}
