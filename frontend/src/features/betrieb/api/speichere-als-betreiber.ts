import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { pfad, type BetriebEingabe, type Gespeichert } from './betrieb';
import { betriebKeys } from './keys';

export interface SpeichereBetriebEingabe {
  id: string;
  daten: BetriebEingabe;
}

/** PUT /api/betrieb/{id}/betriebsdaten: the operator's save (a rejected request is requested again). */
export function speichereAlsBetreiber({ id, daten }: SpeichereBetriebEingabe): Promise<Gespeichert> {
  return api.put<Gespeichert>(`${pfad(id)}/betriebsdaten/`, daten);
}

/**
 * The operator's save (a rejected request is requested again).
 * Refreshes the operation file and, from the command's position, the worklists and messages.
 */
export function useSpeichereAlsBetreiber({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, SpeichereBetriebEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: speichereAlsBetreiber,
    onSuccess: (...args) => {
      const [antwort, eingabe] = args;
      void queryClient.invalidateQueries({ queryKey: betriebKeys.detail(eingabe.id) });
      void nachBefehl(queryClient, antwort, { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
