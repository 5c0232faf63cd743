// Package messstelle is the measuring point area's application service: request a measuring
// point under a plant (it waits for its Freigabe), save it, decide its Freigabe (four-eyes:
// never the requester himself), read it, list the points of a plant or an operation, its
// history and Verlauf, the number proposal and check; who may see and change its files and
// reminders; and its reactions to the shut-down of its plant or operation (Setup).
package messstelle

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/anwendung/laden"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	messstellen "github.com/eabwasser/eabwasser/internal/dokumente/messstelle"
	"github.com/eabwasser/eabwasser/internal/plattform/geodaten"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Dienst is the measuring point service.
type Dienst struct {
	Store *eventstore.Store
	Jetzt func() time.Time
}

// Nutzer is the caller (internal/zugriff), resolved once per request.
type Nutzer = zugriff.Nutzer

func (d *Dienst) heute() time.Time {
	if d.Jetzt != nil {
		return d.Jetzt()
	}
	return kalender.Jetzt()
}

// Messages of the service.
const (
	// MsgNummerInzwischenVergeben answers the second of two requests for one number (the
	// unique index decided the race): %s is the number.
	MsgNummerInzwischenVergeben = "Die Messstellennummer %s ist inzwischen vergeben. Bitte wählen Sie eine andere."
	// MsgVierAugen refuses the requester's own decision.
	MsgVierAugen = "Sie haben die Freigabe dieser Messstelle selbst angefordert. Über die Freigabe entscheidet eine andere berechtigte Person (Vier-Augen-Prinzip)."
	// MsgVersion: a save or decision without the version the form was loaded with.
	MsgVersion = laden.MsgVersion
)

// Formular is the measuring point form: the number (on creation), the data, the version it was
// loaded with and the audit entry of a historised change.
type Formular struct {
	MessstellenID string `json:"messstellenId"`
	messstelle.Daten
	Version   int                 `json:"version"`
	AuditInfo *historie.AuditInfo `json:"auditInfo,omitempty"`
}

// Entscheidung is the Freigabe decision: approve (FREIGEGEBEN) or reject (ABGEWIESEN) with a
// comment, on the version the decider saw.
type Entscheidung struct {
	Kommentar   string `json:"kommentar"`
	NeuerStatus string `json:"neuerStatus"`
	Version     int    `json:"version"`
}

// Rechte are what the caller may do with the measuring point, for the screen (the server
// checks each).
type Rechte struct {
	Bearbeiten        bool `json:"bearbeiten"`
	Speichern         bool `json:"speichern"`
	Freigeben         bool `json:"freigeben"`
	VerlaufLesen      bool `json:"verlaufLesen"`
	DateienBearbeiten bool `json:"dateienBearbeiten"`
	// Felder are the form's fields the caller may save; empty when he may save nothing.
	Felder []string `json:"felder"`
}

// Verweis names another object ({id, bezeichnung}).
type Verweis struct {
	ID          int64  `json:"id"`
	Bezeichnung string `json:"bezeichnung"`
}

// Freigabe is the state of the Freigabe with the decider's comment.
type Freigabe struct {
	Status    string `json:"status"`
	Kommentar string `json:"kommentar"`
}

// Ansicht is a measuring point as the screen shows it.
type Ansicht struct {
	ID            int64    `json:"id"`
	MessstellenID string   `json:"messstellenId"`
	Anlage        Verweis  `json:"anlage"`
	Anlagentyp    string   `json:"anlagentyp"`
	Betrieb       Verweis  `json:"betrieb"`
	Betriebstyp   string   `json:"betriebstyp"`
	Freigabe      Freigabe `json:"freigabe"`
	messstelle.Daten
	Bereiche      messstelle.Bereiche `json:"bereiche"`
	Version       int                 `json:"version"`
	LetzterBeginn string              `json:"gueltigAb"`
	Rechte        *Rechte             `json:"rechte,omitempty"`
}

// felder are the fields of the form (the JSON keys of messstelle.Daten the caller saves).
var felder = []string{"bezeichnung", "messstellentyp", "messstellenstatus", "abgabeRelevant", "frachtRelevant", "waermeRelevant",
	"lage", "anhang", "zustaendigeBehoerde", "limsBerechtigte", "zugehoerigeBehoerden", "einleitstelle", "mindestanforderungen",
	"vorbelastungen"}

