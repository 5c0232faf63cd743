import { queryOptions } from '@tanstack/react-query';
import { api, ZEITLIMIT_NETZANLAGEN } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { mitStandSchluessel } from '@/lib/stand';
import type { NetzAbfrage, Netzanlage } from '@/components/akte/NetzDialog';

export type AnlagenZeile = components['schemas']['AnlagenZeile'];

/**
 * GET /api/anlage?betrieb={id}: the plants of the operation for the file's tree. The key is the
 * plant feature's (anlageKeys.desBetriebs), so a plant command refreshes the tree without the
 * features importing each other.
 */
export const anlagenDesBetriebsQuery = (betriebId: string, stand?: string) =>
  queryOptions({
    queryKey: mitStandSchluessel(['anlage', 'betrieb', betriebId] as const, stand),
    queryFn: ({ signal }) => api.get<AnlagenZeile[]>('/anlage', { signal, query: { betrieb: betriebId, stand } }),
  });

/** GET /api/betrieb/{id}/abwasserbehandlungForStilllegung/: the operation's treatment plants its shut-down must replace. */
export const holeZuErsetzende = (betriebId: string, signal?: AbortSignal) =>
  api.get<AnlagenZeile[]>(`/betrieb/${encodeURIComponent(betriebId)}/abwasserbehandlungForStilllegung`, { signal });

export const zuErsetzendeQuery = (betriebId: string) =>
  queryOptions({
    queryKey: ['anlage', 'betrieb', betriebId, 'zuErsetzen'] as const,
    queryFn: ({ signal }) => holeZuErsetzende(betriebId, signal),
    staleTime: 0,
  });

/**
 * GET …/abwasserbehandlung/alleVonAktivenBetriebenKommunalAbwasserbehandlungsanlagen/?q: the
 * municipal treatment plants in use, the replacements of a shut-down (components/akte/NetzDialog);
 * possible receiving plants, so with the spec's timeout of 600000 ms.
 */
export const kommunaleKlaeranlagen: NetzAbfrage = (q) => ({
  schluessel: ['anlage', 'kommunal', q],
  laden: (signal) =>
    api.get<Netzanlage[]>(`/anlage/abwasserbehandlung/alleVonAktivenBetriebenKommunalAbwasserbehandlungsanlagen${q ? `?q=${encodeURIComponent(q)}` : ''}`, {
      signal,
      zeitlimit: ZEITLIMIT_NETZANLAGEN,
    }),
});
