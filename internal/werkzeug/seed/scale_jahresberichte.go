package seed

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/eventstore"
)

// --- annual reports ------------------------------------------------------------------------

// JahresberichtJeBetriebe: every this many approved operations whose first plant is a treatment
// plant with released Selbstüberwachungsauflagen keeps annual reports in the scale seed (their
// values are most of a report's bytes: all of them would put gigabytes of weekly values into
// the events at scale 20).
const JahresberichtJeBetriebe = 10

// skalaVorlage is the template the scale seed's values are entered with (weekly samples with a
// time, at most 52 rows).
const skalaVorlage = "Stichproben mit Uhrzeit"

// skalaBericht is a report of the scale seed: the operation (index), its treatment plant, the
// year and the Selbstüberwachungsauflagen valid in it.
type skalaBericht struct {
	betrieb  int
	anlageID int64
	anlage   string
	jahr     int
	auflagen []bescheid.Anforderung
}

// berichtPlan is the life of one report: created by the operator with the year's
// Selbstüberwachungsauflagen, weekly values for each (a few above what their level usually
// is), then — for the year before last — submitted and plausibilised by the staff, for last
// year submitted for most and still in work for some. Created in January of its year (or two
// weeks after the Bescheid that set its last Auflage was released), its values entered in
// January and February of the year after, submitted in March, plausibilised in April or May;
// what would lie on or after Heute happened on the last working day before it.
func (l *lauf) berichtPlan(b skalaBericht, id int64, pids []int64, vorlage jahresbericht.Vorlage, info betriebsInfo, vorletztes bool) plan {
	r := zufall(artJahresbericht, b.betrieb<<2+b.jahr%4)
	konto, _ := strconv.ParseInt(info.betreiber.ActorID, 10, 64)
	staff, _ := strconv.ParseInt(info.staff.ActorID, 10, 64)
	bearbeiter := jahresbericht.Rolle{Bearbeiter: true, Funktion: "BETREIBER"}
	pruefer := jahresbericht.Rolle{Pruefer: true, Funktion: "ZUST_SBS"}
	cmd := jahresbericht.LegeAn{AnlageID: b.anlageID, AnlageBezeichnung: b.anlage, Jahr: b.jahr, Rolle: bearbeiter, Konto: konto,
		Daten: jahresbericht.Daten{Bemerkung: "Eigenkontrolle " + strconv.Itoa(b.jahr)}}
	for k, a := range b.auflagen {
		p := jahresbericht.AusAnforderung(a)
		p.ParameterID = pids[k]
		cmd.Parameter = append(cmd.Parameter, p)
		cmd.Pruefung.Messstellen = append(cmd.Pruefung.Messstellen, a.Messstelle)
	}
	p := plan{id: id}
	rz := zeitzufall(artJahresbericht, b.betrieb<<2+b.jahr%4)
	angelegt := time.Date(b.jahr, time.January, 5+rz.IntN(20), 12, 0, 0, 0, time.UTC)
	for _, a := range b.auflagen {
		if ab, err := time.Parse(historie.Datumsformat, a.GueltigAb); err == nil && ab.AddDate(0, 0, 15).After(angelegt) {
			angelegt = tagNach(ab, 15) // released two weeks after its date (bescheidPlan)
		}
	}
	werteVon, werteBis := time.Date(b.jahr+1, time.January, 8, 12, 0, 0, 0, time.UTC), time.Date(b.jahr+1, time.February, 27, 12, 0, 0, 0, time.UTC)
	if werteVon.Before(angelegt) {
		werteVon = tagNach(angelegt, 1)
	}
	tage := max(0, int(werteBis.Sub(werteVon).Hours()/24))
	am := angelegt
	add := func(md eventstore.Metadata, c jahresbericht.Befehl) {
		p.schritte = append(p.schritte, schritt{befehl: c, md: md, am: l.um(am, 1<<27+b.betrieb<<2+b.jahr%4, len(p.schritte))})
	}
	add(info.betreiber, cmd)
	for k, par := range cmd.Parameter {
		am = tagNach(werteVon, tage*(k+1)/(len(cmd.Parameter)+1))
		basis := 5 + r.IntN(120)
		zeilen := make([]jahresbericht.Messwert, 52)
		for w := range zeilen {
			tag := 1 + 7*w
			wert := basis/2 + r.IntN(basis)
			if r.IntN(40) == 0 {
				wert = basis * (2 + r.IntN(2)) // now and then far above the usual level
			}
			zeilen[w] = jahresbericht.Messwert{Datum: datumImJahr(b.jahr, tag), Uhrzeit: fmt.Sprintf("%02d:%02d", 7+r.IntN(4), 15*r.IntN(4)),
				Wert: strconv.Itoa(wert) + waehle(r, []string{"", ",5", ",25"})}
		}
		add(info.betreiber, jahresbericht.SpeichereMesswerte{ParameterID: par.ParameterID, AnzahlWerte: len(zeilen),
			Status: jahresbericht.Abgeschlossen, Vorlage: &vorlage, Messwerte: zeilen, Rolle: bearbeiter})
	}
	daten := jahresbericht.Daten{StatusMesswerte: jahresbericht.Abgeschlossen, StatusAQS: jahresbericht.Uebermittelt,
		StatusExterne: jahresbericht.Entfaellt, Durchflusspruefung: jahresbericht.Abgeschlossen, Bemerkung: cmd.Daten.Bemerkung}
	if !vorletztes && r.IntN(100) < 25 {
		return p // last year's, still in work
	}
	am = time.Date(b.jahr+1, time.March, 10+rz.IntN(19), 12, 0, 0, 0, time.UTC)
	add(info.betreiber, jahresbericht.ReicheEin{Daten: daten, Rolle: bearbeiter, Konto: konto})
	if vorletztes {
		am = time.Date(b.jahr+1, time.April, 10+rz.IntN(50), 12, 0, 0, 0, time.UTC)
		add(info.staff, jahresbericht.Entscheide{NeuerStatus: jahresbericht.Plausibilisiert, Kommentar: "Plausibel.", Rolle: pruefer, Konto: staff})
	}
	return p
}

