import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type BefehlOptionen } from '@/lib/befehl';
import { wertelistenKeys } from '@/lib/wertelisten';
import type { Meldung } from './anwender';

/** DELETE /api/<liste>/{id}?version=…; 409 while anything refers to the entry. */
export function loescheEintrag({ liste, id, version }: { liste: string; id: number; version?: number }): Promise<Meldung> {
  return api.delete<Meldung>(`/${liste}/${id}`, { query: { version } });
}

export type LoescheWertelisteEintragEingabe = Parameters<typeof loescheEintrag>[0];

/** Deletes an unreferenced entry of a value list; that list is fetched again. */
export function useLoescheWertelisteEintrag({ onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof loescheEintrag>>, LoescheWertelisteEintragEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: loescheEintrag,
    onSuccess: (...args) => {
      const [_antwort, eingabe] = args;
      void queryClient.invalidateQueries({ queryKey: wertelistenKeys.liste(eingabe.liste) });
      return onSuccess?.(...args);
    },
  });
}
