package anlage

import (
	"cmp"
	"fmt"
	entscheidung "github.com/eabwasser/eabwasser/domain/antrag"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/validierung"
)

// Umfang is what a save may change.
type Umfang int

const (
	// Voll: staff save everything (the name only with DarfBezeichnung).
	Voll Umfang = iota
	// Betreiberseitig: operator-side roles keep plannings, contacts and responsible persons up
	// to date, and for relief plants the cadastral fields (spec 000 §6); everything else goes
	// through a change request.
	Betreiberseitig
)

// Commands.
type (
	// LegeAn creates a plant of type Typ under the operation BetriebID (and the parent plant
	// ParentID, if any). BetriebFreigegeben is the operation's Freigabe, looked up by the
	// service. Daten come on top of Vorgaben(Typ).
	LegeAn struct {
		BetriebID          int64
		ParentID           int64
		Typ                string
		Daten              Daten
		BetriebFreigegeben bool
		Betriebstyp        string // the operation's type (MitEntsorgungsraum)
		Heute              time.Time
	}
	// Speichere saves the plant. Changes of historised fields need AuditInfo.
	Speichere struct {
		Daten           Daten
		AuditInfo       *historie.AuditInfo
		Heute           time.Time
		Umfang          Umfang
		DarfBezeichnung bool
		Von             string // who saves (geaendertVon of new or changed plannings) …
		VonKonto        int64  // … his account,
		VonSeite        string // his side (berechtigung.GlobalBehoerde, GlobalOrganisation)
		VonOrganisation int64  // and his organisation on the organisation's side
		Betriebstyp     string // the operation's type (MitEntsorgungsraum)
		// MitEinleitern: plants in use discharge into this one (the service reads it), so its
		// leaving operation takes them along: to NeueAufnahme, which a treatment plant needs.
		MitEinleitern bool
		NeueAufnahme  int64
	}
	// StelleAntrag is an operator's change request.
	StelleAntrag struct {
		Antrag Aenderungsantrag
		Heute  time.Time
		Von    string
	}
	// UebernehmeAntrag adopts the chosen fields of the open change request and refuses the
	// other fields it changes, each with its reason (antrag.Uebernahme).
	UebernehmeAntrag struct {
		Felder        []string
		Begruendungen map[string]string // refused field → reason
		Heute         time.Time
	}
	// LehneAntragAb refuses the open change request as a whole, with a reason for each field
	// it changes (antrag.Ablehnung).
	LehneAntragAb struct {
		Begruendungen map[string]string
	}
	// LegeStill shuts the plant down with its operation (a reaction to BetriebStillgelegt).
	LegeStill struct{ Datum string }
	// ErsetzeAufnahme points the plant that discharges into AltID to NeuID (a reaction to
	// AnlageAusserBetrieb of AltID).
	ErsetzeAufnahme struct{ AltID, NeuID int64 }
	// LegeMitAufnahmeStill shuts the plant down with the plant AufnahmeID it discharges into
	// (a reaction to AnlageAusserBetrieb without a replacement).
	LegeMitAufnahmeStill struct {
		Datum      string
		AufnahmeID int64
	}
	// ErsetzePflichtigen replaces the obligee AltID by NeuID, or removes it (NeuID 0) — a
	// reaction to an organisation merge or to an operator change that does not keep the old
	// operator.
	ErsetzePflichtigen struct{ AltID, NeuID int64 }
)

// Befehl is the closed set of commands of the aggregate.
type Befehl interface{ befehl() }

func (LegeAn) befehl()               {}
func (Speichere) befehl()            {}
func (StelleAntrag) befehl()         {}
func (UebernehmeAntrag) befehl()     {}
func (LehneAntragAb) befehl()        {}
func (LegeStill) befehl()            {}
func (ErsetzeAufnahme) befehl()      {}
func (LegeMitAufnahmeStill) befehl() {}
func (ErsetzePflichtigen) befehl()   {}

