import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { startseiteKeys } from './keys';

/** A reminder of the start page's tab (GET /api/wiedervorlage). */
export interface MeineWiedervorlage {
  id: number;
  /** yyyy-MM-dd, or null for none. */
  datum: string | null;
  betreff: string;
  /** "Bezeichnung (Betriebs-Nr.)" of the operation it concerns. */
  betriebInfo: string;
  fachobjekt: string;
  fachobjektId: number;
  /** The operation it concerns (0: none). */
  betriebId: number;
  /** Its date is today or earlier. */
  faellig: boolean;
  /** The caller may delete it. */
  loeschbar: boolean;
  /** BETRIEB, BETRIEB_STAMMDATEN_AENDERUNG, ANLAGE, ENTLASTUNG, AENDERUNGSANTRAG_ANLAGE, MESSSTELLE, BESCHEID, BESCHEID_MESSSTELLE, JAHRESBERICHT, JAHRESBERICHT_PARAMETER_MESSWERTE, BERICHT */
  bezugZuFachobjekt: string;
  /** The plant a reminder on a plant or on its measuring point hangs on ('' for others). */
  anlage: string;
  /** The measuring point a reminder hangs on ('' for others). */
  messstelle: string;
  /** The file number of the Bescheid a reminder hangs on ('' for others). */
  aktenzeichen?: string;
  /** The year of the annual report a reminder hangs on (0 for others). */
  jahr?: number;
  /** App path of the reminders of its object ('' when the object is gone). */
  pfad: string;
}

/** GET /api/wiedervorlage: the reminders that concern the caller, earliest first. */
export const meineWiedervorlagenQuery = () =>
  queryOptions({
    queryKey: startseiteKeys.wiedervorlagen(),
    queryFn: ({ signal }) => api.get<MeineWiedervorlage[]>('/wiedervorlage', { signal }),
    // reminders are added on the objects' own pages: the tab always asks afresh
    staleTime: 0,
  });
