import { useDocumentTitle } from '../../../lib/useDocumentTitle';

/** Placeholder of the login screen; the form itself arrives with its own issue. */
export function Anmeldung() {
  useDocumentTitle('Anmeldung');
  return (
    <section aria-labelledby="login-titel" className="space-y-4">
      <h1 id="login-titel" className="text-2xl font-semibold">
        Anmeldung
      </h1>
      <p>Das Anmeldeformular folgt in Kürze an dieser Stelle.</p>
    </section>
  );
}
