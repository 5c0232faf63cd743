import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { DataTable } from '../../../components/DataTable';
import { FormField, inputClass } from '../../../components/FormField';
import { Suchformular } from '../../../components/Suchformular';
import { useServerTabelle } from '../../../components/useServerTabelle';
import { ApiError, isAbortError } from '../../../lib/api';
import { useDarf, useMe } from '../../../lib/auth';
import { handleGlobalError } from '../../../lib/errors';
import { betriebeQuery, type BetriebZeile } from '../api/betriebe';
import { BetriebAnlegenDialog } from './BetriebAnlegenDialog';

const FREIGABESTATUS: Record<string, string> = { BEANTRAGT: 'Beantragt', FREIGEGEBEN: 'Freigegeben', ABGEWIESEN: 'Abgewiesen' };

const text = (v: string | { value?: string; bezeichnung?: string } | undefined) =>
  typeof v === 'object' && v !== null ? (v.value ?? v.bezeichnung ?? '') : (v ?? '');

export const betriebPfad = (id: number) => `/betriebsakte/${id}/betriebsdaten?modus=l`;

/**
 * The operations the user may see (server paging), a search, and the way to a new one. The
 * worklists of the start page come with a later issue.
 */
export function BetriebeListe() {
  const darf = useDarf();
  const me = useMe();
  const navigate = useNavigate();
  // after a request the list waits until it holds it (read-your-writes, DESIGN §4)
  const minPosition = (useLocation().state as { minPosition?: number } | null)?.minPosition;
  const [eingabe, setEingabe] = useState('');
  const [q, setQ] = useState('');
  const [anlegen, setAnlegen] = useState(false);
  const { pagination, sorting, zurErstenSeite, tabelle } = useServerTabelle([{ id: 'bezeichnung', desc: false }]);
  const seite = useQuery(
    betriebeQuery({
      q: q || undefined,
      page: pagination.pageIndex,
      size: pagination.pageSize,
      sortProperty: sorting[0]?.id ?? 'bezeichnung',
      sortDirection: sorting[0]?.desc ? 'desc' : 'asc',
      minPosition,
    }),
  );
  useEffect(() => {
    const e = seite.error;
    if (!e || isAbortError(e)) return;
    // an ended session goes the global way (login); anything else is told in place
    if (e instanceof ApiError && e.status === 401) handleGlobalError(e);
    else if (!(e instanceof ApiError) || e.status >= 500) console.error(e);
  }, [seite.error]);
  // operators and their delegates request; staff create (both as a request, spec 000 §4)
  const anlegenText = me.data?.globaleRolle === 'ORGANISATION' ? 'Betrieb beantragen' : 'Betrieb anlegen';

  const columns = useMemo<ColumnDef<BetriebZeile, unknown>[]>(
    () => [
      { id: 'betriebsId', header: 'Betriebs-Nr.', accessorFn: (b) => b.betriebsId },
      {
        id: 'bezeichnung',
        header: 'Bezeichnung',
        accessorFn: (b) => b.bezeichnung,
        cell: ({ row: { original: b } }) => (
          <Link to={betriebPfad(b.id)} className="text-blue-800 underline hover:text-blue-950" onClick={(e) => e.stopPropagation()}>
            {b.bezeichnung}
          </Link>
        ),
      },
      { id: 'betreiber', header: 'Betreiber', accessorFn: (b) => text(b.betreiber) },
      { id: 'ort', header: 'Ort', accessorFn: (b) => b.ort ?? '' },
      { id: 'betriebsstatus', header: 'Betriebsstatus', accessorFn: (b) => text(b.betriebsstatus) },
      {
        id: 'freigabestatus',
        header: 'Freigabestatus',
        accessorFn: (b) => FREIGABESTATUS[b.freigabestatus ?? ''] ?? b.freigabestatus ?? '',
      },
    ],
    [],
  );

  return (
    <section aria-labelledby="betriebe-titel" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="betriebe-titel" className="text-xl font-semibold">
          Betriebe
        </h2>
        {darf('BETRIEB_BEANTRAGEN') && <Button onClick={() => setAnlegen(true)}>{anlegenText}</Button>}
      </div>
      <Suchformular
        label="Betriebe suchen"
        spalten="sm:grid-cols-[1fr_auto]"
        aktionenClassName="items-end"
        onSuchen={() => {
          const neu = eingabe.trim();
          // 'Suchen' always asks the server again, also for the same text
          if (neu === q && pagination.pageIndex === 0) void seite.refetch();
          setQ(neu);
          zurErstenSeite();
        }}
        onZuruecksetzen={() => {
          setEingabe('');
          setQ('');
          zurErstenSeite();
        }}
      >
        <FormField label="Suche" hint="Betriebs-Nr., Bezeichnung, Betreiber oder Ort">
          <input name="q" type="search" className={inputClass} value={eingabe} onChange={(e) => setEingabe(e.target.value)} />
        </FormField>
      </Suchformular>
      {seite.isError && <p className="text-sm text-red-700">Die Betriebe konnten nicht geladen werden.</p>}
      <DataTable<BetriebZeile>
        caption="Betriebe"
        captionHidden
        columns={columns}
        data={seite.data?.content ?? []}
        getRowId={(b) => String(b.id)}
        {...tabelle}
        rowCount={seite.data?.totalElements ?? 0}
        isLoading={seite.isPending || seite.isFetching}
        onRowClick={(b) => navigate(betriebPfad(b.id))}
      />
      {anlegen && <BetriebAnlegenDialog titel={anlegenText} onClose={() => setAnlegen(false)} />}
    </section>
  );
}
