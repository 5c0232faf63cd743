import { useCallback, useEffect, useId, useRef, useState } from 'react';

// The error summary of a form (GOV.UK's "error summary", issue 28): every error the form knows,
// at its top, each a link to its field; it takes the focus when the form was checked, so a
// screen reader reads the heading and the list at once. The messages stay beside the fields and
// the tabs with errors are flagged (components/Tabs); a form's validation errors never become
// a toast. Every file screen renders it above its form.

export const UEBERSICHT_TITEL = 'Validierung fehlgeschlagen';

export interface FehleruebersichtProps {
  /** Field key (the server's) → message; keys without a message are left out. */
  fehler: Readonly<Record<string, string | undefined>>;
  /** The label of a field key, e.g. feldbezeichnung(key, namen). */
  feldname: (key: string) => string;
  /** Opens the field: its tab, then the focus on it (the area's form hook). */
  onFeld: (key: string) => void;
  /** Grows with every check that found errors: the summary takes the focus. */
  fokus: number;
}

/**
 * The label of a field key from the area's labels by segment: 'auslegungUndBelastungsDaten[0].parameter'
 * is 'Auslegung/Belastung 1 › Parameter'; a segment without a label (a group such as 'lage')
 * is left out.
 */
export function feldbezeichnung(key: string, namen: Readonly<Record<string, string>>): string {
  const teile = key.split('.').map((teil, i, alle) => {
    const m = /^([^[]+)(?:\[(\d+)\])?$/.exec(teil);
    const name = m?.[1] ?? teil;
    const nr = m?.[2] !== undefined ? ` ${Number(m[2]) + 1}` : '';
    const label = namen[name];
    if (!label) return i === alle.length - 1 ? name + nr : nr.trim() ? name + nr : '';
    return label + nr;
  });
  return teile.filter(Boolean).join(' › ');
}

/** GOV.UK's error summary: heading, the list of links to each field, focus on the summary. */
export function Fehleruebersicht({ fehler, feldname, onFeld, fokus }: FehleruebersichtProps) {
  const titelId = useId();
  const ref = useRef<HTMLElement>(null);
  const eintraege = Object.entries(fehler).filter((e): e is [string, string] => !!e[1]);
  const vorhanden = eintraege.length > 0;
  useEffect(() => {
    if (fokus > 0 && vorhanden) ref.current?.focus();
  }, [fokus, vorhanden]);
  if (!vorhanden) return null;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titelId}
      data-testid="fehleruebersicht"
      className="rounded border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-950 focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
    >
      <h2 id={titelId} className="text-base font-semibold">
        {UEBERSICHT_TITEL}
      </h2>
      <p className="mt-1">
        {eintraege.length === 1 ? 'Bitte prüfen Sie diese Angabe:' : `Bitte prüfen Sie diese ${eintraege.length} Angaben:`}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {eintraege.map(([key, message]) => (
          <li key={key}>
            <a
              href={`#${encodeURIComponent(key)}`}
              className="text-red-900 underline hover:no-underline"
              onClick={(e) => {
                e.preventDefault();
                onFeld(key);
              }}
            >
              {feldname(key)}: {message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The control of the field key in container: the one marked data-feld (rows of ZeilenEditor),
 * else by name (the key, its last segment, or a name schluessel maps to it), else the first
 * invalid control.
 */
export function feldElement(container: ParentNode | null, key: string, schluessel: Readonly<Record<string, string>> = {}): HTMLElement | null {
  if (!container) return null;
  const css = (s: string) => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(s) : s.replace(/["\\]/g, '\\$&'));
  const namen = [key, ...Object.entries(schluessel).filter(([, k]) => k === key).map(([n]) => n), key.split('.').pop() ?? key];
  return (
    container.querySelector<HTMLElement>(`[data-feld="${css(key)}"]`) ??
    namen
      .map((n) => container.querySelector<HTMLElement>(`[name="${css(n)}"][aria-invalid="true"]`) ?? container.querySelector<HTMLElement>(`[name="${css(n)}"]`))
      .find(Boolean) ??
    container.querySelector<HTMLElement>('[aria-invalid="true"]')
  );
}

/**
 * The jump from the summary to a field: opens its tab (`oeffne`), then, once rendered, puts the
 * focus on the field's control in `container`.
 */
export function useFeldsprung(container: { current: HTMLElement | null }, oeffne: (key: string) => void, schluessel?: Readonly<Record<string, string>>) {
  const [ziel, setZiel] = useState<{ key: string; n: number } | null>(null);
  useEffect(() => {
    if (ziel) feldElement(container.current, ziel.key, schluessel)?.focus();
  }, [ziel, container, schluessel]);
  return useCallback(
    (key: string) => {
      oeffne(key);
      setZiel((z) => ({ key, n: (z?.n ?? 0) + 1 }));
    },
    [oeffne],
  );
}
