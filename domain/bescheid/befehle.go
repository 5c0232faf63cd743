package bescheid

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Rolle says on which side the caller acts on a Bescheid; the service derives it from his
// actions and organisation (docs/decisions.md, "Bescheide (issue 30): write side and roles").
type Rolle struct {
	// Antragsteller: BESCHEIDSANTRAG_STELLEN and his organisation operates the operation.
	Antragsteller bool
	// Entscheider: BESCHEID_ANLEGEN (records Bescheide, decides applications, releases).
	Entscheider bool
	// Admin: BESCHEID_LOESCHEN (deletes applications and released Bescheide).
	Admin bool
}

// Pruefung are the facts about the operation the service looked up for a save.
type Pruefung struct {
	// BetriebFreigegeben: the operation's freigabestatus is FREIGEGEBEN (creation only).
	BetriebFreigegeben bool
	// Bescheidarten are the Bescheidarten of the chosen quality (value list bescheidart).
	Bescheidarten []string
	// Kandidaten are the measuring points that may be assigned (the candidates rule).
	Kandidaten []int64
	// Anlagen are the plants of the operation (an Auflage's abwasseranlage).
	Anlagen []int64
	// Vorbescheide are the other Bescheide of the operation.
	Vorbescheide []int64
}

// Commands.
type (
	// LegeAn records a Bescheid of operation BetriebID: staff in IN_BEARBEITUNG, an operator as
	// an application in ANGELEGT (the service passes Status by the route and role).
	LegeAn struct {
		BetriebID   int64
		Status      string
		Daten       Daten
		Messstellen []int64
		Pruefung    Pruefung
		VonKonto    int64
	}
	// Speichere saves the Bescheid tab, its Auflagen and the set of measuring points, and moves
	// it to Status (the transition happens with the save). Kommentar is the reason of a return.
	Speichere struct {
		Daten       Daten
		Status      string
		Messstellen []int64
		Kommentar   string
		Rolle       Rolle
		Pruefung    Pruefung
		Heute       time.Time
		VonKonto    int64
	}
	// Loesche deletes the Bescheid; IstVorbescheid: another Bescheid names it (409).
	Loesche struct {
		Rolle          Rolle
		IstVorbescheid bool
	}
	// EntferneMessstelle removes a measuring point with its Anforderungen.
	EntferneMessstelle struct {
		Messstelle int64
		Rolle      Rolle
	}
	// SetzeAnforderungen replaces the whole set of Anforderungen of one measuring point; rows
	// with anforderungId 0 are new and take NeueIDs in their order.
	SetzeAnforderungen struct {
		Messstelle    int64
		Anforderungen []Anforderung
		NeueIDs       []int64
		Rolle         Rolle
	}
	// LegeAnforderungAn adds one Anforderung (its id drawn by the service).
	LegeAnforderungAn struct {
		Anforderung Anforderung
		Rolle       Rolle
	}
	// AendereAnforderung changes one Anforderung.
	AendereAnforderung struct {
		Anforderung Anforderung
		Rolle       Rolle
	}
	// LoescheAnforderung deletes one Anforderung.
	LoescheAnforderung struct {
		AnforderungID int64
		Rolle         Rolle
	}
)

// Befehl is the closed set of commands of the aggregate.
type Befehl interface{ befehl() }

func (LegeAn) befehl()             {}
func (Speichere) befehl()          {}
func (Loesche) befehl()            {}
func (EntferneMessstelle) befehl() {}
func (SetzeAnforderungen) befehl() {}
func (LegeAnforderungAn) befehl()  {}
func (AendereAnforderung) befehl() {}
func (LoescheAnforderung) befehl() {}

