import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import type { components } from './api-schema';

// Value lists that several screens offer (registration, profile, administration forms).

/** An entry of any value list: id, value, version and the list's extra columns as members. */
export type WertelisteEintrag = components['schemas']['WertelisteEintrag'];

export const wertelistenKeys = {
  all: ['werteliste'] as const,
  /** One list, by its path under /api (anrede, titel, regionalstelle, kanalsystem, …). */
  liste: (name: string) => [...wertelistenKeys.all, name] as const,
};

/** GET /api/<name>: the entries of a value list in the list's order. */
export const wertelisteQuery = (name: string) =>
  queryOptions({
    queryKey: wertelistenKeys.liste(name),
    queryFn: ({ signal }) => api.get<WertelisteEintrag[]>(`/${name}/`, { signal }),
  });

// anrede and titel rarely change: loaded once, kept for the session (a change in the
// administration invalidates them)
export const anredeQuery = () => ({ ...wertelisteQuery('anrede'), staleTime: Infinity });
export const titelQuery = () => ({ ...wertelisteQuery('titel'), staleTime: Infinity });
