import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { DataTable } from '@/components/DataTable';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import type { components } from '@/lib/api-schema';

/** One event of an object's Verlauf (GET …/verlauf of any area). */
export type VerlaufEintrag = Omit<components['schemas']['Verlaufsschritt'], 'aenderungen'> & {
  aenderungen: { feld: string; bezeichnung?: string; alt: unknown; neu: unknown }[] | null;
};

/** 'dd.MM.yyyy HH:mm' of an RFC 3339 time, in local time. */
export const zeitpunkt = (iso: string) => formatDateTime(iso).slice(0, 16);

/** A changed value as text: dates German, lists joined, nothing as '–'. */
export function wertText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'boolean') return v ? 'Ja' : 'Nein';
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : v;
  if (Array.isArray(v)) return v.length === 0 ? '–' : v.map(wertText).join(', ');
  return JSON.stringify(v);
}

function Aenderungen({ eintrag }: { eintrag: VerlaufEintrag }) {
  const liste = eintrag.aenderungen ?? [];
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Geänderte Felder: {eintrag.zusammenfassung}</caption>
      <thead className="text-left">
        <tr>
          <th scope="col" className="border-b border-gray-300 px-2 py-1">
            Feld
          </th>
          <th scope="col" className="border-b border-gray-300 px-2 py-1">
            vorher
          </th>
          <th scope="col" className="border-b border-gray-300 px-2 py-1">
            nachher
          </th>
        </tr>
      </thead>
      <tbody>
        {liste.length === 0 && (
          <tr>
            <td colSpan={3} className="px-2 py-2 text-gray-700">
              Keine Einträge vorhanden
            </td>
          </tr>
        )}
        {liste.map((a, i) => (
          <tr key={`${a.feld}-${i}`} className="border-b border-gray-200">
            <th scope="row" className="px-2 py-1 text-left font-medium">
              {a.bezeichnung ?? a.feld}
            </th>
            <td className="px-2 py-1 whitespace-pre-wrap">{wertText(a.alt)}</td>
            <td className="px-2 py-1 whitespace-pre-wrap">{wertText(a.neu)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The Verlauf of any object: every event with when, who and what, newest first; a row opens the
 * changed fields. aktion renders a last column per event (the operation's 'Stand anzeigen').
 */
export function VerlaufTabelle({
  eintraege,
  isLoading,
  aktion,
}: {
  eintraege: VerlaufEintrag[];
  isLoading: boolean;
  aktion?: (e: VerlaufEintrag) => ReactNode;
}) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'zeitpunkt', desc: true }]);
  const columns = useMemo<ColumnDef<VerlaufEintrag, unknown>[]>(
    () => [
      {
        id: 'zeitpunkt',
        header: 'Zeitpunkt',
        accessorFn: (e) => e.position,
        cell: (c) => <span className="whitespace-nowrap">{zeitpunkt(c.row.original.zeitpunkt)}</span>,
      },
      { id: 'akteur', header: 'Wer', accessorFn: (e) => e.akteur },
      { id: 'ereignis', header: 'Ereignis', accessorFn: (e) => e.zusammenfassung || e.ereignis },
      ...(aktion
        ? [
            {
              id: 'aktion',
              header: () => <span className="sr-only">Aktionen</span>,
              enableSorting: false,
              cell: ({ row: { original: e } }: { row: { original: VerlaufEintrag } }) => aktion(e),
            } satisfies ColumnDef<VerlaufEintrag, unknown>,
          ]
        : []),
    ],
    [aktion],
  );
  return (
    <DataTable<VerlaufEintrag>
      caption="Verlauf"
      captionHidden
      columns={columns}
      data={eintraege}
      getRowId={(e) => String(e.version)}
      isLoading={isLoading}
      sorting={sorting}
      onSortingChange={setSorting}
      renderDetail={(e) => <Aenderungen eintrag={e} />}
    />
  );
}
