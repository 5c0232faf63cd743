// Package config reads eAbwasser's configuration from the environment.
package config

import (
	"os"
	"path/filepath"
	"strconv"
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
	JWTSecret    string // JWT_SECRET; empty: a random secret kept in DATA_DIR/jwt-secret
	SMTPURL      string // SMTP_URL; empty: mails go to the log and DATA_DIR/mailbox
	LogLevel     string // LOG_LEVEL: debug, info (default), warn, error
	PublicURL    string // PUBLIC_URL: base of links in mails; empty: the host of the request
	MailFrom     string // MAIL_FROM: sender of mails
	SSOValidate  string // SSO_VALIDATE_URL: CAS ticket validation; empty: SSO is off
	// TrustedProxies is TRUSTED_PROXIES: comma-separated addresses or CIDR ranges of reverse
	// proxies whose X-Forwarded-For names the client; empty: the direct peer is the client.
	TrustedProxies string
}

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
