import { queryOptions } from '@tanstack/react-query';
import type { VerlaufEintrag } from '@/components/Verlauf';
import { api } from '@/lib/api';
import type { Befehlsantwort } from '@/lib/befehl';
import { bescheidKeys } from './keys';

// The Bescheid's types as the HTTP contract of issue 30 names them (local until the API
// document has the Bescheid schemas; then `npm run gen:api` and components['schemas']).

/** ANGELEGT and BEANTRAGT are the application statuses (spec 001 §3.1). */
export type Bescheidsstatus = 'ANGELEGT' | 'BEANTRAGT' | 'IN_BEARBEITUNG' | 'FREIGEGEBEN';

export const ANTRAGSSTATUS: readonly Bescheidsstatus[] = ['ANGELEGT', 'BEANTRAGT'];

/** The status labels (the server's list GET /api/bescheidstatus says the same). */
export const BESCHEIDSSTATUS: Record<Bescheidsstatus, string> = {
  ANGELEGT: 'Angelegt',
  BEANTRAGT: 'Beantragt',
  IN_BEARBEITUNG: 'In Bearbeitung',
  FREIGEGEBEN: 'Freigegeben',
};

export const statusLabel = (s: string | undefined) => (s && s in BESCHEIDSSTATUS ? BESCHEIDSSTATUS[s as Bescheidsstatus] : (s ?? ''));

/** Whether a status is an application's: its screens use the path segment `antrag`, its saves /api/bescheidsantrag. */
export const istAntrag = (s: string | undefined) => ANTRAGSSTATUS.includes(s as Bescheidsstatus);

/** The path segment of a Bescheid's screens (spec 001 §2.1). */
export const segmentFuer = (s: string | undefined) => (istAntrag(s) ? 'antrag' : 'bescheid');

/** A condition of the Bescheid for one plant (spec 001 §3.2). */
export interface Auflage {
  abwasseranlage: number;
  art: string;
  beschreibung: string;
  fristdatum: string;
}

export interface Bezug {
  id: number;
  bezeichnung: string;
}

/** A measuring point assigned to the Bescheid, or a candidate for it. */
export interface BescheidMessstelle {
  id: number;
  messstellenId: string;
  bezeichnung: string;
  messstellentyp: string;
  anlage: Bezug;
  anzahlAnforderungen?: number;
}

export interface BescheidRechte {
  bearbeiten: boolean;
  loeschen: boolean;
  /** The statuses the caller may save this Bescheid into, the current one first. */
  statusWerte: Bescheidsstatus[];
  dateien: boolean;
  anforderungen: boolean;
  verlaufLesen?: boolean;
}

/** The fields a create or a save sends (spec 001 §3.1). */
export interface BescheidDaten {
  bescheidQualitaet: string;
  bescheidart: string;
  /** 0: none. */
  vorbescheid: number;
  aktenzeichen: string;
  behoerde: string;
  bescheidsdatum: string;
  ablaufdatum: string;
  bemerkung: string;
  /** The water-right number in the Wasserbuch. */
  bescheidId: string;
  auflagen: Auflage[];
}

/** GET /api/bescheid/{id} (and /api/bescheidsantrag/{id}/): the same answer for any status. */
export interface Bescheid extends Omit<BescheidDaten, 'vorbescheid'> {
  id: number;
  version: number;
  betrieb: Bezug;
  bescheidsstatus: Bescheidsstatus;
  vorbescheid?: number;
  messstellen: BescheidMessstelle[];
  freigabeAm: string;
  freigabeVon: string;
  antrag?: { gestelltVon?: string; kommentar?: string };
  rechte: BescheidRechte;
}

/** POST /api/bescheid and /api/bescheidsantrag. */
export type NeuerBescheid = BescheidDaten & { betrieb: number; messstellen: number[] };

/** PUT /api/bescheid/{id} and /api/bescheidsantrag/{id}: the target status moves with the save. */
export type BescheidSpeichern = BescheidDaten & {
  version: number;
  bescheidsstatus: Bescheidsstatus;
  messstellen: number[];
  kommentar?: string;
};

export type Gespeichert = Befehlsantwort;

/** A row of GET /api/betrieb/{id}/bescheid/search. */
export interface BescheidZeile {
  id: number;
  bescheidQualitaet?: string;
  bescheidart: string;
  behoerde?: string;
  aktenzeichen?: string;
  bescheidsstatus: Bescheidsstatus;
  bescheidsdatum: string;
  ablaufdatum?: string;
  bemerkung?: string;
  antrag: boolean;
  bearbeiten?: boolean;
}

