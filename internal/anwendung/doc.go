// Package anwendung holds the application services, one package per area, apart from the
// infrastructure beside it in internal/ (config, mail, natsbus, schema, drossel, tabelle,
// testdb, zugriff, schreibmodell) and the tooling (bench, seed):
//
//	betrieb           the operation file (Betrieb): requests, Freigabe, saves, applications, history
//	zugang            accounts: registration, login, profile, password reset, sessions
//	verwaltung        administration: organisations (merge, history), users, local roles
//	ablage            files and reminders hanging on an object of any area
//	benachrichtigung  messages and personal settings
//	auswertung        stored queries and their export
//	aufgaben          the Aufgaben view: which open applications wait for a user
//
// Each area's service checks access through internal/zugriff, runs its commands through
// eventstore.Befehle and has one Setup (setup.go) that internal/verdrahtung/schreibmodell calls for every
// process (docs/architektur.md).
package anwendung
