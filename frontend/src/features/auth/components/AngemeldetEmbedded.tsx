import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/Button';
import { useAbmelden, useSession } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { anwendungBeimLoginBlockiert, starteAnwendung, vergissLoginVersuch } from './anwendungStarten';

/** Shown when the browser blocked the window the embedded login opened (ours; the spec names none). */
export const MSG_ANWENDUNG_BLOCKIERT =
  'Ihr Browser hat das Öffnen der Anwendung in einem neuen Tab verhindert. Bitte starten Sie sie mit „Anwendung starten“.';

/**
 * /logged-in-embedded: start the application in a new tab, or log out again (spec 002 §2). The
 * login opened it already; when the browser blocked that window, a hint points to the button.
 */
export function AngemeldetEmbedded() {
  useDocumentTitle('Angemeldet');
  const { claims } = useSession();
  const abmelden = useAbmelden();
  const navigate = useNavigate();
  const [blockiert, setBlockiert] = useState(anwendungBeimLoginBlockiert);
  useEffect(vergissLoginVersuch, []);
  return (
    <section aria-labelledby="embedded-titel" className="mx-auto w-full max-w-md space-y-4">
      <h1 id="embedded-titel" className="text-2xl font-semibold">
        Angemeldet
      </h1>
      {claims?.name && <p>Sie sind als {claims.name} angemeldet.</p>}
      <p role="status" className={blockiert ? 'rounded border border-amber-400 bg-amber-50 p-3' : 'sr-only'}>
        {blockiert ? MSG_ANWENDUNG_BLOCKIERT : ''}
      </p>
      <div className="flex gap-2">
        <Button onClick={() => setBlockiert(!starteAnwendung())}>Anwendung starten</Button>
        <Button
          variant="secondary"
          onClick={() => {
            void abmelden().then(() => navigate('/login-embedded', { replace: true }));
          }}
        >
          Abmelden
        </Button>
      </div>
    </section>
  );
}
