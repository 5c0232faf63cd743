package seed

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/eabwasser/eabwasser/domain/bescheid"
	"github.com/eabwasser/eabwasser/domain/jahresbericht"
	"github.com/eabwasser/eabwasser/domain/werteliste"
	"github.com/eabwasser/eabwasser/eventstore"
	pflege "github.com/eabwasser/eabwasser/internal/anwendung/wertelisten"
	"github.com/eabwasser/eabwasser/internal/dokumente/wertelisten"
)

// demoEintrag is one entry of a demo value list. Extra columns that refer to other lists
// name the entries they refer to by value or identifier (resolved to ids when seeding).
type demoEintrag struct {
	wert       string
	schluessel string
	extras     map[string]any
}

type demoListe struct {
	liste     string
	eintraege []demoEintrag
}

func werte(ws ...string) []demoEintrag {
	out := make([]demoEintrag, len(ws))
	for i, w := range ws {
		out[i] = demoEintrag{wert: w}
	}
	return out
}

func mit(wert string, extras map[string]any) demoEintrag {
	return demoEintrag{wert: wert, extras: extras}
}

func schl(schluessel, wert string) demoEintrag {
	return demoEintrag{wert: wert, schluessel: schluessel}
}

// vorlage is a Selbstüberwachung template: date format, maximal rows and the columns used.
func vorlage(wert, datumsformat, maxZeilen string, spalten ...string) demoEintrag {
	x := map[string]any{"datumsformat": datumsformat, "maxZeilenAnzahl": maxZeilen}
	for _, s := range spalten {
		x[s] = true
	}
	return mit(wert, x)
}

// Operation types a lookup of an Anforderung applies to: all (none named) or industrial ones.
var (
	alleBetriebe []string
	industrie    = []string{"INDUSTRIE", "KANAL_INDUSTRIE"}
)

// fuer is an entry of an Anforderung's lookup for these operation types and parameter kinds
// (none: for all).
func fuer(wert string, betriebstypen []string, parameterArten ...string) demoEintrag {
	x := map[string]any{}
	if len(betriebstypen) > 0 {
		x["betriebstypen"] = betriebstypen
	}
	if len(parameterArten) > 0 {
		x["parameterArten"] = parameterArten
	}
	return mit(wert, x)
}

// parameter is an entry of anforderungsparameter: value "Nr Name".
func parameter(nr, name string, betriebstypen []string, parameterArten ...string) demoEintrag {
	e := fuer(nr+" "+name, betriebstypen, parameterArten...)
	e.extras["parameterNr"], e.extras["parameterName"] = nr, name
	return e
}

// abwv marks a parameter for § 6 Abs. 3 and 3a AbwV (extra abwvKennung); its significant digits
// stay empty — two, the least § 6 Abs. 2 allows — until the Fachadmin enters its method's.
func abwv(e demoEintrag, kennung string) demoEintrag {
	e.extras["abwvKennung"] = kennung
	return e
}

