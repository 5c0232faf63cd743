import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { pfad, type Gespeichert } from './betrieb';
import { betriebKeys } from './keys';
import type { Antragsfeld } from './stammdaten-antrag';

// eslint-disable-next-line no-restricted-syntax -- Frontend: the call's arguments (the operation's id and the body)
export interface Ablehnung {
  id: string;
  /** field → the staff member's reason, one for each field the application changes */
  begruendungen: Partial<Record<Antragsfeld, string>>;
}

/** DELETE /api/betrieb/{id}/stammdaten-antrag: reject the application as a whole, with a reason per field. */
export function lehneAntragAb({ id, begruendungen }: Ablehnung): Promise<Gespeichert> {
  return api.delete<Gespeichert>(`${pfad(id)}/stammdaten-antrag/`, { body: { begruendungen } });
}

/**
 * Staff reject the application as a whole.
 * Refreshes the operation file and, from the command's position, the worklists and messages.
 */
export function useLehneStammdatenAntragAb({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, Ablehnung> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: lehneAntragAb,
    onSuccess: (...args) => {
      const [antwort, eingabe] = args;
      void queryClient.invalidateQueries({ queryKey: betriebKeys.detail(eingabe.id) });
      void nachBefehl(queryClient, antwort, { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
