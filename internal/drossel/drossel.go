// Package drossel slows down password guessing: it counts failed logins per key (a user name,
// a client address) in a sliding window and locks a key for a while once it has too many.
package drossel

import (
	"fmt"
	"net/netip"
	"sort"
	"strings"
	"sync"
	"time"
)

// StandardMaxSchluessel caps the number of keys remembered. An attacker who sprays user names
// creates one key per name; the cap keeps that from growing the process without bound.
const StandardMaxSchluessel = 50_000

// Drossel counts failed attempts. The zero value is not usable; create one with Neu or Standard.
type Drossel struct {
	// Jetzt is the clock; tests replace it. Set it before first use.
	Jetzt func() time.Time
	// MaxSchluessel caps the keys kept; set it before first use.
	MaxSchluessel int

	max     int
	fenster time.Duration
	sperre  time.Duration
	grenzen []grenze // longest prefix first

	mu         sync.Mutex
	eintraege  map[string]*eintrag
	aufraeumen time.Time // next sweep of stale entries
}

type grenze struct {
	praefix string
	max     int
}

type eintrag struct {
	fehler      []time.Time // failures inside the window, oldest first
	gesperrtBis time.Time
}

// Neu locks a key for sperre once it has maxFehlversuche failures within fenster.
func Neu(maxFehlversuche int, fenster, sperre time.Duration) *Drossel {
	if maxFehlversuche < 1 || fenster <= 0 || sperre <= 0 {
		panic(fmt.Sprintf("drossel.Neu(%d, %v, %v): alle Werte müssen positiv sein", maxFehlversuche, fenster, sperre))
	}
	return &Drossel{
		Jetzt:         time.Now,
		MaxSchluessel: StandardMaxSchluessel,
		max:           maxFehlversuche,
		fenster:       fenster,
		sperre:        sperre,
		eintraege:     map[string]*eintrag{},
	}
}

