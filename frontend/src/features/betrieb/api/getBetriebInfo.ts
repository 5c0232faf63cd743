import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * Header data of an operation file. Not in httpapi/openapi.yaml yet; switch to the
 * generated type (components['schemas'][…]) when the Betrieb area is added there.
 */
export interface BetriebInfo {
  bezeichnung: string;
  betriebsstatus: string;
}

/** Query keys of the Betrieb area, in one place. */
export const betriebKeys = {
  all: ['betrieb'] as const,
  detail: (id: string) => [...betriebKeys.all, id] as const,
  info: (id: string) => [...betriebKeys.detail(id), 'info'] as const,
};

export function getBetriebInfo(id: string, signal?: AbortSignal): Promise<BetriebInfo> {
  return api.get<BetriebInfo>(`/betrieb/${encodeURIComponent(id)}/info/`, { signal });
}

export const betriebInfoQuery = (id: string) =>
  queryOptions({
    queryKey: betriebKeys.info(id),
    queryFn: ({ signal }) => getBetriebInfo(id, signal),
  });
