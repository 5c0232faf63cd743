import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useDarf } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Dateien } from '@/features/ablage/components/Dateien';
import { Wiedervorlagen } from '@/features/ablage/components/Wiedervorlagen';
import { bescheidQuery } from '@/features/bescheid/api/bescheid';

/**
 * Routes /betriebsakte/:id/bescheid/:bescheidid/dateien and …/wiedervorlagen (and the same
 * under antrag/): the files and reminders of a Bescheid (kind BESCHEID; the ablage feature's
 * screens on the Bescheid's rights.dateien, composed here because features do not import each other).
 */
export function BescheidAblageSeite({ art }: { art: 'dateien' | 'wiedervorlagen' }) {
  const titel = art === 'dateien' ? 'Dateien' : 'Wiedervorlagen';
  useDocumentTitle(titel);
  const { bescheidid = '' } = useParams();
  const darf = useDarf();
  const bescheid = useQuery(bescheidQuery(bescheidid));
  // in either mode, as the operation's files (issue 14); while an application fewer roles (server)
  const bearbeitbar = darf('DATEI_HOCHLADEN') && !!bescheid.data?.rechte?.dateien;
  return (
    <section aria-labelledby="ablage-titel" className="space-y-4">
      <h1 id="ablage-titel" className="text-2xl font-semibold">
        {titel}
        {bescheid.data ? `: ${bescheid.data.bescheidart}` : ''}
      </h1>
      {art === 'dateien' ? (
        <Dateien fachobjekt="bescheid" id={bescheidid} bearbeitbar={bearbeitbar} />
      ) : (
        <Wiedervorlagen fachobjekt="bescheid" id={bescheidid} />
      )}
    </section>
  );
}
