// Package betriebsakte is the application service of the operation file: it turns requests
// into commands of the Betrieb aggregate, checks who may do what on which operation (role and
// visibility), loads what the rules need (duplicates, operator address) and answers the
// screens' queries: the operation as shown, its versions, its history replay.
package betriebsakte

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/tabelle"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/betriebe"
)

// Dienst is the operation-file service.
type Dienst struct {
	Store *eventstore.Store
	Jetzt func() time.Time
	// BetreiberPflichtig tells whether an organisation is an obligee (Abwasserbeseitigungs-
	// pflichtiger) of plants of the operation. The plant area provides it; without plants
	// nobody is.
	BetreiberPflichtig func(ctx context.Context, q eventstore.Querier, betriebID, organisationID int64) (bool, error)
}

func (d *Dienst) heute() time.Time {
	if d.Jetzt != nil {
		return d.Jetzt()
	}
	return time.Now()
}

// Nutzer is the caller: account id and functional roles (from the token).
type Nutzer struct {
	AnwenderID int64
	Rollen     []string
}

func (n Nutzer) darf(a berechtigung.Aktion) bool {
	return berechtigung.Darf(n.Rollen, a)
}

// Organisationsseitig reports whether the user works for an operator (organisation roles).
func (n Nutzer) Organisationsseitig() bool {
	return slices.ContainsFunc(n.Rollen, func(r string) bool {
		return berechtigung.GlobaleRolle(berechtigung.Rolle(r)) == berechtigung.GlobalOrganisation
	})
}

// Sicht works out which operations the caller may see: administrators all; organisation
// users those their organisation operates; everybody in addition what their local roles name
// (all Regionalstellen, some Regionalstellen, operations, operator organisations).
func (d *Dienst) Sicht(ctx context.Context, n Nutzer) (betriebe.Sicht, error) {
	if slices.ContainsFunc(n.Rollen, func(r string) bool {
		return berechtigung.GlobaleRolle(berechtigung.Rolle(r)) == berechtigung.GlobalAdmin
	}) {
		return betriebe.Sicht{Alle: true}, nil
	}
	var s betriebe.Sicht
	var alle bool
	err := d.Store.Pool().QueryRow(ctx, `SELECT coalesce(a.organisation_id, 0),
		coalesce(bool_or(r.alle_regionalstellen), false),
		coalesce(array_agg(DISTINCT x.rs) FILTER (WHERE x.rs IS NOT NULL), '{}'),
		coalesce(array_agg(DISTINCT y.b) FILTER (WHERE y.b IS NOT NULL), '{}'),
		coalesce(array_agg(DISTINCT z.o) FILTER (WHERE z.o IS NOT NULL), '{}')
		FROM anwender a
		LEFT JOIN lokale_rolle r ON r.id = ANY(a.lokale_rollen)
		LEFT JOIN LATERAL unnest(r.regionalstelle_ids) x(rs) ON true
		LEFT JOIN LATERAL unnest(r.betriebe) y(b) ON true
		LEFT JOIN LATERAL unnest(r.organisationen) z(o) ON true
		WHERE a.id = $1 GROUP BY a.organisation_id`, n.AnwenderID).
		Scan(&s.OrganisationID, &alle, &s.Regionalstellen, &s.Betriebe, &s.Organisationen)
	if errors.Is(err, pgx.ErrNoRows) {
		return betriebe.Sicht{}, nil
	}
	if err != nil {
		return s, err
	}
	if !n.Organisationsseitig() {
		s.OrganisationID = 0
	}
	s.Alle = alle
	return s, nil
}

// sichtbar loads an operation the caller may see; others do not exist for him (404).
func (d *Dienst) sichtbar(ctx context.Context, n Nutzer, id int64) (betrieb.Betrieb, int, error) {
	s, err := d.Sicht(ctx, n)
	if err != nil {
		return betrieb.Betrieb{}, 0, err
	}
	ok, err := betriebe.Sieht(ctx, d.Store.Pool(), s, id)
	if err != nil {
		return betrieb.Betrieb{}, 0, err
	}
	if !ok {
		return betrieb.Betrieb{}, 0, validierung.NichtGefunden
	}
	return betriebe.Laden(ctx, d.Store.Pool(), id)
}

