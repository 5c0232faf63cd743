package jahresbericht

import (
	"cmp"
	"context"
	"encoding/json"
	"math"
	"slices"

	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/laden"
	bescheide "github.com/eabwasser/eabwasser/internal/dokumente/bescheid"
	berichte "github.com/eabwasser/eabwasser/internal/dokumente/jahresbericht"
	messstellen "github.com/eabwasser/eabwasser/internal/dokumente/messstelle"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
)

// MsgVorlageUnbekannt: the template id names no entry of the value list of templates.
const MsgVorlageUnbekannt = "Unbekannte Vorlage."

// ParameterZeile is a parameter of a report in its lists (spec 001 §2.9, §3.5): its fields, the
// number, status, template and mean of its values (not the values), the parameter's name of
// the value list, and whether the caller may change or delete it (a supplementary one in the
// creator's role).
type ParameterZeile struct {
	jahresbericht.Parameter
	ParameterName string `json:"parameterName"`
	Aenderbar     bool   `json:"aenderbar"`
}

func parameterZeilen(r jahresbericht.Rolle, j jahresbericht.Jahresbericht, namen map[string]string) []ParameterZeile {
	out := make([]ParameterZeile, 0, len(j.Parameter))
	for _, p := range j.Parameter {
		p.Messwerte = nil
		out = append(out, ParameterZeile{Parameter: p, ParameterName: namen[p.ParameterNr], Aenderbar: jahresbericht.Ergaenzbar(j.Status, p, r)})
	}
	return out
}

// parameterNamen are the names of the parameters of the value list anforderungsparameter by
// number (extras parameterNr, parameterName).
func (d *Dienst) parameterNamen(ctx context.Context) (map[string]string, error) {
	namen, _, err := d.parameterliste(ctx)
	return namen, err
}

// parameterliste reads the value list anforderungsparameter: the names by number and what it
// says for § 6 AbwV (significant digits, mark).
func (d *Dienst) parameterliste(ctx context.Context) (map[string]string, map[string]jahresbericht.Parameterregel, error) {
	es, err := wertelisten.Eintraege(ctx, d.Store.Pool(), "anforderungsparameter")
	namen, regeln := map[string]string{}, map[string]jahresbericht.Parameterregel{}
	for _, e := range es {
		var x struct {
			ParameterNr   string `json:"parameterNr"`
			ParameterName string `json:"parameterName"`
		}
		if len(e.Extras) > 0 && json.Unmarshal(e.Extras, &x) == nil && x.ParameterNr != "" {
			namen[x.ParameterNr] = x.ParameterName
		}
		if nr, r, ok := jahresbericht.ParameterregelAus(e.Extras); ok {
			regeln[nr] = r
		}
	}
	return namen, regeln, err
}

// ParameterListen are the parameters of a report at one measuring point: the two tables of the
// parameter page (spec 001 §2.9).
type ParameterListen struct {
	Selbstueberwachungsauflagen []ParameterZeile `json:"selbstueberwachungsauflagen"`
	ErgaenzendeParameter        []ParameterZeile `json:"ergaenzendeParameter"`
}

// Parameter lists the parameters of report id at measuring point mid
// (GET /jahresbericht/{id}/messstelle/{mid}/parameter-messwert).
func (d *Dienst) Parameter(ctx context.Context, n Nutzer, id, mid int64) (ParameterListen, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return ParameterListen{}, err
	}
	namen, err := d.parameterNamen(ctx)
	if err != nil {
		return ParameterListen{}, err
	}
	out := ParameterListen{Selbstueberwachungsauflagen: []ParameterZeile{}, ErgaenzendeParameter: []ParameterZeile{}}
	for _, z := range parameterZeilen(rolle(g.Nutzer, g.b), g.k.J, namen) {
		switch {
		case z.Messstelle != mid:
		case z.Art == jahresbericht.Selbstueberwachungsauflage:
			out.Selbstueberwachungsauflagen = append(out.Selbstueberwachungsauflagen, z)
		default:
			out.ErgaenzendeParameter = append(out.ErgaenzendeParameter, z)
		}
	}
	return out, nil
}

