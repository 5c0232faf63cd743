// Package ueberschreitung is the read model of the limit-value checks of annual reports: every
// measured value above the Überwachungswert or Höchstwert valid on its date, with whether it
// still counts as kept by the 4-of-5 rule of § 6 Abs. 1 AbwV, and per parameter and kind of
// limit the evaluation (jahresbericht.BewerteNachAbwV; docs/decisions.md "Limit-value
// checks"). Staff read it as the Überschreitungen of an operation and on the start page.
//
// What it is derived from are documents, not events alone: the reports' values
// (public.jahresbericht, jahresbericht_parameter) and the Anforderungen of the released
// Bescheide (public.bescheid), both written in their commands' transactions. An event says which
// reports to evaluate again — a report's event that report and the plant's reports of the three
// years after it (their windows reach back), a Bescheid's event every report of its operation,
// an event of an entry of the value list anforderungsparameter (its significant digits and § 6
// mark, issue 43 item 3) every report — and they are evaluated from the documents as they are. The last event touching a report is
// applied after the documents reached their final state, so the live build and a rebuild end
// equal (internal/verdrahtung/app's rebuild test).
package ueberschreitung

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/projections"
)

// Name is the projection's name and schema.
const Name = "ueberschreitungen"

// schema: one row per exceedance of a value (zeile: its row among the parameter's values) and
// per parameter and kind of limit its evaluation. Operation, plant, year and unit are copied
// from the report as evaluated; names are read with the page.
const schema = `
CREATE TABLE ueberschreitung (
    parameter_id     bigint  NOT NULL,
    zeile            integer NOT NULL,
    art              text    NOT NULL,
    jahresbericht_id bigint  NOT NULL,
    jahr             integer NOT NULL,
    betrieb_id       bigint  NOT NULL,
    anlage_id        bigint  NOT NULL,
    messstelle_id    bigint  NOT NULL,
    parameter_nr     text    NOT NULL,
    einheit          text    NOT NULL,
    datum            text    NOT NULL,
    uhrzeit          text    NOT NULL,
    wert             text    NOT NULL,
    grenzwert        text    NOT NULL,
    anforderung_id   bigint  NOT NULL,
    ueber_hundert    boolean NOT NULL,
    eingehalten      boolean NOT NULL,
    regel            text    NOT NULL,
    erlaeuterung     text    NOT NULL,
    PRIMARY KEY (parameter_id, zeile, art)
);
CREATE TABLE bewertung (
    parameter_id     bigint  NOT NULL,
    art              text    NOT NULL,
    jahresbericht_id bigint  NOT NULL,
    jahr             integer NOT NULL,
    betrieb_id       bigint  NOT NULL,
    eingehalten      boolean NOT NULL,
    PRIMARY KEY (parameter_id, art)
);
`

// indexe serve the operation's list (by year, then date), the start page's count per operation
// and year, and the deletes by report.
const indexe = `
CREATE INDEX ueberschreitung_betrieb ON ueberschreitung (betrieb_id, jahr, datum, uhrzeit);
CREATE INDEX ueberschreitung_jahr ON ueberschreitung (jahr, betrieb_id) INCLUDE (eingehalten);
CREATE INDEX ueberschreitung_bericht ON ueberschreitung (jahresbericht_id);
CREATE INDEX bewertung_bericht ON bewertung (jahresbericht_id)
`

var (
	ueberschreitungSpalten = []string{"parameter_id", "zeile", "art", "jahresbericht_id", "jahr", "betrieb_id", "anlage_id",
		"messstelle_id", "parameter_nr", "einheit", "datum", "uhrzeit", "wert", "grenzwert", "anforderung_id", "ueber_hundert", "eingehalten",
		"regel", "erlaeuterung"}
	bewertungSpalten = []string{"parameter_id", "art", "jahresbericht_id", "jahr", "betrieb_id", "eingehalten"}
)

