import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type BefehlOptionen } from '@/lib/befehl';
import { ablageKeys, type DateiFachobjekt } from './keys';
import type { Befehlsergebnis } from './dateien';

/** DELETE /api/datei/{id}; a report's Externe Stoffe at DELETE /api/jahresbericht/deleteDateiExterne/{id} (spec 001 §7). */
export function loescheDatei(id: number, fachobjekt?: DateiFachobjekt): Promise<Befehlsergebnis> {
  return api.delete<Befehlsergebnis>(fachobjekt === 'jahresbericht-extern' ? `/jahresbericht/deleteDateiExterne/${id}` : `/datei/${id}`);
}

export type LoescheDateiEingabe = number;

/** Deletes a file of the object (fachobjekt, id); its file list is fetched again. */
export function useLoescheDatei(fachobjekt: DateiFachobjekt, id: string, { onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof loescheDatei>>, LoescheDateiEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: (dateiId: LoescheDateiEingabe) => loescheDatei(dateiId, fachobjekt),
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: ablageKeys.dateien(fachobjekt, id) });
      return onSuccess?.(...args);
    },
  });
}
