import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import type { Gespeichert } from './messstelle';
import { messstelleKeys } from './keys';

/** The point's id and the body: kommentar, neuerStatus and the version the decision is made on (after the save before it). */
export interface EntscheideFreigabeEingabe extends Required<Schema<'MessstelleFreigabe'>> {
  id: string;
}

/** POST /api/messstelle/{id}/freigabe/: staff approve or reject a requested point. */
export function entscheideFreigabe({ id, ...body }: EntscheideFreigabeEingabe): Promise<Gespeichert> {
  return api.post<Gespeichert>(`/messstelle/${encodeURIComponent(id)}/freigabe/`, body);
}

/** Decides the Freigabe: the point, the worklists, the requester's messages and the tasks change. */
export function useEntscheideFreigabe({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, EntscheideFreigabeEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: entscheideFreigabe,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: messstelleKeys.all });
      void nachBefehl(queryClient, args[0], { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
