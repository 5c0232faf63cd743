// Package auswertung holds the stored queries (Abfragen) of the query export: each a named
// SQL query over the read models whose result is handed out as a spreadsheet, with the action
// of the permission table a caller needs to run it and, for queries over operations, the
// caller's visibility (Sicht) applied. The set lives in code, reviewed like code; new queries
// are added here.
package auswertung

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	"github.com/eabwasser/eabwasser/internal/dokumente/ablage"
	betriebe "github.com/eabwasser/eabwasser/internal/dokumente/betrieb"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Umfang says which rows a query reads.
type Umfang int

const (
	// Gesamt queries read their tables whole. Only data that everybody allowed to run the
	// query may see in full qualifies: value lists and organisations' register data for all,
	// accounts and the audit trail only for administrators (Aktion).
	Gesamt Umfang = iota
	// SichtbareBetriebe queries read operations only through sichtbare_betriebe, which the
	// runner defines as the caller's Sicht over the worklist read model (the one condition of
	// betriebe.Sicht.Bedingung, as the worklists and the operation file use it). Whatever
	// else they join hangs on one of those operations.
	SichtbareBetriebe
)

// sichtbareBetriebe is the WITH clause of SichtbareBetriebe queries; the first %s is the Sicht.
// The Bescheide and their Anforderungen of those operations (issue 30) are sichtbare_bescheide
// and sichtbare_anforderungen (a query that names neither does not read them: Postgres leaves
// an unreferenced WITH query out); the reminders of the caller's side and those shared with it
// (issue 42, zugriff.Nutzer.Seitig, the second %s) are sichtbare_wiedervorlagen, to be joined
// to what the caller sees.
const sichtbareBetriebe = `WITH sichtbare_betriebe AS (SELECT l.id, l.betriebs_id, l.bezeichnung, l.betriebstyp_text,
	l.betriebsstatus, l.betriebsstatus_text, l.freigabestatus, l.betreiber, l.regionalstelle, l.plz, l.ort, l.antrag_offen
	FROM arbeitsliste.betrieb l WHERE %s),
	sichtbare_bescheide AS (SELECT x.id, x.betrieb_id, x.bescheid_qualitaet, x.bescheidart, x.behoerde, x.aktenzeichen,
	x.bescheidsstatus, x.bescheidsdatum, x.ablaufdatum FROM arbeitsliste.bescheid x JOIN sichtbare_betriebe s ON s.id = x.betrieb_id),
	sichtbare_anforderungen AS (SELECT x.id, x.bescheid_id, x.betrieb_id, x.bescheidsstatus, x.bescheidart, x.bescheidsdatum,
	x.messstellen_nr, x.messstelle, x.anlage, x.anforderung_art, x.parameter_nr, x.wert, x.einheit, x.gueltig_ab, x.gueltig_bis,
	coalesce((SELECT w.wert FROM arbeitsliste.wert w WHERE w.liste = 'anforderungsparameter' AND w.schluessel = x.parameter_nr
		ORDER BY w.id LIMIT 1), x.parameter_nr) AS parameter_name
	FROM arbeitsliste.anforderung x JOIN sichtbare_betriebe s ON s.id = x.betrieb_id),
	sichtbare_wiedervorlagen AS (SELECT w.id, w.fachobjekt, w.fachobjekt_id, w.betreff, w.datum, w.angelegt_von,
	w.angelegt_von_id, w.organisation_id, w.seite FROM wiedervorlage w WHERE %s) `

// datum turns a yyyy-MM-dd text column into a date (empty: NULL), which the export writes as
// a date cell (3000-01-01, the open end: "unbefristet").
func datum(spalte string) string {
	return `to_date(nullif(` + spalte + `, ''), 'YYYY-MM-DD')`
}

// datumText is a yyyy-MM-dd text column as dd.MM.yyyy within a text.
func datumText(spalte string) string {
	return `coalesce(to_char(to_date(nullif(` + spalte + `, ''), 'YYYY-MM-DD'), 'DD.MM.YYYY'), '')`
}

