import { leseZahl, MSG_WERT } from '@/lib/dezimal';
import { pruefeFormular } from '@/lib/form';
import { FORMULARE, type Bedingung } from '@/lib/formregeln';
import type { Messwert, Vorlage } from '@/features/jahresbericht/api/jahresbericht';

// The client checks of the value grid (spec 001 §5), the server's (domain/jahresbericht
// messwerte.go) in the spec's spelling: every row up to anzahlWerte, every message at once,
// keyed as the server keys them (messwerte[3].datum).

export const MSG_VORLAGE = 'Bitte Vorlage auswaehlen';
export const MSG_DATUMSFORMAT = 'Ungueltiges Datumsformat';
export const msgDatumFormat = (format: string) => `Das Datum muss in dem Format ${format} sein`;
export const MSG_DATUM_DOPPELT = 'Doppeltes Datum vorhanden';
export const MSG_UHRZEIT = 'Die Uhrzeit muss im Format HH:MM sein';
export const MSG_NEGATIV = 'Wert darf nicht negativ sein';
export const MSG_GANZZAHL = 'Es muss eine ganze Zahl angegeben werden.';
export const msgMax = (max: number) => `Wert darf nicht groesser als ${max} sein`;
export const MSG_DATUM = 'Ungültiges Datumsformat';
export const MSG_GESPEICHERT = 'Parameter erfolgreich gespeichert';

/** The values of the parameter's status (the server's table, FORMULARE.messwerte). */
export const STATUSWERTE: readonly string[] = FORMULARE.messwerte.felder.find((r) => r.feld === 'status')?.werte ?? [];

/** The numeric columns a template switches on, in the grid's order, with their headers. */
export const SPALTEN: { feld: keyof Messwert; flag: keyof Vorlage; titel: string }[] = [
  { feld: 'wetterSchluessel', flag: 'wetterschluessel', titel: 'Wetterschlüssel' },
  { feld: 'schwelle', flag: 'schwelle', titel: 'Schwelle' },
  { feld: 'wert', flag: 'wert', titel: 'Wert' },
  { feld: 'anzahl', flag: 'messwertAnzahl', titel: 'Anzahl' },
  { feld: 'anzahl12Grad', flag: 'messwertAnzahlGreater12', titel: 'Anzahl > 12 °C' },
  { feld: 'maximalwert', flag: 'messwertMaxWert', titel: 'Maximalwert' },
  { feld: 'maximalwertQ', flag: 'messwertMaxQ', titel: 'Maximalwert Q' },
  { feld: 'konzentration', flag: 'konzentration', titel: 'Konzentration' },
  { feld: 'abfluss', flag: 'abfluss', titel: 'Abfluss' },
];

/** The decimal columns (jahresbericht.Messzahl); the counts are whole numbers, the weather key is text. */
const ZAEHLER: (keyof Messwert)[] = ['anzahl', 'anzahl12Grad'];

/**
 * A measured value by the one reader (lib/dezimal, the mirror of jahresbericht.Messzahl): the
 * German form ('1.000' is one thousand), at most 10 digits before and 3 after the comma, 0 is a
 * value, a negative one has the spec's message. undefined when empty or valid.
 */
export function pruefeMesszahl(v: string): string | undefined {
  if (v === '') return undefined;
  const negativ = v.startsWith('-');
  const r = leseZahl(negativ ? v.slice(1) : v);
  if (!r.zahl) return r.fehler;
  if (negativ) return MSG_NEGATIV;
  if (r.zahl.vorkomma.replace(/^0+/, '').length > 10 || r.zahl.nachkomma.length > 3) return MSG_WERT;
  return undefined;
}

/** The resolution of a template's date format: parts T, M, J separated by dots (null: invalid). */
export function aufloesung(format: string): 'TT.MM.JJJJ' | 'MM.JJJJ' | 'JJJJ' | null {
  let buchstaben = '';
  for (const teil of format.trim().toUpperCase().split('.')) {
    if (teil === '' || [...teil].some((c) => c !== teil[0])) return null;
    buchstaben += teil[0];
  }
  if (buchstaben === 'TMJ' || buchstaben === 'T') return 'TT.MM.JJJJ';
  if (buchstaben === 'MJ' || buchstaben === 'M') return 'MM.JJJJ';
  if (buchstaben === 'J') return 'JJJJ';
  return null;
}

