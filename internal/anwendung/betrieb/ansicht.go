package betrieb

import (
	"context"
	"fmt"
	"strings"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
)

// Eintrag is a value-list entry as the screens show it ({id, value}).
type Eintrag[T any] struct {
	ID    T      `json:"id"`
	Value string `json:"value"`
}

// BetreiberAnsicht is the operator as shown with the operation.
type BetreiberAnsicht struct {
	ID          int64           `json:"id"`
	Bezeichnung string          `json:"bezeichnung"`
	Adresse     betrieb.Adresse `json:"adresse"`
}

// Ansicht is an operation as GET /api/betrieb/{id} shows it.
type Ansicht struct {
	ID                int64             `json:"id"`
	Version           int               `json:"version"`
	BetriebsID        string            `json:"betriebsId"`
	Betriebstyp       Eintrag[string]   `json:"betriebstyp"`
	Freigabestatus    string            `json:"freigabestatus"`
	FreigabeKommentar string            `json:"freigabeKommentar"`
	Betreiber         *BetreiberAnsicht `json:"betreiber"`
	Betriebsstatus    Eintrag[string]   `json:"betriebsstatus"`
	Behoerde          *Eintrag[int64]   `json:"behoerde"`
	Stammfelder
	ZustaendigeBearbeiter []konten.BearbeiterAnsicht `json:"zustaendigeBearbeiter"`
	ZustaendigePersonen   []konten.PersonAnsicht     `json:"zustaendigePersonen"`
	GueltigAb             string                     `json:"gueltigAb"`
	StammdatenAntragOffen bool                       `json:"stammdatenAntragOffen"`
	Rechte                *Rechte                    `json:"rechte,omitempty"`
}

// aufloesung holds the display texts of what operations refer to by id.
type aufloesung struct {
	organisationen map[int64]BetreiberAnsicht
	werte          map[string]map[string]string // list → schluessel or id → value
	anwender       map[int64]string
}

// loese loads the texts for the given states in three queries.
func loese(ctx context.Context, q eventstore.Querier, zustaende []betrieb.Betrieb) (aufloesung, error) {
	a := aufloesung{organisationen: map[int64]BetreiberAnsicht{}, werte: map[string]map[string]string{}, anwender: map[int64]string{}}
	var orgs, anwender []int64
	for _, b := range zustaende {
		orgs = append(orgs, b.Daten.BetreiberID)
		anwender = append(anwender, konten.ZustaendigeIDs(b.Daten.ZustaendigeBearbeiter, b.Daten.ZustaendigePersonen)...)
	}
	rows, err := q.Query(ctx, `SELECT id, bezeichnung, strasse, hausnummer, plz, ort FROM organisation WHERE id = ANY($1)`, orgs)
	if err != nil {
		return a, err
	}
	for rows.Next() {
		var o BetreiberAnsicht
		if err := rows.Scan(&o.ID, &o.Bezeichnung, &o.Adresse.Strasse, &o.Adresse.Hausnummer, &o.Adresse.Plz, &o.Adresse.Ort); err != nil {
			return a, err
		}
		a.organisationen[o.ID] = o
	}
	if err := rows.Err(); err != nil {
		return a, err
	}
	rows, err = q.Query(ctx, `SELECT liste, coalesce(nullif(schluessel, ''), id::text), wert FROM werteliste_eintrag
		WHERE liste IN ('betriebstyp', 'betriebsstatus', 'regionalstelle')`)
	if err != nil {
		return a, err
	}
	for rows.Next() {
		var liste, id, wert string
		if err := rows.Scan(&liste, &id, &wert); err != nil {
			return a, err
		}
		if a.werte[liste] == nil {
			a.werte[liste] = map[string]string{}
		}
		a.werte[liste][id] = wert
	}
	if err := rows.Err(); err != nil {
		return a, err
	}
	a.anwender, err = konten.Namen(ctx, q, anwender)
	return a, err
}

func (a aufloesung) wert(liste, id string) string {
	if w, ok := a.werte[liste][id]; ok {
		return w
	}
	return id
}