// Abfrage is a stored query.
type Abfrage struct {
	ID         int64    `json:"id"`
	Kategorie  string   `json:"kategorie"`
	Filter     string   `json:"filter"`
	AbfrageBez string   `json:"abfrageBez"`
	Spalten    []string `json:"-"`
	Dateiname  string   `json:"-"`
	// Aktion is the row of the permission table (domain/berechtigung) whose roles may run the
	// query, in addition to AUSWERTUNG_EXPORTIEREN, which opens the query export at all.
	Aktion berechtigung.Aktion `json:"-"`
	Umfang Umfang              `json:"-"`
	// SQL is constant text: it never contains input. SichtbareBetriebe queries read the
	// operations from sichtbare_betriebe.
	SQL string `json:"-"`
	// Person is the number (from 1) of a column that names who did something; the query
	// selects his account, organisation and side (verlauf.Urheber) right after it, and the
	// runner shows the name as the Historie does (verlauf.Name) and drops those three. 0: none.
	Person int `json:"-"`
	// Zahlen are the numbers (from 1, as selected) of the columns holding a decimal stored as
	// text (a limit value): the export writes them as numbers (tabelle.Zahl). Counts, dates and
	// times are typed by Postgres and need no mark.
	Zahlen []int `json:"-"`
}

// freigabeText turns the freigabestatus of sichtbare_betriebe into the words of the screens.
const freigabeText = `CASE b.freigabestatus WHEN 'BEANTRAGT' THEN 'Beantragt' WHEN 'FREIGEGEBEN' THEN 'Freigegeben'
	WHEN 'ABGEWIESEN' THEN 'Abgewiesen' ELSE b.freigabestatus END`

