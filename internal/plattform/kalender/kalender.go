// Package kalender is the calendar of the authority: dates ("today", "valid from") are days in
// Europe/Berlin, whatever zone the server runs in, so the server and the browser agree on the
// date also in the hours around midnight.
package kalender

import (
	"time"
	_ "time/tzdata" // the zone database inside the binary: servers without tzdata still know Berlin
)

// Zone is Europe/Berlin.
var Zone = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		panic(err) // cannot happen with time/tzdata embedded
	}
	return loc
}()

// Jetzt is the current time in Europe/Berlin; its Year, Month and Day are today's date there.
func Jetzt() time.Time { return time.Now().In(Zone) }
