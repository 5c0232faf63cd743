// Package seed fills a database with demo data through the real command path, so demo data
// has events, an audit trail and read models like everything users enter. Running it twice
// changes nothing.
package seed

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/lokalerolle"
	"github.com/eabwasser/eabwasser/domain/organisation"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/plattform/geodaten"
)

// Akteur is who the demo data is recorded as.
var Akteur = eventstore.Metadata{ActorID: "system", ActorName: "Demo-Daten", Roles: []string{"SYSTEMADMIN"},
	CorrelationID: "seed-demo"}

// demoWertelisten (wertelisten.go) are the value-list entries an authority in Rhineland-Palatinate
// would keep; demoWerte adds the missing ones.

// anfang is when the demo's story begins: its organisations and the authority's local role
// are registered.
var anfang = am(2019, 1, 7, 8, 30)

// Regionalstelle is the demo authority.
const Regionalstelle = "Regionalstelle Wasserwirtschaft, Abfallwirtschaft, Bodenschutz Koblenz"

// DemoPasswort is the password of every demo account — demo only.
const DemoPasswort = "Demo-Passwort-1"

// Demo organisations: an operator company and a municipality.
var demoOrganisationen = []organisation.Daten{
	{Bezeichnung: "Klärwerk Rheinaue GmbH", Adresse: organisation.Adresse{Strasse: "Rheinuferstraße", Hausnummer: "12", Plz: "56068", Ort: "Koblenz"},
		Abgabenummer: "AB-1001", OrganisationsID: "ORG-1001"},
	{Bezeichnung: "Verbandsgemeinde Musterhausen", Adresse: organisation.Adresse{Strasse: "Marktplatz", Hausnummer: "1", Plz: "56566", Ort: "Musterhausen"},
		Abwasserbeseitigungspflicht: true, Abgabenummer: "AB-2002", OrganisationsID: "ORG-2002"},
}

type demoKonto struct {
	name, anrede, vorname, nachname, rolle string
	organisation                           int // index into demoOrganisationen, -1: none
}

// One active account per functional role (user name = role in lower case) plus betreiber2.
var demoKonten = []demoKonto{
	{"systemadmin", "Frau", "Sabine", "Adler", "SYSTEMADMIN", -1},
	{"fachadmin", "Herr", "Thomas", "Becker", "FACHADMIN", -1},
	{"zust_sbd", "Frau", "Claudia", "Schneider", "ZUST_SBD", -1},
	{"zust_sbb", "Herr", "Markus", "Weber", "ZUST_SBB", -1},
	{"zust_sbs", "Frau", "Julia", "Hoffmann", "ZUST_SBS", -1},
	{"zust_sba", "Herr", "Stefan", "Koch", "ZUST_SBA", -1},
	{"leser_behoerde", "Frau", "Anna", "Richter", "LESER_BEHOERDE", -1},
	{"betreiber", "Herr", "Michael", "Wagner", "BETREIBER", 0},
	{"beauftragter", "Frau", "Katrin", "Schulz", "BEAUFTRAGTER", 0},
	{"leser_organisation", "Herr", "Andreas", "Braun", "LESER_ORGANISATION", 0},
	{"betreiber2", "Frau", "Petra", "Zimmermann", "BETREIBER", 1},
}

