package nachrichten

import (
	"encoding/json"

	"github.com/eabwasser/eabwasser/domain/ereignis"
	"github.com/eabwasser/eabwasser/eventstore"
)

// brauche notes that the batch needs the copy of an object.
func (st *lauf) brauche(streamType string, id int64) {
	st.ids[streamType] = append(st.ids[streamType], id)
}

// dekodiert reads an event with its stream's Decode.
func dekodiert(decode func(string, json.RawMessage) (ereignis.DomainEvent, error)) func(eventstore.Event) (any, error) {
	return func(e eventstore.Event) (any, error) { return decode(e.Type, e.Data) }
}
