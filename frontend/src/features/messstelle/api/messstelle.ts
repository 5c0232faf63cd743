import { queryOptions } from '@tanstack/react-query';
import type { VerlaufEintrag } from '@/components/Verlauf';
import { mitStandSchluessel } from '@/lib/stand';
import { api, type Antwort } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import type { Befehlsantwort } from '@/lib/befehl';
import { messstelleKeys } from './keys';

// The measuring point's types come from the API document (src/lib/api-schema.d.ts, `npm run gen:api`).
type S = components['schemas'];

/** UTM32 (EPSG:25832) coordinates. */
// eslint-disable-next-line no-restricted-syntax -- Frontend: the form's coordinates (numbers of the entered text)
export interface Lage {
  hochwert: number;
  rechtswert: number;
}

/** The limit values of spec 000 §3: decimal strings as entered ("" none). */
export type Grenzwerte = S['MessstelleGrenzwerte'];
export type Parameter = keyof Grenzwerte;

/** The limit values in the order the forms show them, with their labels and long names (spec 000 §5). */
export const PARAMETER: readonly { key: Parameter; label: string; titel: string }[] = [
  { key: 'csb', label: 'CSB', titel: 'Chemischer Sauerstoffbedarf' },
  { key: 'pges', label: 'PGES', titel: 'Phosphor gesamt' },
  { key: 'nges', label: 'NGES', titel: 'Stickstoff gesamt' },
  { key: 'nh4n', label: 'NH4N', titel: 'Ammonium-Stickstoff' },
  { key: 'bsb5', label: 'BSB5', titel: 'Biochemischer Sauerstoffbedarf in 5 Tagen' },
  { key: 'aox', label: 'AOX', titel: 'Adsorbierbare organisch gebundene Halogene' },
  { key: 'hg', label: 'HG', titel: 'Quecksilber' },
  { key: 'cd', label: 'CD', titel: 'Cadmium' },
  { key: 'cr', label: 'CR', titel: 'Chrom' },
  { key: 'ni', label: 'NI', titel: 'Nickel' },
  { key: 'pb', label: 'PB', titel: 'Blei' },
  { key: 'cu', label: 'CU', titel: 'Kupfer' },
  { key: 'gei', label: 'GEI', titel: 'Giftigkeit gegenüber Fischeiern' },
];

/** Wertarten of a Mindestanforderung: HW Höchstwert, UEW Überwachungswert (spec 000 §5). */
export const WERTARTEN = [
  { value: 'HW', kurz: 'HW', titel: 'Höchstwert' },
  { value: 'UEW', kurz: 'ÜW', titel: 'Überwachungswert' },
] as const;

/** The one group of Mindestanforderungen the form edits; the others come from the AbwV annexes (spec 000 §5). */
export const GRUPPE_A00 = 'A00';

/** The fields of a measuring point its forms edit (spec 000 §3). */
export type MessstelleDaten = S['MessstelleDaten'];
/** The form as sent: on creation with the number, on a save with the version (and auditInfo). */
export type MessstelleFormular = S['MessstelleFormular'];
/** GET /api/messstelle/{id}: the point with its plant, operation, Freigabe, tabs and the caller's rights. */
export type Messstelle = S['Messstelle'];
/** A row of the overview of a plant's points (GET /api/messstelle/uebersicht/{anlageid}). */
export type MessstellenZeile = S['MessstellenZeile'];
export type Freigabestatus = Messstelle['freigabe']['status'];

/** The tabs beyond 'Messstelle' a point has (domain/messstelle.BereicheFuer). */
// eslint-disable-next-line no-restricted-syntax -- Frontend: the client's mirror of domain/messstelle.BereicheFuer, no answer
export interface Bereiche {
  einleitstelle: boolean;
  mindestanforderungen: boolean;
  vorbelastungen: boolean;
}

export type Gespeichert = Befehlsantwort;

/** The Einleitungsstelle (NR_8): only it has an Einleitstelle and, under an industrial operation, the two lists. */
export const EINLEITUNGSSTELLE = 'NR_8';
export const BETRIEBSTYP_MIT_ANFORDERUNGEN = 'INDUSTRIE';

