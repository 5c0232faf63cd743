import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Laden } from '@/components/Laden';
import { Tabs, type TabItem } from '@/components/Tabs';
import { useDarf } from '@/lib/auth';
import { useSprunglink } from '@/lib/sprunglinks';
import { useSuevoa } from '@/lib/jahresbericht';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { istText, useSitzungszustand } from '@/features/startseite/sitzungszustand';
import { LISTE_ID, ZUR_LISTE } from './liste';

// The lists (and the table library) load after the page itself, each when its tab is chosen:
// the initial bundle stays small.
const AnlagenListe = lazy(() => import('./AnlagenListe').then((m) => ({ default: m.AnlagenListe })));
const MessstellenListe = lazy(() => import('./MessstellenListe').then((m) => ({ default: m.MessstellenListe })));
const BetriebeListe = lazy(() => import('./BetriebeListe').then((m) => ({ default: m.BetriebeListe })));
const JahresberichteListe = lazy(() => import('./JahresberichteListe').then((m) => ({ default: m.JahresberichteListe })));
const UeberschreitungenListe = lazy(() => import('./UeberschreitungenListe').then((m) => ({ default: m.UeberschreitungenListe })));
const NachrichtenListe = lazy(() => import('./NachrichtenListe').then((m) => ({ default: m.NachrichtenListe })));
const WiedervorlagenListe = lazy(() => import('./WiedervorlagenListe').then((m) => ({ default: m.WiedervorlagenListe })));

/** The tabs of the start page that exist so far (ids are also the `reiter` query parameter). */
export type Reiter = 'anlagen' | 'messstellen' | 'betriebe' | 'jahresberichte' | 'ueberschreitungen' | 'nachrichten' | 'wiedervorlagen';

/** The query parameter that opens a tab (the shell's 'Nachrichten' link uses it). */
export const REITER_PARAM = 'reiter';

const mitLaden = (inhalt: ReactNode) => <Suspense fallback={<Laden />}>{inhalt}</Suspense>;

/**
 * The start page (spec 002 §2): tabs Anlagen (the spec's default), Messstellen, Betriebe,
 * Jahresberichte and Überschreitungen (when the annual-report feature is on), Nachrichten, Wiedervorlagen.
 * Nachrichten and Wiedervorlagen only for the privileged roles. The chosen tab is kept in
 * session storage; `?reiter=` opens one.
 */
export function Startseite() {
  useDocumentTitle('Startseite');
  // past the welcome, the tabs and the filters straight to the list (issue 28, item 9)
  useSprunglink(ZUR_LISTE, LISTE_ID);
  const darf = useDarf();
  const suevoa = useSuevoa();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [reiter, setReiter] = useSitzungszustand<string>('reiter', () => 'anlagen', istText);
  const gewuenscht = params.get(REITER_PARAM);

  useEffect(() => {
    if (!gewuenscht) return;
    // the wish becomes the kept choice; the address is the plain start page again
    setReiter(gewuenscht);
    setParams(
      (p) => {
        p.delete(REITER_PARAM);
        return p;
      },
      { replace: true, state: location.state },
    );
  }, [gewuenscht, setReiter, setParams, location.state]);

  const tabs: TabItem[] = [
    { id: 'anlagen', label: 'Anlagen', content: mitLaden(<AnlagenListe />) },
    { id: 'messstellen', label: 'Messstellen', content: mitLaden(<MessstellenListe />) },
    { id: 'betriebe', label: 'Betriebe', content: mitLaden(<BetriebeListe />) },
    { id: 'jahresberichte', label: 'Jahresberichte', content: mitLaden(<JahresberichteListe />), hidden: !suevoa },
    { id: 'ueberschreitungen', label: 'Überschreitungen', content: mitLaden(<UeberschreitungenListe />), hidden: !suevoa },
    { id: 'nachrichten', label: 'Nachrichten', content: mitLaden(<NachrichtenListe />), hidden: !darf('NACHRICHTEN_LESEN') },
    {
      id: 'wiedervorlagen',
      label: 'Wiedervorlagen',
      content: mitLaden(<WiedervorlagenListe />),
      hidden: !darf('WIEDERVORLAGEN_LESEN'),
    },
  ];

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
      {/* a tab that is not offered (any more) falls back to the first one */}
      <Tabs label="Arbeitslisten" tabs={tabs} value={gewuenscht ?? reiter} onChange={setReiter} />
    </section>
  );
}
