// Package ablage is the application service of files (Dateien) and reminders
// (Wiedervorlagen): it checks the caller's right on the object a file or reminder hangs on,
// streams uploads into the blob store, turns requests into commands of the Datei and
// Wiedervorlage aggregates and answers their lists and downloads.
package ablage

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/domain/wiedervorlage"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	dok "github.com/eabwasser/eabwasser/internal/dokumente/ablage"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Nutzer is the caller (internal/zugriff).
type Nutzer = zugriff.Nutzer

// Dienst is the files-and-reminders service.
type Dienst struct {
	Store *eventstore.Store
	Blobs Blobs
	// Zugriffe holds who may see and change the files and reminders of each kind of object,
	// registered by the areas' Setup (aufbau.Zugriffe.Fuer). Kinds without one have no files
	// or reminders yet: they answer 404.
	Zugriffe aufbau.Zugriffe
	// Typen reads the type of an object where it decides the kinds of its reminders
	// (aufbau.Typen, registered by the areas' Setup).
	Typen aufbau.Typen
	Jetzt func() time.Time
	Log   *slog.Logger
}

// Unterverzeichnis of DATA_DIR that holds the blobs.
const Unterverzeichnis = "dateien"

// Neu is the service with its blobs in DATA_DIR/dateien, asking a's Zugriffe who may see and
// change what (the areas registered them in their Setup).
func Neu(a *aufbau.Aufbau, dataDir string, log *slog.Logger) *Dienst {
	d := &Dienst{Store: a.Store, Zugriffe: a.Ablage, Typen: a.Typen}
	d.Einrichten(dataDir, log)
	return d
}

// Einrichten sets where the service keeps the files' contents (below dataDir) and its log: the
// server's configuration, given to the service its Setup built.
func (d *Dienst) Einrichten(dataDir string, log *slog.Logger) {
	d.Blobs, d.Log = Blobs{Verzeichnis: filepath.Join(dataDir, Unterverzeichnis)}, log
}

// Texts the service answers with (spec 000 §8).
const (
	// MsgNichtLesbar answers an upload whose form cannot be read.
	MsgNichtLesbar = "Die Datei konnte nicht hochgeladen werden!"
)

// maxBezeichnungsteil bounds what is read of the bezeichnung part of an upload.
const maxBezeichnungsteil = 4 << 10

func (d *Dienst) jetzt() time.Time {
	if d.Jetzt != nil {
		return d.Jetzt()
	}
	return time.Now()
}

func (d *Dienst) log() *slog.Logger {
	if d.Log != nil {
		return d.Log
	}
	return slog.Default()
}

// sieht checks that the caller may see the object.
func (d *Dienst) sieht(ctx context.Context, n Nutzer, fachobjekt string, id int64) error {
	zugriff, ok := d.Zugriffe[fachobjekt]
	if !ok {
		return validierung.NichtGefunden
	}
	return zugriff(ctx, n, id, false)
}

// darf checks that the caller may see the object (else 404), has a role allowed to do aktion
// (else 403) and, with schreiben, may change what hangs on the object (else 403).
func (d *Dienst) darf(ctx context.Context, n Nutzer, fachobjekt string, id int64, aktion berechtigung.Aktion, schreiben bool) error {
	zugriff, ok := d.Zugriffe[fachobjekt]
	if !ok {
		return validierung.NichtGefunden
	}
	rolle := n.Darf(aktion)
	if err := zugriff(ctx, n, id, schreiben && rolle); err != nil {
		return err
	}
	if !rolle {
		return validierung.NichtErlaubt
	}
	return nil
}

