// Package config reads eAbwasser's configuration from the environment.
package config

import (
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/eabwasser/eabwasser/internal/plattform/wasserbuch"
)

// Config is the whole configuration; see the README for each variable.
type Config struct {
	DatabaseURL string // DATABASE_URL; empty: local Postgres on 127.0.0.1:5432, else a private cluster
	NATSURL     string // NATS_URL; empty: an embedded NATS server with JetStream
	// NATSReplicas is NATS_REPLICAS: copies of the events stream in a NATS cluster (default 1;
	// 3 for the three-node cluster of deployments/nats).
	NATSReplicas int
	HTTPAddr     string // HTTP_ADDR, default :8080
	DataDir      string // DATA_DIR, default ./.data
	JWTSecret    string // JWT_SECRET (at least 32 bytes); empty: a random secret kept in DATA_DIR/jwt-secret
	SMTPURL      string // SMTP_URL; empty: mails go to the log and DATA_DIR/mailbox
	LogLevel     string // LOG_LEVEL: debug, info (default), warn, error
	PublicURL    string // PUBLIC_URL: base of links in mails and SSO; required with SMTP_URL or SSO_VALIDATE_URL
	MailFrom     string // MAIL_FROM: sender of mails
	SSOValidate  string // SSO_VALIDATE_URL: CAS ticket validation; empty: SSO is off

	// MetricsAddr is METRICS_ADDR, the listener of /metrics apart from the public one
	// (default 127.0.0.1:9090); empty (METRICS_ADDR= or METRICS_ADDR=off): no metrics listener.
	MetricsAddr string
	// MetricsAddrStandard tells that MetricsAddr is the default, not set by the operator: a
	// second instance on the same machine then starts without metrics instead of failing.
	MetricsAddrStandard bool
	// TrustedProxies is TRUSTED_PROXIES: comma-separated addresses or CIDR ranges of reverse
	// proxies whose X-Forwarded-For names the client; empty: the direct peer is the client.
	TrustedProxies string
	// SupportMail is SUPPORT_MAIL, the address of the header's 'Support' link; HilfeURL is
	// HELP_URL, its 'Hilfe' link (the external wiki). Both reach the UI through
	// GET /api/konfiguration, never from a request.
	SupportMail string
	HilfeURL    string
	// MapLayers is MAP_LAYERS, the map window's background layers as a JSON list of WMS/WMTS
	// definitions (karte.go, Kartenebenen); empty: the shipped vector layers only.
	MapLayers string
	// DigiWabURL is DIGIWAB_URL, the address of the water book (Wasserbuch, DigiWab): links to
	// a Bescheid's water right are built on it and the register is asked whether the right
	// exists (internal/plattform/wasserbuch). Empty: no water book, no links.
	DigiWabURL string
	// Suevoa is SUEVOA_ENABLED: whether the annual reports of self-monitoring (SüVOA) are on —
	// the operation file's annual-report tree and GET /jahresbericht/suevoaEnabled/ (default
	// true; "false" or "0" turns them off).
	Suevoa bool
}

// The support address and help link of the demo installation.
const (
	StandardSupportMail = "support@eabwasser.example"
	StandardHilfeURL    = "https://wiki.eabwasser.example/"
)

// StandardMetricsAddr is where /metrics is served unless METRICS_ADDR says otherwise.
const StandardMetricsAddr = "127.0.0.1:9090"

// MinJWTSecret is the shortest JWT_SECRET accepted: 32 bytes, the size of the HS256 key.
const MinJWTSecret = 32

