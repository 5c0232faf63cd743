import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import type { WertelisteEintrag } from '@/lib/wertelisten';
import type { Meldung } from './anwender';
import { systemverwaltungKeys } from './keys';

export type WertelisteDefinition = components['schemas']['WertelisteDefinition'];
export type Extra = NonNullable<WertelisteDefinition['extras']>[number];
export type WertelisteEingabe = components['schemas']['WertelisteEingabe'];

/** GET /api/wertelisten: every list with label, path, extra columns and whether it is editable. */
export const wertelistenKatalogQuery = () =>
  queryOptions({
    queryKey: systemverwaltungKeys.wertelistenKatalog,
    queryFn: ({ signal }) => api.get<WertelisteDefinition[]>('/wertelisten', { signal }),
    staleTime: Infinity,
  });

/** POST /api/<liste> or PUT /api/<liste>/{id} (with the version loaded). */
export function speichereEintrag({
  liste,
  id,
  daten,
}: {
  liste: string;
  id?: number;
  daten: WertelisteEingabe;
}): Promise<WertelisteEintrag> {
  return id === undefined
    ? api.post<WertelisteEintrag>(`/${liste}`, daten)
    : api.put<WertelisteEintrag>(`/${liste}/${id}`, daten);
}

/** DELETE /api/<liste>/{id}?version=…; 409 while anything refers to the entry. */
export function loescheEintrag({ liste, id, version }: { liste: string; id: number; version?: number }): Promise<Meldung> {
  return api.delete<Meldung>(`/${liste}/${id}`, { query: { version } });
}
