import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { FormField, inputClass } from '@/components/FormField';
import type { components } from '@/lib/api-schema';
import { MSG_PFLICHTFELD } from '@/lib/form';

/** A plant another plant's wastewater can be led into, as the pickers show it (auswahl.Netzanlage). */
export type Netzanlage = components['schemas']['Netzanlage'];

/** The most plants one answer of a network picker lists (auswahl.MaxNetzanlagen). */
export const MAX_NETZANLAGEN = 200;
export const NETZ_SUCHE = 'Suche (Anlage, Betrieb oder Betreiber)';
// ours: when the list is cut at the server's bound
export const NETZ_GEKUERZT = `Es werden die ersten ${MAX_NETZANLAGEN} Treffer gezeigt. Bitte grenzen Sie die Suche ein.`;

/** A plant of the network as a field shows it: the plant, its operation (when it differs) and operator. */
export const netzText = (a: Pick<Netzanlage, 'bezeichnung' | 'betrieb' | 'betreiber'>) =>
  a.betrieb === a.bezeichnung ? `${a.bezeichnung} (${a.betreiber})` : `${a.bezeichnung} (${a.betrieb}, ${a.betreiber})`;

/** A picker's list for a search text and the switch to a second list: its cache key and how to load it. */
export type NetzAbfrage = (q: string, weitere: boolean) => { schluessel: readonly unknown[]; laden: (signal: AbortSignal) => Promise<Netzanlage[]> };

/**
 * The dialog of a picker of plants of the network (receiving plant, throttle outflow, replacement;
 * spec 000 §2): a search the server answers, a switch to a second list, one plant taken with
 * 'Übernehmen' (a choice is required). Each area passes its query.
 */
export function NetzDialog({
  titel,
  abfrage,
  weitere,
  hinweis,
  zeigen,
  onUebernehmen,
  onClose,
}: {
  titel: string;
  abfrage: NetzAbfrage;
  weitere?: string;
  /** Says what the choice does (the replacement dialog). */
  hinweis?: string;
  /** Which of the server's rows the dialog offers (default: all). */
  zeigen?: (a: Netzanlage) => boolean;
  onUebernehmen: (a: Netzanlage) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const fehlerId = useId();
  const [suche, setSuche] = useState('');
  const [q, setQ] = useState('');
  const [alle, setAlle] = useState(false);
  // the server searches a quarter of a second after the last key
  useEffect(() => {
    const t = setTimeout(() => setQ(suche.trim()), 250);
    return () => clearTimeout(t);
  }, [suche]);
  const quelle = abfrage(q, alle);
  const liste = useQuery({ queryKey: quelle.schluessel, queryFn: ({ signal }) => quelle.laden(signal), placeholderData: keepPreviousData });
  const zeilen = (liste.data ?? []).filter((z) => !zeigen || zeigen(z));
  const [gewaehlt, setGewaehlt] = useState('');
  const [fehler, setFehler] = useState<string | undefined>();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const wahl = zeilen.find((z) => String(z.id) === gewaehlt);
    if (!wahl) {
      setFehler(MSG_PFLICHTFELD);
      return;
    }
    onUebernehmen(wahl);
  };
  return (
    <Dialog open onClose={onClose} title={titel} width={700} footer={<FormularFuss formId={formId} onAbbrechen={onClose} label="Übernehmen" />}>
      <form id={formId} noValidate onSubmit={onSubmit} aria-label={titel} className="flex flex-col gap-4">
        {hinweis && <p className="text-sm">{hinweis}</p>}
        <FormField label={NETZ_SUCHE}>
          <input
            name="suche"
            type="search"
            className={inputClass}
            value={suche}
            onChange={(e) => setSuche(e.target.value)}
            // Enter searches (it does anyway); it does not take a plant
            onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          />
        </FormField>
        {weitere && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={alle} onChange={(e) => setAlle(e.target.checked)} />
            {weitere}
          </label>
        )}
        <fieldset aria-describedby={fehler ? fehlerId : undefined} aria-busy={liste.isFetching}>
          <legend className="text-sm font-medium">
            Anlagen{' '}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </legend>
          {liste.isPending ? (
            <p className="text-sm text-gray-700">Wird geladen …</p>
          ) : zeilen.length === 0 ? (
            <p className="text-sm text-gray-700">Keine Optionen verfügbar</p>
          ) : (
            <ul className="mt-1 max-h-72 divide-y divide-gray-200 overflow-y-auto rounded border border-gray-300">
              {zeilen.map((a) => (
                <li key={a.id}>
                  <label className="flex cursor-pointer items-start gap-2 px-2 py-1.5 hover:bg-blue-50">
                    <input
                      type="radio"
                      name="netzanlage"
                      className="mt-1"
                      value={String(a.id)}
                      checked={gewaehlt === String(a.id)}
                      onChange={() => {
                        setGewaehlt(String(a.id));
                        setFehler(undefined);
                      }}
                    />
                    <span>
                      <span className="block text-sm font-medium">{a.bezeichnung}</span>
                      <span className="block text-xs text-gray-700">
                        {a.betrieb} · {a.betreiber}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {zeilen.length >= MAX_NETZANLAGEN && <p className="text-sm text-gray-700">{NETZ_GEKUERZT}</p>}
        {fehler && (
          <p id={fehlerId} role="alert" className="text-sm text-red-700">
            {fehler}
          </p>
        )}
      </form>
    </Dialog>
  );
}

