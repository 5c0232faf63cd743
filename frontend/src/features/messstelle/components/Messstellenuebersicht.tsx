import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DataTable } from '@/components/DataTable';
import { useDarf } from '@/lib/auth';
import { useModus } from '@/lib/modus';
import { useAktenLink } from '@/lib/stand';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { FREIGABESTATUS, messstellenDerAnlageQuery, statusLabel, type MessstellenZeile } from '@/features/messstelle/api/messstelle';
import { anlageDerMessstellenQuery } from '@/features/messstelle/api/umfeld';
import { useMessstellentypen } from './MessstelleFormular';
import { messstellenPfad } from './pfade';

export const MESSSTELLE_ANLEGEN = 'Messstelle anlegen';
// Ours: why the action is missing where it would be expected.
export const HINWEIS_BEARBEITUNGSMODUS = 'Messstellen legen Sie im Bearbeitungsmodus an.';
export const HINWEIS_AUSSER_BETRIEB = 'Unter einer stillgelegten Anlage können keine Messstellen angelegt werden.';

/**
 * Route /betriebsakte/:id/:typ/:anlageid/messstellen (spec 000 §2): the measuring points of a
 * plant with Messstellen-Nr., Messstelle, Messstellentyp and Status; 'Messstelle anlegen' for
 * whom may (MESSSTELLE_ANLEGEN), in edit mode, below a plant in operation (spec 000 §4/§6).
 */
export function Messstellenuebersicht() {
  useDocumentTitle('Messstellen');
  const { id = '', typ = '', anlageid = '' } = useParams();
  const { modus } = useModus();
  const link = useAktenLink();
  const darf = useDarf();
  const liste = useQuery(messstellenDerAnlageQuery(anlageid));
  const anlage = useQuery(anlageDerMessstellenQuery(anlageid));
  const typen = useMessstellentypen();
  const columns = useMemo<ColumnDef<MessstellenZeile, unknown>[]>(
    () => [
      {
        id: 'messstellenId',
        header: 'Messstellen-Nr.',
        accessorFn: (z) => z.messstellenId,
        cell: ({ row: { original: z } }) => (
          <Link to={link(`${messstellenPfad(id, typ, anlageid, z.id)}/messstellendaten`)} className="text-blue-800 underline hover:text-blue-950">
            {z.messstellenId}
          </Link>
        ),
      },
      { id: 'bezeichnung', header: 'Messstelle', accessorFn: (z) => z.bezeichnung },
      { id: 'messstellentyp', header: 'Messstellentyp', accessorFn: (z) => typen.find((t) => t.value === z.messstellentyp)?.label ?? z.messstellentyp },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (z) => statusLabel(z.messstellenstatus),
        cell: ({ row: { original: z } }) => (
          <span>
            {statusLabel(z.messstellenstatus)}
            {z.freigabestatus !== 'FREIGEGEBEN' && <span className="ml-1 text-sm text-gray-700">(Freigabe: {FREIGABESTATUS[z.freigabestatus] ?? z.freigabestatus})</span>}
          </span>
        ),
      },
    ],
    [id, typ, anlageid, link, typen],
  );
  const anlegbar = darf('MESSSTELLE_ANLEGEN') && modus === 's' && anlage.data && !anlage.data.ausserBetrieb;
  return (
    <section aria-labelledby="messstellen-titel" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="messstellen-titel" className="text-2xl font-semibold">
            Messstellen
          </h1>
          {anlage.data && <p className="text-sm text-gray-700">der Anlage {anlage.data.bezeichnung}</p>}
        </div>
        {anlegbar && (
          <Link
            to={`${messstellenPfad(id, typ, anlageid, 'neu')}/messstellendaten?modus=s`}
            className="rounded border border-blue-800 bg-blue-800 px-4 py-2 text-sm font-medium text-white hover:bg-blue-900"
          >
            {MESSSTELLE_ANLEGEN}
          </Link>
        )}
      </div>
      {darf('MESSSTELLE_ANLEGEN') && !anlegbar && anlage.data && (
        <p className="text-sm text-gray-700">{anlage.data.ausserBetrieb ? HINWEIS_AUSSER_BETRIEB : HINWEIS_BEARBEITUNGSMODUS}</p>
      )}
      <DataTable<MessstellenZeile>
        caption="Messstellen"
        captionHidden
        columns={columns}
        data={liste.data ?? []}
        getRowId={(z) => String(z.id)}
        isLoading={liste.isPending}
      />
    </section>
  );
}
