// Package jahresbericht is the annual report area's application service: create a report of a
// treatment plant and year (with the Selbstüberwachungsauflagen of its Bescheide, or parameters
// copied from another report), save, submit, decide (Plausibilisierung) and delete it, read it;
// its supplementary parameters and the measured values of each parameter with their
// evaluation against the Anforderungen (parameter.go); its Verlauf (verlauf.go).
package jahresbericht

import (
	"context"
	"slices"
	"time"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/anwendung/laden"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	bescheide "github.com/eabwasser/eabwasser/internal/dokumente/bescheid"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	berichte "github.com/eabwasser/eabwasser/internal/dokumente/jahresbericht"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	messstellen "github.com/eabwasser/eabwasser/internal/dokumente/messstelle"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Dienst is the annual report service.
type Dienst struct {
	Store *eventstore.Store
	// Suevoa is GET /jahresbericht/suevoaEnabled/ (configuration SUEVOA_ENABLED).
	Suevoa bool
}

// Nutzer is the caller (internal/zugriff), resolved once per request.
type Nutzer = zugriff.Nutzer

// Messages of the service.
const (
	MsgVersion          = laden.MsgVersion
	MsgKeineKlaeranlage = "Ein Jahresbericht wird für eine Abwasserbehandlungsanlage geführt."
	MsgUebernahme       = "Parameter können nur aus einem Jahresbericht derselben Anlage übernommen werden."
	MsgAnlage           = "Die gewählte Anlage kann hier nicht ausgewählt werden."
)

// Verweis names another object ({id, bezeichnung}).
type Verweis struct {
	ID          int64  `json:"id"`
	Bezeichnung string `json:"bezeichnung,omitempty"`
}

// AnlageVerweis is the plant of a report as spec 001 §3.4 names it, with its operation.
type AnlageVerweis struct {
	ID           int64   `json:"id"`
	AnlagenID    string  `json:"anlagenId"`
	Bezeichnung  string  `json:"bezeichnung"`
	Organisation Verweis `json:"organisation"`
	BetriebTyp   string  `json:"betriebTyp"`
	Betrieb      Verweis `json:"betrieb"`
}

// Formular is the report form (spec 001 §2.7): on creation the plant and the year, on a save or
// a submission the id and the version it was loaded with, and the target status of a save.
type Formular struct {
	ID      int64   `json:"id"`
	Version int     `json:"version"`
	Anlage  Verweis `json:"anlage"`
	Jahr    int     `json:"jahr"`
	Status  string  `json:"status"`
	jahresbericht.Daten
}

// Einreicher is who submitted the report last (spec 001 §3.4 eingereichtVon).
type Einreicher struct {
	Person           Person `json:"person"`
	FunktionaleRolle string `json:"funktionaleRolle"`
}

// Person is a name.
type Person struct {
	Name string `json:"name"`
}

// Rechte are what the caller may do with the report now, for the screen (the server checks
// each).
type Rechte struct {
	Bearbeiten       bool     `json:"bearbeiten"`
	StatusWerte      []string `json:"statusWerte"`
	Einreichen       bool     `json:"einreichen"`
	Plausibilisieren bool     `json:"plausibilisieren"`
	Loeschen         bool     `json:"loeschen"`
	Importieren      bool     `json:"importieren"`
}

// Ansicht is a report as its form shows it: its data, its parameters without their values and
// the measuring points the report year lists (the tree's Messwerte pages).
type Ansicht struct {
	ID                int64         `json:"id"`
	Version           int           `json:"version"`
	Anlage            AnlageVerweis `json:"anlage"`
	AnlageBezeichnung string        `json:"anlageBezeichnung"`
	Jahr              int           `json:"jahr"`
	Von               string        `json:"von"`
	Bis               string        `json:"bis"`
	Status            string        `json:"status"`
	jahresbericht.Daten
	Geaendert      time.Time              `json:"geaendert"`
	EingereichtVon *Einreicher            `json:"eingereichtVon"`
	Kommentar      string                 `json:"kommentar,omitempty"`
	Uebernahme     int64                  `json:"uebernahme,omitempty"`
	Parameter      []ParameterZeile       `json:"parameter"`
	Messstellen    []messstellen.Kandidat `json:"messstellen"`
	Rechte         *Rechte                `json:"rechte,omitempty"`
}

// eigene reports whether the caller's organisation operates the operation.
func eigene(n Nutzer, b betrieb.Betrieb) bool {
	return n.OrganisationID != 0 && n.OrganisationID == b.Daten.BetreiberID
}

// funktionen are the functional roles a caller acts in on a report, the first he has counting
// (recorded with a submission and a supplementary parameter's creation).
var funktionen = []berechtigung.Rolle{berechtigung.Systemadmin, berechtigung.Fachadmin, berechtigung.ZustSBS,
	berechtigung.Betreiber, berechtigung.Beauftragter}

func funktion(n Nutzer) string {
	for _, r := range funktionen {
		if slices.Contains(n.Rollen, string(r)) {
			return string(r)
		}
	}
	return ""
}

// rolle is the side the caller acts on for a report of a plant of operation b: the operator's
// roles keep the reports of their organisation's plants, staff keep and check any report they
// see (docs/decisions.md, "Annual reports (issue 31): service and API").
func rolle(n Nutzer, b betrieb.Betrieb) jahresbericht.Rolle {
	org := n.Organisationsseitig()
	return jahresbericht.Rolle{
		Bearbeiter: n.Darf(berechtigung.JahresberichtBearbeiten) && (!org || eigene(n, b)),
		Pruefer:    n.Darf(berechtigung.JahresberichtPlausibilisieren) && !org,
		Admin:      n.Darf(berechtigung.JahresberichtLoeschen),
		Funktion:   funktion(n),
	}
}

func rechte(n Nutzer, b betrieb.Betrieb, j jahresbericht.Jahresbericht) Rechte {
	r := rolle(n, b)
	return Rechte{
		Bearbeiten:       jahresbericht.Bearbeitbar(j.Status, r),
		StatusWerte:      append([]string{}, jahresbericht.Zielstatus(j.Status, r)...), // [] when none
		Einreichen:       jahresbericht.Einreichbar(j.Status, r),
		Plausibilisieren: jahresbericht.Entscheidbar(j, r, n.AnwenderID),
		Loeschen:         jahresbericht.Loeschbar(j, r),
		Importieren:      jahresbericht.Bearbeitbar(j.Status, r) && n.Darf(berechtigung.MesswerteImportieren),
	}
}

// geladen is a report the caller sees (without its measured values), with its plant and
// operation.
type geladen struct {
	laden.Geladen[jahresbericht.Jahresbericht] // the whole state, what its commands decide on
	k                                          berichte.Kopf
	a                                          anlage.Anlage
	b                                          betrieb.Betrieb
}

// sichtbar loads a report the caller may see (through its plant's operation) with its whole
// state, then its plant, its operation and the reads auch in one round trip (laden.Zugleich);
// others, and deleted ones, do not exist for him (404).
func (d *Dienst) sichtbar(ctx context.Context, n Nutzer, id int64, auch ...laden.Lesen) (geladen, error) {
	q := d.Store.Pool()
	var k berichte.Kopf
	g, err := laden.Sichtbar(ctx, q, n, id, func(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, id int64) (jahresbericht.Jahresbericht, int, error) {
		var j jahresbericht.Jahresbericht
		var err error
		k, j, err = berichte.LadenSichtbar(ctx, q, s, id)
		return j, k.Version, err
	})
	if err != nil {
		return geladen{Geladen: g}, err
	}
	out := geladen{Geladen: g, k: k}
	err = laden.Zugleich(ctx, q, append([]laden.Lesen{func(q eventstore.Querier) error {
		var err error
		out.a, _, _, err = anlagen.Stand(ctx, q, k.J.AnlageID)
		return err
	}, func(q eventstore.Querier) error {
		var err error
		out.b, _, err = betriebe.LadenZurAnlage(ctx, q, k.J.AnlageID)
		return err
	}}, auch...)...)
	return out, err
}

// entscheide decides cmd on the report as g loaded it, at the client's version.
func (d *Dienst) entscheide(ctx context.Context, g geladen, version int, cmd jahresbericht.Befehl, md eventstore.Metadata) (eventstore.Appended, error) {
	return laden.Entscheide(ctx, d.Store, jahresbericht.Decider, g.Geladen, version, cmd, md)
}

// anlage loads treatment plant id the caller sees, with its operation.
func (d *Dienst) anlage(ctx context.Context, n Nutzer, id int64) (Nutzer, anlage.Anlage, betrieb.Betrieb, error) {
	q := d.Store.Pool()
	n, err := zugriff.Aufloesen(ctx, q, n)
	if err != nil {
		return n, anlage.Anlage{}, betrieb.Betrieb{}, err
	}
	a, _, err := anlagen.LadenSichtbar(ctx, q, n.Sicht, id)
	if err != nil {
		return n, a, betrieb.Betrieb{}, err
	}
	b, _, err := betriebe.Laden(ctx, q, a.BetriebID)
	return n, a, b, err
}

// Zugriff checks that the caller may see report id, and with schreiben that he may change what
// hangs on it (files, reminders): whoever may edit it in its status.
func (d *Dienst) Zugriff(ctx context.Context, n Nutzer, id int64, schreiben bool) error {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil || !schreiben {
		return err
	}
	if !jahresbericht.Bearbeitbar(g.k.J.Status, rolle(g.Nutzer, g.b)) {
		return validierung.NichtErlaubt
	}
	return nil
}

// Selbstueberwachungspflicht answers GET /anlage/kanalnetz/selbstueberwachungspflichtForAnlage/{anlageId}:
// whether a sewer network below the plant is under a self-monitoring obligation.
func (d *Dienst) Selbstueberwachungspflicht(ctx context.Context, n Nutzer, anlageID int64) (bool, error) {
	if _, _, _, err := d.anlage(ctx, n, anlageID); err != nil {
		return false, err
	}
	return anlagen.KanalnetzMitSelbstueberwachung(ctx, d.Store.Pool(), anlageID)
}

// auflagen are the Selbstüberwachungsauflagen of the released Bescheide of operation b valid
// in year jahr at the measuring points ms, as parameters of a new report (ids still 0).
func (d *Dienst) auflagen(ctx context.Context, betriebID int64, ms []int64, jahr int) ([]jahresbericht.Parameter, error) {
	von, bis := jahresbericht.VonBis(jahr)
	as, err := bescheide.Anforderungen(ctx, d.Store.Pool(), betriebID, ms, bescheid.Selbstueberwachungsauflage, von, bis)
	if err != nil {
		return nil, err
	}
	out := make([]jahresbericht.Parameter, len(as))
	for i, a := range as {
		out[i] = jahresbericht.AusAnforderung(a)
	}
	return out, nil
}

// messstellenImJahr are the ids of the measuring points of plant anlageID a report of jahr lists.
func (d *Dienst) messstellenImJahr(ctx context.Context, anlageID int64, jahr int) ([]int64, error) {
	ks, err := messstellen.ImJahr(ctx, d.Store.Pool(), anlageID, jahr)
	out := make([]int64, len(ks))
	for i, k := range ks {
		out[i] = k.ID
	}
	return out, err
}

// Anlegen creates the report of a treatment plant the caller sees for a year (POST
// /jahresbericht/), with the Selbstüberwachungsauflagen valid in the year; with uebernahme (POST
// /jahresbericht/uebernahme/{id}) also the supplementary parameters of that report of the same
// plant. One report per plant and year: a second is a 409.
func (d *Dienst) Anlegen(ctx context.Context, n Nutzer, f Formular, uebernahme int64, md eventstore.Metadata) (int64, eventstore.Appended, error) {
	keins := eventstore.Appended{}
	if !n.Darf(berechtigung.JahresberichtAnlegen) {
		return 0, keins, validierung.NichtErlaubt
	}
	if f.Anlage.ID <= 0 {
		return 0, keins, validierung.Feld("anlage", validierung.Pflichtfeld)
	}
	q := d.Store.Pool()
	n, err := zugriff.Aufloesen(ctx, q, n)
	if err != nil {
		return 0, keins, err
	}
	// the plant picker offers the treatment plants the caller sees
	if err := auswahl.PruefeAnlagen(ctx, q, n.Sicht, "anlage", MsgAnlage, []int64{f.Anlage.ID}, nil); err != nil {
		return 0, keins, err
	}
	n, a, b, err := d.anlage(ctx, n, f.Anlage.ID)
	if err != nil {
		return 0, keins, err
	}
	r := rolle(n, b)
	if !r.Bearbeiter {
		return 0, keins, validierung.NichtErlaubt
	}
	if a.Typ != anlage.Abwasserbehandlung {
		return 0, keins, validierung.Feld("anlage", MsgKeineKlaeranlage)
	}
	cmd := jahresbericht.LegeAn{AnlageID: f.Anlage.ID, AnlageBezeichnung: a.Daten.Bezeichnung, Jahr: f.Jahr, Daten: f.Daten,
		Uebernahme: uebernahme, Rolle: r, Konto: n.AnwenderID}
	if cmd.Pruefung.Kanalnetzpflicht, err = anlagen.KanalnetzMitSelbstueberwachung(ctx, q, f.Anlage.ID); err != nil {
		return 0, keins, err
	}
	if _, err := jahresbericht.Decide(jahresbericht.Jahresbericht{}, cmd); err != nil {
		return 0, keins, err // no id drawn for a refused form
	}
	if vorhanden, err := berichte.Vorhanden(ctx, q, f.Anlage.ID, f.Jahr); err != nil || vorhanden != 0 {
		if err == nil {
			err = &validierung.Konflikt{Message: jahresbericht.MsgExistiert}
		}
		return 0, keins, err
	}
	if cmd.Pruefung.Messstellen, err = d.messstellenImJahr(ctx, f.Anlage.ID, f.Jahr); err != nil {
		return 0, keins, err
	}
	if cmd.Parameter, err = d.auflagen(ctx, a.BetriebID, cmd.Pruefung.Messstellen, f.Jahr); err != nil {
		return 0, keins, err
	}
	if uebernahme != 0 {
		quelle, err := d.sichtbar(ctx, n, uebernahme)
		if err != nil {
			return 0, keins, err
		}
		if quelle.k.J.AnlageID != f.Anlage.ID {
			return 0, keins, validierung.Feld("uebernahme", MsgUebernahme)
		}
		// the supplementary parameters of the source at measuring points the new year still lists
		for _, p := range quelle.k.J.Parameter {
			if p.Art == jahresbericht.Ergaenzend && slices.Contains(cmd.Pruefung.Messstellen, p.Messstelle) {
				cmd.Parameter = append(cmd.Parameter, p)
			}
		}
	}
	if len(cmd.Parameter) > 0 {
		ids, err := eventstore.NextIDs(ctx, d.Store, "anforderung_id_seq", len(cmd.Parameter))
		if err != nil {
			return 0, keins, err
		}
		for i := range cmd.Parameter {
			cmd.Parameter[i].ParameterID = ids[i]
		}
	}
	id, err := eventstore.NextID(ctx, d.Store, "jahresbericht_id_seq")
	if err != nil {
		return 0, keins, err
	}
	out, err := eventstore.Befehle(d.Store, jahresbericht.Decider).HandleNeu(ctx, id, cmd, md)
	if berichte.Doppelt(err) {
		err = &validierung.Konflikt{Message: jahresbericht.MsgExistiert}
	}
	return id, out, err
}

// befehl loads report id the caller sees and handles the command made for his side on the
// version the client loaded.
func (d *Dienst) befehl(ctx context.Context, n Nutzer, id int64, version int, md eventstore.Metadata,
	cmd func(g geladen, r jahresbericht.Rolle) jahresbericht.Befehl) (eventstore.Appended, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if err := laden.Version(version); err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, g, version, cmd(g, rolle(g.Nutzer, g.b)), md)
}

