import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Button } from '@/components/Button';
import { DataTable } from '@/components/DataTable';
import { Dialog } from '@/components/Dialog';
import { Laden } from '@/components/Laden';
import { versionsSpalten } from '@/components/Versionsspalten';
import { formatDate } from '@/lib/format';
import { historieQuery, type BetriebVersion } from '@/features/betrieb/api/betrieb';

type Zeile = BetriebVersion & { index: number };

export interface HistorieDialogProps {
  betriebId: string;
  titel: string;
  /** A version was chosen: its index in the (oldest-first) history. */
  onAnzeigen: (index: number, version: BetriebVersion) => void;
  onClose: () => void;
}

/** The dated versions of the operation, newest first; 'aktuell' marks the current one. */
export function HistorieDialog({ betriebId, titel, onAnzeigen, onClose }: HistorieDialogProps) {
  const historie = useQuery(historieQuery(betriebId));
  const zeilen = useMemo<Zeile[]>(() => (historie.data ?? []).map((v, index) => ({ ...v, index })).reverse(), [historie.data]);

  const columns = useMemo<ColumnDef<Zeile, unknown>[]>(
    () => [
      ...versionsSpalten<Zeile>([{ id: 'bezeichnung', header: 'Bezeichnung', accessorFn: (v) => v.betrieb?.bezeichnung ?? '' }]),
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
    [onAnzeigen],
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
      {historie.isPending ? (
        <Laden />
      ) : (
        <DataTable<Zeile> caption="Versionen" captionHidden columns={columns} data={zeilen} getRowId={(v) => String(v.index)} />
      )}
    </Dialog>
  );
}
