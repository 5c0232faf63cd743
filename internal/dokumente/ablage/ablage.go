// Package ablage is the current-state document of files and reminders (tables datei and
// wiedervorlage), written inline with their events, and the queries of their lists: the files
// and reminders of one object, one file or reminder by id.
package ablage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/domain/wiedervorlage"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// SchreibeDatei writes a file's state (eventstore.Dokument); a deleted file has no row.
func SchreibeDatei(ctx context.Context, tx pgx.Tx, id int64, d datei.Datei, version int) error {
	if d.Geloescht {
		_, err := tx.Exec(ctx, `DELETE FROM datei WHERE id = $1`, id)
		return err
	}
	if d.Seite == "" { // an event written before issue 42: its uploader from the event's metadata
		u, err := urheberDesAnlegens(ctx, tx, eventstore.StreamID(datei.StreamType, id))
		if err != nil {
			return err
		}
		d.HochgeladenVonID, d.Seite, d.OrganisationID = u.Konto, u.Seite, u.Organisation
	}
	_, err := tx.Exec(ctx, `INSERT INTO datei (id, fachobjekt, fachobjekt_id, bezeichnung, dateiname, dateityp, groesse,
		sha256, schluessel, hochgeladen_von, hochgeladen_am, version, hochgeladen_von_id, seite, organisation_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
		ON CONFLICT (id) DO UPDATE SET fachobjekt = $2, fachobjekt_id = $3, bezeichnung = $4, dateiname = $5,
		dateityp = $6, groesse = $7, sha256 = $8, schluessel = $9, hochgeladen_von = $10, hochgeladen_am = $11, version = $12,
		hochgeladen_von_id = $13, seite = $14, organisation_id = $15`,
		id, d.Fachobjekt, d.FachobjektID, d.Bezeichnung, d.Dateiname, d.Dateityp, d.Groesse, d.SHA256, d.Schluessel,
		d.HochgeladenVon, d.HochgeladenAm, version, d.HochgeladenVonID, d.Seite, d.OrganisationID)
	return err
}

// SchreibeWiedervorlage writes a reminder's state (eventstore.Dokument); a deleted reminder
// has no row.
func SchreibeWiedervorlage(ctx context.Context, tx pgx.Tx, id int64, w wiedervorlage.Wiedervorlage, version int) error {
	if w.Geloescht {
		_, err := tx.Exec(ctx, `DELETE FROM wiedervorlage WHERE id = $1`, id)
		return err
	}
	var datum *string
	if w.Datum != "" {
		datum = &w.Datum
	}
	seite, organisation, geteilt := w.Seite, w.OrganisationID, w.IstGeteilt()
	if seite == "" { // an event written before issue 42: its side from the event's metadata, shared by its default
		u, err := urheberDesAnlegens(ctx, tx, eventstore.StreamID(wiedervorlage.StreamType, id))
		if err != nil {
			return err
		}
		seite, organisation, geteilt = u.Seite, u.Organisation, wiedervorlage.GeteiltVorgabe(u.Seite)
		if w.Geteilt != nil {
			geteilt = *w.Geteilt
		}
	}
	_, err := tx.Exec(ctx, `INSERT INTO wiedervorlage (id, fachobjekt, fachobjekt_id, bezug_zu_fachobjekt, betreff, datum,
		angelegt_von_id, angelegt_von, angelegt_am, version, seite, organisation_id, geteilt)
		VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10, $11, $12, $13)
		ON CONFLICT (id) DO UPDATE SET fachobjekt = $2, fachobjekt_id = $3, bezug_zu_fachobjekt = $4, betreff = $5,
		datum = $6::date, angelegt_von_id = $7, angelegt_von = $8, angelegt_am = $9, version = $10,
		seite = $11, organisation_id = $12, geteilt = $13`,
		id, w.Fachobjekt, w.FachobjektID, w.BezugZuFachobjekt, w.Betreff, datum, w.AngelegtVonID, w.AngelegtVon,
		w.AngelegtAm, version, seite, organisation, geteilt)
	return err
}

