package druckausgabe

import (
	"strconv"
	"strings"

	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	berichtdienst "github.com/eabwasser/eabwasser/internal/anwendung/jahresbericht"
	"github.com/eabwasser/eabwasser/internal/plattform/druck"
)

// parametertitel names a parameter of the report: number, name, kind and measuring point.
func parametertitel(p berichtdienst.Druckparameter) string {
	t := strings.TrimSpace(p.ParameterNr + " " + p.ParameterName)
	if p.Messstelle != "" {
		t += " – Messstelle " + p.Messstelle
	}
	return t
}

// bewertungen are the evaluation's verdicts of a parameter, one per kind of limit, as rows.
func bewertungen(p berichtdienst.Druckparameter) []druck.Zeile {
	zeilen := []druck.Zeile{{Bezeichnung: "Einheit", Wert: p.Einheit}, {Bezeichnung: "Anzahl Werte", Wert: strconv.Itoa(len(p.Messwerte))}}
	if p.Mittelwert != "" {
		zeilen = append(zeilen, druck.Zeile{Bezeichnung: "Mittelwert", Wert: p.Mittelwert})
	}
	for _, b := range p.Auswertung.Bewertungen {
		wert := "eingehalten"
		if !b.Eingehalten {
			wert = "nicht eingehalten"
		}
		zeilen = append(zeilen, druck.Zeile{Bezeichnung: b.Art, Wert: wert})
	}
	return zeilen
}

// spalte is a column of the values' table: its header and the cell of a value.
type spalte struct {
	kopf string
	wert func(jahresbericht.Messwert) string
}

// messwertspalten are the columns of a value row; those the parameter's values leave empty
// are left out.
var messwertspalten = []spalte{
	{"Datum", func(m jahresbericht.Messwert) string { return m.Datum }},
	{"Uhrzeit", func(m jahresbericht.Messwert) string { return m.Uhrzeit }},
	{"Wert", func(m jahresbericht.Messwert) string { return m.Wert }},
	{"Konzentration", func(m jahresbericht.Messwert) string { return m.Konzentration }},
	{"Abfluss", func(m jahresbericht.Messwert) string { return m.Abfluss }},
	{"Anzahl", func(m jahresbericht.Messwert) string { return m.Anzahl }},
	{"Maximalwert", func(m jahresbericht.Messwert) string { return m.Maximalwert }},
}

// messwerttabelle is the values of a parameter with the limit each was compared with and the
// verdict; an exceeded value's row is marked (as the entry screen marks it).
func messwerttabelle(p berichtdienst.Druckparameter) druck.Tabelle {
	var spalten []spalte
	for _, s := range messwertspalten {
		for _, m := range p.Messwerte {
			if s.wert(m) != "" {
				spalten = append(spalten, s)
				break
			}
		}
	}
	vergleiche := map[int][]jahresbericht.Vergleich{}
	for _, v := range p.Auswertung.Vergleiche {
		vergleiche[v.Index] = append(vergleiche[v.Index], v)
	}
	t := druck.Tabelle{Titel: "Messwerte", Markiert: map[int]bool{}}
	for _, s := range spalten {
		t.Kopf = append(t.Kopf, s.kopf)
	}
	t.Kopf = append(t.Kopf, "Einheit", "Grenzwert", "Bewertung")
	for i, m := range p.Messwerte {
		var zeile []string
		for _, s := range spalten {
			zeile = append(zeile, s.wert(m))
		}
		var grenzwerte, urteile []string
		for _, v := range vergleiche[i] {
			grenzwerte = append(grenzwerte, v.Art+" "+v.Grenzwert)
			switch {
			case !v.Ueberschritten:
				urteile = append(urteile, "eingehalten")
			case v.UeberHundertProzent:
				urteile = append(urteile, "Überschreitung über 100 %")
			case v.Eingehalten:
				urteile = append(urteile, "Überschreitung (nach 4-von-5-Regel eingehalten)")
			default:
				urteile = append(urteile, "Überschreitung")
			}
			if v.Ueberschritten {
				t.Markiert[i] = true
			}
		}
		zeile = append(zeile, p.Einheit, strings.Join(grenzwerte, "\n"), strings.Join(urteile, "\n"))
		t.Zeilen = append(t.Zeilen, zeile)
	}
	return t
}
