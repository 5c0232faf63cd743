import { describe, expect, it } from 'vitest';
import { LEERE_PERSON, MSG_PFLICHTFELD, pflichtfelder } from '@/lib/form';
import { FORMULARE, type Bedingung, type Formular, type Formularname } from '@/lib/formregeln';
import { pruefeHochladen } from '@/features/ablage/components/HochladenDialog';
import { PARAMETERARTEN } from '@/features/anforderung/api/anforderung';
import { ANLAGENSTATUS } from '@/features/anlage/api/anlage';
import { BESCHEIDSSTATUS } from '@/features/bescheid/api/bescheid';
import { MESSSTELLENSTATUS } from '@/features/messstelle/api/messstelle';
import { ORGANISATION_STATUS } from '@/features/systemverwaltung/components/bezeichnungen';
import { pruefeWiedervorlage } from '@/features/ablage/components/WiedervorlageDialog';
import { neueZeile, pruefeZeile, REITER } from '@/features/anforderung/components/werte';
import { neueWerte as neueAnlage, pruefeAnlage, pruefeAnlagenantrag } from '@/features/anlage/components/werte';
import { neueWerte as neuerBescheid, pruefeBescheid } from '@/features/bescheid/components/werte';
import { pruefeAntrag } from '@/features/betrieb/components/dialoge/StammdatenAntragDialog';
import { LEERE_WERTE as LEERER_BETRIEB, pruefeBetrieb } from '@/features/betrieb/components/formular/werte';
import { vorlageAus } from '@/features/jahresbericht/components/Messwerte';
import { pruefeMesswerte } from '@/features/jahresbericht/components/messwerte';
import { neueVorbelastung, neueWerte as neueMessstelle, pruefeMessstelle } from '@/features/messstelle/components/werte';
import { pruefeProfil } from '@/features/profil/components/validierung';
import { pruefeRegistrierung } from '@/features/registrierung/components/validierung';
import { LEERER_ANWENDER, pruefeAnwender } from '@/features/systemverwaltung/components/anwender/validierung';
import { pruefeOrganisation } from '@/features/systemverwaltung/components/organisationen/OrganisationDialog';

// Issue 43, item 5: every form's client check, on the form left empty (one empty row in each
// list whose rows have required fields), calls exactly the fields empty that the server's table
// (lib/formregeln.ts, generated from domain/formregeln) requires under the same conditions — with
// the same messages. httpapi/formregeln_test.go proves the server requires exactly the table's.

interface Fall {
  formular: Formularname;
  name: string;
  bedingungen?: Bedingung[];
  /** Lists the case sends one empty row of. */
  zeilen?: string[];
  /** Required fields the case fills on purpose, or the form decides elsewhere (a tab, the operation's type). */
  gefuellt?: string[];
  /** The form's key of a field of the table where it differs ('adresse.strasse' → 'strasse'). */
  schluessel?: (feld: string) => string;
  fehler: () => Record<string, string | undefined>;
}

/** The table's required fields for the case, under the form's keys, with their messages. */
function erwartet(f: Fall): Record<string, string> {
  const formular: Formular = FORMULARE[f.formular];
  const out: Record<string, string> = {};
  for (const feld of pflichtfelder(formular, f.bedingungen)) {
    if (f.gefuellt?.includes(feld)) continue;
    const liste = feld.split('[]')[0];
    if (feld.includes('[]') && !f.zeilen?.includes(liste)) continue;
    const regel = formular.felder.find((r) => r.feld === feld);
    out[(f.schluessel ?? ((x: string) => x))(feld.replace('[]', '[0]'))] = regel?.meldung ?? MSG_PFLICHTFELD;
  }
  return out;
}

/** The errors of the form that say a field is empty (MSG_PFLICHTFELD or a rule's message). */
function leer(f: Fall, fehler: Record<string, string | undefined>): Record<string, string> {
  const meldungen = new Set([MSG_PFLICHTFELD, ...FORMULARE[f.formular].felder.flatMap((r) => ('meldung' in r && r.meldung ? [r.meldung] : []))]);
  return Object.fromEntries(Object.entries(fehler).filter((e): e is [string, string] => !!e[1] && meldungen.has(e[1])));
}

const ohnePerson = (feld: string) => feld.replace(/^person\./, '');
const letztes = (feld: string) => feld.slice(feld.lastIndexOf('.') + 1);

