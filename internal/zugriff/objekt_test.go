package zugriff

import (
	"reflect"
	"strings"
	"testing"
)

func TestObjekt_TheRowsObjectMustBeVisibleAndAnUnregisteredKindIsVisibleToNobody(t *testing.T) {
	// given a kind registered with its document joined to the operation's columns
	RegistriereObjektart("testobjekt", Objektart{Von: "public.t o JOIN public.betrieb ob ON ob.id = o.betrieb_id", ID: "o.id",
		Spalten: Betriebsspalten("ob.")})
	s := Sicht{OrganisationID: 4}
	// when a list asks for the object of a row
	args := []any{int64(7)}
	got := s.Objekt("w.fachobjekt", "w.fachobjekt_id", Platzhalter(&args))
	// then the kind's branch reads that object's visibility columns, and any other kind is false
	want := "WHEN 'testobjekt' THEN EXISTS (SELECT 1 FROM public.t o JOIN public.betrieb ob ON ob.id = o.betrieb_id WHERE o.id = w.fachobjekt_id AND " +
		"(ob.betreiber_id = $2 OR ob.regionalstelle_id = ANY($3) OR ob.id = ANY($4) OR ob.betreiber_id = ANY($5)))"
	if !strings.Contains(got, "CASE w.fachobjekt ") || !strings.Contains(got, want) || !strings.Contains(got, " ELSE false END") {
		t.Errorf("got  %s\nwant … %s … ELSE false END", got, want)
	}
	if !reflect.DeepEqual(args[:2], []any{int64(7), int64(4)}) {
		t.Errorf("args %v", args)
	}
	// administrators see every row; the recipients' side reads the same columns
	if got := (Sicht{Alle: true}).Objekt("w.fachobjekt", "w.fachobjekt_id", Platzhalter(&args)); got != "true" {
		t.Errorf("administrator: %s", got)
	}
	if got := ZustaendigFuerObjekt("a", "WIEDERVORLAGEN_LESEN", "w.fachobjekt", "w.fachobjekt_id"); !strings.Contains(got, "a.organisation_id = ob.betreiber_id") {
		t.Errorf("recipients: %s", got)
	}
}
