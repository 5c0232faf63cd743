import { useQuery } from '@tanstack/react-query';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DataTable } from '@/components/DataTable';
import { Datumsfeld } from '@/components/Datumsfeld';
import { Auswahlfeld, useWerteliste } from '@/components/felder';
import { Suchformular } from '@/components/Suchformular';
import { useServerTabelle } from '@/components/useServerTabelle';
import { formatBis, formatDate } from '@/lib/format';
import { useAktenLink } from '@/lib/stand';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { bescheidartenQuery, bescheideQuery, type BescheidFilter, type BescheidZeile } from '@/features/bescheiduebersicht/api/uebersichten';
import { alsSuchdatum, BESCHEIDSTATUS, bescheidPfad, MSG_DATUM } from './anzeige';

export const TITEL = 'Übersicht Bescheide/Erklärungen';

interface Entwurf {
  bescheidQualitaet: string;
  bescheidart: string;
  /** TT.MM.JJJJ as typed */
  von: string;
  bis: string;
}

const LEER: Entwurf = { bescheidQualitaet: '', bescheidart: '', von: '', bis: '' };
const START: SortingState = [{ id: 'bescheidsdatum', desc: true }];

/**
 * Route …/bescheiduebersicht: the Bescheide of the operation (spec 001 §2.2), filtered by
 * quality, kind (of that quality) and a period of the Bescheid's date; each row leads to its
 * data screen to read, and to edit where the caller may; the remark opens under the row.
 */