// Messages (spec 000 §5/§8 where it words them; the others are ours, docs/decisions.md).
const (
	MsgAufnahme                  = "Es muss eine aufnehmende Anlage ausgewählt werden"
	MsgPflichtiger               = "Es muss ein Abwasserbeseitigungspflichtiger ausgewählt werden"
	MsgWasserbuchnummer          = "Wasserbuchnummer ungültig"
	MsgFuehrend                  = "Es darf nur eine Auslegung führend sein."
	MsgVeranlagungJahr           = "Für das angegebene Jahr ist bereits eine Veranlagung angelegt"
	MsgVeranlagungDoppelt        = "Die Veranlagung wurde bereits angelegt"
	MsgVeranlagungJahre          = "Das Startjahr muss zwischen 1950 und dem nächsten Jahr liegen."
	MsgBetriebNichtFrei          = "Anlagen können erst angelegt werden, wenn der Betrieb freigegeben ist."
	MsgTyp                       = "Unbekannter Anlagentyp."
	MsgAnlagenart                = "Diese Anlagenart gibt es für den Anlagentyp nicht."
	MsgStatus                    = "Unbekannter Anlagenstatus."
	MsgBezeichnungRecht          = "Sie sind nicht berechtigt, die Bezeichnung dieser Anlage zu ändern."
	MsgNurAntrag                 = "Diese Angabe ändern Sie über einen Änderungsantrag."
	MsgAntragOffen               = betrieb.MsgAntragOffen
	MsgKeinAntrag                = "Es liegt kein offener Änderungsantrag zur Anlage vor."
	MsgAntragOhneAenderung       = "Der Antrag enthält keine Änderung der Anlage."
	MsgAntragTyp                 = "Für Kanalnetze gibt es keinen Änderungsantrag."
	MsgStilllegung               = "Bitte geben Sie an, ab wann die Anlage stillgelegt ist."
	MsgErsatzFehlt               = "Die aufnehmende Kläranlage muss erst ersetzt werden!"
	MsgErstfassung               = "Für die Anlage gibt es noch keinen datierten Stand. Bitte geben Sie an, ab wann die Änderung gilt."
	MsgVerwaltungseinheitDoppelt = "Die Verwaltungseinheit gehört bereits zum Entsorgungsraum."
)

var wasserbuchnummer = regexp.MustCompile(`^[SN]\d+$`)

// Vorgaben are the data of a new plant of typ before the form's input: GEPLANT, RLP, and
// Indirekteinleiter for relief plants and sewer networks (spec 000 §4).
func Vorgaben(typ string) Daten {
	return Daten{Anlagenstatus: Geplant, Behoerdenkennung: "RLP", Indirekteinleiter: typ == Entlastung || typ == Kanalnetz}
}

// Decide decides a command on a plant.
func Decide(a Anlage, cmd Befehl) ([]ereignis.DomainEvent, error) {
	if _, neu := cmd.(LegeAn); !neu && !a.Existiert {
		return nil, validierung.NichtGefunden
	}
	switch c := cmd.(type) {
	case LegeAn:
		return legeAn(a, c)
	case Speichere:
		return speichere(a, c)
	case StelleAntrag:
		return stelleAntrag(a, c)
	case UebernehmeAntrag:
		return uebernehmeAntrag(a, c)
	case LehneAntragAb:
		if a.Antrag == nil {
			return nil, validierung.Regel(MsgKeinAntrag)
		}
		gruende, err := entscheidung.Ablehnung(c.Begruendungen, a.Antrag.Beantragt(a.Daten), Antragsfeldnamen)
		if err != nil {
			return nil, err
		}
		return []ereignis.DomainEvent{AenderungsantragAbgelehnt{Begruendungen: gruende}}, nil
	case ErsetzeAufnahme:
		if a.Daten.AufnahmeID != c.AltID || c.NeuID == 0 || Ausser(a.Daten.Anlagenstatus) {
			return nil, nil
		}
		return []ereignis.DomainEvent{AufnahmeErsetzt{AltID: c.AltID, NeuID: c.NeuID}}, nil
	case LegeMitAufnahmeStill:
		if a.Daten.AufnahmeID != c.AufnahmeID || Ausser(a.Daten.Anlagenstatus) {
			return nil, nil
		}
		return []ereignis.DomainEvent{MitAufnahmeStillgelegt{Datum: c.Datum, AufnahmeID: c.AufnahmeID}}, nil
	case LegeStill:
		if Ausser(a.Daten.Anlagenstatus) {
			return nil, nil
		}
		return []ereignis.DomainEvent{AnlageStillgelegt{Datum: c.Datum}}, nil
	case ErsetzePflichtigen:
		if !slices.ContainsFunc(a.Daten.Abwasserbeseitigungspflichtige, func(v Veranlagung) bool { return v.OrganisationID == c.AltID }) {
			return nil, nil
		}
		return []ereignis.DomainEvent{PflichtigerErsetzt{AltID: c.AltID, NeuID: c.NeuID}}, nil
	}
	return nil, fmt.Errorf("anlage: unknown command %T", cmd)
}

