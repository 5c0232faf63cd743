import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { istAntrag, type BescheidSpeichern, type Bescheidsstatus, type Gespeichert, type NeuerBescheid } from './bescheid';
import { bescheidKeys } from './keys';

/** The path of a Bescheid's commands: /bescheidsantrag while it is (or is saved as) an application. */
const pfad = (status: Bescheidsstatus | undefined) => (istAntrag(status) ? '/bescheidsantrag' : '/bescheid');

export interface LegeBescheidAnEingabe {
  /** Application (ANGELEGT, operator roles) or Bescheid (IN_BEARBEITUNG, staff). */
  antrag: boolean;
  daten: NeuerBescheid;
}

/** POST /api/bescheid or /api/bescheidsantrag: 201 {id, version, position}. */
export const legeBescheidAn = ({ antrag, daten }: LegeBescheidAnEingabe) => api.post<Gespeichert>(antrag ? '/bescheidsantrag' : '/bescheid', daten);

export interface SpeichereBescheidEingabe {
  id: string;
  daten: BescheidSpeichern;
}

/**
 * PUT /api/bescheidsantrag/{id} when saved into an application status (ANGELEGT, BEANTRAGT),
 * else PUT /api/bescheid/{id} (spec 001 §4.1: saving in an application status updates the
 * Bescheidsantrag); the status moves with the save, a stale version is 409.
 */
export const speichereBescheid = ({ id, daten }: SpeichereBescheidEingabe) =>
  api.put<Gespeichert>(`${pfad(daten.bescheidsstatus)}/${encodeURIComponent(id)}`, daten);

export interface LoescheBescheidEingabe {
  id: string;
  version: number;
  status: Bescheidsstatus;
}

/** DELETE /api/bescheidsantrag/{id}?version=N (an application) or /api/bescheid/{id}?version=N. */
export const loescheBescheid = ({ id, version, status }: LoescheBescheidEingabe) =>
  api.delete<Gespeichert>(`${pfad(status)}/${encodeURIComponent(id)}`, { query: { version } });

/** After a Bescheid command: the area (tree, detail, lists), the worklists, messages and tasks. */
function useNachBescheidBefehl() {
  const queryClient = useQueryClient();
  return (antwort: unknown) => {
    void queryClient.invalidateQueries({ queryKey: bescheidKeys.all });
    void nachBefehl(queryClient, antwort, { arbeitslisten: true, nachrichten: true });
  };
}

export function useLegeBescheidAn({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, LegeBescheidAnEingabe> = {}) {
  const nach = useNachBescheidBefehl();
  return useMutation({
    ...optionen,
    mutationFn: legeBescheidAn,
    onSuccess: (...args) => {
      nach(args[0]);
      return onSuccess?.(...args);
    },
  });
}

export function useSpeichereBescheid({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, SpeichereBescheidEingabe> = {}) {
  const nach = useNachBescheidBefehl();
  return useMutation({
    ...optionen,
    mutationFn: speichereBescheid,
    onSuccess: (...args) => {
      nach(args[0]);
      return onSuccess?.(...args);
    },
  });
}

export function useLoescheBescheid({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, LoescheBescheidEingabe> = {}) {
  const nach = useNachBescheidBefehl();
  return useMutation({
    ...optionen,
    mutationFn: loescheBescheid,
    onSuccess: (...args) => {
      nach(args[0]);
      return onSuccess?.(...args);
    },
  });
}
