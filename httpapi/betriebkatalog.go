package httpapi

import (
	"net/http"
	"strconv"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// maxKatalogIDs bounds the ids one catalogue call may name (a local role's operations).
const maxKatalogIDs = 1000

// betriebkatalog answers GET /api/betriebkatalog?q=…&ids=1,2: operations for the local roles'
// picker (Betriebs-Nr., name, operator), only those the caller may see.
func (a *api) betriebkatalog(w http.ResponseWriter, r *http.Request) {
	var ids []int64
	for _, t := range mehrfach(r.URL.Query(), "ids") {
		id, err := strconv.ParseInt(t, 10, 64)
		if err != nil || id <= 0 || len(ids) >= maxKatalogIDs {
			a.writeError(w, r, validierung.Feld("ids", "Die Betriebe müssen als Nummern durch Komma getrennt angegeben werden (höchstens 1000)."))
			return
		}
		ids = append(ids, id)
	}
	out, err := a.deps.Betriebsakte.Katalog(r.Context(), nutzer(r), r.URL.Query().Get("q"), ids)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
