import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type BefehlOptionen } from '@/lib/befehl';
import { systemverwaltungKeys } from './keys';
import type { AnwenderEingabe, Gespeichert } from './anwender';

/** POST /api/anwender (new, active account) or PUT /api/anwender/{id} with the version loaded. */
export function speichereAnwender({ id, daten }: { id?: number; daten: AnwenderEingabe }): Promise<Gespeichert> {
  return id === undefined ? api.post<Gespeichert>('/anwender', daten) : api.put<Gespeichert>(`/anwender/${id}`, daten);
}

export type SpeichereAnwenderEingabe = Parameters<typeof speichereAnwender>[0];

/** Creates or changes a user account; the user lists are fetched again. */
export function useSpeichereAnwender({ onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof speichereAnwender>>, SpeichereAnwenderEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: speichereAnwender,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: systemverwaltungKeys.anwender.all });
      return onSuccess?.(...args);
    },
  });
}