// Speichern saves the report form (PUT /jahresbericht/) and moves it to the target status
// (jahresbericht.Zielstatus says who may do which).
func (d *Dienst) Speichern(ctx context.Context, n Nutzer, f Formular, md eventstore.Metadata) (eventstore.Appended, error) {
	return d.befehl(ctx, n, f.ID, f.Version, md, func(g geladen, r jahresbericht.Rolle) jahresbericht.Befehl {
		return jahresbericht.Speichere{Daten: f.Daten, Status: f.Status, Rolle: r, Konto: g.Nutzer.AnwenderID}
	})
}

// Einreichen saves the report form and submits it ('Speichern und Einreichen', PUT
// /jahresbericht/einreichen).
func (d *Dienst) Einreichen(ctx context.Context, n Nutzer, f Formular, md eventstore.Metadata) (eventstore.Appended, error) {
	return d.befehl(ctx, n, f.ID, f.Version, md, func(g geladen, r jahresbericht.Rolle) jahresbericht.Befehl {
		return jahresbericht.ReicheEin{Daten: f.Daten, Rolle: r, Konto: g.Nutzer.AnwenderID}
	})
}

// Freigabe is the decision on a submitted report (PUT /jahresbericht/{id}/freigabe/).
type Freigabe struct {
	Version     int    `json:"version"`
	NeuerStatus string `json:"neuerStatus"`
	Kommentar   string `json:"kommentar"`
}