// urheberDesAnlegens is who created a file or reminder whose creating event was written before
// issue 42 (no side in it): the account, the side of the roles he acted with and, on the
// organisation's side, his organisation, as the event's metadata (version 1 of streamID) names
// them. Migration 00021 copied the same into the rows written then, so a document written again
// from the log equals the migrated one (TestMigration00021_…).
func urheberDesAnlegens(ctx context.Context, tx pgx.Tx, streamID string) (zugriff.Urheber, error) {
	var b []byte
	if err := tx.QueryRow(ctx, `SELECT metadata FROM events WHERE stream_id = $1 AND version = 1`, streamID).Scan(&b); err != nil {
		return zugriff.Urheber{}, fmt.Errorf("ablage: the creation of %s: %w", streamID, err)
	}
	var m eventstore.Metadata
	if err := json.Unmarshal(b, &m); err != nil {
		return zugriff.Urheber{}, err
	}
	u := zugriff.Urheber{Konto: kennung(m.ActorID), Seite: zugriff.SeiteDerRollen(m.Roles)}
	if u.Seite == berechtigung.GlobalOrganisation {
		u.Organisation = kennung(m.Organisation)
	}
	return u, nil
}

// kennung is the id a metadata field names (0: none, or not a number).
func kennung(s string) int64 {
	n, err := strconv.ParseUint(s, 10, 63)
	if err != nil {
		return 0
	}
	return int64(n)
}

// Datei is a row of a file list (spec 000 §3: id, bezeichnung, uploadVon, uploadAm,
// dateigroesse, dateityp) with the file name, the blob's place and who uploaded (Urheber: what
// the list's masking of uploadVon reads, verlauf.Name).
type Datei struct {
	ID           int64           `json:"id"`
	Fachobjekt   string          `json:"fachobjekt"`
	FachobjektID int64           `json:"fachobjektId"`
	Bezeichnung  string          `json:"bezeichnung"`
	UploadVon    string          `json:"uploadVon"`
	UploadAm     time.Time       `json:"uploadAm"`
	Dateigroesse int64           `json:"dateigroesse"`
	Dateityp     string          `json:"dateityp"`
	Dateiname    string          `json:"dateiname"`
	SHA256       string          `json:"-"`
	Schluessel   string          `json:"-"`
	Urheber      zugriff.Urheber `json:"-"`
}

const dateiSpalten = `id, fachobjekt, fachobjekt_id, bezeichnung, hochgeladen_von, hochgeladen_am, groesse, dateityp, dateiname,
	sha256, schluessel, hochgeladen_von_id, organisation_id, seite`

func dateiZeile(row pgx.CollectableRow) (Datei, error) {
	var d Datei
	err := row.Scan(&d.ID, &d.Fachobjekt, &d.FachobjektID, &d.Bezeichnung, &d.UploadVon, &d.UploadAm, &d.Dateigroesse,
		&d.Dateityp, &d.Dateiname, &d.SHA256, &d.Schluessel, &d.Urheber.Konto, &d.Urheber.Organisation, &d.Urheber.Seite)
	return d, err
}

// Dateien lists the files of an object, newest first.
func Dateien(ctx context.Context, q eventstore.Querier, fachobjekt string, id int64) ([]Datei, error) {
	rows, err := q.Query(ctx, `SELECT `+dateiSpalten+` FROM datei WHERE fachobjekt = $1 AND fachobjekt_id = $2
		ORDER BY hochgeladen_am DESC, id DESC`, fachobjekt, id)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, dateiZeile)
	if out == nil {
		out = []Datei{}
	}
	return out, err
}

// DateiNachID reads one file; validierung.NichtGefunden when there is none.
func DateiNachID(ctx context.Context, q eventstore.Querier, id int64) (Datei, error) {
	rows, err := q.Query(ctx, `SELECT `+dateiSpalten+` FROM datei WHERE id = $1`, id)
	if err != nil {
		return Datei{}, err
	}
	d, err := pgx.CollectExactlyOneRow(rows, dateiZeile)
	if errors.Is(err, pgx.ErrNoRows) {
		return d, validierung.NichtGefunden
	}
	return d, err
}

