// Package anlage is the plant area's application service: create, read, list and save plants
// of an operation, their history and Verlauf, the change request with per-field review, who
// may see and change a plant's files and reminders, and the plant's reactions to its
// operation (shut-down, operator change) and to organisation merges (Setup).
package anlage

import (
	"context"
	"fmt"
	"time"

	"github.com/eabwasser/eabwasser/domain/anlage"
	entscheidung "github.com/eabwasser/eabwasser/domain/antrag"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/anwendung/laden"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Dienst is the plant service.
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

// Formular is the plant form: the plant's data, the version it was loaded with, the audit
// entry of a historised change and, on creation, the operation and the parent plant.
type Formular struct {
	anlage.Daten
	Version   int                 `json:"version"`
	AuditInfo *historie.AuditInfo `json:"auditInfo,omitempty"`
	Betrieb   Verweis             `json:"betrieb"` // on creation: the operation ({id}, as the screen reads it)
	ParentID  int64               `json:"parentanlageid"`
	// NeueAufnahme: the treatment plant that receives the wastewater of the plants discharging
	// into this one when it leaves operation (the replacement dialog, spec 000 §4).
	NeueAufnahme int64 `json:"neueAufnahme,omitempty"`
}

// NeuesFormular is the form of a new plant of typ before the client's input (anlage.Vorgaben).
func NeuesFormular(typ string) Formular { return Formular{Daten: anlage.Vorgaben(typ)} }

// Rechte are what the caller may do with the plant, for the screen (the server checks each).
type Rechte struct {
	Bearbeiten         bool `json:"bearbeiten"`
	Speichern          bool `json:"speichern"`
	AlsBetreiber       bool `json:"alsBetreiber"`
	BezeichnungAendern bool `json:"bezeichnungAendern"`
	AntragStellen      bool `json:"antragStellen"`
	AntragPruefen      bool `json:"antragPruefen"`
	VerlaufLesen       bool `json:"verlaufLesen"`
	DateienBearbeiten  bool `json:"dateienBearbeiten"`
	// Felder are the form's fields the caller may save (anlage.Schreibbar, the rule his save
	// is checked with): the form disables every other field with the hint that it goes through
	// a change request. Empty when he may save nothing.
	Felder []string `json:"felder"`
}

// Verweis names another object ({id, bezeichnung}).
type Verweis struct {
	ID          int64  `json:"id"`
	Bezeichnung string `json:"bezeichnung"`
}

// Ansicht is a plant as the screen shows it. The responsible persons and authority users carry
// their names (they shadow the ids-only lists of the data), the obligees their periods; MitEntsorgungsraum tells the screen
// whether the plant keeps a disposal area while it is no indirect discharger.
type Ansicht struct {
	ID          int64   `json:"id"`
	AnlagenID   string  `json:"anlagenId"`
	Anlagentyp  string  `json:"anlagentyp"`
	Betrieb     Verweis `json:"betrieb"`
	Betriebstyp string  `json:"betriebstyp"`
	ParentID    int64   `json:"parentanlageid,omitempty"`
	anlage.Daten
	ZustaendigeBearbeiter []konten.BearbeiterAnsicht `json:"zustaendigeBearbeiter"`
	ZustaendigePersonen   []konten.PersonAnsicht     `json:"zustaendigePersonen"`
	// the obligees with their periods (anlage.Zeitraeume), by start year
	Abwasserbeseitigungspflichtige []anlage.Veranlagungszeitraum `json:"abwasserbeseitigungspflichtige"`
	MitEntsorgungsraum             bool                          `json:"mitEntsorgungsraum"`
	AufnahmeAnlage                 *Verweis                      `json:"aufnahmeAnlage,omitempty"`
	DrosselablaufAnlage            *Verweis                      `json:"drosselablaufAnlage,omitempty"`
	Version                        int                           `json:"version"`
	LetzterBeginn                  string                        `json:"gueltigAb"`
	Aenderungsantrag               *anlage.Aenderungsantrag      `json:"aenderungsantrag,omitempty"`
	Rechte                         *Rechte                       `json:"rechte,omitempty"`
}

// AnlagenID is the plant number shown to users.
func AnlagenID(id int64) string { return fmt.Sprintf("A-%07d", id) }

// eigene reports whether the caller's organisation operates the plant's operation.
func eigene(n Nutzer, b betrieb.Betrieb) bool {
	return n.OrganisationID != 0 && n.OrganisationID == b.Daten.BetreiberID
}

func rechte(n Nutzer, b betrieb.Betrieb, a anlage.Anlage) Rechte {
	eigen := eigene(n, b)
	r := Rechte{
		Speichern:         n.Darf(berechtigung.AnlageBearbeiten),
		AlsBetreiber:      eigen && n.Darf(berechtigung.AnlageAlsBetreiberBearbeiten),
		AntragStellen:     eigen && n.Darf(berechtigung.AenderungsantragStellen) && a.Typ != anlage.Kanalnetz,
		AntragPruefen:     n.Darf(berechtigung.AenderungsantragPruefen),
		VerlaufLesen:      n.Darf(berechtigung.BetriebVerlaufLesen),
		DateienBearbeiten: n.Darf(berechtigung.DateiHochladen) && (eigen || !n.Organisationsseitig()),
	}
	aktion := berechtigung.AnlageBenennen
	if a.Typ == anlage.Entlastung {
		aktion = berechtigung.EntlastungsanlageBenennen
	}
	r.BezeichnungAendern = n.Darf(aktion) && (r.Speichern || r.AlsBetreiber)
	r.Bearbeiten = n.Darf(berechtigung.BearbeitungsmodusNutzen) && (r.Speichern || r.AlsBetreiber || r.DateienBearbeiten)
	r.Felder = []string{}
	if u, ok := r.umfang(); ok {
		r.Felder = anlage.Schreibbar(a.Typ, u, r.BezeichnungAendern)
		if !n.Darf(berechtigung.BearbeiterZuordnen) { // zuordnungen keeps them as stored
			r.Felder = validierung.Ohne(r.Felder, "zustaendigeBearbeiter")
		}
	}
	return r
}

// umfang is what the caller's save may change: everything (staff), the operator's part, or
// nothing (false).
func (r Rechte) umfang() (anlage.Umfang, bool) {
	switch {
	case r.Speichern:
		return anlage.Voll, true
	case r.AlsBetreiber:
		return anlage.Betreiberseitig, true
	}
	return 0, false
}

// sichtbar loads a plant the caller may see (through its operation) and its operation;
// others do not exist for him (404).
func (d *Dienst) sichtbar(ctx context.Context, n Nutzer, id int64) (Nutzer, anlage.Anlage, int, betrieb.Betrieb, error) {
	g, err := laden.Sichtbar(ctx, d.Store.Pool(), n, id, anlagen.LadenSichtbar)
	if err != nil {
		return g.Nutzer, g.Stand, 0, betrieb.Betrieb{}, err
	}
	b, _, err := betriebe.Laden(ctx, d.Store.Pool(), g.Stand.BetriebID)
	return g.Nutzer, g.Stand, g.Version, b, err
}

// entscheide decides cmd on plant id as sichtbar loaded it (a at version), at the client's
// version expected: no second read.
func (d *Dienst) entscheide(ctx context.Context, id int64, a anlage.Anlage, version, expected int, cmd anlage.Befehl,
	m eventstore.Metadata) (eventstore.Appended, error) {
	return laden.Entscheide(ctx, d.Store, anlage.Decider, laden.Geladen[anlage.Anlage]{ID: id, Stand: a, Version: version}, expected, cmd, m)
}

// Zugriff checks that the caller may see plant id, and with schreiben that he may change what
// hangs on it (files, reminders): staff on any plant they see, organisation users on those
// of their own operations.
func (d *Dienst) Zugriff(ctx context.Context, n Nutzer, id int64, schreiben bool) error {
	n, a, _, b, err := d.sichtbar(ctx, n, id)
	if err != nil || !schreiben {
		return err
	}
	if !rechte(n, b, a).DateienBearbeiten {
		return validierung.NichtErlaubt
	}
	return nil
}

// Anlegen creates a plant of type typ under the operation f.Betrieb.ID (visible to the caller,
// released) — staff of spec 000 §6 only.
func (d *Dienst) Anlegen(ctx context.Context, n Nutzer, typ string, f Formular, m eventstore.Metadata) (int64, eventstore.Appended, error) {
	if !n.Darf(berechtigung.AnlageAnlegen) {
		return 0, eventstore.Appended{}, validierung.NichtErlaubt
	}
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	if f.Betrieb.ID == 0 {
		return 0, eventstore.Appended{}, validierung.Feld("betrieb", validierung.Pflichtfeld)
	}
	b, _, err := betriebe.LadenSichtbar(ctx, d.Store.Pool(), n.Sicht, f.Betrieb.ID)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	if f.ParentID != 0 {
		p, _, err := anlagen.LadenSichtbar(ctx, d.Store.Pool(), n.Sicht, f.ParentID)
		if err != nil || p.BetriebID != f.Betrieb.ID {
			return 0, eventstore.Appended{}, validierung.Feld("parentanlageid", "Die übergeordnete Anlage gehört nicht zu diesem Betrieb.")
		}
	}
	befehl := func(daten anlage.Daten) anlage.LegeAn {
		return anlage.LegeAn{BetriebID: f.Betrieb.ID, ParentID: f.ParentID, Typ: typ, Daten: daten,
			BetriebFreigegeben: b.Freigabestatus == betrieb.Freigegeben, Betriebstyp: b.Betriebstyp, Heute: d.heute()}
	}
	daten, err := d.zuordnungen(ctx, n, b, f.Betrieb.ID, 0, f.Daten, anlage.Daten{})
	if err != nil {
		return 0, eventstore.Appended{}, validierung.MitDatenfehlern(err, func() error {
			_, err := anlage.Decide(anlage.Anlage{}, befehl(f.Daten))
			return err
		})
	}
	id, err := eventstore.NextID(ctx, d.Store, "anlage_id_seq")
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	out, err := eventstore.Befehle(d.Store, anlage.Decider).HandleNeu(ctx, id, befehl(daten), m)
	return id, out, err
}

// zuordnungen applies the caller's field rights to the plant data neu (of plant id, 0 when new) and checks what it
// refers to — responsible persons, authority users, obligee organisations, the receiving
// plant — against what the caller may choose (internal/anwendung/auswahl), on creation (alt is empty)
// and on every save alike. A reference alt already holds stays valid.
func (d *Dienst) zuordnungen(ctx context.Context, n Nutzer, b betrieb.Betrieb, betriebID, id int64, neu, alt anlage.Daten) (anlage.Daten, error) {
	q := d.Store.Pool()
	if !n.Darf(berechtigung.BearbeiterZuordnen) {
		neu.ZustaendigeBearbeiter = alt.ZustaendigeBearbeiter
	}
	bearbeiter, err := auswahl.PruefeBearbeiter(ctx, q, neu.ZustaendigeBearbeiter, alt.ZustaendigeBearbeiter)
	if err != nil {
		return neu, err
	}
	neu.ZustaendigeBearbeiter = bearbeiter
	if err := auswahl.PruefePersonen(ctx, q, b.Daten.BetreiberID, betriebID, neu.ZustaendigePersonen, alt.ZustaendigePersonen); err != nil {
		return neu, err
	}
	// the operation's operator may always be named: an industrial operator disposes of its own
	// wastewater (the spec's "preserve the operator as obligee" on an operator change)
	if err := auswahl.PruefeOrganisationen(ctx, q, "abwasserbeseitigungspflichtige", auswahl.Abwasserbeseitigungspflichtige,
		pflichtige(neu), append(pflichtige(alt), b.Daten.BetreiberID)); err != nil {
		return neu, err
	}
	// the fields the form offers as selects of value lists take only the lists' entries
	if err := auswahl.PruefeListenwerte(ctx, q, anlage.Listenwerte(neu), anlage.Listenwerte(alt)); err != nil {
		return neu, err
	}
	// the throttle outflow and the receiving plant are ones the pickers offer (of any operator:
	// municipal plants)
	if err := auswahl.PruefeDrosselablauf(ctx, q, betriebID, id, neu.Anlagenart, neu.Drosselablauf, alt.Drosselablauf); err != nil {
		return neu, err
	}
	if !neu.Indirekteinleiter || neu.AufnahmeID == 0 {
		return neu, nil
	}
	return neu, auswahl.PruefeAufnahme(ctx, q, betriebID, id, neu.AufnahmeID, alt.AufnahmeID)
}

func pflichtige(d anlage.Daten) []int64 {
	ids := make([]int64, len(d.Abwasserbeseitigungspflichtige))
	for i, v := range d.Abwasserbeseitigungspflichtige {
		ids[i] = v.OrganisationID
	}
	return ids
}

// Speichern saves plant id of type typ (the path names it; another type is 404): staff save
// everything, operator-side roles of the operator what they keep up to date themselves.
func (d *Dienst) Speichern(ctx context.Context, n Nutzer, typ string, id int64, f Formular, m eventstore.Metadata) (eventstore.Appended, error) {
	n, a, version, b, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if a.Typ != typ {
		return eventstore.Appended{}, validierung.NichtGefunden
	}
	r := rechte(n, b, a)
	umfang, ok := r.umfang()
	if !ok {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	if err := laden.Version(f.Version); err != nil {
		return eventstore.Appended{}, err
	}
	// leaving operation takes the plants that discharge into it along (AnlageAusserBetrieb)
	var einleiter bool
	if anlage.Ausser(f.Anlagenstatus) && !anlage.Ausser(a.Daten.Anlagenstatus) {
		if einleiter, err = anlagen.HatIndirekteinleiter(ctx, d.Store.Pool(), id); err != nil {
			return eventstore.Appended{}, err
		}
		if einleiter && f.NeueAufnahme != 0 {
			if err := auswahl.PruefeErsatz(ctx, d.Store.Pool(), a.BetriebID, id, f.NeueAufnahme); err != nil {
				return eventstore.Appended{}, err
			}
		}
	}
	seite, organisation := zugriff.SeiteDerRollen(n.Rollen), n.OrganisationID
	if seite != berechtigung.GlobalOrganisation {
		organisation = 0
	}
	befehl := func(daten anlage.Daten) anlage.Speichere {
		return anlage.Speichere{Daten: daten, AuditInfo: f.AuditInfo, Heute: d.heute(), Umfang: umfang,
			DarfBezeichnung: r.BezeichnungAendern, Von: m.ActorName, VonKonto: n.AnwenderID, VonSeite: seite,
			VonOrganisation: organisation, Betriebstyp: b.Betriebstyp,
			MitEinleitern: einleiter, NeueAufnahme: f.NeueAufnahme}
	}
	daten, err := d.zuordnungen(ctx, n, b, a.BetriebID, id, f.Daten, a.Daten)
	if err != nil {
		return eventstore.Appended{}, validierung.MitDatenfehlern(err, func() error {
			_, err := anlage.Decide(a, befehl(f.Daten))
			return err
		})
	}
	return d.entscheide(ctx, id, a, version, f.Version, befehl(daten), m)
}

// Ansicht reads a plant for the screen.
func (d *Dienst) Ansicht(ctx context.Context, n Nutzer, id int64) (Ansicht, error) {
	n, a, version, b, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	v, err := d.ansicht(ctx, id, sicht(n, b, a).Von(a), b, version)
	r := rechte(n, b, a)
	v.Rechte = &r
	return v, err
}

func (d *Dienst) ansicht(ctx context.Context, id int64, a anlage.Anlage, b betrieb.Betrieb, version int) (Ansicht, error) {
	v := Ansicht{ID: id, AnlagenID: AnlagenID(id), Anlagentyp: a.Typ, Betrieb: Verweis{ID: a.BetriebID, Bezeichnung: b.Daten.Bezeichnung},
		Betriebstyp: b.Betriebstyp, ParentID: a.ParentID, Daten: a.Daten, Version: version, LetzterBeginn: a.LetzterBeginn,
		Aenderungsantrag: a.Antrag, MitEntsorgungsraum: anlage.MitEntsorgungsraum(a.Typ, b.Betriebstyp, false),
		Abwasserbeseitigungspflichtige: anlage.Zeitraeume(a.Daten.Abwasserbeseitigungspflichtige),
	}
	namen, err := konten.Namen(ctx, d.Store.Pool(), konten.ZustaendigeIDs(a.Daten.ZustaendigeBearbeiter, a.Daten.ZustaendigePersonen))
	if err != nil {
		return v, err
	}
	v.ZustaendigeBearbeiter, v.ZustaendigePersonen = konten.Zustaendige(a.Daten.ZustaendigeBearbeiter, a.Daten.ZustaendigePersonen, namen)
	// the receiving plant and the throttle outflow by name (of whichever operation)
	if a.Daten.AufnahmeID != 0 || a.Daten.Drosselablauf != 0 {
		anlagennamen, err := anlagen.Bezeichnungen(ctx, d.Store.Pool(), []int64{a.Daten.AufnahmeID, a.Daten.Drosselablauf})
		if err != nil {
			return v, err
		}
		if a.Daten.AufnahmeID != 0 {
			v.AufnahmeAnlage = &Verweis{ID: a.Daten.AufnahmeID, Bezeichnung: anlagennamen[a.Daten.AufnahmeID]}
		}
		if a.Daten.Drosselablauf != 0 {
			v.DrosselablaufAnlage = &Verweis{ID: a.Daten.Drosselablauf, Bezeichnung: anlagennamen[a.Daten.Drosselablauf]}
		}
	}
	return v, nil
}

// Liste lists the plants of an operation the caller sees.
func (d *Dienst) Liste(ctx context.Context, n Nutzer, betriebID int64) ([]anlagen.Zeile, error) {
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return nil, err
	}
	if betriebID == 0 {
		return nil, validierung.Feld("betrieb", validierung.Pflichtfeld)
	}
	return anlagen.Liste(ctx, d.Store.Pool(), n.Sicht, anlagen.Filter{BetriebID: betriebID})
}

// Indirekteinleiter lists the plants the caller sees that discharge into plant id (spec 000 §2,
// "Indirect dischargers per plant"), of any operation.
func (d *Dienst) Indirekteinleiter(ctx context.Context, n Nutzer, id int64) ([]anlagen.Zeile, error) {
	n, _, _, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return nil, err
	}
	return anlagen.Liste(ctx, d.Store.Pool(), n.Sicht, anlagen.Filter{AufnahmeID: id})
}

