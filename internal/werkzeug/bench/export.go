package bench

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/xuri/excelize/v2"
)

// export downloads the xlsx export of the whole worklist (every operation, as SYSTEMADMIN)
// and measures the time to the last byte and the server's peak memory (RSS) meanwhile.
func (l *lauf) export(ctx context.Context, s *server, admin, _ nutzer) error {
	// warm the handler once on a small selection, so the figure is the export, not the first call
	if status, _, _, err := s.anfrage(ctx, admin, http.MethodPost, "/api/betrieb/export", []byte(`{"ids":[1,2,3]}`)); err != nil || status != http.StatusOK {
		return fmt.Errorf("export warm-up: %d %v", status, err)
	}
	status, body, d, r, err := mitSpitze(s, func() (int, []byte, time.Duration, error) {
		return s.anfrage(ctx, admin, http.MethodPost, "/api/betrieb/export", nil)
	})
	if err != nil || status != http.StatusOK {
		return fmt.Errorf("export: %d %.300s %v", status, body, err)
	}
	peak, basis, quelle := r.peak, r.basis, r.quelle
	zeilen, err := xlsxZeilen(body)
	if err != nil {
		return fmt.Errorf("export: not a readable xlsx: %w", err)
	}
	l.messung(Messung{ID: "export.xlsx", Bereich: "Export", Name: fmt.Sprintf("xlsx export of %s worklist rows", zahl(zeilen)),
		Text: fmt.Sprintf("%.2f s, server peak RSS %s (%s; %s before), %s file", d.Seconds(), mb(peak), quelle, mb(basis), mb(int64(len(body)))),
		Werte: map[string]float64{"seconds": d.Seconds(), "rows": float64(zeilen), "peak_rss_bytes": float64(peak),
			"rss_before_bytes": float64(basis), "file_bytes": float64(len(body))}}.
		mitZiel("< 5 s in < 150 MB", d < 5*time.Second && peak < 150e6))
	return nil
}

// xlsxZeilen counts the data rows of the first sheet (without the header).
func xlsxZeilen(b []byte) (int, error) {
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	rows, err := f.Rows(f.GetSheetName(0))
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	return n - 1, rows.Error()
}

// spitze is a request's server memory: its peak RSS (how it was read) and the RSS before.
type spitze struct {
	peak, basis int64
	quelle      string
}

// mitSpitze runs a request and measures the server's peak memory (RSS) meanwhile: it resets
// the kernel's high-water mark and reads it afterwards, and samples as well, in case clear_refs
// is not allowed here.
func mitSpitze(s *server, anfrage func() (int, []byte, time.Duration, error)) (int, []byte, time.Duration, spitze, error) {
	basis, err := s.rss("VmRSS")
	if err != nil {
		return 0, nil, 0, spitze{}, err
	}
	zurueckgesetzt := s.spitzeZuruecksetzen() == nil
	var hoechst atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			if v, err := s.rss("VmRSS"); err == nil && v > hoechst.Load() {
				hoechst.Store(v)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	status, body, d, err := anfrage()
	close(stop)
	wg.Wait()
	r := spitze{peak: hoechst.Load(), basis: basis, quelle: "sampled every 5 ms"}
	if zurueckgesetzt {
		if hwm, err := s.rss("VmHWM"); err == nil && hwm > r.peak {
			r.peak = hwm
		}
		r.quelle = "VmHWM"
	}
	return status, body, d, r, err
}