// Hochladen receives a file for an object: the multipart form (nil: none) with the parts file
// and bezeichnung. The right is checked before a byte is read; the file is streamed into the
// blob store (at most datei.MaxGroesse) and recorded only once it is complete on disk. Whatever
// goes wrong after that removes the blob again.
func (d *Dienst) Hochladen(ctx context.Context, n Nutzer, fachobjekt string, id int64, form *multipart.Reader, m eventstore.Metadata) (dateiID int64, out eventstore.Appended, err error) {
	if err := d.darf(ctx, n, fachobjekt, id, berechtigung.DateiHochladen, true); err != nil {
		return 0, out, err
	}
	if n, err = zugriff.Aufloesen(ctx, d.Store.Pool(), n); err != nil {
		return 0, out, err
	}
	bezeichnung, inhalt, err := d.empfange(form)
	if err != nil {
		return 0, out, err
	}
	if inhalt != nil {
		defer func() {
			if err != nil {
				d.entferne(inhalt.Schluessel)
			}
		}()
	}
	if dateiID, err = eventstore.NextID(ctx, d.Store, "datei_id_seq"); err != nil {
		return 0, out, err
	}
	out, err = eventstore.Befehle(d.Store, datei.Decider).HandleNeu(ctx, dateiID, datei.LadeHoch{Fachobjekt: fachobjekt, FachobjektID: id,
		Bezeichnung: bezeichnung, Inhalt: inhalt, Von: m.ActorName, VonID: n.AnwenderID, Seite: seite(n), OrganisationID: organisation(n),
		Am: d.jetzt()}, m)
	if err != nil {
		return 0, out, err
	}
	return dateiID, out, nil
}

// seite is the side caller n acts for (the Historie's verlauf.SeiteDerRollen).
func seite(n Nutzer) string { return verlauf.SeiteDerRollen(n.Rollen) }

// organisation is the organisation of caller n (resolved) on the organisation's side, else 0.
func organisation(n Nutzer) int64 {
	if seite(n) == berechtigung.GlobalOrganisation {
		return n.OrganisationID
	}
	return 0
}

// empfange reads the parts of an upload in the order they come: bezeichnung (a short text)
// and file (streamed into the blob store; only the first one counts).
func (d *Dienst) empfange(form *multipart.Reader) (bezeichnung string, inhalt *datei.Inhalt, err error) {
	defer func() {
		if err != nil && inhalt != nil {
			d.entferne(inhalt.Schluessel)
			inhalt = nil
		}
	}()
	for form != nil {
		teil, err := form.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", inhalt, lesefehler(err)
		}
		switch teil.FormName() {
		case datei.FeldBezeichnung:
			l := &leser{r: io.LimitReader(teil, maxBezeichnungsteil)}
			b, err := io.ReadAll(l)
			if err != nil {
				return "", inhalt, lesefehler(err)
			}
			bezeichnung = string(b)
		case datei.FeldDatei:
			if inhalt != nil {
				continue // one file per upload; NextPart skips the rest of this one
			}
			l := &leser{r: teil}
			blob, err := d.Blobs.Schreibe(l, datei.MaxGroesse)
			switch {
			case errors.Is(err, ErrZuGross):
				return "", nil, datei.ZuGross()
			case err != nil && l.err != nil:
				return "", nil, lesefehler(l.err)
			case err != nil:
				return "", nil, err
			}
			inhalt = &datei.Inhalt{Dateiname: teil.FileName(), Dateityp: dateityp(teil.Header.Get("Content-Type"), teil.FileName(), blob.Anfang),
				Groesse: blob.Groesse, SHA256: blob.SHA256, Schluessel: blob.Schluessel}
		}
	}
	return bezeichnung, inhalt, nil
}

// leser remembers the error of reading the request, to tell it from an error of the disk.
type leser struct {
	r   io.Reader
	err error
}

func (l *leser) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		l.err = err
	}
	return n, err
}

// lesefehler is what a broken upload answers: a body above the route's limit stays an
// *http.MaxBytesError (413), anything else the client sent wrong is a 400.
func lesefehler(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) || errors.Is(err, context.Canceled) {
		return err
	}
	return &validierung.Fehler{Message: MsgNichtLesbar}
}

// dateityp is the content type of an upload: what the browser sent unless that is missing or
// generic, then the one of the file name's extension, then what the first bytes look like.
func dateityp(angegeben, dateiname string, anfang []byte) string {
	if t, params, err := mime.ParseMediaType(angegeben); err == nil && t != "application/octet-stream" {
		if s := mime.FormatMediaType(t, params); s != "" {
			return s
		}
	}
	if t := mime.TypeByExtension(filepath.Ext(datei.Dateiname(dateiname))); t != "" {
		return t
	}
	return http.DetectContentType(anfang)
}

