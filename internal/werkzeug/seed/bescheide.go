package seed

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
)

// demoAnforderung is an Anforderung of a demo Bescheid for the measuring point with number nr.
type demoAnforderung struct {
	nr string
	a  bescheid.Anforderung
	// vorher is the value first drafted, tightened to a.Wert before the release
	vorher string
}

// verschaerft is Anforderung a drafted with the value vorher first.
func verschaerft(a demoAnforderung, vorher string) demoAnforderung {
	a.vorher = vorher
	return a
}

// demoBescheid is a Bescheid of the demo: of which operation (by name), recorded by whom
// (an operator's application or staff), into which status it goes, its Vorbescheid (by
// Aktenzeichen), the measuring points (by number) and their Anforderungen.
type demoBescheid struct {
	betrieb       string
	daten         bescheid.Daten
	auflagen      []demoAuflage
	vorbescheid   string // Aktenzeichen of the Vorbescheid
	status        string
	antragsteller string // demo account of an application (empty: recorded by staff)
	messstellen   []string
	anforderungen []demoAnforderung
	kommentar     string // a return's reason before the application was submitted again
	// Its past: recorded with its Anforderungen at angelegt, the drafted values tightened at
	// verschaerft, and the moves to its status (submit, return, submit again, release) at
	// schritte, in this order.
	angelegt, verschaerft time.Time
	schritte              []time.Time
}

// demoAuflage is an Auflage on the plant named anlage.
type demoAuflage struct {
	anlage string
	bescheid.Auflage
}

// festlegung and ueberwachung are the two kinds of Anforderung of the demo.
func festlegung(nr, parameter, wert, einheit, randbedingung, ab string) demoAnforderung {
	return demoAnforderung{nr: nr, a: bescheid.Anforderung{AnforderungArt: bescheid.BehoerdlicheFestlegung, ParameterArt: bescheid.Konzentration,
		ParameterNr: parameter, Wert: wert, Einheit: einheit, ArtAnforderungWert: "Überwachungswert", Probenahme: "qualifizierte Stichprobe",
		Vorbehandlung: "Originalprobe", Randbedingung: randbedingung, GueltigAb: ab, GueltigBis: bescheid.StandardAblaufdatum}}
}

func ueberwachung(nr, art, parameter, einheit, haeufigkeit, probenahme, vorlage, ab string) demoAnforderung {
	return demoAnforderung{nr: nr, a: bescheid.Anforderung{AnforderungArt: bescheid.Selbstueberwachungsauflage, ParameterArt: art,
		ParameterNr: parameter, Einheit: einheit, Haeufigkeit: haeufigkeit, Probenahme: probenahme, VorlageMesswerte: vorlage,
		GueltigAb: ab, GueltigBis: bescheid.StandardAblaufdatum}}
}

