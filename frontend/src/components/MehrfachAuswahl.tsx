import { useId } from 'react';

export interface MehrfachAuswahlProps<V extends string | number> {
  legend: string;
  options: readonly { value: V; label: string }[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  disabled?: boolean;
  error?: string;
  hint?: string;
  /** Height of the scrolling box in px (long lists scroll inside the form). */
  maxHeight?: number;
}

/**
 * A multi-select as a scrolling list of checkboxes (a fieldset, so the legend names the group
 * and every box its entry). Disabled, every box is (not the fieldset: a disabled fieldset would
 * take the focus from its list too), and the list is a named region that takes the focus (WCAG 2.1.1: a scrolling box the keyboard can reach).
 */
export function MehrfachAuswahl<V extends string | number>({
  legend,
  options,
  value,
  onChange,
  disabled = false,
  error,
  hint,
  maxHeight = 160,
}: MehrfachAuswahlProps<V>) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const toggle = (v: V, on: boolean) =>
    onChange(on ? options.map((o) => o.value).filter((o) => o === v || value.includes(o)) : value.filter((o) => o !== v));
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" aria-disabled={disabled || undefined} aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div
        className={`overflow-y-auto rounded border px-2 py-1 ${error ? 'border-red-700' : 'border-gray-500'} ${
          disabled ? 'bg-gray-100 text-gray-700' : 'bg-white'
        }`}
        style={{ maxHeight }}
        // disabled, its boxes take no focus: the box itself does, so the keyboard can scroll a long list
        {...(disabled ? { tabIndex: 0, role: 'region', 'aria-label': legend } : {})}
      >
        {options.length === 0 && <p className="py-1 text-sm text-gray-700">Keine Einträge vorhanden</p>}
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 py-0.5 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={value.includes(o.value)}
              disabled={disabled}
              onChange={(e) => toggle(o.value, e.target.checked)}
              aria-invalid={error ? true : undefined}
            />
            {o.label}
          </label>
        ))}
      </div>
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
    </fieldset>
  );
}