// Abfragen are the stored queries, in the order the dropdowns show them: what operations need
// first, administration after it. Ids are stable (links, tests), not the order.
var Abfragen = []Abfrage{
	{ID: 8, Kategorie: "Betriebe", Filter: "Regionalstelle", AbfrageBez: "Betriebe je Regionalstelle und Status",
		Aktion: berechtigung.AuswertungExportieren, Umfang: SichtbareBetriebe,
		Dateiname: "betriebe-je-regionalstelle", Spalten: []string{"Regionalstelle", "Betriebsstatus", "Freigabestatus", "Anzahl"},
		SQL: `SELECT b.regionalstelle, b.betriebsstatus_text, ` + freigabeText + `, count(*)
			FROM sichtbare_betriebe b GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`},
	{ID: 9, Kategorie: "Betriebe", Filter: "Haupttätigkeit", AbfrageBez: "Betriebe je Haupttätigkeit",
		Aktion: berechtigung.AuswertungExportieren, Umfang: SichtbareBetriebe,
		Dateiname: "betriebe-je-haupttaetigkeit", Spalten: []string{"Haupttätigkeit", "Betriebe", "davon in Betrieb"},
		SQL: `SELECT coalesce(nullif(d.daten->>'haupttaetigkeit', ''), '(ohne Angabe)'), count(*),
				count(*) FILTER (WHERE b.betriebsstatus = 'IN_BETRIEB')
			FROM sichtbare_betriebe b JOIN betrieb d ON d.id = b.id GROUP BY 1 ORDER BY 1`},
	{ID: 10, Kategorie: "Betriebe", Filter: "Anträge", AbfrageBez: "Offene Anträge (Freigabe beantragt, Stammdaten-Anträge)",
		Aktion: berechtigung.AuswertungExportieren, Umfang: SichtbareBetriebe,
		Dateiname: "offene-antraege", Spalten: []string{"Antrag", "Gestellt am", "Betriebs-Nr.", "Bezeichnung", "Betreiber", "Regionalstelle", "Ort"},
		SQL: `SELECT 'Freigabe beantragt', NULL::date, b.betriebs_id, b.bezeichnung, b.betreiber, b.regionalstelle, b.ort
				FROM sichtbare_betriebe b WHERE b.freigabestatus = 'BEANTRAGT'
			UNION ALL
			SELECT 'Stammdaten-Antrag', ` + datum("d.antrag->>'gestelltAm'") + `,
				b.betriebs_id, b.bezeichnung, b.betreiber, b.regionalstelle, b.ort
				FROM sichtbare_betriebe b JOIN betrieb d ON d.id = b.id WHERE d.antrag IS NOT NULL
			ORDER BY 1, 3`},
	{ID: 11, Kategorie: "Wiedervorlagen", Filter: "Fälligkeit", AbfrageBez: "Fällige Wiedervorlagen (heute oder früher)",
		Aktion: berechtigung.WiedervorlagenLesen, Umfang: SichtbareBetriebe,
		Dateiname: "faellige-wiedervorlagen", Spalten: []string{"Datum", "Betreff", "Betrieb", "Betriebs-Nr.", "Regionalstelle", "Angelegt von"},
		SQL: `SELECT w.datum, w.betreff, b.bezeichnung, b.betriebs_id, b.regionalstelle, w.angelegt_von,
				w.angelegt_von_id, w.organisation_id, w.seite
			FROM sichtbare_wiedervorlagen w JOIN sichtbare_betriebe b ON w.fachobjekt = 'betrieb' AND b.id = w.fachobjekt_id
			WHERE w.datum <= current_date ORDER BY w.datum, b.bezeichnung, w.id`, Person: 6},
	// the Bescheide (issue 30) for the authority's staff: every Bescheid with its status, and the
	// Anforderungen of released Bescheide valid today
	{ID: 12, Kategorie: "Bescheide", Filter: "Status", AbfrageBez: "Bescheide je Betrieb mit Status",
		Aktion: berechtigung.BetriebVerlaufLesen, Umfang: SichtbareBetriebe,
		Dateiname: "bescheide", Spalten: []string{"Betrieb", "Betriebs-Nr.", "Regionalstelle", "Bescheidqualität", "Bescheidart", "Aktenzeichen",
			"Behörde", "Bescheidsdatum", "Ablaufdatum", "Status"},
		SQL: `SELECT b.bezeichnung, b.betriebs_id, b.regionalstelle, x.bescheid_qualitaet, x.bescheidart, x.aktenzeichen, x.behoerde,
				` + datum("x.bescheidsdatum") + `, ` + datum("x.ablaufdatum") + `,
				CASE x.bescheidsstatus WHEN 'ANGELEGT' THEN 'Angelegt' WHEN 'BEANTRAGT' THEN 'Beantragt' WHEN 'IN_BEARBEITUNG' THEN 'In Bearbeitung'
				WHEN 'FREIGEGEBEN' THEN 'Freigegeben' ELSE x.bescheidsstatus END
			FROM sichtbare_bescheide x JOIN sichtbare_betriebe b ON b.id = x.betrieb_id
			ORDER BY b.bezeichnung, x.bescheidsdatum DESC, x.id`},
	{ID: 13, Kategorie: "Bescheide", Filter: "Anforderungen", AbfrageBez: "Heute gültige Anforderungen freigegebener Bescheide",
		Aktion: berechtigung.BetriebVerlaufLesen, Umfang: SichtbareBetriebe,
		Dateiname: "gueltige-anforderungen", Spalten: []string{"Betrieb", "Betriebs-Nr.", "Messstellen-Nr.", "Messstelle", "Abwasseranlage",
			"Bescheid", "Art", "Parameter-Nr.", "Parameter", "Wert", "Einheit", "Gültig ab", "Gültig bis"},
		SQL: `SELECT b.bezeichnung, b.betriebs_id, x.messstellen_nr, x.messstelle, x.anlage, x.bescheidart || ' vom ' || ` + datumText("x.bescheidsdatum") + `,
				CASE x.anforderung_art WHEN 'BEHOERDLICHE_FESTLEGUNG' THEN 'Behördliche Festlegung' WHEN 'SELBSTUEBERWACHUNGSAUFLAGE'
				THEN 'Selbstüberwachungsauflage' ELSE x.anforderung_art END,
				x.parameter_nr, x.parameter_name, x.wert, x.einheit, ` + datum("x.gueltig_ab") + `, ` + datum("x.gueltig_bis") + `
			FROM sichtbare_anforderungen x JOIN sichtbare_betriebe b ON b.id = x.betrieb_id
			WHERE x.bescheidsstatus = 'FREIGEGEBEN' AND coalesce(nullif(x.gueltig_ab, ''), '0001-01-01') <= to_char(current_date, 'YYYY-MM-DD')
				AND coalesce(nullif(x.gueltig_bis, ''), '3000-01-01') >= to_char(current_date, 'YYYY-MM-DD')
			ORDER BY b.bezeichnung, x.messstellen_nr, x.parameter_nr, x.id`, Zahlen: []int{10}},
	{ID: 1, Kategorie: "Anwender", Filter: "Status", AbfrageBez: "Registrierungen, die auf Freischaltung warten",
		Aktion: berechtigung.SystemverwaltungOeffnen, Umfang: Gesamt,
		Dateiname: "freischaltung-offen", Spalten: []string{"Benutzername", "Name", "Vorname", "E-Mail", "Organisation", "Registriert am"},
		SQL: `SELECT a.benutzername, a.name, a.vorname, a.email, coalesce(o.bezeichnung, ''), a.angelegt_am
			FROM anwender a LEFT JOIN organisation o ON o.id = a.organisation_id
			WHERE a.status = 'BESTAETIGT' ORDER BY a.angelegt_am`},
	{ID: 2, Kategorie: "Anwender", Filter: "Status", AbfrageBez: "Anwender je Status und globaler Rolle",
		Aktion: berechtigung.SystemverwaltungOeffnen, Umfang: Gesamt,
		Dateiname: "anwender-je-status", Spalten: []string{"Status", "Globale Rolle", "Anzahl"},
		SQL: `SELECT status, CASE WHEN funktionale_rollen && ARRAY['SYSTEMADMIN','FACHADMIN'] THEN 'ADMIN'
				WHEN funktionale_rollen && ARRAY['ZUST_SBD','ZUST_SBB','ZUST_SBS','ZUST_SBA','LESER_BEHOERDE'] THEN 'BEHOERDE'
				ELSE 'ORGANISATION' END AS rolle, count(*)
			FROM anwender GROUP BY 1, 2 ORDER BY 1, 2`},
	{ID: 3, Kategorie: "Anwender", Filter: "Gültigkeit", AbfrageBez: "Zugänge, die in den nächsten 60 Tagen ablaufen",
		Aktion: berechtigung.SystemverwaltungOeffnen, Umfang: Gesamt,
		Dateiname: "ablaufende-zugaenge", Spalten: []string{"Benutzername", "Name", "Vorname", "Organisation", "Gültig bis"},
		SQL: `SELECT a.benutzername, a.name, a.vorname, coalesce(o.bezeichnung, ''), a.gueltig_bis
			FROM anwender a LEFT JOIN organisation o ON o.id = a.organisation_id
			WHERE a.status = 'AKTIV' AND a.gueltig_bis < now() + interval '60 days' ORDER BY a.gueltig_bis`},
	{ID: 4, Kategorie: "Organisationen", Filter: "Abwasserbeseitigungspflicht", AbfrageBez: "Abwasserbeseitigungspflichtige Organisationen",
		Aktion: berechtigung.AuswertungExportieren, Umfang: Gesamt,
		Dateiname: "abwasserbeseitigungspflichtige", Spalten: []string{"Bezeichnung", "Straße", "Hausnummer", "PLZ", "Ort", "Abgabenummer", "Status"},
		SQL: `SELECT bezeichnung, strasse, hausnummer, plz, ort, abgabenummer, status FROM organisation
			WHERE abwasserbeseitigungspflicht ORDER BY bezeichnung`},
	{ID: 5, Kategorie: "Organisationen", Filter: "Anwender", AbfrageBez: "Organisationen mit Anzahl ihrer Anwender",
		Aktion: berechtigung.SystemverwaltungOeffnen, Umfang: Gesamt,
		Dateiname: "organisationen-anwender", Spalten: []string{"Bezeichnung", "Ort", "Status", "Anwender", "davon aktiv"},
		SQL: `SELECT o.bezeichnung, o.ort, o.status, count(a.id), count(a.id) FILTER (WHERE a.status = 'AKTIV')
			FROM organisation o LEFT JOIN anwender a ON a.organisation_id = o.id GROUP BY o.id ORDER BY o.bezeichnung`},
	{ID: 6, Kategorie: "Protokoll", Filter: "Änderungen", AbfrageBez: "Änderungen der letzten 30 Tage je Anwender und Ereignis",
		Aktion: berechtigung.AuditLesen, Umfang: Gesamt,
		Dateiname: "aenderungen-30-tage", Spalten: []string{"Anwender", "Ereignis", "Anzahl", "Letzte Änderung"},
		SQL: `SELECT benutzer_name, event_type, count(*), max(zeitpunkt) FROM audit.eintrag
			WHERE zeitpunkt > now() - interval '30 days' GROUP BY 1, 2 ORDER BY 1, 2`},
	{ID: 7, Kategorie: "Wertelisten", Filter: "Einträge", AbfrageBez: "Alle Wertelisten mit ihren Einträgen",
		Aktion: berechtigung.AuswertungExportieren, Umfang: Gesamt,
		Dateiname: "wertelisten", Spalten: []string{"Werteliste", "ID", "Wert"},
		SQL: `SELECT liste, id, wert FROM werteliste_eintrag ORDER BY liste, wert`},
}

