import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Laden } from '@/components/Laden';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { doubleOptInQuery } from '@/features/registrierung/api/bestaetige-email';

// Verbatim texts (spec 002 §8 and the registration issue).
export const MSG_BESTAETIGT =
  'Ihre E-Mail Adresse wurde erfolgreich bestätigt. Ihr Zugang wird nun von der Administration geprüft und freigeschaltet.';
export const MSG_NICHT_BESTAETIGT = 'Ihre E-Mail Adresse konnte nicht bestaetigt werden';
export const HINWEIS_NICHT_BESTAETIGT =
  'Möglicherweise wurde sie bereits bestätigt. Bitte wenden Sie sich andernfalls an die Administration.';

/** /doubleoptin?t=…: sends the token of the confirmation mail and shows the outcome. */
export function DoubleOptIn() {
  useDocumentTitle('E-Mail-Bestätigung');
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const bestaetigung = useQuery({ ...doubleOptInQuery(token), enabled: token !== '' });
  const fertig = token === '' || !bestaetigung.isPending;
  const ok = bestaetigung.data === true;

  return (
    <section aria-labelledby="doi-titel" className="mx-auto w-full max-w-2xl space-y-4">
      <h1 id="doi-titel" className="text-2xl font-semibold">
        E-Mail-Bestätigung
      </h1>
      {!fertig ? (
        <Laden text="Ihre E-Mail-Adresse wird bestätigt …" />
      ) : ok ? (
        <div role="status" className="space-y-3 rounded border-l-4 border-green-700 bg-green-50 p-4">
          <p>{MSG_BESTAETIGT}</p>
          <p>
            <Link to="/login" className="text-blue-800 underline hover:text-blue-950">
              Zur Anmeldung
            </Link>
          </p>
        </div>
      ) : (
        <div role="alert" className="space-y-2 rounded border-l-4 border-red-700 bg-red-50 p-4">
          <p className="font-medium">{MSG_NICHT_BESTAETIGT}</p>
          <p>{HINWEIS_NICHT_BESTAETIGT}</p>
        </div>
      )}
    </section>
  );
}
