package anlage

import (
	"github.com/eabwasser/eabwasser/domain/anlage"
	"github.com/eabwasser/eabwasser/domain/betrieb"
	"github.com/eabwasser/eabwasser/internal/anwendung/verlauf"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// sicht is the one view of a plant for caller n (resolved), given the plant and its operation
// as they are now (docs/security.md, "One view per role"): the content of the change request
// (fields, comment, requester) only for who may review or submit it; who did what by name
// only where verlauf.NamenFuer allows. The detail, Historie, Stand, Verlauf and a save's
// conflict answer all show the plant through it.
func sicht(n Nutzer, b betrieb.Betrieb, a anlage.Anlage) verlauf.Sicht[anlage.Anlage] {
	r := rechte(n, b, a)
	s := verlauf.Sicht[anlage.Anlage]{Antraege: r.AntragPruefen || r.AntragStellen, Namen: verlauf.NamenFuer(n)}
	s.Zustand = func(x anlage.Anlage) anlage.Anlage {
		if !s.Antraege {
			x.Antrag = nil
		}
		x.Daten.Planungen = planungenFuer(n, x.Daten.Planungen)
		return x
	}
	return s
}

// planungenFuer are the planned measures as caller n sees them: who changed each named through
// the Historie's masking (issue 42; a planning changed before the side was kept shows his name),
// his account, side and organisation never shown.
func planungenFuer(n Nutzer, ps []anlage.Planung) []anlage.Planung {
	out := make([]anlage.Planung, len(ps))
	for i, p := range ps {
		if p.GeaendertVonSeite != "" {
			p.GeaendertVon = verlauf.Name(n, zugriff.Urheber{Konto: p.GeaendertVonKonto, Organisation: p.GeaendertVonOrganisation,
				Seite: p.GeaendertVonSeite}, p.GeaendertVon)
		}
		p.GeaendertVonKonto, p.GeaendertVonSeite, p.GeaendertVonOrganisation = 0, "", 0
		out[i] = p
	}
	return out
}
