package anlage

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
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/aufbau"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	anlagen "github.com/eabwasser/eabwasser/internal/dokumente/anlage"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
	"github.com/eabwasser/eabwasser/internal/zugriff"
	"github.com/eabwasser/eabwasser/projections/arbeitsliste"
	"github.com/eabwasser/eabwasser/projections/audit"
)

// Setup wires the plant area: the plant's document (written in each command's transaction
// and the state its commands start from); its reaction to a plant that others discharge into
// leaving operation (they are re-pointed or shut down with it); its reactions to the operation (a shut-down shuts
// the plants down, an operator change that does not keep the old operator replaces him as
// obligee by the new operator) and to organisations (a merge moves the obligees, a delete is refused while plants
// name the organisation); who may see and change a plant's files and reminders, and how every
// list sees what hangs on one; the value-list entries plants refer to; the phrases of its
// events.
func Setup(a *aufbau.Aufbau) {
	s := a.Store
	eventstore.Dokument(s, anlage.Decider, anlagen.Schreibe)
	eventstore.Stand(s, anlage.Decider, anlagen.Stand)
	d := &Dienst{Store: s}
	aufbau.Biete(a, d) // the one instance the router and the tools use
	s.Reagiere(betrieb.StreamType, []string{ereignis.Name[betrieb.BetriebStillgelegt](), ereignis.Name[betrieb.BetreiberGewechselt]()}, d.aufBetrieb)
	s.Reagiere(organisation.StreamType, organisation.ZusammenfuehrungUndLoeschung, d.aufOrganisation)
	s.Reagiere(anlage.StreamType, []string{ereignis.Name[anlage.AnlageAusserBetrieb]()}, d.aufAusserBetrieb)
	a.Ablage.Fuer(datei.Anlage, d.Zugriff)
	a.Typen.Fuer(datei.Anlage, anlagen.Typ) // a relief plant's reminders are of kind ENTLASTUNG
	zugriff.RegistriereObjektart(datei.Anlage, anlagen.Objektart)
	wertelisten.RegistriereReferenz(anlagen.Referenzen...)
	audit.Phrasen(anlage.Phrasen)
	verlauf.Registriere(anlage.StreamType, verlaufAnlage, anlage.Feldnamen)
	a.Arbeitsliste(arbeitsliste.AnlageBereich)
	a.Nachrichten(nachrichten.Anlage)
	a.Aufgaben(aufgaben.Anlage)
}

// aufBetrieb: the operation's shut-down shuts its plants down on the same day; an operator
// change that does not keep the old operator replaces him as obligee of the operation's plants
// by the new operator, in the change's transaction.
func (d *Dienst) aufBetrieb(ctx context.Context, tx pgx.Tx, e eventstore.Event) error {
	betriebID, err := eventstore.AggregatID(e.StreamID)
	if err != nil {
		return err
	}
	var cmd anlage.Befehl
	switch e.Type {
	case betrieb.BetriebStillgelegt{}.EventType():
		de, err := betrieb.Decode(e.Type, e.Data)
		if err != nil {
			return err
		}
		return d.mitBetriebStill(ctx, tx, betriebID, de.(betrieb.BetriebStillgelegt), e)
	case betrieb.BetreiberGewechselt{}.EventType():
		de, err := betrieb.Decode(e.Type, e.Data)
		if err != nil {
			return err
		}
		w := de.(betrieb.BetreiberGewechselt)
		if w.Behalten {
			return nil
		}
		// the old operator leaves the plants' obligees and the new one takes his place, so a plant
		// he was the only obligee of stays valid and can be saved (issue 42)
		cmd = anlage.ErsetzePflichtigen{AltID: w.AltID, NeuID: w.NeuID}
	default:
		return nil
	}
	ids, err := anlagen.DesBetriebs(ctx, tx, betriebID)
	if err != nil {
		return err
	}
	return d.anAlle(ctx, tx, ids, cmd, e)
}

