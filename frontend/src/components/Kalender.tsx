import { useEffect, useRef, type CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import { de } from 'react-day-picker/locale';
import 'react-day-picker/style.css';

// The calendar of the date field (components/Datumsfeld), loaded only when a user opens one:
// react-day-picker's grid with German month and day names, arrow keys, Page Up/Down for
// months, Home/End for the week, Enter to choose.

export interface KalenderProps {
  id: string;
  /** The accessible name of the calendar ('Kalender: Gültig ab'). */
  name: string;
  /** The chosen day (yyyy-MM-dd) or null. */
  gewaehlt: string | null;
  /** The last day that may be chosen (yyyy-MM-dd), e.g. today for 'nicht in der Zukunft'. */
  bis?: string;
  /** A day was chosen (yyyy-MM-dd). */
  onWahl: (iso: string) => void;
  /** Escape or a click outside. */
  onSchliessen: () => void;
}

const alsDatum = (iso: string) => new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const alsIso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const FARBEN = {
  '--rdp-accent-color': '#1e3a8a',
  '--rdp-accent-background-color': '#dbeafe',
  '--rdp-day-height': '40px',
  '--rdp-day-width': '40px',
  '--rdp-day_button-height': '38px',
  '--rdp-day_button-width': '38px',
} as CSSProperties;

export default function Kalender({ id, name, gewaehlt, bis, onWahl, onSchliessen }: KalenderProps) {
  const ref = useRef<HTMLDivElement>(null);
  const tag = gewaehlt ? alsDatum(gewaehlt) : undefined;
  const schliessen = useRef(onSchliessen);
  schliessen.current = onSchliessen;

  // a click outside closes the calendar (the field keeps what was typed)
  useEffect(() => {
    const aussen = (e: MouseEvent) => {
      if (ref.current && !ref.current.parentElement?.contains(e.target as Node)) schliessen.current();
    };
    document.addEventListener('mousedown', aussen);
    return () => document.removeEventListener('mousedown', aussen);
  }, []);

  const heute = new Date();
  return (
    <div
      ref={ref}
      id={id}
      className="mt-1 w-fit max-w-full overflow-x-auto rounded-md border border-gray-400 bg-white p-2 text-sm shadow-md"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        // only the calendar: a surrounding dialog stays open
        e.preventDefault();
        e.stopPropagation();
        onSchliessen();
      }}
    >
      <DayPicker
        mode="single"
        locale={de}
        role="dialog"
        aria-label={name}
        autoFocus
        captionLayout="dropdown"
        startMonth={new Date(1900, 0)}
        endMonth={bis ? alsDatum(bis) : new Date(heute.getFullYear() + 20, 11)}
        defaultMonth={tag ?? (bis && alsDatum(bis) < heute ? alsDatum(bis) : heute)}
        selected={tag}
        disabled={bis ? { after: alsDatum(bis) } : undefined}
        onSelect={(d) => d && onWahl(alsIso(d))}
        style={FARBEN}
      />
    </div>
  );
}
