// Package betrieb is the application service of the operation file: it turns requests
// into commands of the Betrieb aggregate, checks who may do what on which operation (role and
// visibility), loads what the rules need (duplicates, operator address) and answers the
// screens' queries: the operation as shown, its versions, its history replay.
package betrieb

import (
	"context"
	"errors"
	"fmt"
	entscheidung "github.com/eabwasser/eabwasser/domain/antrag"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/anwendung/laden"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
)

// Dienst is the operation-file service.
type Dienst struct {
	Store *eventstore.Store
	Jetzt func() time.Time
}

func (d *Dienst) heute() time.Time {
	if d.Jetzt != nil {
		return d.Jetzt()
	}
	return kalender.Jetzt()
}

// Nutzer is the caller (internal/zugriff), resolved once per request.
type Nutzer = zugriff.Nutzer

// aufgeloest is the caller with organisation and visibility read (a no-op when the request
// has done it already).
func (d *Dienst) aufgeloest(ctx context.Context, n Nutzer) (Nutzer, error) {
	return zugriff.Aufloesen(ctx, d.Store.Pool(), n)
}

// Sicht is which operations the caller may see (zugriff.Aufloesen).
func (d *Dienst) Sicht(ctx context.Context, n Nutzer) (zugriff.Sicht, error) {
	n, err := d.aufgeloest(ctx, n)
	return n.Sicht, err
}

// sichtbar loads an operation the caller may see, in one query; others do not exist for
// him (404).
func (d *Dienst) sichtbar(ctx context.Context, n Nutzer, id int64) (Nutzer, betrieb.Betrieb, int, error) {
	g, err := laden.Sichtbar(ctx, d.Store.Pool(), n, id, betriebe.LadenSichtbar)
	return g.Nutzer, g.Stand, g.Version, err
}

// entscheide decides cmd on operation id as sichtbar loaded it (b at version), at the client's
// version expected: no second read.
func (d *Dienst) entscheide(ctx context.Context, id int64, b betrieb.Betrieb, version, expected int, cmd betrieb.Befehl,
	m eventstore.Metadata) (eventstore.Appended, error) {
	return laden.Entscheide(ctx, d.Store, betrieb.Decider, laden.Geladen[betrieb.Betrieb]{ID: id, Stand: b, Version: version}, expected, cmd, m)
}

// sieht loads operation id the caller sees, for a command that decides on it.
func (d *Dienst) sieht(ctx context.Context, n Nutzer, id int64) (betrieb.Betrieb, int, error) {
	_, b, version, err := d.sichtbar(ctx, n, id)
	return b, version, err
}

// eigene reports whether the caller's organisation operates the operation (n resolved).
func eigene(n Nutzer, b betrieb.Betrieb) bool {
	return n.OrganisationID != 0 && n.OrganisationID == b.Daten.BetreiberID
}

// Rechte are what the caller may do with one operation; the screens mirror them.
type Rechte struct {
	Bearbeiten            bool `json:"bearbeiten"`
	AlsBetreiberSpeichern bool `json:"alsBetreiberSpeichern"`
	AlsAdminSpeichern     bool `json:"alsAdminSpeichern"`
	Freigeben             bool `json:"freigeben"`
	AntragStellen         bool `json:"antragStellen"`
	AntragPruefen         bool `json:"antragPruefen"`
	VerlaufLesen          bool `json:"verlaufLesen"`
	DateienBearbeiten     bool `json:"dateienBearbeiten"`
	// Felder are the form's fields the caller may save (betrieb.Schreibbar in the form's names,
	// the rule his save is checked with): the form disables every other field with the hint
	// that it goes through a Stammdaten-Antrag. Empty when he may save nothing.
	Felder []string `json:"felder"`
}

// rechte of a resolved caller on operation b.
func rechte(n Nutzer, b betrieb.Betrieb) Rechte {
	eigene := eigene(n, b)
	r := Rechte{
		AlsBetreiberSpeichern: eigene && n.Darf(berechtigung.BetriebAlsBetreiberBearbeiten),
		AlsAdminSpeichern:     n.Darf(berechtigung.BetriebAlsAdminBearbeiten),
		Freigeben:             n.Darf(berechtigung.BetriebFreigeben) && b.Freigabestatus == betrieb.Beantragt,
		AntragStellen:         eigene && n.Darf(berechtigung.AenderungsantragStellen) && b.Freigabestatus == betrieb.Freigegeben,
		AntragPruefen:         n.Darf(berechtigung.AenderungsantragPruefen),
		VerlaufLesen:          n.Darf(berechtigung.BetriebVerlaufLesen),
		DateienBearbeiten:     n.Darf(berechtigung.DateiHochladen) && (eigene || !n.Organisationsseitig()),
	}
	r.Bearbeiten = n.Darf(berechtigung.BearbeitungsmodusNutzen) && (r.AlsAdminSpeichern || r.AlsBetreiberSpeichern || r.DateienBearbeiten)
	r.Felder = []string{}
	if r.AlsAdminSpeichern || r.AlsBetreiberSpeichern {
		for _, f := range betrieb.Schreibbar(b, !r.AlsAdminSpeichern) {
			if g, ok := betrieb.Formularnamen[f]; ok {
				f = g
			}
			if f != "zustaendigeBearbeiter" || n.Darf(berechtigung.BearbeiterZuordnen) {
				r.Felder = append(r.Felder, f)
			}
		}
	}
	return r
}