// eigene reports whether the caller's organisation operates the point's operation.
func eigene(n Nutzer, b betrieb.Betrieb) bool {
	return n.OrganisationID != 0 && n.OrganisationID == b.Daten.BetreiberID
}

// rechte: staff who create measuring points save them; who approves operations decides a
// point's Freigabe — not the one who requested it; files as on the plant.
func rechte(n Nutzer, b betrieb.Betrieb, m messstelle.Messstelle) Rechte {
	r := Rechte{
		Speichern:         n.Darf(berechtigung.MessstelleBearbeiten),
		Freigeben:         n.Darf(berechtigung.MessstelleFreigeben) && m.Freigabestatus == messstelle.Beantragt && m.Antragsteller != n.AnwenderID,
		VerlaufLesen:      n.Darf(berechtigung.BetriebVerlaufLesen),
		DateienBearbeiten: n.Darf(berechtigung.DateiHochladen) && (eigene(n, b) || !n.Organisationsseitig()),
	}
	r.Bearbeiten = n.Darf(berechtigung.BearbeitungsmodusNutzen) && (r.Speichern || r.DateienBearbeiten || r.Freigeben)
	r.Felder = []string{}
	if r.Speichern {
		r.Felder = slices.Clone(felder)
		if m.Freigabestatus != messstelle.Freigegeben { // the status changes once it is approved
			r.Felder = validierung.Ohne(r.Felder, "messstellenstatus")
		}
	}
	return r
}

// sicht is the one view of a measuring point for caller n (docs/security.md, "One view per
// role"): whoever sees the plant sees the whole point; who did what by name only where
// verlauf.NamenFuer allows. Detail, Historie, Stand, Verlauf and a save's conflict answer go
// through it.
func sicht(n Nutzer) verlauf.Sicht[messstelle.Messstelle] {
	return verlauf.Sicht[messstelle.Messstelle]{Antraege: true, Namen: verlauf.NamenFuer(n)}
}

// geladen is a measuring point the caller sees, with its plant and operation.
type geladen struct {
	laden.Geladen[messstelle.Messstelle]
	a anlage.Anlage
	b betrieb.Betrieb
}

// sichtbar loads a measuring point the caller may see (through its operation), then its plant
// and its operation together (one round trip); others do not exist for him (404).
func (d *Dienst) sichtbar(ctx context.Context, n Nutzer, id int64) (geladen, error) {
	g, err := laden.Sichtbar(ctx, d.Store.Pool(), n, id, messstellen.LadenSichtbar)
	if err != nil {
		return geladen{Geladen: g}, err
	}
	out := geladen{Geladen: g}
	err = laden.Zugleich(ctx, d.Store.Pool(), func(q eventstore.Querier) error {
		var err error
		out.a, _, err = anlagen.LadenSichtbar(ctx, q, g.Nutzer.Sicht, g.Stand.AnlageID)
		return err
	}, func(q eventstore.Querier) error {
		var err error
		out.b, _, err = betriebe.Laden(ctx, q, g.Stand.BetriebID)
		return err
	})
	return out, err
}

// entscheide decides cmd on the measuring point as g loaded it, at the client's version.
func (d *Dienst) entscheide(ctx context.Context, g geladen, version int, cmd messstelle.Befehl, md eventstore.Metadata) (eventstore.Appended, error) {
	return laden.Entscheide(ctx, d.Store, messstelle.Decider, g.Geladen, version, cmd, md)
}

// Zugriff checks that the caller may see measuring point id, and with schreiben that he may
// change what hangs on it (files, reminders): staff on any point they see, organisation users
// on those of their own operations.
func (d *Dienst) Zugriff(ctx context.Context, n Nutzer, id int64, schreiben bool) error {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil || !schreiben {
		return err
	}
	if !rechte(g.Nutzer, g.b, g.Stand).DateienBearbeiten {
		return validierung.NichtErlaubt
	}
	return nil
}