// projiziere evaluates again the reports the batch's events name (a).
func projiziere(ctx context.Context, s *projections.Stapel, a anlass) (*projections.Schreiben, error) {
	berichte, bescheide, eintraege, liste := a.berichte, a.bescheide, a.eintraege, a.liste
	w := &projections.Schreiben{}
	if !liste && len(eintraege) > 0 {
		// a change or deletion names no list: the entry's (a deleted one is gone — evaluate
		// again, it may have been a parameter's)
		err := s.QueryRow(ctx, `SELECT count(DISTINCT id) < $2 OR bool_or(liste = $3) FROM public.werteliste_eintrag WHERE id = ANY($1)`,
			eintraege, len(dedupe(eintraege)), parameterliste).Scan(&liste)
		if err != nil {
			return nil, err
		}
	}
	if len(berichte) == 0 && len(bescheide) == 0 && !liste {
		return w, nil
	}
	betroffen, err := betroffeneBerichte(ctx, s, berichte, bescheide, liste)
	if err != nil || len(betroffen) == 0 {
		return w, err
	}
	alle := make([]any, len(betroffen))
	for i, id := range betroffen {
		alle[i] = id
	}
	w.Loeschen("ueberschreitung", "jahresbericht_id", alle)
	w.Loeschen("bewertung", "jahresbericht_id", alle)
	zeilen, bewertungen, err := auswerten(ctx, s, betroffen)
	if err != nil {
		return nil, err
	}
	w.Kopieren("ueberschreitung", ueberschreitungSpalten, zeilen)
	w.Kopieren("bewertung", bewertungSpalten, bewertungen)
	return w, nil
}

