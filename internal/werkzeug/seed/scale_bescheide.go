package seed

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/eventstore"
)

// --- Bescheide -----------------------------------------------------------------------------

// skalaBescheid is one Bescheid of the scale seed: of which operation (index), its place among
// the operation's (0: the first permit, 1: the later one), the operation's approved measuring
// points and its first plant.
type skalaBescheid struct {
	betrieb, nr int
	anlageID    int64
	punkte      []int64
}

// bescheideDes are the Bescheide of an approved operation with approved measuring points: two.
func bescheideDes(i int, b betriebsInfo, anlageID int64, punkte []int64) []skalaBescheid {
	if !b.freigegeben || anlageID == 0 || len(punkte) == 0 {
		return nil
	}
	return []skalaBescheid{{betrieb: i, nr: 0, anlageID: anlageID, punkte: punkte}, {betrieb: i, nr: 1, anlageID: anlageID, punkte: punkte}}
}

// AnforderungenJeBescheid is about how many Anforderungen a Bescheid of the scale seed sets.
const AnforderungenJeBescheid = 12

// skalaParameter are the parameters the scale seed's Anforderungen set: number, unit, kind.
var skalaParameter = []struct{ nr, einheit, art string }{
	{"301", "mg/l", bescheid.Konzentration}, {"401", "mg/l", bescheid.Konzentration}, {"403", "mg/l", bescheid.Konzentration},
	{"404", "mg/l", bescheid.Konzentration}, {"302", "mg/l", bescheid.Konzentration}, {"304", "mg/l", bescheid.Konzentration},
	{"305", "µg/l", bescheid.Konzentration}, {"402", "mg/l", bescheid.Konzentration}, {"301", "kg/d", bescheid.Fracht},
	{"302", "kg/a", bescheid.Fracht}, {"101", "m³/d", bescheid.Menge}, {"101", "m³/a", bescheid.Menge},
}

// bescheidAnzahlAnforderungen is how many Anforderungen Bescheid b sets (10 to 14).
func bescheidAnzahlAnforderungen(b skalaBescheid) int {
	return AnforderungenJeBescheid - 2 + zufall(artBescheid, b.betrieb<<1+b.nr).IntN(5)
}