// The Musterhausen sewage works (size class 4) has its water-law permit of 2014 (released) and
// the new one of 2025 that replaces it (released, the old one its Vorbescheid) with the
// Überwachungswerte of Anhang 1 for size class 4 at its final control 2350010009, and an
// amendment in work; the paper mill has a released permit for its indirect discharge, an
// application submitted by its operator (an Aufgabe of zust_sbb) and one he is still writing.
var demoBescheide = []demoBescheid{
	{betrieb: "Kläranlage Musterhausen", status: bescheid.Freigegeben, messstellen: []string{"2350010009"},
		angelegt: am(2020, 6, 8, 9, 0), schritte: []time.Time{am(2020, 6, 15, 10, 30)},
		daten: bescheid.Daten{BescheidQualitaet: "Bescheid", Bescheidart: "Wasserrechtliche Erlaubnis (§ 8 WHG)", Aktenzeichen: "31-2/14",
			Behoerde: "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", Bescheidsdatum: "2014-06-15", Ablaufdatum: "2024-12-31",
			BescheidID: "S0412345"},
		anforderungen: []demoAnforderung{
			festlegung("2350010009", "301", "110", "mg/l", "", "2014-06-15"),
			festlegung("2350010009", "401", "25", "mg/l", "", "2014-06-15"),
			festlegung("2350010009", "302", "2", "mg/l", "", "2014-06-15"),
		}},
	{betrieb: "Kläranlage Musterhausen", status: bescheid.Freigegeben, vorbescheid: "31-2/14", messstellen: []string{"2350010009"},
		angelegt: am(2025, 1, 20, 8, 40), verschaerft: am(2025, 1, 22, 14, 0), schritte: []time.Time{am(2025, 1, 27, 11, 0)},
		daten: bescheid.Daten{BescheidQualitaet: "Bescheid", Bescheidart: "Wasserrechtliche Erlaubnis (§ 8 WHG)", Aktenzeichen: "31-2/25",
			Behoerde: "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", Bescheidsdatum: "2025-01-15", Ablaufdatum: "2044-12-31",
			Bemerkung: "Ersetzt die Erlaubnis vom 15.06.2014 (Az. 31-2/14).", BescheidID: "S0412346"},
		auflagen: []demoAuflage{
			{anlage: "Kläranlage Musterhausen", Auflage: bescheid.Auflage{Art: "Messprogramm", Fristdatum: "2025-06-30",
				Beschreibung: "Messprogramm für die Eigenkontrolle nach EÜVOA vorlegen."}},
			{anlage: "Kläranlage Musterhausen", Auflage: bescheid.Auflage{Art: "Berichts- und Vorlagepflicht", Fristdatum: "2026-03-31",
				Beschreibung: "Jahresbericht der Selbstüberwachung bis zum 31. März des Folgejahres vorlegen."}},
			{anlage: "Regenüberlaufbecken Musterhausen-Nord", Auflage: bescheid.Auflage{Art: "Bauliche Auflage", Fristdatum: "2027-12-31",
				Beschreibung: "Drosselabfluss des Regenüberlaufbeckens messtechnisch erfassen."}},
		},
		anforderungen: []demoAnforderung{
			festlegung("2350010009", "301", "90", "mg/l", "", "2025-01-15"),
			festlegung("2350010009", "401", "20", "mg/l", "", "2025-01-15"),
			festlegung("2350010009", "403", "10", "mg/l", "ab 12 °C Abwassertemperatur im Ablauf des biologischen Reaktors", "2025-01-15"),
			festlegung("2350010009", "404", "18", "mg/l", "ab 12 °C Abwassertemperatur im Ablauf des biologischen Reaktors", "2025-01-15"),
			verschaerft(festlegung("2350010009", "302", "1", "mg/l", "", "2025-01-15"), "1,5"),
			ueberwachung("2350010009", bescheid.Konzentration, "301", "mg/l", "wöchentlich", "24-h-Mischprobe", "Tageswerte Konzentration und Abfluss", "2025-01-15"),
			ueberwachung("2350010009", bescheid.Konzentration, "403", "mg/l", "wöchentlich", "24-h-Mischprobe", "Tageswerte Konzentration und Abfluss", "2025-01-15"),
			ueberwachung("2350010009", bescheid.Konzentration, "302", "mg/l", "wöchentlich", "24-h-Mischprobe", "Tageswerte Konzentration und Abfluss", "2025-01-15"),
			ueberwachung("2350010009", bescheid.Menge, "101", "m³/d", "täglich", "kontinuierliche Messung", "Tageswerte Konzentration und Abfluss", "2025-01-15"),
		}},
	{betrieb: "Kläranlage Musterhausen", status: bescheid.InBearbeitung, vorbescheid: "31-2/25", messstellen: []string{"2350010009"},
		angelegt: vorTagen(100, 10, 5),
		daten: bescheid.Daten{BescheidQualitaet: "Bescheid", Bescheidart: "Änderungsbescheid", Aktenzeichen: "31-2/26",
			Behoerde: "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", Bescheidsdatum: "2026-09-01", Ablaufdatum: "2044-12-31",
			Bemerkung: "Ertüchtigung der Phosphorelimination; Entwurf."},
		anforderungen: []demoAnforderung{
			festlegung("2350010009", "302", "0,8", "mg/l", "", "2027-01-01"),
		}},
	{betrieb: "Papierfabrik Rheinaue – Werk Koblenz", status: bescheid.Freigegeben, messstellen: []string{"1110000109", "1110000108"},
		angelegt: am(2021, 5, 12, 9, 10), verschaerft: am(2021, 5, 17, 15, 30), schritte: []time.Time{am(2021, 5, 19, 10, 0)},
		daten: bescheid.Daten{BescheidQualitaet: "Bescheid", Bescheidart: "Genehmigung einer Indirekteinleitung (§ 58 WHG)", Aktenzeichen: "32-5/21",
			Behoerde: "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", Bescheidsdatum: "2021-05-10", Ablaufdatum: "2031-05-09"},
		auflagen: []demoAuflage{{anlage: "Betriebskläranlage Papierfabrik", Auflage: bescheid.Auflage{Art: "Betriebliche Auflage",
			Fristdatum: "2026-12-31", Beschreibung: "Betriebstagebuch der Betriebskläranlage führen und auf Verlangen vorlegen."}}},
		anforderungen: []demoAnforderung{
			festlegung("1110000109", "301", "350", "mg/l", "", "2021-05-10"),
			festlegung("1110000109", "401", "25", "mg/l", "", "2021-05-10"),
			verschaerft(festlegung("1110000109", "304", "0,5", "mg/l", "", "2021-05-10"), "1"),
			festlegung("1110000109", "302", "2", "mg/l", "", "2021-05-10"),
			ueberwachung("1110000109", bescheid.Konzentration, "301", "mg/l", "täglich", "24-h-Mischprobe", "Tageswerte Konzentration und Abfluss", "2021-05-10"),
			ueberwachung("1110000109", bescheid.Konzentration, "304", "mg/l", "monatlich", "qualifizierte Stichprobe", "Stichproben mit Uhrzeit", "2021-05-10"),
			ueberwachung("1110000108", bescheid.Fracht, "301", "kg/d", "monatlich", "24-h-Mischprobe", "Monatswerte mit Anzahl der Messungen", "2021-05-10"),
		}},
	{betrieb: "Papierfabrik Rheinaue – Werk Koblenz", status: bescheid.Beantragt, antragsteller: "betreiber", vorbescheid: "32-5/21",
		messstellen: []string{"1110000109"}, kommentar: "Bitte die beantragten AOX-Werte mit dem Messprogramm begründen.",
		angelegt: vorTagen(60, 9, 15), schritte: []time.Time{vorTagen(58, 11, 40), vorTagen(45, 10, 20), vorTagen(20, 15, 5)},
		daten: bescheid.Daten{BescheidQualitaet: "Bescheid", Bescheidart: "Änderungsbescheid", Aktenzeichen: "PF-2026-01",
			Behoerde: "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", Bescheidsdatum: "2026-10-01",
			Bemerkung: "Antrag auf Erhöhung der Produktionskapazität der Papiermaschine 2."},
		anforderungen: []demoAnforderung{
			festlegung("1110000109", "301", "400", "mg/l", "", "2027-01-01"),
			festlegung("1110000109", "304", "0,5", "mg/l", "", "2027-01-01"),
		}},
	{betrieb: "Papierfabrik Rheinaue – Werk Koblenz", status: bescheid.Angelegt, antragsteller: "betreiber", angelegt: vorTagen(6, 13, 30),
		daten: bescheid.Daten{BescheidQualitaet: "Bescheid", Bescheidart: "Genehmigung einer Abwasseranlage (§ 60 WHG)", Aktenzeichen: "PF-2026-02",
			Behoerde: "Struktur- und Genehmigungsdirektion Nord (SGD Nord)", Bescheidsdatum: "2026-11-02",
			Bemerkung: "Entwurf: Neubau einer Vorklärung."}},
}

