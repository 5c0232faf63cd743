/**
 * Id of the box of the start page's list on the open tab (Anlagen, Betriebe, …): the target of
 * the skip link 'Zur Liste springen', past the filters (issue 28, item 9).
 */
export const LISTE_ID = 'arbeitsliste';
export const ZUR_LISTE = 'Zur Liste springen';
