package betrieb

import (
	"fmt"
	entscheidung "github.com/eabwasser/eabwasser/domain/antrag"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Commands.
type (
	// BeantrageBetrieb requests a new operation of type Typ. Aehnliche are the names of
	// existing operations of the same operator or at the same address; one that looks like
	// the new name stops the request unless DoppelerfassungBestaetigt.
	BeantrageBetrieb struct {
		BetriebsID                string
		Daten                     Daten
		Typ                       string
		Heute                     time.Time
		Aehnliche                 []string
		DoppelerfassungBestaetigt bool
	}
	// EntscheideFreigabe approves (FREIGEGEBEN) or rejects (ABGEWIESEN) a requested operation.
	EntscheideFreigabe struct {
		NeuerStatus string
		Kommentar   string
	}
	// SpeichereAlsBetreiber is the operator's save: the whole application while it is
	// requested, a new request when it was rejected, and afterwards only the fields the
	// operator keeps himself (Betreiberschreibbar).
	SpeichereAlsBetreiber struct{ Daten Daten }
	// SpeichereAlsAdmin is the authority's save; on a rejected operation it requests it
	// again, as the operator's save does. Changes of historised fields of an approved
	// operation need AuditInfo. When the operator changes and the old one is an obligee of
	// plants of the operation (AltBetreiberPflichtig), Behalten must say whether he stays one.
	SpeichereAlsAdmin struct {
		Daten                 Daten
		AuditInfo             *historie.AuditInfo
		Heute                 time.Time
		AltBetreiberPflichtig bool
		Behalten              *bool
		// ZuErsetzen are the operation's municipal treatment plants that plants of other
		// operations discharge into (the service reads them): its shut-down needs a replacement
		// for each in Ersatz (plant → the treatment plant their dischargers go to), spec 000 §4.
		ZuErsetzen []int64
		Ersatz     map[int64]int64
	}
	// StelleStammdatenAntrag is an operator's application to change master data.
	StelleStammdatenAntrag struct {
		Antrag StammdatenAntrag
		Heute  time.Time
	}
	// UebernehmeStammdatenAntrag adopts the chosen fields of the open application; every other
	// field the application changes is refused, each with the staff member's reason.
	UebernehmeStammdatenAntrag struct {
		Felder        []string
		Begruendungen map[string]string // refused field → reason
		Heute         time.Time
	}
	// LehneStammdatenAntragAb rejects the open application as a whole, with a reason for each
	// field it changes.
	LehneStammdatenAntragAb struct {
		Begruendungen map[string]string
	}
	// ZieheBetreiberUm moves the operation to the organisation its operator was merged into.
	ZieheBetreiberUm struct {
		NeuID int64
		Datum string
	}
)

// Messages.
const (
	MsgKoordinate          = "Der eingegebene Wert ist zu groß."
	MsgNichtBeantragt      = "Der Betrieb wartet nicht auf eine Freigabe."
	MsgNeuerStatus         = entscheidung.MsgNeuerStatus
	MsgBegruendung         = "Bitte begründen Sie die Zurückweisung im Kommentar, damit der Betreiber erfährt, was fehlt."
	MsgDoppelerfassung     = "Es gibt bereits einen Betrieb „%s“ desselben Betreibers oder an derselben Adresse. Bitte prüfen Sie, ob der Betrieb schon erfasst ist."
	MsgNeuerBetreiber      = "Es muss ein neuer Betreiber angegeben werden!"
	MsgBehalten            = "Sie müssen angeben, ob der bisherige Betreiber als Abwasserbeseitigungspflichtiger für die entsprechenden Abwasseranlagen erhalten oder gelöscht werden soll!"
	MsgNurAntrag           = "Diese Stammdaten ändern Sie über einen Stammdatenänderungsantrag."
	MsgAntragOffen         = "Es existiert bereits ein Änderungsantrag. Bitte warten Sie auf dessen Bearbeitung."
	MsgKeinAntrag          = "Es liegt kein offener Stammdatenänderungsantrag vor."
	MsgAntragOhneAenderung = "Der Antrag enthält keine Änderung der Stammdaten."
	MsgAntragErstFreigabe  = "Ein Stammdatenänderungsantrag ist erst nach der Freigabe des Betriebs möglich."
	MsgAuswahl             = validierung.MsgAuswahl
	MsgStilllegung         = "Bitte geben Sie an, ab wann der Betrieb stillgelegt ist. Alle Anlagen und Messstellen des Betriebs werden ebenfalls stillgelegt."
	MsgErsatzFehlt         = "Die aufnehmenden Kläranlagen des Betriebs müssen erst ersetzt werden!"
	MsgErstfassung         = "Für den Betrieb gibt es noch keinen datierten Stand. Bitte geben Sie an, ab wann die Änderung gilt."
)

// Doppelerfassung refuses a request that looks like an existing operation; the client asks
// 'Achtung potentielle Doppelerfassung!' and resubmits with skipBetriebExistsCheck.
type Doppelerfassung struct{ Aehnlich string }

func (d *Doppelerfassung) Error() string { return fmt.Sprintf(MsgDoppelerfassung, d.Aehnlich) }

// Unwrap lets the error mapper answer it as a refused rule (400).
func (d *Doppelerfassung) Unwrap() error { return validierung.Regel(d.Error()) }

// ErrorMembers adds possibleSuppressorFlag to the error body.
func (d *Doppelerfassung) ErrorMembers() map[string]any {
	return map[string]any{"possibleSuppressorFlag": "skipBetriebExistsCheck"}
}

// historisiert tells whether a change touches the fields whose history is kept.
func historisiert(alt, neu Daten) bool {
	return alt.Bezeichnung != neu.Bezeichnung || alt.Adresse != neu.Adresse || alt.BetreiberID != neu.BetreiberID ||
		alt.BetreiberAdresse != neu.BetreiberAdresse || alt.Betriebsstatus != neu.Betriebsstatus ||
		alt.RegionalstelleID != neu.RegionalstelleID || alt.Lage != neu.Lage
}

// Betreiberschreibbar are the fields (JSON names of Daten) an operator maintains himself on an
// approved operation; the rest of its master data goes through a Stammdaten-Antrag.
var Betreiberschreibbar = []string{"produktion", "wasserversorgung", "kontakte", "zustaendigePersonen"}

// Vom Betreiber nie: the operator's save keeps these as stored, whatever it sends.
var nieVomBetreiber = []string{"betreiberId", "betriebsstatus", "regionalstelleId", "zustaendigeBearbeiter"}

// Formularnamen are the form's keys of the fields whose JSON name in Daten differs (the keys of
// validationErrors and of rechte.felder).
var Formularnamen = map[string]string{"betreiberId": "betreiber", "regionalstelleId": "behoerde"}

// Schreibbar are the fields (JSON names of Daten) a save may change on operation b — the one
// rule of per-field rights: the operator's save refuses a change of any other field with an
// error on it, the detail sends the list (in the form's names, Formularnamen) as rechte.felder
// and the form disables the rest. Staff (alsBetreiber false) save everything.
func Schreibbar(b Betrieb, alsBetreiber bool) []string {
	alle := validierung.Felder(Daten{})
	switch {
	case !alsBetreiber:
		return alle
	case b.Freigabestatus == Freigegeben:
		return Betreiberschreibbar
	}
	return validierung.Ohne(alle, nieVomBetreiber...)
}

// Befehl is the closed set of commands of the aggregate: only the commands of this package
// implement it, so Decide sees nothing else.
type Befehl interface{ befehl() }

func (BeantrageBetrieb) befehl()           {}
func (EntscheideFreigabe) befehl()         {}
func (SpeichereAlsBetreiber) befehl()      {}
func (SpeichereAlsAdmin) befehl()          {}
func (StelleStammdatenAntrag) befehl()     {}
func (UebernehmeStammdatenAntrag) befehl() {}
func (LehneStammdatenAntragAb) befehl()    {}
func (ZieheBetreiberUm) befehl()           {}

// Decide checks a command against the operation.
func Decide(b Betrieb, cmd Befehl) ([]ereignis.DomainEvent, error) {
	if _, neu := cmd.(BeantrageBetrieb); !neu && !b.Existiert {
		return nil, validierung.NichtGefunden
	}
	switch c := cmd.(type) {
	case BeantrageBetrieb:
		return beantrage(b, c)
	case EntscheideFreigabe:
		frei, k, err := entscheidung.EntscheideFreigabe(b.Freigabestatus, c.NeuerStatus, c.Kommentar,
			entscheidung.Freigabetexte{NichtBeantragt: MsgNichtBeantragt, Begruendung: MsgBegruendung})
		switch {
		case err != nil:
			return nil, err
		case frei:
			return []ereignis.DomainEvent{BetriebFreigegeben{Kommentar: k}}, nil
		}
		return []ereignis.DomainEvent{BetriebAbgewiesen{Kommentar: k}}, nil
	case SpeichereAlsBetreiber:
		return speichereAlsBetreiber(b, c)
	case SpeichereAlsAdmin:
		return speichereAlsAdmin(b, c)
	case StelleStammdatenAntrag:
		return stelleAntrag(b, c)
	case UebernehmeStammdatenAntrag:
		return uebernehmeAntrag(b, c)
	case LehneStammdatenAntragAb:
		if b.Antrag == nil {
			return nil, validierung.Regel(MsgKeinAntrag)
		}
		gruende, err := entscheidung.Ablehnung(c.Begruendungen, b.Antrag.Beantragt(b.Daten), Feldnamen)
		if err != nil {
			return nil, err
		}
		return []ereignis.DomainEvent{StammdatenAntragAbgelehnt{Begruendungen: gruende}}, nil
	case ZieheBetreiberUm:
		if b.Daten.BetreiberID == c.NeuID {
			return nil, nil
		}
		return []ereignis.DomainEvent{BetreiberUmgezogen{AltID: b.Daten.BetreiberID, NeuID: c.NeuID, Datum: c.Datum}}, nil
	}
	return nil, fmt.Errorf("betrieb: unknown command %T", cmd)
}

func beantrage(b Betrieb, c BeantrageBetrieb) ([]ereignis.DomainEvent, error) {
	if b.Existiert {
		return nil, validierung.Regel("Der Betrieb existiert bereits.")
	}
	c.Daten.Betriebsstatus = Geplant
	var s validierung.Sammler
	d := pruefeMit(&s, c.Daten)
	if !slices.Contains(Betriebstypen, c.Typ) {
		s.Feld("betriebstyp", "Unbekannter Betriebstyp.")
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	if !c.DoppelerfassungBestaetigt {
		for _, a := range c.Aehnliche {
			if Aehnlich(a, d.Bezeichnung) {
				return nil, &Doppelerfassung{Aehnlich: a}
			}
		}
	}
	return []ereignis.DomainEvent{BetriebBeantragt{BetriebsID: c.BetriebsID, Daten: d, Betriebstyp: c.Typ,
		GueltigAb: c.Heute.Format(historie.Datumsformat)}}, nil
}

func speichereAlsBetreiber(b Betrieb, c SpeichereAlsBetreiber) ([]ereignis.DomainEvent, error) {
	neu := c.Daten
	// the operator cannot hand his operation to someone else, set its status or its authority
	neu.BetreiberID, neu.Betriebsstatus, neu.RegionalstelleID = b.Daten.BetreiberID, b.Daten.Betriebsstatus, b.Daten.RegionalstelleID
	neu.ZustaendigeBearbeiter = b.Daten.ZustaendigeBearbeiter
	// every error of the form at once (issue 28): a change of a field the operator may not save,
	// on that field, together with the rules of the data
	var s validierung.Sammler
	if b.Freigabestatus == Freigegeben {
		neu.Behoerdenkennung = b.Daten.Behoerdenkennung
		validierung.Unveraendert(&s, normalisiert(b.Daten), normalisiert(neu), Schreibbar(b, true),
			func(string) string { return MsgNurAntrag }, Formularnamen)
	}
	d := pruefeMit(&s, neu)
	if err := s.Err(); err != nil {
		return nil, err
	}
	switch {
	case b.Freigabestatus == Abgewiesen:
		return []ereignis.DomainEvent{FreigabeErneutBeantragt{Daten: d}}, nil
	case reflect.DeepEqual(d, b.Daten):
		return nil, nil
	}
	return []ereignis.DomainEvent{BetriebsdatenGeaendert{Daten: d}}, nil
}

func speichereAlsAdmin(b Betrieb, c SpeichereAlsAdmin) ([]ereignis.DomainEvent, error) {
	if err := historie.PruefeAngabe(c.AuditInfo); err != nil {
		return nil, err
	}
	var s validierung.Sammler
	if b.Freigabestatus == Freigegeben && c.Daten.BetreiberID == 0 {
		s.Feld("betreiber", MsgNeuerBetreiber)
	}
	neu := pruefeMit(&s, c.Daten)
	wechsel := b.Daten.BetreiberID != neu.BetreiberID && neu.BetreiberID != 0
	if b.Freigabestatus == Freigegeben && wechsel && c.AltBetreiberPflichtig && c.Behalten == nil {
		s.Feld("preserveBetreiberAsAbwasserbeseitigungspflichtigen", MsgBehalten)
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	behalten := c.Behalten == nil || *c.Behalten
	if wechsel {
		neu = ohneVorigenBetreiber(b.Daten, neu)
	}
	if b.Freigabestatus == Abgewiesen {
		// 'Freigabe erneut beantragen' is the save button of a rejected operation for whoever
		// may save it (spec 000 §4), staff as well as the operator (issue 14)
		return []ereignis.DomainEvent{FreigabeErneutBeantragt{Daten: neu}}, nil
	}
	if reflect.DeepEqual(neu, b.Daten) {
		return nil, nil
	}
	if b.Freigabestatus != Freigegeben {
		// an application is corrected, not historised
		return []ereignis.DomainEvent{BetriebsdatenGeaendert{Daten: neu}}, nil
	}
	ev := BetriebGeaendert{Daten: neu, GueltigAb: b.LetzterBeginn, Ersetzt: true}
	stilllegung := neu.Betriebsstatus == Stillgelegt && b.Daten.Betriebsstatus != Stillgelegt
	var ersatz map[int64]int64
	if stilllegung && len(c.ZuErsetzen) > 0 {
		ersatz = map[int64]int64{}
		for _, id := range c.ZuErsetzen {
			if c.Ersatz[id] == 0 {
				return nil, &ErsatzFehlt{}
			}
			ersatz[id] = c.Ersatz[id]
		}
	}
	if historisiert(b.Daten, neu) {
		keinDatum := c.AuditInfo == nil || c.AuditInfo.GueltigAb == ""
		switch {
		case stilllegung && keinDatum:
			return nil, &historie.Verstoss{Art: historie.Stilllegen, Fehler: validierung.Regel(MsgStilllegung)}
		case b.LetzterBeginn == "" && keinDatum:
			return nil, &historie.Verstoss{Art: historie.Initial, Fehler: validierung.Regel(MsgErstfassung)}
		}
		ab, ersetzt, err := historie.Pruefe(c.AuditInfo, b.LetzterBeginn, c.Heute)
		if err != nil {
			return nil, err
		}
		ev.GueltigAb, ev.Ersetzt, ev.Aenderungsgrund = ab, ersetzt, strings.TrimSpace(c.AuditInfo.Aenderungsgrund)
	}
	out := []ereignis.DomainEvent{ev}
	if wechsel {
		out = append(out, BetreiberGewechselt{AltID: b.Daten.BetreiberID, NeuID: neu.BetreiberID, Behalten: behalten})
	}
	if stilllegung {
		out = append(out, BetriebStillgelegt{Datum: ev.GueltigAb, Ersatz: ersatz})
	}
	return out, nil
}

// ohneVorigenBetreiber is the data neu of a change of operator without the previous operator's
// contacts and responsible persons (its own people, issue 42): what alt held leaves with it, what
// the same save adds for the new operator stays.
func ohneVorigenBetreiber(alt, neu Daten) Daten {
	neu.Kontakte = slices.DeleteFunc(slices.Clone(neu.Kontakte), func(k Kontakt) bool { return slices.Contains(alt.Kontakte, k) })
	neu.ZustaendigePersonen = slices.DeleteFunc(slices.Clone(neu.ZustaendigePersonen), func(p ZustaendigePerson) bool {
		return slices.ContainsFunc(alt.ZustaendigePersonen, func(q ZustaendigePerson) bool { return q.AnwenderID == p.AnwenderID })
	})
	if len(neu.Kontakte) == 0 {
		neu.Kontakte = nil
	}
	if len(neu.ZustaendigePersonen) == 0 {
		neu.ZustaendigePersonen = nil
	}
	return neu
}

// ErsatzFehlt refuses the shut-down of an operation whose municipal treatment plants receive
// wastewater of other operations before a replacement is chosen for each (spec 000 §4, §8):
// the answer's possibleSuppressorFlag anlageToAufnehmendeanlage opens the replacement dialog,
// the form saves again with anlageToAufnehmendeanlage.
type ErsatzFehlt struct{}

func (*ErsatzFehlt) Error() string { return MsgErsatzFehlt }

// Unwrap lets the error mapper answer it as the status field's error (400).
func (*ErsatzFehlt) Unwrap() error { return validierung.Feld("betriebsstatus", MsgErsatzFehlt) }

// ErrorMembers adds possibleSuppressorFlag to the error body.
func (*ErsatzFehlt) ErrorMembers() map[string]any {
	return map[string]any{"possibleSuppressorFlag": "anlageToAufnehmendeanlage"}
}

func stelleAntrag(b Betrieb, c StelleStammdatenAntrag) ([]ereignis.DomainEvent, error) {
	if b.Freigabestatus != Freigegeben {
		return nil, validierung.Regel(MsgAntragErstFreigabe)
	}
	if b.Antrag != nil {
		return nil, &validierung.Konflikt{Message: MsgAntragOffen}
	}
	t := strings.TrimSpace
	a := c.Antrag
	a.Bezeichnung, a.Muttergesellschaft, a.URL, a.Kommentar = t(a.Bezeichnung), t(a.Muttergesellschaft), t(a.URL), t(a.Kommentar)
	a.Adresse = Adresse{Strasse: t(a.Adresse.Strasse), Hausnummer: t(a.Adresse.Hausnummer), Plz: t(a.Adresse.Plz), Ort: t(a.Adresse.Ort)}
	a.GestelltAm = c.Heute.Format(historie.Datumsformat)
	var s validierung.Sammler
	// the form is flat (strasse, not adresse.strasse), so the fields are named one by one
	for feld, wert := range map[string]string{"bezeichnung": a.Bezeichnung, "muttergesellschaft": a.Muttergesellschaft,
		"url": a.URL, "strasse": a.Adresse.Strasse, "hausnummer": a.Adresse.Hausnummer, "plz": a.Adresse.Plz,
		"ort": a.Adresse.Ort, "kommentar": a.Kommentar} {
		s.Laenge(feld, wert)
	}
	s.Pflichtfelder("", StammdatenantragFormular, a)
	if err := s.Err(); err != nil {
		return nil, err
	}
	if reflect.DeepEqual(uebernimm(b.Daten, a, Antragsfelder), b.Daten) {
		return nil, validierung.Regel(MsgAntragOhneAenderung)
	}
	return []ereignis.DomainEvent{StammdatenAntragGestellt{Antrag: a}}, nil
}

// uebernimm copies the chosen fields of an application into the data.
func uebernimm(d Daten, a StammdatenAntrag, felder []string) Daten {
	for _, f := range felder {
		switch f {
		case "bezeichnung":
			d.Bezeichnung = a.Bezeichnung
		case "muttergesellschaft":
			d.Muttergesellschaft = a.Muttergesellschaft
		case "url":
			d.URL = a.URL
		case "betreiberAdresse":
			d.BetreiberAdresse = a.BetreiberAdresse
		case "strasse":
			d.Adresse.Strasse = a.Adresse.Strasse
		case "hausnummer":
			d.Adresse.Hausnummer = a.Adresse.Hausnummer
		case "plz":
			d.Adresse.Plz = a.Adresse.Plz
		case "ort":
			d.Adresse.Ort = a.Adresse.Ort
		}
	}
	return d
}

func uebernehmeAntrag(b Betrieb, c UebernehmeStammdatenAntrag) ([]ereignis.DomainEvent, error) {
	if b.Antrag == nil {
		return nil, validierung.Regel(MsgKeinAntrag)
	}
	gruende, err := entscheidung.Uebernahme(entscheidung.Entscheidung{Felder: c.Felder, Begruendungen: c.Begruendungen}, Antragsfelder, b.Antrag.Beantragt(b.Daten), Feldnamen)
	if err != nil {
		return nil, err
	}
	out := []ereignis.DomainEvent{StammdatenAntragUebernommen{Felder: slices.Clone(c.Felder), Begruendungen: gruende}}
	neu := uebernimm(b.Daten, *b.Antrag, c.Felder)
	if reflect.DeepEqual(neu, b.Daten) {
		return out, nil
	}
	// adopted as a new version from today; a version that already starts today is replaced
	heute := c.Heute.Format(historie.Datumsformat)
	out = append(out, BetriebGeaendert{Daten: neu, GueltigAb: heute, Ersetzt: heute == b.LetzterBeginn,
		Aenderungsgrund: "Stammdatenänderungsantrag vom " + historie.DeutschesDatum(b.Antrag.GestelltAm)})
	return out, nil
}

// MsgFeldBegruendung asks for the reason a field of an application is refused (antrag).
const MsgFeldBegruendung = entscheidung.MsgFeldBegruendung

// Beantragt are the fields an application changes against the data, in form order.
func (a StammdatenAntrag) Beantragt(d Daten) []string {
	var out []string
	for _, f := range Antragsfelder {
		if !reflect.DeepEqual(uebernimm(d, a, []string{f}), d) {
			out = append(out, f)
		}
	}
	return out
}
