import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
  /** The tab holds fields with errors: it is flagged (spec 000 §2). */
  hasError?: boolean;
  hidden?: boolean;
}

export interface TabsProps {
  tabs: TabItem[];
  value: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
}

/** WAI-ARIA tabs: arrow keys, Home/End move between tabs; tabs with errors are flagged. */
export function Tabs({ tabs, value, onChange, label }: TabsProps) {
  const base = useId();
  const visible = tabs.filter((t) => !t.hidden);
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const active = visible.find((t) => t.id === value) ?? visible[0];

  const onKeyDown = (e: KeyboardEvent) => {
    const i = visible.findIndex((t) => t.id === active?.id);
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % visible.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + visible.length) % visible.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = visible.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onChange(visible[next].id);
    refs.current[visible[next].id]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-gray-300" onKeyDown={onKeyDown}>
        {visible.map((t) => {
          const selected = t.id === active?.id;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              className={`-mb-px rounded-t border px-4 py-2 text-sm ${
                selected ? 'border-gray-300 border-b-white bg-white font-semibold' : 'border-transparent text-blue-800 hover:bg-gray-100'
              } ${t.hasError ? 'text-red-700' : ''}`}
              onClick={() => onChange(t.id)}
            >
              {t.label}
              {t.hasError && (
                <>
                  <span aria-hidden="true"> ⚠</span>
                  <span className="sr-only"> (enthält Fehler)</span>
                </>
              )}
            </button>
          );
        })}
      </div>
      {active && (
        <div role="tabpanel" id={`${base}-panel-${active.id}`} aria-labelledby={`${base}-tab-${active.id}`} tabIndex={0} className="py-4">
          {active.content}
        </div>
      )}
    </div>
  );
}
