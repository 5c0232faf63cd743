import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Wiedervorlagen } from '@/features/ablage/components/Wiedervorlagen';

/** Route /betriebsakte/:id/wiedervorlagen: the reminders of the operation. */
export function WiedervorlagenSeite() {
  useDocumentTitle('Wiedervorlagen');
  const { id = '' } = useParams();
  return (
    <section aria-labelledby="wiedervorlagen-titel" className="space-y-4">
      <h1 id="wiedervorlagen-titel" className="text-2xl font-semibold">
        Wiedervorlagen
      </h1>
      <Wiedervorlagen fachobjekt="betrieb" id={id} />
    </section>
  );
}
