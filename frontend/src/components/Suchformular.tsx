import type { FormEvent, ReactNode } from 'react';
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

/** A filter form (role search) in a grey box: the fields, then 'Suchen' and 'Zurücksetzen'. */
export function Suchformular({ label, onSuchen, onZuruecksetzen, spalten, aktionenClassName = '', children }: SuchformularProps) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSuchen();
  };
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      className={`grid grid-cols-1 gap-3 rounded border border-gray-300 bg-gray-50 p-4 ${spalten}`}
    >
      <SuchKontext.Provider value={true}>{children}</SuchKontext.Provider>
      <div className={`flex gap-2 ${aktionenClassName}`}>
        <Button type="submit">Suchen</Button>
        <Button variant="secondary" onClick={onZuruecksetzen}>
          Zurücksetzen
        </Button>
      </div>
    </form>
  );
}
