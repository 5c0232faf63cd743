import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import type { Gespeichert, MessstelleDaten, MessstelleFormular } from './messstelle';
import { akteKeys } from '@/lib/akte/keys';
import { messstelleKeys } from './keys';

export interface FordereFreigabeAnEingabe {
  anlageId: string;
  /** The Messstellen-Nr. of the number dialog ("-" as separator allowed). */
  messstellenId: string;
  daten: MessstelleDaten;
}

/** POST /api/anlage/{anlageid}/messstelle/: creates the point as BEANTRAGT; 409 when the number was taken meanwhile. */
export function fordereFreigabeAn({ anlageId, messstellenId, daten }: FordereFreigabeAnEingabe): Promise<Gespeichert> {
  const body: MessstelleFormular = { messstellenId, ...daten };
  return api.post<Gespeichert>(`/anlage/${encodeURIComponent(anlageId)}/messstelle/`, body);
}

/** 'Freigabe anfordern': the new point, the plant's overview and tree, the worklists and the deciders' tasks change. */
export function useFordereFreigabeAn({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, FordereFreigabeAnEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: fordereFreigabeAn,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: messstelleKeys.all });
      // the file's tree counts the plant's points (GET /api/anlage?betrieb=…)
      void queryClient.invalidateQueries({ queryKey: akteKeys.anlage.all });
      void nachBefehl(queryClient, args[0], { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
