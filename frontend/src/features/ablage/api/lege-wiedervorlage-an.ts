import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { ablageKeys } from './keys';
import type { WiedervorlageEingabe } from './wiedervorlagen';
import type { Befehlsergebnis } from './dateien';
import { pfad } from './wiedervorlagen';
import type { WiedervorlageFachobjekt } from './keys';

/** POST /api/{fachobjekt}/{id}/wiedervorlage {betreff, datum}. */
export function legeWiedervorlageAn({
  fachobjekt,
  id,
  eingabe,
}: {
  fachobjekt: WiedervorlageFachobjekt;
  id: string;
  eingabe: WiedervorlageEingabe;
}): Promise<Befehlsergebnis> {
  return api.post<Befehlsergebnis>(pfad(fachobjekt, id), eingabe, { handleValidation: true });
}

export type LegeWiedervorlageAnEingabe = Parameters<typeof legeWiedervorlageAn>[0];

/** Creates a reminder of an object; its reminders and 'Meine Wiedervorlagen' are fetched again. */
export function useLegeWiedervorlageAn({ onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof legeWiedervorlageAn>>, LegeWiedervorlageAnEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: legeWiedervorlageAn,
    onSuccess: (...args) => {
      const [antwort, eingabe] = args;
      void queryClient.invalidateQueries({ queryKey: ablageKeys.wiedervorlagen(eingabe.fachobjekt, eingabe.id) });
      void nachBefehl(queryClient, antwort, { wiedervorlagen: true });
      return onSuccess?.(...args);
    },
  });
}