// eigene reports whether the caller's organisation operates the operation.
func (d *Dienst) eigene(ctx context.Context, n Nutzer, b betrieb.Betrieb) (bool, error) {
	org, err := d.organisationVon(ctx, n)
	return err == nil && org != 0 && org == b.Daten.BetreiberID, err
}

func (d *Dienst) organisationVon(ctx context.Context, n Nutzer) (int64, error) {
	var org int64
	err := d.Store.Pool().QueryRow(ctx, `SELECT coalesce(organisation_id, 0) FROM anwender WHERE id = $1`, n.AnwenderID).Scan(&org)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return org, err
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
}

func (d *Dienst) rechte(ctx context.Context, n Nutzer, b betrieb.Betrieb) (Rechte, error) {
	eigene, err := d.eigene(ctx, n, b)
	if err != nil {
		return Rechte{}, err
	}
	r := Rechte{
		AlsBetreiberSpeichern: eigene && n.darf(berechtigung.BetriebAlsBetreiberBearbeiten),
		AlsAdminSpeichern:     n.darf(berechtigung.BetriebAlsAdminBearbeiten),
		Freigeben:             n.darf(berechtigung.BetriebFreigeben) && b.Freigabestatus == betrieb.Beantragt,
		AntragStellen:         eigene && n.darf(berechtigung.AenderungsantragStellen) && b.Freigabestatus == betrieb.Freigegeben,
		AntragPruefen:         n.darf(berechtigung.AenderungsantragPruefen),
		VerlaufLesen:          n.darf(berechtigung.BetriebVerlaufLesen),
		DateienBearbeiten:     n.darf(berechtigung.DateiHochladen) && (eigene || !n.Organisationsseitig()),
	}
	r.Bearbeiten = n.darf(berechtigung.BearbeitungsmodusNutzen) && (r.AlsAdminSpeichern || r.AlsBetreiberSpeichern || r.DateienBearbeiten)
	return r, nil
}

// Zugriff checks that the caller may see operation id, and with schreiben that he may change
// what hangs on it (files, reminders): staff on any operation they see, organisation users on
// their own.
func (d *Dienst) Zugriff(ctx context.Context, n Nutzer, id int64, schreiben bool) error {
	b, _, err := d.sichtbar(ctx, n, id)
	if err != nil || !schreiben {
		return err
	}
	r, err := d.rechte(ctx, n, b)
	if err != nil {
		return err
	}
	if !r.DateienBearbeiten {
		return validierung.NichtErlaubt
	}
	return nil
}

// BetriebsID is the operation number shown to users: year of the request and a running
// number (digits and "-" only, as the ID fields demand).
func BetriebsID(id int64, heute time.Time) string {
	return fmt.Sprintf("%d-%06d", heute.Year(), id)
}

func md(m eventstore.Metadata, ai *historie.AuditInfo) eventstore.Metadata {
	if ai != nil {
		m.AuditInfo = &eventstore.AuditInfo{GueltigAb: ai.GueltigAb, Aenderungsgrund: ai.Aenderungsgrund}
	}
	return m
}

