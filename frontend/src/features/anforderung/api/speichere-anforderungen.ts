import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import type { Anforderung, Gespeichert } from './anforderung';
import { anforderungKeys } from './keys';

export interface SpeichereAnforderungenEingabe {
  bescheidId: string;
  messstelleId: string;
  version: number;
  /** The whole set of the point's Anforderungen, both tabs (anforderungId 0: new). */
  anforderungen: Anforderung[];
}

/** PATCH /api/bescheid/{id}?messstelle={mid}&version=N: replaces the point's Anforderungen; a stale version is 409. */
export function speichereAnforderungen({ bescheidId, messstelleId, version, anforderungen }: SpeichereAnforderungenEingabe): Promise<Gespeichert> {
  return api.patch<Gespeichert>(`/bescheid/${encodeURIComponent(bescheidId)}`, anforderungen, { query: { messstelle: messstelleId, version } });
}

/** Saves the Anforderungen; refreshes the Bescheid (its documents below ['bescheid', id]) and the searches. */
export function useSpeichereAnforderungen({ onSuccess, ...optionen }: BefehlOptionen<Gespeichert, SpeichereAnforderungenEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: speichereAnforderungen,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: anforderungKeys.bescheid(args[1].bescheidId) });
      void nachBefehl(queryClient, args[0], { arbeitslisten: true });
      return onSuccess?.(...args);
    },
  });
}
