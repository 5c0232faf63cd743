package seed

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/eventstore"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	bescheide "github.com/eabwasser/eabwasser/internal/dokumente/bescheid"
	messstellen "github.com/eabwasser/eabwasser/internal/dokumente/messstelle"
)

// demoBericht is an annual report of the demo: the treatment plant, its keeper, the year, the
// status it ends in (with the comment of a rejection on its way), and the values of some of
// its Selbstüberwachungsauflagen.
type demoBericht struct {
	anlage, betreiber string
	jahr              int
	status            string
	zurueckgewiesen   string // a rejection before the last submission
	bemerkung         string
	reihen            []demoReihe
	// Its past: created at angelegt, its values entered at messwerte, then the moves to its
	// status (submit, return, submit again, approve — or finish) at schritte, in this order.
	angelegt, messwerte time.Time
	schritte            []time.Time
}

// demoReihe are the values of one parameter: measuring point (number), parameter number, the
// template chosen and how the rows are made.
type demoReihe struct {
	messstelle, parameterNr, vorlage string
	zeilen                           func(jahr int) []jahresbericht.Messwert
}

// woechentlich are weekly concentrations (and the day's flow) of a year around mittel, with
// the exceedances given by week (1-based), as the daily-values template records them.
func woechentlich(mittel, streuung float64, wochen int, ausreisser map[int]string) func(int) []jahresbericht.Messwert {
	return func(jahr int) []jahresbericht.Messwert {
		r := rand.New(rand.NewPCG(uint64(jahr), uint64(mittel*1000)))
		tag := time.Date(jahr, 1, 6, 0, 0, 0, 0, time.UTC)
		var out []jahresbericht.Messwert
		for w := 1; w <= wochen; w++ {
			wert := fmt.Sprintf("%.1f", mittel+(r.Float64()*2-1)*streuung)
			if a, ok := ausreisser[w]; ok {
				wert = a
			}
			out = append(out, jahresbericht.Messwert{Datum: tag.Format("02.01.2006"), Konzentration: komma(wert),
				Abfluss: fmt.Sprint(4800 + r.IntN(1600))})
			tag = tag.AddDate(0, 0, 7)
		}
		return out
	}
}

// monatlich are monthly samples with their time, as the samples template records them.
func monatlich(werte ...string) func(int) []jahresbericht.Messwert {
	return func(jahr int) []jahresbericht.Messwert {
		out := make([]jahresbericht.Messwert, len(werte))
		for i, w := range werte {
			out[i] = jahresbericht.Messwert{Datum: fmt.Sprintf("%02d.%02d.%d", 10+i%5, i+1, jahr), Uhrzeit: fmt.Sprintf("%02d:%02d", 8+i%3, 15*(i%4)),
				Wert: komma(w)}
		}
		return out
	}
}

func komma(v string) string {
	out := []rune(v)
	for i, r := range out {
		if r == '.' {
			out[i] = ','
		}
	}
	return string(out)
}

