import { BASE_PATH } from '@/lib/constants';

/**
 * Opens the application in a new tab (spec 002 §2: the embedded login's success and 'Anwendung
 * starten'). The new tab gets no handle on this page (noopener); the opener is cut after the
 * open rather than by the feature 'noopener', because with it window.open always answers null
 * and a blocked popup could not be told apart. false: the browser blocked the window.
 */
export function starteAnwendung(): boolean {
  const fenster = window.open(`${BASE_PATH}/`, '_blank');
  if (!fenster) return false;
  fenster.opener = null;
  return true;
}

// The login's attempt, for the logged-in page it leads to (the login's guard navigates there as
// soon as the token is stored, so no navigation state of the login's own would arrive).
let beimLoginBlockiert = false;

/** The embedded login's success: opens the application and remembers whether the browser let it. */
export function starteAnwendungNachLogin(): void {
  beimLoginBlockiert = !starteAnwendung();
}

/** Whether the browser blocked the window the login opened. */
export const anwendungBeimLoginBlockiert = (): boolean => beimLoginBlockiert;

/** The logged-in page has said it: a later visit of the page does not say it again. */
export function vergissLoginVersuch(): void {
  beimLoginBlockiert = false;
}
