import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Anfrage } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import type { Gespeichert } from './anlage';
import { anlageKeys } from './keys';

/**
 * felder adopts those fields (POST …/aenderungsantrag/uebernahme), none refuses the whole request
 * (DELETE); begruendungen: each field the request changes that is not adopted → the staff member's reason.
 */
export interface EntscheideAenderungsantragEingabe extends Required<Anfrage<'postAnlagenAenderungsantragUebernahme'>> {
  id: string;
}

export function entscheideAenderungsantrag({ id, felder, begruendungen }: EntscheideAenderungsantragEingabe): Promise<Gespeichert> {
  const basis = `/anlage/${encodeURIComponent(id)}/aenderungsantrag`;
  return felder.length > 0
    ? api.post<Gespeichert>(`${basis}/uebernahme`, { felder, begruendungen })
    : api.delete<Gespeichert>(basis, { body: { begruendungen } });
}

/** Staff adopt the chosen fields of the open change request and refuse the others with reasons, or refuse it as a whole. */
export function useEntscheideAenderungsantrag({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, EntscheideAenderungsantragEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: entscheideAenderungsantrag,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: anlageKeys.all });
      void nachBefehl(queryClient, args[0], { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