// Messreihe is one parameter of a report with its values as the entry grid shows them (dates
// as entered, by the template's format), its template, the evaluation of its values against
// the Anforderungen, and the report's status, version and rights.
type Messreihe struct {
	Jahresbericht int64  `json:"jahresbericht"`
	Version       int    `json:"version"`
	Status        string `json:"jahresberichtStatus"`
	Jahr          int    `json:"jahr"`
	ParameterZeile
	Messwerte  []jahresbericht.Messwert `json:"messwerte"`
	Vorlage    *jahresbericht.Vorlage   `json:"vorlage"`
	Auswertung jahresbericht.Auswertung `json:"auswertung"`
	Rechte     Rechte                   `json:"rechte"`
}

// parameterDes loads report id the caller sees and its parameter pid (at measuring point mid
// when mid is not 0); any other is 404.
func (d *Dienst) parameterDes(ctx context.Context, n Nutzer, id, mid, pid int64, auch ...laden.Lesen) (geladen, jahresbericht.Parameter, error) {
	g, err := d.sichtbar(ctx, n, id, auch...)
	if err != nil {
		return g, jahresbericht.Parameter{}, err
	}
	p, ok := g.k.J.ParameterMit(pid)
	if !ok || (mid != 0 && p.Messstelle != mid) {
		return g, p, validierung.NichtGefunden
	}
	return g, p, nil
}

// Messwerte reads parameter pid of report id at measuring point mid with its values
// (GET /jahresbericht/{berichtid}/messstelle/{messstellenid}/parameter-messwert/{parameterid}).
func (d *Dienst) Messwerte(ctx context.Context, n Nutzer, id, mid, pid int64) (Messreihe, error) {
	g, p, err := d.parameterDes(ctx, n, id, mid, pid)
	if err != nil {
		return Messreihe{}, err
	}
	q := d.Store.Pool()
	if p.Messwerte, err = berichte.Messwerte(ctx, q, pid); err != nil {
		return Messreihe{}, err
	}
	namen, regeln, err := d.parameterliste(ctx)
	if err != nil {
		return Messreihe{}, err
	}
	r := rolle(g.Nutzer, g.b)
	out := Messreihe{Jahresbericht: id, Version: g.k.Version, Status: g.k.J.Status, Jahr: g.k.J.Jahr,
		ParameterZeile: ParameterZeile{Parameter: p, ParameterName: namen[p.ParameterNr], Aenderbar: jahresbericht.Ergaenzbar(g.k.J.Status, p, r)},
		Messwerte:      make([]jahresbericht.Messwert, len(p.Messwerte)), Rechte: rechte(g.Nutzer, g.b, g.k.J)}
	out.ParameterZeile.Messwerte = nil
	for i, m := range p.Messwerte {
		m.Datum = jahresbericht.DatumAnzeige(m.Datum)
		out.Messwerte[i] = m
	}
	if p.VorlageID != 0 {
		v, err := d.vorlage(ctx, p.VorlageID)
		if err != nil {
			return out, err
		}
		out.Vorlage = &v
	}
	// the limits valid from three years before the report year on (the 4-of-5 windows of the
	// year's first results reach back), and the results of those years (BewerteNachAbwV)
	as, err := bescheide.Anforderungen(ctx, q, g.a.BetriebID, []int64{p.Messstelle}, "", jahresbericht.VorwerteAb(g.k.J.Jahr), g.k.J.Bis)
	if err != nil {
		return out, err
	}
	// the values of a parameter's TOC or TNb (§ 6 Abs. 3, 3a AbwV) are read as its own: those of
	// the report and of the three years before
	var fehler error
	werte := func(x jahresbericht.Parameter) []jahresbericht.Messwert {
		vor, err := berichte.Vorwerte(ctx, q, g.k.J.AnlageID, g.k.J.Jahr, x)
		if x.ParameterID == p.ParameterID || err != nil {
			fehler = cmp.Or(fehler, err)
			return vor
		}
		jetzt, err := berichte.Messwerte(ctx, q, x.ParameterID)
		fehler = cmp.Or(fehler, err)
		return append(vor, jetzt...)
	}
	vorwerte := werte(p)
	regel := jahresbericht.RegelnFuer(p, g.k.J.Parameter, regeln, werte)
	if fehler != nil {
		return out, fehler
	}
	out.Auswertung = jahresbericht.BewerteNachAbwV(vorwerte, p.Messwerte, jahresbericht.GrenzwerteAus(p, as), regel)
	return out, nil
}

// vorlage reads template id of the value list selbstueberwachungVorlage.
func (d *Dienst) vorlage(ctx context.Context, id int64) (jahresbericht.Vorlage, error) {
	return vorlageAus(ctx, d.Store.Pool(), id)
}