// Grenze gives keys starting with praefix their own limit, so one Drossel can count user names
// and addresses side by side. The longest matching prefix wins; it returns d for chaining.
func (d *Drossel) Grenze(praefix string, maxFehlversuche int) *Drossel {
	if maxFehlversuche < 1 {
		panic(fmt.Sprintf("drossel.Grenze(%q, %d): Grenze muss positiv sein", praefix, maxFehlversuche))
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.grenzen = append(d.grenzen, grenze{praefix, maxFehlversuche})
	sort.SliceStable(d.grenzen, func(i, j int) bool { return len(d.grenzen[i].praefix) > len(d.grenzen[j].praefix) })
	return d
}

// Standard is the login policy: 5 failures per user name or 20 per client address within
// 15 minutes lock that name or address for 15 minutes. Use it with the keys from Benutzer and
// Adresse. The address limit is higher because many users can share one (an office NAT).
func Standard() *Drossel {
	return Neu(5, 15*time.Minute, 15*time.Minute).Grenze(adressPraefix, 20)
}

const (
	benutzerPraefix = "user:"
	adressPraefix   = "ip:"
)

// Benutzer is the key for a login name. Case is ignored, so "Mueller" and "mueller" share
// one count and guessing cannot dodge the limit by changing case.
func Benutzer(name string) string {
	return benutzerPraefix + strings.ToLower(strings.TrimSpace(name))
}

// Adresse is the key for a client address (as in http.Request.RemoteAddr, with or without
// port). IPv6 clients are counted per /64: anyone holding one address usually holds the whole
// /64 and could otherwise take a fresh address for every guess.
func Adresse(remoteAddr string) string {
	s := remoteAddr
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

// Gesperrt reports whether any of keys is locked, and for how long the longest lock lasts.
func (d *Drossel) Gesperrt(keys ...string) (bool, time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	jetzt := d.Jetzt()
	d.aufraeumenFaellig(jetzt)
	return d.gesperrt(jetzt, keys)
}

// Fehlversuch counts one failure for each key and tells, like Gesperrt, whether that locked
// any of them. Failures against a key that is already locked are not counted: the lock runs
// its course and the count starts afresh afterwards.
func (d *Drossel) Fehlversuch(keys ...string) (bool, time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	jetzt := d.Jetzt()
	d.aufraeumenFaellig(jetzt)
	for _, k := range keys {
		e := d.eintraege[k]
		if e == nil {
			d.platzSchaffen(jetzt)
			e = &eintrag{}
			d.eintraege[k] = e
		}
		if jetzt.Before(e.gesperrtBis) {
			continue
		}
		e.fehler = append(e.imFenster(jetzt, d.fenster), jetzt)
		if len(e.fehler) >= d.grenzeFuer(k) {
			e.gesperrtBis = jetzt.Add(d.sperre)
			e.fehler = nil
		}
	}
	return d.gesperrt(jetzt, keys)
}

// Erfolg forgets the failures and any lock of keys. Pass the user name's key after a correct
// login, but not the address's: a guesser holding one valid account could otherwise clear its
// address count between guesses at other accounts.
func (d *Drossel) Erfolg(keys ...string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, k := range keys {
		delete(d.eintraege, k)
	}
}

func (d *Drossel) gesperrt(jetzt time.Time, keys []string) (bool, time.Duration) {
	var laengste time.Duration
	for _, k := range keys {
		if e := d.eintraege[k]; e != nil {
			if rest := e.gesperrtBis.Sub(jetzt); rest > laengste {
				laengste = rest
			}
		}
	}
	return laengste > 0, laengste
}

func (d *Drossel) grenzeFuer(key string) int {
	for _, g := range d.grenzen {
		if strings.HasPrefix(key, g.praefix) {
			return g.max
		}
	}
	return d.max
}

// imFenster drops the failures that have slid out of the window.
func (e *eintrag) imFenster(jetzt time.Time, fenster time.Duration) []time.Time {
	grenze := jetzt.Add(-fenster)
	i := 0
	for i < len(e.fehler) && !e.fehler[i].After(grenze) {
		i++
	}
	return e.fehler[i:]
}

func (e *eintrag) veraltet(jetzt time.Time, fenster time.Duration) bool {
	return !jetzt.Before(e.gesperrtBis) && len(e.imFenster(jetzt, fenster)) == 0
}

// aufraeumenFaellig sweeps stale entries about once a minute, so memory follows the recent
// failures and not every name ever tried.
func (d *Drossel) aufraeumenFaellig(jetzt time.Time) {
	if jetzt.Before(d.aufraeumen) {
		return
	}
	for k, e := range d.eintraege {
		if e.veraltet(jetzt, d.fenster) {
			delete(d.eintraege, k)
		}
	}
	d.aufraeumen = jetzt.Add(time.Minute)
}

// platzSchaffen makes room for one more key when the cap is reached, the stale entries having
// been swept already (at most a minute ago). It drops an unlocked entry if it finds one among a
// few it looks at, else any: locks go last because they are what stops an attack in progress,
// and the map's random iteration order keeps an attacker from choosing what is dropped. Looking
// at a few only keeps a full map from costing a full scan per failed login.
func (d *Drossel) platzSchaffen(jetzt time.Time) {
	if d.MaxSchluessel <= 0 {
		return
	}
	for len(d.eintraege) >= d.MaxSchluessel {
		opfer, gesehen := "", 0
		for k, e := range d.eintraege {
			if opfer == "" || !jetzt.Before(e.gesperrtBis) {
				opfer = k
			}
			if gesehen++; !jetzt.Before(e.gesperrtBis) || gesehen == 64 {
				break
			}
		}
		delete(d.eintraege, opfer)
	}
}

// Anzahl is the number of keys remembered; for tests and metrics.
func (d *Drossel) Anzahl() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.eintraege)
}
