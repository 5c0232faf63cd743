package httpapi

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
)

// The API contract (issue 43, item 4): every request a test sends through the test client and
// every answer it gets are checked against openapi.yaml. An answer must match the document
// always (status, media type, body). A request the document forbids may only be refused (4xx):
// tests send such requests on purpose, and the server must refuse them; accepting one is a
// violation as much as a wrong answer is.

// vertrag is the document and its router, loaded once for the package's tests.
var vertrag struct {
	once   sync.Once
	doc    *openapi3.T
	router *vertragsRouter
	err    error

	mu sync.Mutex
	// gesehen holds "METHOD /path" of every documented operation a test exercised.
	gesehen map[string]bool
	// dauer is the time the checks took (reported with VERTRAG_GESEHEN, to keep them cheap).
	dauer  time.Duration
	anzahl int
}

// binaereTypen are the media types of files: their bodies are not read as JSON.
var binaereTypen = []string{"application/pdf", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	"application/zip", "image/png", "image/jpeg", "text/csv"}

func ladeVertrag() (*openapi3.T, *vertragsRouter, error) {
	vertrag.once.Do(func() {
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromData(OpenAPI)
		if err != nil {
			vertrag.err = err
			return
		}
		// uploads (multipart) are read by kin-openapi's own decoder; a file part of any type is
		// a binary string
		for _, typ := range binaereTypen {
			openapi3filter.RegisterBodyDecoder(typ, openapi3filter.FileBodyDecoder)
		}
		vertrag.doc = doc
		vertrag.router = neuerVertragsRouter(doc)
		vertrag.gesehen = map[string]bool{}
	})
	return vertrag.doc, vertrag.router, vertrag.err
}

// vertragsRouter finds a request's operation in the document. kin-openapi's routers validate
// the document first, and that refuses paths that differ only in a parameter's name
// (/anlage/{id} for GET, /anlage/{typ} for POST) though the methods tell them apart; the
// document's form is checked by its lint (redocly.yaml).
type vertragsRouter struct {
	doc    *openapi3.T
	routen []vertragsRoute
}

type vertragsRoute struct {
	route    *routers.Route
	segmente []string // literal segments, or "{name}" for a parameter
}

func neuerVertragsRouter(doc *openapi3.T) *vertragsRouter {
	r := &vertragsRouter{doc: doc}
	for pfad, item := range doc.Paths.Map() {
		for methode, op := range item.Operations() {
			r.routen = append(r.routen, vertragsRoute{
				route:    &routers.Route{Spec: doc, Path: pfad, PathItem: item, Method: methode, Operation: op},
				segmente: strings.Split(strings.Trim(pfad, "/"), "/"),
			})
		}
	}
	return r
}

// FindRoute takes the operation whose path matches with the most literal segments.
func (r *vertragsRouter) FindRoute(req *http.Request) (*routers.Route, map[string]string, error) {
	pfad, ok := strings.CutPrefix(req.URL.Path, "/api/")
	if !ok {
		return nil, nil, routers.ErrPathNotFound
	}
	teile := strings.Split(strings.Trim(pfad, "/"), "/")
	var best *routers.Route
	var bestParams map[string]string
	bestLiterale := -1
	for _, rt := range r.routen {
		if rt.route.Method != req.Method || len(rt.segmente) != len(teile) {
			continue
		}
		params, literale := map[string]string{}, 0
		passt := true
		for i, seg := range rt.segmente {
			if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
				params[seg[1:len(seg)-1]] = teile[i]
			} else if seg == teile[i] {
				literale++
			} else {
				passt = false
				break
			}
		}
		if passt && literale > bestLiterale {
			best, bestParams, bestLiterale = rt.route, params, literale
		}
	}
	if best == nil {
		return nil, nil, routers.ErrPathNotFound
	}
	return best, bestParams, nil
}

// vertragsOptionen: the server checks authentication itself (the tests prove it); files are
// checked by status and media type.
var vertragsOptionen = &openapi3filter.Options{
	AuthenticationFunc:    openapi3filter.NoopAuthenticationFunc,
	IncludeResponseStatus: true,
	MultiError:            false,
	// a client sends back the object it read, read-only fields with it; the server ignores them
	ExcludeReadOnlyValidations: true,
}

var dateiOptionen = func() *openapi3filter.Options { o := *vertragsOptionen; o.ExcludeResponseBody = true; return &o }()