// FromEnv reads the configuration.
func FromEnv() Config {
	c := Config{
		DatabaseURL: os.Getenv("DATABASE_URL"),
		NATSURL:     os.Getenv("NATS_URL"),
		HTTPAddr:    env("HTTP_ADDR", ":8080"),
		DataDir:     env("DATA_DIR", ".data"),
		JWTSecret:   os.Getenv("JWT_SECRET"),
		SMTPURL:     os.Getenv("SMTP_URL"),
		LogLevel:    env("LOG_LEVEL", "info"),
		PublicURL:   os.Getenv("PUBLIC_URL"),
		MailFrom:    os.Getenv("MAIL_FROM"),
		SSOValidate: os.Getenv("SSO_VALIDATE_URL"),

		TrustedProxies: os.Getenv("TRUSTED_PROXIES"),
		SupportMail:    strings.TrimSpace(env("SUPPORT_MAIL", StandardSupportMail)),
		HilfeURL:       strings.TrimSpace(env("HELP_URL", StandardHilfeURL)),
		MapLayers:      os.Getenv("MAP_LAYERS"),
		DigiWabURL:     strings.TrimSpace(os.Getenv("DIGIWAB_URL")),
		Suevoa:         true,
	}
	if v, err := strconv.ParseBool(strings.TrimSpace(os.Getenv("SUEVOA_ENABLED"))); err == nil {
		c.Suevoa = v
	}
	if v, gesetzt := os.LookupEnv("METRICS_ADDR"); gesetzt {
		if !strings.EqualFold(strings.TrimSpace(v), "off") {
			c.MetricsAddr = strings.TrimSpace(v)
		}
	} else {
		c.MetricsAddr, c.MetricsAddrStandard = StandardMetricsAddr, true
	}
	if n, err := strconv.Atoi(os.Getenv("NATS_REPLICAS")); err == nil && n > 0 {
		c.NATSReplicas = n
	} else {
		c.NATSReplicas = 1
	}
	if abs, err := filepath.Abs(c.DataDir); err == nil {
		c.DataDir = abs
	}
	return c
}

func env(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}

// PruefeFuerServe tells what keeps the configuration from serving, every problem in one
// error, so an operator fixes them in one go (issue 11): a JWT_SECRET shorter than 32 bytes
// or of low variety (issue 27, geheimnis.go), a missing or malformed PUBLIC_URL where mails
// or SSO need links, a malformed METRICS_ADDR.
func (c Config) PruefeFuerServe() error {
	var fehler []error
	if c.JWTSecret != "" && len(c.JWTSecret) < MinJWTSecret {
		fehler = append(fehler, fmt.Errorf("JWT_SECRET ist %d Bytes lang, verlangt sind mindestens %d "+
			"(zum Beispiel „openssl rand -hex 32“); ohne JWT_SECRET erzeugt eAbwasser ein zufälliges in DATA_DIR/jwt-secret",
			len(c.JWTSecret), MinJWTSecret))
	} else if c.JWTSecret != "" {
		if err := pruefeJWTSecret(c.JWTSecret); err != nil {
			fehler = append(fehler, err)
		}
	}
	if c.PublicURL != "" {
		if err := pruefePublicURL(c.PublicURL); err != nil {
			fehler = append(fehler, err)
		}
	} else {
		var wer []string
		if c.SMTPURL != "" {
			wer = append(wer, "SMTP_URL")
		}
		if c.SSOValidate != "" {
			wer = append(wer, "SSO_VALIDATE_URL")
		}
		if len(wer) > 0 {
			fehler = append(fehler, fmt.Errorf("PUBLIC_URL fehlt: mit %s braucht eAbwasser die öffentliche Adresse "+
				"für Links in Mails und die SSO-Anmeldung, z. B. PUBLIC_URL=https://eabwasser.example", strings.Join(wer, " und ")))
		}
	}
	if c.MetricsAddr != "" {
		if _, port, err := net.SplitHostPort(c.MetricsAddr); err != nil || port == "" {
			fehler = append(fehler, fmt.Errorf("METRICS_ADDR %q ist keine Adresse der Form host:port (z. B. 127.0.0.1:9090; „off“ schaltet die Metriken ab)", c.MetricsAddr))
		}
	}
	if a, err := mail.ParseAddress(c.SupportMail); c.SupportMail != "" && (err != nil || a.Address != c.SupportMail) {
		fehler = append(fehler, fmt.Errorf("SUPPORT_MAIL %q ist keine E-Mail-Adresse (z. B. support@eabwasser.example)", c.SupportMail))
	}
	if u, err := url.Parse(c.HilfeURL); c.HilfeURL != "" && (err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil) {
		fehler = append(fehler, fmt.Errorf("HELP_URL %q ist keine Adresse der Form https://host/pfad", c.HilfeURL))
	}
	if _, err := c.Kartenebenen(); err != nil {
		fehler = append(fehler, err)
	}
	if c.DigiWabURL != "" {
		if _, err := wasserbuch.PruefeAdresse(c.DigiWabURL); err != nil {
			fehler = append(fehler, err)
		}
	}
	if len(fehler) == 0 {
		return nil
	}
	return fmt.Errorf("Konfiguration: %w", errors.Join(fehler...))
}

// pruefePublicURL accepts an absolute http(s) URL with a host and nothing a link could not
// be built on (user info, query, fragment).
func pruefePublicURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil ||
		u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return fmt.Errorf("PUBLIC_URL %q ist keine Adresse der Form https://host[:port][/pfad]", s)
	}
	return nil
}
