package betrieb

import (
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/historie"
)

// Verweis names an object by numeric id ({"id": 3}).
type Verweis struct {
	ID int64 `json:"id"`
}

// Schluessel names an enumeration entry by its identifier ({"id": "IN_BETRIEB"}).
type Schluessel struct {
	ID string `json:"id"`
}

// Stammfelder are the fields the form sends and the screen shows alike.
type Stammfelder struct {
	Bezeichnung        string                   `json:"bezeichnung"`
	Adresse            betrieb.Adresse          `json:"adresse"`
	BetreiberAdresse   bool                     `json:"betreiberAdresse"`
	Muttergesellschaft string                   `json:"muttergesellschaft"`
	URL                string                   `json:"url"`
	IEDRelevanz        bool                     `json:"iedRelevanz"`
	PRTRRelevanz       bool                     `json:"prtrRelevanz"`
	PRTRNr             string                   `json:"prtrNr"`
	Haupttaetigkeit    string                   `json:"haupttaetigkeit"`
	Nacecode           string                   `json:"nacecode"`
	KatasterNr         string                   `json:"katasterNr"`
	ArbeitsstaettenNr  string                   `json:"arbeitsstaettenNr"`
	Behoerdenkennung   string                   `json:"behoerdenkennung"`
	Lage               betrieb.Lage             `json:"lage"`
	Produktion         betrieb.Produktion       `json:"produktion"`
	Wasserversorgung   betrieb.Wasserversorgung `json:"wasserversorgung"`
	Kontakte           []betrieb.Kontakt        `json:"kontakte"`
}

// Formular is the body of a request or save of an operation.
type Formular struct {
	Stammfelder
	Version               int                         `json:"version"`
	Betreiber             *Verweis                    `json:"betreiber"`
	Betriebsstatus        *Schluessel                 `json:"betriebsstatus"`
	Behoerde              *Verweis                    `json:"behoerde"`
	ZustaendigeBearbeiter []betrieb.Bearbeiter        `json:"zustaendigeBearbeiter"`
	ZustaendigePersonen   []betrieb.ZustaendigePerson `json:"zustaendigePersonen"`
	AuditInfo             *historie.AuditInfo         `json:"auditInfo,omitempty"`
	// SkipBetriebExistsCheck confirms a request the duplicate check stopped.
	SkipBetriebExistsCheck bool `json:"skipBetriebExistsCheck"`
	// BetreiberBehalten: on an operator change, whether the old operator stays an obligee of
	// the operation's plants.
	BetreiberBehalten *bool `json:"preserveBetreiberAsAbwasserbeseitigungspflichtigen"`
	// AnlageToAufnehmendeanlage: on a shut-down, each municipal treatment plant that plants of
	// other operations discharge into → the treatment plant they discharge into from now on.
	AnlageToAufnehmendeanlage map[int64]int64 `json:"anlageToAufnehmendeanlage,omitempty"`
}

// Daten turns the form into the aggregate's data.
func (f Formular) Daten() betrieb.Daten {
	s := f.Stammfelder
	d := betrieb.Daten{Bezeichnung: s.Bezeichnung, Adresse: s.Adresse, BetreiberAdresse: s.BetreiberAdresse,
		Muttergesellschaft: s.Muttergesellschaft, URL: s.URL, IEDRelevanz: s.IEDRelevanz, PRTRRelevanz: s.PRTRRelevanz,
		PRTRNr: s.PRTRNr, Haupttaetigkeit: s.Haupttaetigkeit, Nacecode: s.Nacecode, KatasterNr: s.KatasterNr,
		ArbeitsstaettenNr: s.ArbeitsstaettenNr, Behoerdenkennung: s.Behoerdenkennung, Lage: s.Lage, Produktion: s.Produktion,
		Wasserversorgung: s.Wasserversorgung, Kontakte: s.Kontakte, ZustaendigeBearbeiter: f.ZustaendigeBearbeiter,
		ZustaendigePersonen: f.ZustaendigePersonen}
	if f.Betreiber != nil {
		d.BetreiberID = f.Betreiber.ID
	}
	if f.Betriebsstatus != nil {
		d.Betriebsstatus = f.Betriebsstatus.ID
	}
	if f.Behoerde != nil {
		d.RegionalstelleID = f.Behoerde.ID
	}
	return d
}

func stammfelder(d betrieb.Daten) Stammfelder {
	return Stammfelder{Bezeichnung: d.Bezeichnung, Adresse: d.Adresse, BetreiberAdresse: d.BetreiberAdresse,
		Muttergesellschaft: d.Muttergesellschaft, URL: d.URL, IEDRelevanz: d.IEDRelevanz, PRTRRelevanz: d.PRTRRelevanz,
		PRTRNr: d.PRTRNr, Haupttaetigkeit: d.Haupttaetigkeit, Nacecode: d.Nacecode, KatasterNr: d.KatasterNr,
		ArbeitsstaettenNr: d.ArbeitsstaettenNr, Behoerdenkennung: d.Behoerdenkennung, Lage: d.Lage,
		Produktion: produktion(d.Produktion), Wasserversorgung: d.Wasserversorgung, Kontakte: leer(d.Kontakte)}
}

// produktion is the production data with its lists as lists ([] where an event named none).
func produktion(p betrieb.Produktion) betrieb.Produktion {
	p.Taetigkeiten, p.Produktbezeichnungen = leer(p.Taetigkeiten), leer(p.Produktbezeichnungen)
	p.Produktionsverfahren, p.Produktionsarten = leer(p.Produktionsverfahren), leer(p.Produktionsarten)
	return p
}

func leer[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}

// Antragsformular is the Stammdaten-Antrag as the client sends and reads it.
type Antragsformular struct {
	Bezeichnung        string `json:"bezeichnung"`
	Muttergesellschaft string `json:"muttergesellschaft"`
	URL                string `json:"url"`
	BetreiberAdresse   bool   `json:"betreiberAdresse"`
	Strasse            string `json:"strasse"`
	Hausnummer         string `json:"hausnummer"`
	Plz                string `json:"plz"`
	Ort                string `json:"ort"`
	Kommentar          string `json:"kommentar"`
	GestelltAm         string `json:"gestelltAm,omitempty"`
}

// Antrag turns the form into the aggregate's application.
func (a Antragsformular) Antrag() betrieb.StammdatenAntrag {
	return betrieb.StammdatenAntrag{Bezeichnung: a.Bezeichnung, Muttergesellschaft: a.Muttergesellschaft, URL: a.URL,
		BetreiberAdresse: a.BetreiberAdresse, Adresse: betrieb.Adresse{Strasse: a.Strasse, Hausnummer: a.Hausnummer, Plz: a.Plz, Ort: a.Ort},
		Kommentar: a.Kommentar}
}

// AntragsformularVon shows an application.
func AntragsformularVon(a betrieb.StammdatenAntrag) Antragsformular {
	return Antragsformular{Bezeichnung: a.Bezeichnung, Muttergesellschaft: a.Muttergesellschaft, URL: a.URL,
		BetreiberAdresse: a.BetreiberAdresse, Strasse: a.Adresse.Strasse, Hausnummer: a.Adresse.Hausnummer, Plz: a.Adresse.Plz,
		Ort: a.Adresse.Ort, Kommentar: a.Kommentar, GestelltAm: a.GestelltAm}
}
