import { useState } from 'react';
import { useConfirm } from '@/components/ConfirmDialog';
import { FormField, inputClass } from '@/components/FormField';
import { ApiError, isAbortError } from '@/lib/api';
import { zeigeFehler } from '@/lib/errors';
import { toast } from '@/lib/toast';

// spec 000 §8 and 001 §8
export const MSG_IMPORT_FEHLER = 'Der Import ist fehlgeschlagen!';

/** The messages of a refused import by row (the server keys them zeilen[n].feld). */
export function importfehler(felder: Record<string, string>): string[] {
  const nr = (k: string) => Number(/^zeilen\[(\d+)\]/.exec(k)?.[1] ?? Number.MAX_SAFE_INTEGER);
  return Object.keys(felder)
    .sort((a, b) => nr(a) - nr(b) || a.localeCompare(b))
    .map((k) => felder[k]);
}

export interface TabellenimportProps {
  /** The file field's label ('… importieren (xlsx)'). */
  label: string;
  /** Asked before the import ('Import bestätigen'): what the file replaces. */
  warnung: string;
  /** Sends the file; its answer's message is the success toast. */
  importieren: (datei: File) => Promise<{ message?: string }>;
  /** After a success (reload what the file changed). */
  onImportiert: () => void;
}

/**
 * The import of a spreadsheet into an object of the file (docs/architektur.md, "Spreadsheet
 * import and export"): an xlsx file field, the confirmation of what it replaces, the success as a
 * toast, a refusal — every refused row at once — in the page (nothing was imported).
 */
export function Tabellenimport({ label, warnung, importieren, onImportiert }: TabellenimportProps) {
  const [fragen, frageDialog] = useConfirm();
  const [laeuft, setLaeuft] = useState(false);
  const [fehler, setFehler] = useState<{ message: string; zeilen: string[] } | null>(null);
  const los = async (datei: File | undefined) => {
    if (!datei) return;
    if (!(await fragen({ title: 'Import bestätigen', message: warnung, confirmLabel: 'Importieren' }))) return;
    setFehler(null);
    setLaeuft(true);
    try {
      const a = await importieren(datei);
      toast.ergebnis('success', a.message ?? '');
      onImportiert();
    } catch (e) {
      if (isAbortError(e)) return;
      if (e instanceof ApiError && e.status === 400) {
        setFehler({ message: e.message || MSG_IMPORT_FEHLER, zeilen: importfehler(e.validationErrors) });
        return;
      }
      zeigeFehler(e, MSG_IMPORT_FEHLER);
    } finally {
      setLaeuft(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <FormField label={label}>
        <input
          type="file"
          name="import"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className={inputClass}
          disabled={laeuft}
          onChange={(e) => {
            const datei = e.target.files?.[0];
            e.target.value = '';
            void los(datei);
          }}
        />
      </FormField>
      {fehler && (
        <div role="alert" className="rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{fehler.message}</p>
          {fehler.zeilen.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {fehler.zeilen.map((z) => (
                <li key={z}>{z}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {frageDialog}
    </div>
  );
}