// aufOrganisation: a merged organisation's plants name the destination as obligee instead; an
// organisation that plants name as obligee cannot be deleted.
func (d *Dienst) aufOrganisation(ctx context.Context, tx pgx.Tx, e eventstore.Event) error {
	quelle, err := eventstore.AggregatID(e.StreamID)
	if err != nil {
		return err
	}
	switch e.Type {
	case organisation.OrganisationZusammengefuehrt{}.EventType():
		de, err := organisation.Decode(e.Type, e.Data)
		if err != nil {
			return err
		}
		ids, err := anlagen.MitPflichtigem(ctx, tx, quelle)
		if err != nil {
			return err
		}
		return d.anAlle(ctx, tx, ids, anlage.ErsetzePflichtigen{AltID: quelle, NeuID: de.(organisation.OrganisationZusammengefuehrt).ZielID}, e)
	case organisation.OrganisationGeloescht{}.EventType():
		ids, err := anlagen.MitPflichtigem(ctx, tx, quelle)
		if err == nil && len(ids) > 0 {
			err = validierung.Regel(organisation.MsgReferenziert)
		}
		return err
	}
	return nil
}

// mitBetriebStill shuts the operation's plants down on the day of its shut-down; then the
// plants of other operations that discharge into one of them go to its replacement (the
// operation's municipal treatment plants, v.Ersatz) or leave operation with it — each with its
// own event, in the same transaction.
func (d *Dienst) mitBetriebStill(ctx context.Context, tx pgx.Tx, betriebID int64, v betrieb.BetriebStillgelegt, e eventstore.Event) error {
	ids, err := anlagen.DesBetriebs(ctx, tx, betriebID)
	if err != nil {
		return err
	}
	if err := d.anAlle(ctx, tx, ids, anlage.LegeStill{Datum: v.Datum}, e); err != nil {
		return err
	}
	for _, id := range ids {
		fremde, err := anlagen.Einleiter(ctx, tx, id) // the operation's own are shut down by now
		if err != nil {
			return err
		}
		var cmd anlage.Befehl = anlage.LegeMitAufnahmeStill{Datum: v.Datum, AufnahmeID: id}
		if neu := v.Ersatz[id]; neu != 0 {
			cmd = anlage.ErsetzeAufnahme{AltID: id, NeuID: neu}
		}
		if err := d.anAlle(ctx, tx, fremde, cmd, e); err != nil {
			return err
		}
	}
	return nil
}

// aufAusserBetrieb: the plants in use that discharge into a plant that left operation go to its
// replacement, or leave operation with it — each with its own event, in the same transaction
// (spec 000 §4). One level: a plant shut down with its receiving plant takes none along.
func (d *Dienst) aufAusserBetrieb(ctx context.Context, tx pgx.Tx, e eventstore.Event) error {
	id, err := eventstore.AggregatID(e.StreamID)
	if err != nil {
		return err
	}
	de, err := anlage.Decode(e.Type, e.Data)
	if err != nil {
		return err
	}
	v := de.(anlage.AnlageAusserBetrieb)
	ids, err := anlagen.Einleiter(ctx, tx, id)
	if err != nil {
		return err
	}
	var cmd anlage.Befehl = anlage.LegeMitAufnahmeStill{Datum: v.Datum, AufnahmeID: id}
	if v.Ersatz != 0 {
		cmd = anlage.ErsetzeAufnahme{AltID: id, NeuID: v.Ersatz}
	}
	return d.anAlle(ctx, tx, ids, cmd, e)
}

// anAlle issues cmd to each plant in the triggering command's transaction.
func (d *Dienst) anAlle(ctx context.Context, tx pgx.Tx, ids []int64, cmd anlage.Befehl, e eventstore.Event) error {
	for _, id := range ids {
		if _, err := eventstore.Befehle(d.Store, anlage.Decider).HandleTx(ctx, tx, id, eventstore.VersionUnbekannt, cmd, eventstore.Folge(e)); err != nil {
			return fmt.Errorf("Anlage %s: %w", strconv.FormatInt(id, 10), err)
		}
	}
	return nil
}
