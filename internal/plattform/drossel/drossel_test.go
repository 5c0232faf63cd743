package drossel_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/plattform/drossel"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

// uhr is the fake clock; Schritte move it forward.
type uhr struct {
	mu    sync.Mutex
	jetzt time.Time
}

func (u *uhr) Jetzt() time.Time { u.mu.Lock(); defer u.mu.Unlock(); return u.jetzt }
func (u *uhr) warte(d time.Duration) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.jetzt = u.jetzt.Add(d)
}

// neu is the standard throttle on a fresh database with a fake clock.
func neu(t *testing.T) (*drossel.Drossel, *uhr) {
	t.Helper()
	pool, _ := testdb.New(t)
	d := drossel.Neu(pool)
	u := &uhr{jetzt: time.Date(2025, 6, 2, 8, 0, 0, 0, time.UTC)}
	d.Jetzt = u.Jetzt
	return d, u
}

const (
	fehlversuch = "Fehlversuch"
	erfolg      = "Erfolg"
	pruefen     = "Wartezeit"
)

// schritt: after warten, do aktion on keys (n times); then Wartezeit(keys...) must be
// wantWarte.
type schritt struct {
	warten    time.Duration
	aktion    string
	n         int
	keys      []string
	wantWarte time.Duration
}

var (
	muellerBuero   = drossel.Anmeldung("mueller", "192.0.2.10:51234")
	muellerZuhause = drossel.Anmeldung("mueller", "198.51.100.7:443")
	schulzBuero    = drossel.Anmeldung("schulz", "192.0.2.10")
	buero          = drossel.Adresse("192.0.2.10:51234")
	zuhause        = drossel.Adresse("198.51.100.7:443")
)

func keys(k ...string) []string { return k }

