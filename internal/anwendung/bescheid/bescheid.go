// Package bescheid is the Bescheid area's application service: record a Bescheid (staff) or
// an application (operator), save it with its status transition, delete it, read it, the
// choices of its form (Vorbescheide, measuring point candidates), its measuring points and
// their Anforderungen, its Verlauf; who may see and change its files and reminders (Setup).
package bescheid

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/anwendung/laden"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	bescheide "github.com/eabwasser/eabwasser/internal/dokumente/bescheid"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	messstellen "github.com/eabwasser/eabwasser/internal/dokumente/messstelle"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Dienst is the Bescheid service.
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

// MsgVersion: a save without the version the form was loaded with.
const MsgVersion = laden.MsgVersion

// Formular is the Bescheid form: the data, on creation the operation, the set of assigned
// measuring points; on a save the version it was loaded with, the target status and the
// comment of a return.
type Formular struct {
	bescheid.Daten
	Betrieb         int64   `json:"betrieb"`
	Messstellen     []int64 `json:"messstellen"`
	Version         int     `json:"version"`
	Bescheidsstatus string  `json:"bescheidsstatus"`
	Kommentar       string  `json:"kommentar"`
}

// Verweis names another object ({id, bezeichnung}).
type Verweis struct {
	ID          int64  `json:"id"`
	Bezeichnung string `json:"bezeichnung"`
}

// Messstelle is a measuring point of the Bescheid with the number of its Anforderungen.
type Messstelle struct {
	messstellen.Kandidat
	AnzahlAnforderungen int `json:"anzahlAnforderungen"`
}

// Antrag is who made an application and the reason of its last return.
type Antrag struct {
	GestelltVon string `json:"gestelltVon"`
	Kommentar   string `json:"kommentar"`
}

// Rechte are what the caller may do with the Bescheid now, for the screen (the server checks
// each).
type Rechte struct {
	Bearbeiten    bool     `json:"bearbeiten"`
	Loeschen      bool     `json:"loeschen"`
	StatusWerte   []string `json:"statusWerte"`
	Dateien       bool     `json:"dateien"`
	Anforderungen bool     `json:"anforderungen"`
}

// Ansicht is a Bescheid as its screen shows it (the same answer for any status).
type Ansicht struct {
	ID              int64   `json:"id"`
	Version         int     `json:"version"`
	Betrieb         Verweis `json:"betrieb"`
	Bescheidsstatus string  `json:"bescheidsstatus"`
	bescheid.Daten
	Messstellen []Messstelle `json:"messstellen"`
	FreigabeAm  string       `json:"freigabeAm"`
	FreigabeVon string       `json:"freigabeVon"`
	Antrag      *Antrag      `json:"antrag,omitempty"`
	Rechte      *Rechte      `json:"rechte,omitempty"`
}

// eigene reports whether the caller's organisation operates the operation.
func eigene(n Nutzer, b betrieb.Betrieb) bool {
	return n.OrganisationID != 0 && n.OrganisationID == b.Daten.BetreiberID
}

// rolle is the side the caller acts on for a Bescheid of operation b.
func rolle(n Nutzer, b betrieb.Betrieb) bescheid.Rolle {
	return bescheid.Rolle{
		Antragsteller: n.Darf(berechtigung.BescheidsantragStellen) && eigene(n, b),
		Entscheider:   n.Darf(berechtigung.BescheidAnlegen),
		Admin:         n.Darf(berechtigung.BescheidLoeschen),
	}
}

// dateirecht is the file rule of spec 001 §6: files of a Bescheid may be uploaded and deleted
// by SYSTEMADMIN, FACHADMIN, BETREIBER, BEAUFTRAGTER and the four ZUST roles (DATEI_HOCHLADEN),
// of an application only by SYSTEMADMIN, FACHADMIN, BETREIBER, BEAUFTRAGTER
// (ANTRAGSDATEI_HOCHLADEN); organisation users only on their own operations.
func dateirecht(n Nutzer, b betrieb.Betrieb, x bescheid.Bescheid) bool {
	if n.Organisationsseitig() && !eigene(n, b) {
		return false
	}
	if bescheid.IstAntrag(x.Status) {
		return n.Darf(berechtigung.AntragsdateiHochladen)
	}
	return n.Darf(berechtigung.DateiHochladen)
}