// Anlegen requests a measuring point under plant anlageID ('Freigabe anfordern'): the caller
// may create measuring points and sees the plant; the facts the decision needs (operation
// approved, plant shut down, operation type, number taken) are looked up here. The unique
// index on the number decides a race: the loser gets a German 409 and nothing is written.
func (d *Dienst) Anlegen(ctx context.Context, n Nutzer, anlageID int64, f Formular, md eventstore.Metadata) (int64, eventstore.Appended, error) {
	if !n.Darf(berechtigung.MessstelleAnlegen) {
		return 0, eventstore.Appended{}, validierung.NichtErlaubt
	}
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	q := d.Store.Pool()
	a, _, err := anlagen.LadenSichtbar(ctx, q, n.Sicht, anlageID)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	b, _, err := betriebe.Laden(ctx, q, a.BetriebID)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	nr := messstelle.Bereinigt(f.MessstellenID)
	vergeben := false
	if messstelle.PruefeNummer(nr) == "" {
		if vergeben, err = messstellen.NummerVergeben(ctx, q, nr); err != nil {
			return 0, eventstore.Appended{}, err
		}
	}
	befehl := func(daten messstelle.Daten) messstelle.FordereFreigabeAn {
		return messstelle.FordereFreigabeAn{AnlageID: anlageID, BetriebID: a.BetriebID, MessstellenID: f.MessstellenID, Daten: daten,
			BetriebFreigegeben: b.Freigabestatus == betrieb.Freigegeben, AnlageAusser: anlage.Ausser(a.Daten.Anlagenstatus),
			Betriebstyp: b.Betriebstyp, NummerVergeben: vergeben, Heute: d.heute(), VonKonto: n.AnwenderID}
	}
	if err := d.zuordnungen(ctx, f.Daten, messstelle.Daten{}); err != nil {
		return 0, eventstore.Appended{}, validierung.MitDatenfehlern(err, func() error {
			_, err := messstelle.Decide(messstelle.Messstelle{}, befehl(f.Daten))
			return err
		})
	}
	id, err := eventstore.NextID(ctx, d.Store, "messstelle_id_seq")
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	out, err := eventstore.Befehle(d.Store, messstelle.Decider).HandleNeu(ctx, id, befehl(f.Daten), md)
	if messstellen.Vergeben(err) {
		return 0, out, &validierung.Konflikt{Message: fmt.Sprintf(MsgNummerInzwischenVergeben, nr)}
	}
	return id, out, err
}

// zuordnungen checks what the data neu refer to against what the form offers, on creation
// (alt is empty) and on every save alike: the value-list fields — Anhang AbwV and Abwasserart
// of the Anhang, the responsible authority and the associated authorities (list behoerde), the
// LIMS-entitled (list messstellenzustaendigkeit) and the gauge of the Einleitstelle (list
// pegel) — take only the lists' entries; a value alt holds stays valid (internal/anwendung/auswahl).
// Measuring points name no accounts, organisations or plants besides their own plant.
func (d *Dienst) zuordnungen(ctx context.Context, neu, alt messstelle.Daten) error {
	return auswahl.PruefeListenwerte(ctx, d.Store.Pool(), Listenwerte(neu), Listenwerte(alt))
}

// Listenwerte are the filled fields of d chosen from a value list.
func Listenwerte(d messstelle.Daten) []anlage.Listenwert {
	var out []anlage.Listenwert
	add := func(feld, liste, wert string) {
		if wert != "" {
			out = append(out, anlage.Listenwert{Feld: feld, Liste: liste, Wert: wert})
		}
	}
	add("anhang.anhangAbwasserverordnung", "anhang-abwv", d.Anhang.AnhangAbwasserverordnung)
	add("anhang.abwasserart", "messstelle-abwasserart", d.Anhang.Abwasserart)
	add("zustaendigeBehoerde", "behoerde", d.ZustaendigeBehoerde)
	for i, w := range d.ZugehoerigeBehoerden {
		add(fmt.Sprintf("zugehoerigeBehoerden[%d]", i), "behoerde", w)
	}
	for i, w := range d.LimsBerechtigte {
		add(fmt.Sprintf("limsBerechtigte[%d]", i), "messstellenzustaendigkeit", w)
	}
	if d.Einleitstelle != nil {
		add("einleitstelle.pegel", "pegel", d.Einleitstelle.Pegel)
	}
	return out
}

