import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from '@/components/Button';
import { DeleteConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable } from '@/components/DataTable';
import { formatDate, formatFileSizeMB } from '@/lib/format';
import { toast } from '@/lib/toast';
import { dateienQuery, type Datei } from '@/features/ablage/api/dateien';
import { type DateiFachobjekt } from '@/features/ablage/api/keys';
import { HochladenDialog } from './HochladenDialog';
import { Zeilenknopf } from './Zeilenknopf';
import { useLoescheDatei } from '@/features/ablage/api/loesche-datei';
import { useLadeDateiHerunter } from '@/features/ablage/api/lade-datei-herunter';

// Verbatim (spec 000 §8).
export const MSG_DATEI_GELOESCHT = 'Die Datei wurde erfolgreich gelöscht.';

export interface DateienProps {
  fachobjekt: DateiFachobjekt;
  id: string;
  /** Upload and delete are offered (the caller knows the user's right on the object). */
  bearbeitbar: boolean;
  /** The table's name for screen readers, where a page shows two (default 'Dateien'). */
  titel?: string;
}

/**
 * The files of an operation, plant or Bescheid (spec 000 §2): Bezeichnung, Hochgeladen von,
 * Datum, Größe [MB], Dateityp; download per row, upload and delete when bearbeitbar.
 */
export function Dateien({ fachobjekt, id, bearbeitbar, titel = 'Dateien' }: DateienProps) {
  const dateien = useQuery(dateienQuery(fachobjekt, id));
  const [hochladen, setHochladen] = useState(false);
  const [loeschen, setLoeschen] = useState<Datei | null>(null);

  const loeschung = useLoescheDatei(fachobjekt, id, {
    onSuccess: () => {
      toast.success(MSG_DATEI_GELOESCHT);
    },
  });
  const download = useLadeDateiHerunter();
  const herunterladen = download.mutate;
  const laedt = download.isPending;

  const columns = useMemo<ColumnDef<Datei, unknown>[]>(
    () => [
      { id: 'bezeichnung', header: 'Bezeichnung', accessorFn: (d) => d.bezeichnung },
      { id: 'uploadVon', header: 'Hochgeladen von', accessorFn: (d) => d.uploadVon },
      {
        id: 'uploadAm',
        header: 'Datum',
        accessorFn: (d) => d.uploadAm,
        cell: (c) => <span className="whitespace-nowrap">{formatDate(c.row.original.uploadAm)}</span>,
      },
      {
        id: 'dateigroesse',
        header: 'Größe [MB]',
        accessorFn: (d) => d.dateigroesse,
        cell: (c) => <span className="whitespace-nowrap">{formatFileSizeMB(c.row.original.dateigroesse)}</span>,
      },
      { id: 'dateityp', header: 'Dateityp', accessorFn: (d) => d.dateityp },
      {
        id: 'aktionen',
        header: () => <span className="sr-only">Aktionen</span>,
        enableSorting: false,
        cell: ({ row: { original: d } }) => (
          <div className="flex items-center gap-1">
            <Zeilenknopf label="Herunterladen" wovon={d.bezeichnung} onClick={() => herunterladen(d)} disabled={laedt} />
            {bearbeitbar && (
              <Zeilenknopf label="Löschen" wovon={d.bezeichnung} gefaehrlich onClick={() => setLoeschen(d)} />
            )}
          </div>
        ),
      },
    ],
    [bearbeitbar, herunterladen, laedt],
  );

  return (
    <div className="space-y-3">
      {bearbeitbar && (
        <div className="flex justify-end">
          <Button onClick={() => setHochladen(true)}>Datei hochladen</Button>
        </div>
      )}
      <DataTable<Datei>
        caption={titel}
        captionHidden
        columns={columns}
        data={dateien.data ?? []}
        getRowId={(d) => String(d.id)}
        isLoading={dateien.isPending}
      />
      {hochladen && <HochladenDialog fachobjekt={fachobjekt} id={id} onClose={() => setHochladen(false)} />}
      <DeleteConfirmDialog
        open={loeschen !== null}
        was={`die Datei „${loeschen?.bezeichnung ?? ''}“`}
        onCancel={() => setLoeschen(null)}
        onConfirm={() => {
          if (loeschen) loeschung.mutate(loeschen.id);
          setLoeschen(null);
        }}
      />
    </div>
  );
}
