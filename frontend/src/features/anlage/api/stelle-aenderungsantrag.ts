import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { pfadDesTyps, type Aenderungsantrag, type Gespeichert } from './anlage';
import { anlageKeys } from './keys';

export interface StelleAenderungsantragEingabe {
  id: string;
  typ: string;
  antrag: Aenderungsantrag;
}

/** POST /api/anlage/{typ}/{id}/aenderungsantrag: one open at a time (409). */
export function stelleAenderungsantrag({ id, typ, antrag }: StelleAenderungsantragEingabe): Promise<Gespeichert> {
  return api.post<Gespeichert>(`/anlage/${pfadDesTyps(typ)}/${encodeURIComponent(id)}/aenderungsantrag`, antrag);
}

/** An operator applies for a change of the plant. */
export function useStelleAenderungsantrag({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, StelleAenderungsantragEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: stelleAenderungsantrag,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: anlageKeys.detail(args[1].id) });
      void nachBefehl(queryClient, args[0], { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
