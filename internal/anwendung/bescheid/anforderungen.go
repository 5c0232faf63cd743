package bescheid

import (
	"context"
	"fmt"
	"slices"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/anwendung/laden"
	bescheide "github.com/eabwasser/eabwasser/internal/dokumente/bescheid"
	messstellen "github.com/eabwasser/eabwasser/internal/dokumente/messstelle"
)

// Kopf is the Bescheid as the Anforderungen screen names it.
type Kopf struct {
	ID                int64  `json:"id"`
	Version           int    `json:"version"`
	Bescheidsstatus   string `json:"bescheidsstatus"`
	Bescheidart       string `json:"bescheidart"`
	Bescheidsdatum    string `json:"bescheidsdatum"`
	BescheidQualitaet string `json:"bescheidQualitaet"`
}

// MessstellenAnsicht is a measuring point of a Bescheid with its Anforderungen.
type MessstellenAnsicht struct {
	Bescheid      Kopf                   `json:"bescheid"`
	Messstelle    messstellen.Kandidat   `json:"messstelle"`
	Anforderungen []bescheid.Anforderung `json:"anforderungen"`
	Rechte        struct {
		Bearbeiten bool `json:"bearbeiten"`
	} `json:"rechte"`
}

func anforderungen(x bescheid.Bescheid, mid int64) []bescheid.Anforderung {
	out := []bescheid.Anforderung{}
	for _, a := range x.Anforderungen {
		if a.Messstelle == mid {
			out = append(out, a)
		}
	}
	return out
}

// Messstelle reads measuring point mid of Bescheid id with its Anforderungen.
func (d *Dienst) Messstelle(ctx context.Context, n Nutzer, id, mid int64) (MessstellenAnsicht, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return MessstellenAnsicht{}, err
	}
	if !slices.Contains(g.Stand.Messstellen, mid) {
		return MessstellenAnsicht{}, validierung.NichtGefunden
	}
	ks, err := messstellen.Kandidaten(ctx, d.Store.Pool(), []int64{mid})
	if err != nil {
		return MessstellenAnsicht{}, err
	}
	if len(ks) == 0 {
		return MessstellenAnsicht{}, validierung.NichtGefunden
	}
	x := g.Stand
	v := MessstellenAnsicht{Bescheid: Kopf{ID: id, Version: g.Version, Bescheidsstatus: x.Status, Bescheidart: x.Daten.Bescheidart,
		Bescheidsdatum: x.Daten.Bescheidsdatum, BescheidQualitaet: x.Daten.BescheidQualitaet}, Messstelle: ks[0],
		Anforderungen: anforderungen(x, mid)}
	v.Rechte.Bearbeiten = bescheid.Bearbeitbar(x.Status, rolle(g.Nutzer, g.b))
	return v, nil
}

// Anforderungen lists the Anforderungen of Bescheid id for measuring point mid (both kinds).
func (d *Dienst) Anforderungen(ctx context.Context, n Nutzer, id, mid int64) ([]bescheid.Anforderung, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(g.Stand.Messstellen, mid) {
		return nil, validierung.NichtGefunden
	}
	return anforderungen(g.Stand, mid), nil
}

// EntferneMessstelle removes measuring point mid and its Anforderungen from Bescheid id.
func (d *Dienst) EntferneMessstelle(ctx context.Context, n Nutzer, id, mid int64, version int, md eventstore.Metadata) (eventstore.Appended, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if err := laden.Version(version); err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, g, version,
		bescheid.EntferneMessstelle{Messstelle: mid, Rolle: rolle(g.Nutzer, g.b)}, md)
}

// neueIDs draws n ids of new Anforderungen.
func (d *Dienst) neueIDs(ctx context.Context, n int) ([]int64, error) {
	return eventstore.NextIDs(ctx, d.Store, "anforderung_id_seq", n)
}

// SetzeAnforderungen replaces the whole set of Anforderungen of measuring point mid of
// Bescheid id (PATCH /bescheid/{id}?messstelle=).
func (d *Dienst) SetzeAnforderungen(ctx context.Context, n Nutzer, id, mid int64, version int, as []bescheid.Anforderung, md eventstore.Metadata) (eventstore.Appended, error) {
	g, err := d.sichtbar(ctx, n, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if err := laden.Version(version); err != nil {
		return eventstore.Appended{}, err
	}
	r := rolle(g.Nutzer, g.b)
	if err := validierung.Anzahl("anforderungen", len(as)); err != nil {
		return eventstore.Appended{}, err
	}
	neu := 0
	for _, a := range as {
		if a.AnforderungID == 0 {
			neu++
		}
	}
	// a refused form draws no ids: decide with placeholders first
	platzhalter := make([]int64, neu)
	for i := range platzhalter {
		platzhalter[i] = -int64(i + 1)
	}
	prefix := func(i int) string { return fmt.Sprintf("anforderungen[%d].", i) }
	cmd := bescheid.SetzeAnforderungen{Messstelle: mid, Anforderungen: as, NeueIDs: platzhalter, Rolle: r}
	if err := auswahl.PruefeListenwerte(ctx, d.Store.Pool(), AnforderungsListenwerte(prefix, as), AnforderungsListenwerte(prefix, g.Stand.Anforderungen)); err != nil {
		return eventstore.Appended{}, validierung.MitDatenfehlern(err, func() error {
			_, err := bescheid.Decide(g.Stand, cmd)
			return err
		})
	}
	if _, err := bescheid.Decide(g.Stand, cmd); err != nil {
		return eventstore.Appended{}, err
	}
	if cmd.NeueIDs, err = d.neueIDs(ctx, neu); err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, g, version, cmd, md)
}

