// Package grenzen holds no code: its test keeps the layers apart. The domain (pure business
// rules) must not reach a database, HTTP or the application; read models (projections) must
// not call application services. See grenzen_test.go and docs/architektur.md.
package grenzen
