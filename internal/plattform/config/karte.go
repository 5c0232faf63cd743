package config

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// Kartenebene is one background layer of the map window (spec 000 §2, §7): a WMS or WMTS
// service of the state, named in MAP_LAYERS. The browser loads it from its URL; the URL comes
// from the configuration only, never from a request.
type Kartenebene struct {
	Typ    string `json:"typ"`    // "wms" or "wmts"
	URL    string `json:"url"`    // the service's address (http or https)
	Layers string `json:"layers"` // the service's layer name(s), for WMS comma-separated
	Titel  string `json:"titel"`  // the layer's name in the map's layer switch
}

// Limits of a layer definition: a handful of layers, short names (they reach every browser).
const (
	maxKartenebenen = 20
	maxKartenURL    = 2000
	maxKartenLayers = 500
	maxKartenTitel  = 100
)

// The kinds of background layer the map window loads.
const KarteWMS, KarteWMTS = "wms", "wmts"

// Kartenebenen reads MAP_LAYERS, a JSON list of layer definitions, e.g.
// [{"typ":"wms","url":"https://geo.example/wms","layers":"DOP20","titel":"Luftbild"}].
// Empty: no background layers, the map window shows the shipped vector layers.
func (c Config) Kartenebenen() ([]Kartenebene, error) {
	roh := strings.TrimSpace(c.MapLayers)
	if roh == "" {
		return nil, nil
	}
	var ebenen []Kartenebene
	d := json.NewDecoder(strings.NewReader(roh))
	d.DisallowUnknownFields()
	if err := d.Decode(&ebenen); err != nil {
		return nil, fmt.Errorf(`MAP_LAYERS ist keine JSON-Liste von Ebenen der Form [{"typ":"wms","url":"https://…","layers":"…","titel":"…"}]: %v`, err)
	}
	if len(ebenen) > maxKartenebenen {
		return nil, fmt.Errorf("MAP_LAYERS nennt %d Ebenen, erlaubt sind höchstens %d", len(ebenen), maxKartenebenen)
	}
	for i, e := range ebenen {
		nr := i + 1
		if e.Typ != KarteWMS && e.Typ != KarteWMTS {
			return nil, fmt.Errorf("MAP_LAYERS, Ebene %d: typ %q ist weder „wms“ noch „wmts“", nr, e.Typ)
		}
		u, err := url.Parse(e.URL)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil || len(e.URL) > maxKartenURL {
			return nil, fmt.Errorf("MAP_LAYERS, Ebene %d: url %q ist keine Adresse der Form https://host/pfad", nr, e.URL)
		}
		if strings.TrimSpace(e.Layers) == "" || len(e.Layers) > maxKartenLayers {
			return nil, fmt.Errorf("MAP_LAYERS, Ebene %d: layers fehlt oder ist länger als %d Zeichen", nr, maxKartenLayers)
		}
		if strings.TrimSpace(e.Titel) == "" || len([]rune(e.Titel)) > maxKartenTitel {
			return nil, fmt.Errorf("MAP_LAYERS, Ebene %d: titel fehlt oder ist länger als %d Zeichen", nr, maxKartenTitel)
		}
	}
	return ebenen, nil
}
