package historie

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata"
	"unicode/utf8" // Zeitpunkt in Europe/Berlin on every host
)

// The Verlauf of an object — every event with who, when and what changed field by field — is
// the same for every area: the area hands in its views before and after each event and the
// German labels of its fields.

// Aenderung is one changed field of an event: its key and its German label.
type Aenderung struct {
	Feld        string `json:"feld"`
	Bezeichnung string `json:"bezeichnung"`
	Alt         string `json:"alt"`
	Neu         string `json:"neu"`
}

// Verlaufsschritt is one event of a Verlauf.
type Verlaufsschritt struct {
	Version         int         `json:"version"`
	Position        int64       `json:"position"`
	Zeitpunkt       time.Time   `json:"zeitpunkt"`
	Akteur          string      `json:"akteur"`
	Ereignis        string      `json:"ereignis"`
	Zusammenfassung string      `json:"zusammenfassung"`
	Aenderungen     []Aenderung `json:"aenderungen"`
	// WeitereAenderungen counts the changed fields beyond HoechstAenderungen that the step does
	// not list (the screens say "… n weitere Änderungen").
	WeitereAenderungen int `json:"weitereAenderungen,omitempty"`
	// Antrag: what an application event asked for and, once decided, what staff adopted and
	// refused with their reasons (nil for every other event).
	Antrag *Antrag `json:"antrag,omitempty"`
}

// Entscheidung of one field of an application.
type Entscheidung string

// The decisions of an application's field.
const (
	Offen       Entscheidung = "OFFEN"       // requested, not decided yet
	Uebernommen Entscheidung = "UEBERNOMMEN" // staff adopted the requested value
	Abgelehnt   Entscheidung = "ABGELEHNT"   // staff refused it (with Grund)
)

// Antragsfeld is one field of an application: the value at the time it was made, the value
// asked for, and what became of it.
type Antragsfeld struct {
	Feld         string       `json:"feld"`
	Bezeichnung  string       `json:"bezeichnung"`
	Bisher       string       `json:"bisher"`
	Beantragt    string       `json:"beantragt"`
	Entscheidung Entscheidung `json:"entscheidung"`
	Grund        string       `json:"grund,omitempty"`
}

// Antrag is an application as one event of the Verlauf shows it (made, adopted, rejected).
type Antrag struct {
	GestelltAm string        `json:"gestelltAm,omitempty"` // dd.MM.yyyy
	Kommentar  string        `json:"kommentar,omitempty"`
	Felder     []Antragsfeld `json:"felder"`
}

// Feldnamen are the German labels of an area's field keys.
type Feldnamen map[string]string

// Name turns a key path ("kontakte[0].email") into its label ("Kontakt 1 › E-Mail").
func (f Feldnamen) Name(pfad string) string {
	var teile []string
	for _, t := range strings.Split(pfad, ".") {
		name, index, _ := strings.Cut(t, "[")
		label, ok := f[name]
		if !ok {
			label = name
		}
		if index != "" {
			n, _ := strconv.Atoi(strings.TrimSuffix(index, "]"))
			label += " " + strconv.Itoa(n+1)
		}
		teile = append(teile, label)
	}
	return strings.Join(teile, " › ")
}

// VerlaufEintrag is one event as the Verlauf shows it, with the area's view after it.
type VerlaufEintrag struct {
	Verlaufsschritt // without Aenderungen
	Nachher         any
}

// Text is a value as the forms show it: numbers German without exponent, ISO dates as
// dd.MM.yyyy, times as dd.MM.yyyy HH:mm:ss (Europe/Berlin), yes/no as "Ja"/"Nein".
func Text(v any) string {
	switch t := v.(type) {
	case nil:
		return ""
	case bool:
		return map[bool]string{true: "Ja", false: "Nein"}[t]
	case float64:
		return Zahl(t)
	case float32:
		return Zahl(float64(t))
	case int:
		return strconv.Itoa(t)
	case int64:
		return strconv.FormatInt(t, 10)
	case string:
		return Datumstext(t)
	case time.Time:
		return Zeitpunkt(t)
	}
	return fmt.Sprint(v)
}

// Datumstext shows an ISO date (yyyy-MM-dd) or an RFC 3339 time the German way, the open end
// (Ende) as Unbefristet; any other text as it is.
func Datumstext(s string) string {
	if s == Ende {
		return Unbefristet
	}
	if len(s) == len(Datumsformat) {
		return DeutschesDatum(s)
	}
	if len(s) >= len(time.RFC3339)-6 && s[4] == '-' && s[10] == 'T' {
		if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
			return Zeitpunkt(t)
		}
	}
	return s
}

// Zeitpunkt shows a time as dd.MM.yyyy HH:mm:ss in Europe/Berlin — to the second, so two
// saves of one minute stay apart.
func Zeitpunkt(t time.Time) string {
	return t.In(berlin).Format("02.01.2006 15:04:05")
}

