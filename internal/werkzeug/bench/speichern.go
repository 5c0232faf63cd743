package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/ablage"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	bescheiddienst "github.com/eabwasser/eabwasser/internal/anwendung/bescheid"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	messstelledienst "github.com/eabwasser/eabwasser/internal/anwendung/messstelle"
	"github.com/eabwasser/eabwasser/internal/anwendung/verwaltung"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/schreibmodell"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Speicherung is one area's typical save through its service, as the client sends it: the
// screen's form, read once, saved again and again with one field changed each time, on the
// version the last save returned. Round trips are what the service and the event store send
// to Postgres for one save; the request's session check (one query per request, httpapi) is
// not part of it, so the caller comes resolved.
type Speicherung struct {
	ID, Name string
	// Vorbereiten finds the object of writer w (the w-th of its kind in the database) and
	// returns its save.
	Vorbereiten func(ctx context.Context, b *aufbau.Aufbau, w int) (func(ctx context.Context) error, error)
}

// Sachbearbeitung is the resolved caller of the saves: staff who see everything.
var Sachbearbeitung = zugriff.Nutzer{AnwenderID: 1, Rollen: []string{string(berechtigung.ZustSBB), string(berechtigung.Fachadmin)},
	Aufgeloest: true, Sicht: zugriff.Sicht{Alle: true}}

var speicherMetadaten = eventstore.Metadata{ActorID: "1", ActorName: "Bench", CorrelationID: "bench-speichern"}

// Speicherungen are the areas' typical saves (issue 44: at most three round trips each).
func Speicherungen() []Speicherung {
	return []Speicherung{
		{"betrieb", "Betrieb Stammdaten (SpeichernAlsAdmin)", betriebSpeichern},
		{"anlage", "Anlage (Speichern)", anlageSpeichern},
		{"messstelle", "Messstelle (Speichern)", messstelleSpeichern},
		{"bescheid", "Bescheid (Speichern)", bescheidSpeichern},
		{"jahresbericht", "Jahresbericht Messwerte (SpeichereMesswerte)", messwerteSpeichern},
		{"wiedervorlage", "Datei/Wiedervorlage (WiedervorlageAnlegen)", wiedervorlageAnlegen},
		{"organisation", "Organisation (OrganisationAendern)", organisationSpeichern},
	}
}

// aenderung is the audit dialog's answer for a historised change: valid from today, replacing
// today's version of the last save.
func aenderung() *historie.AuditInfo {
	return &historie.AuditInfo{GueltigAb: time.Now().Format(historie.Datumsformat), Aenderungsgrund: "Bench", Ueberschreiben: true}
}

// objekt is the id of the w-th row sql selects, from the highest (ids only; the command
// variant of the Append bench takes operations from the lowest).
func objekt(ctx context.Context, b *aufbau.Aufbau, sql string, w int) (int64, error) {
	var id int64
	if err := b.Store.Pool().QueryRow(ctx, sql+` ORDER BY 1 DESC LIMIT 1 OFFSET $1`, w).Scan(&id); err != nil {
		return 0, fmt.Errorf("%s: %w", sql, err)
	}
	return id, nil
}

// umformen is what the client does: the screen's JSON read as the form's.
func umformen(ansicht, formular any) error {
	b, err := json.Marshal(ansicht)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, formular)
}

func betriebSpeichern(ctx context.Context, b *aufbau.Aufbau, w int) (func(context.Context) error, error) {
	id, err := objekt(ctx, b, `SELECT id FROM betrieb WHERE freigabestatus = 'FREIGEGEBEN' AND betriebsstatus = 'IN_BETRIEB' AND antrag IS NULL`, w)
	if err != nil {
		return nil, err
	}
	d := aufbau.Dienst[*betriebdienst.Dienst](b)
	v, err := d.Ansicht(ctx, Sachbearbeitung, id)
	if err != nil {
		return nil, err
	}
	var f betriebdienst.Formular
	if err := umformen(v, &f); err != nil {
		return nil, err
	}
	i := 0
	return func(ctx context.Context) error {
		i++
		f.URL = fmt.Sprintf("https://bench.example/%d", i)
		out, err := d.SpeichernAlsAdmin(ctx, Sachbearbeitung, id, f, speicherMetadaten)
		f.Version = out.Version
		return err
	}, nil
}

