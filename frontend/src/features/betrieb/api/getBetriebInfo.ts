import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Freigabestatus } from './betrieb';
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

export function getBetriebInfo(id: string, signal?: AbortSignal): Promise<BetriebInfo> {
  return api.get<BetriebInfo>(`/betrieb/${encodeURIComponent(id)}/info/`, { signal });
}

export const betriebInfoQuery = (id: string) =>
  queryOptions({
    queryKey: betriebKeys.info(id),
    queryFn: ({ signal }) => getBetriebInfo(id, signal),
  });
