import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { DataTable } from '@/components/DataTable';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import type { components } from '@/lib/api-schema';

/** One event of an object's Verlauf (GET …/verlauf of any area). */
export type VerlaufEintrag = components['schemas']['Verlaufsschritt'];

/** An application as one event shows it: requested, adopted, refused with reasons. */
export type AntragImVerlauf = components['schemas']['AntragImVerlauf'];

/** 'dd.MM.yyyy HH:mm:ss' of an RFC 3339 time, in local time — to the second, so two saves of one minute stay apart. */
export const zeitpunkt = (iso: string) => formatDateTime(iso);

const ENTSCHEIDUNG: Record<AntragImVerlauf['felder'][number]['entscheidung'], string> = {
  OFFEN: 'beantragt',
  UEBERNOMMEN: 'übernommen',
  ABGELEHNT: 'abgelehnt',
};

/** A changed value as text: dates German, lists joined, nothing as '–'. */
export function wertText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'boolean') return v ? 'Ja' : 'Nein';
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : v;
  if (Array.isArray(v)) return v.length === 0 ? '–' : v.map(wertText).join(', ');
  return JSON.stringify(v);
}

/** The fields of an application: value before, value asked for, decision and the staff member's reason. */
export function Antragsfelder({ antrag, titel }: { antrag: AntragImVerlauf; titel: string }) {
  return (
    <div className="space-y-1">
      {(antrag.gestelltAm || antrag.kommentar) && (
        <p className="text-sm text-gray-700">
          {antrag.gestelltAm && <>Gestellt am {antrag.gestelltAm}. </>}
          {antrag.kommentar && <>Kommentar: {antrag.kommentar}</>}
        </p>
      )}
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{titel}</caption>
        <thead className="text-left">
          <tr>
            {['Feld', 'bisher', 'beantragt', 'Entscheidung', 'Begründung'].map((h) => (
              <th key={h} scope="col" className="border-b border-gray-300 px-2 py-1">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {antrag.felder.map((f) => (
            <tr key={f.feld} className="border-b border-gray-200">
              <th scope="row" className="px-2 py-1 text-left font-medium">
                {f.bezeichnung}
              </th>
              <td className="px-2 py-1 whitespace-pre-wrap">{wertText(f.bisher)}</td>
              <td className="px-2 py-1 whitespace-pre-wrap">{wertText(f.beantragt)}</td>
              <td className="px-2 py-1">{ENTSCHEIDUNG[f.entscheidung]}</td>
              <td className="px-2 py-1 whitespace-pre-wrap">{f.grund || '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The note under a step the server bounded (historie.HoechstAenderungen): nothing is left out silently. */
export function weitereAenderungenText(n: number): string {
  return n === 1 ? '… 1 weitere Änderung, hier nicht einzeln angezeigt' : `… ${formatNumber(n)} weitere Änderungen, hier nicht einzeln angezeigt`;
}

/** The changed fields of one event (and the application it decides), values as the form shows them. */
export function Aenderungen({
  eintrag,
}: {
  eintrag: { zusammenfassung: string; aenderungen: VerlaufEintrag['aenderungen']; weitereAenderungen?: number; antrag?: AntragImVerlauf };
}) {
  const liste = eintrag.aenderungen ?? [];
  return (
    <div className="space-y-3">
      {eintrag.antrag && <Antragsfelder antrag={eintrag.antrag} titel={`Antrag: ${eintrag.zusammenfassung}`} />}
      {/* an application event changes no data: its block says what it asked for, no empty table below */}
      {(!eintrag.antrag || liste.length > 0) && <GeaenderteFelder liste={liste} titel={`Geänderte Felder: ${eintrag.zusammenfassung}`} />}
      {!!eintrag.weitereAenderungen && <p className="text-sm text-gray-700">{weitereAenderungenText(eintrag.weitereAenderungen)}</p>}
    </div>
  );
}

function GeaenderteFelder({ liste, titel }: { liste: NonNullable<VerlaufEintrag['aenderungen']>; titel: string }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{titel}</caption>
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

/** 'dd.MM.yyyy HH:mm:ss' that breaks between day and time where the space is short. */
function Zeitpunkt({ iso }: { iso: string }) {
  const [tag, ...zeit] = zeitpunkt(iso).split(' ');
  return (
    <>
      <span className="whitespace-nowrap">{tag}</span> <span className="whitespace-nowrap">{zeit.join(' ')}</span>
    </>
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
        // day and time on two lines on a phone, so the Ereignis column is in view at 390 px
        cell: (c) => <Zeitpunkt iso={c.row.original.zeitpunkt} />,
      },
      { id: 'akteur', header: 'Wer', accessorFn: (e) => e.akteur },
      {
        id: 'ereignis',
        header: 'Ereignis',
        accessorFn: (e) => e.zusammenfassung || e.ereignis,
        // a long word ('Änderungsantrag') may break, so the column fits a phone's width
        cell: (c) => <span className="hyphens-auto [overflow-wrap:anywhere]">{String(c.getValue())}</span>,
      },
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
