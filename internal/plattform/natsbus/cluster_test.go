package natsbus_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/plattform/natsbus"
	"github.com/eabwasser/eabwasser/internal/werkzeug/testdb"
	"github.com/eabwasser/eabwasser/projections/audit"
	"github.com/eabwasser/eabwasser/projections/projektortest"
)

func freierPort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// knoten starts the three nodes of deployments/nats with Debian's nats-server, the files
// rewritten to loopback ports and a temporary store directory.
func knoten(t *testing.T) ([]*exec.Cmd, []string) {
	t.Helper()
	bin, err := exec.LookPath("nats-server")
	if err != nil {
		bin, err = exec.LookPath("/usr/sbin/nats-server") // Debian's place, not always on PATH
	}
	if err != nil {
		t.Fatal("nats-server is not installed (Debian package nats-server; .ci/run installs it)")
	}
	client := []int{freierPort(t), freierPort(t), freierPort(t)}
	route := []int{freierPort(t), freierPort(t), freierPort(t)}
	dir := t.TempDir()
	var cmds []*exec.Cmd
	var urls []string
	for i := range 3 {
		roh, err := os.ReadFile(filepath.Join("..", "..", "..", "deployments", "nats", fmt.Sprintf("nats-%d.conf", i+1)))
		if err != nil {
			t.Fatal(err)
		}
		conf := string(roh)
		conf = regexp.MustCompile(`(?m)^listen: .*$`).ReplaceAllString(conf, fmt.Sprintf("listen: 127.0.0.1:%d", client[i]))
		conf = regexp.MustCompile(`(?m)^http: .*$`).ReplaceAllString(conf, "")
		conf = regexp.MustCompile(`store_dir: .*`).ReplaceAllString(conf, fmt.Sprintf("store_dir: %q", filepath.Join(dir, fmt.Sprint(i+1))))
		conf = regexp.MustCompile(`(?m)^(\s+)listen: .*:6222$`).ReplaceAllString(conf, fmt.Sprintf("${1}listen: 127.0.0.1:%d", route[i]))
		for j := range 3 {
			conf = strings.ReplaceAll(conf, fmt.Sprintf("nats-route://nats-%d:6222", j+1), fmt.Sprintf("nats-route://127.0.0.1:%d", route[j]))
		}
		pfad := filepath.Join(dir, fmt.Sprintf("nats-%d.conf", i+1))
		if err := os.WriteFile(pfad, []byte(conf), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "-c", pfad)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
		urls = append(urls, fmt.Sprintf("nats://127.0.0.1:%d", client[i]))
	}
	t.Cleanup(func() {
		for _, c := range cmds {
			_ = c.Process.Kill()
			_, _ = c.Process.Wait()
		}
	})
	return cmds, urls
}

func TestCluster_ThreeNodesOneStoppedMidStream_EveryEventArrivesOnce(t *testing.T) {
	cmds, urls := knoten(t)
	url := strings.Join(urls, ",")
	// the cluster is ready when the replicated stream can be created; three servers electing a
	// JetStream meta leader while `go test ./...` loads both cores have taken more than 30 s in
	// CI ("no suitable peers for placement")
	nc, err := natsbus.Connect(url, "test", projektortest.Leise)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	deadline := time.Now().Add(90 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		err := natsbus.EnsureStream(ctx, nc, 3)
		cancel()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("cluster not ready: %v", err)
		}
		time.Sleep(200 * time.Millisecond)
	}

	pool, _ := testdb.New(t)
	store := eventstore.New(pool)
	projektortest.StartMitNATS(t, store, url, 3, audit.Projection)
	zeilen := func() (n, verschieden int) {
		_ = pool.QueryRow(context.Background(), `SELECT count(*), count(DISTINCT position) FROM audit.eintrag`).Scan(&n, &verschieden)
		return n, verschieden
	}
	schreibe := func(von, bis int) {
		for i := von; i < bis; i++ {
			if _, err := store.Append(context.Background(), fmt.Sprintf("betrieb-%d", i%7), "betrieb", eventstore.AnyVersion,
				[]eventstore.NewEvent{{Type: "TestGeschrieben", Data: map[string]int{"i": i}}}, eventstore.Metadata{ActorName: "Prüfer"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	schreibe(0, 150)
	projektortest.WarteBis(t, "150 rows", func() bool { n, _ := zeilen(); return n >= 150 })
	// one node goes down in the middle of the stream
	_ = cmds[0].Process.Kill()
	_, _ = cmds[0].Process.Wait()
	schreibe(150, 300)
	// after a node is killed the stream and the consumer elect new leaders; under the load of a
	// full CI run that has taken longer than the 30 s of WarteBis, so this wait is longer and
	// tells how far the projection got
	for frist := time.Now().Add(90 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		n, _ := zeilen()
		if n >= 300 {
			break
		}
		if time.Now().After(frist) {
			var relay int64
			_ = pool.QueryRow(context.Background(), `SELECT position FROM checkpoints WHERE name = 'relay'`).Scan(&relay)
			t.Fatalf("timed out waiting for 300 rows: %d arrived; relay at position %d; %s", n, relay, zustand(nc))
		}
	}
	time.Sleep(300 * time.Millisecond) // a duplicate would arrive now, and fail its INSERT
	if n, verschieden := zeilen(); n != 300 || verschieden != 300 {
		t.Fatalf("%d rows, %d distinct, want 300", n, verschieden)
	}
}

// zustand tells where the stream and the consumers stand, for a failure message.
func zustand(nc *nats.Conn) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	js, _ := jetstream.New(nc)
	st, err := js.Stream(ctx, natsbus.StreamName)
	if err != nil {
		return "stream: " + err.Error()
	}
	info := st.CachedInfo()
	s := fmt.Sprintf("stream: %d messages, leader %v", info.State.Msgs, info.Cluster)
	for c := range st.ListConsumers(ctx).Info() {
		s += fmt.Sprintf("; consumer %s: delivered %d, ack floor %d, pending %d, ack pending %d, waiting %d, leader %v",
			c.Name, c.Delivered.Stream, c.AckFloor.Stream, c.NumPending, c.NumAckPending, c.NumWaiting, c.Cluster)
	}
	return s
}
