package arbeitsliste

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/messstelle"
)

// The worklist reads the fields it shows from the domain events' JSON with types of its own:
// they must read what the domain's types wrote.
func TestLeser_ReadTheFieldsTheDomainEventsWrite(t *testing.T) {
	d := betrieb.Daten{Bezeichnung: "Brauerei", Adresse: betrieb.Adresse{Strasse: "Weg", Hausnummer: "1a", Plz: "56068", Ort: "Koblenz"},
		BetreiberID: 7, Betriebsstatus: "in_betrieb", RegionalstelleID: 3, Muttergesellschaft: "M",
		Kontakte: []betrieb.Kontakt{{Name: "N", Email: "e@x"}}}
	soll := betriebDaten{Bezeichnung: "Brauerei", Adresse: d.Adresse, BetreiberID: 7, Betriebsstatus: "in_betrieb", RegionalstelleID: 3}
	ad := anlage.Daten{Bezeichnung: "Kläranlage", Anlagenart: "ART", Anlagenstatus: anlage.InBetrieb, Beschreibung: "B"}
	sollAnlage := anlageDaten{Bezeichnung: "Kläranlage", Anlagenart: "ART", Anlagenstatus: anlage.InBetrieb}
	md := messstelle.Daten{Bezeichnung: "Ablauf", Messstellentyp: "NR_9", Messstellenstatus: messstelle.InBetrieb, AbgabeRelevant: true,
		Lage: betrieb.Lage{Hochwert: 5583500.5, Rechtswert: 399000.5}}
	sollMessstelle := messstelleDaten{Bezeichnung: "Ablauf", Messstellentyp: "NR_9", Messstellenstatus: messstelle.InBetrieb}
	for _, f := range []struct {
		typ  string
		e    ereignis.DomainEvent
		soll any
	}{
		{betrieb.StreamType, betrieb.BetriebBeantragt{BetriebsID: "2026-1", Daten: d, Betriebstyp: "INDUSTRIE", GueltigAb: "2026-01-01"},
			beantragt{BetriebsID: "2026-1", Daten: soll, Betriebstyp: "INDUSTRIE"}},
		{betrieb.StreamType, betrieb.BetriebsdatenGeaendert{Daten: d}, neueDaten{Daten: soll}},
		{betrieb.StreamType, betrieb.BetriebGeaendert{Daten: d, GueltigAb: "2026-01-01"}, neueDaten{Daten: soll}},
		{betrieb.StreamType, betrieb.FreigabeErneutBeantragt{Daten: d}, neueDaten{Daten: soll, erneut: true}},
		{betrieb.StreamType, betrieb.BetriebFreigegeben{Kommentar: "k"}, freigabe{betrieb.Freigegeben}},
		{betrieb.StreamType, betrieb.BetriebAbgewiesen{}, freigabe{betrieb.Abgewiesen}},
		{betrieb.StreamType, betrieb.BetreiberUmgezogen{AltID: 1, NeuID: 2, Datum: "2026-01-01"}, umgezogen{NeuID: 2}},
		{betrieb.StreamType, betrieb.StammdatenAntragGestellt{}, antrag{offen: true}},
		{betrieb.StreamType, betrieb.StammdatenAntragUebernommen{}, antrag{}},
		{betrieb.StreamType, betrieb.StammdatenAntragAbgelehnt{}, antrag{}},
		{anlage.StreamType, anlage.AnlageAngelegt{BetriebID: 5, ParentID: 6, Typ: anlage.Kanalnetz, Daten: ad},
			angelegt{BetriebID: 5, Typ: anlage.Kanalnetz, Daten: sollAnlage}},
		{anlage.StreamType, anlage.AnlageGeaendert{Daten: ad}, anlageGeaendert{Daten: sollAnlage}},
		{anlage.StreamType, anlage.AnlageStillgelegt{Datum: "2026-01-01"}, stillgelegt{}},
		{anlage.StreamType, anlage.AenderungsantragGestellt{}, antrag{offen: true}},
		{anlage.StreamType, anlage.AenderungsantragUebernommen{}, antrag{}},
		{anlage.StreamType, anlage.AenderungsantragAbgelehnt{}, antrag{}},
		{messstelle.StreamType, messstelle.MessstelleBeantragt{AnlageID: 5, BetriebID: 6, MessstellenID: "0711100109", Daten: md, GueltigAb: "2026-01-01"},
			messstelleBeantragt{AnlageID: 5, BetriebID: 6, MessstellenID: "0711100109", Daten: sollMessstelle}},
		{messstelle.StreamType, messstelle.MessstelleGeaendert{Daten: md, GueltigAb: "2026-01-01"}, messstelleDatenNeu{Daten: sollMessstelle}},
		{messstelle.StreamType, messstelle.MessstellenfreigabeErneutAngefordert{Daten: md}, messstelleDatenNeu{Daten: sollMessstelle, erneut: true}},
		{messstelle.StreamType, messstelle.MessstelleFreigegeben{Kommentar: "k"}, messstelleFreigabe{messstelle.Freigegeben}},
		{messstelle.StreamType, messstelle.MessstelleAbgewiesen{Kommentar: "k"}, messstelleFreigabe{messstelle.Abgewiesen}},
		{messstelle.StreamType, messstelle.MessstelleStillgelegt{Datum: "2026-01-01"}, messstelleStillgelegt{}},
	} {
		daten, err := json.Marshal(f.e)
		if err != nil {
			t.Fatal(err)
		}
		l, ok := leser[f.typ][f.e.EventType()]
		if !ok {
			t.Fatalf("no reader for %s", f.e.EventType())
		}
		ist, err := l(daten)
		if err != nil || ist != f.soll {
			t.Errorf("%s: read %#v (%v), want %#v", f.e.EventType(), ist, err, f.soll)
		}
	}
}

