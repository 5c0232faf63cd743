import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type BefehlOptionen } from '@/lib/befehl';
import { systemverwaltungKeys } from './keys';
import type { Meldung } from './anwender';

/** DELETE /api/organisation/{id}; refused (400) while users or operations refer to it. */
export function loescheOrganisation(id: number): Promise<Meldung> {
  return api.delete<Meldung>(`/organisation/${id}`);
}

export type LoescheOrganisationEingabe = Parameters<typeof loescheOrganisation>[0];

/** Deletes an unused organisation; the organisation lists are fetched again. */
export function useLoescheOrganisation({ onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof loescheOrganisation>>, LoescheOrganisationEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: loescheOrganisation,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: systemverwaltungKeys.organisationen.all });
      return onSuccess?.(...args);
    },
  });
}
