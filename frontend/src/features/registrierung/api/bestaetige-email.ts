import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { registrierungKeys } from './keys';

/** POST /api/doubleoptin/confirm/ with the token of the mail as text: true when it worked. */
export function bestaetigeEmail(token: string, signal?: AbortSignal): Promise<boolean> {
  return api.post<boolean>('/doubleoptin/confirm/', token, { signal, contentType: 'text/plain' });
}

/**
 * As a query, so the one-time token is sent once per page even when React mounts the screen
 * twice (StrictMode) — a second call would answer false.
 */
export const doubleOptInQuery = (token: string) =>
  queryOptions({
    queryKey: registrierungKeys.doubleOptIn(token),
    queryFn: () => bestaetigeEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
