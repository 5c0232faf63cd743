package sso

import "time"

// SetzeZeitlimit lets the timeout test run in milliseconds instead of ten seconds.
func SetzeZeitlimit(d time.Duration) (zurueck func()) {
	alt := zeitlimit
	zeitlimit = d
	return func() { zeitlimit = alt }
}
