package bench

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/httpapi"
)

// server is `eabwasser serve` on the bench database, as a child process: the real wiring of
// internal/verdrahtung/app, its own embedded NATS, relay and projectors, and a process of its own whose
// memory can be measured.
type server struct {
	cmd    *exec.Cmd
	basis  string // http://127.0.0.1:port
	secret []byte
	dir    string
	ende   chan error
	client *http.Client
}

// mitServer runs the parts that need the server: queries, HTTP load, export, projection lag.
func (l *lauf) mitServer(ctx context.Context) error {
	if err := l.relayAmEnde(ctx); err != nil {
		return err
	}
	s, err := l.serverStarten(ctx)
	if err != nil {
		return err
	}
	defer s.stoppen(l)
	admin, err := l.nutzer(ctx, s, `a.benutzername = 'systemadmin'`)
	if err != nil {
		return err
	}
	org, err := l.nutzer(ctx, s, `'BETREIBER' = ANY(a.funktionale_rollen) AND a.organisation_id =
		(SELECT betreiber_id FROM betrieb GROUP BY betreiber_id ORDER BY count(*) DESC, betreiber_id LIMIT 1)`)
	if err != nil {
		return err
	}
	if (l.gewaehlt("server") || l.gewaehlt("netz") || l.gewaehlt("druck") || l.gewaehlt("import")) && !l.gewaehlt("rebuild") {
		// -nur seed,server: no rebuild phase (its long transactions hold back the snapshot of
		// every database on the cluster); the server's projectors build the read models from
		// the log first, in short batches, and the measurements start once they have caught up
		l.printf("  no rebuild phase: the server's projectors build the read models first")
		if err := l.aufgeholt(ctx, 45*time.Minute); err != nil {
			return err
		}
	}
	if err := l.nachNeuaufbau(ctx, s, admin, org); err != nil {
		return err
	}
	schritte := []func(context.Context, *server, nutzer, nutzer) error{l.abfragen, l.bescheide, l.jahresberichte, l.entlastungen, l.druck, l.geodaten, l.nummernRennen, l.last, l.export, l.verzoegerung}
	switch {
	case l.gewaehlt("server"):
	case l.gewaehlt("netz") || l.gewaehlt("druck") || l.gewaehlt("import"): // -nur seed,netz / seed,druck / seed,import: the plant network's rows, the print, the imports alone
		schritte = nil
		if l.gewaehlt("import") {
			schritte = append(schritte, l.jahresberichte)
		}
		if l.gewaehlt("netz") || l.gewaehlt("import") {
			schritte = append(schritte, l.entlastungen)
		}
		if l.gewaehlt("druck") {
			schritte = append(schritte, l.druck)
		}
	default: // -nur lag: the lag loads alone, once the read models have caught up
		schritte = schritte[len(schritte)-1:]
		if err := l.aufgeholt(ctx, 15*time.Minute); err != nil {
			return err
		}
		if _, err := l.pool.Exec(ctx, `VACUUM (ANALYZE)`); err != nil {
			return err
		}
	}
	for _, f := range schritte {
		if err := f(ctx, s, admin, org); err != nil {
			return err
		}
	}
	return nil
}

// relayAmEnde lets the relay start at the head of the log. The seeded history counts as
// published long ago (JetStream keeps events for 7 days anyway); without this the relay would
// first publish a million events, and the lag measurement would measure that backlog.
func (l *lauf) relayAmEnde(ctx context.Context) error {
	if err := l.sichtbar(ctx); err != nil {
		return err
	}
	var c eventstore.Cursor
	err := l.pool.QueryRow(ctx, `SELECT tx_id::text::bigint, global_position FROM events
		ORDER BY tx_id DESC, global_position DESC LIMIT 1`).Scan(&c.TxID, &c.Position)
	if err != nil {
		return err
	}
	return eventstore.SaveCheckpoint(ctx, l.pool, eventstore.RelayName, c)
}

