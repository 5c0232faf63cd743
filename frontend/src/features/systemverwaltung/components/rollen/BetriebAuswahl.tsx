import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { inputClass } from '@/components/FormField';
import { maxAnzahl, zuViele } from '@/lib/laengen';
import { betriebkatalogQuery, katalogText, type Katalogeintrag } from '@/features/systemverwaltung/api/betriebkatalog';

/** Fewer characters search nothing: a single letter matches nearly every operation. */
export const MIN_SUCHLAENGE = 2;

export interface BetriebAuswahlProps {
  /** The chosen operations' ids. */
  value: readonly number[];
  onChange: (value: number[]) => void;
  disabled?: boolean;
  error?: string;
}

const knopf = 'rounded border border-blue-800 px-2 py-0.5 text-xs font-medium text-blue-900 hover:bg-blue-50 disabled:border-gray-400 disabled:text-gray-600';

/**
 * The operations of a local role, picked from the catalogue (issue 14: typed ids let a typo
 * change what a user sees unnoticed): the chosen ones with Betriebs-Nr., name and operator, each
 * removable; below a search by number, name or operator whose hits are added with one click.
 */
export function BetriebAuswahl({ value, onChange, disabled = false, error }: BetriebAuswahlProps) {
  const id = useId();
  const [suche, setSuche] = useState('');
  const q = useDeferredValue(suche.trim());
  const suchen = q.length >= MIN_SUCHLAENGE;
  const treffer = useQuery({ ...betriebkatalogQuery(q), enabled: suchen && !disabled });
  const beschriftet = useQuery({ ...betriebkatalogQuery('', value), enabled: value.length > 0 });
  // entries added from the hits keep their text while the labels of the choice load
  const [bekannt, setBekannt] = useState<Record<number, Katalogeintrag>>({});
  const eintraege = useMemo(() => {
    const m: Record<number, Katalogeintrag> = { ...bekannt };
    for (const e of beschriftet.data ?? []) m[e.id] = e;
    return m;
  }, [bekannt, beschriftet.data]);

  const hinzufuegen = (e: Katalogeintrag) => {
    setBekannt((b) => ({ ...b, [e.id]: e }));
    if (!value.includes(e.id)) onChange([...value, e.id]);
  };
  const text = (betriebId: number) => {
    const e = eintraege[betriebId];
    return e ? katalogText(e) : `Betrieb ${betriebId}`;
  };
  const liste = suchen ? (treffer.data ?? []) : [];
  const status = !suchen
    ? ''
    : treffer.isPending
      ? 'Suche läuft …'
      : liste.length === 0
        ? 'Kein Betrieb gefunden.'
        : liste.length === 1
          ? '1 Betrieb gefunden.'
          : `${liste.length} Betriebe gefunden.`;

  // a local role names at most maxAnzahl('betriebe') operations (the server's table)
  const max = maxAnzahl('betriebe');
  const voll = value.length >= max;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 sm:col-span-2" disabled={disabled} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">Betriebe</legend>
      {value.length === 0 ? (
        <p className="text-sm text-gray-700">Keine Betriebe ausgewählt.</p>
      ) : (
        <ul aria-label="Ausgewählte Betriebe" className="space-y-1 rounded border border-gray-300 px-2 py-1">
          {value.map((b) => (
            <li key={b} className="flex items-center justify-between gap-2 text-sm">
              <span>{text(b)}</span>
              <button type="button" className={knopf} aria-label={`${text(b)} entfernen`} onClick={() => onChange(value.filter((x) => x !== b))}>
                Entfernen
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-suche`} className="text-sm font-medium">
        Betrieb suchen
      </label>
      <input
        id={`${id}-suche`}
        type="search"
        name="betriebSuche"
        className={inputClass}
        value={suche}
        aria-describedby={`${id}-hinweis ${id}-status${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setSuche(e.target.value)}
        // Enter searches here; it must not save the role
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
      />
      <p id={`${id}-hinweis`} className="text-xs text-gray-700">
        Betriebs-Nr., Name oder Betreiber, mindestens {MIN_SUCHLAENGE} Zeichen.
      </p>
      <p id={`${id}-status`} aria-live="polite" className="text-sm text-gray-700">
        {status}
      </p>
      {voll && <p className="text-sm text-gray-700">{zuViele(max)}</p>}
      {liste.length > 0 && (
        <ul aria-label="Suchergebnisse" className="max-h-48 space-y-1 overflow-y-auto rounded border border-gray-300 px-2 py-1">
          {liste.map((e) => {
            const gewaehlt = value.includes(e.id);
            return (
              <li key={e.id} className="flex items-center justify-between gap-2 text-sm">
                <span>{katalogText(e)}</span>
                <button
                  type="button"
                  className={knopf}
                  disabled={gewaehlt || voll}
                  aria-label={`${katalogText(e)} ${gewaehlt ? 'ist ausgewählt' : 'hinzufügen'}`}
                  onClick={() => hinzufuegen(e)}
                >
                  {gewaehlt ? 'Ausgewählt' : 'Hinzufügen'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
