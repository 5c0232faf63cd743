import { alsEingabe, leseZahl, MSG_POSITIV, pruefeDezimal, zahlFehler } from '@/lib/dezimal';
import { istLeer, istPflicht, MSG_PFLICHTFELD, pruefeFormular } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';
import { formatNumber, parseGermanNumber } from '@/lib/format';
import {
  GRUPPE_A00,
  PARAMETER,
  type Grenzwerte,
  type Lage,
  type MessstelleDaten,
  type Parameter,
} from '@/features/messstelle/api/messstelle';

// The measuring point form's values (numbers as typed text) and the client checks of spec 000 §5
// with the spec's messages verbatim (domain/messstelle/pruefung.go checks the same rules; its
// messages land on the same keys).

export const MSG_ANHANG_ABWASSERART = 'Die Felder "Anhang AbwV" und "Abwasserart" müssen entweder beide leer oder befüllt sein!';
export { MSG_POSITIV, MSG_WERT, MSG_ZAHL } from '@/lib/dezimal';
export const MSG_KOORDINATE = 'Der eingegebene Wert ist zu groß.';
export const MSG_NACHKOMMA = 'Es sind höchstens zwei Nachkommastellen erlaubt.';
export const MSG_DATUM = 'Ungültiges Datumsformat';
export const MSG_VORBELASTUNG_DATUM = 'Für dieses Datum ist bereits eine Vorbelastung erfasst.';
export const MSG_WERTART = 'Die Wertart muss HW (Höchstwert) oder ÜW (Überwachungswert) sein.';

/** A row of limit values as typed. */
export type GrenzwertText = Record<Parameter, string>;
export type MindestanforderungWerte = GrenzwertText & { gruppe: string; wertart: string };
export type VorbelastungWerte = GrenzwertText & { gueltigAb: string };

export interface EinleitstelleWerte {
  hochwert: string;
  rechtswert: string;
  oberflaechenwasserkoerper: string;
  teileinzugsgebiet: string;
  pegel: string;
  einleitungMnq: string;
  einleitungMq: string;
}

export interface MessstelleWerte {
  bezeichnung: string;
  messstellentyp: string;
  messstellenstatus: string;
  abgabeRelevant: boolean;
  frachtRelevant: boolean;
  waermeRelevant: boolean;
  hochwert: string;
  rechtswert: string;
  anhangAbwasserverordnung: string;
  abwasserart: string;
  grenzwerte: GrenzwertText;
  zustaendigeBehoerde: string;
  limsBerechtigte: string[];
  zugehoerigeBehoerden: string[];
  einleitstelle: EinleitstelleWerte;
  mindestanforderungen: MindestanforderungWerte[];
  vorbelastungen: VorbelastungWerte[];
}

export type MessstelleFehler = Record<string, string | undefined>;

/** The tabs of the form. */
export type Reiter = 'messstelle' | 'einleitstelle' | 'mindestanforderungen' | 'vorbelastungen';

/** The tab a field key (the server's) lies on. */
export function reiterVon(key: string): Reiter {
  if (key.startsWith('einleitstelle')) return 'einleitstelle';
  if (key.startsWith('mindestanforderungen')) return 'mindestanforderungen';
  if (key.startsWith('vorbelastungen')) return 'vorbelastungen';
  return 'messstelle';
}

const zahlText = (n: number | null | undefined) => (n === null || n === undefined || n === 0 ? '' : formatNumber(n, { grouping: false }));

/** Empty limit values. */
export const leereGrenzwerte = (): GrenzwertText => Object.fromEntries(PARAMETER.map((p) => [p.key, ''])) as GrenzwertText;

// a value stored in the old form with a decimal point ('0.4') is shown as the reader takes it ('0,4')
const grenzwerteAus = (g: Partial<Grenzwerte> | undefined): GrenzwertText =>
  Object.fromEntries(PARAMETER.map((p) => [p.key, alsEingabe(g?.[p.key])])) as GrenzwertText;

/** A new point of typ (from the query `typ`): GEPLANT, the reference status (spec 000 §4). */
export function neueWerte(typ: string): MessstelleWerte {
  return werteAus({ messstellentyp: typ, messstellenstatus: 'GEPLANT' });
}

