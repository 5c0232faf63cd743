import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import { startseiteKeys } from './keys';
import type { Befehlsergebnis } from './nachrichten';
import type { MeineWiedervorlage } from './wiedervorlagen';

/** DELETE /api/wiedervorlage/{id}. */
export function loescheWiedervorlage(id: number): Promise<Befehlsergebnis> {
  return api.delete<Befehlsergebnis>(`/wiedervorlage/${id}`);
}

/** Deletes one of 'Meine Wiedervorlagen'; the list is fetched again. */
export function useLoescheWiedervorlage({ onSuccess, ...optionen }: BefehlOptionen<Befehlsergebnis, MeineWiedervorlage> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: (w: MeineWiedervorlage) => loescheWiedervorlage(w.id),
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: startseiteKeys.wiedervorlagen() });
      return onSuccess?.(...args);
    },
  });
}
