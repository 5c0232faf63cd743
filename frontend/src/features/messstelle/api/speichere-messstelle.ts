import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import type { Gespeichert, MessstelleFormular } from './messstelle';
import { akteKeys } from '@/lib/akte/keys';
import { messstelleKeys } from './keys';

export interface SpeichereMessstelleEingabe {
  id: string;
  daten: MessstelleFormular & Required<Pick<MessstelleFormular, 'version'>>;
}

/**
 * PUT /api/messstelle/{id}: a save; historised changes of an approved point need auditInfo, a
 * stale version is 409; on a rejected point it requests the Freigabe again.
 */
export function speichereMessstelle({ id, daten }: SpeichereMessstelleEingabe): Promise<Gespeichert> {
  return api.put<Gespeichert>(`/messstelle/${encodeURIComponent(id)}`, daten);
}

/** Saves a point; refreshes it, its plant's overview and tree, the worklists and (a request again) the tasks. */
export function useSpeichereMessstelle({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, SpeichereMessstelleEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: speichereMessstelle,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: messstelleKeys.all });
      void queryClient.invalidateQueries({ queryKey: akteKeys.anlage.all });
      void nachBefehl(queryClient, args[0], { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
