// Package grenzen holds no code: its test keeps the layers apart — the folder order in
// grenzen_test.go (schichten): the domain reaches no database, HTTP or application, and no
// package imports one of a higher layer. See docs/architektur.md, "The house". Its
// checkliste_test.go checks every area against the checklist ("Adding an area").
package grenzen
