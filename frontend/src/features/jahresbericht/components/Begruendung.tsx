import type { Bewertung, Vergleich } from '@/features/jahresbericht/api/jahresbericht';

// The verdict of the limit check on a measured value (§ 6 AbwV, issue 43 item 3), as the
// parameter view and the Überschreitungen show it: one short verdict and the server's German
// explanation (Vergleich.erlaeuterung — digits, limit with its validity, the results of the
// 4-of-5 window with their dates, the paragraph), the same words on both pages.

/** What a verdict needs: a comparison of the parameter view or a row of the Überschreitungen (always exceeded). */
export type Urteil = Pick<Vergleich, 'art' | 'grenzwert' | 'eingehalten' | 'ueberHundertProzent' | 'regel' | 'erlaeuterung'> & { ueberschritten?: boolean };

/** The short verdict in words, not only colour: kept or not, and by which paragraph. */
export function urteil(v: Urteil): string {
  const grenze = `${v.art} ${v.grenzwert}`;
  if (v.ueberschritten === false) return v.regel === '§ 6 Abs. 2 AbwV' ? `${grenze} eingehalten` : `${grenze} eingehalten (${v.regel})`;
  if (v.eingehalten) return `${grenze} überschritten, gilt als eingehalten (${v.regel})`;
  if (v.ueberHundertProzent) return `${grenze} überschritten, nicht eingehalten (über 100 %, ${v.regel})`;
  return `${grenze} überschritten, nicht eingehalten (${v.regel})`;
}

/** The verdict with its explanation to unfold. */
export function Begruendung({ vergleich: v }: { vergleich: Urteil }) {
  const nicht = v.ueberschritten !== false && !v.eingehalten;
  return (
    <details className="text-sm" data-testid="begruendung">
      <summary className={`cursor-pointer ${nicht ? 'font-semibold text-red-800' : 'text-gray-800'}`}>{urteil(v)}</summary>
      <p className="mt-1 max-w-prose whitespace-normal text-gray-900">{v.erlaeuterung}</p>
    </details>
  );
}

/**
 * The parameter's verdict per kind of limit over the year, with the comparison that decides it:
 * for an Überwachungswert the last of its window (the first value not kept, or the latest), for
 * a Höchstwert each exceedance.
 */
export function Bewertungen({ bewertungen }: { bewertungen: Bewertung[] }) {
  return (
    <div className="space-y-1" data-testid="bewertungen">
      <h3 className="font-semibold">Prüfung gegen die Anforderungen (§ 6 AbwV)</h3>
      <ul className="list-disc space-y-1 pl-6 text-sm">
        {bewertungen.map((b) => {
          const massgeblich = b.massgeblich ?? [];
          const entscheidend = b.art === 'Höchstwert' ? massgeblich : massgeblich.slice(-1);
          return (
            <li key={b.art}>
              <span className={b.eingehalten ? '' : 'font-semibold text-red-800'}>
                {b.art}: {b.eingehalten ? 'eingehalten' : 'nicht eingehalten'}
              </span>
              {entscheidend.map((v) => (
                <Begruendung key={`${v.index}-${v.datum}-${v.uhrzeit ?? ''}`} vergleich={v} />
              ))}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