// Messages of the commands.
const (
	MsgExistiert          = "Der Bescheid existiert bereits."
	MsgBetriebNichtFrei   = "Bescheide können erst angelegt werden, wenn der Betrieb freigegeben ist."
	MsgFreigegeben        = "Ein freigegebener Bescheid kann nicht mehr geändert werden."
	MsgUebergang          = "Dieser Statuswechsel ist nicht zulässig."
	MsgStatus             = "Unbekannter Bescheidsstatus."
	MsgKommentar          = "Bitte begründen Sie die Zurückweisung im Kommentar, damit der Antragsteller erfährt, was fehlt."
	MsgNichtBearbeitbar   = "Der Bescheid kann in diesem Status von Ihnen nicht bearbeitet werden."
	MsgVorbescheid        = "Der Bescheid ist Vorbescheid eines anderen Bescheids und kann nicht gelöscht werden."
	MsgVorbescheidFremd   = "Der Vorbescheid muss ein anderer Bescheid dieses Betriebs sein."
	MsgBescheidart        = "Die Bescheidart gehört nicht zur gewählten Bescheidqualität."
	MsgDatum              = "Ungültiges Datumsformat"
	MsgAblaufVorBescheid  = "Das Ablaufdatum darf nicht vor dem Bescheidsdatum liegen."
	MsgMessstelle         = "Die Messstelle kann diesem Bescheid nicht zugeordnet werden."
	MsgAnlage             = "Die Abwasseranlage gehört nicht zu diesem Betrieb."
	MsgMessstelleFehlt    = "Die Messstelle ist dem Bescheid nicht zugeordnet."
	MsgAnforderungFehlt   = "Die Anforderung gehört nicht zu diesem Bescheid."
	MsgAnforderungDoppelt = "Die Anforderung ist mehrfach angegeben."
	MsgAnforderungArt     = "Unbekannte Art der Anforderung."
	MsgParameterArt       = "Unbekannte Parameterart."
	MsgGueltigkeit        = "Gültig ab darf nicht nach Gültig bis liegen."
)

// Datumsformat of every date of a Bescheid.
const Datumsformat = "2006-01-02"

// Decide decides a command on a Bescheid.
func Decide(b Bescheid, cmd Befehl) ([]ereignis.DomainEvent, error) {
	if c, neu := cmd.(LegeAn); neu {
		return legeAn(b, c)
	}
	if !b.Existiert || b.Geloescht {
		return nil, validierung.NichtGefunden
	}
	switch c := cmd.(type) {
	case Speichere:
		return speichere(b, c)
	case Loesche:
		return loesche(b, c)
	case EntferneMessstelle:
		if err := bearbeitbar(b, c.Rolle); err != nil {
			return nil, err
		}
		if !slices.Contains(b.Messstellen, c.Messstelle) {
			return nil, validierung.NichtGefunden
		}
		return []ereignis.DomainEvent{MessstelleEntfernt{Messstelle: c.Messstelle}}, nil
	case SetzeAnforderungen:
		return setzeAnforderungen(b, c)
	case LegeAnforderungAn:
		return legeAnforderungAn(b, c)
	case AendereAnforderung:
		return aendereAnforderung(b, c)
	case LoescheAnforderung:
		if err := bearbeitbar(b, c.Rolle); err != nil {
			return nil, err
		}
		if _, ok := b.Anforderung(c.AnforderungID); !ok {
			return nil, validierung.NichtGefunden
		}
		return []ereignis.DomainEvent{AnforderungGeloescht{AnforderungID: c.AnforderungID}}, nil
	}
	return nil, fmt.Errorf("bescheid: unknown command %T", cmd)
}

// Bearbeitbar tells whether a caller on side r may change a Bescheid in status: the operator
// his application while ANGELEGT, staff the Bescheid while IN_BEARBEITUNG; nobody a released one.
// (Staff decide a BEANTRAGT application with a save: Zielstatus.)
func Bearbeitbar(status string, r Rolle) bool {
	return (status == Angelegt && r.Antragsteller) || (status == InBearbeitung && r.Entscheider)
}

func bearbeitbar(b Bescheid, r Rolle) error {
	switch {
	case b.Status == Freigegeben:
		return validierung.Regel(MsgFreigegeben)
	case !Bearbeitbar(b.Status, r):
		return validierung.Regel(MsgNichtBearbeitbar)
	}
	return nil
}

// Zielstatus are the statuses a caller on side r may save a Bescheid in status into
// (spec 001 §4.1; docs/decisions.md): the operator ANGELEGT → ANGELEGT or BEANTRAGT; staff
// BEANTRAGT → IN_BEARBEITUNG (take into work) or ANGELEGT (return with a comment),
// IN_BEARBEITUNG → IN_BEARBEITUNG or FREIGEGEBEN (release). Nothing from FREIGEGEBEN.
func Zielstatus(status string, r Rolle) []string {
	switch {
	case status == Angelegt && r.Antragsteller:
		return []string{Angelegt, Beantragt}
	case status == Beantragt && r.Entscheider:
		return []string{InBearbeitung, Angelegt}
	case status == InBearbeitung && r.Entscheider:
		return []string{InBearbeitung, Freigegeben}
	}
	return nil
}

// Statuswerte are the statuses the status select offers: the current one first, then the
// targets of Zielstatus.
func Statuswerte(status string, r Rolle) []string {
	out := []string{status}
	for _, z := range Zielstatus(status, r) {
		if z != status {
			out = append(out, z)
		}
	}
	return out
}

