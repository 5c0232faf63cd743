import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type BefehlOptionen } from '@/lib/befehl';
import { systemverwaltungKeys } from './keys';
import type { Meldung } from './anwender';

/** DELETE /api/anwender/{id}; 400 with the reason (e.g. one's own account). */
export function loescheAnwender(id: number): Promise<Meldung> {
  return api.delete<Meldung>(`/anwender/${id}`);
}

export type LoescheAnwenderEingabe = Parameters<typeof loescheAnwender>[0];

/** Deletes a user account; the user lists are fetched again. */
export function useLoescheAnwender({ onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof loescheAnwender>>, LoescheAnwenderEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: loescheAnwender,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: systemverwaltungKeys.anwender.all });
      return onSuccess?.(...args);
    },
  });
}
