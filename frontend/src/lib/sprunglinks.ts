import { useEffect, useSyncExternalStore } from 'react';

// The skip links of the page besides 'Zum Inhalt springen' (app/Layout renders them first of
// all, before the header): a page names its targets while it is shown, e.g. the start page
// 'Zur Liste springen' past the filters to the list (issue 28, item 9).

export interface Sprunglink {
  text: string;
  /** Id of the element the link moves the focus to. */
  ziel: string;
}

let links: Sprunglink[] = [];
const listeners = new Set<() => void>();

function setze(neu: Sprunglink[]) {
  links = neu;
  for (const l of listeners) l();
}

/** Offers the skip link `text` to the element `ziel` while the calling page is shown. */
export function useSprunglink(text: string, ziel: string): void {
  useEffect(() => {
    const link = { text, ziel };
    setze([...links, link]);
    return () => setze(links.filter((l) => l !== link));
  }, [text, ziel]);
}

export function useSprunglinks(): Sprunglink[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    () => links,
    () => links,
  );
}

/**
 * Moves the focus to the element with id `ziel` (focusable by script if it is not yet) and
 * scrolls it into view; false when the page has no such element (yet).
 */
export function springeZu(ziel: string): boolean {
  const e = document.getElementById(ziel);
  if (!e) return false;
  if (!e.hasAttribute('tabindex')) e.tabIndex = -1;
  e.focus();
  e.scrollIntoView({ block: 'start' });
  return true;
}
