import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type Antwort, type Schema } from '@/lib/api';
import { minPositionFuer } from '@/lib/befehl';
import type { WertelisteEintrag } from '@/lib/wertelisten';
import { uebersichtKeys } from './keys';

// The searches of spec 001 §2.2/§2.4/§2.5 per operation (HTTP contract of issue 30; the answers'
// types from the API document). Pages like the worklists'; dates of the filter as yyyymmdd, of
// the rows as yyyy-MM-dd.


/** Paging and sort order of a search (page from 0; size 10/25/50). */
// eslint-disable-next-line no-restricted-syntax -- Frontend: the table's paging, sent as query parameters
export interface Blaettern {
  page: number;
  size: number;
  sortProperty: string;
  sortDirection: 'asc' | 'desc';
}

const frisch = { placeholderData: keepPreviousData, staleTime: 0, meta: { globalErrorHandling: false } } as const;

// ---- Bescheide (spec 001 §2.2) ----

/** A row of GET /api/betrieb/{id}/bescheid/search. */
export type BescheidZeile = Schema<'BescheidTreffer'>;

// eslint-disable-next-line no-restricted-syntax -- Frontend: the filter form's state, sent as query parameters
export interface BescheidFilter {
  bescheidQualitaet: string;
  bescheidart: string;
  /** yyyymmdd or '' */
  von: string;
  bis: string;
}

export const bescheideQuery = (betriebId: string, suche: BescheidFilter & Blaettern) =>
  queryOptions({
    queryKey: uebersichtKeys.bescheide(betriebId, suche),
    queryFn: ({ signal }) =>
      api.get<Antwort<'sucheBescheide'>>(`/betrieb/${encodeURIComponent(betriebId)}/bescheid/search`, {
        query: { ...suche, minPosition: minPositionFuer() },
        signal,
      }),
    ...frisch,
  });

/** GET /api/bescheidart?bescheidQualitaet=: the kinds of a quality (its entry id; all without one). */
export const bescheidartenQuery = (qualitaetId: string) =>
  queryOptions({
    queryKey: uebersichtKeys.bescheidarten(qualitaetId),
    queryFn: ({ signal }) => api.get<WertelisteEintrag[]>('/bescheidart/', { query: { bescheidQualitaet: qualitaetId }, signal }),
    staleTime: 5 * 60_000,
  });

// ---- Anforderungen (spec 001 §2.4/§2.5) ----

export type Auswertung = 'alle' | 'zeitraum' | 'stichtag';
export type AnforderungArt = 'BEHOERDLICHE_FESTLEGUNG' | 'SELBSTUEBERWACHUNGSAUFLAGE';

/** A row of GET /api/betrieb/{id}/anforderung/auswertung. */
export type AnforderungZeile = Schema<'Anforderungszeile'>;

// eslint-disable-next-line no-restricted-syntax -- Frontend: the filter form's state, sent as query parameters
export interface AnforderungFilter {
  abwasseranlage: string;
  messstelle: string;
  parameter: string;
  auswertung: Auswertung;
  /** yyyymmdd: the day of auswertung=stichtag */
  stichtag: string;
  /** yyyymmdd: the period of auswertung=zeitraum */
  gueltigAb: string;
  gueltigBis: string;
}

/** The query of a requirement search: only the dates its kind of evaluation uses. */
export function anforderungAbfrage(art: AnforderungArt, f: AnforderungFilter, b: Blaettern) {
  return {
    anforderungArt: art,
    abwasseranlage: f.abwasseranlage,
    messstelle: f.messstelle,
    parameter: f.parameter,
    auswertung: f.auswertung,
    ...(f.auswertung === 'stichtag' ? { stichtag: f.stichtag } : {}),
    ...(f.auswertung === 'zeitraum' ? { gueltigAb: f.gueltigAb, gueltigBis: f.gueltigBis } : {}),
    ...b,
  };
}

export const anforderungenQuery = (betriebId: string, art: AnforderungArt, f: AnforderungFilter, b: Blaettern) => {
  const abfrage = anforderungAbfrage(art, f, b);
  return queryOptions({
    queryKey: uebersichtKeys.anforderungen(betriebId, abfrage),
    queryFn: ({ signal }) =>
      api.get<Antwort<'auswertungAnforderungenBetrieb'>>(`/betrieb/${encodeURIComponent(betriebId)}/anforderung/auswertung`, {
        query: { ...abfrage, minPosition: minPositionFuer() },
        signal,
      }),
    ...frisch,
  });
};

/** GET /api/betrieb/{id}/anforderungsparameter/: the parameters the operation's Anforderungen use. */
export const parameterDesBetriebsQuery = (betriebId: string) =>
  queryOptions({
    queryKey: uebersichtKeys.parameter(betriebId),
    queryFn: ({ signal }) => api.get<Antwort<'getBetriebAnforderungsparameter'>>(`/betrieb/${encodeURIComponent(betriebId)}/anforderungsparameter/`, { signal }),
    meta: { globalErrorHandling: false },
  });

// ---- Auflagen (spec 001 §2.5) ----

/** A row of GET /api/betrieb/{id}/auflage/search: an Auflage of a Bescheid (index: its place there). */
export type AuflageZeile = Schema<'Auflagenzeile'>;

/** The id of an Auflage in the export ("bescheidId:index"). */
export const auflageId = (z: Pick<AuflageZeile, 'bescheidId' | 'index'>) => `${z.bescheidId}:${z.index}`;

// eslint-disable-next-line no-restricted-syntax -- Frontend: the filter form's state, sent as query parameters
export interface AuflageFilter {
  abwasseranlage: string;
  art: string;
}

export const auflagenQuery = (betriebId: string, f: AuflageFilter, b: Blaettern) =>
  queryOptions({
    queryKey: uebersichtKeys.auflagen(betriebId, { ...f, ...b }),
    queryFn: ({ signal }) =>
      api.get<Antwort<'sucheAuflagen'>>(`/betrieb/${encodeURIComponent(betriebId)}/auflage/search`, {
        query: { ...f, ...b, minPosition: minPositionFuer() },
        signal,
      }),
    ...frisch,
  });
