package auswahl

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/eventstore"
)

// Netzanlage is a plant another plant's wastewater can be led into — a receiving treatment
// plant, or the relief plant a throttle outflow leads to — with what the pickers show of it:
// its name, operation and operator, and nothing else, also of an operation the caller does not
// see (docs/decisions.md, "Plant network").
type Netzanlage struct {
	ID          int64  `json:"id"`
	Bezeichnung string `json:"bezeichnung"`
	BetriebID   int64  `json:"betriebId"`
	Betrieb     string `json:"betrieb"`
	Betreiber   string `json:"betreiber"`
}

// NetzFilter narrows the plants of the network a plant may name.
type NetzFilter struct {
	// Typ: anlage.Abwasserbehandlung (receiving plants) or anlage.Entlastung (throttle outflows).
	Typ string
	// Anlagenart: plants of this kind only ("" any).
	Anlagenart string
	// BetriebID is the operation of the naming plant: its own plants of the type are offered
	// besides those of the municipal operations (0: the municipal ones only).
	BetriebID int64
	// NurBetrieb: the operation's own plants only.
	NurBetrieb bool
	// OhneBetriebID: none of this operation (one that is being shut down).
	OhneBetriebID int64
	// Ausser is the naming plant itself.
	Ausser int64
	// Suche: a part of the plant's, the operation's or the operator's name (any case).
	Suche string
	// IDs, when not nil, keeps only those (the check of a saved reference).
	IDs []int64
	// Hoechstens bounds the rows (0: MaxNetzanlagen).
	Hoechstens int
}

// MaxNetzanlagen is the most rows one answer of a picker lists; the dialog searches.
const MaxNetzanlagen = 200

// Messages of a refused plant of the network (one text whether the id exists or not).
const (
	MsgAufnahme      = "Die gewählte Anlage kann nicht als aufnehmende Anlage ausgewählt werden."
	MsgDrosselablauf = "Die gewählte Anlage kann nicht als Drosselablauf ausgewählt werden."
	MsgErsatz        = "Die gewählte Anlage kann nicht als Ersatzkläranlage ausgewählt werden."
)

// Netzanlagen lists the plants of type f.Typ in use that a plant of operation f.BetriebID may
// lead its wastewater into: those of its own operation and those of every municipal operation
// that is released and not shut down, whoever operates it — by name. It is the query of the
// pickers (GET /api/anlage/moeglicheAufnehmendeAnlagen, …/alleVonAktivenBetriebenKommunal…,
// …/entlastung/drosselablauf/{anlagenart}, …/drosselablauf-betrieb/{betriebId}/{anlagenart})
// and of the checks of a saved reference.
func Netzanlagen(ctx context.Context, q eventstore.Querier, f NetzFilter) ([]Netzanlage, error) {
	max := f.Hoechstens
	if max <= 0 {
		max = MaxNetzanlagen
	}
	// two branches, each in the pickers' order: the operation's own plants, and those of the
	// active municipal operations (kommunal_aktiv, walked along anlage_netzauswahl until the
	// page is full)
	const zeile = `SELECT a.id, a.bezeichnung, b.id AS betrieb_id, b.bezeichnung AS betrieb, COALESCE(o.bezeichnung, '') AS betreiber,
		lower(a.bezeichnung) AS name
		FROM anlage a JOIN betrieb b ON b.id = a.betrieb_id LEFT JOIN organisation o ON o.id = b.betreiber_id
		WHERE a.anlagentyp = $1 AND ($2 = '' OR a.anlagenart = $2) AND a.anlagenstatus NOT IN ('STILLGELEGT', 'ANGESCHLOSSEN_AN')
		  AND a.id <> $5 AND a.betrieb_id <> $9
		  AND ($6 = '' OR strpos(lower(a.bezeichnung || ' ' || b.bezeichnung || ' ' || COALESCE(o.bezeichnung, '')), $6) > 0)
		  AND ($7::bigint[] IS NULL OR a.id = ANY($7))`
	rows, err := q.Query(ctx, `SELECT id, bezeichnung, betrieb_id, betrieb, betreiber FROM (
		(`+zeile+` AND a.betrieb_id = $3 ORDER BY name, a.id LIMIT $8)
		UNION ALL
		(`+zeile+` AND NOT $4 AND a.kommunal_aktiv AND a.betrieb_id <> $3 ORDER BY name, a.id LIMIT $8)
		) x ORDER BY name, id LIMIT $8`,
		f.Typ, f.Anlagenart, f.BetriebID, f.NurBetrieb, f.Ausser, strings.ToLower(strings.TrimSpace(f.Suche)), f.IDs, max, f.OhneBetriebID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Netzanlage])
}

// PruefeAufnahme checks that a receiving plant neu that differs from bisher is one the picker
// offers plant id (0 when new) of operation betriebID: a treatment plant of its operation or of
// an active municipal operation. The one the plant already names stays valid although it is no
// longer offered (shut down, its operation no longer active).
func PruefeAufnahme(ctx context.Context, q eventstore.Querier, betriebID, id, neu, bisher int64) error {
	return pruefeNetz(ctx, q, "aufnahme", MsgAufnahme, NetzFilter{Typ: anlage.Abwasserbehandlung, BetriebID: betriebID, Ausser: id}, neue([]int64{neu}, []int64{bisher}))
}

// PruefeDrosselablauf checks the throttle outflow of relief plant id (0 when new) of kind
// anlagenart likewise: a relief plant of the same kind, of its operation or of an active
// municipal operation.
func PruefeDrosselablauf(ctx context.Context, q eventstore.Querier, betriebID, id int64, anlagenart string, neu, bisher int64) error {
	return pruefeNetz(ctx, q, "drosselablauf", MsgDrosselablauf,
		NetzFilter{Typ: anlage.Entlastung, Anlagenart: anlagenart, BetriebID: betriebID, Ausser: id}, neue([]int64{neu}, []int64{bisher}))
}

// PruefeErsatz checks the replacement neu of treatment plant id of operation betriebID (the
// plants discharging into it go there when it leaves operation): a treatment plant in use of its
// operation or of an active municipal one, not itself.
func PruefeErsatz(ctx context.Context, q eventstore.Querier, betriebID, id, neu int64) error {
	return pruefeNetz(ctx, q, "neueAufnahme", MsgErsatz, NetzFilter{Typ: anlage.Abwasserbehandlung, BetriebID: betriebID, Ausser: id}, neue([]int64{neu}, nil))
}

// PruefeErsatzDesBetriebs checks the replacements of an operation's shut-down (plant →
// replacement): each a municipal treatment plant in use of another active operation.
func PruefeErsatzDesBetriebs(ctx context.Context, q eventstore.Querier, betriebID int64, ersatz map[int64]int64) error {
	ids := make([]int64, 0, len(ersatz))
	for _, neu := range ersatz {
		ids = append(ids, neu)
	}
	return pruefeNetz(ctx, q, "anlageToAufnehmendeanlage", MsgErsatz,
		NetzFilter{Typ: anlage.Abwasserbehandlung, OhneBetriebID: betriebID}, neue(ids, nil))
}

// pruefeNetz refuses with message the first of ids (the new ones) that the picker with filter f
// does not offer.
func pruefeNetz(ctx context.Context, q eventstore.Querier, feld, message string, f NetzFilter, ids []int64) error {
	if ids == nil {
		return nil
	}
	f.IDs = ids
	as, err := Netzanlagen(ctx, q, f)
	if err != nil {
		return err
	}
	gefunden := make([]int64, len(as))
	for i, a := range as {
		gefunden[i] = a.ID
	}
	return pruefe(feld, message, ids, gefunden)
}
