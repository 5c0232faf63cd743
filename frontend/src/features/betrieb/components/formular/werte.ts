import { istLeer, istPflicht, MSG_PFLICHTFELD, pruefeFormular } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';
import {
  pruefeZustaendigkeiten,
  type Kontakt,
  type ZustaendigePerson,
  type ZustaendigerBearbeiter,
} from '@/components/zustaendigkeiten/zustaendigkeiten';
import { zahlFehler } from '@/lib/dezimal';
import { formatNumber, parseGermanNumber } from '@/lib/format';
import type { BetreiberOrganisation } from '@/features/betrieb/api/auswahl';
import type { Adresse, Betrieb, BetriebEingabe } from '@/features/betrieb/api/betrieb';

// The operation form as plain state: every input is a string as typed (German numbers), the
// errors are keyed like the server's validationErrors ('adresse.plz', 'kontakte[0].email'), so
// client checks and server answers land on the same fields.

// Verbatim texts of spec 000 §5 (and the server's for the same rules).
export const MSG_ZAHL = 'Es muss eine Zahl oder nichts eingegeben werden.';
export const MSG_JAHR = 'Das Jahr muss zwischen 1900 und 2100 liegen.';
export const MSG_UHRZEIT = 'Ungültige Uhrzeit';
export const MSG_WERT = 'Der Wert darf maximal 10 Stellen vor und drei Stellen nach dem Komma haben!';
export const MSG_POSITIV = 'Es muss ein positiver Wert angegeben werden!';
export const MSG_KOORDINATE = 'Der eingegebene Wert ist zu groß.';
export const MSG_NACHKOMMA = 'Es sind höchstens zwei Nachkommastellen erlaubt.';
/** A negative count, where 0 is valid (spec 001 §5's text; decided in issue 28, as the server says it). */
export const MSG_NEGATIV = 'Wert darf nicht negativ sein';

export interface BetriebWerte {
  bezeichnung: string;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  betreiber: BetreiberOrganisation | null;
  betreiberAdresse: boolean;
  /** The schluessel of the value list (GEPLANT, IN_BETRIEB, STILLGELEGT). */
  betriebsstatus: string;
  /** Id of the Regionalstelle, '' for none. */
  behoerde: string;
  muttergesellschaft: string;
  url: string;
  iedRelevanz: boolean;
  prtrRelevanz: boolean;
  prtrNr: string;
  haupttaetigkeit: string;
  nacecode: string;
  katasterNr: string;
  arbeitsstaettenNr: string;
  behoerdenkennung: string;
  hochwert: string;
  rechtswert: string;
  taetigkeiten: string[];
  produktbezeichnungen: string[];
  produktionsverfahren: string[];
  produktionsarten: string[];
  produktionstage: string;
  bezugsjahrProduktion: string;
  anzahlBeschaeftigte: string;
  tagesarbeitszeitVon: string;
  tagesarbeitszeitBis: string;
  oeffentlWasserversorgung: boolean;
  wasserbezug: string;
  bezugsjahrWv: string;
  eigenversorgung: string;
  wvbNr: string;
  betriebInSchutzgebiet: boolean;
  kontakte: Kontakt[];
  zustaendigeBearbeiter: ZustaendigerBearbeiter[];
  zustaendigePersonen: ZustaendigePerson[];
}

/** Field errors by the server's key. */
export type BetriebFehler = Record<string, string>;