func anlageSpeichern(ctx context.Context, b *aufbau.Aufbau, w int) (func(context.Context) error, error) {
	id, err := objekt(ctx, b, `SELECT id FROM anlage WHERE antrag IS NULL`, w)
	if err != nil {
		return nil, err
	}
	d := aufbau.Dienst[*anlagedienst.Dienst](b)
	v, err := d.Ansicht(ctx, Sachbearbeitung, id)
	if err != nil {
		return nil, err
	}
	var f anlagedienst.Formular
	if err := umformen(v, &f); err != nil {
		return nil, err
	}
	i := 0
	return func(ctx context.Context) error {
		i++
		f.Beschreibung = fmt.Sprintf("Bench %d", i)
		out, err := d.Speichern(ctx, Sachbearbeitung, v.Anlagentyp, id, f, speicherMetadaten)
		f.Version = out.Version
		return err
	}, nil
}

func messstelleSpeichern(ctx context.Context, b *aufbau.Aufbau, w int) (func(context.Context) error, error) {
	id, err := objekt(ctx, b, `SELECT id FROM messstelle WHERE freigabestatus = 'FREIGEGEBEN'`, w)
	if err != nil {
		return nil, err
	}
	d := aufbau.Dienst[*messstelledienst.Dienst](b)
	v, err := d.Ansicht(ctx, Sachbearbeitung, id)
	if err != nil {
		return nil, err
	}
	var f messstelledienst.Formular
	if err := umformen(v, &f); err != nil {
		return nil, err
	}
	basis := f.Bezeichnung
	i := 0
	return func(ctx context.Context) error {
		i++
		f.Bezeichnung = fmt.Sprintf("%s (%d)", basis, i%2)
		f.AuditInfo = aenderung()
		out, err := d.Speichern(ctx, Sachbearbeitung, id, f, speicherMetadaten)
		f.Version = out.Version
		return err
	}, nil
}

func bescheidSpeichern(ctx context.Context, b *aufbau.Aufbau, w int) (func(context.Context) error, error) {
	id, err := objekt(ctx, b, `SELECT id FROM bescheid WHERE bescheidsstatus = 'IN_BEARBEITUNG' AND NOT geloescht`, w)
	if err != nil {
		return nil, err
	}
	d := aufbau.Dienst[*bescheiddienst.Dienst](b)
	v, err := d.Ansicht(ctx, Sachbearbeitung, id)
	if err != nil {
		return nil, err
	}
	f := bescheiddienst.Formular{Daten: v.Daten, Betrieb: v.Betrieb.ID, Version: v.Version, Bescheidsstatus: v.Bescheidsstatus}
	for _, m := range v.Messstellen {
		f.Messstellen = append(f.Messstellen, m.ID)
	}
	i := 0
	return func(ctx context.Context) error {
		i++
		f.Bemerkung = fmt.Sprintf("Bench %d", i)
		out, err := d.Speichern(ctx, Sachbearbeitung, id, f, speicherMetadaten)
		f.Version = out.Version
		return err
	}, nil
}

func messwerteSpeichern(ctx context.Context, b *aufbau.Aufbau, w int) (func(context.Context) error, error) {
	var id, mid, pid int64
	if err := b.Store.Pool().QueryRow(ctx, `SELECT j.id, p.messstelle_id, p.parameter_id FROM jahresbericht j
		JOIN jahresbericht_parameter p ON p.jahresbericht_id = j.id
		WHERE j.status = 'IN_BEARBEITUNG' AND NOT j.geloescht AND jsonb_array_length(p.messwerte) > 0
		ORDER BY j.id, p.parameter_id LIMIT 1 OFFSET $1`, w).Scan(&id, &mid, &pid); err != nil {
		return nil, fmt.Errorf("Jahresbericht mit Messwerten: %w", err)
	}
	d := aufbau.Dienst[*berichtdienst.Dienst](b)
	r, err := d.Messwerte(ctx, Sachbearbeitung, id, mid, pid)
	if err != nil {
		return nil, err
	}
	var f berichtdienst.MesswertFormular
	if err := umformen(r, &f); err != nil {
		return nil, err
	}
	basis := f.Messwerte[0].Wert
	i := 0
	return func(ctx context.Context) error {
		i++
		f.Messwerte[0].Wert = basis
		if i%2 == 1 {
			f.Messwerte[0].Wert = "1"
		}
		out, err := d.SpeichereMesswerte(ctx, Sachbearbeitung, id, mid, pid, f, speicherMetadaten)
		f.Version = out.Version
		return err
	}, nil
}

