import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { FormField, inputClass } from '@/components/FormField';
import { MSG_PFLICHTFELD } from '@/lib/form';
import { aufnehmendeAnlagenQuery, MAX_AUFNEHMENDE, type AufnehmendeAnlage } from '@/features/anlage/api/anlage';

export const AUFNAHME_TITEL = 'Aufnehmende Anlage auswählen';
export const AUFNAHME_SUCHE = 'Suche (Anlage, Betrieb oder Betreiber)';
// ours: when the list is cut at the server's bound
export const AUFNAHME_GEKUERZT = `Es werden die ersten ${MAX_AUFNEHMENDE} Treffer gezeigt. Bitte grenzen Sie die Suche ein.`;

/** A receiving plant as the field shows it: the plant, its operation and operator. */
export const aufnahmeText = (a: Pick<AufnehmendeAnlage, 'bezeichnung' | 'betrieb' | 'betreiber'>) =>
  a.betrieb === a.bezeichnung ? `${a.bezeichnung} (${a.betreiber})` : `${a.bezeichnung} (${a.betrieb}, ${a.betreiber})`;

export interface AufnahmeFeldProps {
  betriebId: string;
  /** The plant itself, never its own receiving plant; undefined while new. */
  anlageId?: number;
  /** The chosen plant's id ('' for none) and how the field names it. */
  wert: string;
  anzeige: string;
  onChange: (id: string, anzeige: string) => void;
  error?: string;
  gesperrt: boolean;
  className?: string;
}

/**
 * The receiving plant of a plant form (spec 000 §2, the receiving-plant selection): the chosen
 * plant read-only, 'Auswählen' opens the dialog that searches the treatment plants the server
 * offers — the operation's own and the municipal ones of every operator (internal/auswahl).
 */
export function AufnahmeFeld({ betriebId, anlageId, wert, anzeige, onChange, error, gesperrt, className = '' }: AufnahmeFeldProps) {
  const [offen, setOffen] = useState(false);
  return (
    <div className={`flex items-start gap-2 ${className}`}>
      <FormField label="Aufnehmende Anlage" error={error} required className="grow">
        <input name="aufnahme" readOnly className={`${inputClass} read-only:bg-gray-100`} value={anzeige || (wert ? `Anlage ${wert}` : '')} placeholder="Keine Anlage ausgewählt" />
      </FormField>
      {!gesperrt && (
        <Button variant="secondary" className="mt-6" aria-label={AUFNAHME_TITEL} onClick={() => setOffen(true)}>
          Auswählen
        </Button>
      )}
      {offen && (
        <AufnahmeDialog
          betriebId={betriebId}
          anlageId={anlageId}
          onClose={() => setOffen(false)}
          onUebernehmen={(a) => {
            onChange(String(a.id), aufnahmeText(a));
            setOffen(false);
          }}
        />
      )}
    </div>
  );
}

function AufnahmeDialog({ betriebId, anlageId, onUebernehmen, onClose }: { betriebId: string; anlageId?: number; onUebernehmen: (a: AufnehmendeAnlage) => void; onClose: () => void }) {
  const formId = useId();
  const fehlerId = useId();
  const [suche, setSuche] = useState('');
  const [q, setQ] = useState('');
  // the server searches a quarter of a second after the last key
  useEffect(() => {
    const t = setTimeout(() => setQ(suche.trim()), 250);
    return () => clearTimeout(t);
  }, [suche]);
  const liste = useQuery(aufnehmendeAnlagenQuery(betriebId, anlageId, q));
  const zeilen = liste.data ?? [];
  const [gewaehlt, setGewaehlt] = useState('');
  const [fehler, setFehler] = useState<string | undefined>();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const a = zeilen.find((z) => String(z.id) === gewaehlt);
    if (!a) {
      setFehler(MSG_PFLICHTFELD);
      return;
    }
    onUebernehmen(a);
  };
  return (
    <Dialog open onClose={onClose} title={AUFNAHME_TITEL} width={700} footer={<FormularFuss formId={formId} onAbbrechen={onClose} label="Übernehmen" />}>
      <form id={formId} noValidate onSubmit={onSubmit} aria-label={AUFNAHME_TITEL} className="flex flex-col gap-4">
        <FormField label={AUFNAHME_SUCHE}>
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
        <fieldset aria-describedby={fehler ? fehlerId : undefined} aria-busy={liste.isFetching}>
          <legend className="text-sm font-medium">
            Kläranlagen{' '}
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
                    <input type="radio" name="aufnahmeWahl" className="mt-1" value={String(a.id)} checked={gewaehlt === String(a.id)} onChange={() => {
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
        {zeilen.length >= MAX_AUFNEHMENDE && <p className="text-sm text-gray-700">{AUFNAHME_GEKUERZT}</p>}
        {fehler && (
          <p id={fehlerId} role="alert" className="text-sm text-red-700">
            {fehler}
          </p>
        )}
      </form>
    </Dialog>
  );
}