func (d *Dienst) entferne(schluessel string) {
	if err := d.Blobs.Entferne(schluessel); err != nil {
		d.log().Warn("Datei konnte nicht aus der Ablage entfernt werden", "schluessel", schluessel, "error", err)
	}
}

// Dateien lists the files of an object for everyone who may see it, each uploader's name as
// the Historie shows it to the caller (verlauf.Name: staff are "Behörde" to operators).
func (d *Dienst) Dateien(ctx context.Context, n Nutzer, fachobjekt string, id int64) ([]dok.Datei, error) {
	if err := d.sieht(ctx, n, fachobjekt, id); err != nil {
		return nil, err
	}
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return nil, err
	}
	out, err := dok.Dateien(ctx, d.Store.Pool(), fachobjekt, id)
	for i := range out {
		out[i].UploadVon = verlauf.Name(n, out[i].Urheber, out[i].UploadVon)
	}
	return out, err
}

// Datei opens a file for download for everyone who may see its object. The caller closes it.
func (d *Dienst) Datei(ctx context.Context, n Nutzer, id int64) (dok.Datei, *os.File, error) {
	z, err := dok.DateiNachID(ctx, d.Store.Pool(), id)
	if err != nil {
		return z, nil, err
	}
	if err := d.sieht(ctx, n, z.Fachobjekt, z.FachobjektID); err != nil {
		return z, nil, err
	}
	f, err := d.Blobs.Oeffne(z.Schluessel)
	return z, f, err
}

// DateiLoeschen deletes a file; its blob goes after the commit (a blob left behind by a crash
// in between is an orphan nobody refers to, never a file without its bytes).
func (d *Dienst) DateiLoeschen(ctx context.Context, n Nutzer, id int64, m eventstore.Metadata) (eventstore.Appended, error) {
	if !n.Darf(berechtigung.DateiHochladen) {
		return eventstore.Appended{}, validierung.NichtErlaubt // before anything is looked up
	}
	z, err := dok.DateiNachID(ctx, d.Store.Pool(), id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if err := d.darf(ctx, n, z.Fachobjekt, z.FachobjektID, berechtigung.DateiHochladen, true); err != nil {
		return eventstore.Appended{}, err
	}
	out, err := eventstore.Befehle(d.Store, datei.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, datei.Loesche{}, m)
	if err != nil {
		return out, err
	}
	d.entferne(z.Schluessel)
	return out, nil
}

// WiedervorlageEingabe is the body of POST …/wiedervorlage. BezugZuFachobjekt chooses what
// on the object the reminder is about (wiedervorlage.Bezuege: a plant or its change request,
// an annual report or its measured values, …); empty: the object's default kind. Geteilt
// shares it with the other side (the authority's staff with the operator, an operator with the
// authority); absent: the side's default (wiedervorlage.GeteiltVorgabe).
type WiedervorlageEingabe struct {
	Betreff           string `json:"betreff"`
	Datum             string `json:"datum"`
	BezugZuFachobjekt string `json:"bezugZuFachobjekt"`
	Geteilt           *bool  `json:"geteilt"`
}

// Wiedervorlage is a row of a reminder list with whether the caller may delete it.
type Wiedervorlage struct {
	dok.Wiedervorlage
	Loeschbar bool `json:"loeschbar"`
}

// Wiedervorlagen lists the reminders of an object for the privileged roles that may see it:
// those of the caller's side and those the other side shared (zugriff.Nutzer.Seitig), each
// author's name as the Historie shows it to the caller (verlauf.Name).
func (d *Dienst) Wiedervorlagen(ctx context.Context, n Nutzer, fachobjekt string, id int64) ([]Wiedervorlage, error) {
	if err := d.darf(ctx, n, fachobjekt, id, berechtigung.WiedervorlagenLesen, false); err != nil {
		return nil, err
	}
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return nil, err
	}
	zeilen, err := dok.Wiedervorlagen(ctx, d.Store.Pool(), n, fachobjekt, id)
	if err != nil {
		return nil, err
	}
	for i := range zeilen {
		zeilen[i].AngelegtVon = verlauf.Name(n, zeilen[i].Urheber(), zeilen[i].AngelegtVon)
	}
	alle, err := d.loeschtFremde(ctx, n, fachobjekt, id)
	if err != nil {
		return nil, err
	}
	out := make([]Wiedervorlage, len(zeilen))
	for i, z := range zeilen {
		out[i] = Wiedervorlage{Wiedervorlage: z, Loeschbar: z.AngelegtVonID == n.AnwenderID || (alle && z.Seite == seite(n))}
	}
	return out, nil
}

