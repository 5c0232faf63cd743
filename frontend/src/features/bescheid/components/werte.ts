import { feldbezeichnung } from '@/components/akte/Fehleruebersicht';
import { istLeer, istPflicht, pruefeFormular } from '@/lib/form';
import { FORMULARE, type Bedingung } from '@/lib/formregeln';
import type { Bescheid, BescheidDaten, Bescheidsstatus } from '@/features/bescheid/api/bescheid';

/** Spec 001 §3.1/§9: the Ablaufdatum of a new Bescheid. */
export const ABLAUFDATUM_STANDARD = '3000-01-01';
/** Spec 001 §5 (verbatim): the Auflagen dialog confirmed without a row. */
export const MSG_MINDESTENS_EINE_AUFLAGE = 'Es muss mindestens eine Auflage angegeben werden.';
export const MSG_DATUM = 'Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ an.';

/** An Auflage in the form (the plant's id as text, for selects). */
export interface AuflageWerte {
  abwasseranlage: string;
  art: string;
  beschreibung: string;
  fristdatum: string;
}

/** The form's values: the Bescheid's data, the target status, the assigned points and a return's reason. */
export interface BescheidWerte {
  bescheidQualitaet: string;
  bescheidart: string;
  /** '' none. */
  vorbescheid: string;
  bescheidsstatus: Bescheidsstatus | '';
  aktenzeichen: string;
  behoerde: string;
  bescheidsdatum: string;
  ablaufdatum: string;
  bemerkung: string;
  bescheidId: string;
  auflagen: AuflageWerte[];
  messstellen: number[];
  kommentar: string;
}

export type BescheidFehler = Record<string, string | undefined>;
export type Reiter = 'bescheid' | 'auflagen';

export const BESCHEID_FELDNAMEN: Readonly<Record<string, string>> = {
  bescheidQualitaet: 'Bescheidqualität',
  bescheidart: 'Bescheidart',
  vorbescheid: 'Vorbescheid',
  bescheidsstatus: 'Status',
  aktenzeichen: 'Aktenzeichen',
  behoerde: 'Behörde',
  bescheidsdatum: 'Bescheiddatum',
  ablaufdatum: 'Ablaufdatum',
  bemerkung: 'Bemerkung',
  bescheidId: 'Wasserrecht-Nr.',
  messstellen: 'Messstellen',
  kommentar: 'Kommentar',
  betrieb: 'Betrieb',
  auflagen: 'Auflage',
  abwasseranlage: 'Abwasseranlage',
  art: 'Art',
  beschreibung: 'Beschreibung',
  fristdatum: 'Fristdatum',
};

export const bescheidFeldname = (key: string) => feldbezeichnung(key, BESCHEID_FELDNAMEN);

export const reiterVon = (key: string): Reiter => (key.startsWith('auflagen') ? 'auflagen' : 'bescheid');

export function neueWerte(qualitaet: string, status: Bescheidsstatus): BescheidWerte {
  return {
    bescheidQualitaet: qualitaet,
    bescheidart: '',
    vorbescheid: '',
    bescheidsstatus: status,
    aktenzeichen: '',
    behoerde: '',
    bescheidsdatum: '',
    ablaufdatum: ABLAUFDATUM_STANDARD,
    bemerkung: '',
    bescheidId: '',
    auflagen: [],
    messstellen: [],
    kommentar: '',
  };
}

export function werteAus(b: Bescheid): BescheidWerte {
  return {
    bescheidQualitaet: b.bescheidQualitaet ?? '',
    bescheidart: b.bescheidart ?? '',
    vorbescheid: b.vorbescheid ? String(b.vorbescheid) : '',
    bescheidsstatus: b.bescheidsstatus,
    aktenzeichen: b.aktenzeichen ?? '',
    behoerde: b.behoerde ?? '',
    bescheidsdatum: b.bescheidsdatum ?? '',
    ablaufdatum: b.ablaufdatum ?? '',
    bemerkung: b.bemerkung ?? '',
    bescheidId: b.bescheidId ?? '',
    auflagen: (b.auflagen ?? []).map((a) => ({ abwasseranlage: String(a.abwasseranlage || ''), art: a.art ?? '', beschreibung: a.beschreibung ?? '', fristdatum: a.fristdatum ?? '' })),
    messstellen: (b.messstellen ?? []).map((m) => m.id),
    kommentar: '',
  };
}

/** The Bescheid's data as the server takes them. */
export function datenAus(w: BescheidWerte): BescheidDaten {
  return {
    bescheidQualitaet: w.bescheidQualitaet,
    bescheidart: w.bescheidart,
    vorbescheid: Number(w.vorbescheid) || 0,
    aktenzeichen: w.aktenzeichen.trim(),
    behoerde: w.behoerde,
    bescheidsdatum: w.bescheidsdatum,
    ablaufdatum: w.ablaufdatum,
    bemerkung: w.bemerkung,
    bescheidId: w.bescheidId.trim(),
    auflagen: w.auflagen.map((a) => ({ abwasseranlage: Number(a.abwasseranlage) || 0, art: a.art, beschreibung: a.beschreibung, fristdatum: a.fristdatum })),
  };
}

const TAG = /^\d{4}-\d{2}-\d{2}$/;
const datum = (v: string) => (istLeer(v) || TAG.test(v) ? undefined : MSG_DATUM);

/** A return of an application (staff, BEANTRAGT → ANGELEGT) needs a reason. */
export const kommentarNoetig = (aktuell: Bescheidsstatus | undefined, w: BescheidWerte) => aktuell === 'BEANTRAGT' && w.bescheidsstatus === 'ANGELEGT';

/** Whether a field of the form ('aktenzeichen', 'auflagen[].art') is required (the server's table, FORMULARE.bescheid). */
export const istPflichtfeld = (feld: string) => istPflicht(FORMULARE.bescheid, feld, ['rueckgabe']);

/** One Auflage's checks (spec 001 §5 by the server's table: the plant, art, beschreibung and fristdatum required). */
export function pruefeAuflage(a: AuflageWerte, prefix: string): BescheidFehler {
  const f: BescheidFehler = pruefeFormular(FORMULARE.bescheid, { ...a }, { liste: 'auflagen', prefix: `${prefix}.` });
  if (!f[`${prefix}.fristdatum`] && datum(a.fristdatum)) f[`${prefix}.fristdatum`] = MSG_DATUM;
  return f;
}

/** The client checks of the form (spec 001 §5: the required fields by the server's table; the server checks again). */
export function pruefeBescheid(w: BescheidWerte, aktuell?: Bescheidsstatus): BescheidFehler {
  const bedingungen: Bedingung[] = kommentarNoetig(aktuell, w) ? ['rueckgabe'] : [];
  const f: BescheidFehler = pruefeFormular(FORMULARE.bescheid, { ...w }, { bedingungen });
  for (const k of ['bescheidsdatum', 'ablaufdatum'] as const) if (!f[k] && datum(w[k])) f[k] = MSG_DATUM;
  w.auflagen.forEach((a, i) => Object.assign(f, pruefeAuflage(a, `auflagen[${i}]`)));
  return f;
}
