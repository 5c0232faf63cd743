import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useDarf } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Dateien } from '@/features/ablage/components/Dateien';
import { Wiedervorlagen } from '@/features/ablage/components/Wiedervorlagen';
import { anlageQuery } from '@/features/anlage/api/anlage';

/**
 * Routes /betriebsakte/:id/:typ/:anlageid/dateien and …/wiedervorlagen: the files and reminders
 * of a plant (the ablage feature's screens on the plant's rights; composed here because
 * features do not import each other).
 */
export function AnlageAblageSeite({ art }: { art: 'dateien' | 'wiedervorlagen' }) {
  const titel = art === 'dateien' ? 'Dateien' : 'Wiedervorlagen';
  useDocumentTitle(titel);
  const { anlageid = '' } = useParams();
  const darf = useDarf();
  const anlage = useQuery(anlageQuery(anlageid));
  // in either mode, as the operation's files (issue 14)
  const bearbeitbar = darf('DATEI_HOCHLADEN') && !!anlage.data?.rechte?.dateienBearbeiten;
  return (
    <section aria-labelledby="ablage-titel" className="space-y-4">
      <h1 id="ablage-titel" className="text-2xl font-semibold">
        {titel}
        {anlage.data ? `: ${anlage.data.bezeichnung}` : ''}
      </h1>
      {art === 'dateien' ? (
        <Dateien fachobjekt="anlage" id={anlageid} bearbeitbar={bearbeitbar} />
      ) : (
        <Wiedervorlagen fachobjekt="anlage" id={anlageid} anlagentyp={anlage.data?.anlagentyp} />
      )}
    </section>
  );
}