func rechte(n Nutzer, b betrieb.Betrieb, x bescheid.Bescheid) Rechte {
	r := rolle(n, b)
	ziele := bescheid.Zielstatus(x.Status, r)
	return Rechte{
		Bearbeiten:    len(ziele) > 0,
		Loeschen:      bescheid.Loeschbar(x.Status, r),
		StatusWerte:   bescheid.Statuswerte(x.Status, r),
		Dateien:       dateirecht(n, b, x),
		Anforderungen: bescheid.Bearbeitbar(x.Status, r),
	}
}

// sicht is the one view of a Bescheid for caller n (docs/security.md, "One view per role"):
// whoever sees the operation sees the whole Bescheid; who did what by name only where
// verlauf.NamenFuer allows. Detail, Stand, Verlauf and a save's conflict answer go through it.
func sicht(n Nutzer) verlauf.Sicht[bescheid.Bescheid] {
	return verlauf.Sicht[bescheid.Bescheid]{Antraege: true, Namen: verlauf.NamenFuer(n)}
}

// geladen is a Bescheid the caller sees (loaded once, the state its commands decide on), with
// its operation.
type geladen struct {
	laden.Geladen[bescheid.Bescheid]
	b betrieb.Betrieb
}

// sichtbar loads a Bescheid the caller may see (through its operation) and its operation;
// others, and deleted ones, do not exist for him (404).
func (d *Dienst) sichtbar(ctx context.Context, n Nutzer, id int64) (geladen, error) {
	return d.sichtbarMit(ctx, n, id, nil)
}

// sichtbarMit is sichtbar that reads auch(the Bescheid) together with its operation (one round
// trip, laden.Zugleich): what a command's checks need.
func (d *Dienst) sichtbarMit(ctx context.Context, n Nutzer, id int64, auch func(x bescheid.Bescheid) []laden.Lesen) (geladen, error) {
	g, err := laden.Sichtbar(ctx, d.Store.Pool(), n, id, bescheide.LadenSichtbar)
	out := geladen{Geladen: g}
	if err != nil {
		return out, err
	}
	lesen := []laden.Lesen{func(q eventstore.Querier) error {
		var err error
		out.b, _, err = betriebe.Laden(ctx, q, g.Stand.BetriebID)
		return err
	}}
	if auch != nil {
		lesen = append(lesen, auch(g.Stand)...)
	}
	return out, laden.Zugleich(ctx, d.Store.Pool(), lesen...)
}

// entscheide decides cmd on the Bescheid as g loaded it, at the client's version.
func (d *Dienst) entscheide(ctx context.Context, g geladen, version int, cmd bescheid.Befehl, md eventstore.Metadata) (eventstore.Appended, error) {
	return laden.Entscheide(ctx, d.Store, bescheid.Decider, g.Geladen, version, cmd, md)
}

// Zugriff checks that the caller may see Bescheid id, and with schreiben that he may change
// what hangs on it (files, reminders) by the file rule (dateirecht).
func (d *Dienst) Zugriff(ctx context.Context, n Nutzer, id int64, schreiben bool) error {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil || !schreiben {
		return err
	}
	if !dateirecht(g.Nutzer, g.b, g.Stand) {
		return validierung.NichtErlaubt
	}
	return nil
}

// Abgabeerklaerung tells whether a quality is one of the two declarations under the AbwAG
// ('Erklärung nach § 4 Abs. 5 AbwAG', 'Erklärung nach § 6 AbwAG'): their candidates are the
// measuring points relevant for the levy.
func Abgabeerklaerung(qualitaet string) bool {
	return strings.HasPrefix(qualitaet, "Erklärung nach") && strings.HasSuffix(qualitaet, "AbwAG")
}