export function Bescheiduebersicht() {
  const { id = '' } = useParams();
  const link = useAktenLink();
  useDocumentTitle(TITEL);
  const [entwurf, setEntwurf] = useState<Entwurf>(LEER);
  const [filter, setFilter] = useState<BescheidFilter>({ bescheidQualitaet: '', bescheidart: '', von: '', bis: '' });
  const [fehler, setFehler] = useState<Partial<Record<'von' | 'bis', string>>>({});
  const { pagination, sorting, zurErstenSeite, tabelle } = useServerTabelle(START);
  const qualitaeten = useWerteliste('bescheidqualitaet');
  // the kinds are filtered by the quality's entry id; the search takes the texts the rows show
  const qualitaetId = qualitaeten.find((q) => q.value === entwurf.bescheidQualitaet)?.id;
  const arten = useQuery({ ...bescheidartenQuery(qualitaetId === undefined ? '' : String(qualitaetId)), enabled: !entwurf.bescheidQualitaet || qualitaetId !== undefined });
  const seite = useQuery(
    bescheideQuery(id, {
      ...filter,
      page: pagination.pageIndex,
      size: pagination.pageSize,
      sortProperty: sorting[0]?.id ?? 'bescheidsdatum',
      sortDirection: sorting[0]?.desc ? 'desc' : 'asc',
    }),
  );

  const suchen = () => {
    const von = alsSuchdatum(entwurf.von);
    const bis = alsSuchdatum(entwurf.bis);
    const f = { von: von === null ? MSG_DATUM : undefined, bis: bis === null ? MSG_DATUM : undefined };
    setFehler(f);
    if (von === null || bis === null) return;
    const neu = { bescheidQualitaet: entwurf.bescheidQualitaet, bescheidart: entwurf.bescheidart, von, bis };
    // the same filter searches again (the list may have changed meanwhile)
    if (JSON.stringify(neu) === JSON.stringify(filter)) void seite.refetch();
    setFilter(neu);
    zurErstenSeite();
  };
  const zuruecksetzen = () => {
    setEntwurf(LEER);
    setFehler({});
    setFilter({ bescheidQualitaet: '', bescheidart: '', von: '', bis: '' });
    zurErstenSeite();
  };

  const spalten = useMemo<ColumnDef<BescheidZeile, unknown>[]>(
    () => [
      { id: 'bescheidQualitaet', header: 'Bescheidqualität', accessorKey: 'bescheidQualitaet' },
      { id: 'bescheidart', header: 'Bescheidart', accessorKey: 'bescheidart' },
      { id: 'behoerde', header: 'Behörde', accessorKey: 'behoerde' },
      { id: 'aktenzeichen', header: 'Aktenzeichen', accessorKey: 'aktenzeichen' },
      { id: 'bescheidsstatus', header: 'Status', accessorKey: 'bescheidsstatus', cell: ({ row }) => BESCHEIDSTATUS[row.original.bescheidsstatus] ?? row.original.bescheidsstatus },
      { id: 'bescheidsdatum', header: 'Bescheiddatum', accessorKey: 'bescheidsdatum', cell: ({ row }) => formatDate(row.original.bescheidsdatum) },
      { id: 'ablaufdatum', header: 'Ablaufdatum', accessorKey: 'ablaufdatum', cell: ({ row }) => formatBis(row.original.ablaufdatum) },
      {
        id: 'aktionen',
        header: () => <span className="sr-only">Aktionen</span>,
        enableSorting: false,
        cell: ({ row }) => {
          const z = row.original;
          const name = `${z.bescheidart}${z.aktenzeichen ? `, Az. ${z.aktenzeichen}` : ''}`;
          return (
            <span className="flex gap-3 whitespace-nowrap" onClick={(e) => e.stopPropagation()}>
              <Link to={link(bescheidPfad(id, z), 'l')} className="text-blue-800 underline hover:no-underline" aria-label={`${name} anzeigen`}>
                Anzeigen
              </Link>
              {z.bearbeiten && (
                <Link to={link(bescheidPfad(id, z), 's')} className="text-blue-800 underline hover:no-underline" aria-label={`${name} bearbeiten`}>
                  Bearbeiten
                </Link>
              )}
            </span>
          );
        },
      },
    ],
    [id, link],
  );

  return (
    <section aria-labelledby="bescheiduebersicht-titel" className="space-y-4">
      <h1 id="bescheiduebersicht-titel" className="text-2xl font-semibold">
        {TITEL}
      </h1>
      <Suchformular label="Bescheide filtern" onSuchen={suchen} onZuruecksetzen={zuruecksetzen} spalten="sm:grid-cols-4" aktionenClassName="sm:col-span-4">
        <Auswahlfeld
          label="Bescheidqualität"
          name="bescheidQualitaet"
          value={entwurf.bescheidQualitaet}
          // the kinds depend on the quality: a kind of another quality goes
          onChange={(v) => setEntwurf((e) => ({ ...e, bescheidQualitaet: v, bescheidart: '' }))}
          optionen={qualitaeten.map((q) => ({ value: q.value, label: q.value }))}
          leer="Alle"
        />
        <Auswahlfeld
          label="Bescheidart"
          name="bescheidart"
          value={entwurf.bescheidart}
          onChange={(v) => setEntwurf((e) => ({ ...e, bescheidart: v }))}
          optionen={entwurf.bescheidQualitaet && qualitaetId === undefined ? [] : (arten.data ?? []).map((a) => ({ value: a.value, label: a.value }))}
          leer="Alle"
        />
        <Datumsfeld label="Zeitraum von" name="von" value={entwurf.von} onChange={(v) => setEntwurf((e) => ({ ...e, von: v }))} error={fehler.von} />
        <Datumsfeld label="Zeitraum bis" name="bis" value={entwurf.bis} onChange={(v) => setEntwurf((e) => ({ ...e, bis: v }))} error={fehler.bis} />
      </Suchformular>
      {seite.isError && <p className="text-sm text-red-700">Die Bescheide konnten nicht geladen werden.</p>}
      <DataTable<BescheidZeile>
        caption="Bescheide"
        captionHidden
        columns={spalten}
        data={seite.data?.content ?? []}
        getRowId={(z) => String(z.id)}
        {...tabelle}
        rowCount={seite.data?.totalElements ?? 0}
        isLoading={seite.isPending || seite.isFetching}
        renderDetail={(z) => (
          <p className="text-sm whitespace-pre-wrap">
            <span className="font-semibold">Bemerkung: </span>
            {z.bemerkung || 'Keine Bemerkung'}
          </p>
        )}
      />
    </section>
  );
}
