import { useId, useMemo, useState, type KeyboardEvent } from 'react';

// Dimensions of spec 002 §2/§9: rows 30 px, list height 300 px.
export const ZEILENHOEHE = 30;
export const LISTENHOEHE = 300;

export interface TransferItem {
  id: number | string;
  label: string;
}

export interface TransferListProps<Id extends number | string> {
  /** Name of the whole control (legend). */
  label: string;
  /** Everything that can be assigned, in the order to show. */
  items: readonly TransferItem[];
  /** The assigned ids. */
  value: readonly Id[];
  onChange: (value: Id[]) => void;
  availableLabel?: string;
  assignedLabel?: string;
  error?: string;
  disabled?: boolean;
}

interface ListeProps {
  id: string;
  titel: string;
  items: readonly TransferItem[];
  markiert: ReadonlySet<TransferItem['id']>;
  aktiv: TransferItem['id'] | undefined;
  setAktiv: (id: TransferItem['id'] | undefined) => void;
  umschalten: (id: TransferItem['id']) => void;
  uebertragen: (ids: TransferItem['id'][]) => void;
  describedBy?: string;
  invalid: boolean;
  disabled: boolean;
}

/** One of the two lists: a multi-select listbox with a roving active option. */
function Liste({ id, titel, items, markiert, aktiv, setAktiv, umschalten, uebertragen, describedBy, invalid, disabled }: ListeProps) {
  const titelId = `${id}-titel`;
  const optionId = (itemId: TransferItem['id']) => `${id}-opt-${itemId}`;
  const index = items.findIndex((i) => i.id === aktiv);
  const aktivesItem = index >= 0 ? items[index] : undefined;

  const gehe = (i: number) => {
    const item = items[Math.max(0, Math.min(items.length - 1, i))];
    if (!item) return;
    setAktiv(item.id);
    document.getElementById(optionId(item.id))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (items.length === 0) return;
    switch (e.key) {
      case 'ArrowDown':
        gehe(index < 0 ? 0 : index + 1);
        break;
      case 'ArrowUp':
        gehe(index < 0 ? 0 : index - 1);
        break;
      case 'Home':
        gehe(0);
        break;
      case 'End':
        gehe(items.length - 1);
        break;
      case ' ':
        if (aktivesItem) umschalten(aktivesItem.id);
        break;
      case 'Enter': {
        // the marked entries move; without a mark the active one
        const ids = items.filter((i) => markiert.has(i.id)).map((i) => i.id);
        if (ids.length > 0) uebertragen(ids);
        else if (aktivesItem) uebertragen([aktivesItem.id]);
        break;
      }
      case 'a':
        if (!(e.ctrlKey || e.metaKey)) return;
        for (const i of items) if (!markiert.has(i.id)) umschalten(i.id);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <span id={titelId} className="text-sm font-medium">
        {titel} <span className="font-normal text-gray-700">({items.length})</span>
      </span>
      <ul
        role="listbox"
        aria-multiselectable="true"
        aria-labelledby={titelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-disabled={disabled || undefined}
        aria-activedescendant={aktivesItem ? optionId(aktivesItem.id) : undefined}
        tabIndex={disabled ? -1 : 0}
        onKeyDown={disabled ? undefined : onKeyDown}
        onFocus={() => {
          if (!aktivesItem && items.length > 0) setAktiv(items[0].id);
        }}
        style={{ height: LISTENHOEHE }}
        className={`overflow-y-auto rounded border bg-white focus:outline-2 focus:outline-offset-1 focus:outline-blue-700 ${
          invalid ? 'border-red-700' : 'border-gray-500'
        } ${disabled ? 'bg-gray-100 text-gray-700' : ''}`}
      >
        {items.map((item) => {
          const selected = markiert.has(item.id);
          const active = item.id === aktivesItem?.id;
          return (
            <li
              key={item.id}
              id={optionId(item.id)}
              role="option"
              aria-selected={selected}
              style={{ height: ZEILENHOEHE, lineHeight: `${ZEILENHOEHE}px` }}
              className={`cursor-pointer truncate px-2 text-sm select-none ${selected ? 'bg-blue-800 text-white' : 'hover:bg-blue-50'} ${
                active ? 'outline outline-1 -outline-offset-1 outline-blue-900' : ''
              }`}
              title={item.label}
              onClick={() => {
                if (disabled) return;
                setAktiv(item.id);
                umschalten(item.id);
              }}
              onDoubleClick={() => {
                if (!disabled) uebertragen([item.id]);
              }}
            >
              {item.label}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const knopf =
  'rounded border border-blue-800 bg-white px-3 py-1 text-sm text-blue-900 hover:bg-blue-50 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * Two lists, 'Verfügbar' and 'Zugeordnet', with buttons that move the marked entries (or all)
 * from one to the other. Keyboard: arrows, Home/End move within a list, Space marks,
 * Enter moves the marked entries (or the active one), Ctrl+A marks all; double click moves one.
 */
export function TransferList<Id extends number | string>({
  label,
  items,
  value,
  onChange,
  availableLabel = 'Verfügbar',
  assignedLabel = 'Zugeordnet',
  error,
  disabled = false,
}: TransferListProps<Id>) {
  const base = useId();
  const errorId = error ? `${base}-error` : undefined;
  const zugeordnet = useMemo(() => {
    // assigned ids keep the order of `items`; ids without an item still show (as their id)
    const bekannt = items.filter((i) => value.includes(i.id as Id));
    const fremd = value.filter((v) => !items.some((i) => i.id === v)).map((v) => ({ id: v, label: String(v) }));
    return [...bekannt, ...fremd];
  }, [items, value]);
  const verfuegbar = useMemo(() => items.filter((i) => !value.includes(i.id as Id)), [items, value]);

  const [markiertLinks, setMarkiertLinks] = useState<Set<TransferItem['id']>>(new Set());
  const [markiertRechts, setMarkiertRechts] = useState<Set<TransferItem['id']>>(new Set());
  const [aktivLinks, setAktivLinks] = useState<TransferItem['id']>();
  const [aktivRechts, setAktivRechts] = useState<TransferItem['id']>();

  const toggle = (set: (f: (s: Set<TransferItem['id']>) => Set<TransferItem['id']>) => void) => (id: TransferItem['id']) =>
    set((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  /** The active option after `ids` left a list: the next remaining one (keeps the keyboard in place). */
  const naechstes = (liste: readonly TransferItem[], ids: TransferItem['id'][], aktiv: TransferItem['id'] | undefined) => {
    if (aktiv === undefined || !ids.includes(aktiv)) return aktiv;
    const i = liste.findIndex((x) => x.id === aktiv);
    const rest = liste.filter((x) => !ids.includes(x.id));
    return rest[Math.min(i, rest.length - 1)]?.id;
  };

  const zuordnen = (ids: TransferItem['id'][]) => {
    if (disabled || ids.length === 0) return;
    onChange([...value, ...(ids.filter((id) => !value.includes(id as Id)) as Id[])]);
    setMarkiertLinks(new Set());
    setAktivLinks(naechstes(verfuegbar, ids, aktivLinks));
  };
  const entfernen = (ids: TransferItem['id'][]) => {
    if (disabled || ids.length === 0) return;
    onChange(value.filter((v) => !ids.includes(v)));
    setMarkiertRechts(new Set());
    setAktivRechts(naechstes(zugeordnet, ids, aktivRechts));
  };

  const markierteLinks = verfuegbar.filter((i) => markiertLinks.has(i.id)).map((i) => i.id);
  const markierteRechts = zugeordnet.filter((i) => markiertRechts.has(i.id)).map((i) => i.id);

  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={errorId} disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className="flex items-stretch gap-3">
        <Liste
          id={`${base}-links`}
          titel={availableLabel}
          items={verfuegbar}
          markiert={markiertLinks}
          aktiv={aktivLinks}
          setAktiv={setAktivLinks}
          umschalten={toggle(setMarkiertLinks)}
          uebertragen={zuordnen}
          describedBy={errorId}
          invalid={!!error}
          disabled={disabled}
        />
        <div className="flex flex-col justify-center gap-2 pt-5">
          <button
            type="button"
            className={knopf}
            aria-label="Markierte zuordnen"
            title="Markierte zuordnen"
            disabled={markierteLinks.length === 0}
            onClick={() => zuordnen(markierteLinks)}
          >
            <span aria-hidden="true">›</span>
          </button>
          <button
            type="button"
            className={knopf}
            aria-label="Alle zuordnen"
            title="Alle zuordnen"
            disabled={verfuegbar.length === 0}
            onClick={() => zuordnen(verfuegbar.map((i) => i.id))}
          >
            <span aria-hidden="true">»</span>
          </button>
          <button
            type="button"
            className={knopf}
            aria-label="Markierte entfernen"
            title="Markierte entfernen"
            disabled={markierteRechts.length === 0}
            onClick={() => entfernen(markierteRechts)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className={knopf}
            aria-label="Alle entfernen"
            title="Alle entfernen"
            disabled={zugeordnet.length === 0}
            onClick={() => entfernen(zugeordnet.map((i) => i.id))}
          >
            <span aria-hidden="true">«</span>
          </button>
        </div>
        <Liste
          id={`${base}-rechts`}
          titel={assignedLabel}
          items={zugeordnet}
          markiert={markiertRechts}
          aktiv={aktivRechts}
          setAktiv={setAktivRechts}
          umschalten={toggle(setMarkiertRechts)}
          uebertragen={entfernen}
          describedBy={errorId}
          invalid={!!error}
          disabled={disabled}
        />
      </div>
      <p className="text-xs text-gray-700">Leertaste markiert, Eingabetaste verschiebt die markierten Einträge.</p>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
