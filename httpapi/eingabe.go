package httpapi

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Robust input (issue 11): a NUL byte or invalid UTF-8 can be neither stored nor compared by
// Postgres (text refuses both), so such input is answered 400 here, for every route
// at once, before any handler or query sees it: the path and the query string in
// nurGueltigeZeichen, JSON bodies in decodeJSON. Multipart uploads clean their texts
// themselves (domain/datei).

const (
	textUngueltigeZeichen = "Die Anfrage enthält unzulässige Zeichen (Nullbyte oder kein gültiges UTF-8)."
	textFeldZeichen       = "Unzulässige Zeichen (Nullbyte oder kein gültiges UTF-8)."
)

// gueltigerText tells whether s may be stored as text: valid UTF-8 without NUL.
func gueltigerText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// ungueltigeZeichen is the 400 of such input; feld names the parameter when it can be named.
func ungueltigeZeichen(feld string) error {
	af := &Antwortfehler{Status: http.StatusBadRequest, Message: textUngueltigeZeichen}
	if feld != "" && gueltigerText(feld) && len(feld) <= 100 {
		af.ValidationErrors = map[string]string{feld: textFeldZeichen}
	}
	return af
}

// nurGueltigeZeichen answers 400 to a request whose path or query string (decoded) holds a
// NUL byte or invalid UTF-8. Pairs the query parser cannot decode at all (a lone "%") are
// ignored by every handler already, as url.Values ignores them.
func (a *api) nurGueltigeZeichen(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !gueltigerText(r.URL.Path) {
			a.writeError(w, r, ungueltigeZeichen(""))
			return
		}
		if feld, ok := gueltigeAbfrage(r.URL.RawQuery); !ok {
			a.writeError(w, r, ungueltigeZeichen(feld))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// gueltigeAbfrage checks every name and value of a raw query string; on a bad one it returns
// the name (the empty string when the name is the bad part) and false.
func gueltigeAbfrage(raw string) (string, bool) {
	for raw != "" {
		var paar string
		paar, raw, _ = strings.Cut(raw, "&")
		name, wert, _ := strings.Cut(paar, "=")
		n, err1 := url.QueryUnescape(name)
		v, err2 := url.QueryUnescape(wert)
		if err1 == nil && !gueltigerText(n) {
			return "", false
		}
		if err2 == nil && !gueltigerText(v) {
			return n, false
		}
	}
	return "", true
}

// pruefeJSONText refuses a JSON body that is not valid UTF-8 (encoding/json would silently
// turn the bytes into U+FFFD) or holds a NUL in any string, key or value, at any depth
// (escaped as \u0000; a raw NUL is malformed JSON anyway).
func pruefeJSONText(body []byte) error {
	if !utf8.Valid(body) || validierung.NulImJSON(body) {
		return ungueltigeZeichen("")
	}
	return nil
}

// The page of a list: page counts from 0, size from 1. Their product is the SQL OFFSET; it
// must fit, so page is bounded by maxOffset/size and a page number like 9223372036854775807
// is a 400 instead of an overflow (issue 11).
const maxOffset = 1<<31 - 1

const (
	textSeiteUngueltig   = "Die Seite muss eine Zahl ab 0 sein."
	textGroesseUngueltig = "Die Seitengröße muss eine Zahl ab 1 sein."
)

// seitenwahl reads page and size of a list from q into s's errors: absent they are 0 and
// standard; a size above hoechstens is cut to it (the answer names the size it used).
func seitenwahl(q url.Values, s *validierung.Sammler, standard, hoechstens int) (page, size int) {
	size = standard
	if v := q.Get("size"); v != "" {
		n, ok := parseInt64(v)
		if !ok || n < 1 {
			s.Feld("size", textGroesseUngueltig)
		} else {
			size = int(min(n, int64(hoechstens)))
		}
	}
	if v := q.Get("page"); v != "" {
		n, ok := parseInt64(v)
		switch grenze := int64(maxOffset / size); {
		case !ok || n < 0:
			s.Feld("page", textSeiteUngueltig)
		case n > grenze:
			s.Feld("page", fmt.Sprintf("Die Seite darf bei Seitengröße %d höchstens %d sein.", size, grenze))
		default:
			page = int(n)
		}
	}
	return page, size
}

// textSortierrichtungUngueltig answers a sortDirection that is neither ascending nor descending:
// the document's enum, as aufzaehlungenStreng names it (that check answers first).
const textSortierrichtungUngueltig = "Erlaubt sind asc, desc, ASC und DESC."

// sortierrichtung reads sortDirection of a list (asc, desc, ASC or DESC, as the document names
// them) into s's errors: true for descending; absent it is standard. Any other value is an error
// (issue 43: "foo" was read as ascending).
func sortierrichtung(q url.Values, s *validierung.Sammler, standard bool) (absteigend bool) {
	switch q.Get("sortDirection") {
	case "":
		return standard
	case "asc", "ASC":
		return false
	case "desc", "DESC":
		return true
	}
	s.Feld("sortDirection", textSortierrichtungUngueltig)
	return standard
}

// leseJSON reads the whole body (the body limit bounds it) for decodeJSON.
func leseJSON(r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, err
		}
		return nil, errors.Join(ErrUngueltigeAnfrage, err)
	}
	return body, pruefeJSONText(body)
}