// Demo creates the demo data that is missing and reports how many objects it added.
func Demo(ctx context.Context, store *eventstore.Store) (int, error) {
	added, err := demoWerte(ctx, store)
	if err != nil {
		return added, err
	}
	orgIDs := make([]int64, len(demoOrganisationen))
	for i, d := range demoOrganisationen {
		id, err := konten.OrganisationNachBezeichnung(ctx, store.Pool(), d.Bezeichnung)
		if errors.Is(err, konten.ErrUnbekannt) {
			if id, err = eventstore.NextID(ctx, store, "organisation_id_seq"); err != nil {
				return added, err
			}
			// registered when the demo's story begins (accounts keep the seed's time: an
			// organisation account is valid for a year from its creation)
			if err = befehlAm(ctx, store, organisation.Decider, id, anfang, organisation.Befehl(organisation.LegeAn{Daten: d, Heute: anfang}), Akteur); err == nil {
				added++
			}
		}
		if err != nil {
			return added, fmt.Errorf("Organisation %s: %w", d.Bezeichnung, err)
		}
		orgIDs[i] = id
	}
	dienststelle, n, err := demoDienststelle(ctx, store)
	added += n
	if err != nil {
		return added, err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(DemoPasswort), bcrypt.DefaultCost)
	if err != nil {
		return added, err
	}
	jetzt := time.Now()
	for _, k := range demoKonten {
		if _, err := konten.NachBenutzername(ctx, store.Pool(), k.name); err == nil {
			continue
		}
		p := konto.Person{Anrede: k.anrede, Name: k.nachname, Vorname: k.vorname,
			Email: k.name + "@demo.eabwasser.example", Telefon: "0261-120-" + fmt.Sprint(1000+len(k.name))}
		cmd := konto.LegeAn{Benutzername: k.name, Passwort: DemoPasswort, PasswortHash: string(hash), Person: p,
			FunktionaleRollen: []string{k.rolle}, Jetzt: jetzt}
		if k.organisation >= 0 {
			cmd.Person.OrganisationID = orgIDs[k.organisation]
		} else {
			cmd.DatascoutID = "DS-" + strings.ToUpper(k.name)
			if berechtigung.GlobaleRolle(berechtigung.Rolle(k.rolle)) == berechtigung.GlobalBehoerde {
				cmd.Behoerde = Regionalstelle
				cmd.LokaleRollen, cmd.Dienststellenrolle = []int64{dienststelle}, true
			}
		}
		id, err := eventstore.NextID(ctx, store, "anwender_id_seq")
		if err != nil {
			return added, err
		}
		if _, err := eventstore.Befehle(store, konto.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, konto.LegeDemoAnwenderAn{LegeAn: cmd}, Akteur); err != nil {
			return added, fmt.Errorf("Konto %s: %w", k.name, err)
		}
		added++
	}
	n, err = demoBetriebeAnlegen(ctx, store, orgIDs)
	added += n
	if err != nil {
		return added, err
	}
	n, err = demoAnlagenAnlegen(ctx, store, orgIDs)
	added += n
	if err != nil {
		return added, err
	}
	n, err = demoMessstellenAnlegen(ctx, store)
	added += n
	if err != nil {
		return added, err
	}
	n, err = demoBescheideAnlegen(ctx, store)
	added += n
	if err != nil {
		return added, err
	}
	n, err = demoBerichteAnlegen(ctx, store)
	added += n
	if err != nil {
		return added, err
	}
	// The sample geodata around Koblenz (municipalities, water bodies, sub-catchments) for the
	// layers not loaded from official files (reference data, not counted among the objects).
	_, err = geodaten.LadeBeispiel(ctx, store.Pool())
	return added, err
}

// Dienststelle is the demo local role that represents the demo authority.
const Dienststelle = "Regionalstelle Koblenz"

// demoDienststelle creates (once) the system local role of the demo Regionalstelle.
func demoDienststelle(ctx context.Context, store *eventstore.Store) (int64, int, error) {
	var id int64
	err := store.Pool().QueryRow(ctx, `SELECT id FROM lokale_rolle WHERE bezeichnung = $1 AND systemrolle`, Dienststelle).Scan(&id)
	if err == nil {
		return id, 0, nil
	}
	var regionalstelle int64
	if err := store.Pool().QueryRow(ctx, `SELECT id FROM werteliste_eintrag WHERE liste = 'regionalstelle' AND wert = $1`,
		Regionalstelle).Scan(&regionalstelle); err != nil {
		return 0, 0, fmt.Errorf("Regionalstelle: %w", err)
	}
	if id, err = eventstore.NextID(ctx, store, "lokale_rolle_id_seq"); err != nil {
		return 0, 0, err
	}
	err = befehlAm(ctx, store, lokalerolle.Decider, id, anfang, lokalerolle.Befehl(lokalerolle.LegeAn{Daten: lokalerolle.Daten{
		Bezeichnung: Dienststelle, GlobaleRolle: berechtigung.GlobalBehoerde, Systemrolle: true,
		RegionalstelleIDs: []int64{regionalstelle}}, Jetzt: anfang}), Akteur)
	return id, 1, err
}
