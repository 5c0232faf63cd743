import type { ColumnDef } from '@tanstack/react-table';
import { Button } from '@/components/Button';

export interface EntfernenSpalteOptionen<Z> {
  /** What the row is, for the button's name and the question ('die Förderung „M-1“'). */
  was: (zeile: Z) => string;
  /** The button's accessible name ('Förderung „M-1“ entfernen'). */
  name: (zeile: Z) => string;
  /** Asks before the row goes (the removal confirmation of the form). */
  vorDemEntfernen: (was: string) => Promise<boolean>;
  /** Takes the row out of the list (by its index). */
  entfernen: (index: number) => void;
}

/**
 * The last column of a list inside a form whose rows are removed one by one: 'Entfernen' asks
 * first (vorDemEntfernen), then the row goes; nothing is stored before the form is saved.
 */
export function entfernenSpalte<Z>({ was, name, vorDemEntfernen, entfernen }: EntfernenSpalteOptionen<Z>): ColumnDef<Z, unknown> {
  return {
    id: 'aktionen',
    header: () => <span className="sr-only">Aktionen</span>,
    enableSorting: false,
    cell: ({ row }) => (
      <Button
        variant="secondary"
        className="px-2 py-1 text-xs"
        aria-label={name(row.original)}
        onClick={() =>
          void vorDemEntfernen(was(row.original)).then((ok) => {
            if (ok) entfernen(row.index);
          })
        }
      >
        Entfernen
      </Button>
    ),
  };
}