// vorlageAus is vorlage read through q.
func vorlageAus(ctx context.Context, q eventstore.Querier, id int64) (jahresbericht.Vorlage, error) {
	e, err := wertelisten.EintragNach(ctx, q, id)
	if err != nil || e.Liste != "selbstueberwachungVorlage" {
		return jahresbericht.Vorlage{}, validierung.Feld("vorlageMesswerteId", MsgVorlageUnbekannt)
	}
	return jahresbericht.VorlageAus(e.ID, e.Value, e.Extras)
}

// MesswertFormular is a save of one parameter's values (PUT
// /jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}): the report's version the page
// was loaded with, the number of rows, the value status, the template and the rows as entered.
type MesswertFormular struct {
	Version            int                      `json:"version"`
	AnzahlWerte        int                      `json:"anzahlWerte"`
	Status             string                   `json:"status"`
	VorlageMesswerteID int64                    `json:"vorlageMesswerteId"`
	Messwerte          []jahresbericht.Messwert `json:"messwerte"`
}

// SpeichereMesswerte saves the values of parameter pid of report id at measuring point mid:
// one command, one event for every row (none when nothing changed).
func (d *Dienst) SpeichereMesswerte(ctx context.Context, n Nutzer, id, mid, pid int64, f MesswertFormular, md eventstore.Metadata) (eventstore.Appended, error) {
	var v jahresbericht.Vorlage
	var vorlageFehler error
	var auch []laden.Lesen
	if f.VorlageMesswerteID != 0 { // read with the report's plant and operation, checked in turn
		auch = append(auch, func(q eventstore.Querier) error {
			v, vorlageFehler = vorlageAus(ctx, q, f.VorlageMesswerteID)
			return nil
		})
	}
	g, _, err := d.parameterDes(ctx, n, id, mid, pid, auch...)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if err := laden.Version(f.Version); err != nil {
		return eventstore.Appended{}, err
	}
	cmd := jahresbericht.SpeichereMesswerte{ParameterID: pid, AnzahlWerte: f.AnzahlWerte, Status: f.Status,
		Messwerte: f.Messwerte, Rolle: rolle(g.Nutzer, g.b)}
	if f.VorlageMesswerteID != 0 {
		if vorlageFehler != nil {
			return eventstore.Appended{}, vorlageFehler
		}
		cmd.Vorlage = &v
	}
	return d.entscheide(ctx, g, f.Version, cmd, md)
}

// ParameterFormular is a supplementary parameter of a report as POST and PUT /anforderung send
// it (the report named by jahresbericht, the valid-from date as gueltigAb, spec 001 §3.3).
type ParameterFormular struct {
	Jahresbericht int64 `json:"jahresbericht"`
	Version       int   `json:"version"`
	jahresbericht.Parameter
}

// LegeParameterAn adds a supplementary parameter to a report (POST /anforderung with
// jahresbericht); its id comes from the Anforderungen's sequence.
func (d *Dienst) LegeParameterAn(ctx context.Context, n Nutzer, f ParameterFormular, md eventstore.Metadata) (int64, eventstore.Appended, error) {
	g, err := d.sichtbar(ctx, n, f.Jahresbericht)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	if err := laden.Version(f.Version); err != nil {
		return 0, eventstore.Appended{}, err
	}
	ms, err := d.messstellenImJahr(ctx, g.k.J.AnlageID, g.k.J.Jahr)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	p := f.Parameter
	p.ParameterID = math.MaxInt64 // checked with a stand-in, the id drawn once the form is valid
	cmd := jahresbericht.LegeParameterAn{Parameter: p, Pruefung: jahresbericht.Pruefung{Messstellen: ms},
		Rolle: rolle(g.Nutzer, g.b), Konto: g.Nutzer.AnwenderID}
	if _, err := jahresbericht.Decide(g.k.J, cmd); err != nil {
		return 0, eventstore.Appended{}, err
	}
	pid, err := eventstore.NextID(ctx, d.Store, "anforderung_id_seq")
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	cmd.Parameter.ParameterID = pid
	out, err := d.entscheide(ctx, g, f.Version, cmd, md)
	return pid, out, err
}

// berichtDesParameters loads the report of parameter pid the caller sees.
func (d *Dienst) berichtDesParameters(ctx context.Context, n Nutzer, pid int64) (geladen, error) {
	id, err := berichte.ZumParameter(ctx, d.Store.Pool(), pid)
	if err != nil {
		return geladen{}, err
	}
	if id == 0 {
		return geladen{}, validierung.NichtGefunden
	}
	return d.sichtbar(ctx, n, id)
}

