import { useId, useState } from 'react';

const KURZ = 40;

/**
 * The description of an Auflage as a tooltip (spec 001 §2.5): its beginning as a button, the
 * whole text in a tooltip that the button names as its description (aria-describedby), shown on
 * hover and on focus, hidden again with Escape (WCAG 1.4.13) — keyboard and screen readers get
 * it as well as the mouse.
 */
export function Beschreibung({ text }: { text: string }) {
  const id = useId();
  const [offen, setOffen] = useState(false);
  const kurz = text.length > KURZ ? `${text.slice(0, KURZ).trimEnd()} …` : text;
  if (!text) return null;
  return (
    <span className="relative inline-block" onMouseEnter={() => setOffen(true)} onMouseLeave={() => setOffen(false)}>
      <button
        type="button"
        className="max-w-64 truncate text-left text-blue-900 underline decoration-dotted"
        aria-describedby={id}
        onFocus={() => setOffen(true)}
        onBlur={() => setOffen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOffen(false);
        }}
        onClick={(e) => {
          e.stopPropagation();
          setOffen((o) => !o);
        }}
      >
        {kurz}
      </button>
      <span
        role="tooltip"
        id={id}
        hidden={!offen}
        className={`absolute top-full left-0 z-20 mt-1 w-72 rounded border border-gray-400 bg-white p-2 text-sm whitespace-pre-wrap text-gray-900 shadow-lg`}
      >
        {text}
      </span>
    </span>
  );
}