// demoWertelisten are the entries an authority in Rhineland-Palatinate would keep, one list
// after the other; a list whose entries others refer to comes before them.
var demoWertelisten = []demoListe{
	{"anrede", werte("Frau", "Herr", "Divers", "Keine Angabe")},
	{"titel", werte("Dr.", "Prof.", "Prof. Dr.", "Dipl.-Ing.", "Dr.-Ing.", "Dipl.-Ing. (FH)", "Dr. rer. nat.")},

	// Fixed enumerations (identifiers of the API contract).
	{"betriebstyp", []demoEintrag{schl("INDUSTRIE", "Industrie"), schl("KOMMUNAL", "Kommunal"),
		schl("KANAL_KOMMUNAL", "Kanalnetz kommunal"), schl("KANAL_INDUSTRIE", "Kanalnetz industriell"),
		schl("PRIVAT", "Privat"), schl("AUSSERHALB_RLP", "Außerhalb von Rheinland-Pfalz")}},
	{"betriebsstatus", []demoEintrag{schl("GEPLANT", "geplant"), schl("IN_BETRIEB", "in Betrieb"),
		schl("STILLGELEGT", "stillgelegt")}},
	{"freigabestatus", []demoEintrag{schl("BEANTRAGT", "beantragt"), schl("FREIGEGEBEN", "freigegeben"),
		schl("ABGEWIESEN", "abgewiesen")}},
	{"anlagentyp", []demoEintrag{schl("ABWASSERBEHANDLUNG", "Abwasserbehandlungsanlage"),
		schl("KUEHLWASSER", "Kühlwasseranlage"), schl("ENTLASTUNG", "Misch-/Niederschlagswasseranlage"),
		schl("KANALNETZ", "Kanalnetz")}},
	{"anlagenart", []demoEintrag{
		{"Abwasserbehandlungsanlage", "ABWASSERBEHANDLUNG", map[string]any{"anlagentypen": []string{"ABWASSERBEHANDLUNG"}}},
		{"Kleinkläranlage", "KLEINKLAERANLAGE", map[string]any{"anlagentypen": []string{"ABWASSERBEHANDLUNG"}}},
		{"Abwasservorbehandlungsanlage", "ABWASSERVORBEHANDLUNG", map[string]any{"anlagentypen": []string{"ABWASSERBEHANDLUNG"}}},
		{"Anlage außerhalb von Rheinland-Pfalz", "ANLAGE_AUSSERHALB", map[string]any{"anlagentypen": []string{"ABWASSERBEHANDLUNG"}}},
		{"Mischwasseranlage", "MISCHWASSER", map[string]any{"anlagentypen": []string{"ENTLASTUNG"}}},
		{"Niederschlagswasseranlage", "NIEDERSCHLAGSWASSER", map[string]any{"anlagentypen": []string{"ENTLASTUNG"}}},
	}},
	{"anlagenstatus", []demoEintrag{schl("GEPLANT", "geplant"), schl("IN_BETRIEB", "in Betrieb"),
		schl("STILLGELEGT", "stillgelegt"),
		// only a treatment plant is shut down by connecting it to another one
		// treatment plants and small sewage works of municipal or private operations
		{"angeschlossen an", "ANGESCHLOSSEN_AN", map[string]any{"anlagentypen": []string{"ABWASSERBEHANDLUNG"},
			"anlagenarten": []string{"ABWASSERBEHANDLUNG", "KLEINKLAERANLAGE"}, "betriebstypen": []string{"KOMMUNAL", "PRIVAT"}}}}},
	{"entlastungsanlageart", []demoEintrag{schl("MISCHWASSER", "Mischwasseranlage"),
		schl("NIEDERSCHLAGSWASSER", "Niederschlagswasseranlage")}},
	{"bescheidstatus", []demoEintrag{schl(bescheid.Angelegt, "Angelegt"), schl(bescheid.Beantragt, "Beantragt"),
		schl(bescheid.InBearbeitung, "In Bearbeitung"), schl(bescheid.Freigegeben, "Freigegeben")}},
	{"anforderungart", []demoEintrag{schl(bescheid.BehoerdlicheFestlegung, "Behördliche Festlegung"),
		schl(bescheid.Selbstueberwachungsauflage, "Selbstüberwachungsauflage")}},
	{"parameterart", []demoEintrag{schl(bescheid.Konzentration, "Konzentration"), schl(bescheid.Fracht, "Fracht"),
		schl(bescheid.Menge, "Menge"), schl(bescheid.Ergaenzend, "ergänzender Parameter")}},
	{"messstellentyp", []demoEintrag{
		schl("NR_1", "Zulauf"), schl("NR_2", "Notablauf Vorklärung"), schl("NR_3", "Ablauf Vorklärung"),
		schl("NR_4", "Zulauf 1. Biol. Stufe"), schl("NR_5", "Zulauf 2. Biol. Stufe"), schl("NR_6", "Ablauf Kühlwasser"),
		schl("NR_7", "Ablauf Nachklärung"), schl("NR_8", "Einleitungsstelle"),
		schl("NR_9", "Endkontrollmessstelle"), schl("NR_10", "Endkontrollmessstelle Teilstrom"),
		schl("NR_11", "Endkontrollmessstelle Kühlwasser"), schl("NR_12", "Endkontrollmessstelle Indirekteinleitung"),
		schl("NR_13", "Sonstige"), schl("NR_14", "Einleitstelle Mischwasseranlage"),
		schl("NR_15", "Einleitstelle Niederschlagswasseranlage"),
		schl("NR_20", "Sonde Becken"), schl("NR_21", "Sonde Beckenüberlauf"), schl("NR_22", "Sonde Klärüberlauf"),
		schl("NR_23", "Sonde Ablauf"), schl("NR_24", "Sonde Pumpwerk"),
		schl("NR_25", "Einleitstelle Beckenüberlauf"), schl("NR_26", "Einleitstelle Bodenfilter"),
		schl("NR_27", "Einleitstelle Grundwasser"), schl("NR_28", "Einleitstelle Klärüberlauf"),
		schl("NR_29", "Einleitstelle Notentlastung"), schl("NR_30", "Einleitstelle Regenrückhaltebecken"),
	}},

	// Authorities.
	{"behoerde", werte("Struktur- und Genehmigungsdirektion Nord (SGD Nord)", "Struktur- und Genehmigungsdirektion Süd (SGD Süd)",
		"Landesamt für Umwelt Rheinland-Pfalz (LfU)", "Kreisverwaltung Mayen-Koblenz", "Stadtverwaltung Koblenz",
		"Kreisverwaltung Trier-Saarburg")},
	{"regionalstelle", []demoEintrag{
		mit(Regionalstelle, map[string]any{"behoerde": "Struktur- und Genehmigungsdirektion Nord (SGD Nord)"}),
		mit("Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz Montabaur", map[string]any{"behoerde": "Struktur- und Genehmigungsdirektion Nord (SGD Nord)"}),
		mit("Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz Trier", map[string]any{"behoerde": "Struktur- und Genehmigungsdirektion Nord (SGD Nord)"}),
		mit("Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz Idar-Oberstein", map[string]any{"behoerde": "Struktur- und Genehmigungsdirektion Nord (SGD Nord)"}),
		mit("Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz Mainz", map[string]any{"behoerde": "Struktur- und Genehmigungsdirektion Süd (SGD Süd)"}),
		mit("Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz Kaiserslautern", map[string]any{"behoerde": "Struktur- und Genehmigungsdirektion Süd (SGD Süd)"}),
		mit("Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz Neustadt an der Weinstraße", map[string]any{"behoerde": "Struktur- und Genehmigungsdirektion Süd (SGD Süd)"}),
	}},
	{"messstellenzustaendigkeit", werte("Regionalstelle (SGD)", "Landesamt für Umwelt (LfU)", "Untere Wasserbehörde",
		"Betreiber (Selbstüberwachung)")},
	{"raeumlicheskriterium", werte("Regionalstelle", "Landkreis / kreisfreie Stadt", "Verbandsgemeinde", "Gemeinde",
		"Oberflächenwasserkörper", "Teileinzugsgebiet")},
	{"verwaltungseinheit", []demoEintrag{
		mit("Koblenz", map[string]any{"gemeindeNr": "07111000"}), mit("Trier", map[string]any{"gemeindeNr": "07211000"}),
		mit("Frankenthal (Pfalz)", map[string]any{"gemeindeNr": "07311000"}), mit("Kaiserslautern", map[string]any{"gemeindeNr": "07312000"}),
		mit("Landau in der Pfalz", map[string]any{"gemeindeNr": "07313000"}), mit("Ludwigshafen am Rhein", map[string]any{"gemeindeNr": "07314000"}),
		mit("Mainz", map[string]any{"gemeindeNr": "07315000"}), mit("Neustadt an der Weinstraße", map[string]any{"gemeindeNr": "07316000"}),
		mit("Pirmasens", map[string]any{"gemeindeNr": "07317000"}), mit("Speyer", map[string]any{"gemeindeNr": "07318000"}),
		mit("Worms", map[string]any{"gemeindeNr": "07319000"}), mit("Zweibrücken", map[string]any{"gemeindeNr": "07320000"}),
	}},
	{"pegel", []demoEintrag{
		mit("Kaub", map[string]any{"gewaesser": "Rhein"}), mit("Koblenz", map[string]any{"gewaesser": "Rhein"}),
		mit("Andernach", map[string]any{"gewaesser": "Rhein"}), mit("Mainz", map[string]any{"gewaesser": "Rhein"}),
		mit("Trier", map[string]any{"gewaesser": "Mosel"}), mit("Cochem", map[string]any{"gewaesser": "Mosel"}),
		mit("Bad Kreuznach", map[string]any{"gewaesser": "Nahe"}), mit("Kalkofen", map[string]any{"gewaesser": "Lahn"}),
		mit("Altenahr", map[string]any{"gewaesser": "Ahr"}), mit("Betzdorf", map[string]any{"gewaesser": "Sieg"}),
	}},
	{"mip-foerderung", []demoEintrag{
		mit("Erweiterung der Kläranlage um eine Stufe zur Spurenstoffelimination", map[string]any{"mipNr": "MIP-2022-0147", "nameMassnahmetraeger": "Stadtentwässerung Koblenz AöR"}),
		mit("Bau eines Regenüberlaufbeckens im Ortsteil Nord", map[string]any{"mipNr": "MIP-2023-0312", "nameMassnahmetraeger": "Verbandsgemeindewerke Musterhausen"}),
		mit("Anschluss der Kläranlage Talmühle an die Gruppenkläranlage", map[string]any{"mipNr": "MIP-2021-0088", "nameMassnahmetraeger": "Verbandsgemeindewerke Musterhausen"}),
		mit("Energetische Optimierung der Schlammfaulung", map[string]any{"mipNr": "MIP-2024-0021", "nameMassnahmetraeger": "Wirtschaftsbetrieb Mainz AöR"}),
	}},
	{"nace-code", []demoEintrag{
		mit("10.11 Schlachten (ohne Schlachten von Geflügel)", map[string]any{"code": "C 10.11"}),
		mit("10.51 Milchverarbeitung (ohne Herstellung von Speiseeis)", map[string]any{"code": "C 10.51"}),
		mit("11.02 Herstellung von Traubenwein", map[string]any{"code": "C 11.02"}),
		mit("11.05 Herstellung von Bier", map[string]any{"code": "C 11.05"}),
		mit("17.12 Herstellung von Papier, Karton und Pappe", map[string]any{"code": "C 17.12"}),
		mit("20.14 Herstellung von sonstigen organischen Grundstoffen und Chemikalien", map[string]any{"code": "C 20.14"}),
		mit("21.10 Herstellung von pharmazeutischen Grundstoffen", map[string]any{"code": "C 21.10"}),
		mit("25.61 Oberflächenveredlung und Wärmebehandlung", map[string]any{"code": "C 25.61"}),
		mit("35.11 Elektrizitätserzeugung", map[string]any{"code": "D 35.11"}),
		mit("37.00 Abwasserentsorgung", map[string]any{"code": "E 37.00"}),
	}},

	// Permits.
	{"bescheidqualitaet", werte("Bescheid", "Erklärung nach § 4 Abs. 5 AbwAG", "Erklärung nach § 6 AbwAG")},
	{"bescheidart", []demoEintrag{
		mit("Wasserrechtliche Erlaubnis (§ 8 WHG)", map[string]any{"bescheidQualitaeten": []string{"Bescheid"}}),
		mit("Gehobene Erlaubnis (§ 15 WHG)", map[string]any{"bescheidQualitaeten": []string{"Bescheid"}}),
		mit("Genehmigung einer Indirekteinleitung (§ 58 WHG)", map[string]any{"bescheidQualitaeten": []string{"Bescheid"}}),
		mit("Genehmigung einer Abwasseranlage (§ 60 WHG)", map[string]any{"bescheidQualitaeten": []string{"Bescheid"}}),
		mit("Änderungsbescheid", map[string]any{"bescheidQualitaeten": []string{"Bescheid"}}),
		mit("Nachträgliche Anordnung", map[string]any{"bescheidQualitaeten": []string{"Bescheid"}}),
		mit("Erklärung eines niedrigeren Überwachungswertes", map[string]any{"bescheidQualitaeten": []string{"Erklärung nach § 4 Abs. 5 AbwAG"}}),
		mit("Erklärung über die Einhaltung der Mindestanforderungen", map[string]any{"bescheidQualitaeten": []string{"Erklärung nach § 6 AbwAG"}}),
	}},
	{"anhang-abwv", werte("Anhang 1 – Häusliches und kommunales Abwasser", "Anhang 3 – Milchverarbeitung",
		"Anhang 4 – Ölsaatenaufbereitung, Speisefett- und Speiseölraffination", "Anhang 5 – Herstellung von Obst- und Gemüseprodukten",
		"Anhang 6 – Herstellung von Erfrischungsgetränken und Getränkeabfüllung", "Anhang 8 – Kartoffelverarbeitung",
		"Anhang 9 – Herstellung von Beschichtungsstoffen und Lackharzen", "Anhang 10 – Fleischwirtschaft", "Anhang 11 – Brauereien",
		"Anhang 12 – Herstellung von Alkohol und alkoholischen Getränken", "Anhang 17 – Herstellung keramischer Erzeugnisse",
		"Anhang 18 – Zuckerherstellung", "Anhang 22 – Chemische Industrie", "Anhang 23 – Anlagen zur biologischen Behandlung von Abfällen",
		"Anhang 24 – Eisen-, Stahl- und Tempergießerei", "Anhang 25 – Lederherstellung, Pelzveredlung, Lederfaserstoffherstellung",
		"Anhang 26 – Steine und Erden", "Anhang 27 – Behandlung von Abfällen durch chemische und physikalische Verfahren sowie Altölaufarbeitung",
		"Anhang 28 – Herstellung von Papier und Pappe", "Anhang 31 – Wasseraufbereitung, Kühlsysteme, Dampferzeugung",
		"Anhang 33 – Wäsche von Abgasen aus der Verbrennung von Abfällen", "Anhang 38 – Textilherstellung, Textilveredlung",
		"Anhang 39 – Nichteisenmetallherstellung", "Anhang 40 – Metallbearbeitung, Metallverarbeitung",
		"Anhang 41 – Herstellung und Verarbeitung von Glas und künstlichen Mineralfasern", "Anhang 45 – Erdölverarbeitung",
		"Anhang 47 – Wäsche von Rauchgasen aus Feuerungsanlagen", "Anhang 49 – Mineralölhaltiges Abwasser", "Anhang 50 – Zahnbehandlung",
		"Anhang 51 – Oberirdische Ablagerung von Abfällen", "Anhang 52 – Chemischreinigung", "Anhang 53 – Fotografische Prozesse (Silberhalogenid-Fotografie)",
		"Anhang 54 – Herstellung von Halbleiterbauelementen", "Anhang 55 – Wäschereien",
		"Anhang 56 – Herstellung von Druckformen, Druckerzeugnissen und grafischen Erzeugnissen", "Anhang 57 – Wollwäschereien")},
	{"auflagenart", werte("Bauliche Auflage", "Betriebliche Auflage", "Berichts- und Vorlagepflicht", "Messprogramm",
		"Sanierungsauflage", "Befristung")},
	{"anforderung-randbedingung", werte("bei Trockenwetter", "bei Regenwetter",
		"ab 12 °C Abwassertemperatur im Ablauf des biologischen Reaktors", "im Zeitraum vom 1. Mai bis 31. Oktober",
		"je Charge")},
	{"anforderung-vorbehandlung", werte("Originalprobe", "homogenisierte Probe", "filtrierte Probe (0,45 µm)",
		"abgesetzte Probe (2 h)")},
	{"anforderung-wert", werte("Überwachungswert", "Höchstwert", "Mittelwert", "Jahresmittelwert", "Mindestwirkungsgrad",
		"Schwellenwert")},
	// The parameters, units, sampling and frequencies of an Anforderung (issue 30). Numbers:
	// 1xx quantity and physical parameters, 3xx the pollutants of the Anlage zu § 3 AbwAG in its
	// order, 4xx further parameters of the AbwV (docs/decisions.md, "Bescheide (issue 30)").
	{"anforderungsparameter", []demoEintrag{
		parameter("101", "Abwassermenge", alleBetriebe, bescheid.Menge),
		parameter("102", "Temperatur", alleBetriebe, bescheid.Konzentration, bescheid.Ergaenzend),
		parameter("103", "pH-Wert", alleBetriebe, bescheid.Konzentration, bescheid.Ergaenzend),
		parameter("104", "Abfiltrierbare Stoffe", alleBetriebe, bescheid.Konzentration, bescheid.Fracht, bescheid.Ergaenzend),
		abwv(parameter("301", "CSB", alleBetriebe, bescheid.Konzentration, bescheid.Fracht), jahresbericht.KennungCSB),
		parameter("302", "Pges", alleBetriebe, bescheid.Konzentration, bescheid.Fracht),
		parameter("303", "Nanorg", alleBetriebe, bescheid.Konzentration, bescheid.Fracht),
		parameter("304", "AOX", industrie, bescheid.Konzentration, bescheid.Fracht),
		parameter("305", "Hg", industrie, bescheid.Konzentration, bescheid.Fracht),
		parameter("306", "Cd", industrie, bescheid.Konzentration, bescheid.Fracht),
		parameter("307", "Cr", industrie, bescheid.Konzentration, bescheid.Fracht),
		parameter("308", "Ni", industrie, bescheid.Konzentration, bescheid.Fracht),
		parameter("309", "Pb", industrie, bescheid.Konzentration, bescheid.Fracht),
		parameter("310", "Cu", industrie, bescheid.Konzentration, bescheid.Fracht),
		parameter("311", "GEI", industrie, bescheid.Konzentration),
		parameter("401", "BSB5", alleBetriebe, bescheid.Konzentration, bescheid.Fracht),
		abwv(parameter("402", "TOC", industrie, bescheid.Konzentration, bescheid.Fracht), jahresbericht.KennungTOC),
		parameter("403", "NH4-N", alleBetriebe, bescheid.Konzentration, bescheid.Fracht),
		abwv(parameter("404", "Nges", alleBetriebe, bescheid.Konzentration, bescheid.Fracht), jahresbericht.KennungNges),
		parameter("405", "Zn", industrie, bescheid.Konzentration, bescheid.Fracht),
	}},
	{"anforderung-einheit", []demoEintrag{
		fuer("mg/l", alleBetriebe, bescheid.Konzentration, bescheid.Ergaenzend),
		fuer("µg/l", alleBetriebe, bescheid.Konzentration, bescheid.Ergaenzend),
		fuer("kg/d", alleBetriebe, bescheid.Fracht),
		fuer("kg/a", alleBetriebe, bescheid.Fracht),
		fuer("m³/h", alleBetriebe, bescheid.Menge),
		fuer("m³/d", alleBetriebe, bescheid.Menge),
		fuer("m³/a", alleBetriebe, bescheid.Menge),
		fuer("l/s", alleBetriebe, bescheid.Menge),
		fuer("°C", alleBetriebe, bescheid.Konzentration, bescheid.Ergaenzend),
		fuer("–", alleBetriebe, bescheid.Konzentration, bescheid.Ergaenzend), // pH-Wert, GEI (dilution factor)
	}},
	{"anforderung-probenahme", []demoEintrag{
		fuer("qualifizierte Stichprobe", alleBetriebe, bescheid.Konzentration, bescheid.Ergaenzend),
		fuer("2-h-Mischprobe", alleBetriebe, bescheid.Konzentration, bescheid.Fracht, bescheid.Ergaenzend),
		fuer("24-h-Mischprobe", industrie, bescheid.Konzentration, bescheid.Fracht, bescheid.Ergaenzend), // the industrial annexes of the AbwV
		fuer("Stichprobe", alleBetriebe, bescheid.Konzentration, bescheid.Ergaenzend),
		fuer("kontinuierliche Messung", alleBetriebe),
	}},
	{"anforderung-haeufigkeit", []demoEintrag{
		fuer("täglich", alleBetriebe), fuer("wöchentlich", alleBetriebe), fuer("14-täglich", alleBetriebe),
		fuer("monatlich", alleBetriebe), fuer("vierteljährlich", alleBetriebe), fuer("halbjährlich", alleBetriebe),
		fuer("jährlich", alleBetriebe), fuer("je Charge", industrie), // batch production
	}},
	{"selbstueberwachungVorlage", []demoEintrag{
		vorlage("Tageswerte Konzentration und Abfluss", "TT.MM.JJJJ", "366", "wetterschluessel", "konzentration", "abfluss"),
		vorlage("Stichproben mit Uhrzeit", "TT.MM.JJJJ", "52", "uhrzeit", "wert"),
		vorlage("Monatswerte mit Anzahl der Messungen", "MM.JJJJ", "12", "wert", "messwertAnzahl", "messwertAnzahlGreater12", "messwertMaxWert"),
		vorlage("Jahreswert", "JJJJ", "1", "wert"),
		vorlage("Entlastungsereignisse", "TT.MM.JJJJ", "366", "uhrzeit", "schwelle", "messwertMaxQ", "abfluss"),
		vorlage("Stundenwerte mit Uhrzeit", "TT.MM.JJJJ", "8784", "uhrzeit", "wert"), // online measurement, a leap year of hours
	}},

	// Plants and their parts.
	{"abwasserart", werte("Schmutzwasser", "Niederschlagswasser", "Mischwasser", "Kühlwasser", "Produktionsabwasser", "Fremdwasser")},
	{"messstelle-abwasserart", werte("Schmutzwasser", "Mischwasser", "Niederschlagswasser", "Kühlwasser", "Produktionsabwasser",
		"Sanitärabwasser")},
	{"kanalsystem", werte("Mischsystem", "Trennsystem", "Modifiziertes Trennsystem")},
	{"kanal-materialart", werte("Beton", "Stahlbeton", "Steinzeug", "PVC", "PE-HD", "GFK", "Guss", "Mauerwerk")},
	{"kuehlart", werte("Durchlaufkühlung", "Kreislaufkühlung", "Ablaufkühlung")},
	{"entlastungssystem", werte("Mischsystem", "Trennsystem")},
	{"entlastungstyp", []demoEintrag{
		mit("Regenüberlaufbecken", map[string]any{"entlastungssysteme": []string{"Mischsystem"}}),
		mit("Regenüberlauf", map[string]any{"entlastungssysteme": []string{"Mischsystem"}}),
		mit("Stauraumkanal", map[string]any{"entlastungssysteme": []string{"Mischsystem"}}),
		mit("Regenrückhaltebecken", map[string]any{"entlastungssysteme": []string{"Mischsystem", "Trennsystem"}}),
		mit("Regenklärbecken", map[string]any{"entlastungssysteme": []string{"Trennsystem"}}),
		mit("Retentionsbodenfilter", map[string]any{"entlastungssysteme": []string{"Mischsystem", "Trennsystem"}}),
		mit("Notüberlauf Pumpwerk", map[string]any{"entlastungssysteme": []string{"Mischsystem", "Trennsystem"}}),
	}},
	{"anlagensystem", werte("Belebungsanlage", "Tropfkörperanlage", "SBR-Anlage", "Membranbelebungsanlage", "Abwasserteich",
		"Pflanzenkläranlage", "Rotationstauchkörperanlage")},
	{"biologische_behandlung", werte("Belebungsverfahren", "Tropfkörper", "Rotationstauchkörper", "Sequencing-Batch-Reactor (SBR)",
		"Membranbelebung", "Anaerobe Vorbehandlung", "Nitrifikation", "Denitrifikation")},
	{"schlammbehandlung", werte("Anaerobe Schlammfaulung", "Aerobe Schlammstabilisierung", "Schlammeindickung",
		"Maschinelle Schlammentwässerung", "Klärschlammtrocknung", "Klärschlammvererdung")},
	{"vorbehandlung", werte("Rechen", "Sandfang", "Fettabscheider", "Leichtflüssigkeitsabscheider", "Neutralisation",
		"Misch- und Ausgleichsbecken")},
	{"chemische-behandlung", werte("Simultanfällung", "Vorfällung", "Nachfällung", "Flockung", "Neutralisation",
		"Oxidation (Ozonung)", "Entgiftung (Cyanid, Chromat)")},
	{"nachbehandlung", werte("Sandfiltration", "Aktivkohlefiltration", "Ozonung", "UV-Desinfektion", "Schönungsteich", "Mikrosiebung")},
	{"as-parameter", werte("CSB", "BSB5", "TOC", "Pges", "Nges", "NH4-N", "NO3-N", "AOX", "Hg", "Cd", "Cr", "Ni", "Pb", "Cu", "Zn",
		"Abfiltrierbare Stoffe", "pH-Wert", "Temperatur", "Abwassermenge", "Ausbaugröße (EW)")},
	{"as-einheit", werte("mg/l", "µg/l", "m³/d", "m³/h", "m³/a", "l/s", "kg/d", "kg/a", "t/a", "°C", "EW")},
	{"suevoaAnlageNr", werte("Nr. 1 – Kläranlage Größenklasse 1 (bis 1.000 EW)", "Nr. 2 – Kläranlage Größenklasse 2 (1.000 bis 5.000 EW)",
		"Nr. 3 – Kläranlage Größenklasse 3 (5.000 bis 10.000 EW)", "Nr. 4 – Kläranlage Größenklasse 4 (10.000 bis 100.000 EW)",
		"Nr. 5 – Kläranlage Größenklasse 5 (über 100.000 EW)", "Nr. 6 – Kanalisation", "Nr. 7 – Regenentlastungsanlage",
		"Nr. 8 – Industrielle Abwasserbehandlungsanlage")},
	{"bauwerk-anlageteil-kategorie", werte("Mechanische Reinigung", "Biologische Reinigung", "Nachklärung", "Schlammbehandlung",
		"Regenwasserbehandlung", "Pumpwerk")},
	{"bauwerk-anlageteil-bezeichnung", []demoEintrag{
		mit("Rechen", map[string]any{"kategorie": "Mechanische Reinigung"}),
		mit("Sandfang", map[string]any{"kategorie": "Mechanische Reinigung"}),
		mit("Vorklärbecken", map[string]any{"kategorie": "Mechanische Reinigung"}),
		mit("Belebungsbecken", map[string]any{"kategorie": "Biologische Reinigung"}),
		mit("Tropfkörper", map[string]any{"kategorie": "Biologische Reinigung"}),
		mit("SBR-Reaktor", map[string]any{"kategorie": "Biologische Reinigung"}),
		mit("Nachklärbecken", map[string]any{"kategorie": "Nachklärung"}),
		mit("Faulbehälter", map[string]any{"kategorie": "Schlammbehandlung"}),
		mit("Schlammeindicker", map[string]any{"kategorie": "Schlammbehandlung"}),
		mit("Regenüberlaufbecken", map[string]any{"kategorie": "Regenwasserbehandlung"}),
		mit("Zulaufpumpwerk", map[string]any{"kategorie": "Pumpwerk"}),
	}},
	{"bauwerk-bezeichner", werte("Volumen", "Oberfläche", "Durchmesser", "Länge", "Breite", "Tiefe", "Förderleistung")},
	{"bauwerk-einheit", werte("m³", "m²", "m", "l/s", "m³/h", "kW")},
	{"planung-massnahme", werte("Neubau", "Erweiterung", "Sanierung", "Stilllegung und Anschluss an eine andere Kläranlage",
		"Ertüchtigung der Regenwasserbehandlung", "Einführung einer Stufe zur Spurenstoffelimination")},
	{"planung-status", werte("geplant", "in Umsetzung", "abgeschlossen", "zurückgestellt")},

	// Operations.
	{"haupttaetigkeit", werte("1.1 Verbrennung von Brennstoffen (Feuerungswärmeleistung ab 50 MW)",
		"2.6 Oberflächenbehandlung von Metallen und Kunststoffen (Wirkbäder über 30 m³)",
		"4.1 Herstellung organischer Chemikalien", "4.5 Herstellung pharmazeutischer Erzeugnisse",
		"5.3 Beseitigung oder Verwertung nicht gefährlicher Abfälle",
		"6.1 b) Herstellung von Papier, Karton oder Pappe (über 20 t/d)",
		"6.4 b) Behandlung und Verarbeitung von Nahrungsmitteln", "6.4 c) Behandlung und Verarbeitung von Milch (über 200 t/d)",
		"6.11 Eigenständig betriebene Behandlung von Abwasser")},
	{"taetigkeit", werte("Milchverarbeitung", "Bierbrauen", "Weinherstellung", "Fleischverarbeitung", "Galvanik", "Lackierung",
		"Papierherstellung", "Chemische Synthese")},
	{"produktbezeichnung", werte("Käse", "Bier", "Wein und Sekt", "Fleisch- und Wurstwaren", "Papier", "Pharmazeutische Wirkstoffe",
		"Kunststoffgranulat", "Verzinkte Stahlteile")},
	{"produktionsart", werte("Kontinuierliche Produktion", "Chargenbetrieb", "Kampagnenbetrieb", "Saisonbetrieb", "Serienfertigung")},
	{"produktionsverfahren", werte("Nassverfahren", "Trockenverfahren", "Galvanische Beschichtung", "Fermentation", "Destillation",
		"Extraktion")},
	{"zustaendigkeit-person", werte("Betriebsleitung", "Gewässerschutzbeauftragte/r", "Abwassermeister/in", "Ansprechpartner/in Labor",
		"Ansprechpartner/in Abwasserabgabe")},
}