func (a aufloesung) ansicht(id int64, b betrieb.Betrieb, version int) Ansicht {
	d := b.Daten
	v := Ansicht{ID: id, Version: version, BetriebsID: b.BetriebsID,
		Betriebstyp:    Eintrag[string]{ID: b.Betriebstyp, Value: a.wert("betriebstyp", b.Betriebstyp)},
		Freigabestatus: b.Freigabestatus, FreigabeKommentar: b.FreigabeKommentar,
		Betriebsstatus: Eintrag[string]{ID: d.Betriebsstatus, Value: a.wert("betriebsstatus", d.Betriebsstatus)},
		Stammfelder:    stammfelder(d), GueltigAb: b.LetzterBeginn, StammdatenAntragOffen: b.Antrag != nil,
	}
	if o, ok := a.organisationen[d.BetreiberID]; ok {
		v.Betreiber = &o
	} else if d.BetreiberID != 0 {
		v.Betreiber = &BetreiberAnsicht{ID: d.BetreiberID, Bezeichnung: fmt.Sprintf("Organisation %d", d.BetreiberID)}
	}
	if d.RegionalstelleID != 0 {
		v.Behoerde = &Eintrag[int64]{ID: d.RegionalstelleID, Value: a.wert("regionalstelle", fmt.Sprint(d.RegionalstelleID))}
	}
	v.ZustaendigeBearbeiter, v.ZustaendigePersonen = konten.Zustaendige(d.ZustaendigeBearbeiter, d.ZustaendigePersonen, a.anwender)
	return v
}

// Ansicht is the operation with what the caller may do with it.
func (d *Dienst) Ansicht(ctx context.Context, n Nutzer, id int64) (Ansicht, error) {
	n, b, version, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	a, err := loese(ctx, d.Store.Pool(), []betrieb.Betrieb{b})
	if err != nil {
		return Ansicht{}, err
	}
	r := rechte(n, b)
	v := a.ansicht(id, sicht(n, b).Von(b), version)
	v.Rechte = &r
	return v, nil
}

// sicht is the one view of an operation for caller n (resolved), given the operation as it is
// now (docs/security.md, "One view per role"): the content of the Stammdaten-Antrag (fields
// asked for, comment, date) only for who may review it or submit it for the operator — that
// one is open stays visible, as the worklist shows it to everyone; who did what by name only
// where verlauf.NamenFuer allows; an operator's contacts and responsible persons only to his
// own organisation (a new operator reads the versions of before the change without them). The
// detail, the application (Antrag), Historie, Stand,
// Verlauf and a save's conflict answer all show the operation through it.
func sicht(n Nutzer, b betrieb.Betrieb) verlauf.Sicht[betrieb.Betrieb] {
	s := verlauf.Sicht[betrieb.Betrieb]{Namen: verlauf.NamenFuer(n),
		Antraege: n.Darf(berechtigung.AenderungsantragPruefen) || (eigene(n, b) && n.Darf(berechtigung.AenderungsantragStellen))}
	antraege := s.Antraege
	s.Zustand = func(x betrieb.Betrieb) betrieb.Betrieb {
		if !antraege && x.Antrag != nil {
			x.Antrag = &betrieb.StammdatenAntrag{} // open, without what it asks for
		}
		// a state of another operator (before a change of operator, issue 42): his contacts and
		// responsible persons are his own people, not the operation's record
		if n.Organisationsseitig() && x.Daten.BetreiberID != n.OrganisationID {
			x.Daten.Kontakte, x.Daten.ZustaendigePersonen = nil, nil
		}
		return x
	}
	return s
}

// Info is the header of the operation file.
type Info struct {
	Bezeichnung      string `json:"bezeichnung"`
	Betriebsstatus   string `json:"betriebsstatus"`
	BetriebsstatusID string `json:"betriebsstatusId"`
	Freigabestatus   string `json:"freigabestatus"`
	Betriebstyp      string `json:"betriebstyp"`
}

// Info answers GET /api/betrieb/{id}/info.
func (d *Dienst) Info(ctx context.Context, n Nutzer, id int64) (Info, error) {
	_, b, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return Info{}, err
	}
	return d.info(ctx, b)
}

// info is the header of operation b: its name and status with the value list's text.
func (d *Dienst) info(ctx context.Context, b betrieb.Betrieb) (Info, error) {
	a, err := loese(ctx, d.Store.Pool(), nil)
	if err != nil {
		return Info{}, err
	}
	return Info{Bezeichnung: b.Daten.Bezeichnung, Betriebsstatus: a.wert("betriebsstatus", b.Daten.Betriebsstatus),
		BetriebsstatusID: b.Daten.Betriebsstatus, Freigabestatus: b.Freigabestatus, Betriebstyp: b.Betriebstyp}, nil
}

