import { istLeer, MSG_PFLICHTFELD } from '@/lib/form';
import { formatNumber, parseGermanNumber } from '@/lib/format';
import {
  pruefeZustaendigkeiten,
  type Kontakt,
  type ZustaendigePerson,
  type ZustaendigerBearbeiter,
} from '@/components/zustaendigkeiten/zustaendigkeiten';
import type { Anlage, AnlageFormular } from '@/features/anlage/api/anlage';

// The plant form's values (numbers as typed text) and the client checks of spec 000 §5, with the
// spec's messages verbatim. The server checks the same rules; its messages land on the same keys.

export const MSG_AUFNAHME = 'Es muss eine aufnehmende Anlage ausgewählt werden';
export const MSG_PFLICHTIGER = 'Es muss ein Abwasserbeseitigungspflichtiger ausgewählt werden';
export const MSG_WASSERBUCH = 'Wasserbuchnummer ungültig';
export const MSG_WASSERBUCH_LAENGE = 'Max. 9 Zeichen erlaubt';
export const MSG_ZAHL = 'Es muss eine Zahl oder nichts eingegeben werden.';
export const MSG_JAHR = 'Das Jahr muss zwischen 1900 und 2100 liegen.';
export const MSG_KOORDINATE = 'Der eingegebene Wert ist zu groß.';
export const MSG_GESPEICHERT = 'Anlage erfolgreich gespeichert';
export const MSG_DATUM = 'Ungültiges Datumsformat';

export type Auslegung = {
  parameter: string;
  einheit: string;
  auslegungWert: string;
  auslegungJahr: string;
  auslegungFuehrend: boolean;
  belastungWert: string;
  belastungJahr: string;
  bemerkung: string;
};
export type Planung = { status: string; massnahme: string; anschlussKA: string; plandatum: string; beschreibung: string; geaendertAm: string; geaendertVon: string };
export type Anlagenteil = { kategorie: string; bezeichnung: string; anzahl: string; bezeichner: string; bezeichnerGroesse: string; bezeichnerEinheit: string; bemerkung: string };
export type Pflichtiger = { organisation: string; startJahr: string };
export type Foerderung = { mipNr: string; bezeichnung: string; nameMassnahmetraeger: string };
export type Verwaltungseinheit = { verwaltungseinheitSchluessel: string; verwaltungseinheitBezeichnung: string };
/** The disposal area (spec 000 §3): municipal treatment plants that are no indirect dischargers. */
export type Entsorgungsraum = { bezugsdatum: string; bezugsparameter: string; entsorgungsraeume: Verwaltungseinheit[] };

export interface AnlageWerte {
  bezeichnung: string;
  anlagenart: string;
  anlagenstatus: string;
  indirekteinleiter: boolean;
  aufnahme: string;
  hochwert: string;
  rechtswert: string;
  anlagensystem: string;
  beschreibung: string;
  selbstueberwachungspflicht: boolean;
  chargenbetrieb: boolean;
  kampagne: boolean;
  tegAbschluss: boolean;
  aufKAGelaende: boolean;
  dwaNr: string;
  staLaNr: string;
  suevoaAnlageNr: string;
  pflichtige: Pflichtiger[];
  entlastungssystem: string;
  entlastungstyp: string;
  wasserbuchnummer: string;
  flur: string;
  flurstueck: string;
  gemarkung: string;
  kuehlart: string;
  kuehlBehandlung: string;
  inWasserschutzgebiet: boolean;
  kanallaenge: string;
  kanalsystem: string;
  abwasserart: string;
  materialart: string;
  auslegungen: Auslegung[];
  planungen: Planung[];
  anlagenteile: Anlagenteil[];
  foerderungen: Foerderung[];
  kontakte: Kontakt[];
  zustaendigePersonen: ZustaendigePerson[];
  zustaendigeBearbeiter: ZustaendigerBearbeiter[];
  entsorgungsraum: Entsorgungsraum;
}

export type AnlageFehler = Record<string, string | undefined>;

const zahlText = (n: number | null | undefined) => (n === null || n === undefined ? '' : formatNumber(n, { grouping: false }));
const jahrText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A new plant of typ: GEPLANT, an indirect discharger for relief plants and sewer networks (spec 000 §4). */
export function neueWerte(typ: string): AnlageWerte {
  return werteAus({ anlagentyp: typ, indirekteinleiter: typ === 'ENTLASTUNG' || typ === 'KANALNETZ', anlagenstatus: 'GEPLANT' } as Anlage);
}

