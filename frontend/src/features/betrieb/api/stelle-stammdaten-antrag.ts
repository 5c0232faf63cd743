import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { pfad, type Gespeichert } from './betrieb';
import type { Stammdaten } from './stammdaten-antrag';
import { betriebKeys } from './keys';

/** POST /api/betrieb/{id}/stammdaten: an operator applies for a master-data change (one at a time: 409). */
export function stelleAntrag({ id, daten }: { id: string; daten: Stammdaten }): Promise<Gespeichert> {
  return api.post<Gespeichert>(`${pfad(id)}/stammdaten/`, daten);
}

/**
 * An operator applies for a master-data change; staff get a message and the worklist marks it.
 * Refreshes the operation file and, from the command's position, the worklists and messages.
 */
export function useStelleStammdatenAntrag({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, { id: string; daten: Stammdaten }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: stelleAntrag,
    onSuccess: (...args) => {
      const [antwort, eingabe] = args;
      void queryClient.invalidateQueries({ queryKey: betriebKeys.detail(eingabe.id) });
      void nachBefehl(queryClient, antwort, { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
