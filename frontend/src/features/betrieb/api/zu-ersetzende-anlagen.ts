import { queryOptions } from '@tanstack/react-query';
import { api, ZEITLIMIT_NETZANLAGEN } from '@/lib/api';
import { akteKeys } from '@/lib/akte/keys';
import type { AnlagenZeile } from '@/lib/akte/anlagen-des-betriebs';
import type { NetzAbfrage, Netzanlage } from '@/components/akte/NetzDialog';

/** GET /api/betrieb/{id}/abwasserbehandlungForStilllegung/: the operation's treatment plants its shut-down must replace. */
export const holeZuErsetzende = (betriebId: string, signal?: AbortSignal) =>
  api.get<AnlagenZeile[]>(`/betrieb/${encodeURIComponent(betriebId)}/abwasserbehandlungForStilllegung`, { signal });

export const zuErsetzendeQuery = (betriebId: string) =>
  queryOptions({
    queryKey: akteKeys.anlage.zuErsetzen(betriebId),
    queryFn: ({ signal }) => holeZuErsetzende(betriebId, signal),
    staleTime: 0,
  });

/**
 * GET …/abwasserbehandlung/alleVonAktivenBetriebenKommunalAbwasserbehandlungsanlagen/?q: the
 * municipal treatment plants in use, the replacements of a shut-down (components/akte/NetzDialog);
 * possible receiving plants, so with the spec's timeout of 600000 ms.
 */
export const kommunaleKlaeranlagen: NetzAbfrage = (q) => ({
  schluessel: akteKeys.anlage.kommunal(q),
  laden: (signal) =>
    api.get<Netzanlage[]>(`/anlage/abwasserbehandlung/alleVonAktivenBetriebenKommunalAbwasserbehandlungsanlagen${q ? `?q=${encodeURIComponent(q)}` : ''}`, {
      signal,
      zeitlimit: ZEITLIMIT_NETZANLAGEN,
    }),
});
