import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DataTable } from '@/components/DataTable';
import { useModus } from '@/lib/modus';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { ANLAGENSTATUS, ANLAGENTYPEN, anlageQuery, indirekteinleiterQuery, pfadDesTyps, type AnlagenZeile } from '@/features/anlage/api/anlage';

// Verbatim text of spec 000 §2 ("Indirect dischargers per plant").
export const EIGENER_BETRIEB = 'Indirekteinleiter eigener Betrieb anzeigen';

/**
 * Route /betriebsakte/:id/:typ/:anlageid/indirekteinleiter: the plants that discharge into this
 * one, of any operation the caller sees; those of the plant's own operation only with the toggle.
 */
export function Indirekteinleiter() {
  useDocumentTitle('Indirekteinleiter');
  const { anlageid = '' } = useParams();
  const { modus } = useModus();
  const anlage = useQuery(anlageQuery(anlageid));
  const liste = useQuery(indirekteinleiterQuery(anlageid));
  const [eigene, setEigene] = useState(true);
  const betriebId = anlage.data?.betrieb.id;
  const zeilen = (liste.data ?? []).filter((z) => eigene || z.betriebId !== betriebId);
  const spalten = useMemo<ColumnDef<AnlagenZeile, unknown>[]>(
    () => [
      {
        id: 'bezeichnung',
        header: 'Abwasseranlage',
        accessorFn: (z) => z.bezeichnung ?? '',
        cell: ({ row: { original: z } }) => (
          <Link className="text-blue-800 underline" to={`/betriebsakte/${z.betriebId}/${pfadDesTyps(z.anlagentyp ?? '')}/${z.id}/anlagendaten?modus=${modus}`}>
            {z.bezeichnung}
          </Link>
        ),
      },
      { id: 'anlagentyp', header: 'Anlagentyp', accessorFn: (z) => ANLAGENTYPEN.find((t) => t.id === z.anlagentyp)?.label ?? z.anlagentyp ?? '' },
      { id: 'betrieb', header: 'Betrieb', accessorFn: (z) => z.betrieb ?? '' },
      { id: 'status', header: 'Status', accessorFn: (z) => ANLAGENSTATUS.find((s) => s.value === z.anlagenstatus)?.label ?? z.anlagenstatus ?? '' },
    ],
    [modus],
  );
  return (
    <section aria-labelledby="indirekt-titel" className="space-y-4">
      <h1 id="indirekt-titel" className="text-2xl font-semibold">
        Indirekteinleiter{anlage.data ? `: ${anlage.data.bezeichnung}` : ''}
      </h1>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={eigene} onChange={(e) => setEigene(e.target.checked)} />
        {EIGENER_BETRIEB}
      </label>
      <DataTable<AnlagenZeile> caption="Indirekteinleiter" captionHidden columns={spalten} data={zeilen} isLoading={liste.isPending} getRowId={(z) => String(z.id)} />
    </section>
  );
}