// bescheidarten are the Bescheidarten of the quality (value list bescheidart filtered by the
// quality's entry), from the two lists read (bescheidqualitaet, bescheidart).
func bescheidarten(ctx context.Context, q eventstore.Querier, qualitaet string, qs, alle []wertelisten.Eintrag) ([]string, error) {
	var qid int64
	for _, e := range qs {
		if e.Value == qualitaet {
			qid = e.ID
		}
	}
	if qualitaet == "" || qid == 0 {
		return nil, nil
	}
	arten, err := wertelisten.Filtere(ctx, q, "bescheidart", alle, wertelisten.Abfrage{Filter: map[string]string{"bescheidQualitaet": fmt.Sprint(qid)}})
	if err != nil {
		return nil, err
	}
	out := make([]string, len(arten))
	for i, e := range arten {
		out[i] = e.Value
	}
	return out, nil
}

// pruefungLesen are the reads of the facts a save of a Bescheid (not ohne) of operation
// betriebID needs, into p, and what completes p once they are done (the Bescheidarten of the
// quality); the caller sets BetriebFreigegeben from the operation. The reads do not depend on
// each other: laden.Zugleich sends them together.
func (d *Dienst) pruefungLesen(ctx context.Context, p *bescheid.Pruefung, betriebID, ohne int64, qualitaet string) ([]laden.Lesen, func() error) {
	qualitaet = strings.TrimSpace(qualitaet)
	var qs, arten []wertelisten.Eintrag
	liste := func(name string, ziel *[]wertelisten.Eintrag) laden.Lesen {
		return func(q eventstore.Querier) error {
			if qualitaet == "" {
				return nil
			}
			var err error
			*ziel, err = wertelisten.Eintraege(ctx, q, name)
			return err
		}
	}
	fertig := func() error {
		var err error
		p.Bescheidarten, err = bescheidarten(ctx, d.Store.Pool(), qualitaet, qs, arten)
		return err
	}
	return []laden.Lesen{liste("bescheidqualitaet", &qs), liste("bescheidart", &arten), func(q eventstore.Querier) error {
		ks, err := messstellen.Zuordenbar(ctx, q, betriebID, Abgabeerklaerung(qualitaet))
		for _, k := range ks {
			p.Kandidaten = append(p.Kandidaten, k.ID)
		}
		return err
	}, func(q eventstore.Querier) error {
		var err error
		p.Anlagen, err = anlagen.AlleDesBetriebs(ctx, q, betriebID)
		return err
	}, func(q eventstore.Querier) error {
		vs, err := bescheide.DesBetriebs(ctx, q, betriebID, "")
		for _, v := range vs {
			if v.ID != ohne {
				p.Vorbescheide = append(p.Vorbescheide, v.ID)
			}
		}
		return err
	}}, fertig
}

// pruefung looks up the facts a save of a Bescheid (not ohne) of operation b needs.
func (d *Dienst) pruefung(ctx context.Context, b betrieb.Betrieb, betriebID, ohne int64, qualitaet string) (bescheid.Pruefung, error) {
	p := bescheid.Pruefung{BetriebFreigegeben: b.Freigabestatus == betrieb.Freigegeben}
	lesen, fertig := d.pruefungLesen(ctx, &p, betriebID, ohne, qualitaet)
	if err := laden.Zugleich(ctx, d.Store.Pool(), lesen...); err != nil {
		return p, err
	}
	return p, fertig()
}

// Listenwerte are the filled fields of d chosen from a value list.
func Listenwerte(d bescheid.Daten) []anlage.Listenwert {
	var out []anlage.Listenwert
	add := func(feld, liste, wert string) {
		if wert = strings.TrimSpace(wert); wert != "" {
			out = append(out, anlage.Listenwert{Feld: feld, Liste: liste, Wert: wert})
		}
	}
	add("bescheidQualitaet", "bescheidqualitaet", d.BescheidQualitaet)
	add("behoerde", "behoerde", d.Behoerde)
	for i, a := range d.Auflagen {
		add(fmt.Sprintf("auflagen[%d].art", i), "auflagenart", a.Art)
	}
	return out
}