// The Bescheide's events are read into the domain's own types by goccy's decoder: what it
// reads is what the domain's Decode reads.
func TestLeser_BescheideReadAsTheDomainDecodes(t *testing.T) {
	a := bescheid.Anforderung{AnforderungID: 4, Messstelle: 9, AnforderungArt: bescheid.BehoerdlicheFestlegung, ParameterArt: bescheid.Fracht,
		ParameterNr: "3410", Wert: "12,5", Einheit: "kg/d", MehrereOptionen: true, Zusatztext: "z\nz", GueltigAb: "2024-01-01", GueltigBis: "3000-01-01"}
	d := bescheid.Daten{BescheidQualitaet: "Bescheid", Bescheidart: "Erlaubnis", Vorbescheid: 3, Bescheidsdatum: "2024-03-01",
		Auflagen: []bescheid.Auflage{{Abwasseranlage: 2, Art: "Bericht", Beschreibung: "b", Fristdatum: "2025-01-31"}}}
	for _, e := range []ereignis.DomainEvent{
		bescheid.BescheidAngelegt{BetriebID: 5, Status: bescheid.Angelegt, Daten: d, VonKonto: 7}, bescheid.BescheidGeaendert{Daten: d},
		bescheid.BescheidsantragGestellt{VonKonto: 7}, bescheid.BescheidsantragZurueckgewiesen{Kommentar: "k", VonKonto: 8}, bescheid.BescheidInBearbeitung{VonKonto: 8},
		bescheid.BescheidFreigegeben{Am: "2024-05-02", VonKonto: 8}, bescheid.MessstellenZugeordnet{Messstellen: []int64{9, 10}},
		bescheid.MessstelleEntfernt{Messstelle: 10}, bescheid.AnforderungenGesetzt{Messstelle: 9, Anforderungen: []bescheid.Anforderung{a}},
		bescheid.AnforderungAngelegt{Anforderung: a}, bescheid.AnforderungGeaendert{Anforderung: a}, bescheid.AnforderungGeloescht{AnforderungID: 4},
		bescheid.BescheidGeloescht{},
	} {
		daten, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		l, ok := leser[bescheid.StreamType][e.EventType()]
		if !ok {
			t.Fatalf("no reader for %s", e.EventType())
		}
		ist, err := l(daten)
		soll, err2 := bescheid.Decode(e.EventType(), daten)
		if err != nil || err2 != nil || !reflect.DeepEqual(ist, soll) {
			t.Errorf("%s: read %#v (%v), the domain %#v (%v)", e.EventType(), ist, err, soll, err2)
		}
	}
}

// leser are the areas' readers, by stream type and event type.
var leser = func() map[string]map[string]func([]byte) (any, error) {
	m := map[string]map[string]func([]byte) (any, error){}
	for _, b := range alle {
		m[b.Streamtyp] = b.leser
	}
	return m
}()