/** The form values of a stored plant. */
export function werteAus(a: Partial<Anlage>): AnlageWerte {
  return {
    bezeichnung: a.bezeichnung ?? '',
    anlagenart: a.anlagenart ?? '',
    anlagenstatus: a.anlagenstatus ?? 'GEPLANT',
    indirekteinleiter: a.indirekteinleiter ?? false,
    aufnahme: a.aufnahme ? String(a.aufnahme) : '',
    hochwert: zahlText(a.lage?.hochwert || null),
    rechtswert: zahlText(a.lage?.rechtswert || null),
    anlagensystem: a.anlagensystem ?? '',
    beschreibung: a.beschreibung ?? '',
    selbstueberwachungspflicht: a.selbstueberwachungspflicht ?? false,
    chargenbetrieb: a.chargenbetrieb ?? false,
    kampagne: a.kampagne ?? false,
    tegAbschluss: a.tegAbschluss ?? false,
    aufKAGelaende: a.aufKAGelaende ?? false,
    dwaNr: a.dwaNr ?? '',
    staLaNr: a.staLaNr ?? '',
    suevoaAnlageNr: a.suevoaAnlageNr ?? '',
    pflichtige: (a.abwasserbeseitigungspflichtige ?? []).map((p) => ({ organisation: p.organisation ? String(p.organisation) : '', startJahr: jahrText(p.startJahr) })),
    entlastungssystem: a.entlastungssystem ?? '',
    entlastungstyp: a.entlastungstyp ?? '',
    wasserbuchnummer: a.wasserbuchnummer ?? '',
    flur: a.flur ?? '',
    flurstueck: a.flurstueck ?? '',
    gemarkung: a.gemarkung ?? '',
    kuehlart: a.kuehlart ?? '',
    kuehlBehandlung: a.kuehlBehandlung ?? '',
    inWasserschutzgebiet: a.inWasserschutzgebiet ?? false,
    kanallaenge: zahlText(a.kanallaenge),
    kanalsystem: a.kanalsystem ?? '',
    abwasserart: a.abwasserart ?? '',
    materialart: a.materialart ?? '',
    auslegungen: (a.auslegungUndBelastungsDaten ?? []).map((x) => ({
      parameter: x.parameter ?? '',
      einheit: x.einheit ?? '',
      auslegungWert: zahlText(x.auslegungWert),
      auslegungJahr: jahrText(x.auslegungJahr),
      auslegungFuehrend: x.auslegungFuehrend ?? false,
      belastungWert: zahlText(x.belastungWert),
      belastungJahr: jahrText(x.belastungJahr),
      bemerkung: x.bemerkung ?? '',
    })),
    planungen: (a.planungen ?? []).map((p) => ({
      status: p.status ?? '',
      massnahme: p.massnahme ?? '',
      anschlussKA: p.anschlussKA ?? '',
      plandatum: p.plandatum ?? '',
      beschreibung: p.beschreibung ?? '',
      geaendertAm: p.geaendertAm ?? '',
      geaendertVon: p.geaendertVon ?? '',
    })),
    anlagenteile: (a.anlagenteile ?? []).map((t) => ({
      kategorie: t.kategorie ?? '',
      bezeichnung: t.bezeichnung ?? '',
      anzahl: jahrText(t.anzahl),
      bezeichner: t.bezeichner ?? '',
      bezeichnerGroesse: zahlText(t.bezeichnerGroesse),
      bezeichnerEinheit: t.bezeichnerEinheit ?? '',
      bemerkung: t.bemerkung ?? '',
    })),
    kontakte: (a.kontakte ?? []).map((k) => ({
      anrede: k.anrede ?? '',
      titel: k.titel ?? '',
      vorname: k.vorname ?? '',
      name: k.name ?? '',
      telefon: k.telefon ?? '',
      mobil: k.mobil ?? '',
      email: k.email ?? '',
      funktion: k.funktion ?? '',
    })),
    foerderungen: (a.foerderungen ?? []).map((f) => ({ mipNr: f.mipNr ?? '', bezeichnung: f.bezeichnung ?? '', nameMassnahmetraeger: f.nameMassnahmetraeger ?? '' })),
    zustaendigePersonen: (a.zustaendigePersonen ?? []).map((p) => ({ id: p.id ?? 0, person: 'person' in p ? (p.person as string) : undefined, zustaendig: p.zustaendig ?? [] })),
    zustaendigeBearbeiter: (a.zustaendigeBearbeiter ?? []).map((b) => ({ id: b.id ?? 0, bearbeiter: b.bearbeiter ?? '', name: b.name })),
    entsorgungsraum: {
      bezugsdatum: a.entsorgungsraum?.bezugsdatum ?? '',
      bezugsparameter: a.entsorgungsraum?.bezugsparameter ?? '',
      entsorgungsraeume: (a.entsorgungsraum?.entsorgungsraeume ?? []).map((e) => ({
        verwaltungseinheitSchluessel: e.verwaltungseinheitSchluessel ?? '',
        verwaltungseinheitBezeichnung: e.verwaltungseinheitBezeichnung ?? '',
      })),
    },
  };
}

