import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import type { Betriebstyp, BetriebEingabe, Gespeichert } from './betrieb';

export interface BeantrageBetriebEingabe {
  typ: Betriebstyp;
  daten: BetriebEingabe;
}

/** POST /api/betrieb?typ=…: requests a new operation (freigabestatus BEANTRAGT). */
export function beantrageBetrieb({ typ, daten }: BeantrageBetriebEingabe): Promise<Gespeichert> {
  return api.post<Gespeichert>('/betrieb', daten, { query: { typ } });
}

/**
 * Requests a new operation; the start page's worklist shows it once the server has it.
 * Refreshes, from the command's position, the worklists and messages.
 */
export function useBeantrageBetrieb({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, BeantrageBetriebEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: beantrageBetrieb,
    onSuccess: (...args) => {
      const [antwort] = args;
      void nachBefehl(queryClient, antwort, { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
