import { queryOptions } from '@tanstack/react-query';
import { api, type Antwort, type Schema } from '@/lib/api';
import { pfad } from './betrieb';
import { betriebKeys } from './keys';

/** The fields of a Stammdaten-Antrag (spec 000 §3), flat as the API sends them. */
// The schema serves the request and the answer: every field but gestelltAm (yyyy-MM-dd, only in
// the answer) is sent, and the server sends each.
export type Stammdaten = Required<Omit<Schema<'StammdatenAntrag'>, 'gestelltAm'>>;
export type OffenerAntrag = Stammdaten & Pick<Schema<'StammdatenAntrag'>, 'gestelltAm'>;

/** The fields staff accept one by one (kommentar is the applicant's note, not a field). */
export const ANTRAGSFELDER = ['bezeichnung', 'muttergesellschaft', 'url', 'betreiberAdresse', 'strasse', 'hausnummer', 'plz', 'ort'] as const;
export type Antragsfeld = (typeof ANTRAGSFELDER)[number];


/** GET /api/betrieb/{id}/stammdaten-antrag: the open application, or stammdaten null. */
export const antragQuery = (id: string) =>
  queryOptions({
    queryKey: betriebKeys.antrag(id),
    queryFn: ({ signal }) => api.get<Omit<Antwort<'getStammdatenAntrag'>, 'stammdaten'> & Record<'stammdaten', OffenerAntrag | null>>(`${pfad(id)}/stammdaten-antrag/`, { signal }),
    staleTime: 0,
  });
