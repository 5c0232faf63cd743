import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/DataTable';
import { Datumsfeld } from '@/components/Datumsfeld';
import { FormField, inputClass } from '@/components/FormField';
import { Suchformular } from '@/components/Suchformular';
import { useServerTabelle } from '@/components/useServerTabelle';
import { formatDateTime, isoDateFromGerman } from '@/lib/format';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { auditListQuery, type AuditEintrag, type AuditQuery } from '@/features/audit/api/getAudit';

interface Filter {
  streamId: string;
  benutzer: string;
  eventType: string;
  von: string;
  bis: string;
}

const EMPTY_FILTER: Filter = { streamId: '', benutzer: '', eventType: '', von: '', bis: '' };
const DATE_ERROR = 'Bitte ein Datum im Format TT.MM.JJJJ eingeben.';

/** Local midnight of an ISO date as an RFC 3339 timestamp; `addDays` shifts it. */
function startOfDay(isoDate: string, addDays = 0): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(y, m - 1, d + addDays).toISOString();
}

const columns: ColumnDef<AuditEintrag, unknown>[] = [
  {
    id: 'zeitpunkt',
    accessorKey: 'zeitpunkt',
    header: 'Zeitpunkt',
    enableSorting: true,
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.row.original.zeitpunkt)}</span>,
  },
  {
    id: 'benutzer',
    header: 'Benutzer',
    enableSorting: false,
    cell: (c) => c.row.original.benutzerName || c.row.original.benutzerId || '',
  },
  { id: 'rollen', header: 'Rollen', enableSorting: false, cell: (c) => c.row.original.rollen.join(', ') },
  { id: 'stream', header: 'Stream', enableSorting: false, cell: (c) => c.row.original.streamId },
  { id: 'version', header: 'Version', enableSorting: false, cell: (c) => c.row.original.version },
  { id: 'eventType', header: 'Ereignistyp', enableSorting: false, cell: (c) => c.row.original.eventType },
  { id: 'zusammenfassung', header: 'Zusammenfassung', enableSorting: false, cell: (c) => c.row.original.zusammenfassung },
];

function EventDetail({ e }: { e: AuditEintrag }) {
  const meta: [string, string | undefined][] = [
    ['Position', String(e.position)],
    ['Organisation', e.organisation],
    ['Request-ID', e.requestId],
    ['Korrelations-ID', e.correlationId],
  ];
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-xs">
        {meta
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-semibold">{k}</dt>
              <dd className="font-mono">{v}</dd>
            </div>
          ))}
      </dl>
      <h3 className="text-sm font-semibold">Ereignisdaten</h3>
      <pre className="max-h-96 overflow-auto rounded border border-gray-300 bg-white p-3 text-xs">
        {JSON.stringify(e.daten, null, 2)}
      </pre>
    </div>
  );
}

export function Ereignisprotokoll() {
  useDocumentTitle('Ereignisprotokoll');
  const [draft, setDraft] = useState<Filter>(EMPTY_FILTER);
  const [filter, setFilter] = useState<Filter>(EMPTY_FILTER);
  const [errors, setErrors] = useState<Partial<Record<keyof Filter, string>>>({});
  const { pagination, sorting, zurErstenSeite, tabelle } = useServerTabelle([{ id: 'zeitpunkt', desc: true }]);

  const query: AuditQuery = useMemo(() => {
    const von = isoDateFromGerman(filter.von);
    const bis = isoDateFromGerman(filter.bis);
    return {
      streamId: filter.streamId.trim() || undefined,
      benutzer: filter.benutzer.trim() || undefined,
      eventType: filter.eventType.trim() || undefined,
      von: von ? startOfDay(von) : undefined,
      // 'Bis' is inclusive for the user; the API's bis is exclusive
      bis: bis ? startOfDay(bis, 1) : undefined,
      page: pagination.pageIndex,
      size: pagination.pageSize,
      sortDirection: sorting[0]?.desc === false ? 'ASC' : 'DESC',
    };
  }, [filter, pagination, sorting]);

  const { data, isFetching, isPending } = useQuery(auditListQuery(query));

  const set = (key: keyof Filter) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  const suchen = () => {
    const next: typeof errors = {};
    if (draft.von.trim() && !isoDateFromGerman(draft.von)) next.von = DATE_ERROR;
    if (draft.bis.trim() && !isoDateFromGerman(draft.bis)) next.bis = DATE_ERROR;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setFilter(draft);
    zurErstenSeite();
  };

  const onReset = () => {
    setDraft(EMPTY_FILTER);
    setFilter(EMPTY_FILTER);
    setErrors({});
    zurErstenSeite();
  };

  return (
    <section aria-labelledby="protokoll-titel" className="space-y-4">
      <h1 id="protokoll-titel" className="text-2xl font-semibold">
        Ereignisprotokoll
      </h1>
      <Suchformular
        label="Ereignisprotokoll filtern"
        onSuchen={suchen}
        onZuruecksetzen={onReset}
        spalten="sm:grid-cols-2 lg:grid-cols-5"
        aktionenClassName="sm:col-span-2 lg:col-span-5"
      >
        <FormField label="Stream">
          <input className={inputClass} value={draft.streamId} onChange={set('streamId')} placeholder="z. B. betrieb-17" />
        </FormField>
        <FormField label="Benutzer">
          <input className={inputClass} value={draft.benutzer} onChange={set('benutzer')} />
        </FormField>
        <FormField label="Ereignistyp">
          <input className={inputClass} value={draft.eventType} onChange={set('eventType')} />
        </FormField>
        <Datumsfeld label="Von" error={errors.von} value={draft.von} onChange={(von) => setDraft((d) => ({ ...d, von }))} />
        <Datumsfeld label="Bis" error={errors.bis} value={draft.bis} onChange={(bis) => setDraft((d) => ({ ...d, bis }))} />
      </Suchformular>

      <DataTable<AuditEintrag>
        caption="Ereignisse"
        captionHidden
        columns={columns}
        data={data?.content ?? []}
        getRowId={(r) => String(r.position)}
        {...tabelle}
        rowCount={data?.totalElements ?? 0}
        isLoading={isPending || isFetching}
        renderDetail={(e) => <EventDetail e={e} />}
      />
    </section>
  );
}