// Zugriff checks that the caller may see operation id, and with schreiben that he may change
// what hangs on it (files, reminders): staff on any operation they see, organisation users on
// their own.
func (d *Dienst) Zugriff(ctx context.Context, n Nutzer, id int64, schreiben bool) error {
	n, b, _, err := d.sichtbar(ctx, n, id)
	if err != nil || !schreiben {
		return err
	}
	if !rechte(n, b).DateienBearbeiten {
		return validierung.NichtErlaubt
	}
	return nil
}

// BetriebsID is the operation number shown to users: year of the request and a running
// number (digits and "-" only, as the ID fields demand).
func BetriebsID(id int64, heute time.Time) string {
	return fmt.Sprintf("%d-%06d", heute.Year(), id)
}

// Beantragen requests a new operation of type typ. Organisation users request for their
// own organisation only.
func (d *Dienst) Beantragen(ctx context.Context, n Nutzer, typ string, f Formular, m eventstore.Metadata) (int64, eventstore.Appended, error) {
	if !n.Darf(berechtigung.BetriebBeantragen) {
		return 0, eventstore.Appended{}, validierung.NichtErlaubt
	}
	daten := f.Daten()
	if n.Organisationsseitig() {
		n, err := d.aufgeloest(ctx, n)
		if err != nil {
			return 0, eventstore.Appended{}, err
		}
		if n.OrganisationID == 0 {
			return 0, eventstore.Appended{}, validierung.NichtErlaubt
		}
		daten.BetreiberID = n.OrganisationID
	}
	eingabe := daten
	daten, err := d.zuordnungen(ctx, n, typ, 0, daten, betrieb.Daten{})
	if err != nil {
		return 0, eventstore.Appended{}, validierung.MitDatenfehlern(err, func() error {
			_ = d.betreiberAdresse(ctx, &eingabe)
			_, err := betrieb.Decide(betrieb.Betrieb{}, betrieb.BeantrageBetrieb{Daten: eingabe, Typ: typ, Heute: d.heute(), DoppelerfassungBestaetigt: true})
			return err
		})
	}
	if err := d.betreiberAdresse(ctx, &daten); err != nil {
		return 0, eventstore.Appended{}, err
	}
	aehnliche, err := betriebe.Aehnliche(ctx, d.Store.Pool(), daten.BetreiberID, daten.Adresse, 0)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	id, err := eventstore.NextID(ctx, d.Store, "betrieb_id_seq")
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	heute := d.heute()
	out, err := eventstore.Befehle(d.Store, betrieb.Decider).HandleNeu(ctx, id, betrieb.BeantrageBetrieb{BetriebsID: BetriebsID(id, heute),
		Daten: daten, Typ: typ, Heute: heute, Aehnliche: aehnliche, DoppelerfassungBestaetigt: f.SkipBetriebExistsCheck}, m)
	return id, out, err
}

// zuordnungen applies the caller's field rights to the operation data neu and checks what it
// refers to — the operator organisation, responsible persons, authority users — against what
// the caller may choose (internal/anwendung/auswahl), on request (alt is empty, id 0) and on every save
// alike. A reference alt already holds stays valid.
func (d *Dienst) zuordnungen(ctx context.Context, n Nutzer, typ string, id int64, neu, alt betrieb.Daten) (betrieb.Daten, error) {
	q := d.Store.Pool()
	if !n.Darf(berechtigung.BearbeiterZuordnen) {
		neu.ZustaendigeBearbeiter = alt.ZustaendigeBearbeiter
	}
	if !n.Organisationsseitig() || alt.BetreiberID != 0 {
		if err := auswahl.PruefeOrganisationen(ctx, q, "betreiber", auswahl.Betreiber(typ), []int64{neu.BetreiberID}, []int64{alt.BetreiberID}); err != nil {
			return neu, err
		}
	}
	bearbeiter, err := auswahl.PruefeBearbeiter(ctx, q, neu.ZustaendigeBearbeiter, alt.ZustaendigeBearbeiter)
	if err != nil {
		return neu, err
	}
	neu.ZustaendigeBearbeiter = bearbeiter
	return neu, auswahl.PruefePersonen(ctx, q, neu.BetreiberID, id, neu.ZustaendigePersonen, alt.ZustaendigePersonen)
}