/** The server's error key of each single field of the form. */
export const SCHLUESSEL = {
  bezeichnung: 'bezeichnung',
  strasse: 'adresse.strasse',
  hausnummer: 'adresse.hausnummer',
  plz: 'adresse.plz',
  ort: 'adresse.ort',
  betreiber: 'betreiber',
  betreiberAdresse: 'betreiberAdresse',
  betriebsstatus: 'betriebsstatus',
  behoerde: 'behoerde',
  muttergesellschaft: 'muttergesellschaft',
  url: 'url',
  iedRelevanz: 'iedRelevanz',
  prtrRelevanz: 'prtrRelevanz',
  prtrNr: 'prtrNr',
  haupttaetigkeit: 'haupttaetigkeit',
  nacecode: 'nacecode',
  katasterNr: 'katasterNr',
  arbeitsstaettenNr: 'arbeitsstaettenNr',
  behoerdenkennung: 'behoerdenkennung',
  hochwert: 'lage.hochwert',
  rechtswert: 'lage.rechtswert',
  taetigkeiten: 'produktion.taetigkeiten',
  produktbezeichnungen: 'produktion.produktbezeichnungen',
  produktionsverfahren: 'produktion.produktionsverfahren',
  produktionsarten: 'produktion.produktionsarten',
  produktionstage: 'produktion.produktionstage',
  bezugsjahrProduktion: 'produktion.bezugsjahrProduktion',
  anzahlBeschaeftigte: 'produktion.anzahlBeschaeftigte',
  tagesarbeitszeitVon: 'produktion.tagesarbeitszeitVon',
  tagesarbeitszeitBis: 'produktion.tagesarbeitszeitBis',
  oeffentlWasserversorgung: 'wasserversorgung.oeffentlWasserversorgung',
  wasserbezug: 'wasserversorgung.wasserbezug',
  bezugsjahrWv: 'wasserversorgung.bezugsjahrWv',
  eigenversorgung: 'wasserversorgung.eigenversorgung',
  wvbNr: 'wasserversorgung.wvbNr',
  betriebInSchutzgebiet: 'wasserversorgung.betriebInSchutzgebiet',
} as const satisfies Partial<Record<keyof BetriebWerte, string>>;

export type EinzelFeld = keyof typeof SCHLUESSEL;

export type Reiter = 'betrieb' | 'produktion' | 'zustaendigkeiten';

/**
 * The tab an error key belongs to (spec 000 §2): produktion and wasserversorgung are on
 * 'Produktion und Wasserversorgung', zustaendige* and kontakte on 'Zuständigkeiten', the rest
 * on 'Betrieb'.
 */
export function reiterVon(key: string): Reiter {
  if (key.startsWith('produktion') || key.startsWith('wasserversorgung')) return 'produktion';
  if (key.startsWith('zustaendige') || key.startsWith('kontakte')) return 'zustaendigkeiten';
  return 'betrieb';
}

/** The tabs holding errors, in tab order. */
export function reiterMitFehlern(fehler: BetriebFehler): Reiter[] {
  const mit = new Set(Object.entries(fehler).filter(([, m]) => m).map(([k]) => reiterVon(k)));
  return (['betrieb', 'produktion', 'zustaendigkeiten'] as const).filter((r) => mit.has(r));
}

const text = (v: string | null | undefined) => v ?? '';
const ganz = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const dezimal = (v: number | null | undefined) => formatNumber(v, { maxDecimals: 3 });
const koordinate = (v: number | null | undefined) => (v ? formatNumber(v, { decimals: 2, grouping: false }) : '');

export const LEERE_WERTE: BetriebWerte = {
  bezeichnung: '',
  strasse: '',
  hausnummer: '',
  plz: '',
  ort: '',
  betreiber: null,
  betreiberAdresse: false,
  betriebsstatus: 'GEPLANT',
  behoerde: '',
  muttergesellschaft: '',
  url: '',
  iedRelevanz: false,
  prtrRelevanz: false,
  prtrNr: '',
  haupttaetigkeit: '',
  nacecode: '',
  katasterNr: '',
  arbeitsstaettenNr: '',
  behoerdenkennung: 'RLP',
  hochwert: '',
  rechtswert: '',
  taetigkeiten: [],
  produktbezeichnungen: [],
  produktionsverfahren: [],
  produktionsarten: [],
  produktionstage: '',
  bezugsjahrProduktion: '',
  anzahlBeschaeftigte: '',
  tagesarbeitszeitVon: '',
  tagesarbeitszeitBis: '',
  oeffentlWasserversorgung: false,
  wasserbezug: '',
  bezugsjahrWv: '',
  eigenversorgung: '',
  wvbNr: '',
  betriebInSchutzgebiet: false,
  kontakte: [],
  zustaendigeBearbeiter: [],
  zustaendigePersonen: [],
};

