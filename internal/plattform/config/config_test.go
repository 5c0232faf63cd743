package config

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"strings"
	"testing"
)

// unsetenv removes key for the test; a t.Setenv before it restores the value afterwards.
func unsetenv(t *testing.T, key string) {
	t.Helper()
	if err := os.Unsetenv(key); err != nil {
		t.Fatal(err)
	}
}

func TestFromEnv_MetricsAddrDefaultsToLoopbackAndCanBeSwitchedOff(t *testing.T) {
	for _, c := range []struct {
		gesetzt    bool
		wert, want string
		standard   bool
	}{
		{false, "", StandardMetricsAddr, true},
		{true, "", "", false},
		{true, "off", "", false},
		{true, " OFF ", "", false},
		{true, "10.0.0.5:9100", "10.0.0.5:9100", false},
	} {
		if c.gesetzt {
			t.Setenv("METRICS_ADDR", c.wert)
		} else {
			t.Setenv("METRICS_ADDR", "x")
			unsetenv(t, "METRICS_ADDR")
		}
		if got := FromEnv(); got.MetricsAddr != c.want || got.MetricsAddrStandard != c.standard {
			t.Errorf("METRICS_ADDR %v %q: %q %v, want %q %v", c.gesetzt, c.wert, got.MetricsAddr, got.MetricsAddrStandard, c.want, c.standard)
		}
	}
}

func TestFromEnv_SupportMailAndHelpLinkComeFromTheEnvironment(t *testing.T) {
	t.Setenv("SUPPORT_MAIL", "x")
	unsetenv(t, "SUPPORT_MAIL")
	t.Setenv("HELP_URL", "x")
	unsetenv(t, "HELP_URL")
	if c := FromEnv(); c.SupportMail != StandardSupportMail || c.HilfeURL != StandardHilfeURL {
		t.Fatalf("defaults: %q %q", c.SupportMail, c.HilfeURL)
	}
	t.Setenv("SUPPORT_MAIL", " hilfe@rlp.example ")
	t.Setenv("HELP_URL", "https://wiki.rlp.example/eabwasser")
	if c := FromEnv(); c.SupportMail != "hilfe@rlp.example" || c.HilfeURL != "https://wiki.rlp.example/eabwasser" {
		t.Fatalf("configured: %q %q", c.SupportMail, c.HilfeURL)
	}
}

func TestPruefeFuerServe_SecretPublicURLAndMetricsAddr(t *testing.T) {
	lang := "9f2c4e7a1b3d5f60e8a2c4b6d8f0a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5" // like openssl rand -hex 32
	for _, c := range []struct {
		cfg  Config
		want []string // parts of the error; none: accepted
	}{
		{Config{}, nil},
		{Config{JWTSecret: lang}, nil},
		{Config{JWTSecret: lang, SMTPURL: "smtp://m:587", SSOValidate: "https://cas/v", PublicURL: "https://eabwasser.example/"}, nil},
		{Config{PublicURL: "http://localhost:8080", MetricsAddr: "127.0.0.1:9090"}, nil},
		{Config{MetricsAddr: ":9090"}, nil},
		{Config{JWTSecret: "CHANGE-ME"}, []string{"JWT_SECRET ist 9 Bytes lang, verlangt sind mindestens 32", "openssl rand -hex 32"}},
		{Config{JWTSecret: lang[:31]}, []string{"JWT_SECRET ist 31 Bytes lang"}},
		{Config{JWTSecret: strings.Repeat("a", MinJWTSecret)}, []string{"JWT_SECRET ist zu gleichförmig (1 verschiedene Zeichen, 0.0 Bit", "openssl rand -hex 32"}},
		{Config{JWTSecret: strings.Repeat("passwort", 4)}, []string{"JWT_SECRET ist zu gleichförmig"}},
		{Config{JWTSecret: strings.Repeat("0123456789abcdef", 2)}, []string{"JWT_SECRET ist zu gleichförmig"}},
		{Config{JWTSecret: "0123456789abcdef0123456789abcdef0"}, []string{"JWT_SECRET ist zu gleichförmig"}},
		// near repeats and phrases pass the counts; zxcvbn finds them (issue 42)
		{Config{JWTSecret: strings.Repeat("abcdefghij", 3) + "ab12"}, []string{"JWT_SECRET ist zu leicht zu erraten", "openssl rand -hex 32"}},
		{Config{JWTSecret: "Sommer2026!Sommer2026!Herbst2026"}, []string{"JWT_SECRET ist zu leicht zu erraten"}},
		{Config{JWTSecret: "correct horse battery staple for eAbwasser"}, []string{"JWT_SECRET enthält Leerzeichen"}},
		{Config{JWTSecret: "rW8mQ2zL5vX9pK3tB7nY4cF6hJ1dG0sA"}, nil},
		{Config{SMTPURL: "smtp://m:587"}, []string{"PUBLIC_URL fehlt: mit SMTP_URL braucht"}},
		{Config{SMTPURL: "smtp://m:587", SSOValidate: "https://cas/v"}, []string{"PUBLIC_URL fehlt: mit SMTP_URL und SSO_VALIDATE_URL"}},
		{Config{SSOValidate: "https://cas/v"}, []string{"PUBLIC_URL fehlt: mit SSO_VALIDATE_URL"}},
		{Config{PublicURL: "eabwasser.example"}, []string{`PUBLIC_URL "eabwasser.example" ist keine Adresse`}},
		{Config{PublicURL: "https://user:pw@eabwasser.example"}, []string{"PUBLIC_URL"}},
		{Config{PublicURL: "https://eabwasser.example/?a=b"}, []string{"PUBLIC_URL"}},
		{Config{PublicURL: "ftp://eabwasser.example"}, []string{"PUBLIC_URL"}},
		{Config{MetricsAddr: "9090"}, []string{"METRICS_ADDR"}},
		{Config{SupportMail: "hilfe@rlp.example", HilfeURL: "https://wiki.rlp.example/eabwasser"}, nil},
		{Config{SupportMail: "Hilfe <hilfe@rlp.example>"}, []string{"SUPPORT_MAIL"}},
		{Config{HilfeURL: "javascript:alert(1)"}, []string{"HELP_URL"}},
		{Config{DigiWabURL: "https://digiwab.rlp.example/wasserbuch/"}, nil},
		{Config{DigiWabURL: "javascript:alert(1)"}, []string{`DIGIWAB_URL "javascript:alert(1)" ist keine Adresse`}},
		{Config{DigiWabURL: "https://u:p@digiwab.example"}, []string{"DIGIWAB_URL"}},
		{Config{JWTSecret: "kurz", SMTPURL: "smtp://m", MetricsAddr: "x"}, []string{"JWT_SECRET", "PUBLIC_URL fehlt", "METRICS_ADDR"}},
	} {
		err := c.cfg.PruefeFuerServe()
		if len(c.want) == 0 {
			if err != nil {
				t.Errorf("%+v: %v", c.cfg, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%+v: accepted", c.cfg)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) || !strings.HasPrefix(err.Error(), "Konfiguration: ") {
				t.Errorf("%+v: %q lacks %q", c.cfg, err, w)
			}
		}
	}
}

// The secret check must never refuse what the README tells operators to use: 200,000 secrets
// as „openssl rand -hex 32“ makes them pass the variety rule (the chance that one of them has
// fewer than 10 distinct digits is below 2·10⁻⁴), and 300 the whole check (zxcvbn takes about
// 10 ms a secret; it estimates 64 random hexadecimal digits at 10^60 guesses and more).
func TestPruefeFuerServe_JWTSecretsOfOpensslRandHex32AreNeverRefused(t *testing.T) {
	for i := range 200000 {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			t.Fatal(err)
		}
		s := hex.EncodeToString(b)
		pruefe := pruefeVielfalt
		if i < 300 {
			pruefe = func(s string) error { return (Config{JWTSecret: s}).PruefeFuerServe() }
		}
		if err := pruefe(s); err != nil {
			t.Fatalf("%s refused: %v", s, err)
		}
	}
}