// stream reads the events of an operation the caller may see, with his view of it (sicht).
func (d *Dienst) stream(ctx context.Context, n Nutzer, id int64) (verlauf.Sicht[betrieb.Betrieb], []eventstore.Event, error) {
	s, _, events, err := d.streamMitRechten(ctx, n, id)
	return s, events, err
}

// streamMitRechten is stream with the rights of a replayed state: read-only, they name only
// the Verlauf (as StandZum's do).
func (d *Dienst) streamMitRechten(ctx context.Context, n Nutzer, id int64) (verlauf.Sicht[betrieb.Betrieb], *Rechte, []eventstore.Event, error) {
	n, b, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return verlauf.Sicht[betrieb.Betrieb]{}, nil, nil, err
	}
	events, err := d.Store.ReadStream(ctx, eventstore.StreamID(betrieb.StreamType, id), 1, 0)
	return sicht(n, b), nurLesen(n, b), events, err
}

// nurLesen are the rights of an operation as it was: reading, and its Verlauf if allowed.
func nurLesen(n Nutzer, heute betrieb.Betrieb) *Rechte {
	return &Rechte{VerlaufLesen: rechte(n, heute).VerlaufLesen, Felder: []string{}}
}

// Version is one entry of an operation's history with the operation as it was.
type Version struct {
	historie.Version
	Betrieb Ansicht `json:"betrieb"`
}

// Historie replays the stream into the versions of the operation (historie.Versionen with
// the operation's rule, betrieb.Versionsschritt).
func (d *Dienst) Historie(ctx context.Context, n Nutzer, id int64) ([]Version, error) {
	s, r, events, err := d.streamMitRechten(ctx, n, id)
	if err != nil {
		return nil, err
	}
	fassungen, err := verlauf.Fassungen(betrieb.Decider, events, betrieb.Versionsregel(), s)
	if err != nil {
		return nil, err
	}
	if len(fassungen) == 0 {
		return []Version{}, nil
	}
	zustaende := make([]betrieb.Betrieb, len(fassungen))
	for i, f := range fassungen {
		zustaende[i] = f.Stand
	}
	a, err := loese(ctx, d.Store.Pool(), zustaende)
	if err != nil {
		return nil, err
	}
	out := make([]Version, len(fassungen))
	for i, f := range fassungen {
		out[i] = Version{Version: f.Version, Betrieb: a.ansicht(id, f.Stand, 0)}
		out[i].Betrieb.Rechte = r
	}
	return out, nil
}

// Stand is the operation as it was after event version bis (the auditor's replay).
func (d *Dienst) Stand(ctx context.Context, n Nutzer, id int64, bis int) (Ansicht, error) {
	s, r, events, err := d.streamMitRechten(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	b, version, err := verlauf.Stand(betrieb.Decider, events, bis, s)
	if err != nil {
		return Ansicht{}, err
	}
	a, err := loese(ctx, d.Store.Pool(), []betrieb.Betrieb{b})
	v := a.ansicht(id, b, version)
	v.Rechte = r
	return v, err
}

// Aenderung is one changed field of an event (historie.Aenderung).
type Aenderung = historie.Aenderung

// Schritt is one event of the operation's history replay (historie.Verlaufsschritt).
type Schritt = historie.Verlaufsschritt

// Verlauf lists every event of the operation: who and when from the audit trail, what changed
// field by field from replaying the stream.
func (d *Dienst) Verlauf(ctx context.Context, n Nutzer, id int64) ([]Schritt, error) {
	s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return nil, err
	}
	return verlaufAus(ctx, d.Store, id, events, s)
}

