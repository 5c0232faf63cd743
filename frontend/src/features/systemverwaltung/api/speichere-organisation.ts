import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { nachBefehl, type BefehlOptionen } from '@/lib/befehl';
import { systemverwaltungKeys } from './keys';
import type { OrganisationEingabe } from './organisationen';
import type { Gespeichert } from './anwender';

export function speichereOrganisation({ id, daten }: { id?: number; daten: OrganisationEingabe }): Promise<Gespeichert> {
  return id === undefined ? api.post<Gespeichert>('/organisation', daten) : api.put<Gespeichert>(`/organisation/${id}`, daten);
}

export type SpeichereOrganisationEingabe = Parameters<typeof speichereOrganisation>[0];

/** Creates or changes an organisation; the organisation lists and (operator names) the worklists are fetched again. */
export function useSpeichereOrganisation({ onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof speichereOrganisation>>, SpeichereOrganisationEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: speichereOrganisation,
    onSuccess: (...args) => {
      const [antwort] = args;
      void queryClient.invalidateQueries({ queryKey: systemverwaltungKeys.organisationen.all });
      void nachBefehl(queryClient, antwort, { arbeitslisten: true });
      return onSuccess?.(...args);
    },
  });
}