// loeschtFremde tells whether the caller may delete reminders others created on the object:
// authority staff and administrators who may change what hangs on it.
func (d *Dienst) loeschtFremde(ctx context.Context, n Nutzer, fachobjekt string, id int64) (bool, error) {
	if n.Organisationsseitig() {
		return false, nil
	}
	err := d.Zugriffe[fachobjekt](ctx, n, id, true)
	if errors.Is(err, validierung.NichtErlaubt) || errors.Is(err, validierung.NichtGefunden) {
		return false, nil
	}
	return err == nil, err
}

// WiedervorlageAnlegen creates a reminder on an object for the caller's side; the privileged
// roles that may see it may.
func (d *Dienst) WiedervorlageAnlegen(ctx context.Context, n Nutzer, fachobjekt string, id int64, e WiedervorlageEingabe, m eventstore.Metadata) (int64, eventstore.Appended, error) {
	if err := d.darf(ctx, n, fachobjekt, id, berechtigung.WiedervorlagenLesen, false); err != nil {
		return 0, eventstore.Appended{}, err
	}
	n, err := zugriff.Aufloesen(ctx, d.Store.Pool(), n)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	var typ string
	if f, ok := d.Typen[fachobjekt]; ok {
		if typ, err = f(ctx, d.Store.Pool(), id); err != nil {
			return 0, eventstore.Appended{}, err
		}
	}
	wid, err := eventstore.NextID(ctx, d.Store, "wiedervorlage_id_seq")
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	out, err := eventstore.Befehle(d.Store, wiedervorlage.Decider).HandleNeu(ctx, wid, wiedervorlage.LegeAn{Fachobjekt: fachobjekt, FachobjektID: id,
		Typ: typ, Bezug: e.BezugZuFachobjekt, Betreff: e.Betreff, Datum: e.Datum, VonID: n.AnwenderID, Von: m.ActorName,
		Seite: seite(n), OrganisationID: organisation(n), Geteilt: e.Geteilt, Am: d.jetzt()}, m)
	return wid, out, err
}

// WiedervorlageLoeschen deletes a reminder: its creator may, and authority staff and
// administrators who may change what hangs on the object the authority's (a reminder of the
// other side, even shared, is its author's to delete).
func (d *Dienst) WiedervorlageLoeschen(ctx context.Context, n Nutzer, id int64, m eventstore.Metadata) (eventstore.Appended, error) {
	if !n.Darf(berechtigung.WiedervorlagenLesen) {
		return eventstore.Appended{}, validierung.NichtErlaubt // before anything is looked up
	}
	w, err := dok.WiedervorlageNachID(ctx, d.Store.Pool(), id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if err := d.darf(ctx, n, w.Fachobjekt, w.FachobjektID, berechtigung.WiedervorlagenLesen, false); err != nil {
		return eventstore.Appended{}, err
	}
	if n, err = zugriff.Aufloesen(ctx, d.Store.Pool(), n); err != nil {
		return eventstore.Appended{}, err
	}
	if !n.SiehtSeite(w.Seite, w.Organisation, w.Geteilt) {
		return eventstore.Appended{}, validierung.NichtGefunden // the other side's internal reminder is not there for him
	}
	if w.AngelegtVonID != n.AnwenderID {
		alle, err := d.loeschtFremde(ctx, n, w.Fachobjekt, w.FachobjektID)
		if err != nil {
			return eventstore.Appended{}, err
		}
		if !alle || w.Seite != seite(n) {
			return eventstore.Appended{}, validierung.NichtErlaubt
		}
	}
	return eventstore.Befehle(d.Store, wiedervorlage.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, wiedervorlage.Loesche{}, m)
}