func legeAn(a Anlage, c LegeAn) ([]ereignis.DomainEvent, error) {
	if a.Existiert {
		return nil, &validierung.Konflikt{Message: "Die Anlage existiert bereits."}
	}
	if !slices.Contains(Typen, c.Typ) {
		return nil, validierung.Regel(MsgTyp)
	}
	if !c.BetriebFreigegeben {
		return nil, validierung.Regel(MsgBetriebNichtFrei)
	}
	d := c.Daten
	d.Anlagenstatus, d.Statuswechsel = Geplant, "" // a new plant starts as GEPLANT
	d.Planungen = gestempelt(nil, d.Planungen, c.Heute, Planung{})
	d, err := pruefe(c.Typ, c.Betriebstyp, d, c.Heute, "")
	if err != nil {
		return nil, err
	}
	return []ereignis.DomainEvent{AnlageAngelegt{BetriebID: c.BetriebID, ParentID: c.ParentID, Typ: c.Typ, Daten: d,
		GueltigAb: c.Heute.Format(historie.Datumsformat)}}, nil
}

// historisiert tells whether a change touches the fields whose history is kept.
func historisiert(alt, neu Daten) bool {
	return alt.Bezeichnung != neu.Bezeichnung || alt.Anlagenart != neu.Anlagenart || alt.Anlagenstatus != neu.Anlagenstatus ||
		alt.AufnahmeID != neu.AufnahmeID || alt.Indirekteinleiter != neu.Indirekteinleiter || alt.Lage != neu.Lage ||
		!reflect.DeepEqual(alt.Abwasserbeseitigungspflichtige, neu.Abwasserbeseitigungspflichtige)
}

// Schreibbar are the fields of a plant of type typ (JSON names of Daten) a save of umfang may
// change — the one rule of per-field rights (validierung.Unveraendert refuses a change of any
// other field with an error on it; the detail sends the list as rechte.felder and the form
// disables the rest). Staff save everything but the server-kept Statuswechsel, the name only
// with darfBezeichnung; operator-side roles keep plannings, contacts and responsible persons up
// to date, and for relief plants the cadastral fields and (with darfBezeichnung) the name
// (spec 000 §6); everything else goes through a change request.
func Schreibbar(typ string, umfang Umfang, darfBezeichnung bool) []string {
	if umfang == Voll {
		f := validierung.Ohne(validierung.Felder(Daten{}), "statuswechsel")
		if !darfBezeichnung {
			f = validierung.Ohne(f, "bezeichnung")
		}
		return f
	}
	f := []string{"planungen", "kontakte", "zustaendigePersonen"}
	if typ == Entlastung {
		f = append(f, "flur", "flurstueck", "gemarkung", "wasserbuchnummer")
		if darfBezeichnung {
			f = append(f, "bezeichnung")
		}
	}
	return f
}

