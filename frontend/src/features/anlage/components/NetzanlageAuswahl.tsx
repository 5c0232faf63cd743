import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSchreibsperre } from '@/components/akte/Schreibrechte';
import { Button } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { FormField, inputClass } from '@/components/FormField';
import { MSG_PFLICHTFELD } from '@/lib/form';
import { aufnehmendeAnlagenQuery, drosselablaeufeQuery, MAX_NETZANLAGEN, type Netzanlage } from '@/features/anlage/api/anlage';

export const AUFNAHME_TITEL = 'Aufnehmende Anlage auswählen';
export const DROSSELABLAUF_TITEL = 'Drosselablauf auswählen';
export const NETZ_SUCHE = 'Suche (Anlage, Betrieb oder Betreiber)';
export const ANDERE_BETRIEBE = 'Auch Entlastungsanlagen kommunaler Betriebe anzeigen';
// ours: when the list is cut at the server's bound
export const NETZ_GEKUERZT = `Es werden die ersten ${MAX_NETZANLAGEN} Treffer gezeigt. Bitte grenzen Sie die Suche ein.`;

/** A plant of the network as a field shows it: the plant, its operation (when it differs) and operator. */
export const netzText = (a: Pick<Netzanlage, 'bezeichnung' | 'betrieb' | 'betreiber'>) =>
  a.betrieb === a.bezeichnung ? `${a.bezeichnung} (${a.betreiber})` : `${a.bezeichnung} (${a.betrieb}, ${a.betreiber})`;

/** The query of a picker for a search text (and the switch to the second list). */
type Abfrage = (q: string, weitere: boolean) => ReturnType<typeof aufnehmendeAnlagenQuery>;

interface NetzFeldProps {
  label: string;
  titel: string;
  name: string;
  /** The chosen plant's id ('' for none) and how the field names it. */
  wert: string;
  anzeige: string;
  onChange: (id: string, anzeige: string) => void;
  abfrage: Abfrage;
  /** The label of the switch to a second list (the dialog searches the first without it). */
  weitere?: string;
  error?: string;
  gesperrt: boolean;
  required?: boolean;
  className?: string;
}

/**
 * A field of a plant form that names another plant of the network (spec 000 §2: the
 * receiving-plant and the throttle-outflow selection): the chosen plant read-only,
 * 'Auswählen' opens the dialog that searches what the server offers (internal/auswahl), a
 * field that is not required can be emptied.
 */
function NetzFeld({ label, titel, name, wert, anzeige, onChange, abfrage, weitere, error, gesperrt: gesperrtVonAussen, required, className = '' }: NetzFeldProps) {
  const [offen, setOffen] = useState(false);
  // a field the caller may not save (per-field rights) offers no choice; FormField shows the hint
  const sperre = useSchreibsperre(name);
  const gesperrt = gesperrtVonAussen || sperre.gesperrt;
  return (
    <div className={`flex items-start gap-2 ${className}`}>
      <FormField label={label} error={error} required={required} className="grow">
        <input name={name} readOnly className={`${inputClass} read-only:bg-gray-100`} value={anzeige || (wert ? `Anlage ${wert}` : '')} placeholder="Keine Anlage ausgewählt" />
      </FormField>
      {!gesperrt && (
        <Button variant="secondary" className="mt-6" aria-label={titel} onClick={() => setOffen(true)}>
          Auswählen
        </Button>
      )}
      {!gesperrt && !required && wert && (
        <Button variant="secondary" className="mt-6" aria-label={`${label} entfernen`} onClick={() => onChange('', '')}>
          Entfernen
        </Button>
      )}
      {offen && (
        <NetzDialog
          titel={titel}
          abfrage={abfrage}
          weitere={weitere}
          onClose={() => setOffen(false)}
          onUebernehmen={(a) => {
            onChange(String(a.id), netzText(a));
            setOffen(false);
          }}
        />
      )}
    </div>
  );
}

/** The dialog that searches a picker's plants and takes one ('Übernehmen' needs a choice). */
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
  abfrage: Abfrage;
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
  const liste = useQuery(abfrage(q, alle));
  const zeilen = (liste.data ?? []).filter((z) => !zeigen || zeigen(z));
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

interface AuswahlFeldProps {
  betriebId: string;
  /** The plant itself, never offered; undefined while new. */
  anlageId?: number;
  wert: string;
  anzeige: string;
  onChange: (id: string, anzeige: string) => void;
  error?: string;
  gesperrt: boolean;
  className?: string;
}

/** The receiving plant: the operation's treatment plants and the municipal ones of every operator. */
export function AufnahmeFeld({ betriebId, anlageId, ...p }: AuswahlFeldProps) {
  return <NetzFeld {...p} label="Aufnehmende Anlage" titel={AUFNAHME_TITEL} name="aufnahme" required abfrage={(q) => aufnehmendeAnlagenQuery(betriebId, anlageId, q)} />;
}

/**
 * The throttle outflow of a relief plant (optional): the operation's relief plants of the same
 * Anlagenart, with the switch those of the municipal operations.
 */
export function DrosselablaufFeld({ betriebId, anlageId, anlagenart, ...p }: AuswahlFeldProps & { anlagenart: string }) {
  return (
    <NetzFeld
      {...p}
      label="Drosselablauf"
      titel={DROSSELABLAUF_TITEL}
      name="drosselablauf"
      weitere={ANDERE_BETRIEBE}
      abfrage={(q, alle) => drosselablaeufeQuery(alle ? '' : betriebId, anlagenart, anlageId, q)}
    />
  );
}
