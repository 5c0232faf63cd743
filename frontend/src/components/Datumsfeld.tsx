import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { formatDate, isoDateFromGerman } from '@/lib/format';
import { FormField, inputClass } from './FormField';

// The one date field: typed as TT.MM.JJJJ (also 1.3.2025, tidied on leaving the field) or
// chosen in a German calendar behind the button beside it. The calendar opens below the field
// in the flow of the page, not floating: inside a dialog a floating one would be cut off by
// the dialog's edge. The calendar (react-day-picker) is
// loaded when it is first opened, so pages without one pay nothing for it.

const Kalender = lazy(() => import('./Kalender'));

export interface DatumEingabeProps {
  /** TT.MM.JJJJ as typed (the form keeps the text, so a half-typed date stays). */
  value: string;
  onChange: (v: string) => void;
  /** The field's label: describes the calendar button, names the calendar ('Kalender: Gültig ab'). */
  label: string;
  name?: string;
  disabled?: boolean;
  /** The last day the calendar offers (yyyy-MM-dd). */
  bis?: string;
  /** Set by FormField (id, aria-invalid, aria-describedby, aria-required). */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** The text input and its calendar button; inside a FormField, which labels the input. */
export function DatumEingabe({ value, onChange, label, name, disabled, bis, ...aria }: DatumEingabeProps) {
  const [offen, setOffen] = useState(false);
  const knopf = useRef<HTMLButtonElement>(null);
  const kalenderId = useId();
  const zu = () => {
    setOffen(false);
    knopf.current?.focus();
  };
  return (
    <div>
      <div className="flex gap-1">
        <input
          {...aria}
          name={name}
          className={inputClass}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => {
            const iso = isoDateFromGerman(value);
            if (iso && formatDate(iso) !== value) onChange(formatDate(iso));
          }}
        />
        <button
          ref={knopf}
          type="button"
          disabled={disabled}
          aria-label="Kalender öffnen"
          aria-describedby={`${kalenderId}-feld`}
          title="Datum im Kalender wählen"
          aria-haspopup="dialog"
          aria-expanded={offen}
          aria-controls={offen ? kalenderId : undefined}
          onClick={() => setOffen((o) => !o)}
          className="inline-flex shrink-0 items-center justify-center rounded border border-gray-500 bg-white px-2 text-blue-900 hover:bg-blue-50 disabled:opacity-50"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
          {/* which field the button belongs to, without making it a second label of that name */}
          <span id={`${kalenderId}-feld`} hidden>
            {label}
          </span>
        </button>
      </div>
      {offen && (
        <Suspense fallback={<p className="mt-1 text-sm">Kalender wird geladen …</p>}>
          <Kalender
            id={kalenderId}
            name={`Kalender: ${label}`}
            gewaehlt={isoDateFromGerman(value)}
            bis={bis}
            onWahl={(iso) => {
              onChange(formatDate(iso));
              zu();
            }}
            onSchliessen={zu}
          />
        </Suspense>
      )}
    </div>
  );
}

export interface DatumsfeldProps extends Omit<DatumEingabeProps, 'id' | 'aria-invalid' | 'aria-describedby' | 'aria-required'> {
  error?: string;
  /** Default 'TT.MM.JJJJ'. */
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** The input's id (to focus it from outside). */
  id?: string;
}

/** A labelled date field (FormField + DatumEingabe). */
export function Datumsfeld({ label, error, hint = 'TT.MM.JJJJ', required, className, id, ...eingabe }: DatumsfeldProps) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      <DatumEingabe label={label} id={id} {...eingabe} />
    </FormField>
  );
}