const faelle: Fall[] = [
  {
    formular: 'registrierung',
    name: 'all empty',
    bedingungen: ['registrierung'],
    fehler: () => pruefeRegistrierung({ ...LEERE_PERSON, organisation: '', funktionaleRolle: [], dsgvo: false }),
  },
  {
    formular: 'profil',
    name: 'all empty',
    fehler: () => pruefeProfil({ ...LEERE_PERSON, benutzername: '', passwort: '', bestaetigung: '', aktuellesPasswort: '' }),
  },
  { formular: 'benutzer', name: 'a new user without a role', bedingungen: ['neu', 'behoerdenrolle'], schluessel: ohnePerson, fehler: () => pruefeAnwender(LEERER_ANWENDER, true) },
  {
    formular: 'benutzer',
    name: 'a saved operator',
    bedingungen: ['organisationsrolle'],
    gefuellt: ['funktionaleRolle'],
    schluessel: ohnePerson,
    fehler: () => pruefeAnwender({ ...LEERER_ANWENDER, funktionaleRolle: ['BETREIBER'] }, false),
  },
  {
    formular: 'organisation',
    name: 'all empty',
    schluessel: letztes,
    fehler: () => pruefeOrganisation({ bezeichnung: '', strasse: '', hausnummer: '', plz: '', ort: '', status: 'AKTIV', abwasserbeseitigungspflicht: false, abgabenummer: '', organisationsId: '' }),
  },
  {
    formular: 'betrieb',
    name: 'all empty, a row of each list',
    zeilen: ['kontakte', 'zustaendigePersonen', 'zustaendigeBearbeiter'],
    fehler: () =>
      pruefeBetrieb({
        ...LEERER_BETRIEB,
        betriebsstatus: '',
        kontakte: [{ anrede: '', titel: '', vorname: '', name: '', telefon: '', mobil: '', email: '', funktion: '' }],
        zustaendigePersonen: [{ id: 0, zustaendig: [] }],
        zustaendigeBearbeiter: [{ id: 0, bearbeiter: '' }],
      }),
  },
  {
    formular: 'stammdatenantrag',
    name: 'all empty',
    fehler: () => pruefeAntrag({ bezeichnung: '', muttergesellschaft: '', url: '', betreiberAdresse: false, strasse: '', hausnummer: '', plz: '', ort: '', kommentar: '' }),
  },
  {
    formular: 'anlage',
    name: 'a treatment plant, a row of each list',
    bedingungen: ['keinIndirekteinleiter'],
    zeilen: ['abwasserbeseitigungspflichtige', 'auslegungUndBelastungsDaten', 'planungen', 'anlagenteile', 'foerderungen', 'entsorgungsraum.entsorgungsraeume', 'kontakte', 'zustaendigePersonen', 'zustaendigeBearbeiter'],
    gefuellt: ['abwasserbeseitigungspflichtige'],
    fehler: () => {
      const w = neueAnlage('ABWASSERBEHANDLUNG');
      return pruefeAnlage('ABWASSERBEHANDLUNG', {
        ...w,
        anlagenstatus: '',
        pflichtige: [{ organisation: '', startJahr: '' }],
        auslegungen: [{ parameter: '', einheit: '', auslegungWert: '', auslegungJahr: '', auslegungFuehrend: false, belastungWert: '', belastungJahr: '', bemerkung: '' }],
        planungen: [{ status: '', massnahme: '', anschlussKA: '', plandatum: '', beschreibung: '', geaendertAm: '', geaendertVon: '' }],
        anlagenteile: [{ kategorie: '', bezeichnung: '', anzahl: '', bezeichner: '', bezeichnerGroesse: '', bezeichnerEinheit: '', bemerkung: '' }],
        foerderungen: [{ mipNr: '', bezeichnung: '', nameMassnahmetraeger: '' }],
        entsorgungsraum: { bezugsdatum: '', bezugsparameter: '', entsorgungsraeume: [{ verwaltungseinheitSchluessel: '', verwaltungseinheitBezeichnung: '' }] },
        kontakte: [{ anrede: '', titel: '', vorname: '', name: '', telefon: '', mobil: '', email: '', funktion: '' }],
        zustaendigePersonen: [{ id: 0, zustaendig: [] }],
        zustaendigeBearbeiter: [{ id: 0, bearbeiter: '' }],
      });
    },
  },
  {
    formular: 'anlage',
    name: 'an empty plant without an obligee',
    bedingungen: ['keinIndirekteinleiter'],
    fehler: () => pruefeAnlage('ABWASSERBEHANDLUNG', { ...neueAnlage('ABWASSERBEHANDLUNG'), anlagenstatus: '' }),
  },
  {
    formular: 'anlage',
    name: 'a relief plant discharging indirectly',
    bedingungen: ['indirekteinleiter', 'entlastung'],
    fehler: () => pruefeAnlage('ENTLASTUNG', { ...neueAnlage('ENTLASTUNG'), anlagenstatus: '', indirekteinleiter: true }),
  },
  {
    formular: 'anlagenantrag',
    name: 'all empty',
    zeilen: ['foerderungen'],
    fehler: () => pruefeAnlagenantrag({ bezeichnung: '' }, [{ mipNr: '', bezeichnung: '', nameMassnahmetraeger: '' }]),
  },
  {
    formular: 'messstelle',
    name: 'all empty, a Vorbelastung',
    zeilen: ['vorbelastungen'],
    // a row of the Mindestanforderungen is always one of the groups (A00 is added with its group)
    fehler: () =>
      pruefeMessstelle({ ...neueMessstelle(''), messstellenstatus: '', vorbelastungen: [neueVorbelastung()] }, { einleitstelle: true, mindestanforderungen: true, vorbelastungen: true }),
  },
  {
    formular: 'bescheid',
    name: 'staff return an application: all empty, an Auflage',
    bedingungen: ['rueckgabe'],
    zeilen: ['auflagen'],
    gefuellt: ['bescheidsstatus'],
    fehler: () =>
      pruefeBescheid(
        { ...neuerBescheid('', 'ANGELEGT'), bescheidsdatum: '', ablaufdatum: '', behoerde: '', auflagen: [{ abwasseranlage: '', art: '', beschreibung: '', fristdatum: '' }] },
        'BEANTRAGT',
      ),
  },
  {
    formular: 'bescheid',
    name: 'a new one without a status',
    fehler: () => pruefeBescheid({ ...neuerBescheid('', 'ANGELEGT'), bescheidsstatus: '', bescheidsdatum: '', ablaufdatum: '', behoerde: '' }),
  },
  {
    formular: 'anforderung',
    name: 'an empty row (the kind is the tab)',
    gefuellt: ['anforderungArt'],
    fehler: () => {
      const f: Record<string, string | undefined> = {};
      pruefeZeile({ ...neueZeile(), parameterArt: '', gueltigBis: '' }, 'x', f);
      return Object.fromEntries(Object.entries(f).map(([k, v]) => [k.replace(/^x\./, ''), v]));
    },
  },
  {
    formular: 'messwerte',
    name: 'a template with times',
    bedingungen: ['mitMesswerten', 'vorlageMitUhrzeit'],
    zeilen: ['messwerte'],
    gefuellt: ['vorlageMesswerteId'],
    fehler: () => pruefeMesswerte(vorlageAus({ id: 1, version: 1, value: 'Stichproben mit Uhrzeit', maxZeilenAnzahl: 52, datumsformat: 'TT.MM.JJJJ', uhrzeit: true, wert: true }), '1', [{ datum: '' }]),
  },
  {
    formular: 'messwerte',
    name: 'a template without times',
    bedingungen: ['mitMesswerten'],
    zeilen: ['messwerte'],
    gefuellt: ['vorlageMesswerteId'],
    fehler: () => pruefeMesswerte(vorlageAus({ id: 2, version: 1, value: 'Tageswerte', maxZeilenAnzahl: 366, datumsformat: 'TT.MM.JJJJ', wert: true }), '1', [{ datum: '' }]),
  },
  { formular: 'messwerte', name: 'rows without a template', bedingungen: ['mitMesswerten'], fehler: () => pruefeMesswerte(undefined, '1', []) },
  { formular: 'wiedervorlage', name: 'all empty', fehler: () => pruefeWiedervorlage({ betreff: ' ', datum: '' }) },
  { formular: 'datei', name: 'no file, no Bezeichnung', schluessel: (k) => (k === 'file' ? 'datei' : k), fehler: () => pruefeHochladen('', null) },
];

