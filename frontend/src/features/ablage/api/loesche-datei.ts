import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type BefehlOptionen } from '@/lib/befehl';
import { ablageKeys, type DateiFachobjekt } from './keys';
import type { Befehlsergebnis } from './dateien';

/** DELETE /api/datei/{id}. */
export function loescheDatei(id: number): Promise<Befehlsergebnis> {
  return api.delete<Befehlsergebnis>(`/datei/${id}`);
}

export type LoescheDateiEingabe = Parameters<typeof loescheDatei>[0];

/** Deletes a file of the object (fachobjekt, id); its file list is fetched again. */
export function useLoescheDatei(fachobjekt: DateiFachobjekt, id: string, { onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof loescheDatei>>, LoescheDateiEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: loescheDatei,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: ablageKeys.dateien(fachobjekt, id) });
      return onSuccess?.(...args);
    },
  });
}