// Entlastungsanlagen lists the relief plants of an operation the caller sees (spec 000 §2,
// "Discharge plant overview per operation"); another operation is not found.
func (d *Dienst) Entlastungsanlagen(ctx context.Context, n Nutzer, betriebID int64) ([]anlagen.Zeile, error) {
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return nil, err
	}
	if _, _, err := betriebe.LadenSichtbar(ctx, d.Store.Pool(), n.Sicht, betriebID); err != nil {
		return nil, err
	}
	return anlagen.Liste(ctx, d.Store.Pool(), n.Sicht, anlagen.Filter{BetriebID: betriebID, Typ: anlage.Entlastung})
}

// Kanalnetze lists the sewer networks below plant id (spec 000 §2, "Sewer network overview per
// parent plant").
func (d *Dienst) Kanalnetze(ctx context.Context, n Nutzer, id int64) ([]anlagen.Zeile, error) {
	n, _, _, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return nil, err
	}
	return anlagen.Liste(ctx, d.Store.Pool(), n.Sicht, anlagen.Filter{ParentID: id, Typ: anlage.Kanalnetz})
}

// Netzanlagen lists the plants a plant may lead its wastewater into (the receiving-plant and
// throttle-outflow pickers of spec 000 §2): of the operation f.BetriebID — one the caller
// sees — and of every active municipal operation, of any operator, with name, operation and
// operator only (auswahl.Netzanlagen).
func (d *Dienst) Netzanlagen(ctx context.Context, n Nutzer, f auswahl.NetzFilter) ([]auswahl.Netzanlage, error) {
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return nil, err
	}
	if f.BetriebID != 0 {
		if _, _, err := betriebe.LadenSichtbar(ctx, d.Store.Pool(), n.Sicht, f.BetriebID); err != nil {
			return nil, err
		}
	}
	return auswahl.Netzanlagen(ctx, d.Store.Pool(), f)
}

