import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { Button } from './Button';

/**
 * The row selection of a DataTable whose row ids are numbers: the state for rowSelection,
 * the selected ids, and `abwaehlen(id)` for a row that is gone (e.g. deleted).
 */
export function useZeilenauswahl() {
  const [auswahl, setAuswahl] = useState<RowSelectionState>({});
  const ausgewaehlt = Object.keys(auswahl)
    .filter((k) => auswahl[k])
    .map(Number);
  const abwaehlen = useCallback(
    (id: number) =>
      setAuswahl((a) => {
        const { [String(id)]: _weg, ...rest } = a;
        return rest;
      }),
    [],
  );
  return { auswahl, setAuswahl, ausgewaehlt, abwaehlen };
}

export interface ExportAktionProps {
  /** How many rows are selected. */
  anzahl: number;
  /** What the selected rows are, plural ('Anwender', 'Organisationen'). */
  diese: string;
  /** The hint without a selection. */
  ohneAuswahl: string;
  disabled?: boolean;
  onExport: () => void;
}

/** 'Exportieren' and a live hint saying whether the selection or the whole list is exported. */
export function ExportAktion({ anzahl, diese, ohneAuswahl, disabled, onExport }: ExportAktionProps) {
  return (
    <>
      <Button variant="secondary" disabled={disabled} onClick={onExport}>
        Exportieren
      </Button>
      <span className="text-sm text-gray-700" aria-live="polite">
        {anzahl > 0 ? `${anzahl} ausgewählt – der Export enthält diese ${diese}.` : ohneAuswahl}
      </span>
    </>
  );
}
