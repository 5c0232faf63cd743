import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { messstelleKeys } from './keys';

type S = components['schemas'];

/** What the measuring point screens need of the plant a point hangs on (and of its operation). */
// eslint-disable-next-line no-restricted-syntax -- Frontend: what the screen needs of GET /api/anlage/{id} (an Anlage), derived in the query
export interface AnlageDerMessstellen {
  id: number;
  bezeichnung: string;
  anlagenstatus: string;
  /** The type of the plant's operation (the tabs of a new point, bereicheFuer). */
  betriebstyp: string;
  /** STILLGELEGT or ANGESCHLOSSEN_AN: no measuring points are created below it (spec 000 §4). */
  ausserBetrieb: boolean;
}

/** GET /api/anlage/{id}, reduced to what the overview and a new point need (the server checks again). */
export const anlageDerMessstellenQuery = (anlageId: string) =>
  queryOptions({
    queryKey: messstelleKeys.anlage(anlageId),
    queryFn: async ({ signal }): Promise<AnlageDerMessstellen> => {
      const a = await api.get<S['Anlage']>(`/anlage/${encodeURIComponent(anlageId)}`, { signal });
      const status = a.anlagenstatus ?? '';
      return {
        id: a.id,
        bezeichnung: a.bezeichnung ?? '',
        anlagenstatus: status,
        betriebstyp: a.betriebstyp ?? '',
        ausserBetrieb: status === 'STILLGELEGT' || status === 'ANGESCHLOSSEN_AN',
      };
    },
    staleTime: 30_000,
  });
