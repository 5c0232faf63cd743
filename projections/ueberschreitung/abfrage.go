package ueberschreitung

import (
	"context"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Zeile is an exceedance in the list of an operation (GET /api/betrieb/{id}/ueberschreitungen):
// the value and the limit it exceeded, where and when, and whether it still counts as kept by
// the 4-of-5 rule (Eingehalten), the paragraph of § 6 AbwV that decided (Regel) and the verdict in
// German (Erlaeuterung, as the parameter view shows it) — with what the page links to. Datum is yyyy-MM-dd, yyyy-MM or
// yyyy as the template stores it.
type Zeile struct {
	JahresberichtID int64  `json:"jahresberichtId"`
	Jahr            int    `json:"jahr"`
	Status          string `json:"status"`
	AnlageID        int64  `json:"anlageId"`
	Anlage          string `json:"anlage"`
	MessstelleID    int64  `json:"messstelleId"`
	MessstellenNr   string `json:"messstellenNr"`
	Messstelle      string `json:"messstelle"`
	ParameterID     int64  `json:"parameterId"`
	ParameterNr     string `json:"parameterNr"`
	Einheit         string `json:"einheit"`
	Zeile           int    `json:"zeile"`
	Datum           string `json:"datum"`
	Uhrzeit         string `json:"uhrzeit"`
	Wert            string `json:"wert"`
	Art             string `json:"art"`
	Grenzwert       string `json:"grenzwert"`
	UeberHundert    bool   `json:"ueberHundertProzent"`
	Eingehalten     bool   `json:"eingehalten"`
	Regel           string `json:"regel"`
	Erlaeuterung    string `json:"erlaeuterung"`
}

// MaxZeilen bounds the list of one operation and year: a year of hourly values above the
// limit at every measuring point is more than a page shows; the page says when it is cut.
const MaxZeilen = 2000

// DesBetriebs lists the exceedances of operation betriebID in year jahr (0: every year), the
// newest year first, then by date, at most MaxZeilen. The caller has checked that the operation is
// visible.
func DesBetriebs(ctx context.Context, q eventstore.Querier, betriebID int64, jahr int) ([]Zeile, error) {
	rows, err := q.Query(ctx, `SELECT u.jahresbericht_id, u.jahr, j.status, u.anlage_id, a.bezeichnung, u.messstelle_id,
			COALESCE(m.messstellen_id, ''), COALESCE(m.bezeichnung, ''), u.parameter_id, u.parameter_nr, u.einheit, u.zeile,
			u.datum, u.uhrzeit, u.wert, u.art, u.grenzwert, u.ueber_hundert, u.eingehalten, u.regel, u.erlaeuterung
		FROM `+Name+`.ueberschreitung u JOIN public.jahresbericht j ON j.id = u.jahresbericht_id
		JOIN public.anlage a ON a.id = u.anlage_id LEFT JOIN public.messstelle m ON m.id = u.messstelle_id
		WHERE u.betrieb_id = $1 AND ($2 = 0 OR u.jahr = $2)
		ORDER BY u.jahr DESC, u.datum, u.uhrzeit, u.parameter_id, u.zeile, u.art LIMIT $3`, betriebID, jahr, MaxZeilen)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Zeile, error) {
		var z Zeile
		err := r.Scan(&z.JahresberichtID, &z.Jahr, &z.Status, &z.AnlageID, &z.Anlage, &z.MessstelleID, &z.MessstellenNr, &z.Messstelle,
			&z.ParameterID, &z.ParameterNr, &z.Einheit, &z.Zeile, &z.Datum, &z.Uhrzeit, &z.Wert, &z.Art, &z.Grenzwert, &z.UeberHundert,
			&z.Eingehalten, &z.Regel, &z.Erlaeuterung)
		return z, err
	})
}

// Betrieb is an operation in the start page's list: its exceedances of year Jahr, how many of
// them count as not kept, and how many parameters did not keep a limit that year.
type Betrieb struct {
	BetriebID         int64  `json:"betriebId"`
	Betrieb           string `json:"betrieb"`
	BetriebsNr        string `json:"betriebsNr"`
	Jahr              int    `json:"jahr"`
	Ueberschreitungen int    `json:"ueberschreitungen"`
	NichtEingehalten  int    `json:"nichtEingehalten"`
	ParameterVerfehlt int    `json:"parameterVerfehlt"`
}

// Seite is a page of the start page's list.
type Seite struct {
	Content       []Betrieb `json:"content"`
	TotalElements int64     `json:"totalElements"`
}

// Betriebe lists the operations the Sicht includes that have exceedances in year jahr, those
// with the most not kept first, a page of size from page (0-based).
func Betriebe(ctx context.Context, q eventstore.Querier, s zugriff.Sicht, jahr, page, size int) (Seite, error) {
	args := []any{jahr}
	bedingung := s.Bedingung(zugriff.Betriebsspalten("b."), zugriff.Platzhalter(&args))
	args = append(args, size, page*size)
	rows, err := q.Query(ctx, `WITH je AS (SELECT u.betrieb_id, count(*) AS n, count(*) FILTER (WHERE NOT u.eingehalten) AS nicht
			FROM `+Name+`.ueberschreitung u WHERE u.jahr = $1 GROUP BY u.betrieb_id)
		SELECT je.betrieb_id, b.bezeichnung, b.betriebs_id, je.n, je.nicht,
			(SELECT count(*) FROM `+Name+`.bewertung w WHERE w.betrieb_id = je.betrieb_id AND w.jahr = $1 AND NOT w.eingehalten),
			count(*) OVER ()
		FROM je JOIN public.betrieb b ON b.id = je.betrieb_id WHERE `+bedingung+`
		ORDER BY je.nicht DESC, je.n DESC, lower(b.bezeichnung), je.betrieb_id
		LIMIT $`+strconv.Itoa(len(args)-1)+` OFFSET $`+strconv.Itoa(len(args)), args...)
	if err != nil {
		return Seite{}, err
	}
	out := Seite{Content: []Betrieb{}}
	var b Betrieb
	_, err = pgx.ForEachRow(rows, []any{&b.BetriebID, &b.Betrieb, &b.BetriebsNr, &b.Ueberschreitungen, &b.NichtEingehalten,
		&b.ParameterVerfehlt, &out.TotalElements}, func() error {
		b.Jahr = jahr
		out.Content = append(out.Content, b)
		return nil
	})
	return out, err
}
