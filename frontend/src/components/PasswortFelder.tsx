import type { Feldfehler } from '@/lib/form';
import { FormField, inputClass } from './FormField';

export type PasswortFeld = 'passwort' | 'bestaetigung';

export interface PasswortFelderProps {
  werte: Record<PasswortFeld, string>;
  fehler: Feldfehler<PasswortFeld>;
  onChange: (feld: PasswortFeld, wert: string) => void;
  /** Label of the first field (default 'Passwort'); the second is always 'Passwort bestätigen'. */
  label?: string;
  /** Hint below the first field (e.g. that an empty field keeps the password). */
  hint?: string;
  required?: boolean;
  disabled?: boolean;
}

/** A new password typed twice: two password inputs (name passwort, bestaetigung) with autocomplete new-password. */
export function PasswortFelder({ werte, fehler, onChange, label = 'Passwort', hint, required, disabled }: PasswortFelderProps) {
  const feld = (k: PasswortFeld) => ({
    name: k,
    type: 'password',
    className: inputClass,
    autoComplete: 'new-password',
    value: werte[k],
    disabled,
    onChange: (e: { target: { value: string } }) => onChange(k, e.target.value),
  });
  return (
    <>
      <FormField label={label} error={fehler.passwort} required={required} hint={hint}>
        <input {...feld('passwort')} />
      </FormField>
      <FormField label="Passwort bestätigen" error={fehler.bestaetigung} required={required}>
        <input {...feld('bestaetigung')} />
      </FormField>
    </>
  );
}
