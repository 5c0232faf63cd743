import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import type { components } from './api-schema';

// Value lists that several forms offer (registration, profile): loaded once, kept for the session.

export type Auswahl = components['schemas']['Auswahl'];

export const wertelistenKeys = {
  liste: (name: 'anrede' | 'titel') => ['werteliste', name] as const,
};

const werteliste = (name: 'anrede' | 'titel') =>
  queryOptions({
    queryKey: wertelistenKeys.liste(name),
    queryFn: ({ signal }) => api.get<Auswahl[]>(`/${name}/`, { signal }),
    staleTime: Infinity,
  });

export const anredeQuery = () => werteliste('anrede');
export const titelQuery = () => werteliste('titel');
