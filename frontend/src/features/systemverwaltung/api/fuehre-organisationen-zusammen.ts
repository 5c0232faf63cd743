import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { systemverwaltungKeys } from './keys';
import type { Zusammenfuehrung } from './organisationen';
import type { Meldung } from './anwender';

/** POST /api/organisation/merge: the answer's message is the success text. */
export function fuehreZusammen(daten: Zusammenfuehrung): Promise<Meldung> {
  return api.post<Meldung>('/organisation/merge', daten);
}

export type FuehreOrganisationenZusammenEingabe = Parameters<typeof fuehreZusammen>[0];

/** Merges an organisation into another: users and operations move along, so the organisation and user lists and the worklists are fetched again. */
export function useFuehreOrganisationenZusammen({ onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof fuehreZusammen>>, FuehreOrganisationenZusammenEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: fuehreZusammen,
    onSuccess: (...args) => {
      const [antwort] = args;
      void queryClient.invalidateQueries({ queryKey: systemverwaltungKeys.organisationen.all });
      void queryClient.invalidateQueries({ queryKey: systemverwaltungKeys.anwender.all });
      void nachBefehl(queryClient, antwort, { arbeitslisten: true });
      return onSuccess?.(...args);
    },
  });
}
