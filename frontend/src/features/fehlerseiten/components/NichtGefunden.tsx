import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/Button';
import { canGoBack } from '@/lib/navigation';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

export function NichtGefunden() {
  useDocumentTitle('Seite nicht gefunden');
  const navigate = useNavigate();
  return (
    <section aria-labelledby="nf-titel" className="space-y-4">
      <h1 id="nf-titel" className="text-2xl font-semibold">
        Seite nicht gefunden
      </h1>
      <p>Die gewünschte Seite existiert nicht oder wurde verschoben. Bitte prüfen Sie die Adresse.</p>
      <Button onClick={() => (canGoBack() ? navigate(-1) : navigate('/', { replace: true }))}>Zurück</Button>
    </section>
  );
}
