import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormField, inputClass } from '@/components/FormField';
import { wertelisteQuery, type WertelisteEintrag } from '@/lib/wertelisten';

// Small field parts of the operation form: a text input and selects fed by value lists.

/** The entries of a value list (GET /api/<name>/), [] while loading. */
export function useWerteliste(name: string): WertelisteEintrag[] {
  return useQuery({ ...wertelisteQuery(name), staleTime: 5 * 60_000 }).data ?? [];
}

/** The values of a text-valued list (stored as the entry's text). */
export function useWerte(name: string): string[] {
  return useWerteliste(name).map((e) => e.value);
}

export interface TextfeldProps {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'url' | 'email';
  type?: string;
}

export function Textfeld({ label, name, value, onChange, error, hint, required, disabled, className, inputMode, type }: TextfeldProps) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      <input
        name={name}
        className={inputClass}
        value={value}
        disabled={disabled}
        inputMode={inputMode}
        type={type}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

export interface AuswahlfeldProps {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  /** value → label, in list order. */
  optionen: { value: string; label: string }[];
  error?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /** Text of the empty choice (default 'Bitte auswählen'). */
  leer?: string;
}

/**
 * A select; the stored value stays selectable (and visible) when the list no longer has it. A
 * required select offers no empty choice once a value is set, and before that only as the
 * prompt that cannot be chosen back.
 */
export function Auswahlfeld({ label, name, value, onChange, optionen, error, required, disabled, className, leer = 'Bitte auswählen' }: AuswahlfeldProps) {
  return (
    <FormField label={label} error={error} required={required} className={className}>
      <select name={name} className={inputClass} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {!(required && value) && (
          <option value="" disabled={required}>
            {optionen.length === 0 && !value ? 'Keine Optionen verfügbar' : leer}
          </option>
        )}
        {optionen.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** A select of a text-valued list (haupttaetigkeit, nace-code, …): the entry's text is stored. */
export function WertAuswahl({ liste, ...props }: Omit<AuswahlfeldProps, 'optionen'> & { liste: string }) {
  const werte = useWerte(liste);
  return <Auswahlfeld {...props} optionen={mehrfachOptionen(werte, props.value ? [props.value] : [])} />;
}

/** Options of a multi-select from a text-valued list, plus stored values the list no longer has. */
export function mehrfachOptionen(werte: string[], gewaehlt: string[]) {
  const alle = [...gewaehlt.filter((g) => !werte.includes(g)), ...werte];
  return alle.map((v) => ({ value: v, label: v }));
}

/** A group of fields with a visible legend. */
export function Gruppe({ titel, children, className = '' }: { titel: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={`rounded border border-gray-300 p-4 ${className}`}>
      <legend className="px-1 text-base font-semibold">{titel}</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-6">{children}</div>
    </fieldset>
  );
}