// HatIndirekteinleiter tells whether plants still in use discharge into plant id: its shut-down
// shuts them down too, and the screen warns before (spec 000 §4).
func (d *Dienst) HatIndirekteinleiter(ctx context.Context, n Nutzer, id int64) (bool, error) {
	if _, _, _, _, err := d.sichtbar(ctx, n, id); err != nil {
		return false, err
	}
	return anlagen.HatIndirekteinleiter(ctx, d.Store.Pool(), id)
}

// Version is one version of a plant's history.
type Version struct {
	historie.Version
	Anlage Ansicht `json:"anlage"`
}

// stream reads the events of a plant the caller may see, with his view of it (sicht) and its
// operation.
func (d *Dienst) stream(ctx context.Context, n Nutzer, id int64) (verlauf.Sicht[anlage.Anlage], betrieb.Betrieb, []eventstore.Event, error) {
	s, b, _, events, err := d.streamMitRechten(ctx, n, id)
	return s, b, events, err
}

// Historie lists the versions of a plant, oldest first.
func (d *Dienst) Historie(ctx context.Context, n Nutzer, id int64) ([]Version, error) {
	s, b, r, events, err := d.streamMitRechten(ctx, n, id)
	if err != nil {
		return nil, err
	}
	fassungen, err := verlauf.Fassungen(anlage.Decider, events, anlage.Versionsregel(), s)
	if err != nil {
		return nil, err
	}
	out := make([]Version, len(fassungen))
	for i, f := range fassungen {
		v, err := d.ansicht(ctx, id, f.Stand, b, 0)
		if err != nil {
			return nil, err
		}
		v.Rechte = r
		out[i] = Version{Version: f.Version, Anlage: v}
	}
	return out, nil
}

