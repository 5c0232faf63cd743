import { useId } from 'react';
import { useSchreibsperre } from '@/components/akte/Schreibrechte';
import { Button } from '@/components/Button';
import { DatumEingabe } from '@/components/Datumsfeld';
import { HinzufuegenKnopf } from '@/components/HinzufuegenKnopf';
import { inputClass } from '@/components/FormField';
import { Tabellenrahmen } from '@/components/Tabellenrahmen';
import { formatDate, isoDateFromGerman } from '@/lib/format';

/** A stored day (yyyy-MM-dd) as TT.MM.JJJJ; anything else (a half-typed date) as it is. */
const alsText = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : v);

/** The choices of a select cell; a stored value the list no longer has stays selectable. */
function auswahlOptionen<Z extends Record<string, string | boolean>>(s: Spalte<Z>, z: Z): { value: string; label: string }[] {
  const optionen = typeof s.optionen === 'function' ? s.optionen(z) : (s.optionen ?? []);
  const wert = String(z[s.key] ?? '');
  return wert && !optionen.some((o) => o.value === wert) ? [{ value: wert, label: wert }, ...optionen] : optionen;
}

/** A column of a ZeilenEditor: a text, number, date, checkbox or select per row. */
export interface Spalte<Z> {
  key: keyof Z & string;
  label: string;
  /** The long form of an abbreviated label ('CSB' → 'Chemischer Sauerstoffbedarf'): the header shows it as <abbr title>. */
  titel?: string;
  /** 'textblock': multi-line text (a textarea). */
  typ?: 'text' | 'zahl' | 'datum' | 'haken' | 'auswahl' | 'textblock';
  /** The longest text a 'text' or 'textblock' cell takes (default 255). */
  maxLaenge?: number;
  /** The choices of an 'auswahl' column, for all rows or per row (a list filtered by another cell). */
  optionen?: { value: string; label: string }[] | ((zeile: Z) => { value: string; label: string }[]);
  pflicht?: boolean;
  /** Read-only (set by the server, e.g. geaendertAm). */
  nurLesen?: boolean;
}

export interface ZeilenEditorProps<Z extends Record<string, string | boolean>> {
  titel: string;
  zeilen: Z[];
  spalten: Spalte<Z>[];
  onChange: (zeilen: Z[]) => void;
  /** The values of a new row. */
  neu: Z;
  gesperrt?: boolean;
  /** Errors by path, e.g. "auslegungUndBelastungsDaten[0].parameter", under prefix. */
  fehler?: Record<string, string | undefined>;
  prefix: string;
  /** Asked before a row is removed (e.g. 'Entfernen bestätigen'); without, it goes at once. */
  vorDemEntfernen?: (zeile: Z, index: number) => Promise<boolean>;
}

/**
 * The rows of a list field of a file form (Auslegung, Planung, Anlagenteile, …) edited in place:
 * each cell labelled for screen readers ('Parameter 1'), a row removed with 'Entfernen', one added
 * with 'Hinzufügen'; the errors of the server or the client checks under the cell.
 */
