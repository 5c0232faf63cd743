package bench

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"
)

// latenzen collects the durations of operations, safe for concurrent use.
type latenzen struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latenzen) add(d ...time.Duration) {
	l.mu.Lock()
	l.d = append(l.d, d...)
	l.mu.Unlock()
}

func (l *latenzen) n() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.d)
}

// quantil is the nearest-rank q-quantile (0 < q <= 1).
func (l *latenzen) quantil(q float64) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.d) == 0 {
		return 0
	}
	s := slices.Clone(l.d)
	slices.Sort(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[min(max(i, 0), len(s)-1)]
}

func (l *latenzen) maximum() time.Duration { return l.quantil(1) }

// ms is a duration in milliseconds as a number for the JSON file.
func ms(d time.Duration) float64 { return math.Round(float64(d.Microseconds())) / 1000 }

// zeit formats a latency for the table: 0.42 ms, 3.1 ms, 48 ms, 1.25 s.
func zeit(d time.Duration) string {
	m := float64(d) / float64(time.Millisecond)
	switch {
	case m >= 1000:
		return fmt.Sprintf("%.2f s", m/1000)
	case m >= 100:
		return fmt.Sprintf("%.0f ms", m)
	case m >= 10:
		return fmt.Sprintf("%.1f ms", m)
	}
	return fmt.Sprintf("%.2f ms", m)
}

// zahl formats a count with thousands separators: 12,345.
func zahl[T int | int64 | float64](v T) string {
	n := int64(math.Round(float64(v)))
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + zahl(-n)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// mb formats bytes as MB (10⁶ bytes), the unit of the export target.
func mb(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/1e6) }

// kb formats bytes as KB (1000 bytes), the unit of the frontend target.
func kb(b int64) string { return fmt.Sprintf("%.1f KB", float64(b)/1000) }
