package verlauf

import (
	"strconv"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Sicht is one caller's view of an object of an area (docs/security.md, "One view per role").
// Each area builds it in one function from the caller and the object as it is now, and every
// read of the object shows it through that view: the detail, the versions (Historie), the
// state at a version (Stand), the Verlauf and the changes a conflict's answer lists. So no
// read shows what the detail hides.
type Sicht[S any] struct {
	// Zustand is a state of the object as the caller may see it: what his detail hides —
	// fields, the content of an open application, accounts it names — taken out. nil: all.
	Zustand func(S) S
	// Antraege tells whether the caller sees what an application asked for and how it was
	// decided (the Verlauf's application block).
	Antraege bool
	// Namen tells whether the caller may see the name of who did an event (its metadata);
	// nil: every name. Set it with NamenFuer.
	Namen func(eventstore.Metadata) bool
}

// Alles is the view of whoever may see everything of the object: the Ereignisprotokoll,
// whose readers may read the whole audit trail, and areas without a role view yet.
func Alles[S any]() Sicht[S] { return Sicht[S]{Antraege: true} }

// Von is state x as the caller may see it.
func (s Sicht[S]) Von(x S) S {
	if s.Zustand == nil {
		return x
	}
	return s.Zustand(x)
}

// Akteur is who did an event as the caller may see it: name, or only the side he acted for
// (Seite) when the caller may not see the name.
func (s Sicht[S]) Akteur(m eventstore.Metadata, name string) string {
	if s.Namen == nil || s.Namen(m) {
		return name
	}
	return Seite(m)
}

// NamenFuer is which actors' names caller n (resolved) may see: every name when he may read
// the Verlauf (its permission is to see who did what); else his own and those of his
// organisation's accounts, and of events no account did (the system's own steps).
func NamenFuer(n zugriff.Nutzer) func(eventstore.Metadata) bool {
	if n.Darf(berechtigung.BetriebVerlaufLesen) {
		return nil
	}
	selbst := strconv.FormatInt(n.AnwenderID, 10)
	organisation := strconv.FormatInt(n.OrganisationID, 10)
	return func(m eventstore.Metadata) bool {
		return m.ActorID == "" || m.ActorID == selbst || (n.OrganisationID != 0 && m.Organisation == organisation)
	}
}

// The sides an actor whose name is hidden acted for.
const (
	SeiteBehoerde     = "Behörde"
	SeiteOrganisation = "Andere Organisation"
)

// Seite is the side the actor of an event acted for: the authority (authority and
// administration roles) or an operator organisation.
func Seite(m eventstore.Metadata) string {
	return seitentext(SeiteDerRollen(m.Roles))
}

// SeiteDerRollen is zugriff.SeiteDerRollen: the side roles act for, as a document keeps it (a
// file's uploader, a reminder's author); the documents' writers read it there (projections
// may import zugriff, not verlauf).
func SeiteDerRollen(rollen []string) string { return zugriff.SeiteDerRollen(rollen) }

func seitentext(seite string) string {
	if seite == berechtigung.GlobalBehoerde {
		return SeiteBehoerde
	}
	return SeiteOrganisation
}

// Urheber is zugriff.Urheber: the read models keep it beside a name, and projections may
// import zugriff but not verlauf (internal/werkzeug/grenzen).
type Urheber = zugriff.Urheber

// Name is the name of u as caller n (resolved) may see it: the Historie's rule — NamenFuer
// decides, and a hidden name shows as the side u acted for ("Behörde"). Every list that names
// who uploaded or wrote something shows the name through it (docs/security.md).
func Name(n zugriff.Nutzer, u Urheber, name string) string {
	sichtbar := NamenFuer(n)
	if sichtbar == nil {
		return name
	}
	m := eventstore.Metadata{}
	if u.Konto != 0 {
		m.ActorID = strconv.FormatInt(u.Konto, 10)
	}
	if u.Organisation != 0 {
		m.Organisation = strconv.FormatInt(u.Organisation, 10)
	}
	if sichtbar(m) {
		return name
	}
	return seitentext(u.Seite)
}
