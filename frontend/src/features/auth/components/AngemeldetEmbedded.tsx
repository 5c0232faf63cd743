import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/Button';
import { useAbmelden, useSession } from '@/lib/auth';
import { BASE_PATH } from '@/lib/constants';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

/** /logged-in-embedded: start the application in a new tab, or log out again (spec 002 §2). */
export function AngemeldetEmbedded() {
  useDocumentTitle('Angemeldet');
  const { claims } = useSession();
  const abmelden = useAbmelden();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="embedded-titel" className="mx-auto w-full max-w-md space-y-4">
      <h1 id="embedded-titel" className="text-2xl font-semibold">
        Angemeldet
      </h1>
      {claims?.name && <p>Sie sind als {claims.name} angemeldet.</p>}
      <div className="flex gap-2">
        <Button onClick={() => window.open(`${BASE_PATH}/`, '_blank')}>Anwendung starten</Button>
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
