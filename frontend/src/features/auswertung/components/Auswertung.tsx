import { useDocumentTitle } from '../../../lib/useDocumentTitle';

/** /auswertung: the query export (spec 002 §2) comes with a later issue; the route and its guard stand. */
export function Auswertung() {
  useDocumentTitle('Auswertung');
  return (
    <section aria-labelledby="auswertung-titel" className="space-y-4">
      <h1 id="auswertung-titel" className="text-2xl font-semibold">
        Auswertung
      </h1>
      <p>Die Auswertung folgt mit einer späteren Ausbaustufe.</p>
    </section>
  );
}
