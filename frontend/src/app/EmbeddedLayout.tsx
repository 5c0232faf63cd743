import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Laden } from '@/components/Laden';
import { Toasts } from '@/components/Toasts';

/** The frame of the embedded variants (login, registration, logged-in) and of the water-register viewer outside the shell: the screen and the toasts. */
export function EmbeddedLayout() {
  return (
    <div className="min-h-screen bg-white text-gray-900">
      <main className="mx-auto w-full max-w-3xl px-4 py-6">
        <Suspense fallback={<Laden />}>
          <Outlet />
        </Suspense>
      </main>
      <Toasts />
    </div>
  );
}
