import { useId, type ReactNode } from 'react';
import { useSchreibsperre } from '@/components/akte/Schreibrechte';
import { Button } from '@/components/Button';
import { Textfeld } from '@/components/felder';
import { HinzufuegenKnopf } from '@/components/HinzufuegenKnopf';
import { inputClass } from '@/components/FormField';
import { Tabellenrahmen } from '@/components/Tabellenrahmen';
import { ZeilenEditor } from '@/components/ZeilenEditor';
import { PARAMETER, WERTARTEN } from '@/features/messstelle/api/messstelle';
import { istA00, istPflichtfeld, neueMindestanforderung, neueVorbelastung, type GrenzwertText, type MessstelleFehler, type MindestanforderungWerte, type VorbelastungWerte } from './werte';

// The limit values CSB … GEI (spec 000 §3/§5): the Anhang's on the first tab, the
// Mindestanforderungen (only group A00 editable) and the Vorbelastungen (valid from a date).

/** HW = Höchstwert, ÜW = Überwachungswert: the short form with its long form for every reader. */
export function Wertart({ wert }: { wert: string }) {
  const w = WERTARTEN.find((x) => x.value === wert);
  return w ? <abbr title={w.titel}>{w.kurz}</abbr> : <>{wert}</>;
}

export const HINWEIS_A00 = 'Nur die Werte der Gruppe A00 sind änderbar; die anderen Gruppen stammen aus den Anhängen der Abwasserverordnung.';

/** The limit values of the Anhang: one decimal field each (name = the server's key 'anhang.csb'). */
export function AnhangGrenzwerte({
  werte,
  onChange,
  fehler,
  gesperrt,
}: {
  werte: GrenzwertText;
  onChange: (w: GrenzwertText) => void;
  fehler: MessstelleFehler;
  gesperrt: boolean;
}) {
  return (
    <>
      {PARAMETER.map((p) => (
        <Textfeld
          key={p.key}
          label={p.label}
          hint={p.titel}
          name={`anhang.${p.key}`}
          value={werte[p.key]}
          onChange={(v) => onChange({ ...werte, [p.key]: v })}
          error={fehler[`anhang.${p.key}`]}
          disabled={gesperrt}
          inputMode="decimal"
          className="sm:col-span-2"
        />
      ))}
    </>
  );
}

/**
 * The Mindestanforderungen: rows of group A00 are edited in place (added, removed), the rows of
 * the other groups come from the AbwV annexes and are shown read-only (spec 000 §5).
 */