// Entscheiden approves (PLAUSIBILISIERT) or rejects (IN_BEARBEITUNG, with a comment) a
// submitted report.
func (d *Dienst) Entscheiden(ctx context.Context, n Nutzer, id int64, f Freigabe, md eventstore.Metadata) (eventstore.Appended, error) {
	return d.befehl(ctx, n, id, f.Version, md, func(g geladen, r jahresbericht.Rolle) jahresbericht.Befehl {
		return jahresbericht.Entscheide{NeuerStatus: f.NeuerStatus, Kommentar: f.Kommentar, Rolle: r, Konto: g.Nutzer.AnwenderID}
	})
}

// Loeschen deletes report id (jahresbericht.Loeschbar says who may).
func (d *Dienst) Loeschen(ctx context.Context, n Nutzer, id int64, version int, md eventstore.Metadata) (eventstore.Appended, error) {
	return d.befehl(ctx, n, id, version, md, func(_ geladen, r jahresbericht.Rolle) jahresbericht.Befehl {
		return jahresbericht.Loesche{Rolle: r}
	})
}

// Ansicht reads report id for its form.
func (d *Dienst) Ansicht(ctx context.Context, n Nutzer, id int64) (Ansicht, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	v, err := d.ansicht(ctx, g, g.k.J, g.k.Version)
	if err != nil {
		return v, err
	}
	r := rechte(g.Nutzer, g.b, g.k.J)
	v.Rechte = &r
	return v, nil
}

