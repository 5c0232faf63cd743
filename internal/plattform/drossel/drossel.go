// Package drossel slows down password guessing and mail flooding. It keeps one counter per
// key (a user name from one client, a client address, a mail recipient) in the Postgres table
// drossel, so every instance shares them and a restart forgets nothing.
//
// Logins are slowed, never locked: after a few failures for a key the next attempt is
// allowed only after a delay that doubles with every further failure, up to a cap. The key of
// a user name always includes the client address, so a guesser elsewhere cannot keep the
// owner out; a looser count per client address across names slows spraying from one address.
// Mails are counted per recipient and per client in a fixed window (Kontingent).
package drossel

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Regel is the policy of one kind of key.
type Regel struct {
	Frei      int           // failures without delay
	Start     time.Duration // delay after failure Frei, doubling with each further one
	Hoechst   time.Duration // the delay never exceeds this
	Vergessen time.Duration // a key quiet this long starts afresh (and its row is swept)
}

// Warte is the delay after n failures (0 while n < Frei).
func (r Regel) Warte(n int) time.Duration {
	if n < r.Frei {
		return 0
	}
	w := r.Start
	for i := r.Frei; i < n && w < r.Hoechst; i++ {
		w *= 2
	}
	return min(w, r.Hoechst)
}

// The login policy. A user name from one client: three free failures, then 1 s, 2 s, 4 s …
// up to 15 minutes. A client address across all names (spraying): fifty free failures, then
// the same growth; it slows that address only, never the user elsewhere.
var (
	AnmeldungRegel = Regel{Frei: 3, Start: time.Second, Hoechst: 15 * time.Minute, Vergessen: 24 * time.Hour}
	AdressRegel    = Regel{Frei: 50, Start: time.Second, Hoechst: 15 * time.Minute, Vergessen: time.Hour}
)

// Drossel reads and writes the counters. Create it with Neu.
type Drossel struct {
	Pool *pgxpool.Pool
	// Jetzt is the clock; tests replace it.
	Jetzt func() time.Time
	// Regeln maps a key prefix (as Anmeldung and Adresse make them) to its policy.
	Regeln map[string]Regel

	mu         sync.Mutex
	aufraeumen time.Time // next sweep of expired rows by this instance
}

// Neu returns the login throttle on pool with the standard policy.
func Neu(pool *pgxpool.Pool) *Drossel {
	return &Drossel{Pool: pool, Jetzt: time.Now,
		Regeln: map[string]Regel{anmeldungPraefix: AnmeldungRegel, adressPraefix: AdressRegel}}
}

const (
	anmeldungPraefix = "login:"
	adressPraefix    = "ip:"
)

// Anmeldung is the key of a login name from one client address. Case is ignored, so "Mueller"
// and "mueller" share one count and guessing cannot dodge the limit by changing case.
func Anmeldung(name, clientAdresse string) string {
	return anmeldungPraefix + strings.ToLower(strings.TrimSpace(name)) + "|" + strings.TrimPrefix(Adresse(clientAdresse), adressPraefix)
}

// Adresse is the key for a client address (with or without port). IPv6 clients are counted
// per /64: anyone holding one address usually holds the whole /64 and could otherwise take a
// fresh address for every guess.
func Adresse(clientAdresse string) string {
	s := clientAdresse
	if ap, err := netip.ParseAddrPort(s); err == nil {
		s = ap.Addr().String()
	}
	a, err := netip.ParseAddr(strings.Trim(s, "[]"))
	if err != nil {
		return adressPraefix + s
	}
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return adressPraefix + p.String()
	}
	return adressPraefix + a.String()
}

// MailAn is the key of the mail quota of a recipient address (case and spaces ignored).
func MailAn(email string) string { return "mail-an:" + strings.ToLower(strings.TrimSpace(email)) }

// MailClient is the key of the mail quota of a client address (IPv6 per /64).
func MailClient(clientAdresse string) string {
	return "mail-client:" + strings.TrimPrefix(Adresse(clientAdresse), adressPraefix)
}

func (d *Drossel) jetzt() time.Time {
	if d.Jetzt != nil {
		return d.Jetzt()
	}
	return time.Now()
}

func (d *Drossel) regel(key string) (Regel, error) {
	for p, r := range d.Regeln {
		if strings.HasPrefix(key, p) {
			return r, nil
		}
	}
	return Regel{}, fmt.Errorf("drossel: keine Regel für %q", key)
}

