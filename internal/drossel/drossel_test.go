package drossel_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/drossel"
)

// uhr is the fake clock; Schritte move it forward.
type uhr struct{ jetzt time.Time }

func (u *uhr) Jetzt() time.Time { return u.jetzt }

func mitUhr(d *drossel.Drossel) (*drossel.Drossel, *uhr) {
	u := &uhr{jetzt: time.Date(2025, 6, 2, 8, 0, 0, 0, time.UTC)}
	d.Jetzt = u.Jetzt
	return d, u
}

const (
	fehlversuch = "Fehlversuch"
	erfolg      = "Erfolg"
	gesperrt    = "Gesperrt"
)

// schritt: after warten, do aktion on keys (n times); then Gesperrt(keys...) must say
// wantGesperrt and, if locked, wantRest.
type schritt struct {
	warten       time.Duration
	aktion       string
	n            int
	keys         []string
	wantGesperrt bool
	wantRest     time.Duration
}

var (
	mueller = drossel.Benutzer("mueller")
	schulz  = drossel.Benutzer("schulz")
	buero   = drossel.Adresse("192.0.2.10:51234")
	zuhause = drossel.Adresse("198.51.100.7:443")
)

func keys(k ...string) []string { return k }

func TestDrossel_Standardregeln(t *testing.T) {
	for _, tc := range []struct {
		name     string
		schritte []schritt
	}{
		{"vier Fehlversuche sperren noch nicht", []schritt{
			{aktion: fehlversuch, n: 4, keys: keys(mueller, buero)},
		}},
		{"der fünfte Fehlversuch sperrt den Namen für 15 Minuten", []schritt{
			{aktion: fehlversuch, n: 4, keys: keys(mueller, buero)},
			{warten: time.Minute, aktion: fehlversuch, n: 1, keys: keys(mueller, buero), wantGesperrt: true, wantRest: 15 * time.Minute},
			{warten: 5 * time.Minute, aktion: gesperrt, keys: keys(mueller), wantGesperrt: true, wantRest: 10 * time.Minute},
			{aktion: gesperrt, keys: keys(buero)}, // the address has its own, higher limit
			{aktion: gesperrt, keys: keys(mueller, zuhause), wantGesperrt: true, wantRest: 10 * time.Minute},
		}},
		{"die Sperre läuft nach 15 Minuten ab", []schritt{
			{aktion: fehlversuch, n: 5, keys: keys(mueller), wantGesperrt: true, wantRest: 15 * time.Minute},
			{warten: 15*time.Minute - time.Second, aktion: gesperrt, keys: keys(mueller), wantGesperrt: true, wantRest: time.Second},
			{warten: time.Second, aktion: gesperrt, keys: keys(mueller)},
			{aktion: fehlversuch, n: 4, keys: keys(mueller)}, // the count starts afresh
		}},
		{"Fehlversuche während der Sperre verlängern sie nicht", []schritt{
			{aktion: fehlversuch, n: 5, keys: keys(mueller), wantGesperrt: true, wantRest: 15 * time.Minute},
			{warten: 10 * time.Minute, aktion: fehlversuch, n: 10, keys: keys(mueller), wantGesperrt: true, wantRest: 5 * time.Minute},
			{warten: 5 * time.Minute, aktion: gesperrt, keys: keys(mueller)},
			{aktion: fehlversuch, n: 1, keys: keys(mueller)},
		}},
		{"Fehlversuche außerhalb des Fensters zählen nicht", []schritt{
			{aktion: fehlversuch, n: 4, keys: keys(mueller)},
			{warten: 15 * time.Minute, aktion: fehlversuch, n: 1, keys: keys(mueller)},
		}},
		{"das Fenster gleitet", []schritt{
			{aktion: fehlversuch, n: 1, keys: keys(mueller)},                          // 08:00
			{warten: 5 * time.Minute, aktion: fehlversuch, n: 1, keys: keys(mueller)}, // 08:05
			{warten: 5 * time.Minute, aktion: fehlversuch, n: 1, keys: keys(mueller)}, // 08:10
			{warten: 4 * time.Minute, aktion: fehlversuch, n: 1, keys: keys(mueller)}, // 08:14
			// 08:16: the 08:00 failure has slid out, four remain with this one
			{warten: 2 * time.Minute, aktion: fehlversuch, n: 1, keys: keys(mueller)},
			// 08:17: five within 08:02–08:17
			{warten: time.Minute, aktion: fehlversuch, n: 1, keys: keys(mueller), wantGesperrt: true, wantRest: 15 * time.Minute},
		}},
		{"Erfolg setzt den Zähler zurück", []schritt{
			{aktion: fehlversuch, n: 4, keys: keys(mueller)},
			{aktion: erfolg, keys: keys(mueller)},
			{aktion: fehlversuch, n: 4, keys: keys(mueller)},
		}},
		{"Erfolg hebt eine Sperre auf", []schritt{
			{aktion: fehlversuch, n: 5, keys: keys(mueller), wantGesperrt: true, wantRest: 15 * time.Minute},
			{aktion: erfolg, keys: keys(mueller)},
		}},
		{"Namen zählen getrennt", []schritt{
			{aktion: fehlversuch, n: 4, keys: keys(mueller, buero)},
			{aktion: fehlversuch, n: 4, keys: keys(schulz, buero)},
			{aktion: gesperrt, keys: keys(mueller, schulz, buero)},
		}},
		{"Groß- und Kleinschreibung umgehen die Grenze nicht", []schritt{
			{aktion: fehlversuch, n: 3, keys: keys(drossel.Benutzer("Mueller"))},
			{aktion: fehlversuch, n: 2, keys: keys(drossel.Benutzer(" MUELLER")), wantGesperrt: true, wantRest: 15 * time.Minute},
			{aktion: gesperrt, keys: keys(mueller), wantGesperrt: true, wantRest: 15 * time.Minute},
		}},
		{"zwanzig Fehlversuche sperren die Adresse für alle Namen", []schritt{
			{aktion: fehlversuch, n: 4, keys: keys(drossel.Benutzer("a"), buero)},
			{aktion: fehlversuch, n: 4, keys: keys(drossel.Benutzer("b"), buero)},
			{aktion: fehlversuch, n: 4, keys: keys(drossel.Benutzer("c"), buero)},
			{aktion: fehlversuch, n: 4, keys: keys(drossel.Benutzer("d"), buero)},
			{aktion: fehlversuch, n: 3, keys: keys(drossel.Benutzer("e"), buero)},
			{aktion: gesperrt, keys: keys(buero)},
			{warten: time.Minute, aktion: fehlversuch, n: 1, keys: keys(drossel.Benutzer("e"), buero), wantGesperrt: true, wantRest: 15 * time.Minute},
			{aktion: gesperrt, keys: keys(schulz, buero), wantGesperrt: true, wantRest: 15 * time.Minute},
			{aktion: gesperrt, keys: keys(schulz, zuhause)},
		}},
		{"die längste Sperre zählt", []schritt{
			{aktion: fehlversuch, n: 5, keys: keys(mueller), wantGesperrt: true, wantRest: 15 * time.Minute},
			{warten: 10 * time.Minute, aktion: fehlversuch, n: 5, keys: keys(schulz), wantGesperrt: true, wantRest: 15 * time.Minute},
			{aktion: gesperrt, keys: keys(mueller, schulz), wantGesperrt: true, wantRest: 15 * time.Minute},
			{aktion: gesperrt, keys: keys(mueller), wantGesperrt: true, wantRest: 5 * time.Minute},
		}},
		{"ohne Schlüssel ist nichts gesperrt", []schritt{
			{aktion: fehlversuch, n: 5, keys: keys(mueller), wantGesperrt: true, wantRest: 15 * time.Minute},
			{aktion: gesperrt, keys: nil},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, u := mitUhr(drossel.Standard())
			for i, s := range tc.schritte {
				u.jetzt = u.jetzt.Add(s.warten)
				switch s.aktion {
				case fehlversuch:
					for j := range s.n {
						g, rest := d.Fehlversuch(s.keys...)
						if j == s.n-1 && (g != s.wantGesperrt || rest != s.wantRest) {
							t.Errorf("Schritt %d: Fehlversuch = %v, %v; want %v, %v", i, g, rest, s.wantGesperrt, s.wantRest)
						}
					}
				case erfolg:
					d.Erfolg(s.keys...)
				case gesperrt:
				default:
					t.Fatalf("unknown aktion %q", s.aktion)
				}
				if g, rest := d.Gesperrt(s.keys...); g != s.wantGesperrt || rest != s.wantRest {
					t.Errorf("Schritt %d (%s %v): Gesperrt = %v, %v; want %v, %v", i, s.aktion, s.keys, g, rest, s.wantGesperrt, s.wantRest)
				}
			}
		})
	}
}

