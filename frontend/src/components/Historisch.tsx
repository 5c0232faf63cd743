import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { Button } from './Button';
import { DataTable } from './DataTable';
import { Dialog } from './Dialog';
import { Laden } from './Laden';
import { versionsSpalten, type VersionsDaten } from './Versionsspalten';
import { formatDate } from '@/lib/format';

// The history of a file's object (operation, plant): the Historie popup with its versions, and
// the banner above a version or a Stand that is not the current record (spec 000 §2).

export const ZURUECK_AKTUELL = 'Zurück zum aktuellen Datensatz';
/** Query parameter of a version chosen in the Historie popup (its index in the history, oldest first). */
export const HISTORIE_PARAM = 'historie';
/** Query parameter of a Stand shown on the Verlauf (the event version). */
export const STAND_PARAM = 'stand';

/** The banner above a version that is not the current one. */
export function HistorischBanner({ children, aktionen }: { children: ReactNode; aktionen: ReactNode }) {
  return (
    <div role="region" aria-label="Historischer Datensatz" className="flex flex-wrap items-center justify-between gap-3 rounded border-l-4 border-amber-600 bg-amber-50 px-4 py-3">
      <div className="text-sm">{children}</div>
      <div className="flex flex-wrap gap-2">{aktionen}</div>
    </div>
  );
}

type Zeile<V> = V & { index: number };

export interface HistorieDialogProps<V extends VersionsDaten> {
  titel: string;
  /** The versions, oldest first (GET …/historie); undefined while loading. */
  versionen: V[] | undefined;
  /** The object's own columns between the dates and the reason (e.g. Bezeichnung). */
  spalten: ColumnDef<Zeile<V>, unknown>[];
  /** A version was chosen: its index in the (oldest-first) history. */
  onAnzeigen: (index: number, version: V) => void;
  onClose: () => void;
}

/** The dated versions, newest first; 'aktuell' marks the current one; 'Anzeigen' opens one read-only. */
export function HistorieDialog<V extends VersionsDaten>({ titel, versionen, spalten, onAnzeigen, onClose }: HistorieDialogProps<V>) {
  const zeilen = useMemo<Zeile<V>[]>(() => (versionen ?? []).map((v, index) => ({ ...v, index })).reverse(), [versionen]);
  const columns = useMemo<ColumnDef<Zeile<V>, unknown>[]>(
    () => [
      ...versionsSpalten<Zeile<V>>(spalten),
      {
        id: 'aktion',
        header: () => <span className="sr-only">Aktionen</span>,
        enableSorting: false,
        cell: ({ row: { original: v } }) => (
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs"
            aria-label={`Version gültig ab ${formatDate(v.gueltigAb)} anzeigen`}
            onClick={() => onAnzeigen(v.index, v)}
          >
            Anzeigen
          </Button>
        ),
      },
    ],
    [onAnzeigen, spalten],
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Historie: ${titel}`}
      width={1100}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Schließen
        </Button>
      }
    >
      {versionen === undefined ? (
        <Laden />
      ) : (
        <DataTable<Zeile<V>> caption="Versionen" captionHidden columns={columns} data={zeilen} getRowId={(v) => String(v.index)} />
      )}
    </Dialog>
  );
}
