import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DataTable } from '@/components/DataTable';
import { useAktenLink } from '@/lib/stand';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { anlageQuery, kanalnetzeQuery, type AnlagenZeile } from '@/features/anlage/api/anlage';
import { statusLabel } from './Entlastungsuebersicht';

/**
 * Route /betriebsakte/:id/:typ/:anlageid/kanalnetze (spec 000 §2, "Sewer network overview per
 * parent plant"): the sewer networks below the plant with Abwasseranlage, Kanalsystem,
 * Abwasserart, Aufnehmende Anlage, Betrieb and Status.
 */
export function Kanalnetzuebersicht() {
  useDocumentTitle('Kanalnetze');
  const { anlageid = '' } = useParams();
  const link = useAktenLink();
  const anlage = useQuery(anlageQuery(anlageid));
  const liste = useQuery(kanalnetzeQuery(anlageid));
  const spalten = useMemo<ColumnDef<AnlagenZeile, unknown>[]>(
    () => [
      {
        id: 'bezeichnung',
        header: 'Abwasseranlage',
        accessorFn: (z) => z.bezeichnung ?? '',
        cell: ({ row: { original: z } }) => (
          <Link className="text-blue-800 underline hover:no-underline" to={link(`/betriebsakte/${z.betriebId}/kanalnetz/${z.id}/anlagendaten`)}>
            {z.bezeichnung}
          </Link>
        ),
      },
      { id: 'kanalsystem', header: 'Kanalsystem', accessorFn: (z) => z.kanalsystem ?? '' },
      { id: 'abwasserart', header: 'Abwasserart', accessorFn: (z) => z.abwasserart ?? '' },
      { id: 'aufnahme', header: 'Aufnehmende Anlage', accessorFn: (z) => z.aufnahmeBezeichnung ?? '' },
      { id: 'betrieb', header: 'Betrieb', accessorFn: (z) => z.betrieb ?? '' },
      { id: 'status', header: 'Status', accessorFn: (z) => statusLabel(z.anlagenstatus) },
    ],
    [link],
  );
  return (
    <section aria-labelledby="kanalnetze-titel" className="space-y-4">
      <div>
        <h1 id="kanalnetze-titel" className="text-2xl font-semibold">
          Kanalnetze
        </h1>
        {anlage.data && <p className="text-sm text-gray-700">der Anlage {anlage.data.bezeichnung}</p>}
      </div>
      {liste.isError && <p className="text-sm text-red-700">Die Kanalnetze konnten nicht geladen werden.</p>}
      <DataTable<AnlagenZeile> caption="Kanalnetze" captionHidden columns={spalten} data={liste.data ?? []} getRowId={(z) => String(z.id)} isLoading={liste.isPending} />
    </section>
  );
}
