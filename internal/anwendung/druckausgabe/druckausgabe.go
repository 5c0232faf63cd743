// Package druckausgabe is the use case of the Druckausgabe (spec 001 §2.10, issue 33): the
// print of an operation file — the operation and the plants, measuring points and Bescheide
// chosen in the dialog's tree — and of an annual report, as one PDF. Each object is the
// Verlauf's view of its state replayed from the event store as the caller may see it (the
// areas' Druckstand), today's or as of the end of a given day; internal/plattform/druck draws it.
package druckausgabe

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/eabwasser/eabwasser/domain/validierung"
	anlagedienst "github.com/eabwasser/eabwasser/internal/anwendung/anlage"
	bescheiddienst "github.com/eabwasser/eabwasser/internal/anwendung/bescheid"
	betriebdienst "github.com/eabwasser/eabwasser/internal/anwendung/betrieb"
	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	messstelledienst "github.com/eabwasser/eabwasser/internal/anwendung/messstelle"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	"github.com/eabwasser/eabwasser/internal/plattform/druck"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Nutzer is the caller.
type Nutzer = zugriff.Nutzer

// Dienst prints through the areas' services, which decide what the caller may see.
type Dienst struct {
	Betriebsakte  *betriebdienst.Dienst
	Anlage        *anlagedienst.Dienst
	Messstelle    *messstelledienst.Dienst
	Bescheid      *bescheiddienst.Dienst
	Jahresbericht *berichtdienst.Dienst
	// Jetzt is the clock of the print date (nil: time.Now).
	Jetzt func() time.Time
	// Satz starts the print's layout (nil: druck.Neu, the PDF); the bench sets HTML instead.
	Satz func(druck.Kopfdaten) druck.Satz
}

// Auswahl is the selection of the Druckausgabe's tree (the body of POST
// /api/betrieb/{id}/print): the operation's own data, the plants (all kinds: treatment,
// cooling water and relief plants, sewer networks), measuring points and Bescheide —
// Bescheidsanträge are Bescheide in an application status — and, optionally, the day whose
// end the print shows (yyyy-MM-dd; empty: today's state).
type Auswahl struct {
	Betrieb     bool    `json:"betrieb"`
	Anlagen     []int64 `json:"anlagenIds"`
	Messstellen []int64 `json:"messstellenIds"`
	Bescheide   []int64 `json:"bescheidIds"`
	StandZum    string  `json:"standZum"`
}

// HoechstObjekte bounds one print: the objects are replayed and laid out in memory before the
// first byte goes out (a refusal must come before a half-sent file).
const HoechstObjekte = 500

// The German messages of a refused print.
const (
	MsgNichtsGewaehlt = "Bitte wählen Sie mindestens einen Teil der Betriebsakte für den Ausdruck aus."
	MsgZuViele        = "Es können höchstens 500 Objekte auf einmal gedruckt werden. Bitte wählen Sie weniger aus."
	MsgStandZum       = "Bitte geben Sie „Stand zum“ als Datum (TT.MM.JJJJ) an, das nicht in der Zukunft liegt."
	MsgFremdesObjekt  = "Ein ausgewähltes Objekt gehört nicht zu diesem Betrieb oder ist nicht sichtbar."
	MsgNochNichtAngel = "Am %s noch nicht angelegt."
	MsgKeineMesswerte = "Keine Messwerte erfasst."
	dokumentBetrieb   = "Betriebsakte"
	dokumentJahresber = "Jahresbericht"
)

// neu starts a print's layout.
func (d *Dienst) neu(k druck.Kopfdaten) druck.Satz {
	if d.Satz != nil {
		return d.Satz(k)
	}
	return druck.Neu(k)
}

// uhr is the clock.
func (d *Dienst) uhr() time.Time {
	if d.Jetzt != nil {
		return d.Jetzt()
	}
	return time.Now()
}

// standZum reads the selection's day: its end (midnight in Europe/Berlin) as the instant the
// replay stops at, zero for today's state; a day after today is refused.
func (d *Dienst) standZum(text string) (tag, ende time.Time, err error) {
	if text == "" {
		return time.Time{}, time.Time{}, nil
	}
	tag, err = time.ParseInLocation("2006-01-02", text, druck.Berlin)
	if err != nil || tag.After(d.uhr()) {
		return time.Time{}, time.Time{}, validierung.Feld("standZum", MsgStandZum)
	}
	return tag, tag.AddDate(0, 0, 1).Add(-time.Nanosecond), nil
}

