import type { ColumnDef } from '@tanstack/react-table';
import { formatDate, formatDateTimeMinutes } from '@/lib/format';

/** The server's open end of the latest version (domain/historie.Ende). */
export const OFFENES_ENDE = '3000-01-01';

/** What every version of a history has (domain/historie.Version on the server). */
export interface VersionsDaten {
  gueltigAb?: string | null;
  gueltigBis?: string | null;
  aktuell?: boolean | null;
  aenderungsgrund?: string | null;
  geaendertAm?: string | null;
  geaendertVon?: string | null;
}

/**
 * The columns of a history table: 'Gültig ab', 'Gültig bis' (with the 'aktuell' mark), then the
 * object's own columns, then 'Änderungsgrund', 'Geändert am', 'Geändert von'.
 */
export function versionsSpalten<T extends VersionsDaten>(eigene: ColumnDef<T, unknown>[]): ColumnDef<T, unknown>[] {
  return [
    {
      id: 'gueltigAb',
      header: 'Gültig ab',
      accessorFn: (v) => v.gueltigAb ?? '',
      cell: (c) => <span className="whitespace-nowrap">{formatDate(c.row.original.gueltigAb)}</span>,
    },
    {
      id: 'gueltigBis',
      header: 'Gültig bis',
      accessorFn: (v) => v.gueltigBis ?? '',
      cell: (c) => (
        <span className="flex flex-col items-start gap-1 whitespace-nowrap">
          {/* the open end (3000-01-01) is no date a user should read (issue 14) */}
          {c.row.original.gueltigBis === OFFENES_ENDE ? 'unbefristet' : formatDate(c.row.original.gueltigBis)}
          {c.row.original.aktuell && (
            <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">aktuell</span>
          )}
        </span>
      ),
    },
    ...eigene,
    { id: 'aenderungsgrund', header: 'Änderungsgrund', accessorFn: (v) => v.aenderungsgrund ?? '' },
    {
      id: 'geaendertAm',
      header: 'Geändert am',
      accessorFn: (v) => v.geaendertAm ?? '',
      cell: (c) => <span className="whitespace-nowrap">{formatDateTimeMinutes(c.row.original.geaendertAm)}</span>,
    },
    { id: 'geaendertVon', header: 'Geändert von', accessorFn: (v) => v.geaendertVon ?? '' },
  ];
}