// Darf tells whether someone with these roles may run the query.
func (a Abfrage) Darf(rollen []string) bool {
	return berechtigung.Darf(rollen, berechtigung.AuswertungExportieren) && berechtigung.Darf(rollen, a.Aktion)
}

// Rollen lists the functional roles that may run the query.
func (a Abfrage) Rollen() []berechtigung.Rolle {
	var out []berechtigung.Rolle
	for _, r := range berechtigung.Alle {
		if a.Darf([]string{string(r)}) {
			out = append(out, r)
		}
	}
	return out
}

// Erlaubte lists the stored queries someone with these roles may run, in the dropdowns' order.
func Erlaubte(rollen []string) []Abfrage {
	out := []Abfrage{}
	for _, a := range Abfragen {
		if a.Darf(rollen) {
			out = append(out, a)
		}
	}
	return out
}

// Nach returns the stored query with id.
func Nach(id int64) (Abfrage, bool) {
	for _, a := range Abfragen {
		if a.ID == id {
			return a, true
		}
	}
	return Abfrage{}, false
}

// Fuer returns the stored query id for someone with these roles: validierung.NichtGefunden when
// there is none, validierung.NichtErlaubt when the roles may not run it. The set of queries is
// code and no secret, so a forbidden one is refused (403) rather than hidden (404), as a
// route is whose action the caller lacks.
func Fuer(id int64, rollen []string) (Abfrage, error) {
	a, ok := Nach(id)
	if !ok {
		return Abfrage{}, validierung.NichtGefunden
	}
	if !a.Darf(rollen) {
		return Abfrage{}, validierung.NichtErlaubt
	}
	return a, nil
}

