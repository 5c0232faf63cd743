// Package werteliste holds the value lists (Wertelisten) that fill the selections of every
// form: Anrede, Titel, Kanalsystem, Messstellentyp, … Each entry is an aggregate of its own
// (stream "werteliste-<id>"); the catalogue of lists (listen.go) says which lists exist, which
// extra columns their entries carry and which are fixed enumerations.
package werteliste

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// StreamType of an entry's stream ("werteliste-<id>").
const StreamType = "werteliste"

// The German messages of the value-list rules.
const (
	TextVorhanden    = "Dieser Wert ist in der Werteliste bereits vorhanden."
	TextReferenziert = "Der Wertelisteneintrag wird von anderen Objekten referenziert und kann deshalb nicht gelöscht werden"
	TextAufzaehlung  = "Die Einträge dieser Werteliste sind fest vorgegeben und können nicht gelöscht werden."
)

// ErrWertVorhanden: the value is already in the list (case-insensitive).
var ErrWertVorhanden = validierung.Feld("value", TextVorhanden)

// ErrReferenziert: the entry is still referred to and cannot be deleted (HTTP 409).
var ErrReferenziert = errors.New(TextReferenziert)

// Eintrag is the state of one entry.
type Eintrag struct {
	Liste      string
	Wert       string
	Schluessel string          // identifier of an enumeration entry (betriebstyp KOMMUNAL …)
	Extras     json.RawMessage // canonical JSON object of the extra columns; nil without
	Geloescht  bool
}

// Events. Schema version 1 throughout: extras and schluessel were added as optional members,
// so events stored before them read as entries without extra columns.
type (
	EintragAngelegt struct {
		Liste      string          `json:"liste"`
		Wert       string          `json:"wert"`
		Schluessel string          `json:"schluessel,omitempty"`
		Extras     json.RawMessage `json:"extras,omitempty"`
	}
	// EintragGeaendert carries what changed: the new value and/or all extra columns.
	EintragGeaendert struct {
		Wert   string          `json:"wert,omitempty"`
		Extras json.RawMessage `json:"extras,omitempty"`
	}
	EintragGeloescht struct{}
)

func (EintragAngelegt) EventType() string  { return "WertelisteEintragAngelegt" }
func (EintragGeaendert) EventType() string { return "WertelisteEintragGeaendert" }
func (EintragGeloescht) EventType() string { return "WertelisteEintragGeloescht" }

// Commands.
type (
	// LegeEintragAn adds an entry to a list. Schluessel is for enumerations only.
	LegeEintragAn struct {
		Liste, Wert, Schluessel string
		Extras                  Eingabe
		Bestand                 Bestand
	}
	// AendereEintrag changes the value and the extra columns sent. NurSpalten, when not nil,
	// are the only extra columns the caller may change (Definition.AenderbareSpalten): a
	// change of anything else is refused with validierung.NichtErlaubt.
	AendereEintrag struct {
		Wert       string
		Extras     Eingabe
		Bestand    Bestand
		NurSpalten []string
	}
	// LoescheEintrag deletes the entry; Referenziert says whether anything still refers to it.
	LoescheEintrag struct{ Referenziert bool }
)

// Befehl is the closed set of commands of the aggregate: only the commands of this package
// implement it, so Decide sees nothing else.
type Befehl interface{ befehl() }

func (LegeEintragAn) befehl()  {}
func (AendereEintrag) befehl() {}
func (LoescheEintrag) befehl() {}

// Decide checks a command against the entry.
func Decide(e Eintrag, cmd Befehl) ([]ereignis.DomainEvent, error) {
	switch c := cmd.(type) {
	case LegeEintragAn:
		if e.Liste != "" {
			return nil, validierung.Regel("Der Wertelisteneintrag existiert bereits.")
		}
		def, ok := Nach(c.Liste)
		if !ok {
			return nil, validierung.Feld("liste", fmt.Sprintf("Die Werteliste „%s“ gibt es nicht.", c.Liste))
		}
		var s validierung.Sammler
		wert := pruefeWert(c.Wert, c.Bestand, &s)
		schluessel := strings.TrimSpace(c.Schluessel)
		s.Laenge("schluessel", schluessel)
		switch {
		case !def.Aufzaehlung() && schluessel != "":
			s.Feld("schluessel", "Diese Werteliste hat keine Schlüssel.")
		case def.Aufzaehlung() && !slices.Contains(def.Schluessel, schluessel):
			s.Feld("schluessel", fmt.Sprintf("Der Schlüssel „%s“ ist in dieser Werteliste nicht vorgesehen.", schluessel))
		case def.Aufzaehlung() && slices.Contains(c.Bestand.Schluessel, schluessel):
			s.Feld("schluessel", "Dieser Schlüssel ist in der Werteliste bereits vorhanden.")
		}
		extras := normiere(def, nil, c.Extras, c.Bestand, &s)
		if err := s.Err(); err != nil {
			return nil, err
		}
		return []ereignis.DomainEvent{EintragAngelegt{Liste: c.Liste, Wert: wert, Schluessel: schluessel, Extras: extras}}, nil
	case AendereEintrag:
		if e.Liste == "" || e.Geloescht {
			return nil, validierung.NichtGefunden
		}
		def, _ := Nach(e.Liste)
		var s validierung.Sammler
		wert := pruefeWert(c.Wert, c.Bestand, &s)
		extras := normiere(def, e.Extras, c.Extras, c.Bestand, &s)
		if c.NurSpalten != nil && !nurErlaubtGeaendert(def, e, wert, extras, c) {
			return nil, validierung.NichtErlaubt
		}
		if err := s.Err(); err != nil {
			return nil, err
		}
		var ev EintragGeaendert
		if wert != e.Wert {
			ev.Wert = wert
		}
		if string(extras) != string(e.Extras) {
			ev.Extras = extras
		}
		if ev.Wert == "" && ev.Extras == nil {
			return nil, nil
		}
		return []ereignis.DomainEvent{ev}, nil
	case LoescheEintrag:
		if e.Liste == "" || e.Geloescht {
			return nil, validierung.NichtGefunden
		}
		if def, _ := Nach(e.Liste); def.Aufzaehlung() {
			return nil, validierung.Regel(TextAufzaehlung)
		}
		if c.Referenziert {
			return nil, ErrReferenziert
		}
		return []ereignis.DomainEvent{EintragGeloescht{}}, nil
	}
	return nil, fmt.Errorf("werteliste: unknown command %T", cmd)
}

