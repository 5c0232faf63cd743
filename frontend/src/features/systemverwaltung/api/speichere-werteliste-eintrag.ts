import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type BefehlOptionen } from '@/lib/befehl';
import { wertelistenKeys, type WertelisteEintrag } from '@/lib/wertelisten';
import type { WertelisteEingabe } from './wertelisten';

/** POST /api/<liste> or PUT /api/<liste>/{id} (with the version loaded). */
export function speichereEintrag({
  liste,
  id,
  daten,
}: {
  liste: string;
  id?: number;
  daten: WertelisteEingabe;
}): Promise<WertelisteEintrag> {
  return id === undefined
    ? api.post<WertelisteEintrag>(`/${liste}`, daten)
    : api.put<WertelisteEintrag>(`/${liste}/${id}`, daten);
}

export type SpeichereWertelisteEintragEingabe = Parameters<typeof speichereEintrag>[0];

/** Creates or changes an entry of a value list; that list is fetched again. */
export function useSpeichereWertelisteEintrag({ onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof speichereEintrag>>, SpeichereWertelisteEintragEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: speichereEintrag,
    onSuccess: (...args) => {
      const [_antwort, eingabe] = args;
      void queryClient.invalidateQueries({ queryKey: wertelistenKeys.liste(eingabe.liste) });
      return onSuccess?.(...args);
    },
  });
}