// The paper mill's treatment plant reports under its permit 32-5/21: 2023 checked and approved
// after a rejection, 2024 submitted (an Aufgabe of the staff for self-monitoring), 2025 in work
// with a sample above the Überwachungswert of 0,5 mg/l for AOX (304). The Musterhausen sewage
// works keeps weekly CSB (301) and NH4-N (403) values of 2025 under its permit 31-2/25, done
// but not yet submitted, with a few exceedances of 90 and 10 mg/l.
var demoBerichte = []demoBericht{
	{anlage: "Betriebskläranlage Papierfabrik", betreiber: "betreiber", jahr: 2023, status: jahresbericht.Plausibilisiert,
		zurueckgewiesen: "Die AOX-Werte von Oktober bis Dezember fehlen.", bemerkung: "Eigenkontrolle 2023 vollständig.",
		angelegt: am(2024, 2, 5, 9, 20), messwerte: am(2024, 2, 19, 14, 10),
		schritte: []time.Time{am(2024, 3, 4, 10, 30), am(2024, 3, 18, 11, 45), am(2024, 4, 8, 9, 5), am(2024, 4, 22, 15, 0)},
		reihen: []demoReihe{{messstelle: "1110000109", parameterNr: "304", vorlage: "Stichproben mit Uhrzeit",
			zeilen: monatlich("0.21", "0.18", "0.25", "0.3", "0.22", "0.19", "0.27", "0.24", "0.2", "0.23", "0.26", "0.21")}}},
	{anlage: "Betriebskläranlage Papierfabrik", betreiber: "betreiber", jahr: 2024, status: jahresbericht.Eingereicht,
		bemerkung: "Im August Störung der Flockungsstufe (siehe Betriebstagebuch).",
		angelegt:  am(2025, 2, 10, 8, 50), messwerte: am(2025, 3, 3, 13, 25), schritte: []time.Time{am(2025, 3, 27, 16, 10)},
		reihen: []demoReihe{{messstelle: "1110000109", parameterNr: "304", vorlage: "Stichproben mit Uhrzeit",
			zeilen: monatlich("0.24", "0.2", "0.19", "0.28", "0.31", "0.22", "0.26", "0.62", "0.29", "0.25", "0.21", "0.2")}}},
	{anlage: "Betriebskläranlage Papierfabrik", betreiber: "betreiber", jahr: 2025, status: jahresbericht.InBearbeitung,
		angelegt: am(2026, 1, 12, 10, 0), messwerte: am(2026, 2, 9, 11, 35),
		reihen: []demoReihe{{messstelle: "1110000109", parameterNr: "304", vorlage: "Stichproben mit Uhrzeit",
			zeilen: monatlich("0.23", "0.27", "1.12", "0.3", "0.24", "0.21", "0.26", "0.25", "0.22")}}},
	{anlage: "Kläranlage Musterhausen", betreiber: "betreiber2", jahr: 2025, status: jahresbericht.BearbeitungAbgeschlossen,
		bemerkung: "Starkregen im Juli: Mischwasserzulauf über Bemessung.",
		angelegt:  am(2026, 1, 19, 9, 30), messwerte: am(2026, 2, 2, 14, 50), schritte: []time.Time{am(2026, 2, 16, 10, 15)},
		reihen: []demoReihe{
			{messstelle: "2350010009", parameterNr: "301", vorlage: "Tageswerte Konzentration und Abfluss",
				zeilen: woechentlich(48, 14, 44, map[int]string{11: "96", 28: "187", 29: "84"})},
			{messstelle: "2350010009", parameterNr: "403", vorlage: "Tageswerte Konzentration und Abfluss",
				zeilen: woechentlich(3.2, 1.6, 44, map[int]string{5: "11.4", 6: "8.9"})},
		}},
}

// demoBerichteAnlegen creates the demo annual reports that are missing (by plant and year)
// through the decider, as the service does: created with the Selbstüberwachungsauflagen of the
// year, values saved, submitted, sent back and approved on the way to their status.
func demoBerichteAnlegen(ctx context.Context, store *eventstore.Store) (int, error) {
	added := 0
	sbsID, sbs, err := kontoMetadaten(ctx, store, "zust_sbs")
	if err != nil {
		return 0, err
	}
	for _, d := range demoBerichte {
		b := &demoBerichtLauf{store: store, d: d, sbsID: sbsID, sbs: sbs, pruefer: jahresbericht.Rolle{Pruefer: true, Funktion: "ZUST_SBS"},
			bearbeiter: jahresbericht.Rolle{Bearbeiter: true, Funktion: "BETREIBER"}}
		var vorhanden bool
		if err := store.Pool().QueryRow(ctx, `SELECT id, betrieb_id, EXISTS (SELECT 1 FROM jahresbericht j WHERE j.anlage_id = a.id AND j.jahr = $2)
			FROM anlage a WHERE bezeichnung = $1 ORDER BY id LIMIT 1`, d.anlage, d.jahr).Scan(&b.anlageID, &b.betriebID, &vorhanden); err != nil {
			return added, fmt.Errorf("Jahresbericht %s %d: %w", d.anlage, d.jahr, err)
		}
		if vorhanden {
			continue
		}
		if b.kontoID, b.md, err = kontoMetadaten(ctx, store, d.betreiber); err != nil {
			return added, err
		}
		cmd, kanalnetz, err := b.befehl(ctx)
		if err != nil {
			return added, err
		}
		if b.id, err = eventstore.NextID(ctx, store, "jahresbericht_id_seq"); err != nil {
			return added, err
		}
		if err := befehlAm(ctx, store, jahresbericht.Decider, b.id, d.angelegt, jahresbericht.Befehl(cmd), b.md); err != nil {
			return added, b.fehler("anlegen", err)
		}
		added++
		if err := b.messwerte(ctx, cmd.Parameter); err != nil {
			return added, err
		}
		if err := b.weg(ctx, kanalnetz); err != nil {
			return added, err
		}
	}
	return added, nil
}

