import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { Laden } from '@/components/Laden';
import { Aenderungen } from '@/components/Verlauf';
import { DataTable } from '@/components/DataTable';
import { Datumsfeld } from '@/components/Datumsfeld';
import { FormField, inputClass } from '@/components/FormField';
import { Suchformular } from '@/components/Suchformular';
import { useServerTabelle } from '@/components/useServerTabelle';
import { formatDateTime, isoDateFromGerman } from '@/lib/format';
import { rolleLabel } from '@/lib/rollen';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { auditEreignisQuery, auditListQuery, ereignisartenQuery, type AuditEintrag, type AuditQuery } from '@/features/audit/api/audit';

interface Filter {
  betriebsNr: string;
  benutzer: string;
  ereignis: string;
  von: string;
  bis: string;
}

const EMPTY_FILTER: Filter = { betriebsNr: '', benutzer: '', ereignis: '', von: '', bis: '' };
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
  { id: 'rollen', header: 'Rollen', enableSorting: false, cell: (c) => c.row.original.rollen.map(rolleLabel).join(', ') },
  {
    id: 'objekt',
    header: 'Objekt',
    enableSorting: false,
    // the object by its name; its kind and number below for who follows it further (issue 28)
    cell: ({ row: { original: e } }) =>
      e.objektName ? (
        <>
          {e.objektName}
          <span className="block text-xs text-gray-700">{e.objekt}</span>
        </>
      ) : (
        e.objekt || e.streamId
      ),
  },
  { id: 'version', header: 'Version', enableSorting: false, cell: (c) => c.row.original.version },
  { id: 'ereignis', header: 'Ereignis', enableSorting: false, cell: (c) => c.row.original.ereignis || c.row.original.eventType },
  { id: 'zusammenfassung', header: 'Zusammenfassung', enableSorting: false, cell: (c) => c.row.original.zusammenfassung },
];

/** The changes of the event as its object's Verlauf shows them. */
function Aenderungsdetail({ e }: { e: AuditEintrag }) {
  const detail = useQuery(auditEreignisQuery(e.position));
  if (detail.isPending) return <Laden />;
  if (!detail.data) return null;
  return (
    <Aenderungen
      eintrag={{
        zusammenfassung: e.ereignis || e.eventType,
        aenderungen: detail.data.aenderungen,
        weitereAenderungen: detail.data.weitereAenderungen,
        antrag: detail.data.antrag,
      }}
    />
  );
}

/** The event's data: from the page, or — when the page left big data out (datenGekuerzt) — from the entry itself. */
function Rohdaten({ e }: { e: AuditEintrag }) {
  const detail = useQuery({ ...auditEreignisQuery(e.position), enabled: !!e.datenGekuerzt });
  if (e.datenGekuerzt && detail.isPending) return <Laden />;
  const daten = e.datenGekuerzt ? detail.data?.daten : e.daten;
  return <pre className="mt-1 max-h-96 overflow-auto rounded border border-gray-300 bg-white p-3">{JSON.stringify(daten, null, 2)}</pre>;
}

function EventDetail({ e }: { e: AuditEintrag }) {
  const meta: [string, string | undefined][] = [
    ['Position', String(e.position)],
    ['Organisation', e.organisationName || e.organisation],
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
      <h3 className="text-sm font-semibold">Änderungen</h3>
      <Aenderungsdetail e={e} />
      <details className="text-xs">
        <summary className="cursor-pointer font-semibold">Rohdaten anzeigen</summary>
        <h3 className="sr-only">Ereignisdaten</h3>
        <p className="mt-1 font-mono">{e.eventType} · {e.streamId}</p>
        <Rohdaten e={e} />
      </details>
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
      betriebsNr: filter.betriebsNr.trim() || undefined,
      benutzer: filter.benutzer.trim() || undefined,
      ereignis: filter.ereignis.trim() || undefined,
      von: von ? startOfDay(von) : undefined,
      // 'Bis' is inclusive for the user; the API's bis is exclusive
      bis: bis ? startOfDay(bis, 1) : undefined,
      page: pagination.pageIndex,
      size: pagination.pageSize,
      sortDirection: sorting[0]?.desc === false ? 'ASC' : 'DESC',
    };
  }, [filter, pagination, sorting]);

  const { data, isFetching, isPending } = useQuery(auditListQuery(query));
  const arten = useQuery(ereignisartenQuery());
  const phrasen = [...new Set((arten.data ?? []).map((a) => a.phrase))];
  const listeId = useId();

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
        <FormField label="Betriebs-Nr." hint="mit den Anlagen des Betriebs">
          <input className={inputClass} value={draft.betriebsNr} onChange={set('betriebsNr')} maxLength={200} />
        </FormField>
        <FormField label="Benutzer" hint="Name oder Benutzername">
          <input className={inputClass} value={draft.benutzer} onChange={set('benutzer')} maxLength={200} />
        </FormField>
        <FormField label="Ereignis" hint="z. B. Betrieb freigegeben">
          <input className={inputClass} value={draft.ereignis} onChange={set('ereignis')} list={listeId} maxLength={200} />
        </FormField>
        <datalist id={listeId}>
          {phrasen.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
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