// Speichern saves measuring point id on the version the form was loaded with; on a rejected
// point the save requests the Freigabe anew.
func (d *Dienst) Speichern(ctx context.Context, n Nutzer, id int64, f Formular, md eventstore.Metadata) (eventstore.Appended, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if !rechte(g.Nutzer, g.b, g.Stand).Speichern {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	if err := laden.Version(f.Version); err != nil {
		return eventstore.Appended{}, err
	}
	befehl := messstelle.Speichere{Daten: f.Daten, AuditInfo: f.AuditInfo, Heute: d.heute(), Betriebstyp: g.b.Betriebstyp, VonKonto: g.Nutzer.AnwenderID}
	if err := d.zuordnungen(ctx, f.Daten, g.Stand.Daten); err != nil {
		return eventstore.Appended{}, validierung.MitDatenfehlern(err, func() error {
			_, err := messstelle.Decide(g.Stand, befehl)
			return err
		})
	}
	return d.entscheide(ctx, g, f.Version, befehl, md)
}

// EntscheideFreigabe approves or rejects the requested measuring point (antrag.EntscheideFreigabe
// through the domain): who may approve operations and sees the point, never the one who
// requested it (four-eyes rule).
func (d *Dienst) EntscheideFreigabe(ctx context.Context, n Nutzer, id int64, e Entscheidung, md eventstore.Metadata) (eventstore.Appended, error) {
	if !n.Darf(berechtigung.MessstelleFreigeben) {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if g.Stand.Freigabestatus == messstelle.Beantragt && g.Stand.Antragsteller == g.Nutzer.AnwenderID {
		return eventstore.Appended{}, validierung.Regel(MsgVierAugen)
	}
	version := e.Version
	if version <= 0 {
		version = eventstore.VersionUnbekannt
	}
	return d.entscheide(ctx, g, version,
		messstelle.EntscheideFreigabe{NeuerStatus: e.NeuerStatus, Kommentar: e.Kommentar}, md)
}

// Ansicht reads a measuring point for the screen.
func (d *Dienst) Ansicht(ctx context.Context, n Nutzer, id int64) (Ansicht, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	v := ansicht(id, sicht(g.Nutzer).Von(g.Stand), g.a, g.b, g.Version)
	r := rechte(g.Nutzer, g.b, g.Stand)
	v.Rechte = &r
	return v, nil
}

func ansicht(id int64, m messstelle.Messstelle, a anlage.Anlage, b betrieb.Betrieb, version int) Ansicht {
	return Ansicht{ID: id, MessstellenID: m.MessstellenID, Anlage: Verweis{ID: m.AnlageID, Bezeichnung: a.Daten.Bezeichnung},
		Anlagentyp: a.Typ, Betrieb: Verweis{ID: m.BetriebID, Bezeichnung: b.Daten.Bezeichnung}, Betriebstyp: b.Betriebstyp,
		Freigabe: Freigabe{Status: m.Freigabestatus, Kommentar: m.FreigabeKommentar}, Daten: m.Daten,
		Bereiche: messstelle.BereicheFuer(m.Daten.Messstellentyp, b.Betriebstyp), Version: version, LetzterBeginn: m.LetzterBeginn}
}

// Uebersicht lists the measuring points of plant anlageID (which the caller must see).
func (d *Dienst) Uebersicht(ctx context.Context, n Nutzer, anlageID int64) ([]messstellen.Zeile, error) {
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return nil, err
	}
	if _, _, err := anlagen.LadenSichtbar(ctx, d.Store.Pool(), n.Sicht, anlageID); err != nil {
		return nil, err
	}
	return messstellen.Liste(ctx, d.Store.Pool(), n.Sicht, messstellen.Filter{AnlageID: anlageID})
}

// ProBetrieb lists the measuring points of operation betriebID (which the caller must see),
// each with its plant.
func (d *Dienst) ProBetrieb(ctx context.Context, n Nutzer, betriebID int64) ([]messstellen.Zeile, error) {
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return nil, err
	}
	if _, _, err := betriebe.LadenSichtbar(ctx, d.Store.Pool(), n.Sicht, betriebID); err != nil {
		return nil, err
	}
	return messstellen.Liste(ctx, d.Store.Pool(), n.Sicht, messstellen.Filter{BetriebID: betriebID})
}

