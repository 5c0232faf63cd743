// Package validierung carries the user-facing errors of domain rules: a German message and,
// where a rule concerns one field, the message per field. Deciders return them; the HTTP
// layer answers them as 400 with validationErrors.
package validierung

import (
	"errors"
	"sort"
	"strings"
)

// Fehler is a broken business rule.
type Fehler struct {
	Message string
	Felder  map[string]string // field → message
}

func (f *Fehler) Error() string {
	if f.Message != "" {
		return f.Message
	}
	keys := make([]string, 0, len(f.Felder))
	for k := range f.Felder {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) > 0 {
		return f.Felder[keys[0]]
	}
	return "Validierung fehlgeschlagen"
}

// Regel returns an error for a rule that concerns no single field.
func Regel(message string) *Fehler { return &Fehler{Message: message} }

// Feld returns an error for one field.
func Feld(feld, message string) *Fehler {
	return &Fehler{Felder: map[string]string{feld: message}}
}

// Sammler collects field errors of one command.
type Sammler struct {
	felder map[string]string
	// uebervoll are the lists with more entries than the table allows (Anzahl): the errors of
	// their entries are not recorded, so a list of 6,000 entries is answered with one message.
	uebervoll []string
}

// Feld records an error for a field (the first one per field wins); none for an entry of a
// list that is over its maximum.
func (s *Sammler) Feld(feld, message string) {
	for _, l := range s.uebervoll {
		if strings.HasPrefix(feld, l+"[") || strings.HasPrefix(feld, l+".") {
			return
		}
	}
	if s.felder == nil {
		s.felder = map[string]string{}
	}
	if _, ok := s.felder[feld]; !ok {
		s.felder[feld] = message
	}
}

// Pflichtfeld is the message of every blank required field, in every area.
const Pflichtfeld = "Dieses Feld ist ein Pflichtfeld."

// Pflicht records the blank-field message when value is empty.
func (s *Sammler) Pflicht(feld, value string) {
	if value == "" {
		s.Feld(feld, Pflichtfeld)
	}
}

// Err is nil when nothing was recorded.
func (s *Sammler) Err() error {
	if len(s.felder) == 0 {
		return nil
	}
	return &Fehler{Felder: s.felder}
}

// NichtGefunden is returned when the object of a command or query does not exist.
var NichtGefunden = errors.New("Das angeforderte Objekt existiert nicht.")

// NichtErlaubt is returned when the caller may not do what it asked.
var NichtErlaubt = errors.New("Sie sind nicht berechtigt, diese Aktion auszuführen.")

// Konflikt is a rule that refuses a command because of the object's current state in a way
// the caller can only resolve by waiting for someone else (HTTP 409), e.g. a second open
// application while the first one is still being reviewed.
type Konflikt struct{ Message string }

func (k *Konflikt) Error() string { return k.Message }

// MsgTelefon is the rule for phone numbers everywhere: digits, "-" as the only separator.
const MsgTelefon = "Nur Ziffern und als Trennzeichen „-“ sind zulässig."