func speichere(a Anlage, c Speichere) ([]ereignis.DomainEvent, error) {
	if err := historie.PruefeAngabe(c.AuditInfo); err != nil {
		return nil, err
	}
	neu := c.Daten
	// never from the form: the server keeps them
	neu.Statuswechsel = a.Daten.Statuswechsel
	// every error of the form at once (issue 28): a change of a field the caller may not save,
	// on that field, together with the rules of the data
	var s validierung.Sammler
	validierung.Unveraendert(&s, nurFelderDesTyps(a.Typ, normalisiert(a.Daten)), nurFelderDesTyps(a.Typ, normalisiert(neu)),
		Schreibbar(a.Typ, c.Umfang, c.DarfBezeichnung), func(f string) string {
			if f == "bezeichnung" && !c.DarfBezeichnung {
				return MsgBezeichnungRecht
			}
			return MsgNurAntrag
		}, nil)
	neu.Planungen = gestempelt(a.Daten.Planungen, neu.Planungen, c.Heute,
		Planung{GeaendertVon: c.Von, GeaendertVonKonto: c.VonKonto, GeaendertVonSeite: c.VonSeite, GeaendertVonOrganisation: c.VonOrganisation})
	if neu.Anlagenstatus != a.Daten.Anlagenstatus {
		neu.Statuswechsel = ""
		if neu.Anlagenstatus != Geplant { // spec 000 §4: set when leaving the initial status
			neu.Statuswechsel = c.Heute.Format(historie.Datumsformat)
		}
	}
	d := pruefeMit(&s, a.Typ, c.Betriebstyp, neu, c.Heute, a.Daten.Anlagenart)
	if err := s.Err(); err != nil {
		return nil, err
	}
	if reflect.DeepEqual(d, a.Daten) {
		return nil, nil
	}
	// a municipal treatment plant that receives wastewater leaves operation only with its
	// replacement; the plants discharging into any other plant leave operation with it
	verlaesst := Ausser(d.Anlagenstatus) && !Ausser(a.Daten.Anlagenstatus) && c.MitEinleitern
	if verlaesst && ErsatzNoetig(a.Typ, c.Betriebstyp) && c.NeueAufnahme == 0 {
		return nil, &ErsatzFehlt{}
	}
	ev := AnlageGeaendert{Daten: d, GueltigAb: a.LetzterBeginn, Ersetzt: true}
	if c.Umfang == Voll && historisiert(a.Daten, d) {
		keinDatum := c.AuditInfo == nil || c.AuditInfo.GueltigAb == ""
		switch {
		case d.Anlagenstatus == Stillgelegt && a.Daten.Anlagenstatus != Stillgelegt && keinDatum:
			return nil, &historie.Verstoss{Art: historie.Stilllegen, Fehler: validierung.Regel(MsgStilllegung)}
		case a.LetzterBeginn == "" && keinDatum:
			return nil, &historie.Verstoss{Art: historie.Initial, Fehler: validierung.Regel(MsgErstfassung)}
		}
		ab, ersetzt, err := historie.Pruefe(c.AuditInfo, a.LetzterBeginn, c.Heute)
		if err != nil {
			return nil, err
		}
		ev.GueltigAb, ev.Ersetzt, ev.Aenderungsgrund = ab, ersetzt, strings.TrimSpace(c.AuditInfo.Aenderungsgrund)
		if d.Anlagenstatus != a.Daten.Anlagenstatus && d.Anlagenstatus != Geplant {
			ev.Daten.Statuswechsel = ab // the status changed on the day the change is valid from
		}
	}
	if !verlaesst {
		return []ereignis.DomainEvent{ev}, nil
	}
	raus := AnlageAusserBetrieb{Datum: cmp.Or(ev.Daten.Statuswechsel, c.Heute.Format(historie.Datumsformat))}
	if ErsatzNoetig(a.Typ, c.Betriebstyp) {
		raus.Ersatz = c.NeueAufnahme
	}
	return []ereignis.DomainEvent{ev, raus}, nil
}

// ErsatzNoetig tells whether a plant of type typ of an operation of type betriebstyp needs a
// replacement (Ersatzkläranlage) for the plants discharging into it when it leaves operation:
// a municipal treatment plant — the wastewater of a municipality must go somewhere. The
// dischargers of any other plant (an industrial treatment plant and its own cooling water, say)
// leave operation with it (spec 000 §4: "for a treatment plant of certain type"; docs/decisions.md).
func ErsatzNoetig(typ, betriebstyp string) bool {
	return typ == Abwasserbehandlung && betriebstyp == "KOMMUNAL"
}

// ErsatzFehlt refuses shutting down a treatment plant that plants discharge into before their
// new receiving plant is chosen (spec 000 §4, §8): the answer's possibleSuppressorFlag
// neueAufnahme opens the replacement dialog, the form saves again with neueAufnahme.
type ErsatzFehlt struct{}

func (*ErsatzFehlt) Error() string { return MsgErsatzFehlt }

// Unwrap lets the error mapper answer it as the status field's error (400).
func (*ErsatzFehlt) Unwrap() error { return validierung.Feld("anlagenstatus", MsgErsatzFehlt) }

// ErrorMembers adds possibleSuppressorFlag to the error body.
func (*ErsatzFehlt) ErrorMembers() map[string]any {
	return map[string]any{"possibleSuppressorFlag": "neueAufnahme"}
}

