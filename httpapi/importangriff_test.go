package httpapi

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle"
	"github.com/eabwasser/eabwasser/internal/plattform/tabelle/angriff"
)

// speicherKB reads a line (VmRSS, VmHWM) of the process's status in kB.
func speicherKB(t testing.TB, feld string) int64 {
	t.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if rest, ok := strings.CutPrefix(s.Text(), feld+":"); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("no %s in /proc/self/status", feld)
	return 0
}

// spitze runs f and answers how far the process's resident memory rose above where it stood
// before (the kernel's high-water mark, reset first) and how long f took.
func spitze(t testing.TB, f func()) (zuwachsMB int64, dauer time.Duration) {
	t.Helper()
	runtime.GC()
	debug.FreeOSMemory()
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		t.Fatalf("resetting the high-water mark: %v", err)
	}
	vorher := speicherKB(t, "VmRSS")
	start := time.Now()
	f()
	dauer = time.Since(start)
	return (speicherKB(t, "VmHWM") - vorher) / 1024, dauer
}

// Issue 42, findings 1 and 2: every import route gets the decompression bombs and the sheets
// whose rows carry no reference, as an operator and as the staff who may import; each is
// refused with a German message in under two seconds, and the server's memory rises by less
// than 100 MB. (Before the fix, excelize unpacked every part of the archive and normalised
// the reference-less sheet row by row: 3 GB and minutes.) A route the caller may not use
// refuses before it reads the file.
func TestImport_BombenUndZeilenOhneNummerAnJedemImportweg(t *testing.T) {
	w := neueBerichtsWelt(t)
	ctx := t.Context()
	pool := w.dienst.Store.Pool()
	fachadmin := w.fachadmin
	var pid, stich int64
	for _, p := range w.lies(t, w.betreiber)["parameter"].([]any) {
		if m := p.(map[string]any); m["parameterNr"] == "304" && int64(m["messstelle"].(float64)) == w.messstelle {
			pid = int64(m["parameterId"].(float64))
		}
	}
	if err := pool.QueryRow(ctx, `SELECT id FROM werteliste_eintrag WHERE liste = 'selbstueberwachungVorlage' AND wert = 'Stichproben mit Uhrzeit'`).Scan(&stich); err != nil {
		t.Fatal(err)
	}
	a := w.send(t, "PUT", fmt.Sprintf("/api/jahresbericht/%d/messstelle/%d/parameter-messwert/%d", w.bericht, w.messstelle, pid),
		map[string]any{"version": version(w.lies(t, w.betreiber)), "anzahlWerte": 1, "status": "UNBEARBEITET", "vorlageMesswerteId": stich,
			"messwerte": []map[string]any{{"datum": "15.01.2026", "uhrzeit": "08:30", "wert": "0,4"}}}, w.betreiber)
	if a.Code != 200 {
		t.Fatalf("template: %d %s", a.Code, a.Body.String())
	}
	ka := idVon(t, w.kontoWelt, "anlage", "Kläranlage Musterhausen")
	var betrieb int64
	if err := pool.QueryRow(ctx, `SELECT betrieb_id FROM anlage WHERE id = $1`, ka).Scan(&betrieb); err != nil {
		t.Fatal(err)
	}
	kopf := func(pfad string) []string {
		a := w.send(t, "GET", pfad, nil, fachadmin)
		if a.Code != 200 {
			t.Fatalf("GET %s: %d %s", pfad, a.Code, a.Body.String())
		}
		return blattZeilen(t, a.Body.Bytes())[0]
	}
	anlageVersion := func() int {
		return int(w.send(t, "GET", fmt.Sprintf("/api/anlage/%d", ka), nil, fachadmin).json(t)["version"].(float64))
	}
	type weg struct {
		name     string
		pfad     func() string
		kopf     []string
		zeilen   int
		wer      map[string]string // caller → token
		verwehrt map[string]int    // callers refused before the file is read: their status
	}
	wege := []weg{
		{name: "Messwerte", pfad: func() string {
			return fmt.Sprintf("/api/messwert/%d/import-messwerte?version=%d", pid, version(w.lies(t, w.betreiber)))
		}, kopf: kopf(fmt.Sprintf("/api/messwert/jahresbericht/%d/parameter/%d/export-vorlage", w.bericht, pid)), zeilen: 366 * 24,
			wer: map[string]string{"betreiber": w.betreiber}},
		{name: "Entlastungsanlagen", pfad: func() string { return fmt.Sprintf("/api/betrieb/%d/import-entlastungsanlagen", betrieb) },
			kopf: kopf(fmt.Sprintf("/api/betrieb/%d/export-entlastungsanlagen", betrieb)), zeilen: 10_000,
			wer: map[string]string{"fachadmin": fachadmin, "betreiber2": w.betreiber2}, verwehrt: map[string]int{"betreiber2": 403}},
		{name: "Entsorgungsraum", pfad: func() string {
			return fmt.Sprintf("/api/anlage/abwasserbehandlung/%d/import?version=%d", ka, anlageVersion())
		}, kopf: []string{"Gemeinde-Nr.", "Verwaltungseinheit"}, zeilen: validierung.Hoechstanzahl("entsorgungsraeume"),
			wer: map[string]string{"fachadmin": fachadmin, "betreiber2": w.betreiber2}, verwehrt: map[string]int{"betreiber2": 403}},
	}
	zuGross := fmt.Sprintf(tabelle.MsgZuGrossEntpackt, tabelle.HoechstensEntpackt>>20)
	for _, wg := range wege {
		dateien := []struct {
			name  string
			datei []byte
			msg   string
		}{
			{"960 MiB declared as 4 KiB", angriff.Bombe(960<<20, 4096), tabelle.MsgImportFehlgeschlagen},
			{"a 512 MiB entry", angriff.Bombe(512<<20, 512<<20), zuGross},
			{"a header declaring 3 GiB", angriff.Bombe(1<<20, 3<<30), zuGross},
			{"one stream in four entries", angriff.Ueberlappend(4, 4<<20), tabelle.MsgArchivUngueltig},
			{"80,000 rows without r", angriff.OhneZeilennummern(wg.kopf, 80_000), validierung.ZuViele(wg.zeilen)},
			{"1,000,000 rows without r", angriff.OhneZeilennummern(wg.kopf, 1_000_000), validierung.ZuViele(wg.zeilen)},
		}
		for wer, token := range wg.wer {
			for _, d := range dateien {
				t.Run(wg.name+"/"+wer+"/"+d.name, func(t *testing.T) {
					pfad := wg.pfad()
					var a antwort
					zuwachs, dauer := spitze(t, func() {
						a = w.hochladen(t, pfad, token, teil{name: "file", dateiname: "angriff.xlsx", typ: "application/octet-stream", inhalt: string(d.datei)})
					})
					t.Logf("%d KiB: %d %s in %v, +%d MB", len(d.datei)>>10, a.Code, strings.TrimSpace(a.Body.String()), dauer, zuwachs)
					if status, ok := wg.verwehrt[wer]; ok {
						if a.Code != status {
							t.Errorf("status %d, want %d", a.Code, status)
						}
					} else {
						wantFehler(t, a, http.StatusBadRequest, d.msg)
					}
					if dauer > 2*time.Second {
						t.Errorf("answered after %v", dauer)
					}
					if zuwachs > 100 {
						t.Errorf("memory rose by %d MB", zuwachs)
					}
				})
			}
		}
	}
}