// ansicht is report state j of g at version for the form.
func (d *Dienst) ansicht(ctx context.Context, g geladen, j jahresbericht.Jahresbericht, version int) (Ansicht, error) {
	q := d.Store.Pool()
	v := Ansicht{ID: g.k.ID, Version: version, AnlageBezeichnung: j.AnlageBezeichnung, Jahr: j.Jahr, Von: j.Von, Bis: j.Bis,
		Status: j.Status, Daten: j.Daten, Geaendert: g.k.Geaendert, Kommentar: j.Kommentar, Uebernahme: j.Uebernahme,
		Anlage: anlageVerweis(j.AnlageID, g.a, g.b)}
	if j.EingereichtVon != 0 {
		konto, err := konten.NamenMitOrganisation(ctx, q, []int64{j.EingereichtVon})
		if err != nil {
			return v, err
		}
		v.EingereichtVon = einreicher(g.Nutzer, j.EingereichtVon, j.EingereichtRolle, konto)
	}
	var err error
	if v.Messstellen, err = messstellen.ImJahr(ctx, q, j.AnlageID, j.Jahr); err != nil {
		return v, err
	}
	namen, err := d.parameterNamen(ctx)
	v.Parameter = parameterZeilen(rolle(g.Nutzer, g.b), j, namen)
	return v, err
}

