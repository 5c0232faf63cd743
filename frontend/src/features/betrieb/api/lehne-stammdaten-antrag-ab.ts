import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { pfad, type Gespeichert } from './betrieb';
import { betriebKeys } from './keys';

/** DELETE /api/betrieb/{id}/stammdaten-antrag: reject the application as a whole. */
export function lehneAntragAb(id: string): Promise<Gespeichert> {
  return api.delete<Gespeichert>(`${pfad(id)}/stammdaten-antrag/`);
}

/**
 * Staff reject the application as a whole.
 * Refreshes the operation file and, from the command's position, the worklists and messages.
 */
export function useLehneStammdatenAntragAb({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: lehneAntragAb,
    onSuccess: (...args) => {
      const [antwort, eingabe] = args;
      void queryClient.invalidateQueries({ queryKey: betriebKeys.detail(eingabe) });
      void nachBefehl(queryClient, antwort, { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