// An import whose client goes away stops: the request's context reaches the reader (and the
// transaction). The client sends a sheet of a million reference-less rows and disconnects; the
// handler has returned within a second of that. (Before the fix it went on for minutes.)
func TestImport_EndetWennDerClientGeht(t *testing.T) {
	w := neueBerichtsWelt(t)
	var pid int64
	for _, p := range w.lies(t, w.betreiber)["parameter"].([]any) {
		if m := p.(map[string]any); m["parameterNr"] == "304" && int64(m["messstelle"].(float64)) == w.messstelle {
			pid = int64(m["parameterId"].(float64))
		}
	}
	fertig := make(chan struct{}, 1)
	h := http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w.h.ServeHTTP(rw, r)
		fertig <- struct{}{}
	})
	basis := "http://" + serve(t, h, StandardZeitlimits)
	body, ct := formular(t, teil{name: "file", dateiname: "angriff.xlsx", typ: "application/octet-stream",
		inhalt: string(angriff.OhneZeilennummern([]string{"Datum", "Uhrzeit", "Wert"}, 1_000_000))})
	gesendet := make(chan struct{})
	ctx, abbrechen := context.WithCancel(t.Context())
	req, _ := http.NewRequestWithContext(ctx, "POST", fmt.Sprintf("%s/api/messwert/%d/import-messwerte?version=%d", basis, pid,
		version(w.lies(t, w.betreiber))), &bisZumEnde{r: body, ende: gesendet})
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Authorization", "Bearer "+w.betreiber)
	antwort := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		antwort <- err
	}()
	<-gesendet // the whole file is on its way: the server reads it, then the sheet
	abbrechen()
	weg := time.Now()
	<-antwort
	select {
	case <-fertig:
	case <-time.After(time.Second):
		<-fertig
		t.Fatalf("the import went on for %v after the client left", time.Since(weg))
	}
}

// bisZumEnde closes ende when r has been read to its end.
type bisZumEnde struct {
	r    io.Reader
	ende chan struct{}
}

func (b *bisZumEnde) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err == io.EOF {
		select {
		case <-b.ende:
		default:
			close(b.ende)
		}
	}
	return n, err
}
