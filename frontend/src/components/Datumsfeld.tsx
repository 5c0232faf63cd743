import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { formatDate, isoDateFromGerman } from '@/lib/format';
import { FormField, inputClass } from './FormField';

// The one date input, in forms and in grid cells: what the user types is what the field holds
// and what the caller gets — character for character, a day tidied to TT.MM.JJJJ only when the
// field is left. A day can also be chosen in a German calendar behind the button beside it; it
// opens below the field in the flow of the page, not floating: inside a dialog a floating one
// would be cut off by the dialog's edge. The calendar (react-day-picker) is loaded when it is
// first opened, so pages without one pay nothing for it.
//
// No maxLength (issue 43): Chromium trims text typed over a selection to the room maxlength
// leaves, and counts the selection by what is rendered of it. In a grid cell squeezed to a few
// pixels, Ctrl+A or a triple click over 01.01.3000 therefore counted less than ten selected
// characters, the first key was inserted as nothing (31.12.2036 became 1.12.2036, tidied to the
// valid 01.12.2036) and a paste left the field empty. A too long text is the form's check's to
// refuse ('Ungültiges Datumsformat'), never the browser's to cut. The input is also never
// narrower than a whole date.

const Kalender = lazy(() => import('./Kalender'));

/** What a date field takes: a day (default), a month or a year, as a measured-value template's Datumsformat. */
export type Datumsformat = 'TT.MM.JJJJ' | 'MM.JJJJ' | 'JJJJ';

/** Two texts mean the same day (or are the same text): the field keeps the one typed. */
const derselbeWert = (a: string, b: string) => a === b || (isoDateFromGerman(a) !== null && isoDateFromGerman(a) === isoDateFromGerman(b));

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
  /** Default 'TT.MM.JJJJ'; a month or a year has no calendar and is kept as typed. */
  format?: Datumsformat;
  /** Set by FormField (id, aria-invalid, aria-describedby, aria-required); a grid cell names its input by aria-label. */
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * The text input and its calendar button; inside a FormField, which labels the input. A caller
 * may store a complete day in another form (yyyy-MM-dd) and give it back as TT.MM.JJJJ: while it
 * is the same day, the field goes on showing the text as typed ('1.3.2025'), so a value never
 * changes under the user's keys.
 */
export function DatumEingabe({ value, onChange, label, name, disabled, bis, format = 'TT.MM.JJJJ', ...aria }: DatumEingabeProps) {
  const [offen, setOffen] = useState(false);
  const [getippt, setGetippt] = useState<string | null>(null);
  const knopf = useRef<HTMLButtonElement>(null);
  const kalenderId = useId();
  const tag = format === 'TT.MM.JJJJ';
  const text = getippt !== null && derselbeWert(getippt, value) ? getippt : value;
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
          className={`${inputClass} min-w-28`}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setGetippt(e.target.value);
            onChange(e.target.value);
          }}
          onBlur={() => {
            setGetippt(null);
            const iso = tag ? isoDateFromGerman(text) : null;
            if (iso && formatDate(iso) !== text) onChange(formatDate(iso));
          }}
        />
        {tag && (
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
        )}
      </div>
      {tag && offen && (
        <Suspense fallback={<p className="mt-1 text-sm">Kalender wird geladen …</p>}>
          <Kalender
            id={kalenderId}
            name={`Kalender: ${label}`}
            gewaehlt={isoDateFromGerman(text)}
            bis={bis}
            onWahl={(iso) => {
              setGetippt(null);
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
