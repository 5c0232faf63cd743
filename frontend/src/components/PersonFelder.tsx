import { useQuery } from '@tanstack/react-query';
import { PERSON_PFLICHTFELDER, type Feldfehler, type PersonWerte } from '@/lib/form';
import { anredeQuery, titelQuery } from '@/lib/wertelisten';
import { FormField, inputClass } from './FormField';

export type PersonFeld = keyof PersonWerte;

export { PERSON_PFLICHTFELDER };

/** Options of a select: the list's values, plus a stored value the list no longer has (first). */
export function wertOptionen(werte: readonly string[], aktuell: string) {
  const alle = aktuell && !werte.includes(aktuell) ? [aktuell, ...werte] : werte;
  return alle.map((v) => (
    <option key={v} value={v}>
      {v}
    </option>
  ));
}

export interface PersonFelderProps {
  werte: PersonWerte;
  fehler: Feldfehler<PersonFeld>;
  onChange: (feld: PersonFeld, wert: string) => void;
  disabled?: boolean;
  /** Fields marked as required; default PERSON_PFLICHTFELDER. */
  required?: readonly PersonFeld[];
  /** Browser autofill hints (family-name, given-name, email, tel); off for forms about other people. */
  autoComplete?: boolean;
}

/**
 * Anrede, Titel, Name, Vorname, E-Mail, Telefon and Mobil as FormFields for a two-column grid
 * (E-Mail spans both columns). Anrede and Titel offer the value lists.
 */
export function PersonFelder({
  werte,
  fehler,
  onChange,
  disabled,
  required = PERSON_PFLICHTFELDER,
  autoComplete = true,
}: PersonFelderProps) {
  const anreden = useQuery(anredeQuery());
  const titel = useQuery(titelQuery());
  const pflicht = (k: PersonFeld) => required.includes(k);
  const feld = (k: PersonFeld) => ({
    name: k,
    className: inputClass,
    value: werte[k],
    disabled,
    onChange: (e: { target: { value: string } }) => onChange(k, e.target.value),
  });
  const ac = (hinweis: string) => (autoComplete ? hinweis : undefined);
  return (
    <>
      <FormField label="Anrede" error={fehler.anrede} required={pflicht('anrede')}>
        <select {...feld('anrede')}>
          <option value="">Bitte auswählen</option>
          {wertOptionen((anreden.data ?? []).map((a) => a.value), werte.anrede)}
        </select>
      </FormField>
      <FormField label="Titel" error={fehler.titel} required={pflicht('titel')}>
        <select {...feld('titel')}>
          <option value="">Kein Titel</option>
          {wertOptionen((titel.data ?? []).map((a) => a.value), werte.titel)}
        </select>
      </FormField>
      <FormField label="Name" error={fehler.name} required={pflicht('name')}>
        <input {...feld('name')} autoComplete={ac('family-name')} />
      </FormField>
      <FormField label="Vorname" error={fehler.vorname} required={pflicht('vorname')}>
        <input {...feld('vorname')} autoComplete={ac('given-name')} />
      </FormField>
      <FormField label="E-Mail" error={fehler.email} required={pflicht('email')} className="sm:col-span-2">
        <input {...feld('email')} type="email" autoComplete={ac('email')} />
      </FormField>
      <FormField label="Telefon" error={fehler.telefon} required={pflicht('telefon')}>
        <input {...feld('telefon')} type="tel" autoComplete={ac('tel')} />
      </FormField>
      <FormField label="Mobil" error={fehler.mobil} required={pflicht('mobil')}>
        <input {...feld('mobil')} type="tel" autoComplete={ac('tel')} />
      </FormField>
    </>
  );
}
