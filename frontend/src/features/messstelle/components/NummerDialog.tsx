import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { FormField, inputClass } from '@/components/FormField';
import { Laden } from '@/components/Laden';
import { ApiError } from '@/lib/api';
import { messstelleKeys } from '@/features/messstelle/api/keys';
import { pruefeNummer, schlageNummerVor, type Verfuegbarkeit } from '@/features/messstelle/api/nummer';

// Verbatim texts of spec 000 §5/§8 (the number dialog of 'Freigabe anfordern').
export const FREIGABE_ANFORDERN = 'Freigabe anfordern';
export const HINWEIS_NUMMER = 'Zahlen 0 – 9, als Trennzeichen nur „-“ zulässig';
export const MSG_AUSGESCHOEPFT = 'Kombinationen Messtellen-Nr ausgeschöpft!';
export const MSG_WIRD_GEPRUEFT = 'Die Messstellennummer wird überprüft.';
export const MSG_VORSCHLAG_FEHLER = 'Es konnte keine Messstellennummer vorgeschlagen werden; bitte geben Sie eine ein.';

/** Why no number was suggested: the server's text (a point in no municipality: 400 on lage), else ours. */
function vorschlagFehler(e: unknown): string {
  if (e instanceof ApiError && e.status === 400) return e.validationErrors.lage || e.message || MSG_VORSCHLAG_FEHLER;
  return MSG_VORSCHLAG_FEHLER;
}

/** Waiting time after the last keystroke before the availability check. */
const VERZOEGERUNG_MS = 300;
/** Length of a Messstellen-Nr. without separators (spec 000 §9). */
export const NUMMER_LAENGE = 10;

/** The number without its separators „-“. */
export const bereinigt = (s: string) => s.trim().replaceAll('-', '');

export interface NummerDialogProps {
  lage: { hochwert: number; rechtswert: number };
  typ: string;
  /** Requests the Freigabe with the chosen number (the create call); the dialog waits meanwhile. */
  anfordern: (messstellenId: string) => void;
  laeuft: boolean;
  /** A refusal of the create call to show in the dialog (the 409 of a number taken meanwhile). */
  meldung?: string;
  onClose: () => void;
}

/**
 * The dialog of 'Freigabe anfordern' (spec 000 §4): the Messstellen-Nr., prefilled with the
 * number the server suggests for the point's location and type, checked while it is typed
 * ('… wird überprüft.', '… ist verfügbar.', '… ist bereits vergeben.', '… ist zu kurz.', read by
 * screen readers as they come); the request is possible only for an available 10-digit number.
 */
export function NummerDialog({ lage, typ, anfordern, laeuft, meldung, onClose }: NummerDialogProps) {
  const feldId = useId();
  const statusId = useId();
  const vorschlag = useQuery({
    queryKey: messstelleKeys.vorschlag(lage.hochwert, lage.rechtswert, typ),
    queryFn: ({ signal }) => schlageNummerVor(lage, typ, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { globalErrorHandling: false },
  });
  const [nummer, setNummer] = useState<string | null>(null);
  const wert = nummer ?? vorschlag.data?.messstellenId ?? '';
  // the number the check answers for (debounced), and its answer
  const [geprueft, setGeprueft] = useState<{ nummer: string; ergebnis: Verfuegbarkeit } | null>(null);
  const [pruefeFehler, setPruefeFehler] = useState(false);
  // a refusal of the create call (409: the number was taken meanwhile) checks the number again
  const [runde, setRunde] = useState(0);
  const [letzteMeldung, setLetzteMeldung] = useState(meldung);
  if (letzteMeldung !== meldung) {
    setLetzteMeldung(meldung);
    setGeprueft(null);
    setRunde((n) => n + 1);
  }
  useEffect(() => {
    if (wert === '') return;
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      pruefeNummer(wert, ctrl.signal).then(
        (ergebnis) => {
          setPruefeFehler(false);
          setGeprueft({ nummer: wert, ergebnis });
        },
        (e: unknown) => {
          if (!ctrl.signal.aborted && !(e instanceof DOMException && e.name === 'AbortError')) setPruefeFehler(true);
        },
      );
    }, VERZOEGERUNG_MS);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [wert, runde]);

  const aktuell = geprueft?.nummer === wert ? geprueft.ergebnis : null;
  const status = wert === '' ? '' : pruefeFehler ? 'Die Messstellennummer konnte nicht überprüft werden.' : aktuell ? aktuell.text : MSG_WIRD_GEPRUEFT;
  const bereit = !!aktuell?.verfuegbar && bereinigt(wert).length === NUMMER_LAENGE && /^\d+$/.test(bereinigt(wert));
  const ausgeschoepft = vorschlag.isSuccess && vorschlag.data === null;

  return (
    <Dialog
      open
      onClose={onClose}
      title={FREIGABE_ANFORDERN}
      width={600}
      initialFocusId={feldId}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button disabled={!bereit || laeuft} onClick={() => anfordern(wert.trim())}>
            Speichern
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {vorschlag.isPending && <Laden />}
        {ausgeschoepft && (
          <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-950">
            {MSG_AUSGESCHOEPFT}
          </p>
        )}
        {vorschlag.isError && (
          <p role="alert" className="rounded border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm">
            {vorschlagFehler(vorschlag.error)}
          </p>
        )}
        <FormField label="Messstellen-Nr." hint={HINWEIS_NUMMER} required>
          <input
            id={feldId}
            name="messstellenId"
            className={inputClass}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            value={wert}
            onChange={(e) => setNummer(e.target.value)}
          />
        </FormField>
        <p id={statusId} aria-live="polite" data-testid="nummer-status" className={`min-h-5 text-sm ${aktuell && !aktuell.verfuegbar ? 'text-red-800' : 'text-gray-800'}`}>
          {status}
        </p>
        {meldung && (
          <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-950">
            {meldung}
          </p>
        )}
      </div>
    </Dialog>
  );
}
