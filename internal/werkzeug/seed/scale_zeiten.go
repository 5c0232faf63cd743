package seed

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/internal/plattform/kalender"
)

// --- the scale data's past (issue 33) --------------------------------------------------------

// Every step of a scale plan has its moment (schritt.am): the day the plan's own dates give it
// (a request at its operation's beginn, a version at its GueltigAb, a Bescheid two weeks before
// its release, …) at a working-hours minute drawn from the object and the step. Both paths
// record each event at its step's moment in the seed's own transaction (befehlsweg through
// amTag, massenweg with one UPDATE per transaction), as the demo does (zeitreise.go). The
// moments depend on Heute only, never on the clock, so two runs with the same Heute write the
// same times; none lies on or after Heute's date, which is not after the seed's start.

// zeitlinie is what the moments of a run hang on.
type zeitlinie struct {
	heute   time.Time // Heute's date, 00:00 in Europe/Berlin: every moment lies before it
	letzter time.Time // the last working day before Heute (00:00): where "today's" steps go
}

func zeitlinieZu(heute time.Time) zeitlinie {
	z := zeitlinie{heute: time.Date(heute.Year(), heute.Month(), heute.Day(), 0, 0, 0, 0, kalender.Zone)}
	z.letzter = z.heute.AddDate(0, 0, -1)
	for z.letzter.Weekday() == time.Saturday || z.letzter.Weekday() == time.Sunday {
		z.letzter = z.letzter.AddDate(0, 0, -1)
	}
	return z
}

// um is the moment step schritt of object nr happened on day tag (its calendar date counts):
// a working day — a Saturday or Sunday moves to the Monday after — between 08:00 and 16:59 in
// Europe/Berlin. A day on or after Heute's becomes the last working day before it: what the
// plan does "today" happened yesterday, as the seed runs.
func (z zeitlinie) um(tag time.Time, nr, schritt int) time.Time {
	t := time.Date(tag.Year(), tag.Month(), tag.Day(), 0, 0, 0, 0, kalender.Zone)
	switch t.Weekday() {
	case time.Saturday:
		t = t.AddDate(0, 0, 2)
	case time.Sunday:
		t = t.AddDate(0, 0, 1)
	}
	if !t.Before(z.heute) {
		t = z.letzter
	}
	h := uint64(nr)*0x9E3779B97F4A7C15 + uint64(schritt+1)*0xBF58476D1CE4E5B9
	h ^= h >> 29
	return t.Add(time.Duration(8*60+h%540) * time.Minute)
}

// gestern is step schritt of object nr on the last working day before Heute.
func (z zeitlinie) gestern(nr, schritt int) time.Time { return z.um(z.letzter, nr, schritt) }

// zeitfolge makes the moments of a plan's steps strictly increasing, as the versions of a
// stream follow each other: a step the plan dates on or before its predecessor — a renaming
// valid from a day before the last yearly figures were saved, entered afterwards — is
// recorded a few minutes after it. It refuses a step without a moment or one not before
// Heute's date.
func (z zeitlinie) zeitfolge(p *plan) error {
	for i := range p.schritte {
		s := &p.schritte[i]
		if i > 0 && !s.am.After(p.schritte[i-1].am) {
			s.am = p.schritte[i-1].am.Add(time.Duration(2+i%5) * time.Minute)
		}
		if s.am.IsZero() || !s.am.Before(z.heute) {
			return fmt.Errorf("seed: Schritt %d (%T) von %d hat keine Zeit vor dem %s: %s", i+1, s.befehl, p.id,
				z.heute.Format("02.01.2006"), s.am.Format(time.RFC3339))
		}
	}
	return nil
}

// tagNach is day t plus d days at noon UTC, the way the plans' dates are kept.
func tagNach(t time.Time, d int) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day()+d, 12, 0, 0, 0, time.UTC)
}

// zeitzufall is the random source of the days between the steps of object nr of kind art,
// apart from the one its data is drawn from (that stays as it was before the steps had times).
func zeitzufall(art, nr int) *rand.Rand { return zufall(100+art, nr) }

// amTagDes is the day of a plan's date yyyy-MM-dd (a GueltigAb, a shut-down) at noon UTC.
func amTagDes(datum string) time.Time {
	t, err := time.Parse(historie.Datumsformat, datum)
	if err != nil {
		panic(fmt.Sprintf("seed: %q ist kein Datum", datum))
	}
	return tagNach(t, 0)
}
