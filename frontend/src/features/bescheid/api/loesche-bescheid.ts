import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import { befehlspfad, type Bescheidsstatus, type Gespeichert } from './bescheid';
import { useNachBescheidBefehl } from './keys';

export interface LoescheBescheidEingabe {
  id: string;
  version: number;
  status: Bescheidsstatus;
}

/** DELETE /api/bescheidsantrag/{id}?version=N (an application) or /api/bescheid/{id}?version=N. */
export const loescheBescheid = ({ id, version, status }: LoescheBescheidEingabe) =>
  api.delete<Gespeichert>(`${befehlspfad(status)}/${encodeURIComponent(id)}`, { query: { version } });

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