// IstParameter reports whether id is a parameter of a report (DELETE /anforderung/{id} names
// a Bescheid's Anforderung or a report's parameter).
func (d *Dienst) IstParameter(ctx context.Context, id int64) (bool, error) {
	b, err := berichte.ZumParameter(ctx, d.Store.Pool(), id)
	return b != 0, err
}

// AendereParameter changes a supplementary parameter (PUT /anforderung with jahresbericht).
func (d *Dienst) AendereParameter(ctx context.Context, n Nutzer, f ParameterFormular, md eventstore.Metadata) (eventstore.Appended, error) {
	g, err := d.berichtDesParameters(ctx, n, f.ParameterID)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if f.Jahresbericht != g.k.ID {
		return eventstore.Appended{}, validierung.NichtGefunden
	}
	if err := laden.Version(f.Version); err != nil {
		return eventstore.Appended{}, err
	}
	ms, err := d.messstellenImJahr(ctx, g.k.J.AnlageID, g.k.J.Jahr)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, g, f.Version,
		jahresbericht.AendereParameter{Parameter: f.Parameter, Pruefung: jahresbericht.Pruefung{Messstellen: ms}, Rolle: rolle(g.Nutzer, g.b)}, md)
}

// LoescheParameter deletes a supplementary parameter with its values (DELETE /anforderung/{id}).
func (d *Dienst) LoescheParameter(ctx context.Context, n Nutzer, pid int64, version int, md eventstore.Metadata) (int64, eventstore.Appended, error) {
	g, err := d.berichtDesParameters(ctx, n, pid)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	if err := laden.Version(version); err != nil {
		return 0, eventstore.Appended{}, err
	}
	out, err := d.entscheide(ctx, g, version,
		jahresbericht.LoescheParameter{ParameterID: pid, Rolle: rolle(g.Nutzer, g.b)}, md)
	return g.k.ID, out, err
}

// MesswertZeile is a parameter of a report in the Messwerte tab of an operation (spec 001
// §2.6: Jahr, Abwasseranlage, Messstelle, Status, Parameter, Parameterart, Statistik,
// Probenahmeart, Wert, Einheit).
type MesswertZeile struct {
	Jahresbericht  int64   `json:"jahresbericht"`
	Jahr           int     `json:"jahr"`
	Abwasseranlage Verweis `json:"abwasseranlage"`
	// the measuring point's number and name (the Messwerte tab's column Messstelle)
	MessstellenNr         string `json:"messstellenNr"`
	MessstelleBezeichnung string `json:"messstelleBezeichnung"`
	ParameterZeile
}

// MesswerteDesBetriebs lists the parameters of every report of operation betriebID with the
// count, status and mean of their values (GET /jahresbericht/betrieb/{id}/parameter-messwert),
// by plant, year (the newest first) and measuring point.
func (d *Dienst) MesswerteDesBetriebs(ctx context.Context, n Nutzer, betriebID int64) ([]MesswertZeile, error) {
	n, b, ks, _, err := d.desBetriebs(ctx, n, betriebID, 0)
	if err != nil {
		return nil, err
	}
	namen, err := d.parameterNamen(ctx)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, k := range ks {
		for _, p := range k.J.Parameter {
			ids = append(ids, p.Messstelle)
		}
	}
	punkte, err := messstellen.Kandidaten(ctx, d.Store.Pool(), ids)
	if err != nil {
		return nil, err
	}
	messstelle := map[int64]messstellen.Kandidat{}
	for _, m := range punkte {
		messstelle[m.ID] = m
	}
	r := rolle(n, b)
	out := []MesswertZeile{}
	for _, k := range ks {
		zeilen := parameterZeilen(r, k.J, namen)
		slices.SortStableFunc(zeilen, func(a, b ParameterZeile) int { return cmp.Compare(a.Messstelle, b.Messstelle) })
		for _, p := range zeilen {
			m := messstelle[p.Messstelle]
			out = append(out, MesswertZeile{Jahresbericht: k.ID, Jahr: k.J.Jahr,
				Abwasseranlage: Verweis{ID: k.J.AnlageID, Bezeichnung: k.J.AnlageBezeichnung}, MessstellenNr: m.MessstellenID,
				MessstelleBezeichnung: m.Bezeichnung, ParameterZeile: p})
		}
	}
	return out, nil
}