// sql is the text and arguments of a query for caller n (resolved) who sees s.
func (a Abfrage) sql(n zugriff.Nutzer, s betriebe.Sicht) (string, []any) {
	if a.Umfang != SichtbareBetriebe {
		return a.SQL, nil
	}
	var args []any
	sicht := s.Bedingung(zugriff.Betriebsspalten("l."), zugriff.Platzhalter(&args))
	return fmt.Sprintf(sichtbareBetriebe, sicht, n.Seitig(ablage.SeitenSpalten("w."), zugriff.Platzhalter(&args))) + a.SQL, args
}

// Exportiere runs a stored query for caller n (resolved) who sees s and writes its result as
// xlsx to w, reading the rows as they come. The caller's right to run it is checked before
// (Fuer).
func Exportiere(ctx context.Context, q eventstore.Querier, a Abfrage, n zugriff.Nutzer, s betriebe.Sicht, w io.Writer) error {
	text, args := a.sql(n, s)
	rows, err := q.Query(ctx, text, args...)
	if err != nil {
		return fmt.Errorf("Abfrage %d: %w", a.ID, err)
	}
	defer rows.Close()
	felder := rows.FieldDescriptions()
	return tabelle.Schreibe(w, a.Kategorie, a.Spalten, func(zeile func(...any) error) error {
		for rows.Next() {
			werte, err := rows.Values()
			if err != nil {
				return err
			}
			for i, v := range werte {
				werte[i] = zelle(v, felder[i].DataTypeOID, slices.Contains(a.Zahlen, i+1))
			}
			if p := a.Person; p > 0 && len(werte) >= p+3 {
				name, _ := werte[p-1].(string)
				konto, _ := werte[p].(int64)
				organisation, _ := werte[p+1].(int64)
				seite, _ := werte[p+2].(string)
				werte[p-1] = verlauf.Name(n, verlauf.Urheber{Konto: konto, Organisation: organisation, Seite: seite}, name)
				werte = append(werte[:p], werte[p+3:]...)
			}
			if err := zeile(werte...); err != nil {
				return err
			}
		}
		return rows.Err()
	})
}

// zelle is the cell of a query's value v of the Postgres type oid: a date a date cell, a
// timestamp a date-and-time cell (Europe/Berlin), a numeric a number, a stored decimal of a
// column of Zahlen a number; anything else as pgx reads it (text, counts).
func zelle(v any, oid uint32, zahl bool) any {
	switch v := v.(type) {
	case time.Time:
		if oid == pgtype.DateOID {
			return tabelle.Datum(v.Format(time.DateOnly))
		}
		return tabelle.Zeitpunkt(v)
	case pgtype.Numeric:
		if f, err := v.Float64Value(); err == nil && f.Valid {
			return f.Float64
		}
		return nil
	case string:
		if zahl {
			return tabelle.Zahl(v)
		}
	}
	return v
}
