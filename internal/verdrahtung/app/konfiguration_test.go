package app_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/internal/plattform/config"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
)

func TestServe_RefusesAShortOrUniformJWTSecretAndMailOrSSOWithoutPublicURL(t *testing.T) {
	_, url := testdb.New(t)
	lang := "9f2c4e7a1b3d5f60e8a2c4b6d8f0a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5" // like openssl rand -hex 32
	for _, c := range []struct {
		name    string
		cfg     config.Config
		enthalt string
	}{
		{"the example's placeholder", config.Config{JWTSecret: "CHANGE-ME"}, "JWT_SECRET ist 9 Bytes lang, verlangt sind mindestens 32"},
		{"31 bytes", config.Config{JWTSecret: lang[:31]}, "JWT_SECRET ist 31 Bytes lang"},
		// issue 27: long enough, but nothing a random generator makes
		{"32 times the same letter", config.Config{JWTSecret: strings.Repeat("a", 32)}, "JWT_SECRET ist zu gleichförmig"},
		{"a repeated word", config.Config{JWTSecret: strings.Repeat("CHANGE-ME-", 4)}, "„openssl rand -hex 32“"},
		{"a repeated alphabet", config.Config{JWTSecret: strings.Repeat("0123456789abcdef", 2)}, "JWT_SECRET ist zu gleichförmig"},
		{"mail without PUBLIC_URL", config.Config{JWTSecret: lang, SMTPURL: "smtp://mail.example:587"}, "PUBLIC_URL fehlt: mit SMTP_URL"},
		{"SSO without PUBLIC_URL", config.Config{JWTSecret: lang, SSOValidate: "https://cas.example/serviceValidate"}, "PUBLIC_URL fehlt: mit SSO_VALIDATE_URL"},
		{"PUBLIC_URL without a scheme", config.Config{JWTSecret: lang, PublicURL: "eabwasser.example"}, `PUBLIC_URL "eabwasser.example" ist keine Adresse`},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg
			cfg.DatabaseURL, cfg.HTTPAddr, cfg.DataDir = url, freeAddr(t), t.TempDir()
			a, err := app.Open(context.Background(), cfg, slog.New(slog.NewJSONHandler(io.Discard, nil)))
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- a.Serve(ctx) }()
			select {
			case err = <-done:
			case <-time.After(8 * time.Second):
				cancel()
				<-done
				t.Fatal("Serve started instead of refusing the configuration")
			}
			if err == nil || !strings.Contains(err.Error(), c.enthalt) {
				t.Fatalf("Serve = %v, want an error with %q", err, c.enthalt)
			}
			if resp, err := http.Get("http://" + cfg.HTTPAddr + "/api/health"); err == nil {
				resp.Body.Close()
				t.Fatal("the server answers although the configuration was refused")
			}
		})
	}
}

func TestServe_MetricsOnTheirOwnLoopbackListenerNotOnThePublicOne(t *testing.T) {
	metriken := freeAddr(t)
	in := startMit(t, func(c *config.Config) { c.MetricsAddr, c.JWTSecret = metriken, "" })
	if resp, _ := in.get(t, "/metrics", ""); resp.StatusCode != 404 {
		t.Fatalf("public /metrics: %d", resp.StatusCode)
	}
	// the projection gauges carry labels and appear once the projectors have reported
	var body []byte
	status := 0
	for frist := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		resp, err := http.Get("http://" + metriken + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		body, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		status = resp.StatusCode
		ok := status == 200 && strings.Contains(string(body), "eabwasser_relay_position") &&
			strings.Contains(string(body), "eabwasser_projection_position")
		if ok {
			break
		}
		if time.Now().After(frist) {
			t.Fatalf("metrics listener: %d %.300s", status, body)
		}
	}
	// without JWT_SECRET the generated secret in DATA_DIR is long enough
	secret, err := os.ReadFile(filepath.Join(in.cfg.DataDir, "jwt-secret"))
	if err != nil || len(secret) < config.MinJWTSecret {
		t.Fatalf("generated secret: %d bytes, %v", len(secret), err)
	}
}

func TestServe_TakenMetricsAddrFailsWhenSetButNotWhenItIsTheDefault(t *testing.T) {
	belegt, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer belegt.Close()
	// the default taken (a second instance on the machine): the instance runs without metrics
	in := startMit(t, func(c *config.Config) { c.MetricsAddr, c.MetricsAddrStandard = belegt.Addr().String(), true })
	if resp, _ := in.get(t, "/api/health", ""); resp.StatusCode != 200 {
		t.Fatalf("health: %d", resp.StatusCode)
	}
	// an address the operator set must be free
	_, url := testdb.New(t)
	cfg := config.Config{DatabaseURL: url, HTTPAddr: freeAddr(t), DataDir: t.TempDir(), MetricsAddr: belegt.Addr().String()}
	a, err := app.Open(context.Background(), cfg, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := a.Serve(ctx); err == nil || !strings.Contains(err.Error(), "METRICS_ADDR") {
		t.Fatalf("Serve = %v, want the taken METRICS_ADDR", err)
	}
}
