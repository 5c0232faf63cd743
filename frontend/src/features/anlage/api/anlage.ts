import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { VerlaufEintrag } from '@/components/Verlauf';
import type { Netzanlage } from '@/components/akte/NetzDialog';
import { mitStandSchluessel } from '@/lib/stand';
import { api, apiDatei, ZEITLIMIT_NETZANLAGEN, type Antwort } from '@/lib/api';
import type { Befehlsantwort } from '@/lib/befehl';
import type { components } from '@/lib/api-schema';
import { anlageKeys } from './keys';

// The plant's types come from the API document (src/lib/api-schema.d.ts, `npm run gen:api`).
type S = components['schemas'];
export type Anlage = S['Anlage'];
export type AnlageDaten = S['AnlageDaten'];
export type AnlageFormular = S['AnlageFormular'];
export type AnlagenZeile = S['AnlagenZeile'];
export type Aenderungsantrag = S['AnlagenAenderungsantrag'];
export type { Netzanlage };
export type Gespeichert = Befehlsantwort;

/** The four plant types (spec 000 §3) with their path segment and label. */
export const ANLAGENTYPEN = [
  { id: 'ABWASSERBEHANDLUNG', pfad: 'abwasserbehandlung', label: 'Abwasserbehandlungsanlage' },
  { id: 'KUEHLWASSER', pfad: 'kuehlwasser', label: 'Kühlwasseranlage' },
  { id: 'ENTLASTUNG', pfad: 'entlastung', label: 'Entlastungsanlage' },
  { id: 'KANALNETZ', pfad: 'kanalnetz', label: 'Kanalnetz' },
] as const;
export type Anlagentyp = (typeof ANLAGENTYPEN)[number]['id'];

export const typNachPfad = (pfad: string) => ANLAGENTYPEN.find((t) => t.pfad === pfad);
export const pfadDesTyps = (typ: string) => ANLAGENTYPEN.find((t) => t.id === typ)?.pfad ?? 'abwasserbehandlung';

/** The Anlagenarten with their labels; a form offers those of its type (artenDesTyps, generated from the server's table). */
export const ANLAGENARTEN: { value: string; label: string }[] = [
  { value: 'ABWASSERBEHANDLUNG', label: 'Abwasserbehandlung' },
  { value: 'KLEINKLAERANLAGE', label: 'Kleinkläranlage' },
  { value: 'ABWASSERVORBEHANDLUNG', label: 'Abwasservorbehandlung' },
  { value: 'ANLAGE_AUSSERHALB', label: 'Anlage außerhalb' },
  { value: 'MISCHWASSER', label: 'Mischwasser' },
  { value: 'NIEDERSCHLAGSWASSER', label: 'Niederschlagswasser' },
];

export const ANLAGENSTATUS: { value: string; label: string }[] = [
  { value: 'GEPLANT', label: 'Geplant' },
  { value: 'IN_BETRIEB', label: 'In Betrieb' },
  { value: 'STILLGELEGT', label: 'Stillgelegt' },
  { value: 'ANGESCHLOSSEN_AN', label: 'Angeschlossen an' },
];

/** GET /api/anlage/{id} once, outside the query (a conflict's 'apply again'). */
export const holeAnlage = (id: string, signal?: AbortSignal, stand?: string) =>
  api.get<Anlage>(`/anlage/${encodeURIComponent(id)}`, { signal, query: { stand } });

/** GET /api/anlage/{id}/hasIndirektEinleiter/: whether plants in use discharge into the plant. */
export const hatEinleiter = (id: string) => api.get<boolean>(`/anlage/${encodeURIComponent(id)}/hasIndirektEinleiter`);

/** GET /api/anlage/{id}: fresh, so 'Änderungen verwerfen' and a save show the stored data. */
export const anlageQuery = (id: string, stand?: string) =>
  queryOptions({
    // with stand (yyyy-MM-dd) the plant as of that day, read-only (lib/stand.ts)
    queryKey: mitStandSchluessel(anlageKeys.detail(id), stand),
    queryFn: ({ signal }) => holeAnlage(id, signal, stand),
    staleTime: 0,
  });

/** A version of the plant's history. */
export type AnlagenVersion = Antwort<'getAnlageHistorie'>[number];

/** GET /api/anlage/{id}/historie: the versions, oldest first. */
export const anlageHistorieQuery = (id: string) =>
  queryOptions({
    queryKey: anlageKeys.historie(id),
    queryFn: ({ signal }) => api.get<AnlagenVersion[]>(`/anlage/${encodeURIComponent(id)}/historie`, { signal }),
    staleTime: 0,
  });

/** GET /api/anlage/{id}/verlauf: every event with who, when and the changed fields. */
export const anlageVerlaufQuery = (id: string) =>
  queryOptions({
    queryKey: anlageKeys.verlauf(id),
    queryFn: ({ signal }) => api.get<VerlaufEintrag[]>(`/anlage/${encodeURIComponent(id)}/verlauf`, { signal }),
    staleTime: 0,
  });

/** GET /api/anlage/{id}/indirekteinleiter: the plants (of any operation) the caller sees that discharge into this one. */
export const indirekteinleiterQuery = (id: string) =>
  queryOptions({
    queryKey: anlageKeys.indirekteinleiter(id),
    queryFn: ({ signal }) => api.get<AnlagenZeile[]>(`/anlage/${encodeURIComponent(id)}/indirekteinleiter`, { signal }),
  });

