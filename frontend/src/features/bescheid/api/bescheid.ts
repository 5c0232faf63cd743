import { queryOptions } from '@tanstack/react-query';
import type { VerlaufEintrag } from '@/components/Verlauf';
import { mitStandSchluessel } from '@/lib/stand';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import type { WertelisteEintrag } from '@/lib/wertelisten';
import { bescheidKeys } from './keys';

// The Bescheid's types come from the API document (src/lib/api-schema.d.ts, `npm run gen:api`).
type S = components['schemas'];

/** ANGELEGT and BEANTRAGT are the application statuses (spec 001 §3.1). */
export type Bescheidsstatus = S['Bescheid']['bescheidsstatus'];

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
export type Auflage = S['Auflage'];
export type Bezug = S['BescheidVerweis'];
/** A measuring point that may be assigned (GET /api/betrieb/{id}/bescheid/messstellen). */
export type BescheidKandidat = S['BescheidKandidat'];
/** A measuring point assigned to the Bescheid, or a candidate for it. */
export type BescheidMessstelle = BescheidKandidat & Partial<Pick<S['BescheidMessstelle'], 'anzahlAnforderungen'>>;
export type BescheidRechte = S['Bescheid']['rechte'];
/** The fields a create or a save sends (spec 001 §3.1). */
export type BescheidDaten = S['BescheidDaten'];
/** GET /api/bescheid/{id} (and /api/bescheidsantrag/{id}/): the same answer for any status. */
export type Bescheid = S['Bescheid'];
/** POST /api/bescheid and /api/bescheidsantrag (betrieb, messstellen); PUT with version, target status, messstellen, kommentar. */
export type BescheidFormular = S['BescheidFormular'];
export type NeuerBescheid = BescheidFormular & Required<Pick<BescheidFormular, 'betrieb' | 'messstellen'>>;
export type BescheidSpeichern = BescheidFormular & Required<Pick<BescheidFormular, 'version' | 'bescheidsstatus' | 'messstellen'>>;
export type Gespeichert = S['BescheidErgebnis'];

/** GET /api/bescheid/{id} once, outside the query (a conflict's 'apply again'). */
export const holeBescheid = (id: string, signal?: AbortSignal, stand?: string) =>
  api.get<Bescheid>(`/bescheid/${encodeURIComponent(id)}`, { signal, query: { stand } });

/** GET /api/bescheid/{id}: fresh, so 'Änderungen verwerfen' and a save show the stored data. */
export const bescheidQuery = (id: string, stand?: string) =>
  queryOptions({
    // with stand (yyyy-MM-dd) the Bescheid as of that day, read-only (lib/stand.ts)
    queryKey: mitStandSchluessel(bescheidKeys.detail(id), stand),
    queryFn: ({ signal }) => holeBescheid(id, signal, stand),
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
      api.get<BescheidKandidat[]>(`/betrieb/${encodeURIComponent(betriebId)}/bescheid/messstellen`, {
        signal,
        query: { bescheidQualitaet: qualitaet || undefined },
      }),
    staleTime: 0,
  });

/** An entry of a value list (the Bescheidarten). */
export type Werteintrag = WertelisteEintrag;

/**
 * GET /api/bescheidart?bescheidQualitaet={id}: the Bescheidarten of a quality — the value list's
 * filter takes the id of the bescheidqualitaet entry ('' until the list is loaded: disabled).
 */
export const bescheidartenQuery = (qualitaetId: string) =>
  queryOptions({
    queryKey: bescheidKeys.bescheidarten(qualitaetId),
    queryFn: ({ signal }) => api.get<Werteintrag[]>('/bescheidart', { signal, query: { bescheidQualitaet: qualitaetId } }),
    staleTime: 5 * 60_000,
    enabled: qualitaetId !== '',
  });

/** GET /api/digiwab/{bescheidId}: the water-book entry of the water-right number. */
export type Wasserbuch = S['WasserbuchAuskunft'];

export const wasserbuchQuery = (bescheidId: string) =>
  queryOptions({
    queryKey: bescheidKeys.wasserbuch(bescheidId),
    queryFn: ({ signal }) => api.get<Wasserbuch>(`/digiwab/${encodeURIComponent(bescheidId)}`, { signal }),
    enabled: bescheidId.trim() !== '',
    retry: false,
    staleTime: 60_000,
    meta: { globalErrorHandling: false },
  });

/** The path of a Bescheid's commands: /bescheidsantrag while it is (or is saved as) an application. */
export const befehlspfad = (status: Bescheidsstatus | undefined) => (istAntrag(status) ? '/bescheidsantrag' : '/bescheid');