func TestDrossel_EigeneGrenzeJePraefix(t *testing.T) {
	d, _ := mitUhr(drossel.Neu(3, time.Minute, time.Hour).Grenze("ip:", 10).Grenze("ip:10.", 1))
	for _, tc := range []struct {
		key       string
		bisSperre int
	}{
		{"user:x", 3},
		{"ip:192.0.2.1", 10},
		{"ip:10.0.0.1", 1},
		{"anderes", 3},
	} {
		for i := 1; i <= tc.bisSperre; i++ {
			g, _ := d.Fehlversuch(tc.key)
			if g != (i == tc.bisSperre) {
				t.Errorf("%s: after %d failures gesperrt = %v, want lock at %d", tc.key, i, g, tc.bisSperre)
			}
		}
	}
}

func TestDrossel_VergisstAbgelaufeneEintraege(t *testing.T) {
	d, u := mitUhr(drossel.Standard())
	for i := range 1000 {
		d.Fehlversuch(drossel.Benutzer(fmt.Sprint("name", i)), buero)
	}
	if n := d.Anzahl(); n != 1001 {
		t.Fatalf("Anzahl = %d, want 1001", n)
	}
	// The address is locked at 08:00 until 08:15; the names' failures slide out at 08:15 too.
	u.jetzt = u.jetzt.Add(15*time.Minute + time.Second)
	d.Gesperrt(mueller)
	if n := d.Anzahl(); n != 0 {
		t.Errorf("Anzahl after window and lock = %d, want 0", n)
	}
}

