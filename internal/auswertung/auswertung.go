// Package auswertung holds the stored queries (Abfragen) of the query export: each a named
// SQL query over the read models whose result is handed out as a spreadsheet. The set lives
// in code, reviewed like code; new queries are added here.
package auswertung

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/tabelle"
)

// Abfrage is a stored query.
type Abfrage struct {
	ID         int64    `json:"id"`
	Kategorie  string   `json:"kategorie"`
	Filter     string   `json:"filter"`
	AbfrageBez string   `json:"abfrageBez"`
	Spalten    []string `json:"-"`
	SQL        string   `json:"-"`
	Dateiname  string   `json:"-"`
}

// Abfragen are the stored queries, in the order the dropdowns show them.
var Abfragen = []Abfrage{
	{ID: 1, Kategorie: "Anwender", Filter: "Status", AbfrageBez: "Registrierungen, die auf Freischaltung warten",
		Dateiname: "freischaltung-offen", Spalten: []string{"Benutzername", "Name", "Vorname", "E-Mail", "Organisation", "Registriert am"},
		SQL: `SELECT a.benutzername, a.name, a.vorname, a.email, coalesce(o.bezeichnung, ''), a.angelegt_am
			FROM anwender a LEFT JOIN organisation o ON o.id = a.organisation_id
			WHERE a.status = 'BESTAETIGT' ORDER BY a.angelegt_am`},
	{ID: 2, Kategorie: "Anwender", Filter: "Status", AbfrageBez: "Anwender je Status und globaler Rolle",
		Dateiname: "anwender-je-status", Spalten: []string{"Status", "Globale Rolle", "Anzahl"},
		SQL: `SELECT status, CASE WHEN funktionale_rollen && ARRAY['SYSTEMADMIN','FACHADMIN'] THEN 'ADMIN'
				WHEN funktionale_rollen && ARRAY['ZUST_SBD','ZUST_SBB','ZUST_SBS','ZUST_SBA','LESER_BEHOERDE'] THEN 'BEHOERDE'
				ELSE 'ORGANISATION' END AS rolle, count(*)
			FROM anwender GROUP BY 1, 2 ORDER BY 1, 2`},
	{ID: 3, Kategorie: "Anwender", Filter: "Gültigkeit", AbfrageBez: "Zugänge, die in den nächsten 60 Tagen ablaufen",
		Dateiname: "ablaufende-zugaenge", Spalten: []string{"Benutzername", "Name", "Vorname", "Organisation", "Gültig bis"},
		SQL: `SELECT a.benutzername, a.name, a.vorname, coalesce(o.bezeichnung, ''), a.gueltig_bis
			FROM anwender a LEFT JOIN organisation o ON o.id = a.organisation_id
			WHERE a.status = 'AKTIV' AND a.gueltig_bis < now() + interval '60 days' ORDER BY a.gueltig_bis`},
	{ID: 4, Kategorie: "Organisationen", Filter: "Abwasserbeseitigungspflicht", AbfrageBez: "Abwasserbeseitigungspflichtige Organisationen",
		Dateiname: "abwasserbeseitigungspflichtige", Spalten: []string{"Bezeichnung", "Straße", "Hausnummer", "PLZ", "Ort", "Abgabenummer", "Status"},
		SQL: `SELECT bezeichnung, strasse, hausnummer, plz, ort, abgabenummer, status FROM organisation
			WHERE abwasserbeseitigungspflicht ORDER BY bezeichnung`},
	{ID: 5, Kategorie: "Organisationen", Filter: "Anwender", AbfrageBez: "Organisationen mit Anzahl ihrer Anwender",
		Dateiname: "organisationen-anwender", Spalten: []string{"Bezeichnung", "Ort", "Status", "Anwender", "davon aktiv"},
		SQL: `SELECT o.bezeichnung, o.ort, o.status, count(a.id), count(a.id) FILTER (WHERE a.status = 'AKTIV')
			FROM organisation o LEFT JOIN anwender a ON a.organisation_id = o.id GROUP BY o.id ORDER BY o.bezeichnung`},
	{ID: 6, Kategorie: "Protokoll", Filter: "Änderungen", AbfrageBez: "Änderungen der letzten 30 Tage je Anwender und Ereignis",
		Dateiname: "aenderungen-30-tage", Spalten: []string{"Anwender", "Ereignis", "Anzahl", "Letzte Änderung"},
		SQL: `SELECT benutzer_name, event_type, count(*), max(zeitpunkt) FROM audit.eintrag
			WHERE zeitpunkt > now() - interval '30 days' GROUP BY 1, 2 ORDER BY 1, 2`},
	{ID: 7, Kategorie: "Wertelisten", Filter: "Einträge", AbfrageBez: "Alle Wertelisten mit ihren Einträgen",
		Dateiname: "wertelisten", Spalten: []string{"Werteliste", "ID", "Wert"},
		SQL: `SELECT liste, id, wert FROM werteliste_eintrag ORDER BY liste, wert`},
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

// Exportiere runs a stored query and writes its result as xlsx to w.
func Exportiere(ctx context.Context, q eventstore.Querier, a Abfrage, w io.Writer) error {
	rows, err := q.Query(ctx, a.SQL)
	if err != nil {
		return fmt.Errorf("Abfrage %d: %w", a.ID, err)
	}
	defer rows.Close()
	return tabelle.Schreibe(w, a.Kategorie, a.Spalten, func(zeile func(...any) error) error {
		for rows.Next() {
			werte, err := rows.Values()
			if err != nil {
				return err
			}
			for i, v := range werte {
				if t, ok := v.(time.Time); ok {
					werte[i] = t.Local().Format("02.01.2006 15:04")
				}
			}
			if err := zeile(werte...); err != nil {
				return err
			}
		}
		return rows.Err()
	})
}
