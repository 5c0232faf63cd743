package eventstore_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/eabwasser/eabwasser/eventstore"
)

// The floor Postgres sets: the same payload as a plain INSERT into a plain table.
func BenchmarkRawInsert(b *testing.B) {
	ctx := context.Background()
	s := newStore(b)
	if _, err := s.Pool().Exec(ctx, `CREATE TABLE raw (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, stream_id text, data jsonb)`); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for i := 0; pb.Next(); i++ {
			if _, err := s.Pool().Exec(ctx, `INSERT INTO raw (stream_id, data) VALUES ($1, $2)`, fmt.Sprint("s-", i%100), `{"bezeichnung":"Kläranlage"}`); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkAppend_SingleEvent(b *testing.B) {
	ctx := context.Background()
	s := newStore(b)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for i := 0; pb.Next(); i++ {
			if _, err := s.Append(ctx, fmt.Sprint("s-", i%100), "bench", eventstore.AnyVersion,
				[]eventstore.NewEvent{{Type: "Geaendert", Data: map[string]string{"bezeichnung": "Kläranlage"}}}, eventstore.Metadata{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkAppend_Batch100(b *testing.B) {
	ctx := context.Background()
	s := newStore(b)
	batch := make([]eventstore.NewEvent, 100)
	for i := range batch {
		batch[i] = eventstore.NewEvent{Type: "Geaendert", Data: map[string]string{"bezeichnung": "Kläranlage"}}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Append(ctx, "batch", "bench", eventstore.AnyVersion, batch, eventstore.Metadata{}); err != nil {
			b.Fatal(err)
		}
	}
}