export interface Seite<T> {
  content: T[];
  totalElements: number;
}

/** GET /api/bescheid/{id} once, outside the query (a conflict's 'apply again'). */
export const holeBescheid = (id: string, signal?: AbortSignal) => api.get<Bescheid>(`/bescheid/${encodeURIComponent(id)}`, { signal });

/** GET /api/bescheid/{id}: fresh, so 'Änderungen verwerfen' and a save show the stored data. */
export const bescheidQuery = (id: string) =>
  queryOptions({
    queryKey: bescheidKeys.detail(id),
    queryFn: ({ signal }) => holeBescheid(id, signal),
    staleTime: 0,
  });

/** GET /api/bescheid/{id}/verlauf: every event with who, when and the changed fields. */
export const bescheidVerlaufQuery = (id: string) =>
  queryOptions({
    queryKey: bescheidKeys.verlauf(id),
    queryFn: ({ signal }) => api.get<VerlaufEintrag[]>(`/bescheid/${encodeURIComponent(id)}/verlauf`, { signal }),
    staleTime: 0,
  });

/** GET /api/bescheid/{id}/stand/{version}: the Bescheid as it was after that event (the measuring point's shape). */
export const bescheidStandQuery = (id: string, version: number) =>
  queryOptions({
    queryKey: bescheidKeys.stand(id, version),
    queryFn: ({ signal }) => api.get<Bescheid>(`/bescheid/${encodeURIComponent(id)}/stand/${version}`, { signal }),
  });

/** GET /api/betrieb/{id}/bescheid/vorbescheide: the operation's other Bescheide. */
export const vorbescheideQuery = (betriebId: string, bescheidId: string, qualitaet: string) =>
  queryOptions({
    queryKey: bescheidKeys.vorbescheide(betriebId, bescheidId, qualitaet),
    queryFn: ({ signal }) =>
      api.get<Bezug[]>(`/betrieb/${encodeURIComponent(betriebId)}/bescheid/vorbescheide`, {
        signal,
        query: { bescheidId: bescheidId || undefined, bescheidQualitaet: qualitaet || undefined },
      }),
  });

/** GET /api/betrieb/{id}/bescheid/messstellen: the points that may be assigned for the quality. */
export const messstellenKandidatenQuery = (betriebId: string, qualitaet: string) =>
  queryOptions({
    queryKey: bescheidKeys.kandidaten(betriebId, qualitaet),
    queryFn: ({ signal }) =>
      api.get<BescheidMessstelle[]>(`/betrieb/${encodeURIComponent(betriebId)}/bescheid/messstellen`, {
        signal,
        query: { bescheidQualitaet: qualitaet || undefined },
      }),
    staleTime: 0,
  });

/** The operation's plants (the Auflage's Abwasseranlage), as the file's tree reads them. */
export interface AnlageZeile {
  id: number;
  bezeichnung?: string;
  anlagentyp?: string;
}

/** GET /api/anlage?betrieb={id}: the plants of the operation (same key as the tree's). */
export const anlagenQuery = (betriebId: string) =>
  queryOptions({
    queryKey: bescheidKeys.anlagen(betriebId),
    queryFn: ({ signal }) => api.get<AnlageZeile[]>(`/anlage?betrieb=${encodeURIComponent(betriebId)}`, { signal }),
  });

export interface Werteintrag {
  id: number | string;
  value: string;
}

/** GET /api/bescheidart?bescheidQualitaet=: the Bescheidarten of a quality. */
export const bescheidartenQuery = (qualitaet: string) =>
  queryOptions({
    queryKey: bescheidKeys.bescheidarten(qualitaet),
    queryFn: ({ signal }) => api.get<Werteintrag[]>('/bescheidart', { signal, query: { bescheidQualitaet: qualitaet } }),
    staleTime: 5 * 60_000,
    enabled: qualitaet !== '',
  });

/** GET /api/digiwab/{bescheidId}: the water-book entry of the water-right number. */
export interface Wasserbuch {
  url: string;
  vorhanden: boolean;
}

export const wasserbuchQuery = (bescheidId: string) =>
  queryOptions({
    queryKey: bescheidKeys.wasserbuch(bescheidId),
    queryFn: ({ signal }) => api.get<Wasserbuch>(`/digiwab/${encodeURIComponent(bescheidId)}`, { signal }),
    enabled: bescheidId.trim() !== '',
    retry: false,
    staleTime: 60_000,
    meta: { globalErrorHandling: false },
  });
