/** The lists of the start page start with 50 rows a page (spec 002 §2, §9: worklist page size 50). */
export const ARBEITSLISTE_SEITE = 50;