/** GET /api/anlage/entlastung/uebersicht/{betriebId}: the relief plants of an operation (spec 000 §2). */
export const entlastungsanlagenQuery = (betriebId: string) =>
  queryOptions({
    queryKey: anlageKeys.entlastungsanlagen(betriebId),
    queryFn: ({ signal }) => api.get<AnlagenZeile[]>(`/anlage/entlastung/uebersicht/${encodeURIComponent(betriebId)}`, { signal }),
  });

/** A picker's list of plants of the network (one type for both pickers: the dialog takes either). */
const netzanlagenQuery = (queryKey: readonly unknown[], pfad: string, p: URLSearchParams, zeitlimit?: number) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<Netzanlage[]>(`${pfad}?${p}`, { signal, zeitlimit }),
    placeholderData: keepPreviousData,
  });

/** The query parameters of a picker: the plant itself (left out) and the search. */
const netzParameter = (anlageId: number | undefined, q: string, p = new URLSearchParams()) => {
  if (anlageId) p.set('anlageId', String(anlageId));
  if (q) p.set('q', q);
  return p;
};

/**
 * GET /api/anlage/moeglicheAufnehmendeAnlagen: the receiving plants a plant of the operation may
 * name (its own treatment plants, the municipal ones of any operator), searched by q; with the
 * spec's timeout of 600000 ms.
 */
export const aufnehmendeAnlagenQuery = (betriebId: string, anlageId: number | undefined, q: string) =>
  netzanlagenQuery(anlageKeys.aufnehmende(betriebId, anlageId ?? 0, q), '/anlage/moeglicheAufnehmendeAnlagen',
    netzParameter(anlageId, q, new URLSearchParams({ betriebsId: betriebId })), ZEITLIMIT_NETZANLAGEN);

/**
 * GET /api/anlage/entlastung/drosselablauf-betrieb/{betriebId}/{anlagenart} (the operation's relief
 * plants of the kind) or, without betriebId, …/entlastung/drosselablauf/{anlagenart} (those of
 * every municipal operation): the throttle outflows a relief plant may name, searched by q.
 */
export const drosselablaeufeQuery = (betriebId: string, anlagenart: string, anlageId: number | undefined, q: string) => {
  const art = encodeURIComponent(anlagenart);
  const pfad = betriebId ? `/anlage/entlastung/drosselablauf-betrieb/${encodeURIComponent(betriebId)}/${art}` : `/anlage/entlastung/drosselablauf/${art}`;
  return netzanlagenQuery(anlageKeys.drosselablaeufe(betriebId, anlagenart, anlageId ?? 0, q), pfad, netzParameter(anlageId, q));
};

/** GET /api/betrieb/{id}/export-entlastungsanlagen/: the operation's relief plants as xlsx. */
export const exportiereEntlastungsanlagen = (betriebId: string) => apiDatei(`/betrieb/${encodeURIComponent(betriebId)}/export-entlastungsanlagen`);

/** GET /api/anlage/abwasserbehandlung/{id}/export/: the disposal area's units as xlsx. */
export const exportiereEntsorgungsraum = (id: number) => apiDatei(`/anlage/abwasserbehandlung/${id}/export`);

/** GET /api/anlage/kanalnetz/uebersicht/{id}: the sewer networks below a plant (spec 000 §2). */
export const kanalnetzeQuery = (id: string) =>
  queryOptions({
    queryKey: anlageKeys.kanalnetze(id),
    queryFn: ({ signal }) => api.get<AnlagenZeile[]>(`/anlage/kanalnetz/uebersicht/${encodeURIComponent(id)}`, { signal }),
  });

/** GET /api/anlage/{id}/stand/{version}: the plant as it was after that event (auditors). */
export const anlageStandQuery = (id: string, version: number) =>
  queryOptions({
    queryKey: anlageKeys.stand(id, version),
    queryFn: ({ signal }) => api.get<Anlage>(`/anlage/${encodeURIComponent(id)}/stand/${version}`, { signal }),
  });

/** The operation a plant form belongs to: its operator (always an eligible obligee) and its type (the disposal area). */
// eslint-disable-next-line no-restricted-syntax -- Frontend: what the plant form needs of GET /api/betrieb/{id}, derived in the query
export interface BetriebDesFormulars {
  betreiberId: number | undefined;
  betriebstyp: string;
}

/** GET /api/betrieb/{id}, reduced to what the plant form needs. */
export const betriebDesFormularsQuery = (betriebId: string) =>
  queryOptions({
    queryKey: anlageKeys.betrieb(betriebId),
    queryFn: async ({ signal }): Promise<BetriebDesFormulars> => {
      const b = await api.get<S['Betrieb']>(`/betrieb/${encodeURIComponent(betriebId)}`, { signal });
      return { betreiberId: b.betreiber?.id ?? undefined, betriebstyp: b.betriebstyp?.id ?? '' };
    },
    staleTime: 60_000,
    // without it the picker lacks only the operator; the plant itself loads on its own
    meta: { globalErrorHandling: false },
  });

/**
 * The organisations for the obligee choice (GET /api/organisation): those marked
 * abwasserbeseitigungspflichtig are offered; one a plant already names stays shown.
 */
export const pflichtigeQuery = () =>
  queryOptions({
    queryKey: anlageKeys.pflichtige(),
    queryFn: ({ signal }) => api.get<S['OrganisationZeile'][]>('/organisation', { signal }),
    staleTime: 60_000,
  });
