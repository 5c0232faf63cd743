import { cloneElement, createContext, isValidElement, useContext, useId, type ReactElement, type ReactNode } from 'react';
import { useSchreibsperre } from '@/components/akte/Schreibrechte';
import { maxLaenge, SUCH_LAENGE } from '@/lib/laengen';

export interface FormFieldProps {
  label: string;
  /** One input/select/textarea; it gets id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

export const inputClass =
  'w-full rounded border border-gray-500 bg-white px-2 py-1.5 text-sm disabled:bg-gray-100 disabled:text-gray-700 aria-[invalid=true]:border-red-700';

/** True inside a filter form (Suchformular): its texts are query parameters with the search limit. */
export const SuchKontext = createContext(false);

const TEXTARTEN = new Set(['text', 'email', 'tel', 'url', 'search']);

/**
 * The maxLength of a control: its own if it sets one; for a text input or textarea the
 * server's limit of its name (lib/laengen, mirrored from validierung.Hoechstlaengen), or the
 * search limit in a filter form or for type="search"; none for other controls and passwords.
 */
export function textLaenge(control: ReactElement<Record<string, unknown>>, suche = false): number | undefined {
  const p = control.props;
  if (typeof p.maxLength === 'number') return p.maxLength;
  const typ = typeof p.type === 'string' ? p.type : 'text';
  if (control.type !== 'textarea' && !(control.type === 'input' && TEXTARTEN.has(typ))) return undefined;
  if (suche || typ === 'search') return SUCH_LAENGE;
  return maxLaenge(typeof p.name === 'string' ? p.name : '');
}

/**
 * Label, control, hint and error message wired together for screen readers. Inside a file
 * screen's per-field rights (components/akte/Schreibrechte) a control the caller may not save is
 * disabled, with the rights' hint.
 */
export function FormField({ label, children, error, hint: eigenerHinweis, required, className = '' }: FormFieldProps) {
  const id = useId();
  const suche = useContext(SuchKontext);
  const sperre = useSchreibsperre(isValidElement(children) && typeof children.props.name === 'string' ? children.props.name : undefined);
  const hint = sperre.hinweis ? (eigenerHinweis ? <>{eigenerHinweis} {sperre.hinweis}</> : sperre.hinweis) : eigenerHinweis;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: (children.props.id as string | undefined) ?? id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
        maxLength: textLaenge(children, suche),
        ...(sperre.gesperrt ? { disabled: true } : {}),
      })
    : children;
  const controlId = (isValidElement(children) && (children.props.id as string | undefined)) || id;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={controlId} className="text-sm font-medium">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="text-xs text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}

/** One checkbox with its label on the right and the error below, linked by aria-describedby. */
export function CheckboxField({ label, checked, onChange, name, error, required, disabled }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          aria-required={required || undefined}
        />
        <label htmlFor={id} className="text-sm">
          {label}
          {required && (
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          )}
        </label>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export interface CheckboxGroupProps<V extends string> {
  legend: string;
  options: readonly { value: V; label: string }[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  name?: string;
  error?: string;
  required?: boolean;
}

/** A multi-select as a fieldset of checkboxes; the error is linked to the group and each box. */
export function CheckboxGroup<V extends string>({ legend, options, value, onChange, name, error, required }: CheckboxGroupProps<V>) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const toggle = (v: V, on: boolean) => onChange(on ? options.map((o) => o.value).filter((o) => o === v || value.includes(o)) : value.filter((o) => o !== v));
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={errorId}>
      <legend className="mb-1 text-sm font-medium">
        {legend}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              className="h-4 w-4"
              checked={value.includes(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Says what the asterisk of a required field means (WCAG 3.3.2); once above a form with one. */
export function PflichtfeldHinweis() {
  return (
    <p className="text-sm text-gray-700">
      Pflichtfelder sind mit{' '}
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
      <span className="sr-only">Stern</span> gekennzeichnet.
    </p>
  );
}

/** A message about the whole form (e.g. the server's answer to a login), announced at once. */
export function FormMeldung({ children, id }: { children?: ReactNode; id?: string }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-950">
      {children}
    </p>
  );
}
