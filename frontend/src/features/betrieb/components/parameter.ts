export { HISTORIE_PARAM, STAND_PARAM } from '@/components/Historisch';
/** Query parameter that opens the review of the Stammdaten-Antrag (spec 000 §2). */
export const ANTRAG_PARAM = 'stammdatenAntrag';
