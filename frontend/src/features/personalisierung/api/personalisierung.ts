import { queryOptions } from '@tanstack/react-query';
import { api, type Antwort } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { personalisierungKeys } from './keys';

/** The settings of spec 002 §3 plus the version they were loaded at. */
export type Personalisierung = components['schemas']['Personalisierung'];
/** One choice of a filter: the value list's identifier (or id) and its text. */
export type Wahl = components['schemas']['Schluesselwert'];
/** The chosen (aktiv) and the other (inaktiv) choices of one filter. */
export type Auswahl = Antwort<'getPersonalisierungAuswahl'>[string];
/** The filters of the personalisation, as GET /api/personalisierung/auswahl names them. */
export type Filterfeld = 'betriebstyp' | 'anlagentyp' | 'messstellentyp' | 'verwaltungseinheit';
export type Auswahlen = Partial<Record<Filterfeld, Auswahl>>;
export type Befehlsergebnis = components['schemas']['Befehlsergebnis'];

/** GET /api/personalisierung: the caller's settings (always fresh: the form saves their version). */
export const personalisierungQuery = () =>
  queryOptions({
    queryKey: personalisierungKeys.einstellungen(),
    queryFn: ({ signal }) => api.get<Personalisierung>('/personalisierung', { signal }),
    staleTime: 0,
  });

/** GET /api/personalisierung/auswahl: per filter the chosen and the other choices. */
export const auswahlQuery = () =>
  queryOptions({
    queryKey: personalisierungKeys.auswahl(),
    queryFn: ({ signal }) => api.get<Auswahlen>('/personalisierung/auswahl', { signal }),
    staleTime: 0,
  });
