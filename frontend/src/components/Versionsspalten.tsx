import type { ColumnDef } from '@tanstack/react-table';
import { formatBis, formatDate, formatDateTimeMinutes, OFFENES_ENDE } from '@/lib/format';

/** The server's open end of the latest version (domain/historie.Ende). */
export { OFFENES_ENDE };

/** What every version of a history has (domain/historie.Version on the server). */
export interface VersionsDaten {
  gueltigAb?: string | null;
  gueltigBis?: string | null;
  aktuell?: boolean | null;
  aenderungsgrund?: string | null;
  /** When and by whom the version was opened: the author of its reason (auditInfo). */
  geaendertAm?: string | null;
  geaendertVon?: string | null;
  /** The last correction of the version after it was opened, if any: its own author and time. */
  korrigiertAm?: string | null;
  korrigiertVon?: string | null;
}

/** "am 26.11.2026 09:40 von Michael Wagner": when and by whom (either may be missing). */
export function amVon(am: string | null | undefined, von: string | null | undefined): string {
  return [am ? `am ${formatDateTimeMinutes(am)}` : '', von ? `von ${von}` : ''].filter(Boolean).join(' ');
}

/**
 * The columns of a history table: 'Gültig ab', 'Gültig bis' (with the 'aktuell' mark), then the
 * object's own columns, then who opened the version, when and why ('Eröffnet am', 'Eröffnet von',
 * 'Änderungsgrund' — one audit entry), and apart from it the version's last correction with its
 * own author and time ('Zuletzt korrigiert').
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
          {formatBis(c.row.original.gueltigBis)}
          {c.row.original.aktuell && (
            <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">aktuell</span>
          )}
        </span>
      ),
    },
    ...eigene,
    {
      id: 'geaendertAm',
      header: 'Eröffnet am',
      accessorFn: (v) => v.geaendertAm ?? '',
      cell: (c) => <span className="whitespace-nowrap">{formatDateTimeMinutes(c.row.original.geaendertAm)}</span>,
    },
    { id: 'geaendertVon', header: 'Eröffnet von', accessorFn: (v) => v.geaendertVon ?? '' },
    { id: 'aenderungsgrund', header: 'Änderungsgrund', accessorFn: (v) => v.aenderungsgrund ?? '' },
    {
      id: 'korrigiert',
      header: 'Zuletzt korrigiert',
      accessorFn: (v) => v.korrigiertAm ?? '',
      cell: (c) =>
        amVon(c.row.original.korrigiertAm, c.row.original.korrigiertVon) || (
          <>
            <span aria-hidden="true">–</span>
            <span className="sr-only">nicht korrigiert</span>
          </>
        ),
    },
  ];
}
