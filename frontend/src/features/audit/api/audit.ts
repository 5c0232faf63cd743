import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components, operations } from '@/lib/api-schema';
import { auditKeys } from './keys';

export type AuditEintrag = components['schemas']['AuditEintrag'];
export type AuditSeite = components['schemas']['AuditSeite'];
export type AuditQuery = NonNullable<operations['getAudit']['parameters']['query']>;
export type AuditEreignis = components['schemas']['AuditEreignis'];
export type Ereignisart = operations['getAuditEreignisarten']['responses']['200']['content']['application/json'][number];

/** GET /api/audit/{position}: one entry with its changes as the Verlauf shows them. */
export const auditEreignisQuery = (position: number) =>
  queryOptions({
    queryKey: auditKeys.ereignis(position),
    queryFn: ({ signal }) => api.get<AuditEreignis>(`/audit/${position}`, { signal }),
    staleTime: Infinity, // a stored event never changes
  });

/** GET /api/audit/ereignisarten: the phrases the event filter suggests. */
export const ereignisartenQuery = () =>
  queryOptions({
    queryKey: auditKeys.ereignisarten(),
    queryFn: ({ signal }) => api.get<Ereignisart[]>('/audit/ereignisarten', { signal }),
    staleTime: Infinity,
  });

export function getAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditSeite> {
  return api.get<AuditSeite>('/audit', { query, signal });
}

export const auditListQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });
