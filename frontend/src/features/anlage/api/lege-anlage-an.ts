import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { pfadDesTyps, type AnlageFormular, type Gespeichert } from './anlage';
import { anlageKeys } from './keys';

export interface LegeAnlageAnEingabe {
  typ: string;
  daten: AnlageFormular;
}

/** POST /api/anlage/{typ}: a new plant of an approved operation. */
export function legeAnlageAn({ typ, daten }: LegeAnlageAnEingabe): Promise<Gespeichert> {
  return api.post<Gespeichert>(`/anlage/${pfadDesTyps(typ)}`, daten);
}

/** Creates a plant; the operation's plant list (the file's tree) is stale afterwards. */
export function useLegeAnlageAn({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, LegeAnlageAnEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: legeAnlageAn,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: anlageKeys.all });
      void nachBefehl(queryClient, args[0], { arbeitslisten: true });
      return onSuccess?.(...args);
    },
  });
}
