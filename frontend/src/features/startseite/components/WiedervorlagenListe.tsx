import { useQuery } from '@tanstack/react-query';
import type { ColumnDef, PaginationState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DeleteConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable } from '@/components/DataTable';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useLoescheWiedervorlage } from '@/features/startseite/api/loesche-wiedervorlage';
import { meineWiedervorlagenQuery, type MeineWiedervorlage } from '@/features/startseite/api/wiedervorlagen';
import { ARBEITSLISTE_SEITE } from './seitengroesse';
import { LISTE_ID } from './liste';

// Verbatim (spec 002 §2 Reminders tab).
export const MSG_WIEDERVORLAGE_GELOESCHT = 'Die Wiedervorlage wurde erfolgreich gelöscht.';

/** The reminders page of the operation a reminder concerns. */
export const wiedervorlagenPfad = (betriebId: number) => `/betriebsakte/${betriebId}/wiedervorlagen?modus=l`;

/** What on its object a reminder is about (spec 000 §3 bezugZuFachobjekt). */
export function bezugText(
  w: Pick<MeineWiedervorlage, 'bezugZuFachobjekt' | 'anlage' | 'messstelle'> & Partial<Pick<MeineWiedervorlage, 'aktenzeichen' | 'jahr'>>,
): string {
  const bericht = `Jahresbericht ${w.jahr ?? ''} (Anlage ${w.anlage})`;
  const az = w.aktenzeichen ? ` Az. ${w.aktenzeichen}` : '';
  switch (w.bezugZuFachobjekt) {
    case 'MESSSTELLE':
      return `Messstelle ${w.messstelle} (Anlage ${w.anlage})`;
    case 'ANLAGE':
      return `Anlage ${w.anlage}`;
    case 'ENTLASTUNG':
      return `Entlastungsanlage ${w.anlage}`;
    case 'AENDERUNGSANTRAG_ANLAGE':
      return `Änderungsantrag zur Anlage ${w.anlage}`;
    case 'BETRIEB_STAMMDATEN_AENDERUNG':
      return 'Stammdatenänderungsantrag';
    case 'BESCHEID':
      return `Bescheid${az}`;
    case 'BESCHEID_MESSSTELLE':
      return w.messstelle ? `Zuordnung der Messstelle ${w.messstelle} zum Bescheid (Anlage ${w.anlage})` : `Messstellen des Bescheids${az}`;
    case 'JAHRESBERICHT':
      return bericht;
    case 'JAHRESBERICHT_PARAMETER_MESSWERTE':
      return `Parameter und Messwerte: ${bericht}`;
    case 'BERICHT':
      return `Bericht: ${bericht}`;
    default:
      return 'Betrieb';
  }
}

/**
 * Tab 'Wiedervorlagen' of the start page: the reminders that concern the user (Datum, Betrieb,
 * Bezug — the operation, a plant or a change request, linked to its reminders —, Betreff), earliest first; due ones are marked 'fällig' (text, not only colour) and counted
 * above the list. Delete is offered where the server says the row is loeschbar.
 */
/** How many of the reminders are due: '1 Wiedervorlage ist fällig.', '2 Wiedervorlagen, davon keine fällig.' */
function faelligText(anzahl: number, faellig: number): string {
  if (faellig === 1) return '1 Wiedervorlage ist fällig.';
  if (faellig > 1) return `${faellig} Wiedervorlagen sind fällig.`;
  return anzahl === 1 ? '1 Wiedervorlage, noch nicht fällig.' : `${anzahl} Wiedervorlagen, davon keine fällig.`;
}

export function WiedervorlagenListe() {
  const liste = useQuery(meineWiedervorlagenQuery());
  const [seite, setSeite] = useState<PaginationState>({ pageIndex: 0, pageSize: ARBEITSLISTE_SEITE });
  const [loeschen, setLoeschen] = useState<MeineWiedervorlage | null>(null);

  const loeschung = useLoescheWiedervorlage({ onSuccess: () => toast.success(MSG_WIEDERVORLAGE_GELOESCHT) });

  const columns = useMemo<ColumnDef<MeineWiedervorlage, unknown>[]>(
    () => [
      {
        id: 'datum',
        header: 'Datum',
        // no date sorts after every date
        accessorFn: (w) => w.datum ?? '9999-12-31',
        cell: ({ row: { original: w } }) =>
          w.faellig ? (
            <span className="font-semibold whitespace-nowrap text-red-800">
              {formatDate(w.datum)}{' '}
              <span className="ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-900">fällig</span>
            </span>
          ) : (
            <span className="whitespace-nowrap">{formatDate(w.datum)}</span>
          ),
      },
      {
        id: 'betriebInfo',
        header: 'Betrieb',
        accessorFn: (w) => w.betriebInfo,
        cell: ({ row: { original: w } }) =>
          w.betriebId > 0 ? (
            <Link to={wiedervorlagenPfad(w.betriebId)} className="text-blue-800 underline hover:text-blue-950">
              {w.betriebInfo}
            </Link>
          ) : (
            w.betriebInfo
          ),
      },
      {
        id: 'bezug',
        header: 'Bezug',
        accessorFn: bezugText,
        cell: ({ row: { original: w } }) =>
          w.pfad ? (
            <Link to={`${w.pfad}?modus=l`} className="text-blue-800 underline hover:text-blue-950">
              {bezugText(w)}
            </Link>
          ) : (
            bezugText(w)
          ),
      },
      { id: 'betreff', header: 'Betreff', accessorFn: (w) => w.betreff },
      {
        id: 'aktionen',
        header: () => <span className="sr-only">Aktionen</span>,
        enableSorting: false,
        cell: ({ row: { original: w } }) =>
          w.loeschbar ? (
            <button
              type="button"
              aria-label={`Löschen ${w.betreff}`}
              onClick={() => setLoeschen(w)}
              className="rounded border border-red-700 bg-white px-2 py-1 text-xs font-medium whitespace-nowrap text-red-800 hover:bg-red-50"
            >
              Löschen
            </button>
          ) : null,
      },
    ],
    [],
  );

  const wiedervorlagen = liste.data ?? [];
  const faellig = wiedervorlagen.filter((w) => w.faellig).length;

  return (
    <section aria-labelledby="wiedervorlagen-titel" className="space-y-3">
      <h2 id="wiedervorlagen-titel" className="text-xl font-semibold">
        Wiedervorlagen
      </h2>
      {/* without reminders the table says so; above reminders never "Keine fälligen Wiedervorlagen." (issue 14) */}
      {liste.isSuccess && wiedervorlagen.length > 0 && (
        <p className={`text-sm ${faellig > 0 ? 'font-semibold text-red-800' : 'text-gray-700'}`}>{faelligText(wiedervorlagen.length, faellig)}</p>
      )}
      <DataTable<MeineWiedervorlage>
        caption="Wiedervorlagen"
        captionHidden
        id={LISTE_ID}
        columns={columns}
        data={wiedervorlagen}
        getRowId={(w) => String(w.id)}
        pagination={seite}
        onPaginationChange={setSeite}
        isLoading={liste.isPending}
      />
      <DeleteConfirmDialog
        open={loeschen !== null}
        was={`die Wiedervorlage „${loeschen?.betreff ?? ''}“`}
        onCancel={() => setLoeschen(null)}
        onConfirm={() => {
          if (loeschen) loeschung.mutate(loeschen);
          setLoeschen(null);
        }}
      />
    </section>
  );
}