func wiedervorlageAnlegen(ctx context.Context, b *aufbau.Aufbau, w int) (func(context.Context) error, error) {
	id, err := objekt(ctx, b, `SELECT id FROM betrieb WHERE freigabestatus = 'FREIGEGEBEN'`, w)
	if err != nil {
		return nil, err
	}
	d := aufbau.Dienst[*ablage.Dienst](b)
	datum := time.Now().AddDate(0, 1, 0).Format("2006-01-02")
	return func(ctx context.Context) error {
		_, _, err := d.WiedervorlageAnlegen(ctx, Sachbearbeitung, datei.Betrieb, id,
			ablage.WiedervorlageEingabe{Betreff: "Bench", Datum: datum}, speicherMetadaten)
		return err
	}, nil
}

func organisationSpeichern(ctx context.Context, b *aufbau.Aufbau, w int) (func(context.Context) error, error) {
	id, err := objekt(ctx, b, `SELECT id FROM organisation`, w)
	if err != nil {
		return nil, err
	}
	o, version, err := eventstore.Befehle(b.Store, organisation.Decider).Load(ctx, id)
	if err != nil {
		return nil, err
	}
	d := aufbau.Dienst[*verwaltung.Dienst](b)
	in := verwaltung.Organisationseingabe{Daten: o.Daten, Version: version}
	basis := in.Bezeichnung
	i := 0
	return func(ctx context.Context) error {
		i++
		in.Bezeichnung = fmt.Sprintf("%s (%d)", basis, i%2)
		in.AuditInfo = aenderung()
		out, err := d.OrganisationAendern(ctx, id, in, speicherMetadaten)
		in.Version = out.Version
		return err
	}, nil
}

// speicherVarianten are the areas' saves as variants of the Append bench (1 writer), each on
// the write model built on pool, its round trips counted into zaehlung under "save.<area>".
func speicherVarianten(pool *pgxpool.Pool, zaehlung map[string]*befehlsZaehler) []variante {
	b := schreibmodell.Aufbauen(pool)
	var out []variante
	for _, sp := range Speicherungen() {
		z := &befehlsZaehler{}
		zaehlung["save."+sp.ID] = z
		out = append(out, variante{"save." + sp.ID, "save through the service: " + sp.Name,
			func(ctx context.Context, w int) (func(context.Context) (int, error), error) {
				speichern, err := sp.Vorbereiten(ctx, b, w)
				if err != nil {
					return nil, err
				}
				return func(ctx context.Context) (int, error) {
					err := speichern(mitZaehler(ctx, &z.rundreisen))
					z.aufrufe.Add(1)
					return 1, err
				}, nil
			}})
	}
	return out
}

// speicherMessungen reports, per area, the round trips per save and the save ÷ bare Append
// (target ≥ 0.5 at 1 writer, issue 44).
func (l *lauf) speicherMessungen(id, bereich string, rate map[string]float64, zaehlung map[string]*befehlsZaehler) {
	for _, sp := range Speicherungen() {
		r, ok := rate["save."+sp.ID]
		if !ok {
			continue
		}
		ganz := r / rate["store"]
		l.messung(Messung{ID: id + ".save." + sp.ID + ".ratio", Bereich: bereich, Name: "ratio save ÷ Append: " + sp.Name,
			Text: fmt.Sprintf("%.2f", ganz), Werte: map[string]float64{"ratio": ganz}}.mitZiel("≥ 0.50", ganz >= 0.5))
		l.rundreisenMessung(id+".save."+sp.ID+".round_trips", bereich, "round trips per save: "+sp.Name, zaehlung["save."+sp.ID])
	}
}
