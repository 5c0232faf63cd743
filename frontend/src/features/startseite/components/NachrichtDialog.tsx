import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { CheckboxField } from '@/components/FormField';
import type { Nachricht } from '@/features/startseite/api/nachrichten';
import { bezugPfad, formatSendezeit } from './anzeige';

export const LOESCHEN_BEIM_SCHLIESSEN = 'Nachricht beim Schließen löschen';

/**
 * One message with its whole text. However it is closed (Schließen, Escape, ×, or the link to
 * the operation it refers to), `onClose` says whether it is to be deleted.
 */
export function NachrichtDialog({ nachricht: n, onClose }: { nachricht: Nachricht; onClose: (loeschen: boolean) => void }) {
  const textId = useId();
  const [loeschen, setLoeschen] = useState(false);
  const schliessen = () => onClose(loeschen);
  const pfad = bezugPfad(n);
  return (
    <Dialog
      open
      onClose={schliessen}
      title={n.betreff}
      width={640}
      initialFocusId={textId}
      footer={<Button onClick={schliessen}>Schließen</Button>}
    >
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Datum</dt>
        <dd>{formatSendezeit(n.absendeDatum ?? '')}</dd>
        <dt className="font-medium">Absender</dt>
        <dd>{n.absender}</dd>
        {n.fachobjektbezug && (
          <>
            <dt className="font-medium">Bezug</dt>
            <dd>
              {pfad ? (
                <Link to={pfad} className="text-blue-800 underline hover:text-blue-950" onClick={schliessen}>
                  {n.fachobjektbezug}
                </Link>
              ) : (
                n.fachobjektbezug
              )}
            </dd>
          </>
        )}
      </dl>
      <div id={textId} tabIndex={-1} className="mb-4 rounded border border-gray-200 bg-gray-50 p-3 text-sm whitespace-pre-wrap focus:outline-2 focus:outline-blue-700">
        {n.text}
      </div>
      <CheckboxField label={LOESCHEN_BEIM_SCHLIESSEN} checked={loeschen} onChange={setLoeschen} name="loeschen" />
    </Dialog>
  );
}