// Stand is the plant as it was after event version bis (the auditor's replay from the Verlauf).
func (d *Dienst) Stand(ctx context.Context, n Nutzer, id int64, bis int) (Ansicht, error) {
	s, b, r, events, err := d.streamMitRechten(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	a, version, err := verlauf.Stand(anlage.Decider, events, bis, s)
	if err != nil {
		return Ansicht{}, err
	}
	v, err := d.ansicht(ctx, id, a, b, version)
	v.Rechte = r
	return v, err
}

// Antragsformular is the operator's change request.
type Antragsformular = anlage.Aenderungsantrag

// AntragStellen submits a change request of the operator of the plant's operation.
func (d *Dienst) AntragStellen(ctx context.Context, n Nutzer, typ string, id int64, f Antragsformular, m eventstore.Metadata) (eventstore.Appended, error) {
	n, a, version, b, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if a.Typ != typ {
		return eventstore.Appended{}, validierung.NichtGefunden
	}
	if !rechte(n, b, a).AntragStellen {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	if err := auswahl.PruefeListenwerte(ctx, d.Store.Pool(), anlage.AntragsListenwerte(f), anlage.Listenwerte(a.Daten)); err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, id, a, version, eventstore.VersionUnbekannt,
		anlage.StelleAntrag{Antrag: f, Heute: d.heute(), Von: m.ActorName}, m)
}

// Antrag is the open change request of a plant (nil when there is none), for staff who
// review it.
func (d *Dienst) Antrag(ctx context.Context, n Nutzer, id int64) (*anlage.Aenderungsantrag, error) {
	if !n.Darf(berechtigung.AenderungsantragPruefen) {
		return nil, validierung.NichtErlaubt
	}
	n, a, _, b, err := d.sichtbar(ctx, n, id)
	antrag := sicht(n, b, a).Von(a).Antrag
	if antrag != nil && antrag.Foerderungen == nil {
		kopie := *antrag
		kopie.Foerderungen = []anlage.Foerderung{} // a list, [] when the request names none
		antrag = &kopie
	}
	return antrag, err
}

// Entscheidung is the review of a change request (antrag.Entscheidung): the fields adopted and
// a reason for each other field it changes.
type Entscheidung = entscheidung.Entscheidung

// AntragUebernehmen adopts the chosen fields of the open change request and refuses the others,
// each with its reason.
func (d *Dienst) AntragUebernehmen(ctx context.Context, n Nutzer, id int64, e Entscheidung, m eventstore.Metadata) (eventstore.Appended, error) {
	if !n.Darf(berechtigung.AenderungsantragPruefen) {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	_, a, version, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, id, a, version, eventstore.VersionUnbekannt,
		anlage.UebernehmeAntrag{Felder: e.Felder, Begruendungen: e.Begruendungen, Heute: d.heute()}, m)
}

// AntragAblehnen refuses (deletes) the open change request, with a reason for each field it
// changes.
func (d *Dienst) AntragAblehnen(ctx context.Context, n Nutzer, id int64, begruendungen map[string]string, m eventstore.Metadata) (eventstore.Appended, error) {
	if !n.Darf(berechtigung.AenderungsantragPruefen) {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	_, a, version, _, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, id, a, version, eventstore.VersionUnbekannt, anlage.LehneAntragAb{Begruendungen: begruendungen}, m)
}