// datumImJahr is day tag (1-based) of jahr as the template's rows are entered (TT.MM.JJJJ).
func datumImJahr(jahr, tag int) string {
	return time.Date(jahr, time.January, tag, 0, 0, 0, 0, time.UTC).Format("02.01.2006")
}

// berichtDokument writes a report's document through the writer its area registered, as the
// command path does.
func (l *lauf) berichtDokument(ctx context.Context, tx pgx.Tx, id int64, j jahresbericht.Jahresbericht, version int) error {
	return l.store.SchreibeDokument(ctx, tx, jahresbericht.StreamType, id, j, version)
}

// berichteSeeden creates the annual reports of the year before last and of last year for every
// JahresberichtJeBetriebe-th approved operation whose first plant (erste, of type ersteTyp,
// named ersteName) is a treatment plant with Selbstüberwachungsauflagen of released Bescheide
// valid in the year, and returns how many.
func (l *lauf) berichteSeeden(ctx context.Context, infos []betriebsInfo, erste []int64, ersteTyp, ersteName []string) (int, error) {
	q := l.store.Pool()
	rows, err := q.Query(ctx, `SELECT d.betrieb_id, x.a FROM bescheid d, jsonb_array_elements(d.anforderungen) AS x(a)
		WHERE NOT d.geloescht AND d.bescheidsstatus = $1 AND x.a->>'anforderungArt' = $2
		ORDER BY d.betrieb_id, (x.a->>'anforderungId')::bigint`, bescheid.Freigegeben, bescheid.Selbstueberwachungsauflage)
	if err != nil {
		return 0, err
	}
	auflagen := map[int64][]bescheid.Anforderung{}
	var betriebID int64
	var a bescheid.Anforderung
	if _, err := pgx.ForEachRow(rows, []any{&betriebID, &a}, func() error {
		auflagen[betriebID] = append(auflagen[betriebID], a)
		a = bescheid.Anforderung{}
		return nil
	}); err != nil {
		return 0, err
	}
	var vid int64
	var wert string
	var extras []byte
	if err := q.QueryRow(ctx, `SELECT id, wert, extras FROM werteliste_eintrag WHERE liste = 'selbstueberwachungVorlage' AND wert = $1`,
		skalaVorlage).Scan(&vid, &wert, &extras); err != nil {
		return 0, fmt.Errorf("Vorlage %s: %w", skalaVorlage, err)
	}
	vorlage, err := jahresbericht.VorlageAus(vid, wert, extras)
	if err != nil {
		return 0, err
	}
	heute := l.s.Heute.Year()
	var alle []skalaBericht
	for i, info := range infos {
		if i%JahresberichtJeBetriebe != 0 || !info.freigegeben || erste[i] == 0 || ersteTyp[i] != "ABWASSERBEHANDLUNG" {
			continue
		}
		for _, jahr := range []int{heute - 2, heute - 1} {
			von, bis := jahresbericht.VonBis(jahr)
			b := skalaBericht{betrieb: i, anlageID: erste[i], anlage: ersteName[i], jahr: jahr}
			for _, a := range auflagen[info.id] {
				if a.GueltigAb <= bis && (a.GueltigBis == "" || a.GueltigBis >= von) {
					b.auflagen = append(b.auflagen, a)
				}
			}
			if len(b.auflagen) > 0 {
				alle = append(alle, b)
			}
		}
	}
	if len(alle) == 0 {
		return 0, nil
	}
	berichtIDs, err := ids(ctx, l.store, "jahresbericht_id_seq", len(alle))
	if err != nil {
		return 0, err
	}
	von := make([]int, len(alle)+1) // the report's parameter ids are pids[von[k]:von[k+1]]
	for k, b := range alle {
		von[k+1] = von[k] + len(b.auflagen)
	}
	pids, err := ids(ctx, l.store, "anforderung_id_seq", von[len(alle)])
	if err != nil {
		return 0, err
	}
	err = ausfuehren(ctx, l, "Jahresberichte", jahresbericht.Decider, l.berichtDokument, len(alle), func(k int) plan {
		b := alle[k]
		return l.berichtPlan(b, berichtIDs[k], pids[von[k]:von[k+1]], vorlage, infos[b.betrieb], b.jahr == heute-2)
	})
	return len(alle), err
}
