import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Button } from '../../../../components/Button';
import { DataTable } from '../../../../components/DataTable';
import { Dialog } from '../../../../components/Dialog';
import { Laden } from '../../../../components/Laden';
import { formatDate, formatDateTime } from '../../../../lib/format';
import { organisationHistorieQuery, type Organisation, type OrganisationsVersion } from '../../api/organisationen';
import { ORGANISATION_STATUS } from '../bezeichnungen';

const anschrift = (v: OrganisationsVersion) => {
  const a = v.organisation?.adresse;
  if (!a) return '';
  return [[a.strasse, a.hausnummer].filter(Boolean).join(' '), [a.plz, a.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ');
};

const columns: ColumnDef<OrganisationsVersion, unknown>[] = [
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
        {formatDate(c.row.original.gueltigBis)}
        {c.row.original.aktuell && (
          <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">aktuell</span>
        )}
      </span>
    ),
  },
  { id: 'bezeichnung', header: 'Bezeichnung', accessorFn: (v) => v.organisation?.bezeichnung ?? '' },
  { id: 'anschrift', header: 'Anschrift', accessorFn: anschrift },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (v) => ORGANISATION_STATUS.find((s) => s.value === v.organisation?.status)?.label ?? v.organisation?.status ?? '',
  },
  { id: 'aenderungsgrund', header: 'Änderungsgrund', accessorFn: (v) => v.aenderungsgrund ?? '' },
  {
    id: 'geaendertAm',
    header: 'Geändert am',
    accessorFn: (v) => v.geaendertAm ?? '',
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.row.original.geaendertAm)}</span>,
  },
  { id: 'geaendertVon', header: 'Geändert von', accessorFn: (v) => v.geaendertVon ?? '' },
];

/** The versions of an organisation, newest first; the current one is marked 'aktuell'. */
export function HistorieDialog({ organisation, onClose }: { organisation: Organisation; onClose: () => void }) {
  const historie = useQuery(organisationHistorieQuery(organisation.id));
  const versionen = useMemo(() => [...(historie.data ?? [])].reverse(), [historie.data]);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Historie: ${organisation.bezeichnung}`}
      width={1200}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Schließen
        </Button>
      }
    >
      {historie.isPending ? (
        <Laden />
      ) : (
        <DataTable<OrganisationsVersion>
          caption="Versionen"
          captionHidden
          columns={columns}
          data={versionen}
          getRowId={(v, i) => `${v.gueltigAb ?? ''}-${i}`}
        />
      )}
    </Dialog>
  );
}