/** The form values of a loaded operation (the answer holds every member, lists as lists). */
export function werteAus(b: Betrieb): BetriebWerte {
  const p = b.produktion;
  const w = b.wasserversorgung;
  return {
    bezeichnung: b.bezeichnung,
    strasse: b.adresse.strasse,
    hausnummer: b.adresse.hausnummer,
    plz: b.adresse.plz,
    ort: b.adresse.ort,
    betreiber: b.betreiber,
    betreiberAdresse: b.betreiberAdresse,
    betriebsstatus: b.betriebsstatus.id,
    behoerde: b.behoerde ? String(b.behoerde.id) : '',
    muttergesellschaft: b.muttergesellschaft,
    url: b.url,
    iedRelevanz: b.iedRelevanz,
    prtrRelevanz: b.prtrRelevanz,
    prtrNr: b.prtrNr,
    haupttaetigkeit: b.haupttaetigkeit,
    nacecode: b.nacecode,
    katasterNr: b.katasterNr,
    arbeitsstaettenNr: b.arbeitsstaettenNr,
    behoerdenkennung: b.behoerdenkennung || 'RLP',
    hochwert: koordinate(b.lage.hochwert),
    rechtswert: koordinate(b.lage.rechtswert),
    taetigkeiten: p.taetigkeiten,
    produktbezeichnungen: p.produktbezeichnungen,
    produktionsverfahren: p.produktionsverfahren,
    produktionsarten: p.produktionsarten,
    produktionstage: ganz(p.produktionstage),
    bezugsjahrProduktion: ganz(p.bezugsjahrProduktion),
    anzahlBeschaeftigte: ganz(p.anzahlBeschaeftigte),
    tagesarbeitszeitVon: p.tagesarbeitszeitVon,
    tagesarbeitszeitBis: p.tagesarbeitszeitBis,
    oeffentlWasserversorgung: w.oeffentlWasserversorgung,
    wasserbezug: dezimal(w.wasserbezug),
    bezugsjahrWv: ganz(w.bezugsjahrWv),
    eigenversorgung: dezimal(w.eigenversorgung),
    wvbNr: w.wvbNr,
    betriebInSchutzgebiet: w.betriebInSchutzgebiet,
    kontakte: b.kontakte,
    zustaendigeBearbeiter: b.zustaendigeBearbeiter,
    zustaendigePersonen: b.zustaendigePersonen,
  };
}

/** With betreiberAdresse set, the operation's address is the operator's. */
export function mitBetreiberAdresse(w: BetriebWerte): BetriebWerte {
  if (!w.betreiberAdresse || !w.betreiber?.adresse) return w;
  const a: Adresse = w.betreiber.adresse;
  return { ...w, strasse: text(a.strasse), hausnummer: text(a.hausnummer), plz: text(a.plz), ort: text(a.ort) };
}

const zahl = (v: string) => parseGermanNumber(v);