func TestDrossel_Standardregeln(t *testing.T) {
	for _, tc := range []struct {
		name     string
		schritte []schritt
	}{
		{"drei Fehlversuche bremsen noch nicht", []schritt{
			{aktion: fehlversuch, n: 2, keys: keys(muellerBuero, buero)},
		}},
		{"danach wachsende Wartezeiten statt einer Sperre", []schritt{
			{aktion: fehlversuch, n: 3, keys: keys(muellerBuero, buero), wantWarte: time.Second},
			{warten: time.Second, aktion: pruefen, keys: keys(muellerBuero, buero)},
			{aktion: fehlversuch, n: 1, keys: keys(muellerBuero, buero), wantWarte: 2 * time.Second},
			{warten: 2 * time.Second, aktion: fehlversuch, n: 1, keys: keys(muellerBuero, buero), wantWarte: 4 * time.Second},
			{warten: time.Second, aktion: pruefen, keys: keys(muellerBuero, buero), wantWarte: 3 * time.Second},
		}},
		{"die Wartezeit ist auf 15 Minuten begrenzt", []schritt{
			{aktion: fehlversuch, n: 30, keys: keys(muellerBuero), wantWarte: 15 * time.Minute},
			{warten: 15 * time.Minute, aktion: pruefen, keys: keys(muellerBuero)},
		}},
		{"ein anderer Client wird nicht gebremst", []schritt{
			{aktion: fehlversuch, n: 30, keys: keys(muellerBuero, buero), wantWarte: 15 * time.Minute},
			{aktion: pruefen, keys: keys(muellerZuhause, zuhause)},
		}},
		{"andere Namen vom selben Client werden nicht gebremst", []schritt{
			{aktion: fehlversuch, n: 10, keys: keys(muellerBuero, buero), wantWarte: 128 * time.Second},
			{aktion: pruefen, keys: keys(schulzBuero, buero)},
		}},
		{"Erfolg setzt den Zähler zurück", []schritt{
			{aktion: fehlversuch, n: 3, keys: keys(muellerBuero), wantWarte: time.Second},
			{aktion: erfolg, keys: keys(muellerBuero)},
			{aktion: fehlversuch, n: 2, keys: keys(muellerBuero)},
		}},
		{"nach einem Tag Ruhe beginnt der Zähler neu", []schritt{
			{aktion: fehlversuch, n: 5, keys: keys(muellerBuero), wantWarte: 4 * time.Second},
			{warten: 24*time.Hour + 4*time.Second, aktion: fehlversuch, n: 2, keys: keys(muellerBuero)},
		}},
		{"Groß- und Kleinschreibung umgehen die Grenze nicht", []schritt{
			{aktion: fehlversuch, n: 2, keys: keys(drossel.Anmeldung("Mueller", "192.0.2.10"))},
			{aktion: fehlversuch, n: 1, keys: keys(drossel.Anmeldung(" MUELLER", "192.0.2.10:1")), wantWarte: time.Second},
			{aktion: pruefen, keys: keys(muellerBuero), wantWarte: time.Second},
		}},
		{"fünfzig Fehlversuche über viele Namen bremsen die Adresse, nicht die Namen anderswo", []schritt{
			{aktion: fehlversuch, n: 49, keys: keys(buero)},
			{aktion: fehlversuch, n: 1, keys: keys(drossel.Anmeldung("e", "192.0.2.10"), buero), wantWarte: time.Second},
			{aktion: pruefen, keys: keys(schulzBuero, buero), wantWarte: time.Second},
			{aktion: pruefen, keys: keys(drossel.Anmeldung("schulz", "198.51.100.7"), zuhause)},
		}},
		{"die längste Wartezeit zählt", []schritt{
			{aktion: fehlversuch, n: 5, keys: keys(muellerBuero), wantWarte: 4 * time.Second},
			{aktion: fehlversuch, n: 3, keys: keys(schulzBuero), wantWarte: time.Second},
			{aktion: pruefen, keys: keys(muellerBuero, schulzBuero), wantWarte: 4 * time.Second},
		}},
		{"ohne Schlüssel ist nichts gebremst", []schritt{
			{aktion: fehlversuch, n: 5, keys: keys(muellerBuero), wantWarte: 4 * time.Second},
			{aktion: pruefen, keys: nil},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, u := neu(t)
			ctx := context.Background()
			for i, s := range tc.schritte {
				u.warte(s.warten)
				switch s.aktion {
				case fehlversuch:
					for j := range s.n {
						w, err := d.Fehlversuch(ctx, s.keys...)
						if err != nil {
							t.Fatal(err)
						}
						if j == s.n-1 && w != s.wantWarte {
							t.Errorf("Schritt %d: Fehlversuch = %v, want %v", i, w, s.wantWarte)
						}
					}
				case erfolg:
					if err := d.Erfolg(ctx, s.keys...); err != nil {
						t.Fatal(err)
					}
				case pruefen:
				default:
					t.Fatalf("unknown aktion %q", s.aktion)
				}
				if w, err := d.Wartezeit(ctx, s.keys...); err != nil || w != s.wantWarte {
					t.Errorf("Schritt %d (%s %v): Wartezeit = %v, %v; want %v", i, s.aktion, s.keys, w, err, s.wantWarte)
				}
			}
		})
	}
}

func TestRegel_WartezeitVerdoppeltSichBisZurGrenze(t *testing.T) {
	r := drossel.Regel{Frei: 3, Start: time.Second, Hoechst: 15 * time.Minute}
	for n, want := range map[int]time.Duration{0: 0, 2: 0, 3: time.Second, 4: 2 * time.Second, 5: 4 * time.Second,
		12: 512 * time.Second, 13: 15 * time.Minute, 1000: 15 * time.Minute} {
		if got := r.Warte(n); got != want {
			t.Errorf("Warte(%d) = %v, want %v", n, got, want)
		}
	}
}

// Two instances (or one after a restart) on the same database share every count.
func TestDrossel_InstanzenTeilenDieZaehler(t *testing.T) {
	pool, _ := testdb.New(t)
	ctx := context.Background()
	a, b := drossel.Neu(pool), drossel.Neu(pool)
	for range 2 {
		if _, err := a.Fehlversuch(ctx, muellerBuero); err != nil {
			t.Fatal(err)
		}
	}
	if w, err := b.Fehlversuch(ctx, muellerBuero); err != nil || w != time.Second {
		t.Fatalf("third failure on the other instance: %v, %v; want 1s", w, err)
	}
	if w, _ := a.Wartezeit(ctx, muellerBuero); w <= 0 || w > time.Second {
		t.Fatalf("first instance does not see the delay: %v", w)
	}
}