// pruefeVertrag checks a request (with its body) and the answer the router gave against the
// document. Paths the document does not have (test-only routes, unknown paths the tests ask
// for on purpose) are not checked.
func pruefeVertrag(t testing.TB, req *http.Request, body []byte, rec *httptest.ResponseRecorder) {
	t.Helper()
	if !strings.HasPrefix(req.URL.Path, "/api/") {
		return
	}
	_, router, err := ladeVertrag()
	if err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	beginn := time.Now()
	defer func() {
		vertrag.mu.Lock()
		vertrag.dauer += time.Since(beginn)
		vertrag.anzahl++
		vertrag.mu.Unlock()
	}()
	// every path works with and without a trailing slash; the document names it without
	kopie := req.Clone(context.Background())
	kopie.URL.Path = strings.TrimSuffix(req.URL.Path, "/")
	kopie.URL.RawPath = ""
	kopie.Body = io.NopCloser(bytes.NewReader(body))
	route, pathParams, err := router.FindRoute(kopie)
	if err != nil {
		return // not in the document: a test-only route or an unknown path (a test of its own)
	}
	operation := route.Method + " " + route.Path
	vertrag.mu.Lock()
	vertrag.gesehen[operation] = true
	vertrag.mu.Unlock()

	anfrage := &openapi3filter.RequestValidationInput{Request: kopie, PathParams: pathParams, Route: route,
		Options: vertragsOptionen}
	if err := openapi3filter.ValidateRequest(context.Background(), anfrage); err != nil {
		if rec.Code < 400 || rec.Code >= 500 {
			t.Errorf("API contract: %s %s — the document forbids the request, yet the server answered %d: %v",
				req.Method, req.URL.RequestURI(), rec.Code, kurz(err))
		}
	}
	if rec.Code == http.StatusMethodNotAllowed {
		return // the router found no route for the method (TestRouting_WrongMethodIs405WithAllow)
	}
	optionen := vertragsOptionen
	if mt, _, _ := mime.ParseMediaType(rec.Header().Get("Content-Type")); mt != "application/json" && mt != "application/yaml" {
		// a file: its status and media type are checked, not its bytes (without the body
		// kin-openapi checks no media type either)
		optionen = dateiOptionen
		if r := route.Operation.Responses.Status(rec.Code); r != nil && r.Value != nil && len(r.Value.Content) > 0 &&
			r.Value.Content.Get(rec.Header().Get("Content-Type")) == nil {
			t.Errorf("API contract: %s (%s %s) answered %d with Content-Type %q, which the document does not name",
				operation, req.Method, req.URL.RequestURI(), rec.Code, rec.Header().Get("Content-Type"))
		}
	}
	antwort := &openapi3filter.ResponseValidationInput{RequestValidationInput: anfrage, Status: rec.Code,
		Header: rec.Header(), Options: optionen}
	antwort.SetBodyBytes(rec.Body.Bytes())
	if err := openapi3filter.ValidateResponse(context.Background(), antwort); err != nil {
		t.Errorf("API contract: %s (%s %s) answered %d %q not as documented: %v", operation, req.Method,
			req.URL.RequestURI(), rec.Code, rec.Header().Get("Content-Type"), kurz(err))
	}
}

// kurz is the validator's message without the schemas it quotes: the innermost reasons with
// their place in the body.
func kurz(err error) string {
	var gruende []string
	var sammle func(err error, pfad string)
	sammle = func(err error, pfad string) {
		if err == nil {
			return
		}
		var se *openapi3.SchemaError
		switch e := err.(type) {
		case *openapi3.SchemaError:
			se = e
		case interface{ Unwrap() []error }:
			for _, u := range e.Unwrap() {
				sammle(u, pfad)
			}
			return
		case interface{ Unwrap() error }:
			if errors.As(err, &se) {
				p := err.Error()
				if k := strings.Index(p, ":"); k > 0 && !strings.Contains(p[:k], "\n") {
					pfad = pfad + "[" + p[:k] + "]"
				}
				break
			}
			if e.Unwrap() == nil {
				gruende = append(gruende, pfad+err.Error())
				return
			}
			sammle(e.Unwrap(), pfad)
			return
		default:
			s := err.Error()
			if k := strings.Index(s, "\nSchema:"); k > 0 {
				s = s[:k]
			}
			gruende = append(gruende, pfad+s)
			return
		}
		if se.Origin != nil {
			sammle(se.Origin, pfad+"/"+strings.Join(se.JSONPointer(), "/"))
			return
		}
		grund := pfad + "/" + strings.Join(se.JSONPointer(), "/") + ": " + se.Reason
		if se.SchemaField == "enum" || se.SchemaField == "format" || se.SchemaField == "nullable" {
			grund += fmt.Sprintf(" (got %#v)", se.Value)
		}
		gruende = append(gruende, grund)
	}
	sammle(err, "")
	return strings.Join(gruende, "; ")
}

// ungeprueft lists the documented operations no test exercised, after a run of the whole package.
func ungeprueft() []string {
	doc, _, err := ladeVertrag()
	if err != nil {
		return []string{"openapi.yaml: " + err.Error()}
	}
	vertrag.mu.Lock()
	defer vertrag.mu.Unlock()
	var out []string
	for pfad, item := range doc.Paths.Map() {
		for methode := range item.Operations() {
			if op := methode + " " + pfad; !vertrag.gesehen[op] {
				out = append(out, op)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestMain checks, after a run of the whole package (no -run, -skip or -short), that the tests
// exercised every operation of the document at least once through the validating client. With
// VERTRAG_GESEHEN set to a file, the operations a run exercised are appended to it (to join the
// runs of a package split by -run).
func TestMain(m *testing.M) {
	code := m.Run()
	if datei := os.Getenv("VERTRAG_GESEHEN"); datei != "" {
		vertrag.mu.Lock()
		fmt.Fprintf(os.Stderr, "API contract: %d requests checked in %v\n", vertrag.anzahl, vertrag.dauer)
		var ops []string
		for op := range vertrag.gesehen {
			ops = append(ops, op+"\n")
		}
		vertrag.mu.Unlock()
		if f, err := os.OpenFile(datei, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			_, _ = f.WriteString(strings.Join(ops, ""))
			_ = f.Close()
		}
	}
	if code == 0 && ganzesPaket() {
		if fehlt := ungeprueft(); len(fehlt) > 0 {
			fmt.Fprintf(os.Stderr, "API contract: %d operations of openapi.yaml no test exercised:\n  %s\n", len(fehlt),
				strings.Join(fehlt, "\n  "))
			code = 1
		}
	}
	os.Exit(code)
}

// ganzesPaket: every test of the package ran.
func ganzesPaket() bool {
	for _, name := range []string{"test.run", "test.skip"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return false
		}
	}
	return !testing.Short()
}