/** The form values of a stored point. */
export function werteAus(m: Partial<MessstelleDaten>): MessstelleWerte {
  const e = m.einleitstelle;
  return {
    bezeichnung: m.bezeichnung ?? '',
    messstellentyp: m.messstellentyp ?? '',
    messstellenstatus: m.messstellenstatus ?? 'GEPLANT',
    abgabeRelevant: m.abgabeRelevant ?? false,
    frachtRelevant: m.frachtRelevant ?? false,
    waermeRelevant: m.waermeRelevant ?? false,
    hochwert: zahlText(m.lage?.hochwert),
    rechtswert: zahlText(m.lage?.rechtswert),
    anhangAbwasserverordnung: m.anhang?.anhangAbwasserverordnung ?? '',
    abwasserart: m.anhang?.abwasserart ?? '',
    grenzwerte: grenzwerteAus(m.anhang),
    zustaendigeBehoerde: m.zustaendigeBehoerde ?? '',
    limsBerechtigte: [...(m.limsBerechtigte ?? [])],
    zugehoerigeBehoerden: [...(m.zugehoerigeBehoerden ?? [])],
    einleitstelle: {
      hochwert: zahlText(e?.lage?.hochwert),
      rechtswert: zahlText(e?.lage?.rechtswert),
      oberflaechenwasserkoerper: e?.oberflaechenwasserkoerper ?? '',
      teileinzugsgebiet: e?.teileinzugsgebiet ?? '',
      pegel: e?.pegel ?? '',
      einleitungMnq: alsEingabe(e?.einleitungMnq),
      einleitungMq: alsEingabe(e?.einleitungMq),
    },
    mindestanforderungen: (m.mindestanforderungen ?? []).map((r) => ({ gruppe: r.gruppe ?? '', wertart: r.wertart ?? '', ...grenzwerteAus(r) })),
    vorbelastungen: (m.vorbelastungen ?? []).map((r) => ({ gueltigAb: r.gueltigAb ?? '', ...grenzwerteAus(r) })),
  };
}

/** A new row of Mindestanforderungen: always of group A00, the one the form edits. */
export const neueMindestanforderung = (): MindestanforderungWerte => ({ gruppe: GRUPPE_A00, wertart: 'HW', ...leereGrenzwerte() });
export const neueVorbelastung = (): VorbelastungWerte => ({ gueltigAb: '', ...leereGrenzwerte() });

/** Whether a row of Mindestanforderungen is editable (group A00; the others come from the AbwV annexes). */
export const istA00 = (m: { gruppe: string }) => m.gruppe === GRUPPE_A00;

const koordinate = (s: string) => (istLeer(s) ? 0 : (parseGermanNumber(s) ?? 0));
const dezimal = (s: string) => s.trim();

/** The coordinates of a form's text fields (for the map window, components/karte). */
export const lageAusText = (w: { hochwert: string; rechtswert: string }): Lage => ({ hochwert: koordinate(w.hochwert), rechtswert: koordinate(w.rechtswert) });
/** Coordinates as the form's text fields. */
export const lageAlsText = (l: Lage) => ({ hochwert: zahlText(l.hochwert), rechtswert: zahlText(l.rechtswert) });
const grenzwerteEin = (g: GrenzwertText): Grenzwerte => Object.fromEntries(PARAMETER.map((p) => [p.key, dezimal(g[p.key])])) as unknown as Grenzwerte;
const nurGrenzwerte = (r: GrenzwertText): GrenzwertText => Object.fromEntries(PARAMETER.map((p) => [p.key, r[p.key]])) as GrenzwertText;

/**
 * What the form sends. The tabs the point does not have (`bereiche`) go empty: the server drops
 * them too (domain/messstelle.BereicheFuer).
 */
export function eingabeAus(w: MessstelleWerte, bereiche: { einleitstelle: boolean; mindestanforderungen: boolean; vorbelastungen: boolean }): MessstelleDaten {
  const e = w.einleitstelle;
  return {
    bezeichnung: w.bezeichnung.trim(),
    messstellentyp: w.messstellentyp,
    messstellenstatus: w.messstellenstatus as MessstelleDaten['messstellenstatus'],
    abgabeRelevant: w.abgabeRelevant,
    frachtRelevant: w.frachtRelevant,
    waermeRelevant: w.waermeRelevant,
    lage: { hochwert: koordinate(w.hochwert), rechtswert: koordinate(w.rechtswert) },
    anhang: { anhangAbwasserverordnung: w.anhangAbwasserverordnung, abwasserart: w.abwasserart, ...grenzwerteEin(w.grenzwerte) },
    zustaendigeBehoerde: w.zustaendigeBehoerde,
    limsBerechtigte: w.limsBerechtigte,
    zugehoerigeBehoerden: w.zugehoerigeBehoerden,
    einleitstelle: bereiche.einleitstelle
      ? {
          lage: { hochwert: koordinate(e.hochwert), rechtswert: koordinate(e.rechtswert) },
          oberflaechenwasserkoerper: e.oberflaechenwasserkoerper.trim(),
          teileinzugsgebiet: e.teileinzugsgebiet.trim(),
          pegel: e.pegel,
          einleitungMnq: dezimal(e.einleitungMnq),
          einleitungMq: dezimal(e.einleitungMq),
        }
      : undefined,
    mindestanforderungen: bereiche.mindestanforderungen
      ? w.mindestanforderungen.map((m) => ({ gruppe: m.gruppe, wertart: m.wertart as 'HW' | 'UEW', ...grenzwerteEin(nurGrenzwerte(m)) }))
      : [],
    vorbelastungen: bereiche.vorbelastungen ? w.vorbelastungen.map((v) => ({ gueltigAb: v.gueltigAb, ...grenzwerteEin(nurGrenzwerte(v)) })) : [],
  };
}