// Beantragen requests a new operation of type typ. Organisation users request for their
// own organisation only.
func (d *Dienst) Beantragen(ctx context.Context, n Nutzer, typ string, f Formular, m eventstore.Metadata) (int64, eventstore.Appended, error) {
	if !n.darf(berechtigung.BetriebBeantragen) {
		return 0, eventstore.Appended{}, validierung.NichtErlaubt
	}
	daten := f.Daten()
	if n.Organisationsseitig() {
		org, err := d.organisationVon(ctx, n)
		if err != nil {
			return 0, eventstore.Appended{}, err
		}
		if org == 0 {
			return 0, eventstore.Appended{}, validierung.NichtErlaubt
		}
		daten.BetreiberID = org
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
	out, err := betrieb.Decider.Handle(ctx, d.Store, id, -1, betrieb.BeantrageBetrieb{BetriebsID: BetriebsID(id, heute),
		Daten: daten, Typ: typ, Heute: heute, Aehnliche: aehnliche, DoppelerfassungBestaetigt: f.SkipBetriebExistsCheck}, m)
	return id, out, err
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
	if !n.darf(berechtigung.BetriebFreigeben) {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	if _, _, err := d.sichtbar(ctx, n, id); err != nil {
		return eventstore.Appended{}, err
	}
	return betrieb.Decider.Handle(ctx, d.Store, id, -1, betrieb.EntscheideFreigabe{NeuerStatus: neuerStatus, Kommentar: kommentar}, m)
}

// expected is the version the client saw; a save without one is refused, so a stale form
// never overwrites silently.
func expected(version int) (int, error) {
	if version <= 0 {
		return 0, validierung.Feld("version", "Die Version des bearbeiteten Datensatzes fehlt.")
	}
	return version, nil
}

// SpeichernAlsBetreiber is the operator's save of his own operation.
func (d *Dienst) SpeichernAlsBetreiber(ctx context.Context, n Nutzer, id int64, f Formular, m eventstore.Metadata) (eventstore.Appended, error) {
	b, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if r, err := d.rechte(ctx, n, b); err != nil || !r.AlsBetreiberSpeichern {
		return eventstore.Appended{}, errors.Join(err, validierung.NichtErlaubt)
	}
	v, err := expected(f.Version)
	if err != nil {
		return eventstore.Appended{}, err
	}
	daten := f.Daten()
	daten.BetreiberID = b.Daten.BetreiberID
	if err := d.betreiberAdresse(ctx, &daten); err != nil {
		return eventstore.Appended{}, err
	}
	return betrieb.Decider.Handle(ctx, d.Store, id, v, betrieb.SpeichereAlsBetreiber{Daten: daten}, m)
}

// SpeichernAlsAdmin is the authority's save, historised where the rules say so.
func (d *Dienst) SpeichernAlsAdmin(ctx context.Context, n Nutzer, id int64, f Formular, m eventstore.Metadata) (eventstore.Appended, error) {
	if !n.darf(berechtigung.BetriebAlsAdminBearbeiten) {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	b, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	v, err := expected(f.Version)
	if err != nil {
		return eventstore.Appended{}, err
	}
	daten := f.Daten()
	if !n.darf(berechtigung.BearbeiterZuordnen) {
		daten.ZustaendigeBearbeiter = b.Daten.ZustaendigeBearbeiter
	}
	if err := d.betreiberAdresse(ctx, &daten); err != nil {
		return eventstore.Appended{}, err
	}
	pflichtig, err := d.altBetreiberPflichtig(ctx, id, b.Daten.BetreiberID)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return betrieb.Decider.Handle(ctx, d.Store, id, v, betrieb.SpeichereAlsAdmin{Daten: daten, AuditInfo: f.AuditInfo,
		Heute: d.heute(), AltBetreiberPflichtig: pflichtig, Behalten: f.BetreiberBehalten}, md(m, f.AuditInfo))
}

func (d *Dienst) altBetreiberPflichtig(ctx context.Context, id, org int64) (bool, error) {
	if d.BetreiberPflichtig == nil || org == 0 {
		return false, nil
	}
	return d.BetreiberPflichtig(ctx, d.Store.Pool(), id, org)
}

// BetreiberPflichtigInAnlagen answers GET …/isBetreiberAbwasserbeseitigungspflichtigerInAnlage.
func (d *Dienst) BetreiberPflichtigInAnlagen(ctx context.Context, n Nutzer, id int64) (bool, error) {
	b, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return false, err
	}
	return d.altBetreiberPflichtig(ctx, id, b.Daten.BetreiberID)
}

// AntragStellen submits an operator's Stammdaten-Antrag.
func (d *Dienst) AntragStellen(ctx context.Context, n Nutzer, id int64, a Antragsformular, m eventstore.Metadata) (eventstore.Appended, error) {
	b, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	eigene, err := d.eigene(ctx, n, b)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if !eigene || !n.darf(berechtigung.AenderungsantragStellen) {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	return betrieb.Decider.Handle(ctx, d.Store, id, -1, betrieb.StelleStammdatenAntrag{Antrag: a.Antrag(), Heute: d.heute()}, m)
}

// Antrag returns the open Stammdaten-Antrag (nil when there is none).
func (d *Dienst) Antrag(ctx context.Context, n Nutzer, id int64) (*Antragsformular, error) {
	b, _, err := d.sichtbar(ctx, n, id)
	if err != nil || b.Antrag == nil {
		return nil, err
	}
	f := AntragsformularVon(*b.Antrag)
	return &f, nil
}

// AntragUebernehmen adopts the chosen fields of the open application.
func (d *Dienst) AntragUebernehmen(ctx context.Context, n Nutzer, id int64, felder []string, m eventstore.Metadata) (eventstore.Appended, error) {
	if err := d.pruefer(ctx, n, id); err != nil {
		return eventstore.Appended{}, err
	}
	return betrieb.Decider.Handle(ctx, d.Store, id, -1, betrieb.UebernehmeStammdatenAntrag{Felder: felder, Heute: d.heute()}, m)
}

// AntragAblehnen rejects the open application.
func (d *Dienst) AntragAblehnen(ctx context.Context, n Nutzer, id int64, m eventstore.Metadata) (eventstore.Appended, error) {
	if err := d.pruefer(ctx, n, id); err != nil {
		return eventstore.Appended{}, err
	}
	return betrieb.Decider.Handle(ctx, d.Store, id, -1, betrieb.LehneStammdatenAntragAb{}, m)
}

func (d *Dienst) pruefer(ctx context.Context, n Nutzer, id int64) error {
	if !n.darf(berechtigung.AenderungsantragPruefen) {
		return validierung.NichtErlaubt
	}
	_, _, err := d.sichtbar(ctx, n, id)
	return err
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

// Exportieren writes the worklist rows of the filter (or the selected ids) the caller may see
// as xlsx, row by row.
func (d *Dienst) Exportieren(ctx context.Context, n Nutzer, f arbeitsliste.Filter, w io.Writer) error {
	s, err := d.Sicht(ctx, n)
	if err != nil {
		return err
	}
	f.Sicht = s
	return tabelle.Schreibe(w, "Betriebe", []string{"Betriebs-Nr.", "Bezeichnung", "Betriebstyp", "Betriebsstatus", "Freigabestatus",
		"Betreiber", "Straße", "Hausnummer", "PLZ", "Ort", "Regionalstelle"}, func(zeile func(...any) error) error {
		return arbeitsliste.JedenBetrieb(ctx, d.Store.Pool(), f, func(b arbeitsliste.Betrieb) error {
			return zeile(b.BetriebsID, b.Bezeichnung, b.Betriebstyp, b.Betriebsstatus, freigabeText[b.Freigabestatus], b.Betreiber,
				b.Strasse, b.Hausnummer, b.Plz, b.Ort, b.Regionalstelle)
		})
	})
}

var freigabeText = map[string]string{betrieb.Beantragt: "Beantragt", betrieb.Freigegeben: "Freigegeben", betrieb.Abgewiesen: "Abgewiesen"}

// Umzug moves the operations of a merged organisation to its destination (a step of the
// organisation merge, inside its transaction).
func (d *Dienst) Umzug(ctx context.Context, tx pgx.Tx, quelle, ziel int64, m eventstore.Metadata) error {
	ids, err := betriebe.DesBetreibers(ctx, tx, quelle)
	if err != nil {
		return err
	}
	datum := d.heute().Format(historie.Datumsformat)
	for _, id := range ids {
		if _, err := betrieb.Decider.HandleTx(ctx, d.Store, tx, id, -1, betrieb.ZieheBetreiberUm{NeuID: ziel, Datum: datum}, m); err != nil {
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
