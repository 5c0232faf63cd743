package messstelle

import "slices"

// Typen are the measuring point types NR_1…NR_30 the value list messstellentyp holds (spec 000
// §3; NR_16–NR_19 are not named there and do not exist).
var Typen = []string{"NR_1", "NR_2", "NR_3", "NR_4", "NR_5", "NR_6", "NR_7", "NR_8", "NR_9", "NR_10", "NR_11", "NR_12",
	"NR_13", "NR_14", "NR_15", "NR_20", "NR_21", "NR_22", "NR_23", "NR_24", "NR_25", "NR_26", "NR_27", "NR_28", "NR_29", "NR_30"}

// Einleitungsstelle is the discharge-point type: only it has the tabs Einleitstelle,
// Mindestanforderungen and Vorbelastungen (spec 000 §2).
const Einleitungsstelle = "NR_8"

// BetriebstypMitAnforderungen is the operation type under which a discharge point has
// Mindestanforderungen and Vorbelastungen (spec 000 §2 leaves it open; docs/decisions.md):
// industrial discharges, whose permits set minimum requirements per AbwV annex and whose
// levy deducts the load the intake water already carried.
const BetriebstypMitAnforderungen = "INDUSTRIE"

// Bereiche are the tabs beyond 'Messstelle' a measuring point of type typ under an operation of
// type betriebstyp has.
type Bereiche struct {
	Einleitstelle        bool `json:"einleitstelle"`
	Mindestanforderungen bool `json:"mindestanforderungen"`
	Vorbelastungen       bool `json:"vorbelastungen"`
}

// BereicheFuer is the one rule of the tabs: the server drops what a point does not have, the
// form shows what it has.
func BereicheFuer(typ, betriebstyp string) Bereiche {
	e := typ == Einleitungsstelle
	a := e && betriebstyp == BetriebstypMitAnforderungen
	return Bereiche{Einleitstelle: e, Mindestanforderungen: a, Vorbelastungen: a}
}

// IstTyp tells whether typ is a measuring point type.
func IstTyp(typ string) bool { return slices.Contains(Typen, typ) }