// Wiedervorlage is a row of a reminder list (spec 000 §3: id, betreff, datum, fachobjekt,
// fachobjektId, bezugZuFachobjekt) with its creator, the side it belongs to and whether the
// other side sees it (issue 42).
type Wiedervorlage struct {
	ID                int64     `json:"id"`
	Betreff           string    `json:"betreff"`
	Datum             *string   `json:"datum"`
	Fachobjekt        string    `json:"fachobjekt"`
	FachobjektID      int64     `json:"fachobjektId"`
	BezugZuFachobjekt string    `json:"bezugZuFachobjekt"`
	AngelegtVon       string    `json:"angelegtVon"`
	AngelegtVonID     int64     `json:"angelegtVonId"`
	AngelegtAm        time.Time `json:"angelegtAm"`
	// Seite is the side it belongs to (BEHOERDE, ORGANISATION).
	Seite string `json:"seite"`
	// Geteilt: the other side sees it too.
	Geteilt      bool  `json:"geteilt"`
	Organisation int64 `json:"-"`
}

// Urheber is the reminder's author for the masking of his name.
func (w Wiedervorlage) Urheber() zugriff.Urheber {
	return zugriff.Urheber{Konto: w.AngelegtVonID, Organisation: w.Organisation, Seite: w.Seite}
}

// SeitenSpalten are the side columns of the reminder table with the alias a ("w."), for
// zugriff.Nutzer.Seitig.
func SeitenSpalten(a string) zugriff.Seitenspalten {
	return zugriff.Seitenspalten{Seite: a + "seite", Organisation: a + "organisation_id", Geteilt: a + "geteilt"}
}

const wiedervorlageSpalten = `id, betreff, to_char(datum, 'YYYY-MM-DD'), fachobjekt, fachobjekt_id, bezug_zu_fachobjekt,
	angelegt_von, angelegt_von_id, angelegt_am, seite, geteilt, organisation_id`

func wiedervorlageZeile(row pgx.CollectableRow) (Wiedervorlage, error) {
	var w Wiedervorlage
	err := row.Scan(&w.ID, &w.Betreff, &w.Datum, &w.Fachobjekt, &w.FachobjektID, &w.BezugZuFachobjekt, &w.AngelegtVon,
		&w.AngelegtVonID, &w.AngelegtAm, &w.Seite, &w.Geteilt, &w.Organisation)
	return w, err
}

// Wiedervorlagen lists the reminders of an object that caller n (resolved) may see by their
// side (zugriff.Nutzer.Seitig; the object's own visibility is the caller's to check): by due
// date (those without at the end), then in the order they were created.
func Wiedervorlagen(ctx context.Context, q eventstore.Querier, n zugriff.Nutzer, fachobjekt string, id int64) ([]Wiedervorlage, error) {
	args := []any{fachobjekt, id}
	rows, err := q.Query(ctx, `SELECT `+wiedervorlageSpalten+` FROM wiedervorlage WHERE fachobjekt = $1 AND fachobjekt_id = $2
		AND `+n.Seitig(SeitenSpalten(""), zugriff.Platzhalter(&args))+`
		ORDER BY datum NULLS LAST, id`, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, wiedervorlageZeile)
	if out == nil {
		out = []Wiedervorlage{}
	}
	return out, err
}

// WiedervorlageNachID reads one reminder; validierung.NichtGefunden when there is none.
func WiedervorlageNachID(ctx context.Context, q eventstore.Querier, id int64) (Wiedervorlage, error) {
	rows, err := q.Query(ctx, `SELECT `+wiedervorlageSpalten+` FROM wiedervorlage WHERE id = $1`, id)
	if err != nil {
		return Wiedervorlage{}, err
	}
	w, err := pgx.CollectExactlyOneRow(rows, wiedervorlageZeile)
	if errors.Is(err, pgx.ErrNoRows) {
		return w, validierung.NichtGefunden
	}
	return w, err
}
