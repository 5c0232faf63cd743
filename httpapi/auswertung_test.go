package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/eabwasser/eabwasser/internal/auswertung"
	"github.com/eabwasser/eabwasser/internal/seed"
)

func TestAuswertung_EveryStoredQueryExportsARealSpreadsheet(t *testing.T) {
	w := newKontoWelt(t, "")
	tok := w.login(t, "zust_sbs", seed.DemoPasswort)
	var liste []struct {
		ID                            int64
		Kategorie, Filter, AbfrageBez string
	}
	a := w.send(t, "GET", "/api/abfragen/", nil, tok)
	if err := json.Unmarshal(a.Body.Bytes(), &liste); err != nil || len(liste) != len(auswertung.Abfragen) {
		t.Fatalf("abfragen: %d %s", a.Code, a.Body.String())
	}
	for _, q := range liste {
		a := w.send(t, "GET", fmt.Sprintf("/api/abfragen/abfrage/%d", q.ID), nil, tok)
		if a.Code != 200 || !strings.Contains(a.Header().Get("Content-Disposition"), ".xlsx") {
			t.Fatalf("%s: %d %s", q.AbfrageBez, a.Code, a.Body.String())
		}
		f, err := excelize.OpenReader(bytes.NewReader(a.Body.Bytes()))
		if err != nil {
			t.Fatalf("%s: %v", q.AbfrageBez, err)
		}
		rows, err := f.GetRows(q.Kategorie)
		if err != nil || len(rows) == 0 {
			t.Fatalf("%s: %v %v", q.AbfrageBez, rows, err)
		}
		if q.ID == 4 && (len(rows) != 2 || rows[1][0] != "Verbandsgemeinde Musterhausen") {
			t.Fatalf("abwasserbeseitigungspflichtige: %v", rows)
		}
		if q.ID == 7 && len(rows) < 100 {
			t.Fatalf("wertelisten: %d rows", len(rows))
		}
	}
	wantFehler(t, w.send(t, "GET", "/api/abfragen/abfrage/999", nil, tok), 404, "Das angeforderte Objekt existiert nicht.")
	wantFehler(t, w.send(t, "GET", "/api/abfragen", nil, w.login(t, "beauftragter", seed.DemoPasswort)), 403, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
}