/** Whether the plant keeps a disposal area now: the server says so for the plant's type and operation, and it is no indirect discharger. */
export const zeigtEntsorgungsraum = (mitEntsorgungsraum: boolean | undefined, w: AnlageWerte) => !!mitEntsorgungsraum && !w.indirekteinleiter;

const zahl = (s: string) => (istLeer(s) ? null : parseGermanNumber(s));
const ganz = (s: string) => (istLeer(s) ? null : Number.parseInt(s, 10));

/**
 * What the form sends: the values on top of the stored plant (members the form does not edit —
 * the treatment steps — go back as they came). An empty disposal area is none.
 */
export function eingabeAus(w: AnlageWerte, basis: Partial<Anlage> = {}): AnlageFormular {
  const { rechte: _r, aufnahmeAnlage: _a, aenderungsantrag: _x, ...rest } = basis as Anlage;
  const raum = w.entsorgungsraum;
  const mitRaum = raum.bezugsdatum !== '' || raum.bezugsparameter.trim() !== '' || raum.entsorgungsraeume.length > 0;
  return {
    ...rest,
    bezeichnung: w.bezeichnung.trim(),
    anlagenart: (w.anlagenart || undefined) as AnlageFormular['anlagenart'],
    anlagenstatus: w.anlagenstatus as AnlageFormular['anlagenstatus'],
    indirekteinleiter: w.indirekteinleiter,
    aufnahme: w.indirekteinleiter && w.aufnahme ? Number(w.aufnahme) : 0,
    lage: { hochwert: zahl(w.hochwert) ?? 0, rechtswert: zahl(w.rechtswert) ?? 0 },
    anlagensystem: w.anlagensystem,
    beschreibung: w.beschreibung,
    selbstueberwachungspflicht: w.selbstueberwachungspflicht,
    chargenbetrieb: w.chargenbetrieb,
    kampagne: w.kampagne,
    tegAbschluss: w.tegAbschluss,
    aufKAGelaende: w.aufKAGelaende,
    dwaNr: w.dwaNr,
    staLaNr: w.staLaNr,
    suevoaAnlageNr: w.suevoaAnlageNr,
    abwasserbeseitigungspflichtige: w.pflichtige.map((p) => ({ organisation: Number(p.organisation) || 0, startJahr: ganz(p.startJahr) ?? 0 })),
    entlastungssystem: w.entlastungssystem,
    entlastungstyp: w.entlastungstyp,
    wasserbuchnummer: w.wasserbuchnummer.trim().toUpperCase(),
    flur: w.flur,
    flurstueck: w.flurstueck,
    gemarkung: w.gemarkung,
    kuehlart: w.kuehlart,
    kuehlBehandlung: w.kuehlBehandlung,
    inWasserschutzgebiet: w.inWasserschutzgebiet,
    kanallaenge: zahl(w.kanallaenge),
    kanalsystem: w.kanalsystem,
    abwasserart: w.abwasserart,
    materialart: w.materialart,
    auslegungUndBelastungsDaten: w.auslegungen.map((x) => ({
      parameter: x.parameter,
      einheit: x.einheit,
      auslegungWert: zahl(x.auslegungWert),
      auslegungJahr: ganz(x.auslegungJahr),
      auslegungFuehrend: x.auslegungFuehrend,
      belastungWert: zahl(x.belastungWert),
      belastungJahr: ganz(x.belastungJahr),
      bemerkung: x.bemerkung,
    })),
    planungen: w.planungen.map(({ geaendertAm: _am, geaendertVon: _von, ...p }) => p),
    anlagenteile: w.anlagenteile.map((t) => ({ ...t, anzahl: ganz(t.anzahl), bezeichnerGroesse: zahl(t.bezeichnerGroesse) })),
    kontakte: w.kontakte,
    foerderungen: w.foerderungen,
    zustaendigePersonen: w.zustaendigePersonen.map((p) => ({ id: p.id, zustaendig: p.zustaendig })),
    zustaendigeBearbeiter: w.zustaendigeBearbeiter.map((b) => ({ id: b.id, bearbeiter: b.bearbeiter })),
    entsorgungsraum: mitRaum ? { ...raum, bezugsparameter: raum.bezugsparameter.trim() } : undefined,
  };
}

const istZahl = (s: string) => istLeer(s) || parseGermanNumber(s) !== null;
const istJahr = (s: string) => istLeer(s) || (/^\d{4}$/.test(s.trim()) && Number(s) >= 1900 && Number(s) <= 2100);