/** The date's key for duplicates (day and month without leading zeros), or the message. */
function datum(v: string, format: 'TT.MM.JJJJ' | 'MM.JJJJ' | 'JJJJ'): { schluessel?: string; fehler?: string } {
  const teile = v.split('.');
  const anzahl = format.split('.').length;
  if (teile.length !== anzahl) return { fehler: msgDatumFormat(format) };
  for (let i = 0; i < teile.length; i++) {
    const laenge = i === teile.length - 1 ? 4 : 2;
    if (!/^\d+$/.test(teile[i]) || teile[i].length > laenge || (laenge === 4 && teile[i].length !== 4)) return { fehler: msgDatumFormat(format) };
  }
  const z = teile.map(Number);
  if (format === 'MM.JJJJ' && (z[0] < 1 || z[0] > 12)) return { fehler: MSG_DATUM };
  if (format === 'TT.MM.JJJJ') {
    const d = new Date(Date.UTC(z[2], z[1] - 1, z[0]));
    if (d.getUTCFullYear() !== z[2] || d.getUTCMonth() !== z[1] - 1 || d.getUTCDate() !== z[0]) return { fehler: MSG_DATUM };
  }
  return { schluessel: z.join('.') };
}

/** The grid's rows as sent: anzahl rows, missing ones empty. */
export function zeilen(messwerte: Messwert[], anzahl: number): Messwert[] {
  return Array.from({ length: Math.max(anzahl, 0) }, (_, i) => messwerte[i] ?? { datum: '' });
}

/** The conditions of the grid's table (FORMULARE.messwerte): rows, and times where the template records them. */
export function bedingungen(vorlage: Vorlage | undefined, anzahl: number): Bedingung[] {
  const b: Bedingung[] = [];
  if (anzahl > 0) b.push('mitMesswerten');
  if (vorlage?.uhrzeit) b.push('vorlageMitUhrzeit');
  return b;
}

/**
 * Every error of the grid by the server's key: the required fields by the server's table (the
 * template once there are rows; every row's date, and its time where the template records
 * times), then the formats.
 */
export function pruefeMesswerte(vorlage: Vorlage | undefined, anzahlText: string, messwerte: Messwert[]): Record<string, string> {
  const f: Record<string, string> = {};
  const anzahl = Number(anzahlText);
  if (!vorlage) {
    return pruefeFormular(FORMULARE.messwerte, { vorlageMesswerteId: '' }, { bedingungen: bedingungen(vorlage, anzahl) }) as Record<string, string>;
  }
  if (!/^\d+$/.test(anzahlText.trim())) f.anzahlWerte = 'Es muss eine ganze Zahl angegeben werden.';
  else if (vorlage.maxZeilenAnzahl > 0 && anzahl > vorlage.maxZeilenAnzahl) f.anzahlWerte = msgMax(vorlage.maxZeilenAnzahl);
  const format = aufloesung(vorlage.datumsformat);
  if (!format) {
    f.vorlageMesswerteId = MSG_DATUMSFORMAT;
    return f;
  }
  const gesehen = new Set<string>();
  const gilt = bedingungen(vorlage, anzahl);
  zeilen(messwerte, Number.isFinite(anzahl) ? Math.min(anzahl, 10_000) : 0).forEach((m, i) => {
    Object.assign(f, pruefeFormular(FORMULARE.messwerte, { ...m }, { liste: 'messwerte', prefix: `messwerte[${i}].`, bedingungen: gilt }));
    const d = (m.datum ?? '').trim() === '' ? {} : datum((m.datum ?? '').trim(), format);
    if (d.fehler) f[`messwerte[${i}].datum`] = d.fehler;
    else if (d.schluessel) {
      const k = vorlage.uhrzeit ? `${d.schluessel} ${m.uhrzeit ?? ''}` : d.schluessel;
      if (gesehen.has(k)) f[`messwerte[${i}].datum`] = MSG_DATUM_DOPPELT;
      gesehen.add(k);
    }
    const uhrzeit = (m.uhrzeit ?? '').trim();
    if (vorlage.uhrzeit && uhrzeit !== '' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(uhrzeit)) f[`messwerte[${i}].uhrzeit`] = MSG_UHRZEIT;
    for (const s of SPALTEN) {
      const v = String(m[s.feld] ?? '').trim();
      if (!vorlage[s.flag] || s.feld === 'wetterSchluessel' || v === '') continue;
      const fehler = ZAEHLER.includes(s.feld) ? (/^-\d+$/.test(v) ? MSG_NEGATIV : /^\d+$/.test(v) ? pruefeMesszahl(v) : MSG_GANZZAHL) : pruefeMesszahl(v);
      if (fehler) f[`messwerte[${i}].${s.feld}`] = fehler;
    }
  });
  return f;
}
export const MSG_IMPORT_FEHLER = 'Der Import ist fehlgeschlagen!';
export const MSG_UEBERSCHREIBEN = 'Die vorhandenen Messwerte des Parameters werden durch die Werte der Datei ersetzt. Fortfahren?';
