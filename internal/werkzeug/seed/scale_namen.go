package seed

// --- realistic names of Rhineland-Palatinate -------------------------------------------------

var regionalstellenOrte = []string{"Koblenz", "Montabaur", "Trier", "Idar-Oberstein", "Mainz", "Kaiserslautern",
	"Neustadt an der Weinstraße"}

type ort struct {
	name, plz string
	stelle    int // index into regionalstellenOrte
}

var orte = []ort{
	{"Koblenz", "56068", 0}, {"Andernach", "56626", 0}, {"Mayen", "56727", 0}, {"Neuwied", "56564", 0}, {"Cochem", "56812", 0},
	{"Simmern/Hunsrück", "55469", 0}, {"Boppard", "56154", 0}, {"Lahnstein", "56112", 1}, {"Montabaur", "56410", 1},
	{"Westerburg", "56457", 1}, {"Bad Ems", "56130", 1}, {"Altenkirchen", "57610", 1}, {"Betzdorf", "57518", 1},
	{"Trier", "54290", 2}, {"Bitburg", "54634", 2}, {"Wittlich", "54516", 2}, {"Prüm", "54595", 2}, {"Bernkastel-Kues", "54470", 2},
	{"Daun", "54550", 2}, {"Konz", "54329", 2}, {"Idar-Oberstein", "55743", 3}, {"Bad Kreuznach", "55543", 3},
	{"Birkenfeld", "55765", 3}, {"Kirn", "55606", 3}, {"Mainz", "55116", 4}, {"Bingen am Rhein", "55411", 4},
	{"Alzey", "55232", 4}, {"Worms", "67547", 4}, {"Ingelheim am Rhein", "55218", 4}, {"Nierstein", "55283", 4},
	{"Kaiserslautern", "67655", 5}, {"Pirmasens", "66953", 5}, {"Zweibrücken", "66482", 5}, {"Kusel", "66869", 5},
	{"Landstuhl", "66849", 5}, {"Neustadt an der Weinstraße", "67433", 6}, {"Ludwigshafen am Rhein", "67059", 6},
	{"Speyer", "67346", 6}, {"Landau in der Pfalz", "76829", 6}, {"Frankenthal (Pfalz)", "67227", 6}, {"Germersheim", "76726", 6},
	{"Bad Dürkheim", "67098", 6}, {"Haßloch", "67454", 6},
}

var ortsteile = []string{"Nord", "Süd", "Ost", "West", "Mitte", "Oberdorf", "Unterdorf", "Hafen", "Talaue", "Am Bach"}

var familien = []string{"Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann",
	"Koch", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann", "Braun", "Krüger", "Hofmann", "Hartmann",
	"Lange", "Schmitt", "Werner", "Krause", "Meier", "Lehmann", "Schmid", "Schulze", "Maier", "Köhler", "Herrmann", "König",
	"Walter", "Mayer", "Huber", "Kaiser", "Fuchs", "Peters", "Lang", "Scholz", "Möller", "Weiß", "Jung", "Hahn", "Keller",
	"Vogel", "Friedrich", "Roth", "Beck", "Lorenz", "Baumann", "Franke", "Albrecht", "Ludwig", "Winkler", "Simon", "Böhm"}

var vornamenM = []string{"Michael", "Thomas", "Andreas", "Stefan", "Markus", "Christian", "Frank", "Jan", "Tobias", "Matthias",
	"Peter", "Jürgen", "Alexander", "Sebastian", "Daniel", "Florian", "Bernd", "Uwe", "Klaus", "Jörg"}

var vornamenW = []string{"Sabine", "Claudia", "Julia", "Anna", "Petra", "Katrin", "Andrea", "Nicole", "Stefanie", "Susanne",
	"Birgit", "Melanie", "Sandra", "Christina", "Monika", "Laura", "Sarah", "Katharina", "Jana", "Ute"}

var rechtsformen = []string{"GmbH", "GmbH", "GmbH", "AG", "KG", "GmbH & Co. KG", "e.K.", "OHG"}

type branche struct{ firma, betrieb, taetigkeit, nace, produkt string }

