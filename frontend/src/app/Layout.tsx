import { Suspense, type MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { Laden } from '@/components/Laden';
import { Toasts } from '@/components/Toasts';
import { springeZu, useSprunglinks } from '@/lib/sprunglinks';
import { Footer } from './Footer';
import { Header } from './Header';
import { Navigation } from './Navigation';
import { useFokusNachNavigation } from './useFokusNachNavigation';

export const MAIN_ID = 'inhalt';

const sprunglinkClass =
  'sr-only z-50 rounded bg-white px-4 py-2 text-blue-900 underline shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:outline-2 focus:outline-blue-700';

/**
 * A skip link: moves the focus itself (a plain #fragment would only scroll, and the router
 * would take it for a navigation); without its target it goes to main.
 */
function Sprunglink({ ziel, children }: { ziel: string; children: string }) {
  const springen = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (!springeZu(ziel)) springeZu(MAIN_ID);
  };
  return (
    <a href={`#${ziel}`} onClick={springen} className={sprunglinkClass}>
      {children}
    </a>
  );
}

/**
 * Page shell: the skip links first of all ('Zum Inhalt springen' and the page's own, e.g. the
 * start page's 'Zur Liste springen'), then the landmarks header, navigation, main, footer, and
 * the toast region. After every navigation the focus goes to the new page's h1.
 */
export function Layout() {
  const sprunglinks = useSprunglinks();
  useFokusNachNavigation();
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900">
      <Sprunglink ziel={MAIN_ID}>Zum Inhalt springen</Sprunglink>
      {sprunglinks.map((l) => (
        <Sprunglink key={l.ziel} ziel={l.ziel}>
          {l.text}
        </Sprunglink>
      ))}
      <Header />
      <Navigation />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
        <Suspense fallback={<Laden />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toasts />
    </div>
  );
}
