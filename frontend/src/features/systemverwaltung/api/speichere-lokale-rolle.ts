import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type BefehlOptionen } from '@/lib/befehl';
import { systemverwaltungKeys } from './keys';
import type { LokaleRolle } from './lokale-rollen';
import type { Gespeichert } from './anwender';

/** POST /api/lokaleRolle or PUT /api/lokaleRolle/{id} (with the version loaded). */
export function speichereLokaleRolle({ id, daten }: { id?: number; daten: LokaleRolle }): Promise<Gespeichert> {
  return id === undefined ? api.post<Gespeichert>('/lokaleRolle', daten) : api.put<Gespeichert>(`/lokaleRolle/${id}`, daten);
}

export type SpeichereLokaleRolleEingabe = Parameters<typeof speichereLokaleRolle>[0];

/** Creates or changes a local role; the role list is fetched again. */
export function useSpeichereLokaleRolle({ onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof speichereLokaleRolle>>, SpeichereLokaleRolleEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: speichereLokaleRolle,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: systemverwaltungKeys.lokaleRollen });
      return onSuccess?.(...args);
    },
  });
}