// AnforderungsListenwerte are the filled fields of the Anforderungen chosen from a value list
// (the lookups by operation type among them: an entry of another type's list is still an entry),
// the parameter by its number.
func AnforderungsListenwerte(prefix func(i int) string, as []bescheid.Anforderung) []anlage.Listenwert {
	var out []anlage.Listenwert
	for i, a := range as {
		p := prefix(i)
		add := func(feld, liste, wert string) {
			if wert = strings.TrimSpace(wert); wert != "" {
				out = append(out, anlage.Listenwert{Feld: p + feld, Liste: liste, Wert: wert})
			}
		}
		add("randbedingung", "anforderung-randbedingung", a.Randbedingung)
		add("vorbehandlung", "anforderung-vorbehandlung", a.Vorbehandlung)
		add("artAnforderungWert", "anforderung-wert", a.ArtAnforderungWert)
		add("vorlageMesswerte", "selbstueberwachungVorlage", a.VorlageMesswerte)
		add("einheit", "anforderung-einheit", a.Einheit)
		add("einheitAbfluss", "anforderung-einheit", a.EinheitAbfluss)
		add("einheitKonz", "anforderung-einheit", a.EinheitKonz)
		add("probenahme", "anforderung-probenahme", a.Probenahme)
		add("haeufigkeit", "anforderung-haeufigkeit", a.Haeufigkeit)
		// the parameter by its number (the entry's extra parameterNr)
		if nr := strings.TrimSpace(a.ParameterNr); nr != "" {
			out = append(out, anlage.Listenwert{Feld: p + "parameterNr", Liste: "anforderungsparameter", Wert: nr, Extra: "parameterNr"})
		}
	}
	return out
}

// handle checks the value-list fields (neu against alt) and decides cmd on the state x as
// loaded: every field error of the form in one answer.
func (d *Dienst) handle(ctx context.Context, g geladen, version int, cmd bescheid.Befehl,
	neu, alt []anlage.Listenwert, md eventstore.Metadata) (eventstore.Appended, error) {
	if err := auswahl.PruefeListenwerte(ctx, d.Store.Pool(), neu, alt); err != nil {
		return eventstore.Appended{}, validierung.MitDatenfehlern(err, func() error {
			_, err := bescheid.Decide(g.Stand, cmd)
			return err
		})
	}
	return d.entscheide(ctx, g, version, cmd, md)
}

// Anlegen records a Bescheid: staff with BESCHEID_ANLEGEN in IN_BEARBEITUNG (antrag false),
// an operator of the operation's organisation with BESCHEIDSANTRAG_STELLEN as an application in
// ANGELEGT (antrag true); only for an approved operation the caller sees.
func (d *Dienst) Anlegen(ctx context.Context, n Nutzer, f Formular, antrag bool, md eventstore.Metadata) (int64, eventstore.Appended, error) {
	aktion, status := berechtigung.BescheidAnlegen, bescheid.InBearbeitung
	if antrag {
		aktion, status = berechtigung.BescheidsantragStellen, bescheid.Angelegt
	}
	if !n.Darf(aktion) {
		return 0, eventstore.Appended{}, validierung.NichtErlaubt
	}
	if f.Betrieb <= 0 {
		return 0, eventstore.Appended{}, validierung.Feld("betrieb", validierung.Pflichtfeld)
	}
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	b, _, err := betriebe.LadenSichtbar(ctx, d.Store.Pool(), n.Sicht, f.Betrieb)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	if antrag && !eigene(n, b) {
		return 0, eventstore.Appended{}, validierung.NichtErlaubt
	}
	p, err := d.pruefung(ctx, b, f.Betrieb, 0, f.BescheidQualitaet)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	cmd := bescheid.LegeAn{BetriebID: f.Betrieb, Status: status, Daten: f.Daten, Messstellen: f.Messstellen, Pruefung: p, VonKonto: n.AnwenderID}
	if err := auswahl.PruefeListenwerte(ctx, d.Store.Pool(), Listenwerte(f.Daten), nil); err != nil {
		return 0, eventstore.Appended{}, validierung.MitDatenfehlern(err, func() error {
			_, err := bescheid.Decide(bescheid.Bescheid{}, cmd)
			return err
		})
	}
	if _, err := bescheid.Decide(bescheid.Bescheid{}, cmd); err != nil {
		return 0, eventstore.Appended{}, err // no id drawn for a refused form
	}
	id, err := eventstore.NextID(ctx, d.Store, "bescheid_id_seq")
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	out, err := eventstore.Befehle(d.Store, bescheid.Decider).HandleNeu(ctx, id, cmd, md)
	return id, out, err
}