// Loeschbar tells whether a caller on side r may delete a Bescheid in status: an application
// the operator and the administrators, a Bescheid in work who records Bescheide, a released one
// the administrators only.
func Loeschbar(status string, r Rolle) bool {
	switch status {
	case Angelegt, Beantragt:
		return r.Antragsteller || r.Admin
	case InBearbeitung:
		return r.Entscheider
	case Freigegeben:
		return r.Admin
	}
	return false
}

func loesche(b Bescheid, c Loesche) ([]ereignis.DomainEvent, error) {
	if !Loeschbar(b.Status, c.Rolle) {
		return nil, validierung.NichtErlaubt
	}
	if c.IstVorbescheid {
		return nil, &validierung.Konflikt{Message: MsgVorbescheid}
	}
	return []ereignis.DomainEvent{BescheidGeloescht{}}, nil
}

func legeAn(b Bescheid, c LegeAn) ([]ereignis.DomainEvent, error) {
	if b.Existiert {
		return nil, &validierung.Konflikt{Message: MsgExistiert}
	}
	if c.Status != Angelegt && c.Status != InBearbeitung {
		return nil, validierung.Feld("bescheidsstatus", MsgUebergang)
	}
	if !c.Pruefung.BetriebFreigegeben {
		return nil, validierung.Regel(MsgBetriebNichtFrei)
	}
	d := c.Daten
	if strings.TrimSpace(d.Ablaufdatum) == "" {
		d.Ablaufdatum = StandardAblaufdatum
	}
	var s validierung.Sammler
	d = pruefeDaten(&s, d, Daten{}, c.Pruefung)
	neu := pruefeMessstellen(&s, c.Messstellen, nil, c.Pruefung.Kandidaten)
	if err := s.Err(); err != nil {
		return nil, err
	}
	out := []ereignis.DomainEvent{BescheidAngelegt{BetriebID: c.BetriebID, Status: c.Status, Daten: d, VonKonto: c.VonKonto}}
	if len(neu) > 0 {
		out = append(out, MessstellenZugeordnet{Messstellen: neu})
	}
	return out, nil
}

func speichere(b Bescheid, c Speichere) ([]ereignis.DomainEvent, error) {
	if b.Status == Freigegeben {
		return nil, validierung.Regel(MsgFreigegeben)
	}
	ziel := strings.TrimSpace(c.Status)
	var s validierung.Sammler
	switch {
	case ziel == "":
		s.Pflicht("bescheidsstatus", ziel)
	case !slices.Contains(Status, ziel):
		s.Feld("bescheidsstatus", MsgStatus)
	case !slices.Contains(Zielstatus(b.Status, c.Rolle), ziel):
		s.Feld("bescheidsstatus", MsgUebergang)
	}
	kommentar := strings.TrimSpace(c.Kommentar)
	s.Laenge("kommentar", c.Kommentar)
	if b.Status == Beantragt && ziel == Angelegt && kommentar == "" {
		s.Feld("kommentar", MsgKommentar)
	}
	d := pruefeDaten(&s, c.Daten, b.Daten, c.Pruefung)
	neu := pruefeMessstellen(&s, c.Messstellen, b.Messstellen, c.Pruefung.Kandidaten)
	if err := s.Err(); err != nil {
		return nil, err
	}
	var out []ereignis.DomainEvent
	if !gleich(d, b.Daten) {
		out = append(out, BescheidGeaendert{Daten: d})
	}
	if len(neu) > 0 {
		out = append(out, MessstellenZugeordnet{Messstellen: neu})
	}
	for _, m := range b.Messstellen {
		if !slices.Contains(c.Messstellen, m) {
			out = append(out, MessstelleEntfernt{Messstelle: m})
		}
	}
	switch {
	case b.Status == Angelegt && ziel == Beantragt:
		out = append(out, BescheidsantragGestellt{VonKonto: c.VonKonto})
	case b.Status == Beantragt && ziel == Angelegt:
		out = append(out, BescheidsantragZurueckgewiesen{Kommentar: kommentar, VonKonto: c.VonKonto})
	case b.Status == Beantragt && ziel == InBearbeitung:
		out = append(out, BescheidInBearbeitung{VonKonto: c.VonKonto})
	case b.Status == InBearbeitung && ziel == Freigegeben:
		out = append(out, BescheidFreigegeben{Am: c.Heute.Format(Datumsformat), VonKonto: c.VonKonto})
	}
	return out, nil
}

