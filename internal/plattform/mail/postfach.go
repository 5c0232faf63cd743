package mail

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	netmail "net/mail"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Postfach is the mail "server" of a development run: each Nachricht becomes an .eml file in
// one directory (openable in any mail client) and one log line with the full text, so the
// links in it can be followed straight from the terminal.
type Postfach struct {
	dir string
	von *netmail.Address
	log *slog.Logger
	// Jetzt names the files and dates the mails; tests may replace it.
	Jetzt func() time.Time
}

// NeuesPostfach creates dir (0700: the mails hold sign-up and reset links) if needed.
func NeuesPostfach(dir string, von *netmail.Address, log *slog.Logger) (*Postfach, error) {
	if dir == "" {
		return nil, errors.New("weder SMTP-URL noch Postfach-Verzeichnis angegeben")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("Postfach anlegen: %w", err)
	}
	if log == nil {
		log = slog.Default()
	}
	return &Postfach{dir: dir, von: von, log: log, Jetzt: time.Now}, nil
}

// Verzeichnis is where the .eml files go.
func (p *Postfach) Verzeichnis() string { return p.dir }

// Senden writes n as <yyyyMMdd-HHmmss.nnn>-<An>.eml and logs it.
func (p *Postfach) Senden(_ context.Context, n Nachricht) error {
	jetzt := p.Jetzt()
	m, err := nachrichtBauen(p.von, n, jetzt)
	if err != nil {
		return err
	}
	name := jetzt.Format("20060102-150405.000") + "-" + dateiname(n.An)
	f, pfad, err := neueDatei(p.dir, name)
	if err != nil {
		return fmt.Errorf("Mail an %s ins Postfach legen: %w", n.An, err)
	}
	_, err = m.WriteTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("Mail an %s ins Postfach legen: %w", n.An, err)
	}
	p.log.Info("Mail ins Postfach gelegt", "an", n.An, "betreff", n.Betreff, "text", n.Text, "datei", pfad)
	return nil
}

// Dateien lists the .eml files, oldest first (the names start with the time).
func (p *Postfach) Dateien() ([]string, error) {
	eintraege, err := os.ReadDir(p.dir)
	if err != nil {
		return nil, err
	}
	var pfade []string
	for _, e := range eintraege {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".eml") {
			pfade = append(pfade, filepath.Join(p.dir, e.Name()))
		}
	}
	slices.Sort(pfade)
	return pfade, nil
}

// neueDatei never overwrites: two mails to the same address in the same millisecond (a
// double-clicked button) get "-2", "-3", … appended.
func neueDatei(dir, name string) (*os.File, string, error) {
	for i := 1; ; i++ {
		kandidat := name
		if i > 1 {
			kandidat += "-" + strconv.Itoa(i)
		}
		pfad := filepath.Join(dir, kandidat+".eml")
		f, err := os.OpenFile(pfad, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) && i < 100 {
			continue
		}
		return f, pfad, err
	}
}

// dateiname keeps the address recognisable but drops everything a shell or another file
// system could trip over (and any path separator an address might smuggle in).
func dateiname(an string) string {
	if a, err := netmail.ParseAddress(an); err == nil {
		an = a.Address
	}
	var b strings.Builder
	for _, r := range an {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9',
			r == '@', r == '.', r == '-', r == '_', r == '+':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	s := strings.Trim(b.String(), ".")
	if len(s) > 100 {
		s = s[:100]
	}
	if s == "" {
		s = "unbekannt"
	}
	return s
}
