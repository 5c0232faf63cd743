import { useMutation } from '@tanstack/react-query';
import { apiDatei, type Datei } from '@/lib/api';
import type { operations } from '@/lib/api-schema';

/**
 * The selection of the Druckausgabe's tree (POST /api/betrieb/{id}/print): the operation's own
 * data, plants of every kind, measuring points, Bescheide (and Bescheidsanträge) and, for a
 * print as of a day, standZum (yyyy-MM-dd).
 */
export type Druckauswahl = NonNullable<operations['postBetriebPrint']['requestBody']>['content']['application/json'];

/** POST /api/betrieb/{id}/print: the PDF of the selection (a file answer, with the file's timeout). */
export const druckeBetriebsakte = (betriebId: string, auswahl: Druckauswahl): Promise<Datei> =>
  apiDatei(`/betrieb/${encodeURIComponent(betriebId)}/print`, { method: 'POST', body: auswahl });

/** The print as a mutation: it changes nothing, so it refreshes nothing. */
export function useDruckeBetriebsakte(betriebId: string) {
  return useMutation({ mutationFn: (auswahl: Druckauswahl) => druckeBetriebsakte(betriebId, auswahl) });
}
