import type { AuditQuery } from './audit';

/** Query keys of the audit area, in one place. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditQuery) => [...auditKeys.all, 'list', query] as const,
  ereignis: (position: number) => [...auditKeys.all, 'ereignis', position] as const,
  ereignisarten: () => [...auditKeys.all, 'ereignisarten'] as const,
};