/** The request body of the form (numbers parsed; an empty input is null). */
export function eingabeAus(werte: BetriebWerte): BetriebEingabe {
  const w = mitBetreiberAdresse(werte);
  const t = (v: string) => v.trim();
  return {
    bezeichnung: t(w.bezeichnung),
    adresse: { strasse: t(w.strasse), hausnummer: t(w.hausnummer), plz: t(w.plz), ort: t(w.ort) },
    betreiber: w.betreiber ? { id: w.betreiber.id } : null,
    betreiberAdresse: w.betreiberAdresse,
    betriebsstatus: w.betriebsstatus ? { id: w.betriebsstatus } : null,
    behoerde: w.behoerde ? { id: Number(w.behoerde) } : null,
    muttergesellschaft: t(w.muttergesellschaft),
    url: t(w.url),
    iedRelevanz: w.iedRelevanz,
    prtrRelevanz: w.prtrRelevanz,
    prtrNr: t(w.prtrNr),
    haupttaetigkeit: w.haupttaetigkeit,
    nacecode: w.nacecode,
    katasterNr: t(w.katasterNr),
    arbeitsstaettenNr: t(w.arbeitsstaettenNr),
    behoerdenkennung: t(w.behoerdenkennung),
    // none is 0 for the server (as the plant form sends it); the coordinates are required
    lage: { hochwert: zahl(w.hochwert) ?? 0, rechtswert: zahl(w.rechtswert) ?? 0 },
    produktion: {
      taetigkeiten: w.taetigkeiten,
      produktbezeichnungen: w.produktbezeichnungen,
      produktionsverfahren: w.produktionsverfahren,
      produktionsarten: w.produktionsarten,
      produktionstage: zahl(w.produktionstage),
      bezugsjahrProduktion: zahl(w.bezugsjahrProduktion),
      anzahlBeschaeftigte: zahl(w.anzahlBeschaeftigte),
      tagesarbeitszeitVon: normalisiereUhrzeit(w.tagesarbeitszeitVon),
      tagesarbeitszeitBis: normalisiereUhrzeit(w.tagesarbeitszeitBis),
    },
    wasserversorgung: {
      oeffentlWasserversorgung: w.oeffentlWasserversorgung,
      wasserbezug: zahl(w.wasserbezug),
      bezugsjahrWv: zahl(w.bezugsjahrWv),
      eigenversorgung: zahl(w.eigenversorgung),
      wvbNr: t(w.wvbNr),
      betriebInSchutzgebiet: w.betriebInSchutzgebiet,
    },
    kontakte: w.kontakte,
    zustaendigeBearbeiter: w.zustaendigeBearbeiter.map((b) => ({ id: b.id, bearbeiter: b.bearbeiter })),
    zustaendigePersonen: w.zustaendigePersonen.map((z) => ({ id: z.id, zustaendig: z.zustaendig })),
  };
}

/** Digits before and after the decimal comma of German number input ('1.234,5' → [4, 1]). */
function stellen(v: string): [number, number] {
  const [vor, nach = ''] = v.trim().replace(/^[+-]/, '').replace(/\./g, '').split(',');
  return [vor.replace(/^0+(?=\d)/, '').length, nach.length];
}

/** '' is fine; else an integer within [min, max] ('Es muss eine Zahl oder nichts eingegeben werden.'); a negative count is told so. */
function pruefeGanzzahl(v: string, min: number, max: number): string | undefined {
  if (istLeer(v)) return undefined;
  const n = zahl(v);
  if (n !== null && n < 0 && min >= 0) return MSG_NEGATIV;
  if (n === null || !Number.isInteger(n) || n < min || n > max) return MSG_ZAHL;
  return undefined;
}

/** Year fields: 1900 to 2100. */
export function pruefeJahr(v: string): string | undefined {
  if (istLeer(v)) return undefined;
  const n = zahl(v);
  if (n === null || !Number.isInteger(n)) return MSG_ZAHL;
  if (n < 1900 || n > 2100) return MSG_JAHR;
  return undefined;
}

/** HH:mm, 24 hours. */
export function pruefeUhrzeit(v: string): string | undefined {
  if (istLeer(v)) return undefined;
  return /^([01]?\d|2[0-3]):[0-5]\d$/.test(v.trim()) ? undefined : MSG_UHRZEIT;
}