// gleich compares two Daten (nil and empty Auflagen alike).
func gleich(a, b Daten) bool {
	if len(a.Auflagen) == 0 && len(b.Auflagen) == 0 {
		a.Auflagen, b.Auflagen = nil, nil
	}
	return a.BescheidQualitaet == b.BescheidQualitaet && a.Bescheidart == b.Bescheidart && a.Vorbescheid == b.Vorbescheid &&
		a.Aktenzeichen == b.Aktenzeichen && a.Behoerde == b.Behoerde && a.Bescheidsdatum == b.Bescheidsdatum &&
		a.Ablaufdatum == b.Ablaufdatum && a.Bemerkung == b.Bemerkung && a.BescheidID == b.BescheidID &&
		slices.Equal(a.Auflagen, b.Auflagen)
}

// Normalisiert trims the texts of d and makes an empty Auflagen list empty (not nil).
func Normalisiert(d Daten) Daten {
	t := strings.TrimSpace
	d.BescheidQualitaet, d.Bescheidart, d.Aktenzeichen, d.Behoerde = t(d.BescheidQualitaet), t(d.Bescheidart), t(d.Aktenzeichen), t(d.Behoerde)
	d.Bescheidsdatum, d.Ablaufdatum, d.BescheidID = t(d.Bescheidsdatum), t(d.Ablaufdatum), t(d.BescheidID)
	if strings.TrimSpace(d.Bemerkung) == "" {
		d.Bemerkung = ""
	}
	auflagen := make([]Auflage, len(d.Auflagen))
	for i, a := range d.Auflagen {
		auflagen[i] = Auflage{Abwasseranlage: a.Abwasseranlage, Art: t(a.Art), Beschreibung: a.Beschreibung, Fristdatum: t(a.Fristdatum)}
		if t(a.Beschreibung) == "" {
			auflagen[i].Beschreibung = ""
		}
	}
	d.Auflagen = auflagen
	return d
}

// Datum checks a yyyy-MM-dd date.
func Datum(s *validierung.Sammler, feld, v string) bool {
	if v == "" {
		return false
	}
	if _, err := time.Parse(Datumsformat, v); err != nil {
		s.Feld(feld, MsgDatum)
		return false
	}
	return true
}

// pruefeDaten normalises the data and checks the rules of spec 001 §5 into s against the
// data alt the Bescheid holds (a reference it holds stays valid).
func pruefeDaten(s *validierung.Sammler, d, alt Daten, p Pruefung) Daten {
	d = Normalisiert(d)
	s.Laengen("", d)
	s.Pflichtfelder("", BescheidFormular, d)
	if d.Bescheidart != "" && !(d.Bescheidart == alt.Bescheidart && d.BescheidQualitaet == alt.BescheidQualitaet) &&
		!slices.Contains(p.Bescheidarten, d.Bescheidart) {
		s.Feld("bescheidart", MsgBescheidart)
	}
	if d.Vorbescheid < 0 || (d.Vorbescheid != 0 && d.Vorbescheid != alt.Vorbescheid && !slices.Contains(p.Vorbescheide, d.Vorbescheid)) {
		s.Feld("vorbescheid", MsgVorbescheidFremd)
	}
	if Datum(s, "bescheidsdatum", d.Bescheidsdatum) && Datum(s, "ablaufdatum", d.Ablaufdatum) && d.Ablaufdatum < d.Bescheidsdatum {
		s.Feld("ablaufdatum", MsgAblaufVorBescheid)
	}
	for i, a := range d.Auflagen {
		f := fmt.Sprintf("auflagen[%d].", i)
		if a.Fristdatum != "" {
			Datum(s, f+"fristdatum", a.Fristdatum)
		}
		switch {
		case a.Abwasseranlage == 0: // required (BescheidFormular)
		case !slices.Contains(p.Anlagen, a.Abwasseranlage) && !slices.ContainsFunc(alt.Auflagen, func(x Auflage) bool { return x.Abwasseranlage == a.Abwasseranlage }):
			s.Feld(f+"abwasseranlage", MsgAnlage)
		}
	}
	return d
}

// pruefeMessstellen checks the set of measuring points: every one not yet assigned must be a
// candidate. It returns those new, without repetitions.
func pruefeMessstellen(s *validierung.Sammler, ids, bisher, kandidaten []int64) []int64 {
	if !s.Anzahl("messstellen", len(ids)) {
		return nil
	}
	var neu []int64
	for i, id := range ids {
		if slices.Contains(bisher, id) || slices.Contains(neu, id) {
			continue
		}
		if !slices.Contains(kandidaten, id) {
			s.Feld(fmt.Sprintf("messstellen[%d]", i), MsgMessstelle)
			continue
		}
		neu = append(neu, id)
	}
	return neu
}
