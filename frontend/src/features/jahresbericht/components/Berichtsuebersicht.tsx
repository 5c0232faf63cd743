import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AufrufFehler } from '@/components/akte/AufrufFehler';
import { DataTable } from '@/components/DataTable';
import { Laden } from '@/components/Laden';
import { Tabs } from '@/components/Tabs';
import { useDarf } from '@/lib/auth';
import { formatDate, formatDateTimeMinutes } from '@/lib/format';
import { rolleLabel } from '@/lib/rollen';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { berichteDesBetriebsQuery, type BerichtZeile } from '@/features/jahresbericht/api/jahresbericht';
import { jahresberichtPfad, statustext } from '@/lib/jahresbericht';
import { MSG_AUFRUF_FEHLER } from './Jahresberichtdaten';
import { MesswerteDesBetriebs } from './MesswerteDesBetriebs';

/**
 * Route …/jahresbericht/uebersicht: the annual report area of the operation (spec 001 §2.6, the
 * tree's Übersicht) with its two tabs, Jahresberichte and Messwerte.
 */
export function Berichtsuebersicht() {
  useDocumentTitle('Jahresberichte');
  const { id = '' } = useParams();
  const darf = useDarf();
  const berichte = useQuery(berichteDesBetriebsQuery(id));
  const [reiter, setReiter] = useState('jahresberichte');
  const spalten = useMemo<ColumnDef<BerichtZeile, unknown>[]>(
    () => [
      { id: 'jahr', header: 'Berichtsjahr', accessorFn: (z) => z.jahr },
      { id: 'anlagenId', header: 'Anlagen-Nr.', accessorFn: (z) => z.anlagenId },
      {
        id: 'anlage',
        header: 'Anlagen-Name',
        accessorFn: (z) => z.anlageBezeichnung,
        cell: ({ row: { original: z } }) => (
          <Link to={jahresberichtPfad(id, z.id ?? 0)} className="text-blue-800 underline hover:text-blue-950">
            {z.anlageBezeichnung}
          </Link>
        ),
      },
      { id: 'von', header: 'Von', accessorFn: (z) => formatDate(z.von) },
      { id: 'bis', header: 'Bis', accessorFn: (z) => formatDate(z.bis) },
      { id: 'status', header: 'Status', accessorFn: (z) => statustext(z.status) },
      { id: 'geaendert', header: 'Geändert', accessorFn: (z) => formatDateTimeMinutes(z.geaendert) },
      {
        id: 'eingereichtVon',
        header: 'Eingereicht von',
        accessorFn: (z) => (z.eingereichtVon ? `${z.eingereichtVon.person?.name ?? ''} (${rolleLabel(z.eingereichtVon.funktionaleRolle ?? '')})` : ''),
      },
    ],
    [id],
  );
  if (berichte.isError) return <AufrufFehler text={MSG_AUFRUF_FEHLER} onNeu={() => void berichte.refetch()} />;
  if (!berichte.data) return <Laden />;
  return (
    <section aria-labelledby="berichte-titel" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="berichte-titel" className="text-2xl font-semibold">
          Jahresberichte
        </h1>
        {darf('JAHRESBERICHT_ANLEGEN') && (
          <Link
            to={jahresberichtPfad(id, 'neu', 's')}
            className="rounded border border-blue-800 bg-blue-800 px-4 py-2 text-sm font-medium text-white hover:bg-blue-900"
          >
            Jahresbericht anlegen
          </Link>
        )}
      </div>
      <Tabs
        label="Jahresberichte und Messwerte"
        value={reiter}
        onChange={setReiter}
        tabs={[
          {
            id: 'jahresberichte',
            label: 'Jahresberichte',
            content: <DataTable columns={spalten} data={berichte.data} caption="Jahresberichte des Betriebs" getRowId={(z) => String(z.id)} />,
          },
          { id: 'messwerte', label: 'Messwerte', content: <MesswerteDesBetriebs betriebId={id} /> },
        ]}
      />
    </section>
  );
}