func (l *lauf) serverStarten(ctx context.Context) (*server, error) {
	dir, err := os.MkdirTemp("", "eabwasser-bench-")
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	adresse := ln.Addr().String()
	ln.Close()
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	s := &server{basis: "http://" + adresse, secret: []byte(hex.EncodeToString(b)), dir: dir, ende: make(chan error, 1),
		client: &http.Client{Timeout: 5 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 128, DisableCompression: true}}}
	env := []string{"DATABASE_URL=" + l.url, "HTTP_ADDR=" + adresse, "DATA_DIR=" + dir, "JWT_SECRET=" + string(s.secret), "LOG_LEVEL=info",
		"METRICS_ADDR=off"}
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "DATABASE_URL", "NATS_URL", "NATS_REPLICAS", "HTTP_ADDR", "DATA_DIR", "JWT_SECRET", "SMTP_URL", "SSO_VALIDATE_URL",
			"PUBLIC_URL", "LOG_LEVEL", "METRICS_ADDR", "DIGIWAB_URL":
		default:
			env = append(env, kv)
		}
	}
	logDatei, err := os.Create(filepath.Join(dir, "serve.log"))
	if err != nil {
		return nil, err
	}
	s.cmd = exec.Command(l.o.Programm, "serve")
	s.cmd.Env, s.cmd.Stdout, s.cmd.Stderr = env, logDatei, logDatei
	if err := s.cmd.Start(); err != nil {
		logDatei.Close()
		return nil, err
	}
	go func() { s.ende <- s.cmd.Wait(); logDatei.Close() }()
	l.printf("  server: %s serve on %s (pid %d, log %s)", l.o.Programm, adresse, s.cmd.Process.Pid, logDatei.Name())
	deadline := time.Now().Add(3 * time.Minute)
	for {
		select {
		case err := <-s.ende:
			return nil, fmt.Errorf("serve ended: %v\n%s", err, s.logEnde())
		case <-ctx.Done():
			s.stoppen(l)
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		resp, err := s.client.Get(s.basis + "/api/health")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		if time.Now().After(deadline) {
			s.stoppen(l)
			return nil, fmt.Errorf("serve did not become healthy\n%s", s.logEnde())
		}
	}
}

func (s *server) logEnde() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "serve.log"))
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}

// stoppen shuts the server down gracefully (SIGTERM) and removes its data directory.
func (s *server) stoppen(l *lauf) {
	if s.cmd.ProcessState == nil {
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.ende:
		case <-time.After(30 * time.Second):
			_ = s.cmd.Process.Kill()
			<-s.ende
		}
	}
	if n := strings.Count(s.logEnde(), `"level":"ERROR"`); n > 0 {
		l.printf("  server log has errors:\n%s", s.logEnde())
	}
	_ = os.RemoveAll(s.dir)
}

// nutzer is an account of the bench data with a real session token.
type nutzer struct {
	id, organisation int64
	name             string
	token            string
}

func (l *lauf) nutzer(ctx context.Context, s *server, where string) (nutzer, error) {
	var n nutzer
	var rollen []string
	var sitzung int
	err := l.pool.QueryRow(ctx, `SELECT a.id, a.vorname || ' ' || a.name, a.funktionale_rollen, a.sitzung, coalesce(a.organisation_id, 0)
		FROM anwender a WHERE `+where+` ORDER BY a.id LIMIT 1`).Scan(&n.id, &n.name, &rollen, &sitzung, &n.organisation)
	if err != nil {
		return n, fmt.Errorf("bench user (%s): %w", where, err)
	}
	b := httpapi.Benutzer{ID: strconv.FormatInt(n.id, 10), Name: n.name, FunktionaleRollen: rollen, Sitzung: sitzung}
	if n.organisation != 0 {
		b.Organisation = strconv.FormatInt(n.organisation, 10)
	}
	n.token, err = httpapi.SignToken(s.secret, b, 4*time.Hour)
	return n, err
}

// anfrage sends one request and reads the whole answer.
func (s *server) anfrage(ctx context.Context, n nutzer, method, pfad string, body []byte) (int, []byte, time.Duration, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, s.basis+pfad, rd)
	if err != nil {
		return 0, nil, 0, err
	}
	req.Header.Set("Authorization", "Bearer "+n.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	start := time.Now()
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, nil, 0, err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	return resp.StatusCode, out, time.Since(start), err
}

// hochladen posts a file as the part file of a multipart form (the imports) as n.
func (s *server) hochladen(ctx context.Context, n nutzer, pfad, dateiname string, datei []byte) (int, []byte, error) {
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	teil, err := mw.CreateFormFile("file", dateiname)
	if err != nil {
		return 0, nil, err
	}
	if _, err := teil.Write(datei); err != nil {
		return 0, nil, err
	}
	if err := mw.Close(); err != nil {
		return 0, nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.basis+pfad, bytes.NewReader(form.Bytes()))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+n.token)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	return resp.StatusCode, out, err
}

// rss reads a memory figure of the server process from /proc (VmRSS, VmHWM) in bytes.
func (s *server) rss(feld string) (int64, error) {
	v := procWert(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid), feld)
	if v == "" {
		return 0, errors.New("no " + feld + " in /proc")
	}
	kb, err := strconv.ParseInt(strings.Fields(v)[0], 10, 64)
	return kb * 1024, err
}

// spitzeZuruecksetzen resets the process's peak RSS (VmHWM) to its current RSS.
func (s *server) spitzeZuruecksetzen() error {
	return os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", s.cmd.Process.Pid), []byte("5"), 0)
}