// betreiberAdresse copies the operator's address into the operation when betreiberAdresse.
func (d *Dienst) betreiberAdresse(ctx context.Context, daten *betrieb.Daten) error {
	if !daten.BetreiberAdresse || daten.BetreiberID == 0 {
		return nil
	}
	err := d.Store.Pool().QueryRow(ctx, `SELECT strasse, hausnummer, plz, ort FROM organisation WHERE id = $1`, daten.BetreiberID).
		Scan(&daten.Adresse.Strasse, &daten.Adresse.Hausnummer, &daten.Adresse.Plz, &daten.Adresse.Ort)
	if errors.Is(err, pgx.ErrNoRows) {
		return validierung.Feld("betreiber", "Den gewählten Betreiber gibt es nicht.")
	}
	return err
}

// Freigabe approves or rejects a requested operation.
func (d *Dienst) Freigabe(ctx context.Context, n Nutzer, id int64, neuerStatus, kommentar string, m eventstore.Metadata) (eventstore.Appended, error) {
	if !n.Darf(berechtigung.BetriebFreigeben) {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	b, version, err := d.sieht(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, id, b, version, eventstore.VersionUnbekannt, betrieb.EntscheideFreigabe{NeuerStatus: neuerStatus, Kommentar: kommentar}, m)
}

// expected is the version the client saw; a save without one is refused, so a stale form
// never overwrites silently.
func expected(version int) (int, error) {
	return version, laden.Version(version)
}

// SpeichernAlsBetreiber is the operator's save of his own operation.
func (d *Dienst) SpeichernAlsBetreiber(ctx context.Context, n Nutzer, id int64, f Formular, m eventstore.Metadata) (eventstore.Appended, error) {
	n, b, version, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if !rechte(n, b).AlsBetreiberSpeichern {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	v, err := expected(f.Version)
	if err != nil {
		return eventstore.Appended{}, err
	}
	daten := f.Daten()
	daten.BetreiberID = b.Daten.BetreiberID
	eingabe := daten
	if daten, err = d.zuordnungen(ctx, n, b.Betriebstyp, id, daten, b.Daten); err != nil {
		return eventstore.Appended{}, validierung.MitDatenfehlern(err, func() error {
			_ = d.betreiberAdresse(ctx, &eingabe)
			_, err := betrieb.Decide(b, betrieb.SpeichereAlsBetreiber{Daten: eingabe})
			return err
		})
	}
	if err := d.betreiberAdresse(ctx, &daten); err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, id, b, version, v, betrieb.SpeichereAlsBetreiber{Daten: daten}, m)
}

// SpeichernAlsAdmin is the authority's save, historised where the rules say so.
func (d *Dienst) SpeichernAlsAdmin(ctx context.Context, n Nutzer, id int64, f Formular, m eventstore.Metadata) (eventstore.Appended, error) {
	if !n.Darf(berechtigung.BetriebAlsAdminBearbeiten) {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	n, b, version, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	v, err := expected(f.Version)
	if err != nil {
		return eventstore.Appended{}, err
	}
	daten, err := d.zuordnungen(ctx, n, b.Betriebstyp, id, f.Daten(), b.Daten)
	if err != nil {
		return eventstore.Appended{}, validierung.MitDatenfehlern(err, func() error {
			eingabe := f.Daten()
			_ = d.betreiberAdresse(ctx, &eingabe)
			_, err := betrieb.Decide(b, betrieb.SpeichereAlsAdmin{Daten: eingabe, AuditInfo: f.AuditInfo, Heute: d.heute(), Behalten: f.BetreiberBehalten})
			return err
		})
	}
	if err := d.betreiberAdresse(ctx, &daten); err != nil {
		return eventstore.Appended{}, err
	}
	pflichtig, err := d.altBetreiberPflichtig(ctx, id, b.Daten.BetreiberID)
	if err != nil {
		return eventstore.Appended{}, err
	}
	var zuErsetzen []int64
	if daten.Betriebsstatus == betrieb.Stillgelegt && b.Daten.Betriebsstatus != betrieb.Stillgelegt {
		anlagenZuErsetzen, err := d.zuErsetzen(ctx, id, b)
		if err != nil {
			return eventstore.Appended{}, err
		}
		for _, a := range anlagenZuErsetzen {
			zuErsetzen = append(zuErsetzen, a.ID)
		}
		if err := auswahl.PruefeErsatzDesBetriebs(ctx, d.Store.Pool(), id, f.AnlageToAufnehmendeanlage); err != nil {
			return eventstore.Appended{}, err
		}
	}
	return d.entscheide(ctx, id, b, version, v, betrieb.SpeichereAlsAdmin{Daten: daten, AuditInfo: f.AuditInfo,
		Heute: d.heute(), AltBetreiberPflichtig: pflichtig, Behalten: f.BetreiberBehalten, ZuErsetzen: zuErsetzen,
		Ersatz: f.AnlageToAufnehmendeanlage}, m)
}

// zuErsetzen are the treatment plants of municipal operation b that plants of other operations
// discharge into: its shut-down needs a replacement for each (spec 000 §4).
func (d *Dienst) zuErsetzen(ctx context.Context, id int64, b betrieb.Betrieb) ([]anlagen.Zeile, error) {
	if !anlage.ErsatzNoetig(anlage.Abwasserbehandlung, b.Betriebstyp) {
		return []anlagen.Zeile{}, nil
	}
	out, err := anlagen.MitFremdenEinleitern(ctx, d.Store.Pool(), id)
	if out == nil {
		out = []anlagen.Zeile{}
	}
	return out, err
}

// AbwasserbehandlungFuerStilllegung answers GET /api/betrieb/{id}/abwasserbehandlungForStilllegung/:
// the operation's treatment plants whose replacement its shut-down needs, each with the number of
// plants of other operations that discharge into it.
func (d *Dienst) AbwasserbehandlungFuerStilllegung(ctx context.Context, n Nutzer, id int64) ([]anlagen.Zeile, error) {
	_, b, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return nil, err
	}
	return d.zuErsetzen(ctx, id, b)
}

// altBetreiberPflichtig tells whether the operator is an obligee (Abwasserbeseitigungs-
// pflichtiger) of plants of the operation (the plant document answers it; the plant area
// updates the obligees in its reaction to BetreiberGewechselt).
func (d *Dienst) altBetreiberPflichtig(ctx context.Context, id, betreiberID int64) (bool, error) {
	return anlagen.PflichtigInBetrieb(ctx, d.Store.Pool(), id, betreiberID)
}

// BetreiberPflichtigInAnlagen answers GET …/isBetreiberAbwasserbeseitigungspflichtigerInAnlage.
func (d *Dienst) BetreiberPflichtigInAnlagen(ctx context.Context, n Nutzer, id int64) (bool, error) {
	_, b, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return false, err
	}
	return d.altBetreiberPflichtig(ctx, id, b.Daten.BetreiberID)
}