// AnforderungFormular is one Anforderung with its Bescheid and the version the client loaded.
type AnforderungFormular struct {
	Bescheid int64 `json:"bescheid"`
	Version  int   `json:"version"`
	bescheid.Anforderung
}

// LegeAnforderungAn adds one Anforderung to a Bescheid (POST /anforderung).
func (d *Dienst) LegeAnforderungAn(ctx context.Context, n Nutzer, f AnforderungFormular, md eventstore.Metadata) (int64, eventstore.Appended, error) {
	g, err := d.sichtbar(ctx, n, f.Bescheid)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	if err := laden.Version(f.Version); err != nil {
		return 0, eventstore.Appended{}, err
	}
	a := f.Anforderung
	a.AnforderungID = -1
	cmd := bescheid.LegeAnforderungAn{Anforderung: a, Rolle: rolle(g.Nutzer, g.b)}
	prefix := func(int) string { return "" }
	if err := auswahl.PruefeListenwerte(ctx, d.Store.Pool(), AnforderungsListenwerte(prefix, []bescheid.Anforderung{a}), nil); err != nil {
		return 0, eventstore.Appended{}, validierung.MitDatenfehlern(err, func() error {
			_, err := bescheid.Decide(g.Stand, cmd)
			return err
		})
	}
	if _, err := bescheid.Decide(g.Stand, cmd); err != nil {
		return 0, eventstore.Appended{}, err
	}
	ids, err := d.neueIDs(ctx, 1)
	if err != nil {
		return 0, eventstore.Appended{}, err
	}
	cmd.Anforderung.AnforderungID = ids[0]
	out, err := d.entscheide(ctx, g, f.Version, cmd, md)
	return ids[0], out, err
}

// bescheidDerAnforderung loads the Bescheid of Anforderung aid the caller sees.
func (d *Dienst) bescheidDerAnforderung(ctx context.Context, n Nutzer, aid int64) (int64, geladen, error) {
	id, err := bescheide.ZurAnforderung(ctx, d.Store.Pool(), aid)
	if err != nil {
		return 0, geladen{}, err
	}
	if id == 0 {
		return 0, geladen{}, validierung.NichtGefunden
	}
	g, err := d.sichtbar(ctx, n, id)
	return id, g, err
}

// AendereAnforderung changes one Anforderung (PUT /anforderung).
func (d *Dienst) AendereAnforderung(ctx context.Context, n Nutzer, f AnforderungFormular, md eventstore.Metadata) (eventstore.Appended, error) {
	id, g, err := d.bescheidDerAnforderung(ctx, n, f.AnforderungID)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if f.Bescheid != 0 && f.Bescheid != id {
		return eventstore.Appended{}, validierung.NichtGefunden
	}
	if err := laden.Version(f.Version); err != nil {
		return eventstore.Appended{}, err
	}
	prefix := func(int) string { return "" }
	alt, _ := g.Stand.Anforderung(f.AnforderungID)
	return d.handle(ctx, g, f.Version, bescheid.AendereAnforderung{Anforderung: f.Anforderung, Rolle: rolle(g.Nutzer, g.b)},
		AnforderungsListenwerte(prefix, []bescheid.Anforderung{f.Anforderung}), AnforderungsListenwerte(prefix, []bescheid.Anforderung{alt}), md)
}

// LoescheAnforderung deletes one Anforderung (DELETE /anforderung/{id}).
func (d *Dienst) LoescheAnforderung(ctx context.Context, n Nutzer, aid int64, version int, md eventstore.Metadata) (eventstore.Appended, error) {
	_, g, err := d.bescheidDerAnforderung(ctx, n, aid)
	if err != nil {
		return eventstore.Appended{}, err
	}
	if err := laden.Version(version); err != nil {
		return eventstore.Appended{}, err
	}
	return d.entscheide(ctx, g, version,
		bescheid.LoescheAnforderung{AnforderungID: aid, Rolle: rolle(g.Nutzer, g.b)}, md)
}
