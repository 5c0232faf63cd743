package auswahl

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/eventstore"
)

// AufnehmendeAnlage is a plant that can receive another plant's wastewater, with what the
// receiving-plant picker shows of it: its name, operation and operator — and nothing else,
// also of an operation the caller does not see (docs/decisions.md, "Plant network").
type AufnehmendeAnlage struct {
	ID          int64  `json:"id"`
	Bezeichnung string `json:"bezeichnung"`
	BetriebID   int64  `json:"betriebId"`
	Betrieb     string `json:"betrieb"`
	Betreiber   string `json:"betreiber"`
}

// AufnahmeFilter narrows the receiving plants.
type AufnahmeFilter struct {
	// BetriebID is the operation of the discharging plant: its own treatment plants are offered
	// besides the municipal ones (0: the municipal ones only).
	BetriebID int64
	// Ausser is the discharging plant itself.
	Ausser int64
	// Suche: a part of the plant's, the operation's or the operator's name (any case).
	Suche string
	// IDs, when not nil, keeps only those (the check of a saved reference).
	IDs []int64
	// Hoechstens bounds the rows (0: MaxAufnehmende).
	Hoechstens int
}

// MaxAufnehmende is the most rows one answer of the picker lists; the dialog searches.
const MaxAufnehmende = 200

// MsgAufnahme answers a receiving plant the picker does not offer (one text whether it exists).
const MsgAufnahme = "Die gewählte Anlage kann nicht als aufnehmende Anlage ausgewählt werden."

// AufnehmendeAnlagen lists the plants a plant of operation f.BetriebID may discharge into
// (GET /api/anlage/moeglicheAufnehmendeAnlagen; with BetriebID 0 GET
// /api/anlage/abwasserbehandlung/alleVonAktivenBetriebenKommunalAbwasserbehandlungsanlagen/):
// treatment plants in use — of the plant's own operation, and of every municipal operation
// that is released and not shut down, whoever operates it — by name.
func AufnehmendeAnlagen(ctx context.Context, q eventstore.Querier, f AufnahmeFilter) ([]AufnehmendeAnlage, error) {
	max := f.Hoechstens
	if max <= 0 {
		max = MaxAufnehmende
	}
	rows, err := q.Query(ctx, `SELECT a.id, a.bezeichnung, b.id, b.bezeichnung, COALESCE(o.bezeichnung, '')
		FROM anlage a JOIN betrieb b ON b.id = a.betrieb_id LEFT JOIN organisation o ON o.id = b.betreiber_id
		WHERE a.anlagentyp = $1 AND a.anlagenstatus <> ALL($2)
		  AND (a.betrieb_id = $3 OR b.betriebstyp = 'KOMMUNAL' AND b.freigabestatus = $4 AND b.betriebsstatus <> $5)
		  AND a.id <> $6
		  AND ($7 = '' OR strpos(lower(a.bezeichnung || ' ' || b.bezeichnung || ' ' || COALESCE(o.bezeichnung, '')), $7) > 0)
		  AND ($8::bigint[] IS NULL OR a.id = ANY($8))
		ORDER BY lower(a.bezeichnung), a.id
		LIMIT $9`,
		anlage.Abwasserbehandlung, []string{anlage.Stillgelegt, anlage.AngeschlossenAn}, f.BetriebID, betrieb.Freigegeben,
		betrieb.Stillgelegt, f.Ausser, strings.ToLower(strings.TrimSpace(f.Suche)), f.IDs, max)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[AufnehmendeAnlage])
}

// PruefeAufnahme checks that a receiving plant neu that differs from bisher is one the picker
// offers a plant (id, 0 when new) of operation betriebID; the one the plant already names
// stays valid although it is no longer offered (shut down, its operation no longer active).
func PruefeAufnahme(ctx context.Context, q eventstore.Querier, betriebID, id, neu, bisher int64) error {
	ids := neue([]int64{neu}, []int64{bisher})
	if ids == nil {
		return nil
	}
	as, err := AufnehmendeAnlagen(ctx, q, AufnahmeFilter{BetriebID: betriebID, Ausser: id, IDs: ids})
	if err != nil {
		return err
	}
	gefunden := make([]int64, len(as))
	for i, a := range as {
		gefunden[i] = a.ID
	}
	return pruefe("aufnahme", MsgAufnahme, ids, gefunden)
}
