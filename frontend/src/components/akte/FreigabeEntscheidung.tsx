import { useId, useState } from 'react';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Dialog } from '@/components/Dialog';
import { FormField, inputClass } from '@/components/FormField';

// The decision on a requested object's Freigabe (spec 000 §4: the operation's 'Freigabe
// bearbeiten', the measuring point's 'Freigeben'/'Zurückweisen'): a comment, 'Freigeben', and
// 'Zurückweisen' that needs a reason and asks for confirmation first. The area names its texts
// and sends the decision (with whatever it does before, e.g. saving the form); the dialog
// closes when the area says so.

export type NeuerFreigabestatus = 'FREIGEGEBEN' | 'ABGEWIESEN';

export const FREIGABE_TITEL = 'Freigabe bearbeiten';
export const ZURUECKWEISUNG_TITEL = 'Zurückweisung bestätigen';

export interface FreigabeEntscheidungProps {
  /** The dialog's title (default 'Freigabe bearbeiten'). */
  titel?: string;
  /** Who reads the comment, e.g. 'Der Kommentar ist für den Betreiber sichtbar; …'. */
  hinweis: string;
  /** The message when a rejection has no reason. */
  begruendungFehlt: string;
  /** The question of the confirmation before a rejection. */
  zurueckweisungFrage: string;
  /** Sends the decision (the comment trimmed); the area reports the result and closes the dialog. */
  entscheiden: (neuerStatus: NeuerFreigabestatus, kommentar: string) => void;
  /** A decision is under way: the buttons wait. */
  laeuft: boolean;
  onClose: () => void;
}

/** Approve or reject with a comment; rejecting needs a reason and asks first. */
export function FreigabeEntscheidung({ titel = FREIGABE_TITEL, hinweis, begruendungFehlt, zurueckweisungFrage, entscheiden, laeuft, onClose }: FreigabeEntscheidungProps) {
  const kommentarId = useId();
  const [kommentar, setKommentar] = useState('');
  const [frage, setFrage] = useState(false);
  const [fehlt, setFehlt] = useState(false);

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={titel}
        width={600}
        initialFocusId={kommentarId}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Abbrechen
            </Button>
            <Button
              variant="danger"
              disabled={laeuft}
              onClick={() => {
                // a rejection says why (the server refuses one without a comment too)
                if (kommentar.trim() === '') {
                  setFehlt(true);
                  document.getElementById(kommentarId)?.focus();
                  return;
                }
                setFrage(true);
              }}
            >
              Zurückweisen
            </Button>
            <Button disabled={laeuft} onClick={() => entscheiden('FREIGEGEBEN', kommentar.trim())}>
              Freigeben
            </Button>
          </>
        }
      >
        <FormField label="Kommentar" hint={hinweis} error={fehlt ? begruendungFehlt : undefined}>
          <textarea
            id={kommentarId}
            name="kommentar"
            rows={4}
            className={inputClass}
            value={kommentar}
            onChange={(e) => {
              setKommentar(e.target.value);
              setFehlt(false);
            }}
          />
        </FormField>
      </Dialog>
      <ConfirmDialog
        open={frage}
        title={ZURUECKWEISUNG_TITEL}
        message={zurueckweisungFrage}
        confirmLabel="Zurückweisen"
        destructive
        onCancel={() => setFrage(false)}
        onConfirm={() => {
          setFrage(false);
          entscheiden('ABGEWIESEN', kommentar.trim());
        }}
      />
    </>
  );
}
