package datei

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/ereignis/ereignistest"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

var given = ereignistest.Gegeben(Evolve)

var (
	am     = time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	inhalt = Inhalt{Dateiname: "Lageplan.pdf", Dateityp: "application/pdf", Groesse: 2048, SHA256: "ab12", Schluessel: "k-1"}
	hoch   = DateiHochgeladen{Fachobjekt: Betrieb, FachobjektID: 7, Bezeichnung: "Lageplan", Inhalt: inhalt,
		HochgeladenVon: "Michael Wagner", HochgeladenAm: am, HochgeladenVonID: 4, Seite: "ORGANISATION", OrganisationID: 2}
)

func mitInhalt(f func(*Inhalt)) *Inhalt {
	i := inhalt
	f(&i)
	return &i
}

func TestDecide(t *testing.T) {
	lade := func(bezeichnung string, i *Inhalt) LadeHoch {
		return LadeHoch{Fachobjekt: Betrieb, FachobjektID: 7, Bezeichnung: bezeichnung, Inhalt: i, Von: "Michael Wagner", VonID: 4,
			Seite: "ORGANISATION", OrganisationID: 2, Am: am}
	}
	tests := []struct {
		name      string
		given     []ereignis.DomainEvent
		when      Befehl
		then      []ereignis.DomainEvent
		wantErr   string
		wantFeld  map[string]string
		notFound  bool
		sameAgain bool
	}{
		{name: "an upload records name, type, size, hash, key, uploader and time; the Bezeichnung is trimmed",
			when: lade("  Lageplan ", &inhalt), then: []ereignis.DomainEvent{hoch}},
		{name: "control characters and broken UTF-8 leave the Bezeichnung",
			when: lade("Lage\x00plan\xff\n", &inhalt), then: []ereignis.DomainEvent{hoch}},
		{name: "the file name is the last element of a Windows path",
			when: lade("Lageplan", mitInhalt(func(i *Inhalt) { i.Dateiname = `C:\Users\mw\Lageplan.pdf` })),
			then: []ereignis.DomainEvent{hoch}},
		{name: "without a file: 'Sie müssen eine Datei hochladen!'",
			when: lade("Lageplan", nil), wantErr: MsgDateiFehlt, wantFeld: map[string]string{FeldDatei: MsgDateiFehlt}},
		{name: "an empty file counts as none",
			when: lade("Lageplan", mitInhalt(func(i *Inhalt) { i.Groesse = 0 })), wantErr: MsgDateiFehlt},
		{name: "the Bezeichnung is required",
			when: lade("  ", &inhalt), wantErr: validierung.Pflichtfeld, wantFeld: map[string]string{FeldBezeichnung: validierung.Pflichtfeld}},
		{name: "neither file nor Bezeichnung: both fields, the file first",
			when: lade("", nil), wantErr: MsgDateiFehlt, wantFeld: map[string]string{FeldDatei: MsgDateiFehlt, FeldBezeichnung: validierung.Pflichtfeld}},
		{name: "100 MB are the maximum",
			when: lade("Lageplan", mitInhalt(func(i *Inhalt) { i.Groesse = MaxGroesse + 1 })), wantErr: MsgZuGross},
		{name: "exactly 100 MB are fine",
			when: lade("Lageplan", mitInhalt(func(i *Inhalt) { i.Groesse = MaxGroesse })),
			then: []ereignis.DomainEvent{func() DateiHochgeladen { h := hoch; h.Groesse = MaxGroesse; return h }()}},
		{name: "files hang on operations, plants, measuring points, Bescheide and annual reports only",
			when: LadeHoch{Fachobjekt: "organisation", FachobjektID: 7, Bezeichnung: "x", Inhalt: &inhalt}, notFound: true},
		{name: "delete", given: []ereignis.DomainEvent{hoch}, when: Loesche{}, then: []ereignis.DomainEvent{DateiGeloescht{}}},
		{name: "a deleted file cannot be deleted again", given: []ereignis.DomainEvent{hoch, DateiGeloescht{}}, when: Loesche{}, notFound: true},
		{name: "nothing to delete", when: Loesche{}, notFound: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(given(tt.given...), tt.when)
			switch {
			case tt.notFound:
				if !errors.Is(err, validierung.NichtGefunden) {
					t.Fatalf("err = %v, want NichtGefunden", err)
				}
			case tt.wantErr != "":
				var f *validierung.Fehler
				if !errors.As(err, &f) || f.Error() != tt.wantErr {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				if tt.wantFeld != nil && !reflect.DeepEqual(f.Felder, tt.wantFeld) {
					t.Fatalf("Felder = %v, want %v", f.Felder, tt.wantFeld)
				}
			default:
				if err != nil || !reflect.DeepEqual(got, tt.then) {
					t.Fatalf("got %#v, %v; want %#v", got, err, tt.then)
				}
			}
		})
	}
}

func TestDateiname_ControlCharactersGoAndTheExtensionStays(t *testing.T) {
	for in, want := range map[string]string{
		"Bericht\x00\n 2026.pdf":           "Bericht 2026.pdf",
		"../../etc/passwd":                 "passwd",
		"":                                 "datei",
		"..":                               "datei",
		`\\server\share\Gutachten Öl.docx`: "Gutachten Öl.docx",
		strings.Repeat("ä", 300) + ".xlsx": strings.Repeat("ä", 250) + ".xlsx",
	} {
		if got := Dateiname(in); got != want {
			t.Errorf("Dateiname(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDateiname_BidirectionalControlsAndInvisibleFormatCharactersGo(t *testing.T) {
	for in, want := range map[string]string{
		"Rechnung\u202Efdp.exe":                    "Rechnungfdp.exe",
		"\u202ABericht\u202B \u202C2026\u202D.pdf": "Bericht 2026.pdf",
		"\u2066Plan\u2067\u2068\u2069.pdf":         "Plan.pdf",
		"\u200Fabc\u200E\u061C.txt":                "abc.txt",
		" \u202E \u202E ":                          "datei",
		"\xffLageplan\u202E.pdf":                   "Lageplan.pdf",
		"שלום.pdf":                                 "שלום.pdf", // right-to-left letters themselves stay
		// issue 27: zero-width and other invisible format characters go as well (Unicode Cf),
		// and the line and paragraph separators
		"Rech\u200Bnung.pdf":                     "Rechnung.pdf",
		"\uFEFFBericht\u200C\u200D.pdf":          "Bericht.pdf",
		"Plan\u2060\u2061\u2062\u2063\u2064.pdf": "Plan.pdf",
		"Mon\u180Egolisch.txt":                   "Mongolisch.txt",
		"Kläran\u00ADlage.docx":                  "Kläranlage.docx",
		"Ab\u2028wasser\u2029.pdf":               "Abwasser.pdf",
		"Rechnung.pdf\u200B\u200B.exe":           "Rechnung.pdf.exe",
		"\u200B\u2060\uFEFF":                     "datei",
		"\U000E0041\U000E0042Tag.pdf":            "Tag.pdf", // tag characters
	} {
		if got := Dateiname(in); got != want {
			t.Errorf("Dateiname(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEvolve_UploadThenDelete(t *testing.T) {
	d := given(hoch)
	if !d.Existiert || d.Geloescht || d.Schluessel != "k-1" || d.Fachobjekt != Betrieb {
		t.Fatalf("%+v", d)
	}
	if d = Evolve(d, DateiGeloescht{}); !d.Geloescht {
		t.Fatal("not deleted")
	}
}
