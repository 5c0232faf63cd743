import { Link } from 'react-router-dom';
import { getToken, sitzungAmServerBeenden, useSitzungBeenden } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

export function Unautorisiert() {
  useDocumentTitle('Zugriff verweigert');
  const beenden = useSitzungBeenden();
  return (
    <section aria-labelledby="ua-titel" className="space-y-4">
      <h1 id="ua-titel" className="text-2xl font-semibold">
        Zugriff verweigert
      </h1>
      <p>
        Sie haben keine Berechtigung, diese Seite aufzurufen. Falls Sie mit dem falschen Konto angemeldet sind, melden
        Sie sich bitte mit dem richtigen Konto an.
      </p>
      <p>
        <Link
          to="/login"
          onClick={() => {
            // the server ends the session in the background; the browser forgets it at once, so the
            // login page opens for an anonymous visitor
            void sitzungAmServerBeenden(getToken());
            beenden();
          }}
          className="text-blue-800 underline hover:text-blue-950"
        >
          Abmelden und erneut anmelden
        </Link>
      </p>
    </section>
  );
}
