import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type BefehlOptionen } from '@/lib/befehl';
import { systemverwaltungKeys } from './keys';
import type { Meldung } from './anwender';

/** PUT /api/anwender/{id}/status: activate or deactivate. */
export function setzeAnwenderStatus({ id, status }: { id: number; status: 'AKTIV' | 'INAKTIV' }): Promise<Meldung> {
  return api.put<Meldung>(`/anwender/${id}/status`, { status });
}

export type SetzeAnwenderStatusEingabe = Parameters<typeof setzeAnwenderStatus>[0];

/** Activates or deactivates a user account; the user lists are fetched again. */
export function useSetzeAnwenderStatus({ onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof setzeAnwenderStatus>>, SetzeAnwenderStatusEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: setzeAnwenderStatus,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: systemverwaltungKeys.anwender.all });
      return onSuccess?.(...args);
    },
  });
}
