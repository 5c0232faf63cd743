import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { pfadDesTyps, type AnlageFormular, type Gespeichert } from './anlage';
import { anlageKeys } from './keys';

export interface SpeichereAnlageEingabe {
  id: string;
  typ: string;
  daten: AnlageFormular;
}

/** PUT /api/anlage/{typ}/{id}: a save; historised changes need auditInfo, a stale version is 409. */
export function speichereAnlage({ id, typ, daten }: SpeichereAnlageEingabe): Promise<Gespeichert> {
  return api.put<Gespeichert>(`/anlage/${pfadDesTyps(typ)}/${encodeURIComponent(id)}`, daten);
}

/** Saves a plant; refreshes it, the operation's plant list and the worklists. */
export function useSpeichereAnlage({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, SpeichereAnlageEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: speichereAnlage,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: anlageKeys.all });
      void nachBefehl(queryClient, args[0], { arbeitslisten: true });
      return onSuccess?.(...args);
    },
  });
}
