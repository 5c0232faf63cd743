import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useModus } from '../../../lib/modus';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { betriebInfoQuery } from '../api/getBetriebInfo';

/** Operation data screen; its tabs and form arrive with the Betrieb issue. */
export function Betriebsdaten() {
  useDocumentTitle('Betriebsdaten');
  const { id = '' } = useParams();
  const { lesen } = useModus();
  const info = useQuery(betriebInfoQuery(id));
  return (
    <section aria-labelledby="betriebsdaten-titel" className="space-y-3">
      <h1 id="betriebsdaten-titel" className="text-2xl font-semibold">
        Betriebsdaten
      </h1>
      {info.data && (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">Bezeichnung</dt>
          <dd>{info.data.bezeichnung}</dd>
          <dt className="font-semibold">Betriebsstatus</dt>
          <dd>{info.data.betriebsstatus}</dd>
        </dl>
      )}
      <p className="text-sm text-gray-700">
        Die Reiter Betrieb, Produktion und Wasserversorgung sowie Zuständigkeiten folgen
        {lesen ? '.' : ' (Bearbeitung noch nicht möglich).'}
      </p>
    </section>
  );
}