// nurErlaubtGeaendert reports whether the checked value and extra columns differ from the
// entry in c.NurSpalten alone. The entry's columns are normalised the same way first, so a
// column the entry was saved without counts as its default, not as a change.
func nurErlaubtGeaendert(def Definition, e Eintrag, wert string, extras json.RawMessage, c AendereEintrag) bool {
	if wert != e.Wert {
		return false
	}
	var egal validierung.Sammler
	var alt, neu map[string]json.RawMessage
	_ = json.Unmarshal(normiere(def, e.Extras, nil, c.Bestand, &egal), &alt)
	_ = json.Unmarshal(extras, &neu)
	for _, x := range def.Extras {
		if !slices.Contains(c.NurSpalten, x.Name) && string(alt[x.Name]) != string(neu[x.Name]) {
			return false
		}
	}
	return true
}

func pruefeWert(w string, b Bestand, s *validierung.Sammler) string {
	w = strings.TrimSpace(w)
	switch {
	case w == "":
		s.Feld("value", validierung.Pflichtfeld)
	case utf8.RuneCountInString(w) > validierung.Hoechstlaenge("value"):
		s.Feld("value", validierung.ZuLang(validierung.Hoechstlaenge("value")))
	case validierung.Zeichenfehler("value", w) != "":
		s.Feld("value", validierung.Zeichenfehler("value", w))
	case slices.ContainsFunc(b.Werte, func(v string) bool { return Normiert(v) == Normiert(w) }):
		s.Feld("value", TextVorhanden)
	}
	return w
}

// Normiert is the form in which values of a list must differ: trimmed and in lower case.
func Normiert(wert string) string { return strings.ToLower(strings.TrimSpace(wert)) }

// Evolve applies an event to the entry.
func Evolve(e Eintrag, ev ereignis.DomainEvent) Eintrag {
	switch v := ev.(type) {
	case EintragAngelegt:
		e.Liste, e.Wert, e.Schluessel, e.Extras = v.Liste, v.Wert, v.Schluessel, v.Extras
	case EintragGeaendert:
		if v.Wert != "" {
			e.Wert = v.Wert
		}
		if v.Extras != nil {
			e.Extras = v.Extras
		}
	case EintragGeloescht:
		e.Geloescht = true
	}
	return e
}

// Decode reads a stored event. Extras come back from jsonb reformatted; they are made
// canonical again so that an unchanged save decides nothing.
func Decode(eventType string, data json.RawMessage) (ereignis.DomainEvent, error) {
	switch eventType {
	case EintragAngelegt{}.EventType():
		var v EintragAngelegt
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, err
		}
		var err error
		v.Extras, err = kanonisch(v.Extras)
		return v, err
	case EintragGeaendert{}.EventType():
		var v EintragGeaendert
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, err
		}
		var err error
		v.Extras, err = kanonisch(v.Extras)
		return v, err
	case EintragGeloescht{}.EventType():
		return EintragGeloescht{}, nil
	}
	return nil, fmt.Errorf("werteliste: unknown event %s", eventType)
}

// Decider is the entry aggregate for the generic command handler.
var Decider = ereignis.Decider[Eintrag, Befehl]{
	StreamType: StreamType,
	Initial:    func() Eintrag { return Eintrag{} },
	Evolve:     Evolve,
	Decide:     Decide,
	Decode:     Decode,
}

// Ereignisarten are an entry's event types (domain/katalog), the types Decode reads.
var Ereignisarten = []string{EintragAngelegt{}.EventType(), EintragGeaendert{}.EventType(), EintragGeloescht{}.EventType()}
