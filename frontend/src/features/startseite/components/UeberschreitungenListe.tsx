import { useQuery } from '@tanstack/react-query';
import type { ColumnDef, PaginationState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '@/components/DataTable';
import { Berichtsjahrfeld } from '@/components/Berichtsjahrfeld';
import { ueberschreitungenPfad } from '@/lib/jahresbericht';
import { ueberschreitungBetriebeQuery, type UeberschreitungBetrieb } from '@/features/startseite/api/ueberschreitungen';
import { ARBEITSLISTE_SEITE } from './seitengroesse';
import { LISTE_ID } from './liste';

/** The report year the tab starts with: last year's reports are the ones being checked. */
export const standardjahr = (heute: Date = new Date()) => heute.getFullYear() - 1;

/**
 * Tab 'Überschreitungen' of the start page (beyond the spec, issue 31): the operations the user
 * sees whose annual reports of a year hold values above a limit, those with the most values not
 * kept by the 4-of-5 rule of § 6 Abs. 1 AbwV first (the server's order); each leads to the
 * operation's exceedances.
 */
export function UeberschreitungenListe() {
  const [jahr, setJahr] = useState(standardjahr());
  const [seite, setSeite] = useState<PaginationState>({ pageIndex: 0, pageSize: ARBEITSLISTE_SEITE });
  const liste = useQuery(ueberschreitungBetriebeQuery(jahr, seite.pageIndex, seite.pageSize));
  const spalten = useMemo<ColumnDef<UeberschreitungBetrieb, unknown>[]>(
    () => [
      {
        id: 'betrieb',
        header: 'Betrieb',
        enableSorting: false,
        accessorFn: (b) => b.betrieb,
        cell: ({ row: { original: b } }) => (
          <Link to={ueberschreitungenPfad(b.betriebId, b.jahr)} className="text-blue-800 underline hover:text-blue-950">
            {b.betrieb}
          </Link>
        ),
      },
      { id: 'betriebsNr', header: 'Betriebs-Nr.', enableSorting: false, accessorFn: (b) => b.betriebsNr },
      { id: 'ueberschreitungen', header: 'Überschreitungen', enableSorting: false, accessorFn: (b) => b.ueberschreitungen },
      {
        id: 'nichtEingehalten',
        header: 'davon nicht eingehalten',
        enableSorting: false,
        accessorFn: (b) => b.nichtEingehalten,
        cell: ({ row: { original: b } }) => (
          <span className={b.nichtEingehalten > 0 ? 'font-semibold text-red-800' : ''}>{b.nichtEingehalten}</span>
        ),
      },
      { id: 'parameterVerfehlt', header: 'Parameter nicht eingehalten', enableSorting: false, accessorFn: (b) => b.parameterVerfehlt },
    ],
    [],
  );
  return (
    <section aria-labelledby="ueberschreitungen-titel" className="space-y-3">
      <h2 id="ueberschreitungen-titel" className="text-xl font-semibold">
        Überschreitungen
      </h2>
      <Berichtsjahrfeld
        value={String(jahr)}
        onChange={(j) => {
          setJahr(Number(j));
          setSeite((s) => ({ ...s, pageIndex: 0 }));
        }}
      />
      <DataTable<UeberschreitungBetrieb>
        caption={`Betriebe mit Überschreitungen im Berichtsjahr ${jahr}`}
        captionHidden
        id={LISTE_ID}
        columns={spalten}
        data={liste.data?.content ?? []}
        getRowId={(b) => String(b.betriebId)}
        manual
        rowCount={liste.data?.totalElements ?? 0}
        pagination={seite}
        onPaginationChange={setSeite}
        isLoading={liste.isPending}
      />
    </section>
  );
}
