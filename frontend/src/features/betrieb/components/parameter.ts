/** Query parameter of a version chosen in the Historie popup (its index in the history, oldest first). */
export const HISTORIE_PARAM = 'historie';
/** Query parameter of a Stand shown on the Verlauf (the event version). */
export const STAND_PARAM = 'stand';
/** Query parameter that opens the review of the Stammdaten-Antrag (spec 000 §2). */
export const ANTRAG_PARAM = 'stammdatenAntrag';
/** Query parameter that opens the Freigabe dialog of a requested operation (the Aufgaben view's link). */
export const FREIGABE_PARAM = 'freigabe';
