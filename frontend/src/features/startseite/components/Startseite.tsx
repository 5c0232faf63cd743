import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Laden } from '../../../components/Laden';
import { useDarf } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';

// the list (and its table library) loads after the page itself: the initial bundle stays small
const BetriebeListe = lazy(() => import('./BetriebeListe').then((m) => ({ default: m.BetriebeListe })));

export function Startseite() {
  useDocumentTitle('Startseite');
  const darf = useDarf();
  return (
    <section aria-labelledby="startseite-titel" className="space-y-4">
      <h1 id="startseite-titel" className="text-2xl font-semibold">
        Startseite
      </h1>
      <p>
        Willkommen bei eAbwasser, dem Portal für die Betriebsakten der Abwasserbetriebe. Von hier aus erreichen Sie
        Ihre Betriebsakten und Arbeitslisten.
      </p>
      {darf('AUDIT_LESEN') && (
        <p>
          <Link to="/protokoll" className="text-blue-800 underline hover:text-blue-950">
            Ereignisprotokoll
          </Link>{' '}
          – alle Änderungen der Anwendung mit Zeitpunkt, Benutzer und Inhalt.
        </p>
      )}
      <Suspense fallback={<Laden />}>
        <BetriebeListe />
      </Suspense>
    </section>
  );
}