// gestempelt sets who changed the plannings that are new or changed, and when (von: his name,
// account, side and organisation); the others keep theirs.
func gestempelt(alt, neu []Planung, heute time.Time, von Planung) []Planung {
	out := make([]Planung, len(neu))
	for i, p := range neu {
		out[i] = p.ohneStempel()
		bekannt := false
		for _, x := range alt {
			if x.ohneStempel() == out[i] {
				out[i], bekannt = x, true
				break
			}
		}
		if !bekannt {
			out[i].GeaendertAm = heute.Format(historie.Datumsformat)
			out[i].GeaendertVon, out[i].GeaendertVonKonto = von.GeaendertVon, von.GeaendertVonKonto
			out[i].GeaendertVonSeite, out[i].GeaendertVonOrganisation = von.GeaendertVonSeite, von.GeaendertVonOrganisation
		}
	}
	return out
}

func stelleAntrag(a Anlage, c StelleAntrag) ([]ereignis.DomainEvent, error) {
	if a.Typ == Kanalnetz {
		return nil, validierung.Regel(MsgAntragTyp)
	}
	if a.Antrag != nil {
		return nil, &validierung.Konflikt{Message: MsgAntragOffen}
	}
	x := c.Antrag
	t := strings.TrimSpace
	x.Bezeichnung, x.Kommentar, x.Kuehlart, x.KuehlBehandlung = t(x.Bezeichnung), t(x.Kommentar), t(x.Kuehlart), t(x.KuehlBehandlung)
	x.GestelltAm, x.GestelltVon = c.Heute.Format(historie.Datumsformat), c.Von
	var s validierung.Sammler
	s.Laengen("", x)
	s.Pflichtfelder("", AntragFormular, x)
	if err := s.Err(); err != nil {
		return nil, err
	}
	if reflect.DeepEqual(normalisiert(uebernimm(a.Daten, x, Antragsfelder)), normalisiert(a.Daten)) {
		return nil, validierung.Regel(MsgAntragOhneAenderung)
	}
	return []ereignis.DomainEvent{AenderungsantragGestellt{Antrag: x}}, nil
}

// Beantragt are the fields the request changes against the data, in the order of
// Antragsfelder (the review lists only these; each refused one needs a reason).
func (x Aenderungsantrag) Beantragt(d Daten) []string {
	var out []string
	alt := normalisiert(d)
	for _, f := range Antragsfelder {
		if !reflect.DeepEqual(normalisiert(uebernimm(d, x, []string{f})), alt) {
			out = append(out, f)
		}
	}
	return out
}

// uebernimm copies the chosen fields of a change request into the data.
func uebernimm(d Daten, x Aenderungsantrag, felder []string) Daten {
	for _, f := range felder {
		switch f {
		case "bezeichnung":
			d.Bezeichnung = x.Bezeichnung
		case "foerderungen":
			d.Foerderungen = slices.Clone(x.Foerderungen)
		case "tegAbschluss":
			d.TegAbschluss = x.TegAbschluss
		case "aufKAGelaende":
			d.AufKAGelaende = x.AufKAGelaende
		case "kuehlart":
			d.Kuehlart = x.Kuehlart
		case "kuehlBehandlung":
			d.KuehlBehandlung = x.KuehlBehandlung
		}
	}
	return d
}

func uebernehmeAntrag(a Anlage, c UebernehmeAntrag) ([]ereignis.DomainEvent, error) {
	if a.Antrag == nil {
		return nil, validierung.Regel(MsgKeinAntrag)
	}
	gruende, err := entscheidung.Uebernahme(entscheidung.Entscheidung{Felder: c.Felder, Begruendungen: c.Begruendungen},
		Antragsfelder, a.Antrag.Beantragt(a.Daten), Antragsfeldnamen)
	if err != nil {
		return nil, err
	}
	out := []ereignis.DomainEvent{AenderungsantragUebernommen{Felder: slices.Clone(c.Felder), Begruendungen: gruende}}
	neu := normalisiert(uebernimm(a.Daten, *a.Antrag, c.Felder))
	if reflect.DeepEqual(neu, normalisiert(a.Daten)) {
		return out, nil
	}
	heute := c.Heute.Format(historie.Datumsformat)
	return append(out, AnlageGeaendert{Daten: neu, GueltigAb: heute, Ersetzt: heute == a.LetzterBeginn,
		Aenderungsgrund: "Änderungsantrag vom " + historie.DeutschesDatum(a.Antrag.GestelltAm)}), nil
}
