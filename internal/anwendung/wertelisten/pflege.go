// Package wertelisten maintains the value lists: it adds, changes and deletes an entry after
// looking up the facts its rules need in the documents (internal/dokumente/wertelisten).
package wertelisten

import (
	"context"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	eintraege "github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
)

// Eingabe is what a client sends for an entry, and what of it the client may change.
type Eingabe struct {
	Wert       string
	Schluessel string // enumerations only (seed)
	Extras     werteliste.Eingabe
	// NurSpalten, when not nil, are the only extra columns the client may change (Aendern;
	// werteliste.Definition.AenderbareSpalten): anything else is refused as not allowed.
	NurSpalten []string
}

// Anlegen adds an entry to a list: it looks up the facts the rules need (other values of the
// list, entries the extra columns may refer to), runs the command and returns the new entry.
func Anlegen(ctx context.Context, s *eventstore.Store, liste string, in Eingabe, md eventstore.Metadata) (eintraege.Eintrag, eventstore.Appended, error) {
	def, ok := werteliste.Nach(liste)
	if !ok {
		return eintraege.Eintrag{}, eventstore.Appended{}, validierung.NichtGefunden
	}
	bestand, err := eintraege.LadeBestand(ctx, s.Pool(), def, 0)
	if err != nil {
		return eintraege.Eintrag{}, eventstore.Appended{}, err
	}
	id, err := eventstore.NextID(ctx, s, "werteliste_id_seq")
	if err != nil {
		return eintraege.Eintrag{}, eventstore.Appended{}, err
	}
	app, err := eventstore.Befehle(s, werteliste.Decider).Handle(ctx, id, eventstore.AnyVersion, werteliste.LegeEintragAn{Liste: liste,
		Wert: in.Wert, Schluessel: in.Schluessel, Extras: in.Extras, Bestand: bestand}, md)
	if err != nil {
		return eintraege.Eintrag{}, app, err
	}
	e, err := eintraege.EintragNach(ctx, s.Pool(), id)
	return e, app, err
}

// Aendern changes an entry of a list. expected is the version the client saw (-1: none);
// a newer entry is refused with eventstore.ErrConflict.
func Aendern(ctx context.Context, s *eventstore.Store, liste string, id int64, expected int, in Eingabe, md eventstore.Metadata) (eintraege.Eintrag, eventstore.Appended, error) {
	alt, err := eintragDerListe(ctx, s, liste, id)
	if err != nil {
		return eintraege.Eintrag{}, eventstore.Appended{}, err
	}
	def, _ := werteliste.Nach(liste)
	bestand, err := eintraege.LadeBestand(ctx, s.Pool(), def, id)
	if err != nil {
		return eintraege.Eintrag{}, eventstore.Appended{}, err
	}
	app, err := eventstore.Befehle(s, werteliste.Decider).Handle(ctx, id, expected, werteliste.AendereEintrag{Wert: in.Wert,
		Extras: in.Extras, Bestand: bestand, NurSpalten: in.NurSpalten}, md)
	if err != nil {
		return alt, app, err
	}
	e, err := eintraege.EintragNach(ctx, s.Pool(), id)
	return e, app, err
}

// Loeschen deletes an entry of a list unless something refers to it
// (werteliste.ErrReferenziert). expected as with Aendern.
func Loeschen(ctx context.Context, s *eventstore.Store, liste string, id int64, expected int, md eventstore.Metadata) (eventstore.Appended, error) {
	alt, err := eintragDerListe(ctx, s, liste, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	von, err := eintraege.Referenziert(ctx, s.Pool(), liste, id, alt.Value)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return eventstore.Befehle(s, werteliste.Decider).Handle(ctx, id, expected, werteliste.LoescheEintrag{Referenziert: len(von) > 0}, md)
}

func eintragDerListe(ctx context.Context, s *eventstore.Store, liste string, id int64) (eintraege.Eintrag, error) {
	e, err := eintraege.EintragNach(ctx, s.Pool(), id)
	if err == nil && e.Liste != liste {
		err = validierung.NichtGefunden
	}
	return e, err
}