// demoBerichtLauf is the creation of one demo annual report: its plant and operation, who
// writes it and who decides.
type demoBerichtLauf struct {
	store                   *eventstore.Store
	d                       demoBericht
	id, anlageID, betriebID int64
	kontoID, sbsID          int64
	md, sbs                 eventstore.Metadata
	bearbeiter, pruefer     jahresbericht.Rolle
}

func (b *demoBerichtLauf) fehler(schritt string, err error) error {
	return fmt.Errorf("Jahresbericht %s %d %s: %w", b.d.anlage, b.d.jahr, schritt, err)
}

// befehl is the report's creation with the Selbstüberwachungsauflagen of the year on its
// plant's measuring points as parameters; kanalnetz whether the plant's sewer network reports.
func (b *demoBerichtLauf) befehl(ctx context.Context) (cmd jahresbericht.LegeAn, kanalnetz bool, err error) {
	q, d := b.store.Pool(), b.d
	ks, err := messstellen.ImJahr(ctx, q, b.anlageID, d.jahr)
	if err != nil {
		return cmd, false, err
	}
	punkte := make([]int64, len(ks))
	for i, k := range ks {
		punkte[i] = k.ID
	}
	if kanalnetz, err = anlagen.KanalnetzMitSelbstueberwachung(ctx, q, b.anlageID); err != nil {
		return cmd, false, err
	}
	von, bis := jahresbericht.VonBis(d.jahr)
	as, err := bescheide.Anforderungen(ctx, q, b.betriebID, punkte, bescheid.Selbstueberwachungsauflage, von, bis)
	if err != nil {
		return cmd, false, err
	}
	cmd = jahresbericht.LegeAn{AnlageID: b.anlageID, AnlageBezeichnung: d.anlage, Jahr: d.jahr, Rolle: b.bearbeiter, Konto: b.kontoID,
		Pruefung: jahresbericht.Pruefung{Messstellen: punkte, Kanalnetzpflicht: kanalnetz}, Daten: jahresbericht.Daten{Bemerkung: d.bemerkung}}
	if len(as) > 0 {
		ids, err := eventstore.NextIDs(ctx, b.store, "anforderung_id_seq", len(as))
		if err != nil {
			return cmd, false, err
		}
		for i, a := range as {
			p := jahresbericht.AusAnforderung(a)
			p.ParameterID = ids[i]
			cmd.Parameter = append(cmd.Parameter, p)
		}
	}
	return cmd, kanalnetz, nil
}

