import { useQuery } from '@tanstack/react-query';
import type { ColumnDef, PaginationState } from '@tanstack/react-table';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '@/components/DataTable';
import { toast } from '@/lib/toast';
import { useLoescheNachricht } from '@/features/startseite/api/loesche-nachricht';
import { useMarkiereGelesen } from '@/features/startseite/api/markiere-gelesen';
import { nachrichtenQuery, type Nachricht } from '@/features/startseite/api/nachrichten';
import { ARBEITSLISTE_SEITE } from './seitengroesse';
import { bezugPfad, formatSendezeit } from './anzeige';
import { NachrichtDialog } from './NachrichtDialog';
import { LISTE_ID } from './liste';

/** Unread messages are shown bold (and named 'Ungelesen' for screen readers, in the Betreff). */
const fett = (n: Nachricht, inhalt: ReactNode) => (n.gelesen ? inhalt : <strong className="font-semibold">{inhalt}</strong>);

/**
 * Tab 'Nachrichten' of the start page (spec 002 §2 Messages): newest first, unread ones bold.
 * Opening one shows its text and marks it read; it can be deleted on closing.
 */
export function NachrichtenListe() {
  const liste = useQuery(nachrichtenQuery());
  const [offen, setOffen] = useState<Nachricht | null>(null);
  const [seite, setSeite] = useState<PaginationState>({ pageIndex: 0, pageSize: ARBEITSLISTE_SEITE });

  const lesen = useMarkiereGelesen();
  const loeschen = useLoescheNachricht({
    onSuccess: (antwort) => {
      if (antwort.message) toast.success(antwort.message);
    },
  });

  const { mutate: lies } = lesen;
  const oeffnen = useCallback(
    (n: Nachricht) => {
      setOffen(n);
      if (!n.gelesen) lies(n);
    },
    [lies],
  );

  const columns = useMemo<ColumnDef<Nachricht, unknown>[]>(
    () => [
      {
        id: 'absendeDatum',
        header: 'Datum',
        accessorFn: (n) => n.absendeDatum ?? '',
        cell: ({ row: { original: n } }) => fett(n, <span className="whitespace-nowrap">{formatSendezeit(n.absendeDatum ?? '')}</span>),
      },
      { id: 'absender', header: 'Absender', accessorFn: (n) => n.absender ?? '', cell: ({ row: { original: n } }) => fett(n, n.absender) },
      {
        id: 'betreff',
        header: 'Betreff',
        accessorFn: (n) => n.betreff ?? '',
        cell: ({ row: { original: n } }) => (
          <>
          <button
            type="button"
            className="text-left text-blue-800 underline hover:text-blue-950"
            aria-label={n.gelesen ? undefined : `Ungelesen: ${n.betreff}`}
            onClick={(e) => {
              e.stopPropagation();
              oeffnen(n);
            }}
          >
            {fett(n, n.betreff)}
          </button>
          {n.erledigt && (
            <span className="ml-2 rounded border border-green-700 bg-green-50 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-green-900">
              Entschieden: {n.erledigt}
            </span>
          )}
          </>
        ),
      },
      {
        id: 'fachobjektbezug',
        header: 'Bezug',
        accessorFn: (n) => n.fachobjektbezug ?? '',
        cell: ({ row: { original: n } }) => {
          const pfad = bezugPfad(n);
          return pfad ? (
            <Link to={pfad} className="text-blue-800 underline hover:text-blue-950" onClick={(e) => e.stopPropagation()}>
              {fett(n, n.fachobjektbezug)}
            </Link>
          ) : (
            fett(n, n.fachobjektbezug)
          );
        },
      },
    ],
    [oeffnen],
  );

  const nachrichten = liste.data ?? [];
  const ungelesen = nachrichten.filter((n) => !n.gelesen).length;

  return (
    <section aria-labelledby="nachrichten-titel" className="space-y-3">
      <h2 id="nachrichten-titel" className="text-xl font-semibold">
        Nachrichten
      </h2>
      {liste.isSuccess && (
        <p className="text-sm text-gray-700">
          {ungelesen === 0 ? 'Keine ungelesenen Nachrichten.' : ungelesen === 1 ? '1 ungelesene Nachricht.' : `${ungelesen} ungelesene Nachrichten.`}
        </p>
      )}
      <DataTable<Nachricht>
        caption="Nachrichten"
        captionHidden
        id={LISTE_ID}
        columns={columns}
        data={nachrichten}
        getRowId={(n) => String(n.id)}
        pagination={seite}
        onPaginationChange={setSeite}
        isLoading={liste.isPending}
        onRowClick={oeffnen}
      />
      {offen && (
        <NachrichtDialog
          nachricht={offen}
          onClose={(mitLoeschen) => {
            if (mitLoeschen) loeschen.mutate(offen);
            setOffen(null);
          }}
        />
      )}
    </section>
  );
}
