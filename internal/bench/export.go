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
	basis, err := s.rss("VmRSS")
	if err != nil {
		return err
	}
	// Peak RSS: reset the kernel's high-water mark and read it afterwards; sample as well, in case
	// clear_refs is not allowed here.
	zurueckgesetzt := s.spitzeZuruecksetzen() == nil
	var spitze atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			if v, err := s.rss("VmRSS"); err == nil && v > spitze.Load() {
				spitze.Store(v)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	status, body, d, err := s.anfrage(ctx, admin, http.MethodPost, "/api/betrieb/export", nil)
	close(stop)
	wg.Wait()
	if err != nil || status != http.StatusOK {
		return fmt.Errorf("export: %d %.300s %v", status, body, err)
	}
	peak := spitze.Load()
	quelle := "sampled every 5 ms"
	if zurueckgesetzt {
		if hwm, err := s.rss("VmHWM"); err == nil && hwm > peak {
			peak = hwm
		}
		quelle = "VmHWM"
	}
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
