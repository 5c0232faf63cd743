package wertelisten

import (
	"context"
	"slices"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
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
func Anlegen(ctx context.Context, s *eventstore.Store, liste string, in Eingabe, md eventstore.Metadata) (Eintrag, eventstore.Appended, error) {
	def, ok := werteliste.Nach(liste)
	if !ok {
		return Eintrag{}, eventstore.Appended{}, validierung.NichtGefunden
	}
	bestand, err := LadeBestand(ctx, s.Pool(), def, 0)
	if err != nil {
		return Eintrag{}, eventstore.Appended{}, err
	}
	id, err := eventstore.NextID(ctx, s, "werteliste_id_seq")
	if err != nil {
		return Eintrag{}, eventstore.Appended{}, err
	}
	app, err := eventstore.Befehle(s, werteliste.Decider).Handle(ctx, id, eventstore.AnyVersion, werteliste.LegeEintragAn{Liste: liste,
		Wert: in.Wert, Schluessel: in.Schluessel, Extras: in.Extras, Bestand: bestand}, md)
	if err != nil {
		return Eintrag{}, app, err
	}
	e, err := EintragNach(ctx, s.Pool(), id)
	return e, app, err
}

// Aendern changes an entry of a list. expected is the version the client saw (-1: none);
// a newer entry is refused with eventstore.ErrConflict.
func Aendern(ctx context.Context, s *eventstore.Store, liste string, id int64, expected int, in Eingabe, md eventstore.Metadata) (Eintrag, eventstore.Appended, error) {
	alt, err := eintragDerListe(ctx, s, liste, id)
	if err != nil {
		return Eintrag{}, eventstore.Appended{}, err
	}
	def, _ := werteliste.Nach(liste)
	bestand, err := LadeBestand(ctx, s.Pool(), def, id)
	if err != nil {
		return Eintrag{}, eventstore.Appended{}, err
	}
	app, err := eventstore.Befehle(s, werteliste.Decider).Handle(ctx, id, expected, werteliste.AendereEintrag{Wert: in.Wert,
		Extras: in.Extras, Bestand: bestand, NurSpalten: in.NurSpalten}, md)
	if err != nil {
		return alt, app, err
	}
	e, err := EintragNach(ctx, s.Pool(), id)
	return e, app, err
}

// Loeschen deletes an entry of a list unless something refers to it
// (werteliste.ErrReferenziert). expected as with Aendern.
func Loeschen(ctx context.Context, s *eventstore.Store, liste string, id int64, expected int, md eventstore.Metadata) (eventstore.Appended, error) {
	alt, err := eintragDerListe(ctx, s, liste, id)
	if err != nil {
		return eventstore.Appended{}, err
	}
	von, err := Referenziert(ctx, s.Pool(), liste, id, alt.Value)
	if err != nil {
		return eventstore.Appended{}, err
	}
	return eventstore.Befehle(s, werteliste.Decider).Handle(ctx, id, expected, werteliste.LoescheEintrag{Referenziert: len(von) > 0}, md)
}

func eintragDerListe(ctx context.Context, s *eventstore.Store, liste string, id int64) (Eintrag, error) {
	e, err := EintragNach(ctx, s.Pool(), id)
	if err == nil && e.Liste != liste {
		err = validierung.NichtGefunden
	}
	return e, err
}

// LadeBestand looks up the facts a command on an entry of def is checked against: the
// values and identifiers of the list's other entries (all but ohne) and the ids of the
// entries of every list its extra columns refer to.
func LadeBestand(ctx context.Context, q eventstore.Querier, def werteliste.Definition, ohne int64) (werteliste.Bestand, error) {
	b := werteliste.Bestand{Eintraege: map[string][]int64{}}
	listen := []string{def.Name}
	for _, x := range def.Extras {
		if x.Liste != "" && !slices.Contains(listen, x.Liste) {
			listen = append(listen, x.Liste)
		}
	}
	rows, err := q.Query(ctx, `SELECT id, liste, wert, COALESCE(schluessel, '') FROM werteliste_eintrag WHERE liste = ANY($1)`, listen)
	if err != nil {
		return b, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var liste, wert, schluessel string
		if err := rows.Scan(&id, &liste, &wert, &schluessel); err != nil {
			return b, err
		}
		b.Eintraege[liste] = append(b.Eintraege[liste], id)
		if liste == def.Name && id != ohne {
			b.Werte = append(b.Werte, wert)
			if schluessel != "" {
				b.Schluessel = append(b.Schluessel, schluessel)
			}
		}
	}
	return b, rows.Err()
}
