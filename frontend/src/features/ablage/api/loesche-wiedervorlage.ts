import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { ablageKeys, type WiedervorlageFachobjekt } from './keys';
import type { Befehlsergebnis } from './dateien';

/** DELETE /api/wiedervorlage/{id}. */
export function loescheWiedervorlage(id: number): Promise<Befehlsergebnis> {
  return api.delete<Befehlsergebnis>(`/wiedervorlage/${id}`);
}

export type LoescheWiedervorlageEingabe = Parameters<typeof loescheWiedervorlage>[0];

/** Deletes a reminder of the object (fachobjekt, id); its reminders and 'Meine Wiedervorlagen' are fetched again. */
export function useLoescheWiedervorlage(fachobjekt: WiedervorlageFachobjekt, id: string, { onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof loescheWiedervorlage>>, LoescheWiedervorlageEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: loescheWiedervorlage,
    onSuccess: (...args) => {
      const [antwort] = args;
      void queryClient.invalidateQueries({ queryKey: ablageKeys.wiedervorlagen(fachobjekt, id) });
      void nachBefehl(queryClient, antwort, { wiedervorlagen: true });
      return onSuccess?.(...args);
    },
  });
}
