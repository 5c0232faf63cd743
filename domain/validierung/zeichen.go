package validierung

import (
	"bytes"
	"encoding/json"
	"strings"
)

// NulImJSON tells whether a JSON document holds a NUL character (escaped as \u0000) in a
// string, key or value, at any depth. Postgres stores no NUL in text, so such a text can be
// neither a field of a read model nor compared; the HTTP layer refuses it with every request
// body, and the event store refuses it in every event. A backslash escaped before "u0000" is
// text, not a NUL: the document is read token by token once the six bytes turn up at all.
func NulImJSON(b []byte) bool {
	if !bytes.Contains(b, []byte(`\u0000`)) {
		return false // the usual case: no need to look closer
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	for {
		tok, err := dec.Token()
		if err != nil {
			return false // malformed JSON: whoever decodes it answers that
		}
		if s, ok := tok.(string); ok && strings.ContainsRune(s, 0) {
			return true
		}
	}
}
