import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type BefehlOptionen } from '@/lib/befehl';
import { systemverwaltungKeys } from './keys';
import type { Meldung } from './anwender';

export function loescheLokaleRolle({ id, ignoreWarning }: { id: number; ignoreWarning?: boolean }): Promise<Meldung> {
  return api.delete<Meldung>(`/lokaleRolle/${id}`, { query: { ignoreWarning: ignoreWarning || undefined } });
}

export type LoescheLokaleRolleEingabe = Parameters<typeof loescheLokaleRolle>[0];

/** Deletes a local role; it also left the accounts that had it, so both lists are fetched again. */
export function useLoescheLokaleRolle({ onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof loescheLokaleRolle>>, LoescheLokaleRolleEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: loescheLokaleRolle,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: systemverwaltungKeys.lokaleRollen });
      void queryClient.invalidateQueries({ queryKey: systemverwaltungKeys.anwender.all });
      return onSuccess?.(...args);
    },
  });
}