func TestKartenebenen_MapLayersIsAJSONListOfWMSOrWMTSLayers(t *testing.T) {
	if e, err := (Config{}).Kartenebenen(); err != nil || e != nil {
		t.Fatalf("unset: %v %v", e, err)
	}
	gut := `[{"typ":"wms","url":"https://geo.rlp.example/wms","layers":"DOP20,Gewaesser","titel":"Luftbild"},` +
		`{"typ":"wmts","url":"http://geo.rlp.example/wmts","layers":"grau","titel":"Basiskarte"}]`
	e, err := Config{MapLayers: gut}.Kartenebenen()
	if err != nil || len(e) != 2 || e[0] != (Kartenebene{Typ: "wms", URL: "https://geo.rlp.example/wms", Layers: "DOP20,Gewaesser", Titel: "Luftbild"}) || e[1].Typ != "wmts" {
		t.Fatalf("configured: %+v %v", e, err)
	}
	for _, c := range []struct{ wert, teil string }{
		{`{"typ":"wms"}`, "keine JSON-Liste"},
		{`[{"typ":"xyz","url":"https://a/b","layers":"x","titel":"t"}]`, `Ebene 1: typ "xyz"`},
		{`[{"typ":"wms","url":"javascript:alert(1)","layers":"x","titel":"t"}]`, "Ebene 1: url"},
		{`[{"typ":"wms","url":"https://u:p@a/b","layers":"x","titel":"t"}]`, "Ebene 1: url"},
		{`[{"typ":"wms","url":"https://a/b","layers":"","titel":"t"}]`, "Ebene 1: layers fehlt"},
		{`[{"typ":"wms","url":"https://a/b","layers":"x","titel":"t"},{"typ":"wms","url":"https://a/b","layers":"x","titel":""}]`, "Ebene 2: titel fehlt"},
		{`[{"typ":"wms","url":"https://a/b","layers":"x","titel":"t","farbe":"rot"}]`, "unknown field"},
	} {
		if _, err := (Config{MapLayers: c.wert}).Kartenebenen(); err == nil || !strings.Contains(err.Error(), c.teil) {
			t.Errorf("%s: %v, want %q", c.wert, err, c.teil)
		}
		if err := (Config{MapLayers: c.wert}).PruefeFuerServe(); err == nil || !strings.Contains(err.Error(), "MAP_LAYERS") {
			t.Errorf("serve with %s: %v", c.wert, err)
		}
	}
}

func TestFromEnv_DigiWabURL(t *testing.T) {
	t.Setenv("DIGIWAB_URL", " https://digiwab.rlp.example/wasserbuch ")
	if c := FromEnv(); c.DigiWabURL != "https://digiwab.rlp.example/wasserbuch" {
		t.Fatalf("DIGIWAB_URL %q", c.DigiWabURL)
	}
	unsetenv(t, "DIGIWAB_URL")
	if c := FromEnv(); c.DigiWabURL != "" {
		t.Fatalf("unset: %q", c.DigiWabURL)
	}
}
