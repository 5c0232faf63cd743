import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a page may take to show its heading (a lazy route, the first data) before main gets the focus. */
const WARTEN_MS = 5000;

/**
 * After every route navigation (a new path; not a changed query such as modus or a tab) the
 * focus goes to the page's main heading, the h1 in main (made focusable by script), so keyboard
 * and screen-reader users start at the new page and not on <body> or the old link (issue 28,
 * item 9; STYLE.md 'Forms a clerk trusts'). Once in the app shell, for every page. It waits
 * until the page shows its h1, and leaves the focus alone when the user or the page has put it
 * somewhere else meanwhile (a dialog the page opens, a field clicked). Not on the first load:
 * there the skip link is the first Tab stop.
 */
export function useFokusNachNavigation(): void {
  const { pathname } = useLocation();
  const erster = useRef(true);
  useEffect(() => {
    if (erster.current) {
      erster.current = false;
      return;
    }
    const vorher = document.activeElement;
    const beginn = Date.now();
    let timer = 0;
    const versuchen = () => {
      const aktiv = document.activeElement;
      // somebody else moved the focus since the navigation: theirs wins
      if (aktiv && aktiv !== document.body && aktiv !== vorher && document.contains(aktiv)) return;
      if (document.querySelector('dialog[open]')) return;
      const main = document.querySelector<HTMLElement>('main');
      const h1 = main?.querySelector<HTMLElement>('h1');
      if (h1) {
        if (!h1.hasAttribute('tabindex')) h1.tabIndex = -1;
        h1.focus();
        return;
      }
      if (Date.now() - beginn > WARTEN_MS) {
        main?.focus();
        return;
      }
      timer = window.setTimeout(versuchen, 50);
    };
    versuchen();
    return () => window.clearTimeout(timer);
  }, [pathname]);
}
