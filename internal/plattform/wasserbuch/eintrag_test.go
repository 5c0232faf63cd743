package wasserbuch

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func attrappenRegister(t *testing.T, zeitlimit time.Duration) *Register {
	t.Helper()
	m := http.NewServeMux()
	m.Handle("/digiwab/", http.StripPrefix("/digiwab", Attrappe()))
	r, _ := register(t, m, zeitlimit)
	return r
}

func TestEintrag_TheStandInsPageArrivesSanitisedWithItsStatusAndDocuments(t *testing.T) {
	r := attrappenRegister(t, 0)
	s, err := r.Eintrag(context.Background(), "S0412346", PDFVerweis)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<h2>Wasserbuch</h2>", "Musterbach (Gewässer II. Ordnung)", `<td class="status1">in Bearbeitung, Frist 30.06.2025</td>`,
		`<td class="status3">Frist überschritten</td>`, `<td class="status2">erledigt</td>`, `<td class="status0">offen</td>`,
		`<a href="/api/digiwab-pdf/?entryId=WBB-S0412346&amp;dokId=erlaubnis-2025">Erlaubnisbescheid vom 15.01.2025</a>`} {
		if !strings.Contains(s.HTML, want) {
			t.Errorf("missing %s in %s", want, s.HTML)
		}
	}
	for _, weg := range []string{"script", "wasserbuchGeladen", "style", "onclick", "onload", "tabelle", "zelle", "<title"} {
		if strings.Contains(s.HTML, weg) {
			t.Errorf("%q survived: %s", weg, s.HTML)
		}
	}
	if _, err := r.Eintrag(context.Background(), "S9999999", PDFVerweis); !errors.Is(err, ErrUnbekannt) {
		t.Errorf("unknown entry: %v", err)
	}
	if _, err := r.Eintrag(context.Background(), "../admin", PDFVerweis); !errors.Is(err, ErrNummer) {
		t.Errorf("bad id: %v", err)
	}
	if _, err := (&Register{}).Eintrag(context.Background(), "S0412346", PDFVerweis); !errors.Is(err, ErrNichtKonfiguriert) {
		t.Errorf("not configured: %v", err)
	}
}

func TestDokument_APDFOfTheRegisterWithinItsBound(t *testing.T) {
	r := attrappenRegister(t, 0)
	d, err := r.Dokument(context.Background(), EntryID("S0412346"), "erlaubnis-2025")
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := io.ReadAll(d)
	d.Close()
	if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF-1.4")) || !bytes.HasSuffix(pdf, []byte("%%EOF\n")) ||
		!bytes.Contains(pdf, []byte("Erlaubnisbescheid vom 15.01.2025")) || !bytes.Contains(pdf, []byte("Gew\xe4sser")) {
		t.Fatalf("pdf %v: %q", err, pdf)
	}
	for _, f := range [][2]string{{EntryID("S0412346"), "gibt-es-nicht"}, {"WBB-X", "lageplan"}} {
		if _, err := r.Dokument(context.Background(), f[0], f[1]); !errors.Is(err, ErrUnbekannt) {
			t.Errorf("%v: %v", f, err)
		}
	}
	for _, f := range [][2]string{{"", "lageplan"}, {EntryID("S0412346"), ""}, {"../x", "lageplan"}, {EntryID("S0412346"), "a/b"}} {
		if _, err := r.Dokument(context.Background(), f[0], f[1]); !errors.Is(err, ErrNummer) {
			t.Errorf("%v: %v", f, err)
		}
	}
}

func TestDokument_TooLargeOrNoPDFIsAnErrorOfTheRegister(t *testing.T) {
	gross := bytes.Repeat([]byte("x"), MaxDokument+10)
	copy(gross, "%PDF-1.7\n")
	for name, h := range map[string]http.HandlerFunc{
		"announced too large": func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(gross) },
		"streamed too large": func(w http.ResponseWriter, _ *http.Request) {
			for i := 0; i < len(gross); i += 1 << 20 {
				_, _ = w.Write(gross[i:min(i+1<<20, len(gross))])
				w.(http.Flusher).Flush()
			}
		},
		"a login page": func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("<html>Anmeldung</html>")) },
	} {
		t.Run(name, func(t *testing.T) {
			r, _ := register(t, h, 0)
			d, err := r.Dokument(context.Background(), "WBB-1", "d")
			if err == nil {
				_, err = io.Copy(io.Discard, d)
				d.Close()
			}
			if !errors.Is(err, ErrFehler) {
				t.Fatalf("%v", err)
			}
		})
	}
}

func TestEintrag_ASlowRegisterEndsAfterTheTimeLimit(t *testing.T) {
	halt := make(chan struct{})
	defer close(halt)
	r, _ := register(t, http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		select {
		case <-halt:
		case <-req.Context().Done():
		}
	}), 200*time.Millisecond)
	start := time.Now()
	if _, err := r.Eintrag(context.Background(), "S0412346", PDFVerweis); !errors.Is(err, ErrNichtErreichbar) {
		t.Fatalf("page: %v", err)
	}
	if _, err := r.Dokument(context.Background(), "WBB-S0412346", "lageplan"); !errors.Is(err, ErrNichtErreichbar) {
		t.Fatalf("document: %v", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("answered after %s", d)
	}
}