// MessstellenAnlagen are the plants (the caller sees) the measuring point with number nr hangs
// on: none when there is no such point or he does not see it.
func (d *Dienst) MessstellenAnlagen(ctx context.Context, n Nutzer, nr string) ([]messstellen.AnlageZeile, error) {
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return nil, err
	}
	return messstellen.AnlagenZurNummer(ctx, d.Store.Pool(), n.Sicht, messstelle.Bereinigt(nr))
}

// Verfuegbarkeit is the answer of the number check (GET /messstelle/check-id).
type Verfuegbarkeit struct {
	Verfuegbar bool   `json:"verfuegbar"`
	Text       string `json:"text"`
}

// PruefeNummer checks an entered number: its format, and whether any point has it already.
// For who may create measuring points (the number dialog).
func (d *Dienst) PruefeNummer(ctx context.Context, n Nutzer, eingabe string) (Verfuegbarkeit, error) {
	if !n.Darf(berechtigung.MessstelleAnlegen) {
		return Verfuegbarkeit{}, validierung.NichtErlaubt
	}
	vergeben := false
	if messstelle.PruefeNummer(eingabe) == "" {
		var err error
		if vergeben, err = messstellen.NummerVergeben(ctx, d.Store.Pool(), messstelle.Bereinigt(eingabe)); err != nil {
			return Verfuegbarkeit{}, err
		}
	}
	text, frei := messstelle.Verfuegbarkeit(eingabe, vergeben)
	return Verfuegbarkeit{Verfuegbar: frei, Text: text}, nil
}

// Version is one version of a measuring point's history.
type Version struct {
	historie.Version
	Messstelle Ansicht `json:"messstelle"`
}

// stream reads the events of a measuring point the caller may see, with his view of it.
func (d *Dienst) stream(ctx context.Context, n Nutzer, id int64) (geladen, verlauf.Sicht[messstelle.Messstelle], []eventstore.Event, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return g, verlauf.Sicht[messstelle.Messstelle]{}, nil, err
	}
	events, err := d.Store.ReadStream(ctx, eventstore.StreamID(messstelle.StreamType, id), 1, 0)
	return g, sicht(g.Nutzer), events, err
}

// Historie lists the versions of a measuring point, oldest first.
func (d *Dienst) Historie(ctx context.Context, n Nutzer, id int64) ([]Version, error) {
	g, s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return nil, err
	}
	fassungen, err := verlauf.Fassungen(messstelle.Decider, events, messstelle.Versionsregel(), s)
	if err != nil {
		return nil, err
	}
	out := make([]Version, len(fassungen))
	for i, f := range fassungen {
		out[i] = Version{Version: f.Version, Messstelle: ansicht(id, f.Stand, g.a, g.b, 0)}
	}
	return out, nil
}

// Stand is the measuring point as it was after event version bis (the auditor's replay).
func (d *Dienst) Stand(ctx context.Context, n Nutzer, id int64, bis int) (Ansicht, error) {
	g, s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	m, version, err := verlauf.Stand(messstelle.Decider, events, bis, s)
	if err != nil {
		return Ansicht{}, err
	}
	return ansicht(id, m, g.a, g.b, version), nil
}

// Verlauf lists every event of the measuring point with who, when and the changed fields.
func (d *Dienst) Verlauf(ctx context.Context, n Nutzer, id int64) ([]historie.Verlaufsschritt, error) {
	_, s, events, err := d.stream(ctx, n, id)
	if err != nil {
		return nil, err
	}
	return verlaufAus(ctx, d.Store, events, s)
}

// verlaufAus is the Verlauf of a measuring point's events as view s shows them.
func verlaufAus(ctx context.Context, store *eventstore.Store, events []eventstore.Event, s verlauf.Sicht[messstelle.Messstelle]) ([]historie.Verlaufsschritt, error) {
	return verlauf.Erstelle(ctx, store, messstelle.Decider, events, s, verlaufsansichten, messstelle.Feldnamen)
}