var branchen = []branche{
	{"Papier", "Papierfabrik", "6.1 b) Herstellung von Papier, Karton oder Pappe (über 20 t/d)", "17.12", "Papier"},
	{"Brauerei", "Brauerei", "7.29 Herstellung von Bier", "11.05", "Bier"},
	{"Oberflächentechnik", "Galvanik", "2.6 Oberflächenbehandlung von Metallen (Wirkbäder über 30 m³)", "25.61", "Beschichtete Metallteile"},
	{"Milchwerke", "Molkerei", "7.32 Behandlung und Verarbeitung von Milch", "10.51", "Milcherzeugnisse"},
	{"Chemie", "Chemiewerk", "4.1 Herstellung organischer Chemikalien", "20.14", "Organische Grundstoffe"},
	{"Textil", "Färberei", "10.10 Vorbehandlung oder Färben von Fasern oder Textilien", "13.30", "Gefärbte Garne"},
	{"Fleischwaren", "Schlachthof", "7.2 Schlachten von Tieren", "10.11", "Fleisch"},
	{"Weinkellerei", "Kellerei", "7.27 Herstellung von Wein", "11.02", "Wein"},
	{"Druck", "Druckerei", "5.1 Oberflächenbehandlung unter Verwendung organischer Lösungsmittel", "18.12", "Druckerzeugnisse"},
	{"Metallbau", "Metallwerk", "3.9 Oberflächenbehandlung von Metallen", "25.11", "Stahlbauteile"},
	{"Zement", "Zementwerk", "2.3 Herstellung von Zementklinker", "23.51", "Zement"},
	{"Zucker", "Zuckerfabrik", "7.30 Herstellung von Zucker", "10.81", "Zucker"},
	{"Fruchtsaft", "Kelterei", "7.31 Herstellung von Fruchtsäften", "10.32", "Fruchtsaft"},
	{"Kunststoff", "Kunststoffwerk", "4.1 h) Herstellung von Kunststoffen", "22.29", "Kunststoffteile"},
	{"Glas", "Glashütte", "2.8 Herstellung von Glas", "23.13", "Hohlglas"},
	{"Lederwaren", "Gerberei", "10.3 Gerben von Häuten oder Fellen", "15.11", "Leder"},
	{"Entsorgung", "Recyclinghof", "8.11 Behandlung von nicht gefährlichen Abfällen", "38.32", "Sekundärrohstoffe"},
	{"Edelstein", "Edelsteinschleiferei", "Schleifen und Polieren von Edelsteinen", "32.12", "Schmucksteine"},
}

// betriebstypen, weighted like an authority's stock: mostly industrial, then municipal.
var betriebstypen = []string{"INDUSTRIE", "INDUSTRIE", "INDUSTRIE", "INDUSTRIE", "INDUSTRIE", "INDUSTRIE", "KOMMUNAL", "KOMMUNAL",
	"KANAL_KOMMUNAL", "KANAL_INDUSTRIE", "PRIVAT", "AUSSERHALB_RLP"}

var strassen = []string{"Hauptstraße", "Bahnhofstraße", "Industriestraße", "Am Hafen", "Gewerbepark", "Rheinstraße", "Moselstraße",
	"Mainzer Straße", "Koblenzer Straße", "Trierer Straße", "Im Gewerbegebiet", "Lahnstraße", "Nahestraße", "Auf der Au",
	"Mühlenweg", "Kirchstraße", "Schulstraße", "Gartenstraße", "Raiffeisenstraße", "Siemensstraße", "Carl-Benz-Straße",
	"An der Kläranlage", "Zum Wasserwerk", "Robert-Bosch-Straße", "Am Bahndamm"}

var ablehnungen = []string{
	"Die Lage der Einleitstelle fehlt. Bitte ergänzen Sie die Koordinaten und beantragen Sie die Freigabe erneut.",
	"Die Koordinaten liegen außerhalb des Betriebsgeländes. Bitte prüfen Sie die Angaben.",
	"Der Betrieb ist bereits unter einer anderen Nummer erfasst. Bitte klären Sie das mit der Regionalstelle.",
	"Die Angaben zur Wasserversorgung sind unvollständig.",
}
