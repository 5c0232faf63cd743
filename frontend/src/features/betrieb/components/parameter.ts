export { HISTORIE_PARAM } from '@/components/Historisch';
/** Query parameter that opens the review of the Stammdaten-Antrag (spec 000 §2). */
export const ANTRAG_PARAM = 'stammdatenAntrag';
/** Query parameter that opens the Freigabe dialog of a requested operation (the Aufgaben view's link). */
export const FREIGABE_PARAM = 'freigabe';
