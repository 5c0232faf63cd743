import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface TabellenrahmenProps {
  /** The region's name: the table's caption ('Anlagen', 'Verlauf', 'Planung'). */
  label: string;
  children: ReactNode;
  /** The skip link's target (the start page's 'Zur Liste springen'). */
  id?: string;
  className?: string;
}

/**
 * The box of every table (DataTable, ZeilenEditor, the Verlauf's field tables): a table wider
 * than the screen scrolls sideways inside it, never the page (issue 28, item 9). The box is a
 * region named like the table; while it scrolls it is a Tab stop (tabIndex 0), so the keyboard
 * can scroll it with the arrow keys (WCAG 2.1.1, axe's scrollable-region-focusable); while the
 * table fits it is only focusable by script (a skip link), and Tab does not stop on it in vain.
 *
 * `contain: inline-size` keeps the table's width out of the box's own minimum width: a box in a
 * fieldset or a table cell (a Verlauf row's details) takes the width it is given and scrolls,
 * instead of widening its container; `relative` keeps the table's visually hidden caption
 * (absolutely positioned) inside the box, or it would widen the page.
 */
export function Tabellenrahmen({ label, children, id, className = '' }: TabellenrahmenProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollt, setScrollt] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const messen = () => setScrollt(box.scrollWidth > box.clientWidth + 1);
    messen();
    if (typeof ResizeObserver === 'undefined') return;
    const beobachter = new ResizeObserver(messen);
    beobachter.observe(box);
    const tabelle = box.firstElementChild;
    if (tabelle) beobachter.observe(tabelle);
    return () => beobachter.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      id={id}
      role="region"
      aria-label={label}
      tabIndex={scrollt ? 0 : -1}
      className={`relative max-w-full overflow-x-auto [contain:inline-size] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${className}`}
    >
      {children}
    </div>
  );
}