/** The rule Wert of spec 000 §5 (lib/dezimal, the mirror of validierung.Dezimal). */
export const pruefeWert = pruefeDezimal;

/** Coordinates (spec 000 §5): required numbers up to 99999999.99 with at most two decimals. */
export function pruefeKoordinate(v: string, pflicht = true): string | undefined {
  if (istLeer(v)) return pflicht ? MSG_PFLICHTFELD : undefined;
  const n = parseGermanNumber(v);
  if (n === null) return zahlFehler(v);
  if (n < 0) return MSG_POSITIV;
  if (n > 99999999.99) return MSG_KOORDINATE;
  if ((leseZahl(v.trim().replace(/^-/, '')).zahl?.nachkomma.length ?? 0) > 2) return MSG_NACHKOMMA;
  return undefined;
}

/** Whether Anhang AbwV and Abwasserart are both set or both empty (spec 000 §5). */
export const anhangStimmig = (w: Pick<MessstelleWerte, 'anhangAbwasserverordnung' | 'abwasserart'>) =>
  istLeer(w.anhangAbwasserverordnung) === istLeer(w.abwasserart);

/** Whether a field ('bezeichnung', 'lage.hochwert') is required (the server's table, FORMULARE.messstelle). */
export const istPflichtfeld = (feld: string) => istPflicht(FORMULARE.messstelle, feld);

/** The client checks of spec 000 §5 on the tabs the point has, every error at once. */
export function pruefeMessstelle(w: MessstelleWerte, bereiche: { einleitstelle: boolean; mindestanforderungen: boolean; vorbelastungen: boolean }): MessstelleFehler {
  const f: MessstelleFehler = {};
  const setze = (k: string, m: string | undefined) => {
    if (m) f[k] = m;
  };
  // the required fields by the server's table; the coordinates by their own check (required as the table says)
  Object.assign(f, pruefeFormular(FORMULARE.messstelle, { ...w }, { ohne: ['lage.hochwert', 'lage.rechtswert'] }));
  setze('lage.hochwert', pruefeKoordinate(w.hochwert, istPflichtfeld('lage.hochwert')));
  setze('lage.rechtswert', pruefeKoordinate(w.rechtswert, istPflichtfeld('lage.rechtswert')));
  if (!anhangStimmig(w)) {
    f['anhang.anhangAbwasserverordnung'] = MSG_ANHANG_ABWASSERART;
    f['anhang.abwasserart'] = MSG_ANHANG_ABWASSERART;
  }
  for (const p of PARAMETER) setze(`anhang.${p.key}`, pruefeWert(w.grenzwerte[p.key]));
  if (bereiche.einleitstelle) {
    const e = w.einleitstelle;
    // the Einleitstelle may be entered before its position is known: checked once one is given
    if (!istLeer(e.hochwert) || !istLeer(e.rechtswert)) {
      setze('einleitstelle.lage.hochwert', pruefeKoordinate(e.hochwert));
      setze('einleitstelle.lage.rechtswert', pruefeKoordinate(e.rechtswert));
    }
    setze('einleitstelle.einleitungMnq', pruefeWert(e.einleitungMnq));
    setze('einleitstelle.einleitungMq', pruefeWert(e.einleitungMq));
  }
  if (bereiche.mindestanforderungen) {
    w.mindestanforderungen.forEach((m, i) => {
      if (!istA00(m)) return;
      if (m.wertart !== 'HW' && m.wertart !== 'UEW') f[`mindestanforderungen[${i}].wertart`] = MSG_WERTART;
      for (const p of PARAMETER) setze(`mindestanforderungen[${i}].${p.key}`, pruefeWert(m[p.key]));
    });
  }
  if (bereiche.vorbelastungen) {
    const gesehen = new Set<string>();
    w.vorbelastungen.forEach((v, i) => {
      Object.assign(f, pruefeFormular(FORMULARE.messstelle, { ...v }, { liste: 'vorbelastungen', prefix: `vorbelastungen[${i}].` }));
      if (!istLeer(v.gueltigAb) && !/^\d{4}-\d{2}-\d{2}$/.test(v.gueltigAb)) f[`vorbelastungen[${i}].gueltigAb`] = MSG_DATUM;
      else if (!istLeer(v.gueltigAb) && gesehen.has(v.gueltigAb)) f[`vorbelastungen[${i}].gueltigAb`] = MSG_VORBELASTUNG_DATUM;
      gesehen.add(v.gueltigAb);
      for (const p of PARAMETER) setze(`vorbelastungen[${i}].${p.key}`, pruefeWert(v[p.key]));
    });
  }
  return f;
}
