package nachrichten

import (
	"fmt"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/projections/bereich"

	entscheidung "github.com/eabwasser/eabwasser/domain/antrag"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections"
)

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

// lauf is what a batch changes, in memory.
type lauf struct {
	s *projections.Stapel
	// kopien are the areas' copies by stream type (bereich.Von), ids the objects whose copies
	// the batch needs (brauche)
	kopien    map[string]bereich.Zeilen
	ids       map[string][]int64
	entwuerfe []*entwurf
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

// entschieden marks the open messages about a request of the operation as decided (issue 14:
// a message about a request shows that it is decided once it is), before the decision's own
// messages are written: the batch's own in memory, the stored ones with one statement for
// the batch, written before the batch's new messages.
func (st *lauf) entschieden(e eventstore.Event, id int64, bezug, wie string) {
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
func (st *lauf) zustellen(e eventstore.Event, z ziel, n nachricht) {
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
	return bereich.Akteur(e.Metadata.ActorName), historie.Seite(e.Metadata)
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