// verlaufsansichten are the measuring point's states as the Verlauf compares them (and the
// print shows them).
func verlaufsansichten(_ context.Context, zustaende []messstelle.Messstelle) ([]any, error) {
	views := make([]any, len(zustaende))
	for i, m := range zustaende {
		var lage *betrieb.Lage
		if m.Daten.Lage != (betrieb.Lage{}) {
			lage = &m.Daten.Lage
		}
		views[i] = struct {
			MessstellenID     string `json:"messstellenId,omitempty"`
			Freigabestatus    string `json:"freigabestatus,omitempty"`
			FreigabeKommentar string `json:"freigabeKommentar,omitempty"`
			messstelle.Daten
			Lage      *betrieb.Lage `json:"lage"`
			GueltigAb string        `json:"gueltigAb,omitempty"`
		}{m.MessstellenID, m.Freigabestatus, m.FreigabeKommentar, m.Daten, lage, m.LetzterBeginn}
	}
	return views, nil
}

// verlaufMessstelle is the Verlauf of a measuring point for the Ereignisprotokoll
// (verlauf.Quelle).
func verlaufMessstelle(ctx context.Context, store *eventstore.Store, id int64) ([]historie.Verlaufsschritt, error) {
	events, err := store.ReadStream(ctx, eventstore.StreamID(messstelle.StreamType, id), 1, 0)
	if err != nil {
		return nil, err
	}
	return verlaufAus(ctx, store, events, verlauf.Alles[messstelle.Messstelle]())
}

// MsgKeineGemeinde: the point lies in no municipality of the layer, so no prefix is proposed.
const MsgKeineGemeinde = "Die Lage liegt in keiner bekannten Gemeinde. Bitte geben Sie den Präfix der Messstellennummer selbst ein."

// Nummernvorschlag is the number dialog's proposal (GET /messstelle/new-id: suggestedId).
type Nummernvorschlag struct {
	MessstellenID string `json:"messstellenId"`
	messstelle.Nummer
}

// NeueNummer proposes the first free number for a point of type typ at (rechtswert, hochwert):
// the prefix is the last six digits of the Gemeindeschlüssel of the municipality the point lies
// in (internal/plattform/geodaten), frei counts up, the suffix follows from the type
// (messstelle.Vorschlag). ok is false when every combination of the prefix is taken (204).
// For who may create measuring points.
func (d *Dienst) NeueNummer(ctx context.Context, n Nutzer, rechtswert, hochwert float64, typ string) (Nummernvorschlag, bool, error) {
	if !n.Darf(berechtigung.MessstelleAnlegen) {
		return Nummernvorschlag{}, false, validierung.NichtErlaubt
	}
	var s validierung.Sammler
	betrieb.Koordinate(&s, "hochwert", hochwert)
	betrieb.Koordinate(&s, "rechtswert", rechtswert)
	if s.Pflicht("typ", typ); typ != "" && !messstelle.IstTyp(typ) {
		s.Feld("typ", messstelle.MsgTyp)
	}
	if err := s.Err(); err != nil {
		return Nummernvorschlag{}, false, err
	}
	q := d.Store.Pool()
	kennziffer, gefunden, err := geodaten.Gemeinde(ctx, q, rechtswert, hochwert)
	if err != nil {
		return Nummernvorschlag{}, false, err
	}
	if !gefunden || len(kennziffer) < messstelle.PrefixLaenge {
		return Nummernvorschlag{}, false, validierung.Feld("lage", MsgKeineGemeinde)
	}
	prefix := kennziffer[len(kennziffer)-messstelle.PrefixLaenge:]
	vergeben, err := messstellen.VergebeneMitPrefix(ctx, q, prefix)
	if err != nil {
		return Nummernvorschlag{}, false, err
	}
	nr, ok := messstelle.Vorschlag(prefix, typ, func(nr string) bool { return vergeben[nr] })
	return Nummernvorschlag{MessstellenID: nr.String(), Nummer: nr}, ok, nil
}
