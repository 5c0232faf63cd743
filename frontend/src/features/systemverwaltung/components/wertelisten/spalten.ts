import type { WertelisteEintrag } from '@/lib/wertelisten';
import type { Aktion } from '@/lib/auth';
import type { Extra, WertelisteDefinition } from '@/features/systemverwaltung/api/wertelisten';

/** German headers of the extra columns the catalogue names (spec 002 §3); unknown ones keep their name. */
const BEZEICHNUNGEN: Record<string, string> = {
  kategorie: 'Kategorie',
  entlastungssysteme: 'Entlastungssysteme',
  datumsformat: 'Datumsformat',
  maxZeilenAnzahl: 'Max. Zeilenanzahl',
  uhrzeit: 'Uhrzeit',
  wetterschluessel: 'Wetterschlüssel',
  schwelle: 'Schwelle',
  wert: 'Spalte Wert',
  messwertAnzahl: 'Messwertanzahl',
  messwertAnzahlGreater12: 'Messwertanzahl > 12',
  messwertMaxWert: 'Max. Messwert',
  messwertMaxQ: 'Max. Q',
  konzentration: 'Konzentration',
  abfluss: 'Abfluss',
  anlagentypen: 'Anlagentypen',
  bescheidQualitaeten: 'Bescheidqualitäten',
  behoerde: 'Behörde',
  gemeindeNr: 'Gemeinde-Nr.',
  vGemeindeNr: 'VG-Nr.',
  gewaesser: 'Gewässer',
  mipNr: 'MIP-Nr.',
  nameMassnahmetraeger: 'Maßnahmeträger',
  code: 'Code',
  parameterNr: 'Parameter-Nr.',
  parameterName: 'Parametername',
  parameterArten: 'Parameterarten',
  betriebstypen: 'Betriebstypen',
  signifikanteStellen: 'Signifikante Stellen (§ 6 Abs. 2 AbwV)',
  abwvKennung: 'Kennung (§ 6 Abs. 3, 3a AbwV)',
};

export function spaltenname(x: Pick<Extra, 'name'>): string {
  return BEZEICHNUNGEN[x.name] ?? x.name.charAt(0).toUpperCase() + x.name.slice(1);
}

/**
 * What the caller may change in an entry of def, as the server decides it
 * (werteliste.Definition.AenderbareSpalten): everything with SYSTEMVERWALTUNG_BEARBEITEN
 * ('alles'), else the extra columns whose `pflege` action he holds (issue 43: the Fachadmin keeps
 * the § 6 AbwV columns of anforderungsparameter), nothing of a fixed enumeration. Only 'alles'
 * adds and deletes entries.
 */
export function aenderbareSpalten(def: WertelisteDefinition, darf: (a: Aktion) => boolean): 'alles' | string[] {
  if (!def.bearbeitbar) return [];
  if (darf('SYSTEMVERWALTUNG_BEARBEITEN')) return 'alles';
  return (def.extras ?? []).filter((x) => x.pflege !== undefined && darf(x.pflege)).map((x) => x.name);
}

/** Values of the lists that REFERENZ(EN) columns point to: list → id → value. */
export type Referenzwerte = Record<string, Map<number, string>>;

/** What a cell of an extra column shows: booleans as 'x', references by their values. */
export function zelltext(x: Extra, eintrag: WertelisteEintrag, referenzen: Referenzwerte): string {
  const roh = (eintrag as Record<string, unknown>)[x.name];
  const wert = (id: unknown) => referenzen[x.liste ?? '']?.get(Number(id)) ?? (id == null ? '' : String(id));
  switch (x.art) {
    case 'WAHRHEITSWERT':
      return roh === true ? 'x' : '';
    case 'REFERENZ':
      return roh == null || roh === '' ? '' : wert(typeof roh === 'object' ? (roh as { id?: unknown }).id : roh);
    case 'REFERENZEN':
      return Array.isArray(roh) ? roh.map(wert).join(', ') : '';
    case 'TEXTE':
      return Array.isArray(roh) ? roh.join(', ') : '';
    default:
      return roh == null ? '' : String(roh);
  }
}

/** The search of spec 002 §2: id or value contains the text, case-insensitive. */
export function sucheEintraege<T extends { id: number; value: string }>(eintraege: readonly T[], suche: string): T[] {
  const q = suche.trim().toLocaleLowerCase('de-DE');
  if (!q) return [...eintraege];
  return eintraege.filter((e) => String(e.id).includes(q) || e.value.toLocaleLowerCase('de-DE').includes(q));
}
