import { queryOptions } from '@tanstack/react-query';
import { api, type Antwort } from '@/lib/api';
import { mitStandSchluessel } from '@/lib/stand';
import { betriebKeys } from './keys';

export { betriebKeys } from './keys';

/** GET /api/betrieb/{id}/info: the header of an operation file. */
export type BetriebInfo = Antwort<'getBetriebInfo'>;

export function getBetriebInfo(id: string, signal?: AbortSignal, stand?: string): Promise<BetriebInfo> {
  return api.get<BetriebInfo>(`/betrieb/${encodeURIComponent(id)}/info/`, { signal, query: { stand } });
}

/** The header; with stand (yyyy-MM-dd) as of that day (lib/stand.ts). */
export const betriebInfoQuery = (id: string, stand?: string) =>
  queryOptions({
    queryKey: mitStandSchluessel(betriebKeys.info(id), stand),
    queryFn: ({ signal }) => getBetriebInfo(id, signal, stand),
  });
