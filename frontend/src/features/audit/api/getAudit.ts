import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components, operations } from '@/lib/api-schema';

export type AuditEintrag = components['schemas']['AuditEintrag'];
export type AuditSeite = components['schemas']['AuditSeite'];
export type AuditQuery = NonNullable<operations['getAudit']['parameters']['query']>;

/** Query keys of the audit area, in one place. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditQuery) => [...auditKeys.all, 'list', query] as const,
};

export function getAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditSeite> {
  return api.get<AuditSeite>('/audit', { query, signal });
}

export const auditListQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });
