package messstelle

import (
	"context"
	"fmt"
	"github.com/eabwasser/eabwasser/projections/aufgaben"
	"github.com/eabwasser/eabwasser/projections/nachrichten"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/domain/datei"
	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/messstelle"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	messstellen "github.com/eabwasser/eabwasser/internal/dokumente/messstelle"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/audit"
)

// Setup wires the measuring point area: its document (written in each command's transaction,
// the state its commands start from); its reactions to the shut-down of its operation and of
// its plant (the points follow, in the same transaction); who may see and change its files and
// reminders, and how every list sees what hangs on one; the value-list entries it refers to;
// the phrases of its events and its Verlauf for the Ereignisprotokoll.
func Setup(a *aufbau.Aufbau) {
	s := a.Store
	eventstore.Dokument(s, messstelle.Decider, messstellen.Schreibe)
	eventstore.Stand(s, messstelle.Decider, messstellen.Stand)
	d := &Dienst{Store: s}
	aufbau.Biete(a, d) // the one instance the router and the tools use
	s.Reagiere(betrieb.StreamType, []string{ereignis.Name[betrieb.BetriebStillgelegt]()}, d.aufBetrieb)
	s.ReagiereWenn(anlage.StreamType, []string{ereignis.Name[anlage.AnlageStillgelegt](), ereignis.Name[anlage.AnlageGeaendert]()},
		anlageAusser, d.aufAnlage)
	a.Ablage.Fuer(datei.Messstelle, d.Zugriff)
	zugriff.RegistriereObjektart(datei.Messstelle, messstellen.Objektart)
	wertelisten.RegistriereReferenz(messstellen.Referenzen...)
	audit.Phrasen(messstelle.Phrasen)
	verlauf.Registriere(messstelle.StreamType, verlaufMessstelle, messstelle.Feldnamen)
	a.Arbeitsliste(arbeitsliste.MessstelleBereich)
	a.Nachrichten(nachrichten.Messstelle)
	a.Aufgaben(aufgaben.Messstelle)
}

// aufBetrieb: the operation's shut-down shuts its measuring points down on the same day (those
// of its plants, which its plants' own shut-down has mostly done already: a point already shut
// down is left alone).
func (d *Dienst) aufBetrieb(ctx context.Context, tx pgx.Tx, e eventstore.Event) error {
	betriebID, err := eventstore.AggregatID(e.StreamID)
	if err != nil {
		return err
	}
	de, err := betrieb.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	ids, err := messstellen.DesBetriebs(ctx, tx, betriebID)
	if err != nil {
		return err
	}
	return d.anAlle(ctx, tx, ids, messstelle.LegeStill{Datum: de.(betrieb.BetriebStillgelegt).Datum}, e)
}

// anlageAusser tells the event store which plant events aufAnlage acts on: every shut-down, and
// a save that leaves the plant STILLGELEGT or ANGESCHLOSSEN_AN — an ordinary save of a plant
// in operation needs no reaction, so it is written as one pipeline.
func anlageAusser(data any) bool {
	if v, ok := data.(anlage.AnlageGeaendert); ok {
		return anlage.Ausser(v.Daten.Anlagenstatus)
	}
	return true
}

// aufAnlage: a plant shut down — with its operation (AnlageStillgelegt) or by a save that sets
// it STILLGELEGT or ANGESCHLOSSEN_AN — shuts its measuring points down on the day of its status
// change.
func (d *Dienst) aufAnlage(ctx context.Context, tx pgx.Tx, e eventstore.Event) error {
	anlageID, err := eventstore.AggregatID(e.StreamID)
	if err != nil {
		return err
	}
	de, err := anlage.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	var datum string
	switch v := de.(type) {
	case anlage.AnlageStillgelegt:
		datum = v.Datum
	case anlage.AnlageGeaendert:
		if !anlage.Ausser(v.Daten.Anlagenstatus) {
			return nil
		}
		datum = v.Daten.Statuswechsel
		if datum == "" {
			datum = v.GueltigAb
		}
	default:
		return nil
	}
	if datum == "" {
		datum = e.RecordedAt.In(kalender.Zone).Format("2006-01-02")
	}
	ids, err := messstellen.DerAnlagen(ctx, tx, []int64{anlageID})
	if err != nil {
		return err
	}
	return d.anAlle(ctx, tx, ids, messstelle.LegeStill{Datum: datum}, e)
}

// anAlle issues cmd to each measuring point in the triggering command's transaction.
func (d *Dienst) anAlle(ctx context.Context, tx pgx.Tx, ids []int64, cmd messstelle.Befehl, e eventstore.Event) error {
	for _, id := range ids {
		if _, err := eventstore.Befehle(d.Store, messstelle.Decider).HandleTx(ctx, tx, id, eventstore.VersionUnbekannt, cmd, eventstore.Folge(e)); err != nil {
			return fmt.Errorf("Messstelle %s: %w", strconv.FormatInt(id, 10), err)
		}
	}
	return nil
}