export function ZeilenEditor<Z extends Record<string, string | boolean>>({
  titel,
  zeilen,
  spalten,
  onChange,
  neu,
  gesperrt: gesperrtVonAussen,
  fehler = {},
  prefix,
  vorDemEntfernen,
}: ZeilenEditorProps<Z>) {
  const basis = useId();
  // a list the caller may not save (per-field rights of the file screen) is locked, with the hint
  const sperre = useSchreibsperre(prefix);
  const gesperrt = gesperrtVonAussen || sperre.gesperrt;
  const hinweisId = `${basis}-hinweis`;
  const entfernen = async (i: number) => {
    if (vorDemEntfernen && !(await vorDemEntfernen(zeilen[i], i))) return;
    onChange(zeilen.filter((_, j) => j !== i));
  };
  const setze = (i: number, key: keyof Z, wert: string | boolean) =>
    onChange(zeilen.map((z, j) => (j === i ? { ...z, [key]: wert } : z)));
  return (
    // min-w-0: a fieldset is as wide as its content by default, and the rows would widen the page
    <fieldset className="min-w-0 rounded border border-gray-300 p-4" aria-describedby={sperre.hinweis ? hinweisId : undefined}>
      <legend className="px-1 text-base font-semibold">{titel}</legend>
      {sperre.hinweis && (
        <p id={hinweisId} className="mb-2 text-xs text-gray-700">
          {sperre.hinweis}
        </p>
      )}
      {zeilen.length === 0 ? (
        <p className="text-sm text-gray-700">Keine Einträge vorhanden</p>
      ) : (
        <Tabellenrahmen label={titel}>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{titel}</caption>
            <thead>
              <tr>
                {spalten.map((s) => (
                  <th key={s.key} scope="col" className="border-b border-gray-300 px-1 py-1 text-left font-medium">
                    {s.titel ? <abbr title={s.titel}>{s.label}</abbr> : s.label}
                    {s.pflicht && (
                      <span aria-hidden="true" className="text-red-700">
                        {' '}
                        *
                      </span>
                    )}
                  </th>
                ))}
                <th scope="col">
                  <span className="sr-only">Aktionen</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {zeilen.map((z, i) => (
                <tr key={i} className="border-b border-gray-200 align-top">
                  {spalten.map((s) => {
                    const name = `${prefix}[${i}].${s.key}`;
                    const f = fehler[name];
                    const label = `${s.label} ${i + 1}`;
                    const wert = z[s.key];
                    const fehlerId = `${basis}-${i}-${s.key}-fehler`;
                    const gemeinsam = {
                      'aria-label': label,
                      'aria-invalid': f ? true : undefined,
                      'aria-describedby': f ? fehlerId : undefined,
                      'data-feld': name,
                      'aria-required': s.pflicht || undefined,
                      disabled: gesperrt || s.nurLesen,
                      name: s.key,
                    };
                    return (
                      <td key={s.key} className="px-1 py-1">
                        {s.nurLesen ? (
                          // set by the server: shown as the forms show it (a day as TT.MM.JJJJ), not editable
                          <input {...gemeinsam} disabled={undefined} readOnly className={`${inputClass} read-only:bg-gray-100`} type="text" value={alsText(String(wert ?? ''))} />
                        ) : s.typ === 'haken' ? (
                          <input type="checkbox" {...gemeinsam} checked={wert === true} onChange={(e) => setze(i, s.key, e.target.checked)} />
                        ) : s.typ === 'auswahl' ? (
                          <select {...gemeinsam} className={inputClass} value={String(wert ?? '')} onChange={(e) => setze(i, s.key, e.target.value)}>
                            {!(s.pflicht && wert) && (
                              <option value="" disabled={s.pflicht}>
                                Bitte auswählen
                              </option>
                            )}
                            {auswahlOptionen(s, z).map((o) => (
                              <option key={o.value} value={o.value}>
                                {o.label}
                              </option>
                            ))}
                          </select>
                        ) : s.typ === 'textblock' ? (
                          <textarea
                            {...gemeinsam}
                            className={`${inputClass} min-w-48`}
                            rows={2}
                            maxLength={s.maxLaenge ?? 255}
                            value={String(wert ?? '')}
                            onChange={(e) => setze(i, s.key, e.target.value)}
                          />
                        ) : s.typ === 'datum' ? (
                          <DatumEingabe
                            {...gemeinsam}
                            label={label}
                            value={alsText(String(wert ?? ''))}
                            onChange={(v) => setze(i, s.key, isoDateFromGerman(v) ?? v)}
                          />
                        ) : (
                          <input
                            {...gemeinsam}
                            className={inputClass}
                            type="text"
                            inputMode={s.typ === 'zahl' ? 'decimal' : undefined}
                            maxLength={s.maxLaenge ?? 255}
                            value={String(wert ?? '')}
                            onChange={(e) => setze(i, s.key, e.target.value)}
                          />
                        )}
                        {f && (
                          <p id={fehlerId} className="mt-1 text-xs text-red-800">
                            {f}
                          </p>
                        )}
                      </td>
                    );
                  })}
                  <td className="px-1 py-1">
                    {!gesperrt && (
                      <Button variant="secondary" className="px-2 py-1 text-xs" aria-label={`${titel}: Zeile ${i + 1} entfernen`} onClick={() => void entfernen(i)}>
                        Entfernen
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Tabellenrahmen>
      )}
      {!gesperrt && (
        <div className="mt-2">
          <HinzufuegenKnopf feld={prefix} anzahl={zeilen.length} onClick={() => onChange([...zeilen, { ...neu }])} aria-label={`${titel}: Zeile hinzufügen`}>
            Hinzufügen
          </HinzufuegenKnopf>
        </div>
      )}
    </fieldset>
  );
}