// einreicher is who submitted a report as caller n may see him: through the Historie's masking
// (verlauf.Name) — staff as "Behörde" and, after a change of operator, the previous operator's
// accounts as "Andere Organisation" to a caller who may not see who did what. The side is the
// role he submitted in.
func einreicher(n Nutzer, konto int64, funktion string, namen map[int64]konten.Benannt) *Einreicher {
	k := namen[konto]
	u := zugriff.Urheber{Konto: konto, Organisation: k.Organisation, Seite: zugriff.SeiteDerRollen([]string{funktion})}
	return &Einreicher{Person: Person{Name: verlauf.Name(n, u, k.Name)}, FunktionaleRolle: funktion}
}

func anlageVerweis(id int64, a anlage.Anlage, b betrieb.Betrieb) AnlageVerweis {
	return AnlageVerweis{ID: id, AnlagenID: anlagedienst.AnlagenID(id), Bezeichnung: a.Daten.Bezeichnung,
		Organisation: Verweis{ID: b.Daten.BetreiberID}, BetriebTyp: b.Betriebstyp,
		Betrieb: Verweis{ID: a.BetriebID, Bezeichnung: b.Daten.Bezeichnung}}
}

// Zeile is a report in the list of an operation (GET /jahresbericht/{betriebId}).
type Zeile struct {
	ID                int64       `json:"id"`
	AnlageID          int64       `json:"anlageId"`
	AnlagenID         string      `json:"anlagenId"`
	AnlageBezeichnung string      `json:"anlageBezeichnung"`
	Jahr              int         `json:"jahr"`
	Von               string      `json:"von"`
	Bis               string      `json:"bis"`
	Status            string      `json:"status"`
	Geaendert         time.Time   `json:"geaendert"`
	EingereichtVon    *Einreicher `json:"eingereichtVon"`
}

