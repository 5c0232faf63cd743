import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';
import { SuchKontext } from './FormField';

export interface SuchformularProps {
  /** aria-label of the search landmark, e.g. 'Anwender filtern'. */
  label: string;
  onSuchen: () => void;
  onZuruecksetzen: () => void;
  /** Grid columns of the form, e.g. 'sm:grid-cols-3'. */
  spalten: string;
  /** Extra classes of the button row (its column span or alignment). */
  aktionenClassName?: string;
  children: ReactNode;
}

/**
 * A filter form (role search) in a grey box: the fields, then 'Suchen' and 'Zurücksetzen'. On
 * a phone (below 640 px) it is folded into the button 'Filter anzeigen', so the list below is
 * what the user sees first; the button opens the fields in place.
 */
export function Suchformular({ label, onSuchen, onZuruecksetzen, spalten, aktionenClassName = '', children }: SuchformularProps) {
  const [offen, setOffen] = useState(false);
  const formId = useId();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSuchen();
  };
  return (
    <div>
      <button
        type="button"
        aria-expanded={offen}
        aria-controls={formId}
        onClick={() => setOffen((o) => !o)}
        className="flex w-full items-center justify-between rounded border border-gray-300 bg-gray-50 px-4 py-2 text-sm font-medium text-blue-900 sm:hidden"
      >
        {offen ? 'Filter ausblenden' : 'Filter anzeigen'}
        <span aria-hidden="true">{offen ? '▴' : '▾'}</span>
      </button>
      <form
        id={formId}
        role="search"
        aria-label={label}
        onSubmit={onSubmit}
        className={`${offen ? 'mt-2 grid' : 'hidden'} grid-cols-1 gap-3 rounded border border-gray-300 bg-gray-50 p-4 sm:mt-0 sm:grid ${spalten}`}
      >
        <SuchKontext.Provider value={true}>{children}</SuchKontext.Provider>
        <div className={`flex gap-2 ${aktionenClassName}`}>
          <Button type="submit">Suchen</Button>
          <Button variant="secondary" onClick={onZuruecksetzen}>
            Zurücksetzen
          </Button>
        </div>
      </form>
    </div>
  );
}