export function Mindestanforderungen({
  zeilen,
  onChange,
  fehler,
  gesperrt: gesperrtVonAussen,
  vorDemEntfernen,
}: {
  zeilen: MindestanforderungWerte[];
  onChange: (z: MindestanforderungWerte[]) => void;
  fehler: MessstelleFehler;
  gesperrt: boolean;
  vorDemEntfernen: (was: string) => Promise<boolean>;
}) {
  const basis = useId();
  const sperre = useSchreibsperre('mindestanforderungen');
  const gesperrt = gesperrtVonAussen || sperre.gesperrt;
  const setze = (i: number, key: keyof MindestanforderungWerte, v: string) => onChange(zeilen.map((z, j) => (j === i ? { ...z, [key]: v } : z)));
  const entfernen = async (i: number) => {
    if (!(await vorDemEntfernen(`die Mindestanforderung Nr. ${i + 1}`))) return;
    onChange(zeilen.filter((_, j) => j !== i));
  };
  const titel = 'Mindestanforderungen';
  return (
    <fieldset className="min-w-0 space-y-2 rounded border border-gray-300 p-4" aria-describedby={`${basis}-hinweis`}>
      <legend className="px-1 text-base font-semibold">{titel}</legend>
      <p id={`${basis}-hinweis`} className="text-xs text-gray-700">
        {HINWEIS_A00}
        {sperre.hinweis ? ` ${sperre.hinweis}` : ''}
      </p>
      {zeilen.length === 0 ? (
        <p className="text-sm text-gray-700">Keine Einträge vorhanden</p>
      ) : (
        <Tabellenrahmen label={titel}>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{titel}</caption>
            <thead>
              <tr>
                <th scope="col" className="border-b border-gray-300 px-1 py-1 text-left font-medium">
                  Gruppe
                </th>
                <th scope="col" className="border-b border-gray-300 px-1 py-1 text-left font-medium">
                  Wertart
                </th>
                {PARAMETER.map((p) => (
                  <th key={p.key} scope="col" className="border-b border-gray-300 px-1 py-1 text-left font-medium">
                    <abbr title={p.titel}>{p.label}</abbr>
                  </th>
                ))}
                <th scope="col">
                  <span className="sr-only">Aktionen</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {zeilen.map((z, i) => {
                const bearbeitbar = !gesperrt && istA00(z);
                const zelle = (key: keyof MindestanforderungWerte, label: string, inhalt: (gemeinsam: Record<string, unknown>) => ReactNode) => {
                  const name = `mindestanforderungen[${i}].${key}`;
                  const f = fehler[name];
                  const fehlerId = `${basis}-${i}-${key}-fehler`;
                  return (
                    <td key={key} className="px-1 py-1">
                      {inhalt({
                        'aria-label': `${label} ${i + 1}`,
                        'aria-invalid': f ? true : undefined,
                        'aria-describedby': f ? fehlerId : undefined,
                        'data-feld': name,
                        name: key,
                      })}
                      {f && (
                        <p id={fehlerId} className="mt-1 text-xs text-red-800">
                          {f}
                        </p>
                      )}
                    </td>
                  );
                };
                return (
                  <tr key={i} className="border-b border-gray-200 align-top" data-testid={istA00(z) ? 'mindestanforderung-a00' : 'mindestanforderung-fest'}>
                    <td className="px-1 py-1 whitespace-nowrap">{z.gruppe}</td>
                    {bearbeitbar ? (
                      zelle('wertart', 'Wertart', (g) => (
                        <select {...g} className={inputClass} value={z.wertart} onChange={(e) => setze(i, 'wertart', e.target.value)}>
                          {WERTARTEN.map((w) => (
                            <option key={w.value} value={w.value}>
                              {w.kurz} ({w.titel})
                            </option>
                          ))}
                        </select>
                      ))
                    ) : (
                      <td className="px-1 py-1">
                        <Wertart wert={z.wertart} />
                      </td>
                    )}
                    {PARAMETER.map((p) =>
                      bearbeitbar ? (
                        zelle(p.key, p.label, (g) => (
                          <input
                            {...g}
                            className={`${inputClass} min-w-16`}
                            type="text"
                            inputMode="decimal"
                            maxLength={20}
                            value={z[p.key]}
                            onChange={(e) => setze(i, p.key, e.target.value)}
                          />
                        ))
                      ) : (
                        <td key={p.key} className="px-1 py-1 whitespace-nowrap">
                          {z[p.key]}
                        </td>
                      ),
                    )}
                    <td className="px-1 py-1">
                      {bearbeitbar && (
                        <Button variant="secondary" className="px-2 py-1 text-xs" aria-label={`${titel}: Zeile ${i + 1} entfernen`} onClick={() => void entfernen(i)}>
                          Entfernen
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Tabellenrahmen>
      )}
      <p className="text-xs text-gray-700">
        <abbr title="Höchstwert">HW</abbr>: Höchstwert, <abbr title="Überwachungswert">ÜW</abbr>: Überwachungswert
      </p>
      {fehler.mindestanforderungen && (
        <p role="alert" className="text-sm text-red-800">
          {fehler.mindestanforderungen}
        </p>
      )}
      {!gesperrt && (
        <HinzufuegenKnopf feld="mindestanforderungen" anzahl={zeilen.length} onClick={() => onChange([...zeilen, neueMindestanforderung()])} aria-label={`${titel}: Zeile der Gruppe A00 hinzufügen`}>
          Hinzufügen
        </HinzufuegenKnopf>
      )}
    </fieldset>
  );
}

/** The Vorbelastungen: the load the water already carries, each valid from a day (the project's date field). */
export function Vorbelastungen({
  zeilen,
  onChange,
  fehler,
  gesperrt,
  vorDemEntfernen,
}: {
  zeilen: VorbelastungWerte[];
  onChange: (z: VorbelastungWerte[]) => void;
  fehler: MessstelleFehler;
  gesperrt: boolean;
  vorDemEntfernen: (was: string) => Promise<boolean>;
}) {
  return (
    <ZeilenEditor<VorbelastungWerte>
      titel="Vorbelastungen"
      prefix="vorbelastungen"
      zeilen={zeilen}
      onChange={onChange}
      neu={neueVorbelastung()}
      gesperrt={gesperrt}
      fehler={fehler}
      vorDemEntfernen={(z) => vorDemEntfernen(`die Vorbelastung${z.gueltigAb ? ' mit diesem Gültigkeitsdatum' : ''}`)}
      spalten={[
        { key: 'gueltigAb', label: 'Gültig ab', typ: 'datum', pflicht: istPflichtfeld('vorbelastungen[].gueltigAb') },
        ...PARAMETER.map((p) => ({ key: p.key, label: p.label, titel: p.titel, typ: 'zahl' as const })),
      ]}
    />
  );
}
