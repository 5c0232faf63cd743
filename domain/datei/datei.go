// Package datei holds the files (Dateien) of an operation, a plant, a measuring point, a Bescheid or an annual report: which file
// was uploaded under which Bezeichnung by whom, and its deletion. The bytes live in the blob
// store (internal/anwendung/ablage); the events carry the blob's key, size and SHA-256, so every stored
// file can be traced to the event that brought it.
package datei

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// StreamType of a file's stream ("datei-<id>").
const StreamType = "datei"

// The objects a file hangs on (spec 000 §7: /{betrieb|anlage|bescheid}/{id}/dateien; measuring
// points as plants, issue 29).
const (
	Betrieb    = "betrieb"
	Anlage     = "anlage"
	Messstelle = "messstelle"
	Bescheid   = "bescheid"
)

// An annual report has two file tables (spec 001 §2.8): Dateien, and Externe Stoffe — the
// documents of the substances taken in from outside — with routes of their own
// (/jahresbericht/{id}/externe-dateien, …/externe-upload-file, spec 001 §7).
const (
	Jahresbericht       = "jahresbericht"
	JahresberichtExtern = "jahresbericht-extern"
)

// Fachobjekte lists the objects files hang on.
var Fachobjekte = []string{Betrieb, Anlage, Messstelle, Bescheid, Jahresbericht, JahresberichtExtern}

// Route is where the file routes of a kind live: /{objekt}/{id}/{vorsilbe}dateien and
// …/{vorsilbe}upload-file.
func Route(fachobjekt string) (objekt, vorsilbe string) {
	if fachobjekt == JahresberichtExtern {
		return Jahresbericht, "externe-"
	}
	return fachobjekt, ""
}

// MaxGroesse is the upload maximum of spec 000 §9: 100 MB, counted like the sizes are shown
// (bytes / 1024²).
const MaxGroesse int64 = 100 << 20

// Messages (spec 000 §5 "File and reminder").
const (
	MsgDateiFehlt = "Sie müssen eine Datei hochladen!"
	MsgZuGross    = "Die Datei darf maximal 100 MB groß sein."
)

// Field names of the upload form, as validationErrors name them.
const (
	FeldDatei       = "file"
	FeldBezeichnung = "bezeichnung"
)

// maxNamenslaenge bounds the file name (characters); file systems allow 255. The Bezeichnung
// has the limit of every bezeichnung (validierung.Hoechstlaengen), also 255.
const maxNamenslaenge = 255

// Inhalt is a stored blob: what the blob store wrote and where.
type Inhalt struct {
	Dateiname  string `json:"dateiname"`
	Dateityp   string `json:"dateityp"`
	Groesse    int64  `json:"groesse"`
	SHA256     string `json:"sha256"`
	Schluessel string `json:"schluessel"`
}

// DateiHochgeladen: a file was uploaded to an object. HochgeladenVonID, Seite and
// OrganisationID (issue 42) say who uploaded as the lists mask his name (verlauf.Name): an
// event without them was written before, and migration 00021 copied them from its metadata
// into the document.
type DateiHochgeladen struct {
	Fachobjekt   string `json:"fachobjekt"`
	FachobjektID int64  `json:"fachobjektId"`
	Bezeichnung  string `json:"bezeichnung"`
	Inhalt
	HochgeladenVon   string    `json:"hochgeladenVon"`
	HochgeladenAm    time.Time `json:"hochgeladenAm"`
	HochgeladenVonID int64     `json:"hochgeladenVonId,omitempty"`
	// Seite is the side the uploader acted for (berechtigung.GlobalBehoerde, GlobalOrganisation).
	Seite          string `json:"seite,omitempty"`
	OrganisationID int64  `json:"organisationId,omitempty"`
}

// DateiGeloescht: the file was deleted; its blob is removed after the commit.
type DateiGeloescht struct{}

func (DateiHochgeladen) EventType() string { return "DateiHochgeladen" }
func (DateiGeloescht) EventType() string   { return "DateiGeloescht" }

// Datei is the state of one file.
type Datei struct {
	Existiert, Geloescht bool
	DateiHochgeladen
}

// Commands.
type (
	// LadeHoch records an upload by the account VonID (named Von) acting for the side Seite,
	// of the organisation OrganisationID (0: none). Inhalt is nil when the request carried no
	// file.
	LadeHoch struct {
		Fachobjekt     string
		FachobjektID   int64
		Bezeichnung    string
		Inhalt         *Inhalt
		Von            string
		VonID          int64
		Seite          string
		OrganisationID int64
		Am             time.Time
	}
	// Loesche deletes the file.
	Loesche struct{}
)