/** A typed time as the server stores it: a one-digit hour padded ("6:00" → "06:00"). */
export const normalisiereUhrzeit = (v: string) => (/^\d:[0-5]\d$/.test(v.trim()) ? `0${v.trim()}` : v.trim());

/** Quantities: positive, at most 10 digits before and 3 after the decimal comma. */
export function pruefeWert(v: string): string | undefined {
  if (istLeer(v)) return undefined;
  const n = zahl(v);
  if (n === null) return zahlFehler(v);
  if (n <= 0) return MSG_POSITIV;
  const [vor, nach] = stellen(v);
  if (vor > 10 || nach > 3) return MSG_WERT;
  return undefined;
}

/** Coordinates: required, positive (issue 28: a negative one is told so), at most 99999999.99, two decimals. */
export function pruefeKoordinate(v: string): string | undefined {
  if (istLeer(v)) return MSG_PFLICHTFELD;
  const n = zahl(v);
  if (n === null) return zahlFehler(v);
  if (n === 0) return MSG_PFLICHTFELD;
  if (n < 0) return MSG_POSITIV;
  if (n > 99999999.99) return MSG_KOORDINATE;
  if (stellen(v)[1] > 2) return MSG_NACHKOMMA;
  return undefined;
}

/** The form's field whose server key is feld ('adresse.strasse' → 'strasse'). */
const feldVon = (feld: string) => (Object.keys(SCHLUESSEL) as EinzelFeld[]).find((k) => SCHLUESSEL[k] === feld);

/** Whether the field ('strasse', 'betreiber') is required (the server's table, FORMULARE.betrieb). */
export const istPflichtfeld = (feld: EinzelFeld) => istPflicht(FORMULARE.betrieb, SCHLUESSEL[feld]);

/** The client-side checks of the operation form; they mirror the server's (spec 000 §5), the required fields by its table. */
export function pruefeBetrieb(werte: BetriebWerte): BetriebFehler {
  const w = mitBetreiberAdresse(werte);
  const f: BetriebFehler = {};
  const setze = (key: string, msg: string | undefined) => {
    if (msg && !f[key]) f[key] = msg;
  };
  // the required fields by the server's table (FORMULARE.betrieb), the contacts and responsible persons by their rows'
  Object.assign(f, pruefeFormular(FORMULARE.betrieb, { ...w }, { ohne: [SCHLUESSEL.hochwert, SCHLUESSEL.rechtswert], wertpfad: feldVon }));
  Object.assign(f, pruefeZustaendigkeiten(w.kontakte, w.zustaendigePersonen, w.zustaendigeBearbeiter));
  setze(SCHLUESSEL.hochwert, pruefeKoordinate(w.hochwert));
  setze(SCHLUESSEL.rechtswert, pruefeKoordinate(w.rechtswert));

  setze(SCHLUESSEL.produktionstage, pruefeGanzzahl(w.produktionstage, 0, 366));
  setze(SCHLUESSEL.anzahlBeschaeftigte, pruefeGanzzahl(w.anzahlBeschaeftigte, 0, 2147483647));
  setze(SCHLUESSEL.bezugsjahrProduktion, pruefeJahr(w.bezugsjahrProduktion));
  setze(SCHLUESSEL.tagesarbeitszeitVon, pruefeUhrzeit(w.tagesarbeitszeitVon));
  setze(SCHLUESSEL.tagesarbeitszeitBis, pruefeUhrzeit(w.tagesarbeitszeitBis));
  setze(SCHLUESSEL.bezugsjahrWv, pruefeJahr(w.bezugsjahrWv));
  setze(SCHLUESSEL.wasserbezug, pruefeWert(w.wasserbezug));
  setze(SCHLUESSEL.eigenversorgung, pruefeWert(w.eigenversorgung));

  return f;
}

/** The server's validationErrors as form errors (their keys are the form's already). */
export function fehlerAus(validationErrors: Record<string, string>): BetriebFehler {
  return { ...validationErrors };
}
