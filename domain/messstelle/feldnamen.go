package messstelle

import "github.com/eabwasser/eabwasser/domain/historie"

// Feldnamen are the German labels of the measuring point's fields by JSON key (segments of a
// key path: "anhang.csb" reads "Anhang › CSB"), for the Verlauf, the Ereignisprotokoll and the
// field errors. The limit values carry the spec's labels (spec 000 §5).
var Feldnamen = historie.Feldnamen{
	"messstellenId":             "Messstellen-Nr.",
	"freigabestatus":            "Freigabestatus",
	"freigabeKommentar":         "Kommentar zur Freigabe",
	"bezeichnung":               "Messstelle",
	"messstellentyp":            "Messstellentyp",
	"messstellenstatus":         "Status",
	"statuswechsel":             "Statuswechsel",
	"abgabeRelevant":            "Abgaberelevant",
	"frachtRelevant":            "Frachtrelevant",
	"waermeRelevant":            "Wärmerelevant",
	"lage":                      "Lage",
	"hochwert":                  "Hochwert",
	"rechtswert":                "Rechtswert",
	"anhang":                    "Anhang",
	"anhangAbwasserverordnung":  "Anhang AbwV",
	"abwasserart":               "Abwasserart",
	"zustaendigeBehoerde":       "Zuständige Behörde",
	"limsBerechtigte":           "LIMS-Berechtigte",
	"zugehoerigeBehoerden":      "Zugehörige Behörden",
	"einleitstelle":             "Einleitstelle",
	"oberflaechenwasserkoerper": "Oberflächenwasserkörper",
	"teileinzugsgebiet":         "Teileinzugsgebiet",
	"pegel":                     "Pegel",
	"einleitungMnq":             "Einleitung MNQ",
	"einleitungMq":              "Einleitung MQ",
	"mindestanforderungen":      "Mindestanforderung",
	"gruppe":                    "Gruppe",
	"wertart":                   "Wertart",
	"vorbelastungen":            "Vorbelastung",
	"gueltigAb":                 "Gültig ab",
	"csb":                       "CSB",
	"pges":                      "PGES",
	"nges":                      "NGES",
	"nh4n":                      "NH4N",
	"bsb5":                      "BSB5",
	"aox":                       "AOX",
	"hg":                        "HG",
	"cd":                        "CD",
	"cr":                        "CR",
	"ni":                        "NI",
	"pb":                        "PB",
	"cu":                        "CU",
	"gei":                       "GEI",
}

// Wertartnamen are the labels of the kinds of value (spec 000 §5).
var Wertartnamen = map[string]string{Hoechstwert: "HW (Höchstwert)", Ueberwachungswert: "ÜW (Überwachungswert)"}