// demoWerte adds the demo entries that are missing — compared by value, and for enumerations
// also by identifier — through the same command path as the API.
func demoWerte(ctx context.Context, store *eventstore.Store) (int, error) {
	added := 0
	for _, l := range demoWertelisten {
		def, ok := werteliste.Nach(l.liste)
		if !ok {
			return added, fmt.Errorf("Werteliste %s gibt es nicht", l.liste)
		}
		vorhanden, err := wertelisten.Eintraege(ctx, store.Pool(), l.liste)
		if err != nil {
			return added, err
		}
		for _, e := range l.eintraege {
			extras, err := demoExtras(ctx, store, def, e.extras)
			if err != nil {
				return added, fmt.Errorf("%s %q: %w", l.liste, e.wert, err)
			}
			if i := slices.IndexFunc(vorhanden, func(v wertelisten.Eintrag) bool {
				return werteliste.Normiert(v.Value) == werteliste.Normiert(e.wert) || (e.schluessel != "" && v.Schluessel == e.schluessel)
			}); i >= 0 {
				// Entries seeded before their list had extra columns get the demo columns once.
				if v := vorhanden[i]; len(extras) > 0 && v.Extras == nil {
					if _, _, err := pflege.Aendern(ctx, store, l.liste, v.ID, v.Version, pflege.Eingabe{Wert: v.Value,
						Extras: extras}, Akteur); err != nil {
						return added, fmt.Errorf("%s %q: %w", l.liste, e.wert, err)
					}
					added++
				}
				continue
			}
			if _, _, err := pflege.Anlegen(ctx, store, l.liste, pflege.Eingabe{Wert: e.wert, Schluessel: e.schluessel,
				Extras: extras}, Akteur); err != nil {
				return added, fmt.Errorf("%s %q: %w", l.liste, e.wert, err)
			}
			added++
		}
	}
	return added, nil
}

