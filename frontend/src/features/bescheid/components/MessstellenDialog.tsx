import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { Laden } from '@/components/Laden';
import { messstellenKandidatenQuery, type BescheidMessstelle } from '@/features/bescheid/api/bescheid';

export const MESSSTELLEN_ZUORDNEN = 'Messstellen zuordnen';

export const messstelleText = (m: BescheidMessstelle) => `${m.messstellenId} – ${m.bezeichnung}${m.anlage?.bezeichnung ? ` (${m.anlage.bezeichnung})` : ''}`;

interface MessstellenDialogProps {
  betriebId: string;
  qualitaet: string;
  /** The ids assigned now. */
  gewaehlt: number[];
  /** The points assigned now (those no longer candidates stay choosable). */
  zugeordnet: BescheidMessstelle[];
  onUebernehmen: (ids: number[], messstellen: BescheidMessstelle[]) => void;
  onClose: () => void;
}

/**
 * 'Messstellen zuordnen' (spec 001 §2.1): a checkbox per candidate of the operation
 * (GET /api/betrieb/{id}/bescheid/messstellen?bescheidQualitaet=: released, not shut down; for
 * the two 'Erklärung' qualities only those relevant to the levy). The choice goes into the form;
 * the save assigns and removes.
 */
export function MessstellenDialog({ betriebId, qualitaet, gewaehlt, zugeordnet, onUebernehmen, onClose }: MessstellenDialogProps) {
  const kandidaten = useQuery(messstellenKandidatenQuery(betriebId, qualitaet));
  const [auswahl, setAuswahl] = useState<number[]>(gewaehlt);
  const alle = [...zugeordnet.filter((z) => gewaehlt.includes(z.id) && !(kandidaten.data ?? []).some((k) => k.id === z.id)), ...(kandidaten.data ?? [])];
  const formId = 'messstellen-dialog-form';
  const senden = (e: FormEvent) => {
    e.preventDefault();
    onUebernehmen(
      auswahl,
      alle.filter((m) => auswahl.includes(m.id)),
    );
  };
  return (
    <Dialog open title={MESSSTELLEN_ZUORDNEN} onClose={onClose} footer={<FormularFuss formId={formId} onAbbrechen={onClose} label="Übernehmen" />}>
      <form id={formId} noValidate onSubmit={senden}>
        {kandidaten.isPending ? (
          <Laden />
        ) : alle.length === 0 ? (
          <p className="text-sm text-gray-700">Keine Messstellen vorhanden, die diesem Bescheid zugeordnet werden können.</p>
        ) : (
          <fieldset className="space-y-1">
            <legend className="mb-2 text-sm font-medium">Messstellen des Betriebs</legend>
            {alle.map((m) => (
              <label key={m.id} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1 h-4 w-4"
                  name="messstellen"
                  value={m.id}
                  checked={auswahl.includes(m.id)}
                  onChange={(e) => setAuswahl((a) => (e.target.checked ? [...a, m.id] : a.filter((x) => x !== m.id)))}
                />
                {messstelleText(m)}
              </label>
            ))}
          </fieldset>
        )}
      </form>
    </Dialog>
  );
}
