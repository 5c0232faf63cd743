import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { Laden } from '@/components/Laden';
import { useFokusAufErstenFehler } from '@/lib/form';
import { betreiberPflichtigQuery, betreiberQuery, type BetreiberOrganisation } from '@/features/betrieb/api/auswahl';
import { Auswahlfeld } from '@/components/felder';

// Verbatim texts of spec 000 §5 "Operation".
export const MSG_NEUER_BETREIBER = 'Es muss ein neuer Betreiber angegeben werden!';
export const MSG_BEHALTEN =
  'Sie müssen angeben, ob der bisherige Betreiber als Abwasserbeseitigungspflichtiger für die entsprechenden Abwasseranlagen erhalten oder gelöscht werden soll!';
export const MSG_LOESCHEN_WARNUNG =
  'Beim Löschen des bisherigen Betreibers als Abwasserbeseitigungspflichtiger werden alle zuständigen Personen des Betriebs entfernt.';

export interface Betreiberwechsel {
  betreiber: BetreiberOrganisation;
  /** Whether the old operator stays an obligee of the plants; undefined when he is none. */
  behalten?: boolean;
}

export interface BetreiberWechselDialogProps {
  betriebId: string;
  betriebstyp: string;
  aktuell: BetreiberOrganisation | null;
  onUebernehmen: (w: Betreiberwechsel) => void;
  onClose: () => void;
}

/**
 * 'Betreiber wechseln' of an approved operation: a new operator is required; when the old one is
 * a disposal obligee of plants of the operation, keep or delete that entry must be chosen.
 */
export function BetreiberWechselDialog({ betriebId, betriebstyp, aktuell, onUebernehmen, onClose }: BetreiberWechselDialogProps) {
  const formId = useId();
  const radioName = useId();
  const fehlerId = useId();
  const liste = useQuery(betreiberQuery(betriebstyp));
  const pflichtig = useQuery(betreiberPflichtigQuery(betriebId));
  const [neu, setNeu] = useState('');
  const [wahl, setWahl] = useState<'' | 'erhalten' | 'loeschen'>('');
  const [fehler, setFehler] = useState<{ betreiber?: string; behalten?: string }>({});
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();
  const optionen = (liste.data ?? []).filter((b) => b.id !== aktuell?.id);
  const mitWahl = pflichtig.data === true;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const betreiber = optionen.find((b) => String(b.id) === neu);
    const f = {
      betreiber: betreiber ? undefined : MSG_NEUER_BETREIBER,
      behalten: mitWahl && !wahl ? MSG_BEHALTEN : undefined,
    };
    setFehler(f);
    if (!betreiber || f.behalten) {
      fokusAufFehler();
      return;
    }
    onUebernehmen({ betreiber, behalten: mitWahl ? wahl === 'erhalten' : undefined });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Betreiber wechseln"
      width={640}
      footer={<FormularFuss formId={formId} onAbbrechen={onClose} label="Übernehmen" disabled={pflichtig.isPending} />}
    >
      {pflichtig.isPending ? (
        <Laden />
      ) : (
        <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label="Betreiber wechseln" className="flex flex-col gap-4">
          <p className="text-sm">
            Bisheriger Betreiber: <strong>{aktuell?.bezeichnung ?? '–'}</strong>
          </p>
          <Auswahlfeld
            label="Neuer Betreiber"
            name="neuerBetreiber"
            value={neu}
            optionen={optionen.map((b) => ({ value: String(b.id), label: b.bezeichnung }))}
            onChange={setNeu}
            error={fehler.betreiber}
            required
          />
          {mitWahl && (
            <fieldset className="flex flex-col gap-1" aria-describedby={fehler.behalten ? fehlerId : undefined}>
              <legend className="mb-1 text-sm font-medium">
                Bisheriger Betreiber als Abwasserbeseitigungspflichtiger der Abwasseranlagen
                <span aria-hidden="true" className="text-red-700">
                  {' '}
                  *
                </span>
              </legend>
              {(
                [
                  ['erhalten', 'erhalten'],
                  ['loeschen', 'löschen'],
                ] as const
              ).map(([wert, label]) => (
                <label key={wert} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={radioName}
                    value={wert}
                    className="h-4 w-4"
                    checked={wahl === wert}
                    onChange={() => setWahl(wert)}
                    aria-invalid={fehler.behalten ? true : undefined}
                  />
                  {label}
                </label>
              ))}
              {fehler.behalten && (
                <p id={fehlerId} className="text-sm text-red-700">
                  {fehler.behalten}
                </p>
              )}
              {wahl === 'loeschen' && (
                <p role="alert" className="mt-2 rounded border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm">
                  {MSG_LOESCHEN_WARNUNG}
                </p>
              )}
            </fieldset>
          )}
          <p className="text-sm text-gray-700">Der Wechsel wird mit dem Speichern des Betriebs übernommen.</p>
        </form>
      )}
    </Dialog>
  );
}