// AntragStellen submits an operator's Stammdaten-Antrag.
func (d *Dienst) AntragStellen(ctx context.Context, n Nutzer, id int64, a Antragsformular, m eventstore.Metadata) (eventstore.Appended, error) {
	n, b, version, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if !eigene(n, b) || !n.Darf(berechtigung.AenderungsantragStellen) {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	return d.entscheide(ctx, id, b, version, eventstore.VersionUnbekannt, betrieb.StelleStammdatenAntrag{Antrag: a.Antrag(), Heute: d.heute()}, m)
}

// Antrag returns the open Stammdaten-Antrag (nil when there is none, or when the caller's
// view of the operation does not show what it asks for).
func (d *Dienst) Antrag(ctx context.Context, n Nutzer, id int64) (*Antragsformular, error) {
	n, b, _, err := d.sichtbar(ctx, n, id)
	if err != nil || b.Antrag == nil || !sicht(n, b).Antraege {
		return nil, err
	}
	f := AntragsformularVon(*b.Antrag)
	return &f, nil
}

// Entscheidung is the review of an application: the fields adopted and, for each field it
// changes that is not adopted, the reason (field → reason).
type Entscheidung = entscheidung.Entscheidung

// AntragUebernehmen adopts the chosen fields of the open application and refuses the others,
// each with its reason.
func (d *Dienst) AntragUebernehmen(ctx context.Context, n Nutzer, id int64, e Entscheidung, m eventstore.Metadata) (eventstore.Appended, error) {
	b, version, err := d.pruefer(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, id, b, version, eventstore.VersionUnbekannt,
		betrieb.UebernehmeStammdatenAntrag{Felder: e.Felder, Begruendungen: e.Begruendungen, Heute: d.heute()}, m)
}

// AntragAblehnen rejects the open application, with a reason for each field it changes.
func (d *Dienst) AntragAblehnen(ctx context.Context, n Nutzer, id int64, begruendungen map[string]string, m eventstore.Metadata) (eventstore.Appended, error) {
	b, version, err := d.pruefer(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, id, b, version, eventstore.VersionUnbekannt, betrieb.LehneStammdatenAntragAb{Begruendungen: begruendungen}, m)
}

func (d *Dienst) pruefer(ctx context.Context, n Nutzer, id int64) (betrieb.Betrieb, int, error) {
	if !n.Darf(berechtigung.AenderungsantragPruefen) {
		return betrieb.Betrieb{}, 0, validierung.NichtErlaubt
	}
	return d.sieht(ctx, n, id)
}

// Suche is one page of the operations worklist, limited to what the caller may see.
func (d *Dienst) Suche(ctx context.Context, n Nutzer, f arbeitsliste.Filter) (arbeitsliste.Seite[arbeitsliste.Betrieb], error) {
	s, err := d.Sicht(ctx, n)
	if err != nil {
		return arbeitsliste.Seite[arbeitsliste.Betrieb]{}, err
	}
	f.Sicht = s
	return arbeitsliste.Betriebe(ctx, d.Store.Pool(), f)
}

// Arbeitsliste is the operations worklist with its export (the start page's Betriebe tab; HTTP
// in httpapi/arbeitsliste.go).
var Arbeitsliste = func() arbeitsliste.Liste[arbeitsliste.Betrieb] {
	l := arbeitsliste.BetriebeListe
	l.Export = arbeitsliste.Export[arbeitsliste.Betrieb]{Blatt: "Betriebe", Kopf: []string{"Betriebs-Nr.", "Bezeichnung", "Betriebstyp",
		"Betriebsstatus", "Freigabestatus", "Betreiber", "Straße", "Hausnummer", "PLZ", "Ort", "Regionalstelle"},
		Zeile: func(b arbeitsliste.Betrieb) []any {
			return []any{b.BetriebsID, b.Bezeichnung, b.Betriebstyp, b.Betriebsstatus, freigabeText[b.Freigabestatus], b.Betreiber,
				b.Strasse, b.Hausnummer, b.Plz, b.Ort, b.Regionalstelle}
		}}
	return l
}()

var freigabeText = map[string]string{betrieb.Beantragt: "Beantragt", betrieb.Freigegeben: "Freigegeben", betrieb.Abgewiesen: "Abgewiesen"}

// aufOrganisation: a merged organisation's operations move to the destination; an
// organisation that still operates operations cannot be deleted.
func (d *Dienst) aufOrganisation(ctx context.Context, tx pgx.Tx, e eventstore.Event) error {
	quelle, err := eventstore.AggregatID(e.StreamID)
	if err != nil {
		return err
	}
	switch e.Type {
	case organisation.OrganisationZusammengefuehrt{}.EventType():
		de, err := organisation.Decode(e.Type, e.Data)
		if err != nil {
			return err
		}
		return d.umzug(ctx, tx, quelle, de.(organisation.OrganisationZusammengefuehrt).ZielID, eventstore.Folge(e))
	case organisation.OrganisationGeloescht{}.EventType():
		ja, err := BetreibtBetriebe(ctx, tx, quelle)
		if err == nil && ja {
			err = validierung.Regel(organisation.MsgReferenziert)
		}
		return err
	}
	return nil
}

// umzug moves the operations of a merged organisation to its destination (a step of the
// organisation merge, inside its transaction).
func (d *Dienst) umzug(ctx context.Context, tx pgx.Tx, quelle, ziel int64, m eventstore.Metadata) error {
	ids, err := betriebe.DesBetreibers(ctx, tx, quelle)
	if err != nil {
		return err
	}
	datum := d.heute().Format(historie.Datumsformat)
	for _, id := range ids {
		if _, err := eventstore.Befehle(d.Store, betrieb.Decider).HandleTx(ctx, tx, id, eventstore.VersionUnbekannt, betrieb.ZieheBetreiberUm{NeuID: ziel, Datum: datum}, m); err != nil {
			return fmt.Errorf("Betrieb %s: %w", strconv.FormatInt(id, 10), err)
		}
	}
	return nil
}

// BetreibtBetriebe reports whether an organisation operates operations (it cannot be deleted then).
func BetreibtBetriebe(ctx context.Context, q eventstore.Querier, id int64) (bool, error) {
	ids, err := betriebe.DesBetreibers(ctx, q, id)
	return len(ids) > 0, err
}
