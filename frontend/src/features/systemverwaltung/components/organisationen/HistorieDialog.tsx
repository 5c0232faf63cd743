import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Button } from '@/components/Button';
import { DataTable } from '@/components/DataTable';
import { Dialog } from '@/components/Dialog';
import { Laden } from '@/components/Laden';
import { versionsSpalten } from '@/components/Versionsspalten';
import { organisationHistorieQuery, type Organisation, type OrganisationsVersion } from '@/features/systemverwaltung/api/organisationen';
import { ORGANISATION_STATUS } from '@/features/systemverwaltung/components/bezeichnungen';

const anschrift = (v: OrganisationsVersion) => {
  const a = v.organisation?.adresse;
  if (!a) return '';
  return [[a.strasse, a.hausnummer].filter(Boolean).join(' '), [a.plz, a.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ');
};

const columns = versionsSpalten<OrganisationsVersion>([
  { id: 'bezeichnung', header: 'Bezeichnung', accessorFn: (v) => v.organisation?.bezeichnung ?? '' },
  { id: 'anschrift', header: 'Anschrift', accessorFn: anschrift },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (v) => ORGANISATION_STATUS.find((s) => s.value === v.organisation?.status)?.label ?? v.organisation?.status ?? '',
  },
]);

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
