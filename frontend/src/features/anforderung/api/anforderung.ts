import { queryOptions } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import type { Befehlsantwort } from '@/lib/befehl';
import type { WertelisteEintrag } from '@/lib/wertelisten';
import { anforderungKeys } from './keys';

// The types of GET /api/bescheid/{id}/messstelle/{mid} and PATCH /api/bescheid/{id}?messstelle=&version=
// come from the API document (src/lib/api-schema.d.ts, `npm run gen:api`).

/** The two kinds of Anforderung (spec 001 §3.3): the two tabs of the screen. */
export type AnforderungArt = 'BEHOERDLICHE_FESTLEGUNG' | 'SELBSTUEBERWACHUNGSAUFLAGE';
export const FESTLEGUNG: AnforderungArt = 'BEHOERDLICHE_FESTLEGUNG';
export const SELBSTUEBERWACHUNG: AnforderungArt = 'SELBSTUEBERWACHUNGSAUFLAGE';

/** The kinds of parameter of a Bescheid's Anforderung (spec 001 §3.3), in the order offered. */
export const PARAMETERARTEN = [
  { value: 'KONZENTRATION', label: 'Konzentration' },
  { value: 'FRACHT', label: 'Fracht' },
  { value: 'MENGE', label: 'Menge' },
] as const;

type S = components['schemas'];

/**
 * One Anforderung (domain/bescheid.Anforderung; the API document's schema, every member present
 * in the answers): decimal wert as entered, dates yyyy-MM-dd, the value-list fields hold the
 * entries' values; anforderungId 0 is a new one.
 */
export type Anforderung = Required<S['Anforderung']>;

/** GET /api/bescheid/{id}/messstelle/{mid}: the Bescheid, the point, its Anforderungen and the caller's right. */
export type MessstelleImBescheid = Omit<S['BescheidMessstelleAnsicht'], 'anforderungen'> & Record<'anforderungen', Anforderung[]>;

export type Gespeichert = Befehlsantwort;

/** GET /api/bescheid/{id}/messstelle/{mid}, once (fresh: a save shows what is stored). */
export const holeMessstelleImBescheid = (bescheidId: string, messstelleId: string, signal?: AbortSignal) =>
  api.get<MessstelleImBescheid>(`/bescheid/${encodeURIComponent(bescheidId)}/messstelle/${encodeURIComponent(messstelleId)}`, { signal });

export const messstelleImBescheidQuery = (bescheidId: string, messstelleId: string) =>
  queryOptions({
    queryKey: anforderungKeys.messstelle(bescheidId, messstelleId),
    queryFn: ({ signal }) => holeMessstelleImBescheid(bescheidId, messstelleId, signal),
    staleTime: 0,
  });

/** GET /api/betrieb/{id}: only its type (betriebstyp.id, e.g. INDUSTRIE), which filters the lookups. */
export const betriebstypQuery = (betriebId: string) =>
  queryOptions({
    queryKey: anforderungKeys.betriebstyp(betriebId),
    queryFn: async ({ signal }) => {
      const b = await api.get<Schema<'Betrieb'>>(`/betrieb/${encodeURIComponent(betriebId)}`, { signal });
      return b.betriebstyp?.id ?? '';
    },
    staleTime: 5 * 60_000,
  });

/** An entry of a lookup of the Anforderungen; /api/anforderungsparameter's have the extra column parameterNr (value = "parameterNr parameterName"). */
export type Anforderungsparameter = WertelisteEintrag;

/** The number of a parameter of /api/anforderungsparameter (its extra column parameterNr), else its value. */
export const parameterNrDes = (e: Anforderungsparameter): string => (typeof e.parameterNr === 'string' && e.parameterNr !== '' ? e.parameterNr : e.value);

/**
 * A lookup of the Anforderungen (GET /api/<name>?<filter>), the entries in list order; kept for
 * five minutes (value lists change seldom).
 */
export const anforderungslisteQuery = (name: string, filter: Record<string, string> = {}) =>
  queryOptions({
    queryKey: anforderungKeys.liste(name, filter),
    queryFn: ({ signal }) => api.get<Anforderungsparameter[]>(`/${name}/`, { signal, query: filter }),
    staleTime: 5 * 60_000,
  });
