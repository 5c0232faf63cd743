package arbeitsliste

import (
	"context"
	"encoding/json"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/projections"
)

// The worklists keep a copy of every organisation's name: an operation's row shows its
// operator's (betrieb.go), and a rebuild depends on nothing but the events.

// OrganisationBereich is the organisations' part of the worklists.
var OrganisationBereich = bereich(Bereich{
	Name: "organisation", Streamtyp: organisation.StreamType, rang: 1,
	schema: `
CREATE TABLE organisation (id bigint PRIMARY KEY, bezeichnung text NOT NULL);
`,
	leser: domaenenLeser(organisation.Decode, organisation.OrganisationAngelegt{}, organisation.OrganisationGeaendert{},
		organisation.OrganisationGeloescht{}),
	// a merge changes no name: the operations move by their own BetreiberUmgezogen
	Ignoriert: []string{ereignis.Name[organisation.OrganisationZusammengefuehrt]()},
	vormerken: func(e gelesen, ids *vorgemerkt) { ids.id("organisation", e.id) },
	laden: func(st *stapel, ctx context.Context, s *projections.Stapel, _ []gelesen, ids *vorgemerkt) error {
		return st.organisations.Laden(ctx, s, ids.ids["organisation"])
	},
	ereignis:  (*stapel).organisationEreignis,
	schreiben: func(st *stapel, w *projections.Schreiben) { st.organisations.Schreiben(w) },
})

// domaenenLeser read the event types of arten with the domain's decoder: the organisations'
// and value lists' events are few and small.
func domaenenLeser(decode func(string, json.RawMessage) (ereignis.DomainEvent, error), arten ...ereignis.DomainEvent) map[string]func([]byte) (any, error) {
	leser := make(map[string]func([]byte) (any, error), len(arten))
	for _, a := range arten {
		art := a.EventType()
		leser[art] = func(d []byte) (any, error) { return decode(art, d) }
	}
	return leser
}

type organisationZeile struct {
	ID          int64
	Bezeichnung string
}

var organisationTabelle = projections.Tabelle[organisationZeile]{
	Name:    "organisation",
	Spalten: []string{"id", "bezeichnung"},
	Felder:  func(o *organisationZeile) []any { return []any{&o.ID, &o.Bezeichnung} },
}

// organisationEreignis keeps the copy of an organisation's name. A new name goes to the
// operations it runs at that moment; a deleted organisation leaves its name in their rows
// (it runs none: only an unreferenced one can be deleted).
func (st *stapel) organisationEreignis(i int, e gelesen) {
	var name string
	switch v := e.v.(type) {
	case organisation.OrganisationAngelegt:
		name = v.Bezeichnung
	case organisation.OrganisationGeaendert:
		name = v.Bezeichnung
	case organisation.OrganisationGeloescht:
		st.organisations.Loeschen(e.id)
		return
	default:
		return
	}
	if o := st.organisations.Aendern(e.id); o != nil {
		o.Bezeichnung = name
	} else {
		st.organisations.Neu(e.id, organisationZeile{ID: e.id, Bezeichnung: name})
	}
	st.betreiber[e.id] = text{nach: i, wert: name}
}