// Wartezeit tells how long the caller must wait before the next attempt for any of keys
// (0: go ahead).
func (d *Drossel) Wartezeit(ctx context.Context, keys ...string) (time.Duration, error) {
	if len(keys) == 0 {
		return 0, nil
	}
	jetzt := d.jetzt()
	var frei *time.Time
	err := d.Pool.QueryRow(ctx, `SELECT max(frei_ab) FROM drossel WHERE schluessel = ANY($1) AND ablauf > $2`,
		keys, jetzt).Scan(&frei)
	if err != nil || frei == nil || !frei.After(jetzt) {
		return 0, err
	}
	return frei.Sub(jetzt), nil
}

// Fehlversuch counts one failure for each key and returns how long the next attempt must wait.
// Every failed password comparison counts, also one that raced past Wartezeit: a burst of
// parallel guesses makes the delay grow faster, not slower.
func (d *Drossel) Fehlversuch(ctx context.Context, keys ...string) (time.Duration, error) {
	jetzt := d.jetzt()
	d.aufraeumenFaellig(ctx, jetzt)
	var laengste time.Duration
	for _, k := range keys {
		r, err := d.regel(k)
		if err != nil {
			return 0, err
		}
		err = pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
			var n int
			err := tx.QueryRow(ctx, `SELECT anzahl FROM drossel WHERE schluessel = $1 AND ablauf > $2 FOR UPDATE`, k, jetzt).Scan(&n)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
			n++
			warte := r.Warte(n)
			laengste = max(laengste, warte)
			_, err = tx.Exec(ctx, `INSERT INTO drossel (schluessel, anzahl, frei_ab, geaendert_am, ablauf) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (schluessel) DO UPDATE SET anzahl = $2, frei_ab = $3, geaendert_am = $4, ablauf = $5`,
				k, n, jetzt.Add(warte), jetzt, jetzt.Add(warte+r.Vergessen))
			return err
		})
		if err != nil {
			return 0, err
		}
	}
	return laengste, nil
}

// Erfolg forgets the failures of keys. Pass the login key after a correct login, but not the
// address's: a guesser holding one valid account could otherwise clear its address count
// between guesses at other accounts.
func (d *Drossel) Erfolg(ctx context.Context, keys ...string) error {
	_, err := d.Pool.Exec(ctx, `DELETE FROM drossel WHERE schluessel = ANY($1)`, keys)
	return err
}

// Kontingent counts one use of key in a fixed window that starts with its first use and tells
// whether the use is within max; if not, also how long until the window ends. Uses above the
// limit count too (harmless: the window ends at the same time).
func (d *Drossel) Kontingent(ctx context.Context, key string, max int, fenster time.Duration) (bool, time.Duration, error) {
	jetzt := d.jetzt()
	d.aufraeumenFaellig(ctx, jetzt)
	var n int
	var ende time.Time
	err := d.Pool.QueryRow(ctx, `INSERT INTO drossel (schluessel, anzahl, frei_ab, geaendert_am, ablauf) VALUES ($1, 1, $2, $2, $3)
		ON CONFLICT (schluessel) DO UPDATE SET
			anzahl = CASE WHEN drossel.ablauf <= $2 THEN 1 ELSE drossel.anzahl + 1 END,
			ablauf = CASE WHEN drossel.ablauf <= $2 THEN $3 ELSE drossel.ablauf END,
			frei_ab = $2, geaendert_am = $2
		RETURNING anzahl, ablauf`, key, jetzt, jetzt.Add(fenster)).Scan(&n, &ende)
	if err != nil {
		return false, 0, err
	}
	if n > max {
		return false, ende.Sub(jetzt), nil
	}
	return true, 0, nil
}

// aufraeumenFaellig sweeps expired rows about every ten minutes per instance, so the table
// follows recent activity and not every name ever tried. Expired rows count as absent anyway.
func (d *Drossel) aufraeumenFaellig(ctx context.Context, jetzt time.Time) {
	d.mu.Lock()
	if jetzt.Before(d.aufraeumen) {
		d.mu.Unlock()
		return
	}
	d.aufraeumen = jetzt.Add(10 * time.Minute)
	d.mu.Unlock()
	_, _ = d.Pool.Exec(ctx, `DELETE FROM drossel WHERE ablauf <= $1`, jetzt)
}