/**
 * The tabs of a point of typ under an operation of betriebstyp: the client's mirror of
 * domain/messstelle.BereicheFuer, for a new point and for a type changed in the form (a stored
 * point brings the server's `bereiche`).
 */
export function bereicheFuer(typ: string, betriebstyp: string): Bereiche {
  const e = typ === EINLEITUNGSSTELLE;
  const a = e && betriebstyp === BETRIEBSTYP_MIT_ANFORDERUNGEN;
  return { einleitstelle: e, mindestanforderungen: a, vorbelastungen: a };
}

/** Messstellenstatus in the order the form offers them; GEPLANT is the reference value (spec 000 §4). */
export const MESSSTELLENSTATUS: { value: string; label: string }[] = [
  { value: 'GEPLANT', label: 'Geplant' },
  { value: 'IN_BETRIEB', label: 'In Betrieb' },
  { value: 'STILLGELEGT', label: 'Stillgelegt' },
];

export const FREIGABESTATUS: Record<Freigabestatus, string> = {
  BEANTRAGT: 'Beantragt',
  FREIGEGEBEN: 'Freigegeben',
  ABGEWIESEN: 'Abgewiesen',
};

export const statusLabel = (s: string | undefined) => MESSSTELLENSTATUS.find((x) => x.value === s)?.label ?? s ?? '';

/** GET /api/messstelle/{id} once, outside the query (a conflict's 'apply again', the version before a decision). */
export const holeMessstelle = (id: string, signal?: AbortSignal, stand?: string) =>
  api.get<Messstelle>(`/messstelle/${encodeURIComponent(id)}`, { signal, query: { stand } });

/**
 * GET /api/messstelle/{id}: fresh, so 'Änderungen verwerfen' and a save show the stored data; a
 * failure takes the global way (403, 404) and the screen says 'Fehler beim Aufruf der Messstelle'.
 */
export const messstelleQuery = (id: string, stand?: string) =>
  queryOptions({
    // with stand (yyyy-MM-dd) the point as of that day, read-only (lib/stand.ts)
    queryKey: mitStandSchluessel(messstelleKeys.detail(id), stand),
    queryFn: ({ signal }) => holeMessstelle(id, signal, stand),
    staleTime: 0,
  });

/** A version of the point's history. */
export type MessstellenVersion = Antwort<'getMessstelleHistorie'>[number];

/** GET /api/messstelle/{id}/historie: the versions, oldest first. */
export const messstelleHistorieQuery = (id: string) =>
  queryOptions({
    queryKey: messstelleKeys.historie(id),
    queryFn: ({ signal }) => api.get<MessstellenVersion[]>(`/messstelle/${encodeURIComponent(id)}/historie`, { signal }),
    staleTime: 0,
  });

/** GET /api/messstelle/{id}/verlauf: every event with who, when and the changed fields (auditors). */
export const messstelleVerlaufQuery = (id: string) =>
  queryOptions({
    queryKey: messstelleKeys.verlauf(id),
    queryFn: ({ signal }) => api.get<VerlaufEintrag[]>(`/messstelle/${encodeURIComponent(id)}/verlauf`, { signal }),
    staleTime: 0,
  });

/** GET /api/messstelle/{id}/stand/{version}: the point as it was after that event (auditors). */
export const messstelleStandQuery = (id: string, version: number) =>
  queryOptions({
    queryKey: messstelleKeys.stand(id, version),
    queryFn: ({ signal }) => api.get<Messstelle>(`/messstelle/${encodeURIComponent(id)}/stand/${version}`, { signal }),
  });

/** GET /api/messstelle/uebersicht/{anlageid}: the points of a plant. */
export const messstellenDerAnlageQuery = (anlageId: string) =>
  queryOptions({
    queryKey: messstelleKeys.uebersicht(anlageId),
    queryFn: ({ signal }) => api.get<MessstellenZeile[]>(`/messstelle/uebersicht/${encodeURIComponent(anlageId)}`, { signal }),
  });
