import { useQuery } from '@tanstack/react-query';
import { useMemo, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Laden } from '@/components/Laden';
import { isApiError } from '@/lib/api';
import { speichereDatei } from '@/lib/download';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { ladeWasserbuchDokument, wasserbuchSeiteQuery } from '../api/wasserbuch';
import { bereinige, dokumentVerweis } from './bereinigung';
import './wasserbuch.css';

export const TITEL = 'Wasserbucheintrag';
export const OHNE_EINTRAG = 'Es ist kein Wasserbucheintrag angegeben. Öffnen Sie den Eintrag über den Link eines Bescheids oder einer Anlage.';
export const NICHT_GELADEN = 'Der Wasserbucheintrag konnte nicht geladen werden. Bitte versuchen Sie es später erneut.';
/** The name a document is saved under (spec 002 §7). */
export const DOKUMENTNAME = 'download.pdf';

/**
 * The water-register viewer (spec 002 §2): the register entry's page (query wbbId), sanitised on
 * the server and again here, with its status colours; its documents open as PDF through the
 * API (saved as download.pdf; a failure is only logged, as the spec says).
 */
export function Wasserbuch() {
  useDocumentTitle(TITEL);
  const [params] = useSearchParams();
  const wbbId = params.get('wbbId')?.trim() ?? '';
  return (
    <section aria-labelledby="wasserbuch-titel" className="space-y-4">
      <h1 id="wasserbuch-titel" className="text-2xl font-semibold">
        {TITEL}
        {wbbId && <span className="ml-2 font-normal text-gray-700">{wbbId}</span>}
      </h1>
      {wbbId ? <Eintrag wbbId={wbbId} /> : <p role="alert">{OHNE_EINTRAG}</p>}
    </section>
  );
}

function Eintrag({ wbbId }: { wbbId: string }) {
  const seite = useQuery(wasserbuchSeiteQuery(wbbId));
  const html = useMemo(() => (seite.data ? bereinige(seite.data.html) : ''), [seite.data]);
  if (seite.isPending) return <Laden />;
  if (seite.isError) {
    const e = seite.error;
    if (!isApiError(e) || e.status >= 500) console.error('Wasserbuch', wbbId, e);
    return (
      <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-3 py-2">
        {isApiError(e) && e.message && e.status !== 401 && e.status !== 403 ? e.message : NICHT_GELADEN}
      </p>
    );
  }
  const oeffneDokument = (ev: MouseEvent<HTMLDivElement>) => {
    const link = (ev.target as Element).closest('a');
    const verweis = dokumentVerweis(link?.getAttribute('href') ?? null);
    if (!verweis) return;
    ev.preventDefault();
    ladeWasserbuchDokument(verweis.entryId, verweis.dokId)
      .then((datei) => speichereDatei({ blob: datei.blob }, DOKUMENTNAME))
      .catch((e: unknown) => console.error('Wasserbuch-Dokument', verweis, e));
  };
  return (
    // a click on a document link (also Enter on it) opens the PDF through the API
    <div
      className={
        'wasserbuch-seite max-w-none space-y-3 [&_a]:text-blue-800 [&_a]:underline [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold ' +
        '[&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_li]:ml-6 [&_ul]:list-disc [&_ol]:list-decimal ' +
        '[&_table]:border-collapse [&_td]:border [&_td]:border-gray-400 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-gray-400 ' +
        '[&_th]:bg-gray-100 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left'
      }
      onClick={oeffneDokument}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
