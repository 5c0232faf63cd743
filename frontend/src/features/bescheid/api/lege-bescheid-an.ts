import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import type { Gespeichert, NeuerBescheid } from './bescheid';
import { useNachBescheidBefehl } from './keys';

export interface LegeBescheidAnEingabe {
  /** Application (ANGELEGT, operator roles) or Bescheid (IN_BEARBEITUNG, staff). */
  antrag: boolean;
  daten: NeuerBescheid;
}

/** POST /api/bescheid or /api/bescheidsantrag: 201 {id, version, position}. */
export const legeBescheidAn = ({ antrag, daten }: LegeBescheidAnEingabe) => api.post<Gespeichert>(antrag ? '/bescheidsantrag' : '/bescheid', daten);

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