var berlin = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		return time.UTC
	}
	return loc
}()

// Verlauf lists the events with the fields each changed, from the view before the first
// (vorher) and the view after each; each step bounded (Begrenzt).
func Verlauf(vorher any, eintraege []VerlaufEintrag, namen Feldnamen) []Verlaufsschritt {
	out := make([]Verlaufsschritt, 0, len(eintraege))
	alt := Flach(vorher)
	for _, e := range eintraege {
		neu := Flach(e.Nachher)
		s := e.Verlaufsschritt
		s.Aenderungen = Unterschiede(alt, neu, namen)
		out = append(out, Begrenzt(s))
		alt = neu
	}
	return out
}

// The bounds of one Verlauf step: a save of a hundred plannings is a few hundred changed fields,
// and a step lists them (by field) until HoechstAenderungen changes or HoechstSchrittzeichen
// characters of values, and counts the rest; a value longer than HoechstWertlaenge characters
// is shown up to there with Gekuerzt. So a step stays below about 40 KB, a Verlauf grows with
// the number of saves, not with what one save sent, and an auditor sees that something was left
// out and how much (the whole event stays in the Ereignisprotokoll's raw data and in the Stand
// of that version).
const (
	HoechstAenderungen    = 100
	HoechstWertlaenge     = 500
	HoechstSchrittzeichen = 20000
	Gekuerzt              = " … (gekürzt)"
)

// Begrenzt is the step within the bounds: the changes up to HoechstAenderungen and
// HoechstSchrittzeichen (the rest counted in WeitereAenderungen), each value at most
// HoechstWertlaenge characters.
func Begrenzt(s Verlaufsschritt) Verlaufsschritt {
	zeichen := 0
	for i := range s.Aenderungen {
		a := &s.Aenderungen[i]
		a.Alt, a.Neu = gekuerzt(a.Alt), gekuerzt(a.Neu)
		zeichen += utf8.RuneCountInString(a.Alt) + utf8.RuneCountInString(a.Neu)
		if i == HoechstAenderungen || (zeichen > HoechstSchrittzeichen && i > 0) {
			s.WeitereAenderungen += len(s.Aenderungen) - i
			s.Aenderungen = s.Aenderungen[:i:i]
			break
		}
	}
	return s
}

func gekuerzt(text string) string {
	if len(text) <= HoechstWertlaenge { // bytes ≥ characters: most values end here
		return text
	}
	n := 0
	for i := range text {
		if n == HoechstWertlaenge {
			return text[:i] + Gekuerzt
		}
		n++
	}
	return text
}

// Flach turns a view into field path → text ("adresse.ort" → "Koblenz"): {id, value} pairs
// count by their text, values as the forms show them (Text), empty and "Nein" not at all.
func Flach(v any) map[string]string {
	raw, _ := json.Marshal(v)
	var x any
	_ = json.Unmarshal(raw, &x)
	out := map[string]string{}
	var walk func(string, any)
	walk = func(pfad string, x any) {
		switch t := x.(type) {
		case map[string]any:
			if _, ok := t["value"]; ok && len(t) == 2 {
				walk(pfad, t["value"]) // {id, value}: the text counts
				return
			}
			for k, val := range t {
				p := k
				if pfad != "" {
					p = pfad + "." + k
				}
				walk(p, val)
			}
		case []any:
			for i, val := range t {
				walk(fmt.Sprintf("%s[%d]", pfad, i), val)
			}
		case nil:
		default:
			if t == false {
				return // an unticked box is no entry
			}
			if s := Text(t); s != "" { // as the forms show it, never 5.58041235e+06 or 2026-03-01
				out[pfad] = s
			}
		}
	}
	walk("", x)
	return out
}

// Unterschiede are the fields that differ between two flat views, by key.
func Unterschiede(alt, neu map[string]string, namen Feldnamen) []Aenderung {
	out := []Aenderung{}
	for k, v := range neu {
		if alt[k] != v {
			out = append(out, Aenderung{Feld: k, Bezeichnung: namen.Name(k), Alt: alt[k], Neu: v})
		}
	}
	for k, v := range alt {
		if _, ok := neu[k]; !ok {
			out = append(out, Aenderung{Feld: k, Bezeichnung: namen.Name(k), Alt: v})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Feld < out[j].Feld })
	return out
}

// Zahl shows a number the German way, without exponent or thousands separators
// (5582960.5 → "5582960,5").
func Zahl(f float64) string {
	return strings.Replace(strconv.FormatFloat(f, 'f', -1, 64), ".", ",", 1)
}

// DeutschesDatum shows an ISO date as dd.MM.yyyy (anything else as it is).
func DeutschesDatum(iso string) string {
	d, err := time.Parse(Datumsformat, iso)
	if err != nil {
		return iso
	}
	return d.Format("02.01.2006")
}