// desBetriebs are the reports of operation betriebID the caller sees (of one plant when
// anlageID is not 0), without their values, with the operation and the submitters' names.
func (d *Dienst) desBetriebs(ctx context.Context, n Nutzer, betriebID, anlageID int64) (Nutzer, betrieb.Betrieb, []berichte.Kopf, map[int64]konten.Benannt, error) {
	q := d.Store.Pool()
	n, err := zugriff.Aufloesen(ctx, q, n)
	if err != nil {
		return n, betrieb.Betrieb{}, nil, nil, err
	}
	b, _, err := betriebe.LadenSichtbar(ctx, q, n.Sicht, betriebID)
	if err != nil {
		return n, b, nil, nil, err
	}
	ks, err := berichte.DesBetriebs(ctx, q, n.Sicht, betriebID, anlageID)
	if err != nil {
		return n, b, nil, nil, err
	}
	ids := make([]int64, 0, len(ks))
	for _, k := range ks {
		ids = append(ids, k.J.EingereichtVon)
	}
	namen, err := konten.NamenMitOrganisation(ctx, q, ids)
	return n, b, ks, namen, err
}

// DesBetriebs lists the reports of operation betriebID (of one plant when anlageID is not 0).
func (d *Dienst) DesBetriebs(ctx context.Context, n Nutzer, betriebID, anlageID int64) ([]Zeile, error) {
	n, _, ks, namen, err := d.desBetriebs(ctx, n, betriebID, anlageID)
	if err != nil {
		return nil, err
	}
	out := make([]Zeile, len(ks))
	for i, k := range ks {
		j := k.J
		out[i] = Zeile{ID: k.ID, AnlageID: j.AnlageID, AnlagenID: anlagedienst.AnlagenID(j.AnlageID), AnlageBezeichnung: j.AnlageBezeichnung,
			Jahr: j.Jahr, Von: j.Von, Bis: j.Bis, Status: j.Status, Geaendert: k.Geaendert}
		if j.EingereichtVon != 0 {
			out[i].EingereichtVon = einreicher(n, j.EingereichtVon, j.EingereichtRolle, namen)
		}
	}
	return out, nil
}

// BerichtsAnlage is a treatment plant of an operation in the report tree, with its years.
type BerichtsAnlage struct {
	ID          int64  `json:"id"`
	AnlagenID   string `json:"anlagenId"`
	Bezeichnung string `json:"bezeichnung"`
	Jahre       []int  `json:"jahre"`
}

// Anlagen lists the plants of operation betriebID that have reports, with their years
// (GET …/abwasserbehandlung/getJahresberichtAnlagenForBetrieb/{betriebsId}/).
func (d *Dienst) Anlagen(ctx context.Context, n Nutzer, betriebID int64) ([]BerichtsAnlage, error) {
	zs, err := d.DesBetriebs(ctx, n, betriebID, 0)
	if err != nil {
		return nil, err
	}
	out := []BerichtsAnlage{}
	for _, z := range zs {
		if len(out) == 0 || out[len(out)-1].ID != z.AnlageID {
			out = append(out, BerichtsAnlage{ID: z.AnlageID, AnlagenID: z.AnlagenID, Bezeichnung: z.AnlageBezeichnung})
		}
		out[len(out)-1].Jahre = append(out[len(out)-1].Jahre, z.Jahr)
	}
	return out, nil
}

// Jahre lists the years of the reports of plant anlageID
// (GET …/abwasserbehandlung/getJahresberichtJahreForAnlage/{anlageId}/).
func (d *Dienst) Jahre(ctx context.Context, n Nutzer, anlageID int64) ([]int, error) {
	if _, _, _, err := d.anlage(ctx, n, anlageID); err != nil {
		return nil, err
	}
	out, err := berichte.Jahre(ctx, d.Store.Pool(), anlageID)
	if out == nil {
		out = []int{}
	}
	return out, err
}
