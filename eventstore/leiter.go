package eventstore

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// AlsLeiter runs run only while this process holds the Postgres session lock called name, so
// that of several instances on one database exactly one runs it (the relay, each projector);
// the others wait as standby and take over within a few seconds when the leader stops or loses
// its database connection. The lock lives on a connection of its own, outside the pool.
func (s *Store) AlsLeiter(ctx context.Context, name string, log *slog.Logger, run func(context.Context) error) error {
	for ctx.Err() == nil {
		conn := s.sperre(ctx, name)
		if conn == nil {
			sleep(ctx, time.Second)
			continue
		}
		log.Debug("Leitung übernommen", "rolle", name)
		lctx, cancel := context.WithCancel(ctx)
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { // the lock is gone with its connection: stop, and try again
			defer wg.Done()
			t := time.NewTicker(2 * time.Second)
			defer t.Stop()
			for {
				select {
				case <-lctx.Done():
					return
				case <-t.C:
					if _, err := conn.Exec(lctx, `SELECT 1`); err != nil && lctx.Err() == nil {
						log.Warn("Leitung verloren", "rolle", name, "error", err)
						cancel()
						return
					}
				}
			}
		}()
		err := run(lctx)
		cancel()
		wg.Wait()
		_ = conn.Close(context.Background()) // ends the session and so releases the lock
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// sperre opens a connection and takes the lock on it; nil when another session holds it or
// the database cannot be reached.
func (s *Store) sperre(ctx context.Context, name string) *pgx.Conn {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return nil
	}
	var ok bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(hashtext('leiter:' || $1))`, name).Scan(&ok); err != nil || !ok {
		_ = conn.Close(context.Background())
		return nil
	}
	return conn
}
