import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import type { Gespeichert } from './anforderung';
import { akteKeys } from '@/lib/akte/keys';
import { anforderungKeys } from './keys';

export interface EntferneMessstelleEingabe {
  bescheidId: string;
  messstelleId: string;
  version: number;
}

/** DELETE /api/bescheid/{id}/messstelle/{mid}?version=N: the point leaves the Bescheid with its Anforderungen. */
export function entferneMessstelle({ bescheidId, messstelleId, version }: EntferneMessstelleEingabe): Promise<Gespeichert> {
  return api.delete<Gespeichert>(`/bescheid/${encodeURIComponent(bescheidId)}/messstelle/${encodeURIComponent(messstelleId)}`, { query: { version } });
}

/**
 * Removes the point from the Bescheid; the Bescheid's documents and every list of Bescheide
 * (['bescheid'], the file's tree among them) and the searches are refreshed.
 */
export function useEntferneMessstelle({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, EntferneMessstelleEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: entferneMessstelle,
    onSuccess: (...args) => {
      queryClient.removeQueries({ queryKey: anforderungKeys.messstelle(args[1].bescheidId, args[1].messstelleId) });
      void queryClient.invalidateQueries({ queryKey: akteKeys.bescheid.all });
      void nachBefehl(queryClient, args[0], { arbeitslisten: true });
      return onSuccess?.(...args);
    },
  });
}