// betroffeneBerichte are the reports to evaluate again: those whose events the batch holds and
// the plant's reports of the three years after each, and every report of the operation of a
// Bescheid of the batch (deleted ones too: their rows go); alle: every report.
func betroffeneBerichte(ctx context.Context, s *projections.Stapel, berichte, bescheide []int64, alle bool) ([]int64, error) {
	rows, err := s.Query(ctx, `SELECT j2.id FROM public.jahresbericht j
		JOIN public.jahresbericht j2 ON j2.anlage_id = j.anlage_id AND j2.jahr BETWEEN j.jahr AND j.jahr + $3
		WHERE j.id = ANY($1)
		UNION
		SELECT j.id FROM public.bescheid d JOIN public.anlage a ON a.betrieb_id = d.betrieb_id
		JOIN public.jahresbericht j ON j.anlage_id = a.id WHERE d.id = ANY($2)
		UNION
		SELECT j.id FROM public.jahresbericht j WHERE $4
		ORDER BY 1`, berichte, bescheide, jahresbericht.Rueckblick, alle)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// bericht is a report as the evaluation reads it: its parameters with their values.
type bericht struct {
	id, anlageID, betriebID int64
	jahr                    int
	parameter               []jahresbericht.Parameter
}

// reihe is one series of results: a plant's measuring point and parameter (number and kind).
type reihe struct {
	anlageID, messstelle int64
	nr, art              string
}

// auswerten evaluates the reports ids (those not deleted): it reads them, the reports of their
// plants of the three years before (whose values count in the windows), and the Anforderungen of
// the released Bescheide of their operations, in three queries.
func auswerten(ctx context.Context, s *projections.Stapel, ids []int64) (zeilen, bewertungen [][]any, err error) {
	// the reports to evaluate and those of the same plants back to three years before the first
	var ziele []bericht
	jahre := map[reihe]map[int][]jahresbericht.Messwert{} // a series' values per year
	betriebe := map[int64]bool{}
	rows, err := s.Query(ctx, `WITH ziel AS (SELECT anlage_id, min(jahr) AS von, max(jahr) AS bis FROM public.jahresbericht
			WHERE id = ANY($1) AND NOT geloescht GROUP BY anlage_id)
		SELECT j.id, j.anlage_id, a.betrieb_id, j.jahr, j.id = ANY($1), j.zustand->'parameter',
			(SELECT jsonb_object_agg(p.parameter_id::text, p.messwerte) FROM public.jahresbericht_parameter p WHERE p.jahresbericht_id = j.id)
		FROM ziel z JOIN public.jahresbericht j ON j.anlage_id = z.anlage_id AND j.jahr BETWEEN z.von - $2 AND z.bis AND NOT j.geloescht
		JOIN public.anlage a ON a.id = j.anlage_id
		ORDER BY j.jahr, j.id`, ids, jahresbericht.Rueckblick)
	if err != nil {
		return nil, nil, err
	}
	for rows.Next() {
		var b bericht
		var ziel bool
		var parameter, werte []byte
		if err := rows.Scan(&b.id, &b.anlageID, &b.betriebID, &b.jahr, &ziel, &parameter, &werte); err != nil {
			rows.Close()
			return nil, nil, err
		}
		if err := json.Unmarshal(parameter, &b.parameter); err != nil {
			rows.Close()
			return nil, nil, fmt.Errorf("Jahresbericht %d: %w", b.id, err)
		}
		m := map[int64][]jahresbericht.Messwert{}
		if len(werte) > 0 {
			if err := json.Unmarshal(werte, &m); err != nil {
				rows.Close()
				return nil, nil, fmt.Errorf("Jahresbericht %d: %w", b.id, err)
			}
		}
		for i := range b.parameter {
			p := &b.parameter[i]
			p.Messwerte = m[p.ParameterID]
			r := reihe{b.anlageID, p.Messstelle, p.ParameterNr, p.ParameterArt}
			if jahre[r] == nil {
				jahre[r] = map[int][]jahresbericht.Messwert{}
			}
			jahre[r][b.jahr] = append(jahre[r][b.jahr], p.Messwerte...)
		}
		if ziel {
			ziele = append(ziele, b)
			betriebe[b.betriebID] = true
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	anforderungen, err := anforderungenDer(ctx, s, betriebe)
	if err != nil {
		return nil, nil, err
	}
	regeln, err := parameterregeln(ctx, s)
	if err != nil {
		return nil, nil, err
	}
	for _, b := range ziele {
		for _, p := range b.parameter {
			if len(p.Messwerte) == 0 {
				continue
			}
			vorwerte := func(p jahresbericht.Parameter) []jahresbericht.Messwert {
				var out []jahresbericht.Messwert
				r := reihe{b.anlageID, p.Messstelle, p.ParameterNr, p.ParameterArt}
				for j := b.jahr - jahresbericht.Rueckblick; j < b.jahr; j++ {
					out = append(out, jahre[r][j]...)
				}
				return out
			}
			a := jahresbericht.BewerteNachAbwV(vorwerte(p), p.Messwerte, jahresbericht.GrenzwerteAus(p, anforderungen[b.betriebID]),
				jahresbericht.RegelnFuer(p, b.parameter, regeln, vorwerte))
			for _, v := range a.Vergleiche {
				if v.Ueberschritten {
					zeilen = append(zeilen, []any{p.ParameterID, int32(v.Index), v.Art, b.id, int32(b.jahr), b.betriebID, b.anlageID,
						p.Messstelle, p.ParameterNr, p.Einheit, v.Datum, v.Uhrzeit, v.Wert, v.Grenzwert, v.AnforderungID,
						v.UeberHundertProzent, v.Eingehalten, v.Regel, v.Erlaeuterung})
				}
			}
			for _, bw := range a.Bewertungen {
				bewertungen = append(bewertungen, []any{p.ParameterID, bw.Art, b.id, int32(b.jahr), b.betriebID, bw.Eingehalten})
			}
		}
	}
	return zeilen, bewertungen, nil
}

// parameterliste is the value list whose entries give a parameter's significant digits and § 6
// mark.
const parameterliste = "anforderungsparameter"

// parameterregeln are what the value list anforderungsparameter says for § 6 AbwV, by number.
func parameterregeln(ctx context.Context, s *projections.Stapel) (map[string]jahresbericht.Parameterregel, error) {
	rows, err := s.Query(ctx, `SELECT extras FROM public.werteliste_eintrag WHERE liste = $1 AND extras IS NOT NULL ORDER BY id`, parameterliste)
	if err != nil {
		return nil, err
	}
	out := map[string]jahresbericht.Parameterregel{}
	var extras []byte
	_, err = pgx.ForEachRow(rows, []any{&extras}, func() error {
		if nr, r, ok := jahresbericht.ParameterregelAus(extras); ok {
			out[nr] = r
		}
		return nil
	})
	return out, err
}

func dedupe(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// anforderungenDer are the Anforderungen of the released Bescheide of the operations.
func anforderungenDer(ctx context.Context, s *projections.Stapel, betriebe map[int64]bool) (map[int64][]bescheid.Anforderung, error) {
	ids := make([]int64, 0, len(betriebe))
	for id := range betriebe {
		ids = append(ids, id)
	}
	rows, err := s.Query(ctx, `SELECT d.betrieb_id, x.a FROM public.bescheid d, jsonb_array_elements(d.anforderungen) AS x(a)
		WHERE d.betrieb_id = ANY($1) AND NOT d.geloescht AND d.bescheidsstatus = $2
		ORDER BY d.betrieb_id, (x.a->>'anforderungId')::bigint`, ids, bescheid.Freigegeben)
	if err != nil {
		return nil, err
	}
	out := map[int64][]bescheid.Anforderung{}
	var betrieb int64
	var a bescheid.Anforderung
	_, err = pgx.ForEachRow(rows, []any{&betrieb, &a}, func() error {
		out[betrieb] = append(out[betrieb], a)
		a = bescheid.Anforderung{}
		return nil
	})
	return out, err
}
