package httpapi

import "github.com/go-chi/chi/v5"

// wertelisteRoutes serves the value lists (anrede and titel live in kontoRoutes until the
// value-list area takes them over).
func (a *api) wertelisteRoutes(r chi.Router) {}