// bescheidPlan is the life of one Bescheid. The first permit was recorded by the staff a month
// after the operation went into operation and released; its Anforderungen are open-ended, or
// end the day before the second one's take effect. The second (a year or more later) is
// released too for most operations, still in work for some, and an operator's application
// (submitted or not) for others. Each sets about a dozen Anforderungen on the operation's
// approved measuring points, both kinds, and has a few Auflagen on its first plant. It is
// drafted (or applied for) three to ten days before its date — after its measuring points were
// approved — released two weeks after its date, an application submitted on its date.
func (l *lauf) bescheidPlan(b skalaBescheid, id int64, anf []int64, info betriebsInfo) plan {
	r := zufall(artBescheid, b.betrieb<<1+b.nr)
	beginn, _ := time.Parse(historie.Datumsformat, info.inBetrieb)
	if beginn.IsZero() {
		beginn = info.anlagenBeginn
	}
	datumErste := beginn.AddDate(0, 1, 0)
	zweite := zufall(artBescheid, b.betrieb<<1+1)
	datumZweite := datumErste.AddDate(1+zweite.IntN(4), zweite.IntN(12), 0)
	if datumZweite.After(l.s.Heute) {
		datumZweite = l.s.Heute.AddDate(0, 0, -30)
	}
	// the first one's Anforderungen end with the second one's start for half of the operations
	abgeloest := zufall(artBescheid, b.betrieb<<1).IntN(2) == 0
	datum, art := datumErste, "Wasserrechtliche Erlaubnis (§ 8 WHG)"
	if b.nr == 1 {
		datum, art = datumZweite, "Änderungsbescheid"
	}
	if info.typ != "KOMMUNAL" && info.typ != "KANAL_KOMMUNAL" && b.nr == 0 {
		art = "Genehmigung einer Indirekteinleitung (§ 58 WHG)"
	}
	tag := datum.Format(historie.Datumsformat)
	d := bescheid.Daten{BescheidQualitaet: "Bescheid", Bescheidart: art, Behoerde: "Struktur- und Genehmigungsdirektion Nord (SGD Nord)",
		Aktenzeichen: fmt.Sprintf("31-%d/%02d", 100+b.betrieb%900, datum.Year()%100), Bescheidsdatum: tag,
		Ablaufdatum: bescheid.StandardAblaufdatum, Bemerkung: "", Auflagen: []bescheid.Auflage{}}
	for k := range 2 + r.IntN(3) {
		d.Auflagen = append(d.Auflagen, bescheid.Auflage{Abwasseranlage: b.anlageID,
			Art: waehle(r, []string{"Bauliche Auflage", "Betriebliche Auflage", "Berichts- und Vorlagepflicht", "Messprogramm"}),
			Beschreibung: waehle(r, []string{"Betriebstagebuch führen und auf Verlangen vorlegen", "Jahresbericht bis zum 31. März vorlegen",
				"Probenahmestelle dauerhaft zugänglich halten", "Messprogramm nach Anlage 2 durchführen", "Störungen unverzüglich anzeigen"}),
			Fristdatum: datum.AddDate(0, 3*(k+1), 0).Format(historie.Datumsformat)})
	}
	bis := bescheid.StandardAblaufdatum
	if b.nr == 0 && abgeloest {
		bis = datumZweite.AddDate(0, 0, -1).Format(historie.Datumsformat)
	}
	var anforderungen = map[int64][]bescheid.Anforderung{}
	var neueIDs = map[int64][]int64{}
	for k, aid := range anf {
		p := skalaParameter[k%len(skalaParameter)]
		m := b.punkte[k%len(b.punkte)]
		// new rows (id 0) take the drawn ids in their order, as the service's
		a := bescheid.Anforderung{Messstelle: m, AnforderungArt: bescheid.BehoerdlicheFestlegung, ParameterArt: p.art,
			ParameterNr: p.nr, Wert: strconv.Itoa(2+r.IntN(200)) + waehle(r, []string{"", ",5", ",25"}), Einheit: p.einheit,
			ArtAnforderungWert: waehle(r, []string{"Überwachungswert", "Höchstwert", "Mittelwert"}), Probenahme: waehle(r, []string{
				"qualifizierte Stichprobe", "2-h-Mischprobe", "24-h-Mischprobe"}), Haeufigkeit: waehle(r, []string{"monatlich",
				"vierteljährlich", "wöchentlich"}), GueltigAb: tag, GueltigBis: bis}
		if k%3 == 2 {
			a.AnforderungArt, a.Wert, a.ArtAnforderungWert = bescheid.Selbstueberwachungsauflage, "", ""
		}
		if k%5 == 4 {
			a.MehrereOptionen, a.Zusatztext = true, "alternativ nach Abstimmung mit der Behörde"
		}
		anforderungen[m] = append(anforderungen[m], a)
		neueIDs[m] = append(neueIDs[m], aid)
	}
	staffID, _ := strconv.ParseInt(info.staff.ActorID, 10, 64)
	betreiberID, _ := strconv.ParseInt(info.betreiber.ActorID, 10, 64)
	// the facts the service looks up for a save, as they are for this operation
	pruefung := bescheid.Pruefung{BetriebFreigegeben: true, Bescheidarten: []string{art}, Kandidaten: b.punkte, Anlagen: []int64{b.anlageID}}
	p := plan{id: id}
	entwurf := datum.AddDate(0, 0, -3-zeitzufall(artBescheid, b.betrieb<<1+b.nr).IntN(8))
	am := entwurf
	add := func(md eventstore.Metadata, c bescheid.Befehl) {
		p.schritte = append(p.schritte, schritt{befehl: c, md: md, am: l.um(am, 1<<26+b.betrieb<<1+b.nr, len(p.schritte))})
	}
	los := r.IntN(100)
	antrag := b.nr == 1 && los >= 85
	md, von, status, rolle := info.staff, staffID, bescheid.InBearbeitung, bescheid.Rolle{Entscheider: true}
	if antrag {
		md, von, status, rolle = info.betreiber, betreiberID, bescheid.Angelegt, bescheid.Rolle{Antragsteller: true}
	}
	add(md, bescheid.LegeAn{BetriebID: info.id, Status: status, Daten: d, Messstellen: b.punkte, Pruefung: pruefung, VonKonto: von})
	for _, m := range b.punkte {
		if as := anforderungen[m]; len(as) > 0 {
			add(md, bescheid.SetzeAnforderungen{Messstelle: m, Anforderungen: as, NeueIDs: neueIDs[m], Rolle: rolle})
		}
	}
	speichern := func(ziel string, heute time.Time) {
		am = heute
		add(md, bescheid.Speichere{Daten: d, Status: ziel, Messstellen: b.punkte, Rolle: rolle, Pruefung: pruefung, Heute: heute, VonKonto: von})
	}
	switch {
	case antrag:
		if los >= 90 {
			speichern(bescheid.Beantragt, datum)
		}
	case b.nr == 1 && los >= 70: // still in work
	default:
		speichern(bescheid.Freigegeben, datum.AddDate(0, 0, 14))
	}
	return p
}

// bescheidDokument writes a Bescheid's document through the writer its area registered (none:
// nothing), as the command path does.
func (l *lauf) bescheidDokument(ctx context.Context, tx pgx.Tx, id int64, b bescheid.Bescheid, version int) error {
	return l.store.SchreibeDokument(ctx, tx, bescheid.StreamType, id, b, version)
}

// bescheideSeeden creates the Bescheide of the approved operations with approved measuring
// points (punkte: by operation) and returns how many.
func (l *lauf) bescheideSeeden(ctx context.Context, infos []betriebsInfo, erste []int64, punkte [][]int64) (int, error) {
	var alle []skalaBescheid
	for i := range infos {
		alle = append(alle, bescheideDes(i, infos[i], erste[i], punkte[i])...)
	}
	if len(alle) == 0 {
		return 0, nil
	}
	bescheidIDs, err := ids(ctx, l.store, "bescheid_id_seq", len(alle))
	if err != nil {
		return 0, err
	}
	von := make([]int, len(alle)+1) // the Bescheid's Anforderungen' ids are anfIDs[von[k]:von[k+1]]
	for k, b := range alle {
		von[k+1] = von[k] + bescheidAnzahlAnforderungen(b)
	}
	anfIDs, err := ids(ctx, l.store, "anforderung_id_seq", von[len(alle)])
	if err != nil {
		return 0, err
	}
	err = ausfuehren(ctx, l, "Bescheide", bescheid.Decider, l.bescheidDokument, len(alle), func(k int) plan {
		return l.bescheidPlan(alle[k], bescheidIDs[k], anfIDs[von[k]:von[k+1]], infos[alle[k].betrieb])
	})
	return len(alle), err
}
