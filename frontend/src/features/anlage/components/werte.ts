import { istLeer, istPflicht, MSG_PFLICHTFELD, pruefeFormular } from '@/lib/form';
import { FORMULARE, type Bedingung } from '@/lib/formregeln';
import { zahlFehler } from '@/lib/dezimal';
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
export const MSG_NACHKOMMA = 'Es sind höchstens zwei Nachkommastellen erlaubt.';
/** Spec 000 §5 for Wert fields, and (decided, issue 28) for a negative coordinate. */
export const MSG_POSITIV = 'Es muss ein positiver Wert angegeben werden!';
export const MSG_WERT = 'Der Wert darf maximal 10 Stellen vor und drei Stellen nach dem Komma haben!';
/** A negative count or size, where 0 is valid (spec 001 §5's text; decided in issue 28). */
export const MSG_NEGATIV = 'Wert darf nicht negativ sein';
export const MSG_VERANLAGUNG_JAHRE = 'Das Startjahr muss zwischen 1950 und dem nächsten Jahr liegen.';
export const MSG_VERANLAGUNG_JAHR = 'Für das angegebene Jahr ist bereits eine Veranlagung angelegt';
export const MSG_VERANLAGUNG_DOPPELT = 'Die Veranlagung wurde bereits angelegt';
export const MSG_VERWALTUNGSEINHEIT_DOPPELT = 'Die Verwaltungseinheit gehört bereits zum Entsorgungsraum.';
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

/** The end of the current period (spec 000 §4). */
export const ENDE_OFFEN = 3000;

/**
 * The periods of the obligees' assignments, per row in the form's order — the mirror of
 * anlage.Zeitraeume (Go): by start year, each ends the year before the next start (in its own
 * start year when the next starts in the same year), the last in 3000 as 'ab … (aktuell)'.
 * domain/anlage/testdata/zeitraeume.json holds the cases both are tested with. A row without a
 * valid year has no period ('').
 */
export function zeitraeume(zeilen: { startJahr: string | number }[]): { endJahr: number; zeitraum: string }[] {
  const jahr = (z: { startJahr: string | number }) => (typeof z.startJahr === 'number' ? z.startJahr : Number.parseInt(z.startJahr, 10));
  const gueltig = zeilen.map((z, i) => ({ i, start: jahr(z) })).filter((z) => Number.isInteger(z.start));
  gueltig.sort((a, b) => a.start - b.start || a.i - b.i);
  const out = zeilen.map(() => ({ endJahr: 0, zeitraum: '' }));
  gueltig.forEach((z, k) => {
    const naechste = gueltig[k + 1];
    if (!naechste) {
      out[z.i] = { endJahr: ENDE_OFFEN, zeitraum: `ab ${z.start} (aktuell)` };
      return;
    }
    const ende = naechste.start === z.start ? z.start : naechste.start - 1;
    out[z.i] = { endJahr: ende, zeitraum: ende === z.start ? String(z.start) : `${z.start}–${ende}` };
  });
  return out;
}
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
  /** How the receiving plant field names the chosen plant (not sent). */
  aufnahmeAnzeige: string;
  /** The replacement of a treatment plant that leaves operation (the replacement dialog; sent as neueAufnahme). */
  neueAufnahme: string;
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
  drosselablauf: string;
  /** How the Drosselablauf field names the chosen plant (not sent). */
  drosselablaufAnzeige: string;
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
  /** The treatment steps (spec 000 §3), each a choice of entries of its value list. */
  vorbehandlung: string[];
  biologischeBehandlung: string[];
  chemischeBehandlung: string[];
  nachbehandlung: string[];
  schlammbehandlung: string[];
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
    aufnahmeAnzeige: a.aufnahmeAnlage?.bezeichnung ?? '',
    neueAufnahme: '',
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
    drosselablauf: a.drosselablauf ? String(a.drosselablauf) : '',
    drosselablaufAnzeige: a.drosselablaufAnlage?.bezeichnung ?? '',
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
    vorbehandlung: a.vorbehandlung ?? [],
    biologischeBehandlung: a.biologischeBehandlung ?? [],
    chemischeBehandlung: a.chemischeBehandlung ?? [],
    nachbehandlung: a.nachbehandlung ?? [],
    schlammbehandlung: a.schlammbehandlung ?? [],
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
 * What the form sends: the values on top of the stored plant (members the form does not edit go
 * back as they came). An empty disposal area is none.
 */
