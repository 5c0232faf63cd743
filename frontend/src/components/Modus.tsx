import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { correctedModusSearch, useModus } from '@/lib/modus';

/**
 * Renders its children only when the query has modus=l or modus=s; anything else
 * (or none) is replaced by modus=l, keeping the other parameters. Children (and their
 * queries) start only after that.
 */
export function ModusGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const corrected = correctedModusSearch(location.search);
  if (corrected !== null) {
    return <Navigate replace to={{ pathname: location.pathname, search: corrected, hash: location.hash }} />;
  }
  return <>{children}</>;
}

/**
 * Toggle between Lesemodus (modus=l) and Bearbeitungsmodus (modus=s). The button keeps
 * its name 'Bearbeiten' and reports the state with aria-pressed; the visible state text
 * beside it says 'Lesemodus' or 'Bearbeitungsmodus'.
 */
export function ModusToggle({ disabled = false }: { disabled?: boolean }) {
  const { lesen, setModus } = useModus();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        aria-pressed={!lesen}
        disabled={disabled}
        onClick={() => setModus(lesen ? 's' : 'l')}
        className={`whitespace-nowrap rounded border px-3 py-1.5 text-sm font-medium ${
          lesen ? 'border-blue-800 bg-white text-blue-900 hover:bg-blue-50' : 'border-blue-800 bg-blue-800 text-white hover:bg-blue-900'
        }`}
      >
        <span aria-hidden="true">✎ </span>Bearbeiten
      </button>
      <span className="text-sm text-gray-700" data-testid="modus-status">
        {lesen ? 'Lesemodus' : 'Bearbeitungsmodus'}
      </span>
    </div>
  );
}
