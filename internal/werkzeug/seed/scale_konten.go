package seed

// The scale seed's organisations and their accounts, and the authority staff.

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/historie"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/eventstore"
)

// --- organisations -------------------------------------------------------------------------

type skalaOrganisation struct {
	daten     organisation.Daten
	ort       ort
	betreiber kontoPlan // acts for the organisation
	umbenannt string    // a later name, "" if none
	kommunal  bool
}

func (l *lauf) organisation(i int) skalaOrganisation {
	r := zufall(artOrganisation, i)
	o := waehle(r, orte)
	kommunal := r.IntN(100) < 15
	familie, branche := waehle(r, familien), waehle(r, branchen).firma
	name := familie + " " + branche + " " + waehle(r, rechtsformen)
	if kommunal {
		name = waehle(r, []string{"Verbandsgemeinde ", "Stadtwerke ", "Abwasserzweckverband ", "Gemeindewerke "}) + o.name
	}
	nr := l.orgIDs[i]
	so := skalaOrganisation{ort: o, kommunal: kommunal, daten: organisation.Daten{Bezeichnung: name,
		Adresse:                     organisation.Adresse{Strasse: waehle(r, strassen), Hausnummer: strconv.Itoa(1 + r.IntN(180)), Plz: o.plz, Ort: o.name},
		Abwasserbeseitigungspflicht: kommunal, Abgabenummer: fmt.Sprintf("AB-%06d", nr), OrganisationsID: fmt.Sprintf("ORG-%06d", nr)}}
	if !kommunal && r.IntN(100) < 10 { // merged with another family business since
		so.umbenannt = familie + " & " + waehle(r, familien) + " " + branche + " GmbH & Co. KG"
	}
	return so
}

// organisationsPlan: an organisation is registered in 2011, before its first operation's
// request (2012 and later), and renamed (some) in the last year or so, recorded on the day the
// new name is valid from.
func (l *lauf) organisationsPlan(i int) plan {
	o := l.orgs[i]
	registriert := time.Date(2011, time.January, 3+i%330, 12, 0, 0, 0, time.UTC)
	p := plan{id: l.orgIDs[i], schritte: []schritt{{befehl: organisation.LegeAn{Daten: o.daten, Heute: registriert}, md: l.system(),
		am: l.um(registriert, i, 0)}}}
	if o.umbenannt != "" {
		neu := o.daten
		neu.Bezeichnung = o.umbenannt
		ai := &historie.AuditInfo{GueltigAb: l.datum(-400 + i%300), Aenderungsgrund: "Umfirmierung"}
		md := l.system()
		md.AuditInfo = &eventstore.AuditInfo{GueltigAb: ai.GueltigAb, Aenderungsgrund: ai.Aenderungsgrund}
		p.schritte = append(p.schritte, schritt{befehl: organisation.Aendere{Daten: neu, AuditInfo: ai, Heute: l.s.Heute}, md: md,
			am: l.um(l.tag(-400+i%300), i, 1)})
	}
	return p
}

// tag is Heute plus d days; datum the same as yyyy-MM-dd.
func (l *lauf) tag(d int) time.Time { return l.s.Heute.AddDate(0, 0, d) }
func (l *lauf) datum(d int) string  { return l.tag(d).Format(historie.Datumsformat) }

// --- accounts ------------------------------------------------------------------------------

type kontoPlan struct {
	id     int64
	org    int // index of the organisation, -1 for staff
	stelle int // index of the Regionalstelle for authority staff
	befehl konto.LegeAn
}

func (l *lauf) person(r *rand.Rand, org int64, domain string) konto.Person {
	weiblich := r.IntN(2) == 0
	vorname, anrede := waehle(r, vornamenM), "Herr"
	if weiblich {
		vorname, anrede = waehle(r, vornamenW), "Frau"
	}
	name := waehle(r, familien)
	return konto.Person{Anrede: anrede, Vorname: vorname, Name: name, OrganisationID: org,
		Email: ascii(vorname) + "." + ascii(name) + "@" + domain, Telefon: fmt.Sprintf("0%d-%d", 2600+r.IntN(3999), 10000+r.IntN(89999))}
}

// seit2011 is when staff account k was created: in November 2011, before the first
// operation's request; an authority account is valid without limit.
func (l *lauf) seit2011(k int) time.Time {
	return l.um(time.Date(2011, time.November, 1+k%25, 12, 0, 0, 0, time.UTC), 1<<20+k, 0).UTC()
}

