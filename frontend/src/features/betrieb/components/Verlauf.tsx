import { useQuery } from '@tanstack/react-query';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { DataTable } from '@/components/DataTable';
import { Laden } from '@/components/Laden';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { betriebQuery, standQuery, verlaufQuery, type VerlaufEintrag } from '@/features/betrieb/api/betrieb';
import { BetriebNurLesen, HistorischBanner } from './BetriebNurLesen';
import { ZURUECK_AKTUELL } from './Betriebsdaten';
import { STAND_PARAM } from './parameter';

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
 * Route /betriebsakte/:id/verlauf (auditors, rechte.verlaufLesen): every event of the operation
 * with who, when and the changed fields; 'Stand anzeigen' replays the operation up to an event
 * (?stand=<version>) and shows it read-only.
 */
export function Verlauf() {
  useDocumentTitle('Verlauf');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const betrieb = useQuery(betriebQuery(id));
  const stand = params.get(STAND_PARAM);
  if (betrieb.isPending) return <Laden />;
  if (betrieb.data && !betrieb.data.rechte?.verlaufLesen) return <Navigate to="/unautorisiert" replace />;
  return stand !== null ? <Stand id={id} version={Number(stand)} /> : <VerlaufTabelle id={id} />;
}

function VerlaufTabelle({ id }: { id: string }) {
  const verlauf = useQuery(verlaufQuery(id));
  const [, setParams] = useSearchParams();
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
      {
        id: 'aktion',
        header: () => <span className="sr-only">Aktionen</span>,
        enableSorting: false,
        cell: ({ row: { original: e } }) => (
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs whitespace-nowrap"
            aria-label={`Stand vom ${zeitpunkt(e.zeitpunkt)} anzeigen`}
            onClick={(ev) => {
              ev.stopPropagation();
              setParams((p) => {
                const n = new URLSearchParams(p);
                n.set(STAND_PARAM, String(e.version));
                return n;
              });
            }}
          >
            Stand anzeigen
          </Button>
        ),
      },
    ],
    [setParams],
  );
  return (
    <section aria-labelledby="verlauf-titel" className="space-y-4">
      <h1 id="verlauf-titel" className="text-2xl font-semibold">
        Verlauf
      </h1>
      <p className="text-sm text-gray-700">
        Alle Änderungen des Betriebs mit Zeitpunkt und Urheber. Öffnen Sie eine Zeile für die geänderten Felder; „Stand anzeigen“
        zeigt den Betrieb, wie er nach dieser Änderung war.
      </p>
      <DataTable<VerlaufEintrag>
        caption="Verlauf"
        captionHidden
        columns={columns}
        data={verlauf.data ?? []}
        getRowId={(e) => String(e.version)}
        isLoading={verlauf.isPending}
        sorting={sorting}
        onSortingChange={setSorting}
        renderDetail={(e) => <Aenderungen eintrag={e} />}
      />
    </section>
  );
}

function Stand({ id, version }: { id: string; version: number }) {
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const stand = useQuery(standQuery(id, version));
  const verlauf = useQuery(verlaufQuery(id));
  const eintrag = verlauf.data?.find((e) => e.version === version);
  const zumVerlauf = () =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.delete(STAND_PARAM);
      return n;
    });
  return (
    <section aria-labelledby="stand-titel" className="space-y-4">
      <h1 id="stand-titel" className="text-2xl font-semibold">
        Verlauf: Stand
      </h1>
      <HistorischBanner
        aktionen={
          <>
            <Button variant="secondary" onClick={zumVerlauf}>
              Zurück zum Verlauf
            </Button>
            <Button onClick={() => navigate(`/betriebsakte/${encodeURIComponent(id)}/betriebsdaten?modus=l`)}>{ZURUECK_AKTUELL}</Button>
          </>
        }
      >
        <p className="font-semibold">
          Stand nach der Änderung {eintrag ? `vom ${zeitpunkt(eintrag.zeitpunkt)}` : `Nr. ${version}`}
        </p>
        {eintrag && (
          <p>
            {eintrag.zusammenfassung || eintrag.ereignis} – {eintrag.akteur}
          </p>
        )}
        <p>Die Daten dieses Stands sind nicht bearbeitbar.</p>
      </HistorischBanner>
      {stand.isPending ? <Laden /> : stand.data ? <BetriebNurLesen betrieb={stand.data} /> : null}
    </section>
  );
}
