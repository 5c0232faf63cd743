import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Anfrage } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import type { Gespeichert } from './betrieb';
import { betriebKeys } from './keys';

export type FreigabeEingabe = Anfrage<'freigabeBetrieb'>;

/** POST /api/betrieb/freigabe: approve (FREIGEGEBEN) or reject (ABGEWIESEN) a requested operation. */
export function entscheideFreigabe(body: FreigabeEingabe): Promise<Gespeichert> {
  return api.post<Gespeichert>('/betrieb/freigabe/', body);
}

/**
 * Approves or rejects a requested operation: the worklist's Freigabestatus and the operator's
 * messages change with it.
 * Refreshes the operation file and, from the command's position, the worklists and messages.
 */
export function useEntscheideFreigabe({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, FreigabeEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: entscheideFreigabe,
    onSuccess: (...args) => {
      const [antwort, eingabe] = args;
      void queryClient.invalidateQueries({ queryKey: betriebKeys.detail(String(eingabe.betriebId)) });
      void nachBefehl(queryClient, antwort, { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