// Speichern saves Bescheid id on the version the form was loaded with and moves it to the
// target status (bescheid.Zielstatus says who may do which transition).
func (d *Dienst) Speichern(ctx context.Context, n Nutzer, id int64, f Formular, md eventstore.Metadata) (eventstore.Appended, error) {
	var p bescheid.Pruefung
	fertig := func() error { return nil }
	g, err := d.sichtbarMit(ctx, n, id, func(x bescheid.Bescheid) []laden.Lesen {
		var lesen []laden.Lesen
		lesen, fertig = d.pruefungLesen(ctx, &p, x.BetriebID, id, f.BescheidQualitaet)
		return lesen
	})
	if err != nil {
		return eventstore.Appended{}, err
	}
	r := rolle(g.Nutzer, g.b)
	if !r.Antragsteller && !r.Entscheider {
		return eventstore.Appended{}, validierung.NichtErlaubt
	}
	if err := laden.Version(f.Version); err != nil {
		return eventstore.Appended{}, err
	}
	p.BetriebFreigegeben = g.b.Freigabestatus == betrieb.Freigegeben
	if err := fertig(); err != nil {
		return eventstore.Appended{}, err
	}
	cmd := bescheid.Speichere{Daten: f.Daten, Status: f.Bescheidsstatus, Messstellen: f.Messstellen, Kommentar: f.Kommentar,
		Rolle: r, Pruefung: p, Heute: d.heute(), VonKonto: g.Nutzer.AnwenderID}
	return d.handle(ctx, g, f.Version, cmd, Listenwerte(f.Daten), Listenwerte(g.Stand.Daten), md)
}

// Loeschen deletes Bescheid id (bescheid.Loeschbar says who may, by status); 409 while another
// Bescheid names it as its Vorbescheid.
func (d *Dienst) Loeschen(ctx context.Context, n Nutzer, id int64, version int, md eventstore.Metadata) (eventstore.Appended, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if err := laden.Version(version); err != nil {
		return eventstore.Appended{}, err
	}
	vor, err := bescheide.IstVorbescheid(ctx, d.Store.Pool(), id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, g, version,
		bescheid.Loesche{Rolle: rolle(g.Nutzer, g.b), IstVorbescheid: vor}, md)
}

// Ansicht reads a Bescheid for the screen.
func (d *Dienst) Ansicht(ctx context.Context, n Nutzer, id int64) (Ansicht, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return Ansicht{}, err
	}
	events, err := d.Store.ReadStream(ctx, eventstore.StreamID(bescheid.StreamType, id), 1, 0)
	if err != nil {
		return Ansicht{}, err
	}
	v, err := d.ansicht(ctx, id, sicht(g.Nutzer).Von(g.Stand), g.b, g.Version, events, sicht(g.Nutzer))
	if err != nil {
		return Ansicht{}, err
	}
	r := rechte(g.Nutzer, g.b, g.Stand)
	v.Rechte = &r
	return v, nil
}

