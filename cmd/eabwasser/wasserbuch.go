package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/internal/plattform/wasserbuch"
)

// runWasserbuch serves the stand-in water book (wasserbuch.Attrappe) for a demo: with
// DIGIWAB_URL=http://<addr> the Bescheid screens link to it and find its water rights.
func runWasserbuch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("wasserbuch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8091", "Adresse des Demo-Wasserbuchs")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: wasserbuch.Attrappe(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "Demo-Wasserbuch auf http://%s (DIGIWAB_URL=http://%s), Wasserrechte: %s\n",
		ln.Addr(), ln.Addr(), strings.Join(wasserbuch.DemoNummern, ", "))
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
