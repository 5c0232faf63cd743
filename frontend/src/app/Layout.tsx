import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Laden } from '@/components/Laden';
import { Toasts } from '@/components/Toasts';
import { Footer } from './Footer';
import { Header } from './Header';
import { Navigation } from './Navigation';

export const MAIN_ID = 'inhalt';

/** Page shell: skip link, header, navigation, main, footer and the toast region. */
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded bg-white px-4 py-2 text-blue-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Zum Inhalt springen
      </a>
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