// verlaufAus is the Verlauf of the operation's events as view s shows them: the fields as the form shows them
// (labels of betrieb.Feldnamen, value-list texts, German numbers and dates) and, for the
// Stammdaten-Antrag, what was asked for, adopted and refused (betrieb.Antragssicht).
func verlaufAus(ctx context.Context, store *eventstore.Store, id int64, events []eventstore.Event, s verlauf.Sicht[betrieb.Betrieb]) ([]Schritt, error) {
	return verlauf.Erstelle(ctx, store, betrieb.Decider, events, s, func(ctx context.Context, zustaende []betrieb.Betrieb) ([]any, error) {
		a, err := loese(ctx, store.Pool(), zustaende)
		if err != nil {
			return nil, err
		}
		views := make([]any, len(zustaende))
		for i, b := range zustaende {
			views[i] = verlaufsansicht(a, id, b)
		}
		return views, nil
	}, betrieb.Feldnamen, betrieb.Antragssicht)
}

// verlaufBetrieb is the Verlauf of an operation for the Ereignisprotokoll (verlauf.Quelle).
func verlaufBetrieb(ctx context.Context, store *eventstore.Store, id int64) ([]Schritt, error) {
	events, err := store.ReadStream(ctx, eventstore.StreamID(betrieb.StreamType, id), 1, 0)
	if err != nil {
		return nil, err
	}
	return verlaufAus(ctx, store, id, events, verlauf.Alles[betrieb.Betrieb]())
}

// Verlaufsansicht is the operation as the Verlauf compares it: the fields of the form with
// their texts — the operator by name, the Freigabestatus as a word, no coordinates while none
// are set, the responsible staff and persons by name — without id, version and rights.
type Verlaufsansicht struct {
	BetriebsID        string          `json:"betriebsId"`
	Betriebstyp       Eintrag[string] `json:"betriebstyp"`
	Freigabestatus    string          `json:"freigabestatus"`
	FreigabeKommentar string          `json:"freigabeKommentar"`
	Betriebsstatus    Eintrag[string] `json:"betriebsstatus"`
	Behoerde          *Eintrag[int64] `json:"behoerde"`
	Betreiber         string          `json:"betreiber"`
	Stammfelder
	Lage                  *betrieb.Lage `json:"lage"`
	ZustaendigeBearbeiter []string      `json:"zustaendigeBearbeiter"`
	ZustaendigePersonen   []string      `json:"zustaendigePersonen"`
	GueltigAb             string        `json:"gueltigAb"`
}

func verlaufsansicht(a aufloesung, id int64, b betrieb.Betrieb) Verlaufsansicht {
	v := a.ansicht(id, b, 0)
	out := Verlaufsansicht{BetriebsID: v.BetriebsID, Betriebstyp: v.Betriebstyp, Freigabestatus: v.Freigabestatus,
		FreigabeKommentar: v.FreigabeKommentar, Betriebsstatus: v.Betriebsstatus, Behoerde: v.Behoerde,
		Stammfelder: v.Stammfelder, GueltigAb: v.GueltigAb}
	if t, ok := betrieb.FreigabestatusText[v.Freigabestatus]; ok {
		out.Freigabestatus = t
	}
	if v.Betreiber != nil {
		out.Betreiber = v.Betreiber.Bezeichnung
	}
	if l := b.Daten.Lage; l != (betrieb.Lage{}) {
		out.Lage = &l
	}
	for _, x := range v.ZustaendigeBearbeiter {
		out.ZustaendigeBearbeiter = append(out.ZustaendigeBearbeiter, strings.TrimSpace(x.Name+" ("+x.Bearbeiter+")"))
	}
	for _, x := range v.ZustaendigePersonen {
		p := x.Person
		if len(x.Zustaendig) > 0 {
			p += ": " + strings.Join(x.Zustaendig, ", ")
		}
		out.ZustaendigePersonen = append(out.ZustaendigePersonen, p)
	}
	return out
}

// Person is a user who can be named responsible for an operation.
type Person = auswahl.Person

// Personen lists the users who can be named responsible for the operation
// (GET /api/person/lokaleRolle/{betriebId}; internal/anwendung/auswahl).
func (d *Dienst) Personen(ctx context.Context, n Nutzer, id int64) ([]Person, error) {
	_, b, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return nil, err
	}
	return auswahl.Personen(ctx, d.Store.Pool(), b.Daten.BetreiberID, id, nil)
}

// Bearbeiter lists the authority users who can be named Bearbeiter (GET /api/bearbeiter).
func (d *Dienst) Bearbeiter(ctx context.Context) ([]auswahl.Bearbeiterwahl, error) {
	return auswahl.Bearbeiter(ctx, d.Store.Pool(), nil)
}
