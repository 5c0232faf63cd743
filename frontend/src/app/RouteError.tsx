import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { MSG_UNKNOWN } from '@/lib/errors';

/** Last resort when a screen crashes while rendering (or a lazy chunk fails to load). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-8" lang="de">
      <h1 className="text-2xl font-semibold">Fehler</h1>
      <p role="alert">{MSG_UNKNOWN}</p>
      <p>
        <a href={import.meta.env.BASE_URL} className="text-blue-800 underline">
          Zur Startseite
        </a>
      </p>
    </main>
  );
}
