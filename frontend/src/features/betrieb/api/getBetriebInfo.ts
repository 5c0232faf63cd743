import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Freigabestatus } from './betrieb';
import { mitStandSchluessel } from '@/lib/stand';
import { betriebKeys } from './keys';

export { betriebKeys } from './keys';

/** GET /api/betrieb/{id}/info: the header of an operation file. */
export interface BetriebInfo {
  bezeichnung: string;
  /** Display text of the Betriebsstatus. */
  betriebsstatus: string;
  betriebsstatusId?: string;
  freigabestatus?: Freigabestatus;
  betriebstyp?: string;
}

export function getBetriebInfo(id: string, signal?: AbortSignal, stand?: string): Promise<BetriebInfo> {
  return api.get<BetriebInfo>(`/betrieb/${encodeURIComponent(id)}/info/`, { signal, query: { stand } });
}

/** The header; with stand (yyyy-MM-dd) as of that day (lib/stand.ts). */
export const betriebInfoQuery = (id: string, stand?: string) =>
  queryOptions({
    queryKey: mitStandSchluessel(betriebKeys.info(id), stand),
    queryFn: ({ signal }) => getBetriebInfo(id, signal, stand),
  });