export function eingabeAus(w: AnlageWerte, basis: Partial<Anlage> = {}): AnlageFormular {
  const { rechte: _r, aufnahmeAnlage: _a, drosselablaufAnlage: _d, aenderungsantrag: _x, ...rest } = basis as Anlage;
  const raum = w.entsorgungsraum;
  const mitRaum = raum.bezugsdatum !== '' || raum.bezugsparameter.trim() !== '' || raum.entsorgungsraeume.length > 0;
  return {
    ...rest,
    bezeichnung: w.bezeichnung.trim(),
    anlagenart: (w.anlagenart || undefined) as AnlageFormular['anlagenart'],
    anlagenstatus: w.anlagenstatus as AnlageFormular['anlagenstatus'],
    indirekteinleiter: w.indirekteinleiter,
    aufnahme: w.indirekteinleiter && w.aufnahme ? Number(w.aufnahme) : 0,
    ...(w.neueAufnahme ? { neueAufnahme: Number(w.neueAufnahme) } : {}),
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
    drosselablauf: Number(w.drosselablauf) || 0,
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
    vorbehandlung: w.vorbehandlung,
    biologischeBehandlung: w.biologischeBehandlung,
    chemischeBehandlung: w.chemischeBehandlung,
    nachbehandlung: w.nachbehandlung,
    schlammbehandlung: w.schlammbehandlung,
  };
}

const istJahr = (s: string) => istLeer(s) || (/^\d{4}$/.test(s.trim()) && Number(s) >= 1900 && Number(s) <= 2100);
const nachkommastellen = (n: number, stellen: number) => Math.abs(n * 10 ** stellen - Math.round(n * 10 ** stellen)) > 1e-6;

/** A coordinate (spec 000 §5): required, positive, at most 99999999.99 with two decimals; the server's messages. */
function koordinate(s: string): string | undefined {
  if (istLeer(s)) return MSG_PFLICHTFELD;
  const n = zahl(s);
  if (n === null) return zahlFehler(s);
  if (n === 0) return MSG_PFLICHTFELD;
  if (n < 0) return MSG_POSITIV;
  if (n > 99999999.99) return MSG_KOORDINATE;
  if (nachkommastellen(n, 2)) return MSG_NACHKOMMA;
  return undefined;
}

/** A Wert (spec 000 §5): a number or nothing; positive, at most 10 digits before and 3 after the point. */
function wert(s: string): string | undefined {
  if (istLeer(s)) return undefined;
  const n = zahl(s);
  if (n === null) return zahlFehler(s);
  if (n <= 0) return MSG_POSITIV;
  if (n >= 1e10 || nachkommastellen(n, 3)) return MSG_WERT;
  return undefined;
}

/** A count or size: a number (whole with ganz) or nothing, not negative. */
function nichtNegativ(s: string, ganz = false): string | undefined {
  if (istLeer(s)) return undefined;
  const n = zahl(s);
  if (n === null) return zahlFehler(s);
  if (ganz && !Number.isInteger(n)) return MSG_ZAHL;
  return n < 0 ? MSG_NEGATIV : undefined;
}

/**
 * The client checks of spec 000 §5 for a plant of typ — every rule the server checks on the
 * data, with its messages and keys, so the first save shows every error at once (issue 28).
 */
