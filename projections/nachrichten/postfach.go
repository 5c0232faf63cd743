package nachrichten

import (
	"github.com/eabwasser/eabwasser/domain/postfach"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections/bereich"
)

// Postfach is what users do with their messages: read and delete them (the read model's own
// stream, registered by the messages' Setup).
var Postfach = Bereich{StreamType: postfach.StreamType, Behandelt: bereich.Arten(postfach.NachrichtGelesen{}, postfach.NachrichtGeloescht{}),
	lesen: dekodiert(postfach.Decode), anwenden: func(st *lauf, _ eventstore.Event, id int64, v any) error {
		st.postfachEreignis(id, v)
		return nil
	}}

func (st *lauf) postfachEreignis(empfaenger int64, v any) {
	switch v := v.(type) {
	case postfach.NachrichtGelesen:
		if d := st.nachQuelle[v.Quelle]; d != nil {
			d.gelesen = setzen(d.gelesen, empfaenger)
			return
		}
		st.gelesenQuelle, st.gelesenAn = append(st.gelesenQuelle, v.Quelle), append(st.gelesenAn, empfaenger)
	case postfach.NachrichtGeloescht:
		if d := st.nachQuelle[v.Quelle]; d != nil {
			d.geloescht = setzen(d.geloescht, empfaenger)
			return
		}
		st.geloeschtQuelle, st.geloeschtAn = append(st.geloeschtQuelle, v.Quelle), append(st.geloeschtAn, empfaenger)
	}
}

func setzen(m map[int64]bool, id int64) map[int64]bool {
	if m == nil {
		m = map[int64]bool{}
	}
	m[id] = true
	return m
}