// messwerte saves the values of each of the demo's rows on its parameter, with its template.
func (b *demoBerichtLauf) messwerte(ctx context.Context, parameter []jahresbericht.Parameter) error {
	q, d := b.store.Pool(), b.d
	for _, r := range d.reihen {
		p, ok := demoParameter(ctx, q, parameter, r)
		if !ok {
			return b.fehler("Parameter "+r.parameterNr, fmt.Errorf("no Selbstüberwachungsauflage at %s", r.messstelle))
		}
		var vid int64
		var wert string
		var extras []byte
		if err := q.QueryRow(ctx, `SELECT id, wert, extras FROM werteliste_eintrag WHERE liste = 'selbstueberwachungVorlage' AND wert = $1`,
			r.vorlage).Scan(&vid, &wert, &extras); err != nil {
			return b.fehler("Vorlage "+r.vorlage, err)
		}
		v, err := jahresbericht.VorlageAus(vid, wert, extras)
		if err != nil {
			return err
		}
		zeilen := r.zeilen(d.jahr)
		if err := befehlAm(ctx, b.store, jahresbericht.Decider, b.id, d.messwerte, jahresbericht.Befehl(jahresbericht.SpeichereMesswerte{ParameterID: p,
			AnzahlWerte: len(zeilen), Status: jahresbericht.Abgeschlossen, Vorlage: &v, Messwerte: zeilen, Rolle: b.bearbeiter}), b.md); err != nil {
			return b.fehler("Messwerte "+r.parameterNr, err)
		}
	}
	return nil
}

// weg moves the report to its status, each step at the next of its dates: closed, or
// submitted (sent back and submitted again) and approved.
func (b *demoBerichtLauf) weg(ctx context.Context, kanalnetz bool) error {
	d := b.d
	daten := jahresbericht.Daten{StatusMesswerte: jahresbericht.Abgeschlossen, StatusAQS: jahresbericht.Uebermittelt,
		StatusExterne: jahresbericht.Entfaellt, Durchflusspruefung: jahresbericht.Abgeschlossen, Bemerkung: d.bemerkung}
	if kanalnetz {
		daten.Kanalzustand = jahresbericht.Uebermittelt
	}
	schritte := d.schritte
	schritt := func(name string, c jahresbericht.Befehl, md eventstore.Metadata) error {
		if len(schritte) == 0 {
			return b.fehler(name, errors.New("kein Datum für den Schritt"))
		}
		t := schritte[0]
		schritte = schritte[1:]
		if err := befehlAm(ctx, b.store, jahresbericht.Decider, b.id, t, c, md); err != nil {
			return b.fehler(name, err)
		}
		return nil
	}
	einreichen := jahresbericht.ReicheEin{Daten: daten, Rolle: b.bearbeiter, Konto: b.kontoID}
	switch d.status {
	case jahresbericht.BearbeitungAbgeschlossen:
		return schritt("abschließen", jahresbericht.Speichere{Daten: daten, Status: d.status, Rolle: b.bearbeiter, Konto: b.kontoID}, b.md)
	case jahresbericht.Eingereicht, jahresbericht.Plausibilisiert:
		if d.zurueckgewiesen != "" {
			if err := schritt("einreichen", einreichen, b.md); err != nil {
				return err
			}
			if err := schritt("zurückweisen", jahresbericht.Entscheide{NeuerStatus: jahresbericht.InBearbeitung, Kommentar: d.zurueckgewiesen,
				Rolle: b.pruefer, Konto: b.sbsID}, b.sbs); err != nil {
				return err
			}
		}
		if err := schritt("einreichen", einreichen, b.md); err != nil {
			return err
		}
		if d.status == jahresbericht.Plausibilisiert {
			return schritt("plausibilisieren", jahresbericht.Entscheide{NeuerStatus: jahresbericht.Plausibilisiert,
				Kommentar: "Plausibel.", Rolle: b.pruefer, Konto: b.sbsID}, b.sbs)
		}
	}
	return nil
}

// demoParameter is the id of the report's parameter of row r (its measuring point by number).
func demoParameter(ctx context.Context, q eventstore.Querier, ps []jahresbericht.Parameter, r demoReihe) (int64, bool) {
	var messstelle int64
	if err := q.QueryRow(ctx, `SELECT id FROM messstelle WHERE messstellen_id = $1`, r.messstelle).Scan(&messstelle); err != nil {
		return 0, false
	}
	for _, p := range ps {
		if p.Messstelle == messstelle && p.ParameterNr == r.parameterNr && p.ParameterArt == bescheid.Konzentration {
			return p.ParameterID, true
		}
	}
	return 0, false
}
