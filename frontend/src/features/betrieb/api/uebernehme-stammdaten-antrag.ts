import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { pfad, type Gespeichert } from './betrieb';
import type { Antragsfeld } from './stammdaten-antrag';
import { betriebKeys } from './keys';

// eslint-disable-next-line no-restricted-syntax -- Frontend: the call's arguments (the operation's id and the body)
export interface Uebernahme {
  id: string;
  felder: Antragsfeld[];
  /** each field the application changes that is not adopted → the staff member's reason */
  begruendungen: Partial<Record<Antragsfeld, string>>;
}

/** POST /api/betrieb/{id}/stammdaten-antrag/uebernahme: adopt the chosen fields, refuse the others with reasons; the application is gone. */
export function uebernehmeAntrag({ id, felder, begruendungen }: Uebernahme): Promise<Gespeichert> {
  return api.post<Gespeichert>(`${pfad(id)}/stammdaten-antrag/uebernahme/`, { felder, begruendungen });
}

/**
 * Staff adopt the chosen fields of the application.
 * Refreshes the operation file and, from the command's position, the worklists and messages.
 */
export function useUebernehmeStammdatenAntrag({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, Uebernahme> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: uebernehmeAntrag,
    onSuccess: (...args) => {
      const [antwort, eingabe] = args;
      void queryClient.invalidateQueries({ queryKey: betriebKeys.detail(eingabe.id) });
      void nachBefehl(queryClient, antwort, { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}
