import type { AnwenderQuery } from './anwender';

/** Query keys of the administration, in one place: a mutation invalidates what it changed. */
export const systemverwaltungKeys = {
  all: ['systemverwaltung'] as const,
  anwender: {
    all: ['systemverwaltung', 'anwender'] as const,
    list: (q: AnwenderQuery) => [...systemverwaltungKeys.anwender.all, 'list', q] as const,
    detail: (id: number) => [...systemverwaltungKeys.anwender.all, 'detail', id] as const,
  },
  lokaleRollen: ['systemverwaltung', 'lokaleRollen'] as const,
  organisationen: {
    all: ['systemverwaltung', 'organisationen'] as const,
    list: (status?: 'AKTIV' | 'INAKTIV') => [...systemverwaltungKeys.organisationen.all, 'list', status ?? 'alle'] as const,
    detail: (id: number) => [...systemverwaltungKeys.organisationen.all, 'detail', id] as const,
    historie: (id: number) => [...systemverwaltungKeys.organisationen.all, 'historie', id] as const,
    verlauf: (id: number) => [...systemverwaltungKeys.organisationen.all, 'verlauf', id] as const,
  },
  wertelistenKatalog: ['systemverwaltung', 'wertelistenKatalog'] as const,
  betriebkatalog: (q: string, ids: readonly number[]) => ['systemverwaltung', 'betriebkatalog', q, [...ids]] as const,
};