/** The client checks of spec 000 §5 for a plant of typ; keys as the server names them. */
export function pruefeAnlage(typ: string, w: AnlageWerte): AnlageFehler {
  const f: AnlageFehler = {};
  if (istLeer(w.bezeichnung)) f.bezeichnung = MSG_PFLICHTFELD;
  if (istLeer(w.anlagenart)) f.anlagenart = MSG_PFLICHTFELD;
  for (const k of ['hochwert', 'rechtswert'] as const) {
    const n = zahl(w[k]);
    if (n === null) f[`lage.${k}`] = istLeer(w[k]) ? MSG_PFLICHTFELD : MSG_ZAHL;
    else if (n > 99999999.99) f[`lage.${k}`] = MSG_KOORDINATE;
  }
  if (w.indirekteinleiter && istLeer(w.aufnahme)) f.aufnahme = MSG_AUFNAHME;
  if (!w.indirekteinleiter && w.pflichtige.length === 0) f.abwasserbeseitigungspflichtige = MSG_PFLICHTIGER;
  w.pflichtige.forEach((p, i) => {
    if (istLeer(p.organisation)) f[`abwasserbeseitigungspflichtige[${i}].organisation`] = MSG_PFLICHTFELD;
    if (istLeer(p.startJahr)) f[`abwasserbeseitigungspflichtige[${i}].startJahr`] = MSG_PFLICHTFELD;
  });
  if (typ === 'ENTLASTUNG') {
    if (istLeer(w.entlastungssystem)) f.entlastungssystem = MSG_PFLICHTFELD;
    if (istLeer(w.entlastungstyp)) f.entlastungstyp = MSG_PFLICHTFELD;
    const wb = w.wasserbuchnummer.trim().toUpperCase();
    if (wb.length > 9) f.wasserbuchnummer = MSG_WASSERBUCH_LAENGE;
    else if (wb !== '' && !/^[SN]\d+$/.test(wb)) f.wasserbuchnummer = MSG_WASSERBUCH;
  }
  if (typ === 'KANALNETZ' && !istZahl(w.kanallaenge)) f.kanallaenge = MSG_ZAHL;
  w.auslegungen.forEach((x, i) => {
    const p = `auslegungUndBelastungsDaten[${i}].`;
    if (istLeer(x.parameter)) f[p + 'parameter'] = MSG_PFLICHTFELD;
    if (istLeer(x.einheit)) f[p + 'einheit'] = MSG_PFLICHTFELD;
    for (const k of ['auslegungWert', 'belastungWert'] as const) if (!istZahl(x[k])) f[p + k] = MSG_ZAHL;
    for (const k of ['auslegungJahr', 'belastungJahr'] as const) if (!istJahr(x[k])) f[p + k] = MSG_JAHR;
  });
  w.planungen.forEach((x, i) => {
    if (istLeer(x.status)) f[`planungen[${i}].status`] = MSG_PFLICHTFELD;
  });
  w.anlagenteile.forEach((x, i) => {
    const p = `anlagenteile[${i}].`;
    if (istLeer(x.kategorie)) f[p + 'kategorie'] = MSG_PFLICHTFELD;
    if (istLeer(x.bezeichnung)) f[p + 'bezeichnung'] = MSG_PFLICHTFELD;
    if (!istZahl(x.anzahl)) f[p + 'anzahl'] = MSG_ZAHL;
    if (!istZahl(x.bezeichnerGroesse)) f[p + 'bezeichnerGroesse'] = MSG_ZAHL;
  });
  Object.assign(f, pruefeZustaendigkeiten(w.kontakte, w.zustaendigePersonen));
  if (w.entsorgungsraum.bezugsdatum !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(w.entsorgungsraum.bezugsdatum)) {
    f['entsorgungsraum.bezugsdatum'] = MSG_DATUM;
  }
  return f;
}

/** Only one Auslegung is führend: marking one clears the others (spec 000 §5). */
export function einzigFuehrend(alt: Auslegung[], neu: Auslegung[]): Auslegung[] {
  const gesetzt = neu.findIndex((x, i) => x.auslegungFuehrend && !alt[i]?.auslegungFuehrend);
  return gesetzt < 0 ? neu : neu.map((x, i) => ({ ...x, auslegungFuehrend: i === gesetzt }));
}

export type Reiter = 'anlage' | 'auslegung' | 'anlagenteile' | 'entsorgungsraum' | 'zustaendigkeiten';

/** The tab of an error key (tabs with errors are flagged, spec 000 §2). */
export function reiterVon(key: string): Reiter {
  if (key.startsWith('auslegungUndBelastungsDaten') || key.startsWith('planungen') || key.startsWith('foerderungen')) return 'auslegung';
  if (key.startsWith('anlagenteile')) return 'anlagenteile';
  if (key.startsWith('entsorgungsraum')) return 'entsorgungsraum';
  if (key.startsWith('kontakte') || key.startsWith('zustaendige')) return 'zustaendigkeiten';
  return 'anlage';
}