func TestDrossel_VergisstAbgelaufeneEintraege(t *testing.T) {
	d, u := neu(t)
	ctx := context.Background()
	for i := range 100 {
		if _, err := d.Fehlversuch(ctx, drossel.Anmeldung(fmt.Sprint("name", i), "192.0.2.10"), buero); err != nil {
			t.Fatal(err)
		}
	}
	if n, _ := anzahl(ctx, d); n != 101 {
		t.Fatalf("Anzahl = %d, want 101", n)
	}
	// The address count (1 h after its last failure and delay) is forgotten before the names'
	// counts (a day); a sweep runs at most every ten minutes.
	u.warte(time.Hour + 15*time.Minute)
	d.Fehlversuch(ctx, muellerBuero)
	if n, _ := anzahl(ctx, d); n != 101 {
		t.Errorf("Anzahl after an hour = %d, want 101 (100 names + mueller)", n)
	}
	u.warte(25 * time.Hour)
	d.Fehlversuch(ctx, schulzBuero)
	if n, _ := anzahl(ctx, d); n != 1 {
		t.Errorf("Anzahl after a day = %d, want 1", n)
	}
}

func TestDrossel_GleichzeitigeFehlversucheZaehlenAlle(t *testing.T) {
	d, _ := neu(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 5 {
				if _, err := d.Fehlversuch(ctx, muellerBuero, buero); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	// 40 failures: 1 s doubled 37 times, capped at 15 minutes; the address (50 free) not yet.
	if w, _ := d.Wartezeit(ctx, muellerBuero); w != 15*time.Minute {
		t.Errorf("Wartezeit after 40 parallel failures = %v, want 15m", w)
	}
	if w, _ := d.Wartezeit(ctx, buero); w != 0 {
		t.Errorf("address delayed after 40 failures: %v", w)
	}
}

func TestKontingent_ZaehltImFensterUndBeginntDanachNeu(t *testing.T) {
	d, u := neu(t)
	ctx := context.Background()
	for i := 1; i <= 4; i++ {
		ok, noch, err := d.Kontingent(ctx, "mail-an:a@example.org", 3, time.Hour)
		if err != nil || ok != (i <= 3) {
			t.Fatalf("use %d: ok = %v, %v", i, ok, err)
		}
		if !ok && noch != time.Hour {
			t.Errorf("use %d: noch = %v, want 1h", i, noch)
		}
		u.warte(0)
	}
	if ok, _, _ := d.Kontingent(ctx, "mail-an:b@example.org", 3, time.Hour); !ok {
		t.Error("another address shares the quota")
	}
	u.warte(59 * time.Minute)
	if ok, noch, _ := d.Kontingent(ctx, "mail-an:a@example.org", 3, time.Hour); ok || noch != time.Minute {
		t.Errorf("within the hour: ok = %v, noch %v", ok, noch)
	}
	u.warte(time.Minute)
	if ok, _, _ := d.Kontingent(ctx, "mail-an:a@example.org", 3, time.Hour); !ok {
		t.Error("the next window did not start afresh")
	}
}

func TestSchluessel(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{drossel.Anmeldung("  Jürgen.Müller ", "192.0.2.10:51234"), "login:jürgen.müller|192.0.2.10"},
		{drossel.Adresse("192.0.2.10:51234"), "ip:192.0.2.10"},
		{drossel.Adresse("192.0.2.10"), "ip:192.0.2.10"},
		{drossel.Adresse("[::ffff:192.0.2.10]:80"), "ip:192.0.2.10"},
		{drossel.Adresse("[2001:db8:1:2:3:4:5:6]:443"), "ip:2001:db8:1:2::/64"},
		{drossel.Adresse("2001:db8:1:2:ffff::1"), "ip:2001:db8:1:2::/64"},
		{drossel.Anmeldung("x", "2001:db8:1:2:ffff::1"), "login:x|2001:db8:1:2::/64"},
		{drossel.Adresse("@pipe"), "ip:@pipe"},
		{drossel.MailAn(" Erika.Gross@Example.org "), "mail-an:erika.gross@example.org"},
		{drossel.MailClient("[2001:db8:1:2:3:4:5:6]:443"), "mail-client:2001:db8:1:2::/64"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// anzahl is the number of rows the Drossel keeps.
func anzahl(ctx context.Context, d *drossel.Drossel) (int, error) {
	var n int
	err := d.Pool.QueryRow(ctx, `SELECT count(*) FROM drossel`).Scan(&n)
	return n, err
}