// DruckeBetriebsakte prints the selection a of operation id the caller sees (else not found) to w;
// every id must belong to the operation and be visible to him, else nothing is printed (the
// operation's 404, MsgFremdesObjekt). datei gets the file name before the first byte is
// written.
func (d *Dienst) DruckeBetriebsakte(ctx context.Context, n Nutzer, id int64, a Auswahl, datei func(string), w io.Writer) error {
	tag, ende, err := d.standZum(a.StandZum)
	if err != nil {
		return err
	}
	// the operation first: who does not see it learns nothing of the rest
	betrieb, err := d.Betriebsakte.Druckstand(ctx, n, id, ende)
	if err != nil {
		return err
	}
	anzahl := len(a.Anlagen) + len(a.Messstellen) + len(a.Bescheide)
	if a.Betrieb {
		anzahl++
	}
	switch {
	case anzahl == 0:
		return validierung.Feld("auswahl", MsgNichtsGewaehlt)
	case anzahl > HoechstObjekte:
		return validierung.Feld("auswahl", MsgZuViele)
	}
	var objekte []verlauf.Druckstand
	if a.Betrieb {
		objekte = append(objekte, betrieb)
	}
	type bereich struct {
		ids   []int64
		stand func(context.Context, Nutzer, int64, time.Time) (verlauf.Druckstand, error)
	}
	for _, b := range []bereich{{a.Anlagen, d.Anlage.Druckstand}, {a.Messstellen, d.Messstelle.Druckstand}, {a.Bescheide, d.Bescheid.Druckstand}} {
		for _, oid := range eindeutig(b.ids) {
			s, err := b.stand(ctx, n, oid, ende)
			if errors.Is(err, validierung.NichtGefunden) || (err == nil && s.BetriebID != id) {
				return validierung.Feld("auswahl", MsgFremdesObjekt)
			}
			if err != nil {
				return err
			}
			objekte = append(objekte, s)
		}
	}
	schluessel, err := schluesseltexte(ctx, d.Betriebsakte.Store.Pool())
	if err != nil {
		return err
	}
	kopf := druck.Kopfdaten{Dokument: dokumentBetrieb, Betrieb: betrieb.Titel, StandZum: tag, Gedruckt: d.uhr()}
	doc := d.neu(kopf)
	inhalt := make([]string, len(objekte))
	for i, o := range objekte {
		inhalt[i] = o.Art + " " + o.Titel
	}
	doc.Deckblatt(deckblatt(betrieb), inhalt)
	for _, o := range objekte {
		doc.Ueberschrift(o.Art, o.Titel)
		if o.Version == 0 {
			doc.Hinweis(fmt.Sprintf(MsgNochNichtAngel, druck.Datum(tag)))
			continue
		}
		druck.Schreibe(doc, druck.Aus(o.Ansicht, o.Namen, mitTexten(schluessel, o.Texte)))
	}
	datei("Betriebsakte-" + strconv.FormatInt(id, 10) + ".pdf")
	return doc.Ausgeben(w)
}

// deckblatt are the cover's rows of the operation: operator and authority as the file showed
// them (as of the day printed).
func deckblatt(b verlauf.Druckstand) []druck.Zeile {
	v, ok := b.Ansicht.(betriebdienst.Verlaufsansicht)
	if !ok {
		return nil
	}
	zeilen := []druck.Zeile{{Bezeichnung: "Betriebs-Nr.", Wert: v.BetriebsID}, {Bezeichnung: "Betreiber", Wert: v.Betreiber}}
	if v.Behoerde != nil {
		zeilen = append(zeilen, druck.Zeile{Bezeichnung: "Behörde", Wert: v.Behoerde.Value})
	}
	return zeilen
}

// eindeutig is ids without repeats, in order.
func eindeutig(ids []int64) []int64 {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// DruckeJahresbericht prints report id the caller sees (else not found) to w: its header fields and
// per parameter its values with their evaluation, exceedances marked.
func (d *Dienst) DruckeJahresbericht(ctx context.Context, n Nutzer, id int64, datei func(string), w io.Writer) error {
	j, err := d.Jahresbericht.Druckbericht(ctx, n, id)
	if err != nil {
		return err
	}
	schluessel, err := schluesseltexte(ctx, d.Betriebsakte.Store.Pool())
	if err != nil {
		return err
	}
	doc := d.neu(druck.Kopfdaten{Dokument: dokumentJahresber, Betrieb: j.Betrieb, Gedruckt: d.uhr()})
	doc.Deckblatt(nil, nil)
	doc.Ueberschrift(dokumentJahresber, j.Titel)
	druck.Schreibe(doc, druck.Aus(j.Kopf, j.Namen, schluessel))
	for _, p := range j.Parameter {
		doc.Zwischentitel(parametertitel(p))
		doc.Felder(bewertungen(p))
		if len(p.Messwerte) == 0 {
			doc.Hinweis(MsgKeineMesswerte)
			continue
		}
		doc.Tabelle(messwerttabelle(p))
	}
	datei("Jahresbericht-" + strconv.FormatInt(id, 10) + ".pdf")
	return doc.Ausgeben(w)
}