// behoerdenpersonal: for every Regionalstelle one account per authority role, and the
// administrators.
func (l *lauf) behoerdenpersonal() []kontoPlan {
	var out []kontoPlan
	rollen := []berechtigung.Rolle{berechtigung.ZustSBD, berechtigung.ZustSBB, berechtigung.ZustSBS, berechtigung.ZustSBA, berechtigung.LeserBehoerde}
	for si, st := range l.regionalstellen {
		for _, rolle := range rollen {
			r := zufall(artKonto, 1_000_000+len(out))
			p := l.person(r, 0, "sgd.rlp.example")
			name := strings.ToLower(string(rolle)) + "." + ascii(st.ort)
			p.Email = name + "@sgd.rlp.example"
			out = append(out, kontoPlan{org: -1, stelle: si, befehl: konto.LegeAn{Benutzername: name, Passwort: DemoPasswort,
				PasswortHash: l.s.PasswortHash, Person: p, FunktionaleRollen: []string{string(rolle)}, Jetzt: l.seit2011(len(out)),
				Behoerde:     "Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz " + st.ort,
				LokaleRollen: []int64{st.dienststelle}, Dienststellenrolle: true,
				DatascoutID: fmt.Sprintf("DS-%s-%s", strings.ToUpper(ascii(st.ort)), rolle)}})
		}
	}
	for i, rolle := range []berechtigung.Rolle{berechtigung.Fachadmin, berechtigung.Fachadmin, berechtigung.Systemadmin} {
		r := zufall(artKonto, 2_000_000+i)
		p := l.person(r, 0, "lfu.rlp.example")
		name := fmt.Sprintf("%s.lfu.%d", strings.ToLower(string(rolle)), i+1)
		p.Email = name + "@lfu.rlp.example"
		out = append(out, kontoPlan{org: -1, stelle: -1, befehl: konto.LegeAn{Benutzername: name, Passwort: DemoPasswort,
			PasswortHash: l.s.PasswortHash, Person: p, FunktionaleRollen: []string{string(rolle)}, Jetzt: l.seit2011(len(out)),
			DatascoutID: fmt.Sprintf("DS-LFU-%d", i+1)}})
	}
	return out
}

// organisationsKonten: a BETREIBER for every organisation, a BEAUFTRAGTER for every second,
// a LESER_ORGANISATION for every fourth. An account with an organisation role is valid for
// twelve months from its creation, so these are created on the last working day before Heute
// (as a real operator's access is renewed), after their holders' past steps.
func (l *lauf) organisationsKonten(i int) []kontoPlan {
	rollen := []berechtigung.Rolle{berechtigung.Betreiber}
	if i%2 == 0 {
		rollen = append(rollen, berechtigung.Beauftragter)
	}
	if i%4 == 0 {
		rollen = append(rollen, berechtigung.LeserOrganisation)
	}
	o := l.orgs[i]
	domain := ascii(strings.Fields(o.daten.Bezeichnung)[0]) + "-" + strconv.FormatInt(l.orgIDs[i], 10) + ".example"
	var out []kontoPlan
	for j, rolle := range rollen {
		r := zufall(artKonto, i*4+j)
		p := l.person(r, l.orgIDs[i], domain)
		name := fmt.Sprintf("%s.%s.%d.%d", ascii(string([]rune(p.Vorname)[:1])), ascii(p.Name), l.orgIDs[i], j+1)
		p.Email = name + "@" + domain // unique: addresses are unique across accounts
		out = append(out, kontoPlan{org: i, stelle: -1, befehl: konto.LegeAn{Benutzername: name, Passwort: DemoPasswort,
			PasswortHash: l.s.PasswortHash, Person: p, FunktionaleRollen: []string{string(rolle)}, Jetzt: l.gestern(i*4+j, 0).UTC()}})
	}
	return out
}

// sachbearbeiter is the ZUST_SBD account of a Regionalstelle: it decides and keeps its operations.
func (l *lauf) sachbearbeiter(regionalstelle int64) kontoPlan {
	for _, k := range l.personal {
		if k.stelle >= 0 && l.regionalstellen[k.stelle].id == regionalstelle && k.befehl.FunktionaleRollen[0] == string(berechtigung.ZustSBD) {
			return k
		}
	}
	return l.personal[len(l.personal)-2] // a FACHADMIN
}

// ascii folds a name into user-name and mail-address letters.
func ascii(s string) string {
	r := strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss", " ", "-", "(", "", ")", "", ".", "")
	return strings.ToLower(r.Replace(s))
}