export function pruefeAnlage(typ: string, w: AnlageWerte, heute = new Date()): AnlageFehler {
  const gilt = bedingungen(typ, w);
  // the required fields by the server's table (FORMULARE.anlage), the coordinates by their own check
  const f: AnlageFehler = pruefeFormular(FORMULARE.anlage, { ...w, abwasserbeseitigungspflichtige: w.pflichtige }, {
    bedingungen: gilt,
    ohne: ['lage.hochwert', 'lage.rechtswert'],
  });
  const zeilen = (liste: string, rows: object[]) =>
    rows.forEach((z, i) => Object.assign(f, pruefeFormular(FORMULARE.anlage, { ...z }, { liste, prefix: `${liste}[${i}].`, bedingungen: gilt })));
  zeilen('abwasserbeseitigungspflichtige', w.pflichtige);
  zeilen('auslegungUndBelastungsDaten', w.auslegungen);
  zeilen('planungen', w.planungen);
  zeilen('anlagenteile', w.anlagenteile);
  zeilen('foerderungen', w.foerderungen);
  zeilen('entsorgungsraum.entsorgungsraeume', w.entsorgungsraum.entsorgungsraeume);
  Object.assign(f, pruefeZustaendigkeiten(w.kontakte, w.zustaendigePersonen, w.zustaendigeBearbeiter));
  const setze = (k: string, m: string | undefined) => {
    if (m && !f[k]) f[k] = m;
  };
  for (const k of ['hochwert', 'rechtswert'] as const) setze(`lage.${k}`, koordinate(w[k]));
  const jahre = new Map<number, string>();
  w.pflichtige.forEach((p, i) => {
    const k = `abwasserbeseitigungspflichtige[${i}].startJahr`;
    if (istLeer(p.startJahr)) return;
    const j = Number.parseInt(p.startJahr, 10);
    if (!(j >= 1950 && j <= heute.getFullYear() + 1)) setze(k, MSG_VERANLAGUNG_JAHRE);
    else if (jahre.has(j)) setze(k, jahre.get(j) === p.organisation ? MSG_VERANLAGUNG_DOPPELT : MSG_VERANLAGUNG_JAHR);
    jahre.set(j, p.organisation);
  });
  if (typ === 'ENTLASTUNG') {
    const wb = w.wasserbuchnummer.trim().toUpperCase();
    if (wb.length > 9) setze('wasserbuchnummer', MSG_WASSERBUCH_LAENGE);
    else if (wb !== '' && !/^[SN]\d+$/.test(wb)) setze('wasserbuchnummer', MSG_WASSERBUCH);
  }
  if (typ === 'KANALNETZ') setze('kanallaenge', wert(w.kanallaenge));
  w.auslegungen.forEach((x, i) => {
    const p = `auslegungUndBelastungsDaten[${i}].`;
    for (const k of ['auslegungWert', 'belastungWert'] as const) setze(p + k, wert(x[k]));
    for (const k of ['auslegungJahr', 'belastungJahr'] as const) if (!istJahr(x[k])) setze(p + k, MSG_JAHR);
  });
  w.planungen.forEach((x, i) => {
    if (x.plandatum !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(x.plandatum)) setze(`planungen[${i}].plandatum`, MSG_DATUM);
  });
  w.anlagenteile.forEach((x, i) => {
    const p = `anlagenteile[${i}].`;
    setze(p + 'anzahl', nichtNegativ(x.anzahl, true));
    setze(p + 'bezeichnerGroesse', nichtNegativ(x.bezeichnerGroesse));
  });
  if (w.entsorgungsraum.bezugsdatum !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(w.entsorgungsraum.bezugsdatum)) {
    setze('entsorgungsraum.bezugsdatum', MSG_DATUM);
  }
  const einheiten = new Set<string>();
  w.entsorgungsraum.entsorgungsraeume.forEach((e, i) => {
    const s = e.verwaltungseinheitSchluessel.trim();
    if (s !== '' && einheiten.has(s)) setze(`entsorgungsraum.entsorgungsraeume[${i}].verwaltungseinheitSchluessel`, MSG_VERWALTUNGSEINHEIT_DOPPELT);
    einheiten.add(s);
  });
  return f;
}

/** The operator's change request by the server's table (FORMULARE.anlagenantrag): a Bezeichnung, each Förderung its MIP-Nr. */
export function pruefeAnlagenantrag(a: { bezeichnung: string }, foerderungen: Foerderung[]): AnlageFehler {
  const f: AnlageFehler = pruefeFormular(FORMULARE.anlagenantrag, { ...a });
  foerderungen.forEach((x, i) => Object.assign(f, pruefeFormular(FORMULARE.anlagenantrag, { ...x }, { liste: 'foerderungen', prefix: `foerderungen[${i}].` })));
  return f;
}

/** The conditions of the plant's table that hold for the form's values (validierung.Bedingungen). */
export function bedingungen(typ: string, w: Pick<AnlageWerte, 'indirekteinleiter'>): Bedingung[] {
  const b: Bedingung[] = [w.indirekteinleiter ? 'indirekteinleiter' : 'keinIndirekteinleiter'];
  if (typ === 'ENTLASTUNG') b.push('entlastung');
  return b;
}

/** Whether a field ('bezeichnung', 'planungen[].status') of a plant of typ with these values is required (the server's table). */
export const istPflichtfeld = (typ: string, w: Pick<AnlageWerte, 'indirekteinleiter'>, feld: string) => istPflicht(FORMULARE.anlage, feld, bedingungen(typ, w));

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
