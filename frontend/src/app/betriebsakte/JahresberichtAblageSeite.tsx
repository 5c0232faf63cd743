import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { useDarf } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Dateien } from '@/features/ablage/components/Dateien';
import { Wiedervorlagen } from '@/features/ablage/components/Wiedervorlagen';
import type { DateiFachobjekt } from '@/features/ablage/api/keys';
import { jahresberichtQuery } from '@/features/jahresbericht/api/jahresbericht';

/**
 * Routes /betriebsakte/:id/jahresbericht/:berichtid/dateien and …/wiedervorlagen. Dateien: the two
 * file tables of an annual report, Dateien and Externe Stoffe (spec 001 §2.8), each with upload,
 * download and delete — upload and delete for whoever may edit the report in its status (the
 * server checks the same). Wiedervorlagen: the report's reminders (kinds JAHRESBERICHT,
 * JAHRESBERICHT_PARAMETER_MESSWERTE, BERICHT; spec 000 §3), the shared reminders screen.
 */
export function JahresberichtAblageSeite({ art }: { art: 'dateien' | 'wiedervorlagen' }) {
  const titel = art === 'dateien' ? 'Dateien' : 'Wiedervorlagen';
  useDocumentTitle(`${titel} des Jahresberichts`);
  const { berichtid = '' } = useParams();
  const darf = useDarf();
  const bericht = useQuery(jahresberichtQuery(berichtid));
  const b = bericht.data;
  const bearbeitbar = darf('DATEI_HOCHLADEN') && !!b?.rechte?.bearbeiten;
  return (
    <section aria-labelledby="jahresbericht-ablage-titel" className="space-y-6">
      <h1 id="jahresbericht-ablage-titel" className="text-2xl font-semibold">
        {titel}
        {b ? `: Jahresbericht ${b.jahr} ${b.anlage.bezeichnung ?? ''}` : ''}
      </h1>
      {art === 'dateien' ? (
        <>
          <Tabelle titel="Dateien" fachobjekt="jahresbericht" id={berichtid} bearbeitbar={bearbeitbar} />
          <Tabelle titel="Externe Stoffe" fachobjekt="jahresbericht-extern" id={berichtid} bearbeitbar={bearbeitbar} />
        </>
      ) : (
        <Wiedervorlagen fachobjekt="jahresbericht" id={berichtid} />
      )}
    </section>
  );
}

function Tabelle({ titel, ...props }: { titel: string; fachobjekt: DateiFachobjekt; id: string; bearbeitbar: boolean }) {
  const ueberschrift = useId();
  return (
    <section aria-labelledby={ueberschrift} className="space-y-2">
      <h2 id={ueberschrift} className="text-lg font-semibold">
        {titel}
      </h2>
      <Dateien titel={titel} {...props} />
    </section>
  );
}
