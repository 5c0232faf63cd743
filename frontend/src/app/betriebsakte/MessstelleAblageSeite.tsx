import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useDarf } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Dateien } from '@/features/ablage/components/Dateien';
import { Wiedervorlagen } from '@/features/ablage/components/Wiedervorlagen';
import { messstelleQuery } from '@/features/messstelle/api/messstelle';

/**
 * Routes /betriebsakte/:id/:typ/:anlageid/messstellen/:messstellenid/dateien and …/wiedervorlagen:
 * the files and reminders of a measuring point (kind MESSSTELLE; the ablage feature's screens on
 * the point's rights, composed here because features do not import each other).
 */
export function MessstelleAblageSeite({ art }: { art: 'dateien' | 'wiedervorlagen' }) {
  const titel = art === 'dateien' ? 'Dateien' : 'Wiedervorlagen';
  useDocumentTitle(titel);
  const { messstellenid = '' } = useParams();
  const darf = useDarf();
  const messstelle = useQuery(messstelleQuery(messstellenid));
  // in either mode, as the operation's files (issue 14)
  const bearbeitbar = darf('DATEI_HOCHLADEN') && !!messstelle.data?.rechte?.dateienBearbeiten;
  return (
    <section aria-labelledby="ablage-titel" className="space-y-4">
      <h1 id="ablage-titel" className="text-2xl font-semibold">
        {titel}
        {messstelle.data ? `: ${messstelle.data.bezeichnung}` : ''}
      </h1>
      {art === 'dateien' ? (
        <Dateien fachobjekt="messstelle" id={messstellenid} bearbeitbar={bearbeitbar} />
      ) : (
        <Wiedervorlagen fachobjekt="messstelle" id={messstellenid} />
      )}
    </section>
  );
}
