package httpapi

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/go-chi/chi/v5"
	"gopkg.in/yaml.v3"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Strict enums (issue 43, item 4): a query parameter whose schema in openapi.yaml has an enum
// (or an array whose items have one) takes only those values; any other is a 400 naming the
// parameter and the allowed values ("Erlaubt sind alle, zeitraum und stichtag."). The enums are
// read from the embedded document once, so a new enum there is enforced without code; a request
// with a query costs a few map lookups, and a route lookup only when it carries a parameter that
// some operation enumerates. An empty value counts as absent, as the handlers read it.

// aufzaehlung is the enum of one query parameter of one operation.
type aufzaehlung struct {
	werte []string // in the document's order (the message names them so)
	menge map[string]bool
	liste bool // an array: repeated or comma-separated, each value checked
	text  string
}

// aufzaehlungen maps "METHOD /path" (the document's path, without /api) to the operation's
// enumerated query parameters; namen is every such parameter's name (the cheap first test).
type aufzaehlungen struct {
	operationen map[string]map[string]*aufzaehlung
	namen       map[string]bool
}

var dokumentAufzaehlungen = sync.OnceValues(func() (*aufzaehlungen, error) { return leseAufzaehlungen(OpenAPI) })

// textErlaubt names the allowed values in the style of the other answers.
func textErlaubt(werte []string) string {
	if len(werte) == 1 {
		return "Erlaubt ist " + werte[0] + "."
	}
	return "Erlaubt sind " + strings.Join(werte[:len(werte)-1], ", ") + " und " + werte[len(werte)-1] + "."
}

// leseAufzaehlungen reads the enums of the query parameters of every operation of doc.
func leseAufzaehlungen(doc []byte) (*aufzaehlungen, error) {
	type schema struct {
		Enum  []yaml.Node `yaml:"enum"`
		Items *struct {
			Enum []yaml.Node `yaml:"enum"`
		} `yaml:"items"`
	}
	type parameter struct {
		Ref    string `yaml:"$ref"`
		Name   string `yaml:"name"`
		In     string `yaml:"in"`
		Schema schema `yaml:"schema"`
	}
	var d struct {
		Components struct {
			Parameters map[string]parameter `yaml:"parameters"`
		} `yaml:"components"`
		Paths map[string]map[string]yaml.Node `yaml:"paths"`
	}
	if err := yaml.Unmarshal(doc, &d); err != nil {
		return nil, err
	}
	out := &aufzaehlungen{operationen: map[string]map[string]*aufzaehlung{}, namen: map[string]bool{}}
	methoden := []string{"get", "put", "post", "delete", "patch"}
	for pfad, item := range d.Paths {
		var gemeinsam []parameter
		if n, ok := item["parameters"]; ok {
			if err := n.Decode(&gemeinsam); err != nil {
				return nil, fmt.Errorf("%s: %w", pfad, err)
			}
		}
		for _, m := range methoden {
			n, ok := item[m]
			if !ok {
				continue
			}
			var op struct {
				Parameters []parameter `yaml:"parameters"`
			}
			if err := n.Decode(&op); err != nil {
				return nil, fmt.Errorf("%s %s: %w", m, pfad, err)
			}
			for _, p := range append(slices.Clone(gemeinsam), op.Parameters...) {
				if p.Ref != "" {
					name, _ := strings.CutPrefix(p.Ref, "#/components/parameters/")
					p = d.Components.Parameters[name]
				}
				enum, liste := p.Schema.Enum, false
				if p.Schema.Items != nil {
					enum, liste = p.Schema.Items.Enum, true
				}
				if p.In != "query" || len(enum) == 0 {
					continue
				}
				a := &aufzaehlung{menge: map[string]bool{}, liste: liste}
				for _, w := range enum {
					a.werte = append(a.werte, w.Value)
					a.menge[w.Value] = true
				}
				a.text = textErlaubt(a.werte)
				schluessel := strings.ToUpper(m) + " " + pfad
				if out.operationen[schluessel] == nil {
					out.operationen[schluessel] = map[string]*aufzaehlung{}
				}
				out.operationen[schluessel][p.Name] = a
				out.namen[p.Name] = true
			}
		}
	}
	return out, nil
}

// dokumentPfad turns a chi route pattern (/api/anlage/{typ:a|b}) into the document's path
// (/anlage/{typ}).
func dokumentPfad(muster string) string {
	muster = strings.TrimSuffix(strings.TrimPrefix(muster, "/api"), "/")
	var b strings.Builder
	for {
		i := strings.IndexByte(muster, '{')
		j := strings.IndexByte(muster, '}')
		if i < 0 || j < i {
			b.WriteString(muster)
			return b.String()
		}
		name, _, _ := strings.Cut(muster[i+1:j], ":")
		b.WriteString(muster[:i] + "{" + name + "}")
		muster = muster[j+1:]
	}
}

// aufzaehlungenStreng answers 400 to a query parameter outside its documented enum.
func (a *api) aufzaehlungenStreng(auf *aufzaehlungen) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.RawQuery == "" {
				next.ServeHTTP(w, r)
				return
			}
			q := r.URL.Query()
			if err := auf.pruefe(a.mux, r.Method, r.URL.Path, q); err != nil {
				a.writeError(w, r, err)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// pruefe checks q's enumerated parameters of the operation that method and path route to.
func (auf *aufzaehlungen) pruefe(mux *chi.Mux, method, path string, q url.Values) error {
	betroffen := false
	for name := range q {
		if auf.namen[name] {
			betroffen = true
			break
		}
	}
	if !betroffen {
		return nil
	}
	if method == http.MethodHead {
		method = http.MethodGet
	}
	parameter := auf.operationen[method+" "+dokumentPfad(mux.Find(chi.NewRouteContext(), method, path))]
	if parameter == nil {
		return nil
	}
	namen := make([]string, 0, len(q))
	for name := range q {
		if parameter[name] != nil {
			namen = append(namen, name)
		}
	}
	sort.Strings(namen)
	var s validierung.Sammler
	for _, name := range namen {
		e := parameter[name]
		for _, wert := range q[name] {
			if !e.erlaubt(wert) {
				s.Feld(name, e.text)
				break
			}
		}
	}
	return s.Err()
}

// erlaubt tells whether one value of the parameter is in the enum ("" counts as absent; a list
// is split at commas, as mehrfach reads it).
func (e *aufzaehlung) erlaubt(wert string) bool {
	if !e.liste {
		return wert == "" || e.menge[wert]
	}
	for _, t := range strings.Split(wert, ",") {
		if t = strings.TrimSpace(t); t != "" && !e.menge[t] {
			return false
		}
	}
	return true
}
