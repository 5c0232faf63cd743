import { queryOptions } from '@tanstack/react-query';
import { api, type Antwort, type Schema } from '@/lib/api';
import type { VerlaufEintrag } from '@/components/Verlauf';
import { mitStandSchluessel } from '@/lib/stand';
import { betriebKeys } from './keys';

// The operation's types are the API document's (src/lib/api-schema.d.ts, `npm run gen:api`):
// Betrieb is the answer (every member sent, null where the document says so), BetriebFormular
// the body of a request or save.

/** GET /api/betrieb/{id}, a version of its history and a replayed state. */
export type Betrieb = Schema<'Betrieb'>;

/** The body of POST /api/betrieb?typ=…, PUT …/betriebsdaten and PUT /api/betrieb/{id}. */
export type BetriebEingabe = Schema<'BetriebFormular'>;

export type Freigabestatus = Betrieb['freigabestatus'];

/** The six operation types (spec 000 §1); typ of the create route is one of them. */
export const BETRIEBSTYPEN = ['INDUSTRIE', 'KOMMUNAL', 'KANAL_KOMMUNAL', 'KANAL_INDUSTRIE', 'PRIVAT', 'AUSSERHALB_RLP'] as const;
export type Betriebstyp = (typeof BETRIEBSTYPEN)[number];

export const istBetriebstyp = (v: string | null): v is Betriebstyp => BETRIEBSTYPEN.includes(v as Betriebstyp);

export type Adresse = Schema<'Adresse'>;

/** What the caller may do with this operation (decided by the server). */
export type BetriebRechte = Betrieb['rechte'];

/** The answer of a write: {id, message, position} (and the new version). */
export type Gespeichert = Schema<'Befehlsergebnis'>;

/** A version of GET /api/betrieb/{id}/historie (oldest first). */
export type BetriebVersion = Antwort<'getBetriebHistorie'>[number];

/** An event of GET /api/betrieb/{id}/verlauf, with the fields it changed. */
export type { VerlaufEintrag };

export const pfad = (id: string) => `/betrieb/${encodeURIComponent(id)}`;

/** GET /api/betrieb/{id} once, outside the query (a conflict's 'apply again'); with stand as of that day. */
export const holeBetrieb = (id: string, signal?: AbortSignal, stand?: string) => api.get<Betrieb>(pfad(id), { signal, query: { stand } });

/**
 * GET /api/betrieb/{id}: fresh, so 'Änderungen verwerfen' and a save show the stored data; with
 * stand (yyyy-MM-dd) the operation as of that day, read-only (lib/stand.ts).
 */
export const betriebQuery = (id: string, stand?: string) =>
  queryOptions({
    queryKey: mitStandSchluessel(betriebKeys.daten(id), stand),
    queryFn: ({ signal }) => holeBetrieb(id, signal, stand),
    staleTime: 0,
  });

/** GET /api/betrieb/{id}/historie: the dated versions, oldest first. */
export const historieQuery = (id: string) =>
  queryOptions({
    queryKey: betriebKeys.historie(id),
    queryFn: ({ signal }) => api.get<BetriebVersion[]>(`${pfad(id)}/historie/`, { signal }),
    staleTime: 0,
  });

/** GET /api/betrieb/{id}/verlauf: every event of the operation with its changes (auditors). */
export const verlaufQuery = (id: string) =>
  queryOptions({
    queryKey: betriebKeys.verlauf(id),
    queryFn: ({ signal }) => api.get<VerlaufEintrag[]>(`${pfad(id)}/verlauf/`, { signal }),
    staleTime: 0,
  });

/** GET /api/betrieb/{id}/stand/{version}: the operation as it was after that event. */
export const standQuery = (id: string, version: number) =>
  queryOptions({
    queryKey: betriebKeys.stand(id, version),
    queryFn: ({ signal }) => api.get<Betrieb>(`${pfad(id)}/stand/${version}`, { signal }),
    staleTime: Infinity,
  });
