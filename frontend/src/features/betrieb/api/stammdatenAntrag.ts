import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { pfad } from './betrieb';
import { betriebKeys } from './keys';

/** The fields of a Stammdaten-Antrag (spec 000 §3), flat as the API sends them. */
export interface Stammdaten {
  bezeichnung: string;
  muttergesellschaft: string;
  url: string;
  betreiberAdresse: boolean;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  kommentar: string;
}

export interface OffenerAntrag extends Stammdaten {
  /** yyyy-MM-dd */
  gestelltAm?: string;
}

/** The fields staff accept one by one (kommentar is the applicant's note, not a field). */
export const ANTRAGSFELDER = ['bezeichnung', 'muttergesellschaft', 'url', 'betreiberAdresse', 'strasse', 'hausnummer', 'plz', 'ort'] as const;
export type Antragsfeld = (typeof ANTRAGSFELDER)[number];


/** GET /api/betrieb/{id}/stammdaten-antrag: the open application, or stammdaten null. */
export const antragQuery = (id: string) =>
  queryOptions({
    queryKey: betriebKeys.antrag(id),
    queryFn: ({ signal }) => api.get<{ stammdaten: OffenerAntrag | null }>(`${pfad(id)}/stammdaten-antrag/`, { signal }),
    staleTime: 0,
  });
