package zugriff

import "github.com/eabwasser/eabwasser/domain/berechtigung"

// Seitenspalten name the columns of a row that belongs to its author's side (a reminder,
// issue 42): the side (berechtigung.GlobalBehoerde or GlobalOrganisation), the author's
// organisation on the organisation's side, and whether the row is shared with the other side.
type Seitenspalten struct {
	Seite        string
	Organisation string
	Geteilt      string
}

// Seitig is the SQL condition that caller n sees a row that belongs to its author's side:
// it is shared, or it is of his own side — the authority's for authority staff and
// administrators, his organisation's for operator accounts. It comes on top of the visibility
// of the object the row hangs on (Sicht.Objekt), never instead of it. arg adds a parameter.
func (n Nutzer) Seitig(sp Seitenspalten, arg func(any) string) string {
	if n.Organisationsseitig() {
		return "(" + sp.Geteilt + " OR (" + sp.Seite + " = '" + berechtigung.GlobalOrganisation + "' AND " + sp.Organisation +
			" = " + arg(n.OrganisationID) + "))"
	}
	return "(" + sp.Geteilt + " OR " + sp.Seite + " = '" + berechtigung.GlobalBehoerde + "')"
}

// SiehtSeite is Seitig for one row read already: whether caller n sees a row of the side
// seite (of the organisation organisation) that is shared or not.
func (n Nutzer) SiehtSeite(seite string, organisation int64, geteilt bool) bool {
	if geteilt {
		return true
	}
	if n.Organisationsseitig() {
		return seite == berechtigung.GlobalOrganisation && organisation == n.OrganisationID
	}
	return seite == berechtigung.GlobalBehoerde
}

// SeiteDerRollen is the side roles act for, as a document keeps it (a file's uploader, a
// reminder's author): berechtigung.GlobalBehoerde for authority and administration roles,
// else berechtigung.GlobalOrganisation.
func SeiteDerRollen(rollen []string) string {
	for _, r := range rollen {
		switch berechtigung.GlobaleRolle(berechtigung.Rolle(r)) {
		case berechtigung.GlobalBehoerde, berechtigung.GlobalAdmin:
			return berechtigung.GlobalBehoerde
		}
	}
	return berechtigung.GlobalOrganisation
}

// Urheber is who did something as a document keeps him beside his name (a file's uploader, a
// reminder's author): his account, his organisation (0: none) and his side (the Historie's
// SeiteDerRollen). verlauf.Name shows the name through the Historie's masking.
type Urheber struct {
	Konto, Organisation int64
	Seite               string
}
