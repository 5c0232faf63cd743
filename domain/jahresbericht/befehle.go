package jahresbericht

import (
	"fmt"
	"slices"
	"strings"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Rolle says on which side the caller acts on a report; the service derives it from his
// actions, his organisation and the plant (docs/decisions.md, "Annual reports (issue 31): the
// domain package").
type Rolle struct {
	// Bearbeiter keeps the report: creates it (spec 001 §6: BETREIBER, ZUST_SBS, FACHADMIN,
	// SYSTEMADMIN — an operator only for a plant of his organisation), edits it while
	// IN_BEARBEITUNG or BEARBEITUNG_ABGESCHLOSSEN and submits it.
	Bearbeiter bool
	// Pruefer is staff that checks a submitted report (Plausibilisierung): saves it while
	// EINGEREICHT and approves or rejects it.
	Pruefer bool
	// Admin is FACHADMIN or SYSTEMADMIN, who delete any report (spec 001 §4.2).
	Admin bool
	// Funktion is the functional role the caller acts in (BETREIBER, ZUST_SBS, …): recorded as
	// the submitter's and a supplementary parameter's creator's role, compared by the delete rules.
	Funktion string
}

// Pruefung are the facts the service looked up for a command.
type Pruefung struct {
	// Kanalnetzpflicht: the plant's sewer network has a self-monitoring obligation (creation;
	// GET …/kanalnetz/selbstueberwachungspflichtForAnlage/{anlageId}).
	Kanalnetzpflicht bool
	// Messstellen are the plant's measuring points listed for the report year (a supplementary
	// parameter's messstelle).
	Messstellen []int64
}

// Commands.
type (
	// LegeAn creates the report of plant AnlageID (named AnlageBezeichnung) for Jahr with the
	// parameters the service copied in: the Selbstüberwachungsauflagen of the Anforderungen
	// valid in the year and, for POST /jahresbericht/uebernahme/{id}, the supplementary
	// parameters of report Uebernahme. Every parameter carries its new id.
	LegeAn struct {
		AnlageID          int64
		AnlageBezeichnung string
		Jahr              int
		Daten             Daten
		Parameter         []Parameter
		Uebernahme        int64
		Pruefung          Pruefung
		Rolle             Rolle
		Konto             int64
	}
	// Speichere saves the report form and moves it to Status (empty: stays), the transition
	// happening with the save as the Bescheid's does (Zielstatus).
	Speichere struct {
		Daten  Daten
		Status string
		Rolle  Rolle
		Konto  int64
	}
	// ReicheEin saves the report form and submits it ('Speichern und Einreichen').
	ReicheEin struct {
		Daten Daten
		Rolle Rolle
		Konto int64
	}
	// Entscheide decides a submitted report (PUT /jahresbericht/{id}/freigabe/): NeuerStatus
	// PLAUSIBILISIERT approves, IN_BEARBEITUNG rejects with a Kommentar.
	Entscheide struct {
		NeuerStatus string
		Kommentar   string
		Rolle       Rolle
		Konto       int64
	}
	// Loesche deletes the report.
	Loesche struct {
		Rolle Rolle
	}
	// LegeParameterAn adds a supplementary parameter (its id drawn by the service).
	LegeParameterAn struct {
		Parameter Parameter
		Pruefung  Pruefung
		Rolle     Rolle
		Konto     int64
	}
	// AendereParameter changes a supplementary parameter's fields (not its values).
	AendereParameter struct {
		Parameter Parameter
		Pruefung  Pruefung
		Rolle     Rolle
	}
	// LoescheParameter deletes a supplementary parameter with its values.
	LoescheParameter struct {
		ParameterID int64
		Rolle       Rolle
	}
	// SpeichereMesswerte saves all values of one parameter (PUT …/parameter-messwert/{pid}):
	// the number of rows, the value status, the chosen template (nil: none chosen) and the rows
	// as entered.
	SpeichereMesswerte struct {
		ParameterID int64
		AnzahlWerte int
		Status      string
		Vorlage     *Vorlage
		Messwerte   []Messwert
		Rolle       Rolle
	}
)

// Befehl is the closed set of commands of the aggregate.
type Befehl interface{ befehl() }

func (LegeAn) befehl()             {}
func (Speichere) befehl()          {}
func (ReicheEin) befehl()          {}
func (Entscheide) befehl()         {}
func (Loesche) befehl()            {}
func (LegeParameterAn) befehl()    {}
func (AendereParameter) befehl()   {}
func (LoescheParameter) befehl()   {}
func (SpeichereMesswerte) befehl() {}

// Messages of the commands.
const (
	MsgExistiert         = "Der Jahresbericht existiert bereits."
	MsgJahr              = "Bitte geben Sie ein gültiges Berichtsjahr an."
	MsgPlausibilisiert   = "Ein plausibilisierter Jahresbericht kann nicht mehr geändert werden."
	MsgNichtBearbeitbar  = "Der Jahresbericht kann in diesem Status von Ihnen nicht bearbeitet werden."
	MsgUebergang         = "Dieser Statuswechsel ist nicht zulässig."
	MsgNichtEinreichbar  = "Der Jahresbericht kann in diesem Status nicht eingereicht werden."
	MsgNichtEingereicht  = "Der Jahresbericht ist nicht zur Plausibilisierung eingereicht."
	MsgKommentar         = "Bitte begründen Sie die Zurückweisung im Kommentar, damit der Betreiber erfährt, was fehlt."
	MsgVierAugen         = "Wer den Jahresbericht eingereicht hat, kann ihn nicht selbst plausibilisieren."
	MsgListenwert        = "Unbekannter Wert."
	MsgKeineBerechtigung = "Keine Berechtigung vorhanden"
	MsgAuflage           = "Eine Selbstüberwachungsauflage kommt aus dem Bescheid und kann im Jahresbericht nicht geändert oder gelöscht werden."
	MsgMessstelle        = "Die Messstelle gehört nicht zur Anlage dieses Jahresberichts."
	MsgDatum             = "Ungültiges Datumsformat"
	MsgGueltigkeit       = "Gültig ab darf nicht nach Gültig bis liegen."
)

// Datumsformat of every date a report stores.
const Datumsformat = "2006-01-02"

// The years a report may be kept for.
const (
	ErstesJahr  = 1900
	LetztesJahr = 2999
)

// Decide decides a command on a report.
func Decide(j Jahresbericht, cmd Befehl) ([]ereignis.DomainEvent, error) {
	if c, neu := cmd.(LegeAn); neu {
		return legeAn(j, c)
	}
	if !j.Existiert || j.Geloescht {
		return nil, validierung.NichtGefunden
	}
	switch c := cmd.(type) {
	case Speichere:
		return speichere(j, c)
	case ReicheEin:
		return reicheEin(j, c)
	case Entscheide:
		return entscheide(j, c)
	case Loesche:
		if !Loeschbar(j, c.Rolle) {
			return nil, validierung.NichtErlaubt
		}
		return []ereignis.DomainEvent{JahresberichtGeloescht{}}, nil
	case LegeParameterAn:
		return legeParameterAn(j, c)
	case AendereParameter:
		return aendereParameter(j, c)
	case LoescheParameter:
		return loescheParameter(j, c)
	case SpeichereMesswerte:
		return speichereMesswerte(j, c)
	}
	return nil, fmt.Errorf("jahresbericht: unknown command %T", cmd)
}

// Bearbeitbar tells whether a caller on side r may change a report in status: its keepers
// while IN_BEARBEITUNG or BEARBEITUNG_ABGESCHLOSSEN, the checking staff while EINGEREICHT
// (they save before they decide, spec 001 §4.2); nobody a PLAUSIBILISIERT one. So a submitted
// report is blocked for the operator side (spec 001 §4.2 "for one role").
func Bearbeitbar(status string, r Rolle) bool {
	switch status {
	case InBearbeitung, BearbeitungAbgeschlossen:
		return r.Bearbeiter
	case Eingereicht:
		return r.Pruefer
	}
	return false
}

func bearbeitbar(j Jahresbericht, r Rolle) error {
	switch {
	case j.Status == Plausibilisiert:
		return validierung.Regel(MsgPlausibilisiert)
	case !Bearbeitbar(j.Status, r):
		return validierung.Regel(MsgNichtBearbeitbar)
	}
	return nil
}

// Zielstatus are the statuses a save of the form may move a report in status into (the
// current one included): the keepers IN_BEARBEITUNG ⇄ BEARBEITUNG_ABGESCHLOSSEN, the checking
// staff keep EINGEREICHT. Submitting (ReicheEin) and deciding (Entscheide) have their own
// commands; nothing leaves PLAUSIBILISIERT.
func Zielstatus(status string, r Rolle) []string {
	switch {
	case status == InBearbeitung && r.Bearbeiter:
		return []string{InBearbeitung, BearbeitungAbgeschlossen}
	case status == BearbeitungAbgeschlossen && r.Bearbeiter:
		return []string{BearbeitungAbgeschlossen, InBearbeitung}
	case status == Eingereicht && r.Pruefer:
		return []string{Eingereicht}
	}
	return nil
}

// Einreichbar tells whether a caller on side r may submit a report in status.
func Einreichbar(status string, r Rolle) bool {
	return r.Bearbeiter && (status == InBearbeitung || status == BearbeitungAbgeschlossen)
}

// Entscheidbar tells whether a caller on side r, account konto, may decide the report: staff
// that check reports, on a submitted report that another account submitted.
func Entscheidbar(j Jahresbericht, r Rolle, konto int64) bool {
	return r.Pruefer && j.Status == Eingereicht && (j.EingereichtVon == 0 || j.EingereichtVon != konto)
}

// Loeschbar is the delete rule of spec 001 §4.2: the administrators always; a keeper of the
// report when it has no submitter or he acts in the submitter's role — and, as the spec leaves
// open, not once it is PLAUSIBILISIERT, which nobody but the administrators changes.
func Loeschbar(j Jahresbericht, r Rolle) bool {
	switch {
	case r.Admin:
		return true
	case !r.Bearbeiter || j.Status == Plausibilisiert:
		return false
	}
	return j.EingereichtRolle == "" || j.EingereichtRolle == r.Funktion
}

// VonBis are 1 January and 31 December of the year (spec 001 §4.2), yyyy-MM-dd.
func VonBis(jahr int) (von, bis string) {
	return fmt.Sprintf("%04d-01-01", jahr), fmt.Sprintf("%04d-12-31", jahr)
}

func legeAn(j Jahresbericht, c LegeAn) ([]ereignis.DomainEvent, error) {
	if j.Existiert {
		return nil, &validierung.Konflikt{Message: MsgExistiert}
	}
	if !c.Rolle.Bearbeiter {
		return nil, validierung.NichtErlaubt
	}
	d := c.Daten
	for _, f := range []struct {
		wert  *string
		werte []string
	}{{&d.StatusMesswerte, StatusMesswerteWerte}, {&d.StatusAQS, StatusAQSWerte}, {&d.StatusExterne, StatusExterneWerte},
		{&d.Durchflusspruefung, DurchflusspruefungWerte}} {
		if strings.TrimSpace(*f.wert) == "" {
			*f.wert = f.werte[0]
		}
	}
	d.Kanalzustand = ""
	if c.Pruefung.Kanalnetzpflicht {
		d.Kanalzustand = Angefordert
	}
	var s validierung.Sammler
	d = pruefeDaten(&s, d)
	bezeichnung := strings.TrimSpace(c.AnlageBezeichnung)
	s.Laenge("anlageBezeichnung", bezeichnung)
	s.Pflicht("anlageBezeichnung", bezeichnung)
	if c.AnlageID <= 0 {
		s.Feld("anlage", validierung.Pflichtfeld)
	}
	switch {
	case c.Jahr == 0:
		s.Feld("jahr", validierung.Pflichtfeld)
	case c.Jahr < ErstesJahr || c.Jahr > LetztesJahr:
		s.Feld("jahr", MsgJahr)
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	parameter := make([]Parameter, 0, len(c.Parameter))
	for _, p := range c.Parameter {
		if p.ParameterID <= 0 || slices.ContainsFunc(parameter, func(q Parameter) bool { return q.ParameterID == p.ParameterID }) {
			return nil, fmt.Errorf("jahresbericht: parameter id %d not new", p.ParameterID)
		}
		// A copy starts without values (they belong to a year); a supplementary parameter copied
		// from another report is the copier's, as if he had created it.
		p.Messreihe = Messreihe{}
		if p.Art != Selbstueberwachungsauflage {
			p.Art, p.AnforderungID, p.ErstelltVon, p.ErstelltRolle = Ergaenzend, 0, c.Konto, c.Rolle.Funktion
		}
		parameter = append(parameter, p)
	}
	von, bis := VonBis(c.Jahr)
	return []ereignis.DomainEvent{JahresberichtAngelegt{AnlageID: c.AnlageID, AnlageBezeichnung: bezeichnung, Jahr: c.Jahr,
		Von: von, Bis: bis, Daten: d, Parameter: parameter, Uebernahme: c.Uebernahme, Konto: c.Konto}}, nil
}

// pruefeDaten normalises the form's data and checks its status lists into s.
func pruefeDaten(s *validierung.Sammler, d Daten) Daten {
	t := strings.TrimSpace
	d.StatusMesswerte, d.StatusAQS, d.StatusExterne = t(d.StatusMesswerte), t(d.StatusAQS), t(d.StatusExterne)
	d.Kanalzustand, d.Durchflusspruefung = t(d.Kanalzustand), t(d.Durchflusspruefung)
	if t(d.Bemerkung) == "" {
		d.Bemerkung = ""
	}
	s.Laengen("", d)
	for _, f := range []struct {
		feld, wert string
		werte      []string
	}{{"statusMesswerte", d.StatusMesswerte, StatusMesswerteWerte}, {"statusAQS", d.StatusAQS, StatusAQSWerte},
		{"statusExterne", d.StatusExterne, StatusExterneWerte}, {"durchflusspruefung", d.Durchflusspruefung, DurchflusspruefungWerte}} {
		if s.Pflicht(f.feld, f.wert); f.wert != "" && !slices.Contains(f.werte, f.wert) {
			s.Feld(f.feld, MsgListenwert)
		}
	}
	if d.Kanalzustand != "" && !slices.Contains(KanalzustandWerte, d.Kanalzustand) {
		s.Feld("kanalzustand", MsgListenwert)
	}
	return d
}

// gespeichert are the events of a save of the form from status to ziel.
func gespeichert(j Jahresbericht, d Daten, ziel string, konto int64) []ereignis.DomainEvent {
	var out []ereignis.DomainEvent
	if d != j.Daten {
		out = append(out, JahresberichtGeaendert{Daten: d})
	}
	switch {
	case j.Status == InBearbeitung && ziel == BearbeitungAbgeschlossen:
		out = append(out, JahresberichtBearbeitungAbgeschlossen{Konto: konto})
	case j.Status == BearbeitungAbgeschlossen && ziel == InBearbeitung:
		out = append(out, JahresberichtBearbeitungFortgesetzt{Konto: konto})
	}
	return out
}

func speichere(j Jahresbericht, c Speichere) ([]ereignis.DomainEvent, error) {
	if err := bearbeitbar(j, c.Rolle); err != nil {
		return nil, err
	}
	var s validierung.Sammler
	ziel := strings.TrimSpace(c.Status)
	switch {
	case ziel == "":
		ziel = j.Status
	case !slices.Contains(Status, ziel):
		s.Feld("status", MsgListenwert)
	case !slices.Contains(Zielstatus(j.Status, c.Rolle), ziel):
		s.Feld("status", MsgUebergang)
	}
	d := pruefeDaten(&s, c.Daten)
	if err := s.Err(); err != nil {
		return nil, err
	}
	return gespeichert(j, d, ziel, c.Konto), nil
}

func reicheEin(j Jahresbericht, c ReicheEin) ([]ereignis.DomainEvent, error) {
	switch {
	case j.Status == Plausibilisiert:
		return nil, validierung.Regel(MsgPlausibilisiert)
	case !c.Rolle.Bearbeiter:
		return nil, validierung.NichtErlaubt
	case !Einreichbar(j.Status, c.Rolle):
		return nil, validierung.Regel(MsgNichtEinreichbar)
	}
	var s validierung.Sammler
	d := pruefeDaten(&s, c.Daten)
	if err := s.Err(); err != nil {
		return nil, err
	}
	return append(gespeichert(j, d, j.Status, c.Konto), JahresberichtEingereicht{Konto: c.Konto, Rolle: c.Rolle.Funktion}), nil
}

func entscheide(j Jahresbericht, c Entscheide) ([]ereignis.DomainEvent, error) {
	switch {
	case !c.Rolle.Pruefer:
		return nil, validierung.NichtErlaubt
	case j.Status != Eingereicht:
		return nil, validierung.Regel(MsgNichtEingereicht)
	case !Entscheidbar(j, c.Rolle, c.Konto):
		return nil, validierung.Regel(MsgVierAugen)
	}
	var s validierung.Sammler
	s.Laenge("kommentar", c.Kommentar)
	kommentar := strings.TrimSpace(c.Kommentar)
	ziel := strings.TrimSpace(c.NeuerStatus)
	switch {
	case ziel == "":
		s.Feld("neuerStatus", validierung.Pflichtfeld)
	case ziel != Plausibilisiert && ziel != InBearbeitung:
		s.Feld("neuerStatus", MsgUebergang)
	case ziel == InBearbeitung && kommentar == "":
		s.Feld("kommentar", MsgKommentar)
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	if ziel == Plausibilisiert {
		return []ereignis.DomainEvent{JahresberichtPlausibilisiert{Kommentar: kommentar, Konto: c.Konto}}, nil
	}
	return []ereignis.DomainEvent{JahresberichtZurueckgewiesen{Kommentar: kommentar, Konto: c.Konto}}, nil
}
