package druckausgabe

import (
	"context"
	"encoding/json"
	"maps"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
)

// schluessellisten are the fields of the areas' views that hold a key of an enumeration (a
// value list with fixed keys, spec 000 §7, 001 §7), by the field's key, with that list: the
// print shows the list's text for the key, as the screens and the exports do.
var schluessellisten = map[string]string{
	"betriebstyp":     "betriebstyp",
	"anlagentyp":      "anlagentyp",
	"messstellentyp":  "messstellentyp",
	"bescheidsstatus": "bescheidstatus",
	"anforderungArt":  "anforderungart",
	"parameterArt":    "parameterart",
}

// statustexte are the statuses the screens name by fixed labels (no value list holds them):
// a measuring point's Messstellenstatus and the Freigabestatus of a plant or measuring point.
var statustexte = map[string]map[string]string{
	"messstellenstatus": {messstelle.Geplant: "Geplant", messstelle.InBetrieb: "In Betrieb", messstelle.Stillgelegt: "Stillgelegt"},
	"freigabestatus":    betrieb.FreigabestatusText,
}

// schluesseltexte are the texts of the keys the views hold, by field key and key (the
// Druckstand.Texte of every printed object), and an Anforderung's parameter number by the
// parameter's entry: read once per print. A key the list does not know prints as itself.
func schluesseltexte(ctx context.Context, q eventstore.Querier) (map[string]map[string]string, error) {
	listen := make([]string, 0, len(schluessellisten))
	for _, l := range schluessellisten {
		listen = append(listen, l)
	}
	texte, err := wertelisten.Schluesseltexte(ctx, q, listen)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]string{}
	for feld, l := range schluessellisten {
		out[feld] = texte[l]
	}
	maps.Copy(out, statustexte)
	// an Anforderung's parameter by number and name ("301 CSB"), as its screen lists it
	parameter, err := wertelisten.Eintraege(ctx, q, "anforderungsparameter")
	if err != nil {
		return nil, err
	}
	out["parameterNr"] = map[string]string{}
	for _, e := range parameter {
		var x struct {
			ParameterNr string `json:"parameterNr"`
		}
		if len(e.Extras) > 0 && json.Unmarshal(e.Extras, &x) == nil && x.ParameterNr != "" {
			out["parameterNr"][x.ParameterNr] = e.Value
		}
	}
	return out, nil
}

// mitTexten are an object's own texts (its ids by name) over the keys' texts.
func mitTexten(schluessel, eigene map[string]map[string]string) map[string]map[string]string {
	out := maps.Clone(schluessel)
	maps.Copy(out, eigene)
	return out
}
