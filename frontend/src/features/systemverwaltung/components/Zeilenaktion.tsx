import type { ReactNode } from 'react';

const ICONS: Record<'bearbeiten' | 'loeschen', ReactNode> = {
  bearbeiten: (
    <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
  ),
  loeschen: (
    <path
      d="M5 7h14M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  ),
};

/** The name of a row's action: the action and the row it acts on ('Löschen: Klärwerk Rheinaue GmbH'). */
const aktionsname = (label: string, zeile: string) => `${label}: ${zeile}`;

/**
 * An icon button of a table row ('Bearbeiten', 'Löschen'); the label is its tooltip, the label
 * with the row's name (`zeile`) its accessible name, so a list of buttons says which row each is.
 */
export function IconAktion({ art, label, zeile, onClick }: { art: keyof typeof ICONS; label: string; zeile: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={aktionsname(label, zeile)}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      className={`inline-flex h-8 w-8 items-center justify-center rounded border border-transparent hover:border-gray-400 ${
        art === 'loeschen' ? 'text-red-700 hover:bg-red-50' : 'text-blue-800 hover:bg-blue-50'
      }`}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        {ICONS[art]}
      </svg>
    </button>
  );
}

/** A text button of a table row ('Aktivieren', 'Historie', …); named with its row like IconAktion. */
export function TextAktion({ label, zeile, onClick, disabled }: { label: string; zeile: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      aria-label={aktionsname(label, zeile)}
      disabled={disabled}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      className="rounded border border-blue-800 bg-white px-2 py-1 text-xs font-medium whitespace-nowrap text-blue-900 hover:bg-blue-50 disabled:opacity-50"
    >
      {label}
    </button>
  );
}

/** The cell of the row actions. */
export function Aktionen({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-1">{children}</div>;
}