// ZuGross is the refusal of a file above MaxGroesse (the blob store stops reading there).
func ZuGross() error {
	return &validierung.Fehler{Message: MsgZuGross, Felder: map[string]string{FeldDatei: MsgZuGross}}
}

// Befehl is the closed set of commands of the aggregate: only the commands of this package
// implement it, so Decide sees nothing else.
type Befehl interface{ befehl() }

func (LadeHoch) befehl() {}
func (Loesche) befehl()  {}

// Decide checks a command.
func Decide(d Datei, cmd Befehl) ([]ereignis.DomainEvent, error) {
	switch c := cmd.(type) {
	case LadeHoch:
		if d.Existiert {
			return nil, validierung.Regel("Die Datei existiert bereits.")
		}
		if !slices.Contains(Fachobjekte, c.Fachobjekt) || c.FachobjektID <= 0 {
			return nil, validierung.NichtGefunden
		}
		bezeichnung := einzeilig(c.Bezeichnung)
		var s validierung.Sammler
		switch {
		case c.Inhalt == nil || c.Inhalt.Groesse == 0:
			s.Feld(FeldDatei, MsgDateiFehlt)
		case c.Inhalt.Groesse > MaxGroesse:
			return nil, ZuGross()
		}
		s.Pflichtfelder("", Formular, angaben{Bezeichnung: bezeichnung})
		s.Laenge(FeldBezeichnung, bezeichnung)
		if err := s.Err(); err != nil {
			var f *validierung.Fehler
			if errors.As(err, &f) && f.Felder[FeldDatei] != "" {
				// the missing file is what the answer says first
				f.Message = MsgDateiFehlt
			}
			return nil, err
		}
		inhalt := *c.Inhalt
		inhalt.Dateiname = Dateiname(inhalt.Dateiname)
		return []ereignis.DomainEvent{DateiHochgeladen{Fachobjekt: c.Fachobjekt, FachobjektID: c.FachobjektID,
			Bezeichnung: bezeichnung, Inhalt: inhalt, HochgeladenVon: c.Von, HochgeladenAm: c.Am, HochgeladenVonID: c.VonID,
			Seite: c.Seite, OrganisationID: c.OrganisationID}}, nil
	case Loesche:
		if !d.Existiert || d.Geloescht {
			return nil, validierung.NichtGefunden
		}
		return []ereignis.DomainEvent{DateiGeloescht{}}, nil
	}
	return nil, fmt.Errorf("datei: unknown command %T", cmd)
}

// einzeilig is a one-line text as users type it: valid UTF-8, without control characters
// (a form may send anything), trimmed.
func einzeilig(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, "")))
}

// Dateiname is the name a download is offered under: the last element of what the browser
// sent (old browsers send whole Windows paths), without control characters and without the
// invisible characters that turn the direction of text or hide inside it (unsichtbar), at
// most 255 characters; "datei" when nothing is left.
func Dateiname(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = einzeilig(strings.Map(unsichtbar, strings.ToValidUTF8(name, "")))
	if r := []rune(name); len(r) > maxNamenslaenge {
		name = string(r[len(r)-maxNamenslaenge:]) // keep the extension
	}
	if name == "" || name == "." || name == ".." {
		return "datei"
	}
	return name
}

// unsichtbar drops the characters a name shows nothing of, yet which change what it seems to
// say: the Unicode format characters (category Cf) — the bidirectional controls (issue 11:
// with them "Rechnung\u202Efdp.exe" shows as "Rechnungexe.pdf" in the list and the save
// dialog), the zero-width characters U+200B–U+200D, U+2060–U+2064, U+FEFF, U+180E, the soft
// hyphen U+00AD and the tag characters (issue 27: "Rech\u200Bnung.pdf" is not the
// "Rechnung.pdf" it looks like) — and the line and paragraph separators. No file name needs
// them.
func unsichtbar(r rune) rune {
	if unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) {
		return -1
	}
	return r
}

// Evolve applies an event.
func Evolve(d Datei, e ereignis.DomainEvent) Datei {
	switch v := e.(type) {
	case DateiHochgeladen:
		d = Datei{Existiert: true, DateiHochgeladen: v}
	case DateiGeloescht:
		d.Geloescht = true
	}
	return d
}

// Decode reads a stored event.
var Ereignisse = ereignis.Katalog(
	ereignis.Art[DateiHochgeladen](),
	ereignis.Art[DateiGeloescht](),
)

// Decode reads a stored event of the aggregate (Ereignisse).
var Decode = Ereignisse.Decode

// Decider is the file aggregate for the generic command handler.
var Decider = ereignis.Decider[Datei, Befehl]{
	StreamType: StreamType, Initial: func() Datei { return Datei{} },
	Evolve: Evolve, Decide: Decide, Decode: Decode,
}