func TestDrossel_BegrenzterSpeicherBehaeltSperren(t *testing.T) {
	d, _ := mitUhr(drossel.Standard())
	d.MaxSchluessel = 100
	d.Fehlversuch(mueller, mueller, mueller, mueller, mueller)
	if g, _ := d.Gesperrt(mueller); !g {
		t.Fatal("mueller not locked")
	}
	for i := range 10_000 {
		d.Fehlversuch(drossel.Benutzer(fmt.Sprint("spray", i)))
	}
	if n := d.Anzahl(); n > 100 {
		t.Errorf("Anzahl = %d, want at most 100", n)
	}
	if g, _ := d.Gesperrt(mueller); !g {
		t.Error("spraying names evicted the lock on mueller")
	}
}

func TestDrossel_GleichzeitigeZugriffe(t *testing.T) {
	d := drossel.Standard()
	d.MaxSchluessel = 50
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 500 {
				k := drossel.Benutzer(fmt.Sprint(g, "-", i%70))
				d.Fehlversuch(k, buero)
				d.Gesperrt(k, buero)
				if i%7 == 0 {
					d.Erfolg(k)
				}
			}
		})
	}
	wg.Wait()
	// The small cap makes the goroutines evict each other's entries; -race watches that too.
	if n := d.Anzahl(); n > 50 {
		t.Errorf("Anzahl = %d, want at most 50", n)
	}
}

func TestNeu_UnsinnigeWerteSindEinProgrammierfehler(t *testing.T) {
	for _, tc := range []struct {
		max             int
		fenster, sperre time.Duration
	}{
		{0, time.Minute, time.Minute},
		{5, 0, time.Minute},
		{5, time.Minute, -time.Minute},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Neu(%d, %v, %v) did not panic", tc.max, tc.fenster, tc.sperre)
				}
			}()
			drossel.Neu(tc.max, tc.fenster, tc.sperre)
		}()
	}
}

func TestSchluessel(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{drossel.Benutzer("  Jürgen.Müller "), "user:jürgen.müller"},
		{drossel.Adresse("192.0.2.10:51234"), "ip:192.0.2.10"},
		{drossel.Adresse("192.0.2.10"), "ip:192.0.2.10"},
		{drossel.Adresse("[::ffff:192.0.2.10]:80"), "ip:192.0.2.10"},
		{drossel.Adresse("[2001:db8:1:2:3:4:5:6]:443"), "ip:2001:db8:1:2::/64"},
		{drossel.Adresse("2001:db8:1:2:ffff::1"), "ip:2001:db8:1:2::/64"},
		{drossel.Adresse("@pipe"), "ip:@pipe"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