// demoExtras turns the extra columns of a demo entry into API input, references by value or
// identifier into ids.
func demoExtras(ctx context.Context, store *eventstore.Store, def werteliste.Definition, x map[string]any) (werteliste.Eingabe, error) {
	out := werteliste.Eingabe{}
	for name, v := range x {
		feld, ok := def.Extra(name)
		if !ok {
			return nil, fmt.Errorf("Spalte %s gibt es nicht", name)
		}
		var namen []string
		switch w := v.(type) {
		case string:
			if feld.Art != werteliste.Referenz {
				out[name] = mustJSON(w)
				continue
			}
			namen = []string{w}
		case []string:
			namen = w
		default:
			out[name] = mustJSON(w)
			continue
		}
		ziel, err := wertelisten.Eintraege(ctx, store.Pool(), feld.Liste)
		if err != nil {
			return nil, err
		}
		ids := []int64{}
		for _, n := range namen {
			i := slices.IndexFunc(ziel, func(e wertelisten.Eintrag) bool { return e.Value == n || e.Schluessel == n })
			if i < 0 {
				return nil, fmt.Errorf("%s: %q steht nicht in %s", name, n, feld.Liste)
			}
			ids = append(ids, ziel[i].ID)
		}
		if feld.Art == werteliste.Referenz {
			out[name] = mustJSON(ids[0])
		} else {
			out[name] = mustJSON(ids)
		}
	}
	return out, nil
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
