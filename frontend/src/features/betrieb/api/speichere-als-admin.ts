import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { akteKeys } from '@/lib/akte/keys';
import { pfad, type Gespeichert } from './betrieb';
import type { SpeichereBetriebEingabe } from './speichere-als-betreiber';
import { betriebKeys } from './keys';

/** PUT /api/betrieb/{id}: the authority's save; historised changes need auditInfo. */
export function speichereAlsAdmin({ id, daten }: SpeichereBetriebEingabe): Promise<Gespeichert> {
  return api.put<Gespeichert>(pfad(id), daten);
}

/**
 * The authority's save; historised changes need auditInfo (components/Historisierung asks).
 * Refreshes the operation file with its plants and measuring points and, from the command's
 * position, the worklists and messages.
 */
export function useSpeichereAlsAdmin({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, SpeichereBetriebEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: speichereAlsAdmin,
    onSuccess: (...args) => {
      const [antwort, eingabe] = args;
      void queryClient.invalidateQueries({ queryKey: betriebKeys.detail(eingabe.id) });
      // a shut-down takes the plants and measuring points with it (spec 000 §4), an operator
      // change their obligees: the tree shows them from these lists
      void queryClient.invalidateQueries({ queryKey: akteKeys.anlage.desBetriebs(eingabe.id) });
      void queryClient.invalidateQueries({ queryKey: akteKeys.messstelle.desBetriebs(eingabe.id) });
      void nachBefehl(queryClient, antwort, { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