// kontoMetadaten are the metadata of a demo account's command, as the API records them
// (httpapi.Metadaten: the account's id, its name, roles and organisation).
func kontoMetadaten(ctx context.Context, store *eventstore.Store, name string) (int64, eventstore.Metadata, error) {
	k, err := konten.NachBenutzername(ctx, store.Pool(), name)
	if err != nil {
		return 0, eventstore.Metadata{}, fmt.Errorf("%s: %w", name, err)
	}
	md := eventstore.Metadata{ActorID: strconv.FormatInt(k.ID, 10), ActorName: k.Person.Vorname + " " + k.Person.Name,
		Roles: k.FunktionaleRollen, CorrelationID: Akteur.CorrelationID}
	if k.Person.OrganisationID != 0 {
		md.Organisation = strconv.FormatInt(k.Person.OrganisationID, 10)
	}
	return k.ID, md, nil
}

// demoBescheideAnlegen creates the demo Bescheide that are missing (by Aktenzeichen), through
// the decider: recorded (by the operator or by zust_sbb), their Anforderungen added, then moved
// along their way to the status.
func demoBescheideAnlegen(ctx context.Context, store *eventstore.Store) (int, error) {
	added := 0
	sbbID, sbb, err := kontoMetadaten(ctx, store, "zust_sbb")
	if err != nil {
		return 0, err
	}
	for _, d := range demoBescheide {
		var vorhanden bool
		if err := store.Pool().QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM bescheid WHERE daten->>'aktenzeichen' = $1)`,
			d.daten.Aktenzeichen).Scan(&vorhanden); err != nil {
			return added, err
		}
		if vorhanden {
			continue
		}
		b := &demoBescheidLauf{store: store, befehle: eventstore.Befehle(store, bescheid.Decider), d: d,
			staff: bescheid.Rolle{Entscheider: true}, sbbID: sbbID, sbb: sbb}
		if err := b.vorbereiten(ctx); err != nil {
			return added, err
		}
		zuVerschaerfen, err := b.anlegen(ctx)
		if err != nil {
			return added, err
		}
		added++
		if err := b.verschaerfen(ctx, zuVerschaerfen); err != nil {
			return added, err
		}
		if err := b.weg(ctx); err != nil {
			return added, err
		}
	}
	return added, nil
}

// demoBescheidLauf is the creation of one demo Bescheid: what it names, looked up by name and
// number, and who records it in which role.
type demoBescheidLauf struct {
	store       *eventstore.Store
	befehle     eventstore.Befehlsweg[bescheid.Bescheid, bescheid.Befehl]
	d           demoBescheid
	id          int64
	betriebID   int64
	daten       bescheid.Daten
	p           bescheid.Pruefung
	nummern     map[string]int64 // measuring point number → id
	messstellen []int64
	// who records it: zust_sbb as staff, or the applicant
	sbb, md      eventstore.Metadata
	rolle, staff bescheid.Rolle
	von, sbbID   int64
	statusWert   string
}

func (b *demoBescheidLauf) fehler(schritt string, err error) error {
	return fmt.Errorf("Bescheid %s %s: %w", b.daten.Aktenzeichen, schritt, err)
}

// vorbereiten looks up the operation, Vorbescheid, plants and measuring points the demo
// Bescheid names, and who records it, and draws its id.
func (b *demoBescheidLauf) vorbereiten(ctx context.Context) error {
	q, d := b.store.Pool(), b.d
	if err := q.QueryRow(ctx, `SELECT id FROM betrieb WHERE bezeichnung = $1 ORDER BY id LIMIT 1`, d.betrieb).Scan(&b.betriebID); err != nil {
		return fmt.Errorf("Bescheid %s: Betrieb %s: %w", d.daten.Aktenzeichen, d.betrieb, err)
	}
	b.daten = d.daten
	if b.daten.Ablaufdatum == "" {
		b.daten.Ablaufdatum = bescheid.StandardAblaufdatum
	}
	b.p = bescheid.Pruefung{BetriebFreigegeben: true, Bescheidarten: []string{b.daten.Bescheidart}}
	if d.vorbescheid != "" {
		if err := q.QueryRow(ctx, `SELECT id FROM bescheid WHERE daten->>'aktenzeichen' = $1`, d.vorbescheid).Scan(&b.daten.Vorbescheid); err != nil {
			return fmt.Errorf("Bescheid %s: Vorbescheid %s: %w", b.daten.Aktenzeichen, d.vorbescheid, err)
		}
		b.p.Vorbescheide = []int64{b.daten.Vorbescheid}
	}
	for _, a := range d.auflagen {
		x := a.Auflage
		var err error
		if x.Abwasseranlage, err = anlageNach(ctx, b.store, a.anlage); err != nil {
			return fmt.Errorf("Bescheid %s: Anlage %s: %w", b.daten.Aktenzeichen, a.anlage, err)
		}
		b.daten.Auflagen = append(b.daten.Auflagen, x)
		b.p.Anlagen = append(b.p.Anlagen, x.Abwasseranlage)
	}
	b.nummern = map[string]int64{}
	for _, nr := range d.messstellen {
		var id int64
		if err := q.QueryRow(ctx, `SELECT id FROM messstelle WHERE messstellen_id = $1`, nr).Scan(&id); err != nil {
			return fmt.Errorf("Bescheid %s: Messstelle %s: %w", b.daten.Aktenzeichen, nr, err)
		}
		b.nummern[nr] = id
		b.messstellen = append(b.messstellen, id)
	}
	b.p.Kandidaten = b.messstellen
	b.statusWert, b.md, b.von, b.rolle = bescheid.InBearbeitung, b.sbb, b.sbbID, b.staff
	if d.antragsteller != "" {
		var err error
		if b.von, b.md, err = kontoMetadaten(ctx, b.store, d.antragsteller); err != nil {
			return err
		}
		b.statusWert, b.rolle = bescheid.Angelegt, bescheid.Rolle{Antragsteller: true}
	}
	var err error
	b.id, err = eventstore.NextID(ctx, b.store, "bescheid_id_seq")
	return err
}

// anlegen records the Bescheid with its Anforderungen (one event each, small in the audit
// trail), the drafted values first; it returns the Anforderungen to tighten later.
func (b *demoBescheidLauf) anlegen(ctx context.Context) ([]bescheid.Anforderung, error) {
	var zuVerschaerfen []bescheid.Anforderung
	err := amTag(ctx, b.store, b.d.angelegt, func(tx pgx.Tx) error {
		if _, err := b.befehle.HandleTx(ctx, tx, b.id, eventstore.VersionUnbekannt, bescheid.LegeAn{BetriebID: b.betriebID, Status: b.statusWert,
			Daten: b.daten, Messstellen: b.messstellen, Pruefung: b.p, VonKonto: b.von}, b.md); err != nil {
			return b.fehler("anlegen", err)
		}
		for _, a := range b.d.anforderungen {
			x := a.a
			x.Messstelle = b.nummern[a.nr]
			var err error
			if x.AnforderungID, err = eventstore.NextID(ctx, b.store, "anforderung_id_seq"); err != nil {
				return err
			}
			entwurf := x
			if a.vorher != "" {
				entwurf.Wert = a.vorher
				zuVerschaerfen = append(zuVerschaerfen, x)
			}
			if _, err := b.befehle.HandleTx(ctx, tx, b.id, eventstore.VersionUnbekannt, bescheid.LegeAnforderungAn{Anforderung: entwurf, Rolle: b.rolle}, b.md); err != nil {
				return b.fehler("Anforderung "+x.ParameterNr, err)
			}
		}
		return nil
	})
	return zuVerschaerfen, err
}

// verschaerfen sets the final values of the Anforderungen recorded with drafted ones.
func (b *demoBescheidLauf) verschaerfen(ctx context.Context, zuVerschaerfen []bescheid.Anforderung) error {
	if len(zuVerschaerfen) == 0 {
		return nil
	}
	return amTag(ctx, b.store, b.d.verschaerft, func(tx pgx.Tx) error {
		for _, x := range zuVerschaerfen {
			if _, err := b.befehle.HandleTx(ctx, tx, b.id, eventstore.VersionUnbekannt, bescheid.AendereAnforderung{Anforderung: x, Rolle: b.rolle}, b.md); err != nil {
				return b.fehler("Anforderung "+x.ParameterNr+" verschärfen", err)
			}
		}
		return nil
	})
}

// weg moves the Bescheid to its status, each move at the next of its dates: an application is
// submitted (returned and submitted again with a comment), a released one released.
func (b *demoBescheidLauf) weg(ctx context.Context) error {
	d, schritte := b.d, b.d.schritte
	speichere := func(ziel, kommentar string, r bescheid.Rolle, wer int64, md eventstore.Metadata) error {
		if len(schritte) == 0 {
			return fmt.Errorf("kein Datum für den Schritt nach %s", ziel)
		}
		t := schritte[0]
		schritte = schritte[1:]
		return befehlAm(ctx, b.store, bescheid.Decider, b.id, t, bescheid.Befehl(bescheid.Speichere{Daten: b.daten, Status: ziel,
			Messstellen: b.messstellen, Kommentar: kommentar, Rolle: r, Pruefung: b.p, Heute: t, VonKonto: wer}), md)
	}
	if d.antragsteller != "" && d.status != bescheid.Angelegt {
		if err := speichere(bescheid.Beantragt, "", b.rolle, b.von, b.md); err != nil {
			return b.fehler("beantragen", err)
		}
		if d.kommentar != "" {
			if err := speichere(bescheid.Angelegt, d.kommentar, b.staff, b.sbbID, b.sbb); err != nil {
				return b.fehler("zurückweisen", err)
			}
			if err := speichere(bescheid.Beantragt, "", b.rolle, b.von, b.md); err != nil {
				return b.fehler("erneut beantragen", err)
			}
		}
	}
	if d.status == bescheid.Freigegeben {
		if err := speichere(bescheid.Freigegeben, "", b.staff, b.sbbID, b.sbb); err != nil {
			return b.fehler("freigeben", err)
		}
	}
	return nil
}
