import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import { befehlspfad, type BescheidSpeichern, type Gespeichert } from './bescheid';
import { useNachBescheidBefehl } from './keys';

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
  api.put<Gespeichert>(`${befehlspfad(daten.bescheidsstatus)}/${encodeURIComponent(id)}`, daten);

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
