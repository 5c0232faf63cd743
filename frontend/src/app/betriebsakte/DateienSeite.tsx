import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useDarf } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Dateien } from '@/features/ablage/components/Dateien';
import { betriebQuery } from '@/features/betrieb/api/betrieb';

/**
 * Route /betriebsakte/:id/dateien: the files of the operation; upload and delete for whoever may,
 * in either mode (a file is no change of the operation's data, issue 14).
 */
export function DateienSeite() {
  useDocumentTitle('Dateien');
  const { id = '' } = useParams();
  const darf = useDarf();
  const betrieb = useQuery(betriebQuery(id));
  // the server decides per operation (an operator only on his own); the action per role
  const bearbeitbar = darf('DATEI_HOCHLADEN') && !!betrieb.data?.rechte?.dateienBearbeiten;
  return (
    <section aria-labelledby="dateien-titel" className="space-y-4">
      <h1 id="dateien-titel" className="text-2xl font-semibold">
        Dateien
      </h1>
      <Dateien fachobjekt="betrieb" id={id} bearbeitbar={bearbeitbar} />
    </section>
  );
}
