package bescheid

// Anzeigename is how the read models name a Bescheid (the messages, the Aufgaben): its
// Bescheidart and, when it has one, its Aktenzeichen.
func Anzeigename(d Daten) string {
	if d.Aktenzeichen == "" {
		return d.Bescheidart
	}
	return d.Bescheidart + ", Az. " + d.Aktenzeichen
}
