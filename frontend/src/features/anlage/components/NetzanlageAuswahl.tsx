import { useState } from 'react';
import { useSchreibsperre } from '@/components/akte/Schreibrechte';
import { NetzDialog, netzText, type NetzAbfrage, type Netzanlage } from '@/components/akte/NetzDialog';
import { Button } from '@/components/Button';
import { FormField, inputClass } from '@/components/FormField';
import { aufnehmendeAnlagenQuery, drosselablaeufeQuery } from '@/features/anlage/api/anlage';

export const AUFNAHME_TITEL = 'Aufnehmende Anlage auswählen';
export const DROSSELABLAUF_TITEL = 'Drosselablauf auswählen';
export const ANDERE_BETRIEBE = 'Auch Entlastungsanlagen kommunaler Betriebe anzeigen';

/** The picker's list for a search text (and the switch to the second list) from a query of the area. */
export const abfrageAus =
  (query: (q: string, weitere: boolean) => ReturnType<typeof aufnehmendeAnlagenQuery>): NetzAbfrage =>
  (q, weitere) => {
    const o = query(q, weitere);
    const laden = o.queryFn as unknown as (c: { signal: AbortSignal }) => Promise<Netzanlage[]>;
    return { schluessel: o.queryKey, laden: (signal) => laden({ signal }) };
  };

interface NetzFeldProps {
  label: string;
  titel: string;
  name: string;
  /** The chosen plant's id ('' for none) and how the field names it. */
  wert: string;
  anzeige: string;
  onChange: (id: string, anzeige: string) => void;
  abfrage: NetzAbfrage;
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
 * 'Auswählen' opens the dialog that searches what the server offers (internal/anwendung/auswahl), a
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
  return <NetzFeld {...p} label="Aufnehmende Anlage" titel={AUFNAHME_TITEL} name="aufnahme" required abfrage={abfrageAus((q) => aufnehmendeAnlagenQuery(betriebId, anlageId, q))} />;
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
      abfrage={abfrageAus((q, alle) => drosselablaeufeQuery(alle ? '' : betriebId, anlagenart, anlageId, q))}
    />
  );
}