// ansicht is state x after events (for the comment of the last return and who released and
// applied, by name as the caller's view s allows).
func (d *Dienst) ansicht(ctx context.Context, id int64, x bescheid.Bescheid, b betrieb.Betrieb, version int, events []eventstore.Event,
	s verlauf.Sicht[bescheid.Bescheid]) (Ansicht, error) {
	q := d.Store.Pool()
	v := Ansicht{ID: id, Version: version, Betrieb: Verweis{ID: x.BetriebID, Bezeichnung: b.Daten.Bezeichnung},
		Bescheidsstatus: x.Status, Daten: x.Daten, FreigabeAm: x.FreigabeAm, Messstellen: []Messstelle{}}
	if v.Auflagen == nil {
		v.Auflagen = []bescheid.Auflage{}
	}
	namen, err := konten.Namen(ctx, q, []int64{x.FreigabeVon, x.Antragsteller})
	if err != nil {
		return v, err
	}
	// the account of the last event of typ, by name where the view shows it (else the side)
	akteur := func(id int64, typ string) string {
		if id == 0 {
			return ""
		}
		for i := len(events) - 1; i >= 0; i-- {
			if events[i].Type == typ {
				return s.Akteur(events[i].Metadata, namen[id])
			}
		}
		return namen[id]
	}
	v.FreigabeVon = akteur(x.FreigabeVon, "BescheidFreigegeben")
	if x.Antragsteller != 0 {
		a := &Antrag{GestelltVon: akteur(x.Antragsteller, "BescheidAngelegt")}
		for _, e := range events {
			if e.Type != "BescheidsantragZurueckgewiesen" {
				continue
			}
			if de, err := bescheid.Decode(e.Type, e.Data); err == nil {
				a.Kommentar = de.(bescheid.BescheidsantragZurueckgewiesen).Kommentar
			}
		}
		v.Antrag = a
	}
	ks, err := messstellen.Kandidaten(ctx, q, x.Messstellen)
	if err != nil {
		return v, err
	}
	for _, k := range ks {
		m := Messstelle{Kandidat: k}
		for _, a := range x.Anforderungen {
			if a.Messstelle == k.ID {
				m.AnzahlAnforderungen++
			}
		}
		v.Messstellen = append(v.Messstellen, m)
	}
	return v, nil
}

// betrieb loads operation betriebID the caller must see.
func (d *Dienst) betrieb(ctx context.Context, n Nutzer, betriebID int64) error {
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return err
	}
	_, _, err = betriebe.LadenSichtbar(ctx, d.Store.Pool(), n.Sicht, betriebID)
	return err
}

// Vorbescheide lists the operation's other Bescheide (not bescheidID; of the quality when
// given) as the Vorbescheid select offers them.
func (d *Dienst) Vorbescheide(ctx context.Context, n Nutzer, betriebID, bescheidID int64, qualitaet string) ([]Verweis, error) {
	if err := d.betrieb(ctx, n, betriebID); err != nil {
		return nil, err
	}
	ks, err := bescheide.DesBetriebs(ctx, d.Store.Pool(), betriebID, strings.TrimSpace(qualitaet))
	if err != nil {
		return nil, err
	}
	out := []Verweis{}
	for _, k := range ks {
		if k.ID != bescheidID {
			out = append(out, Verweis{ID: k.ID, Bezeichnung: bescheid.Anzeigename(k.Bescheidart, k.Bescheidsdatum, k.Aktenzeichen)})
		}
	}
	return out, nil
}

// Kandidaten lists the measuring points a Bescheid of the quality may name (the candidates
// rule: messstellen.Zuordenbar).
func (d *Dienst) Kandidaten(ctx context.Context, n Nutzer, betriebID int64, qualitaet string) ([]messstellen.Kandidat, error) {
	if err := d.betrieb(ctx, n, betriebID); err != nil {
		return nil, err
	}
	return messstellen.Zuordenbar(ctx, d.Store.Pool(), betriebID, Abgabeerklaerung(strings.TrimSpace(qualitaet)))
}