describe("every form requires exactly the server's table (issue 43, item 5)", () => {
  it.each(faelle.map((f) => [`${f.formular}: ${f.name}`, f] as const))('%s', (_, f) => {
    expect(leer(f, f.fehler())).toEqual(erwartet(f));
  });

  it('has a case for every form of the table', () => {
    expect(new Set(faelle.map((f) => f.formular))).toEqual(new Set(Object.keys(FORMULARE)));
  });

  it("the selects with fixed values offer the table's values", () => {
    const werte = (formular: Formularname, feld: string) => {
      const r = FORMULARE[formular].felder.find((x) => x.feld === feld);
      return r && 'werte' in r ? [...r.werte].sort() : [];
    };
    const values = (o: readonly { value: string }[]) => o.map((x) => x.value).sort();
    expect(values(PARAMETERARTEN)).toEqual(werte('anforderung', 'parameterArt'));
    expect(values(ANLAGENSTATUS)).toEqual(werte('anlage', 'anlagenstatus'));
    expect(values(MESSSTELLENSTATUS)).toEqual(werte('messstelle', 'messstellenstatus'));
    expect(values(ORGANISATION_STATUS)).toEqual(werte('organisation', 'status'));
    expect(Object.keys(BESCHEIDSSTATUS).sort()).toEqual(werte('bescheid', 'bescheidsstatus'));
  });

  it("the Anforderung's kind is the tab's: the tabs are the table's kinds", () => {
    const regel = FORMULARE.anforderung.felder.find((r) => r.feld === 'anforderungArt');
    expect(REITER.map((r) => r.art)).toEqual(regel && 'werte' in regel ? regel.werte : []);
  });
});
