import { useId, useState } from 'react';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Dialog } from '@/components/Dialog';
import { FormField, inputClass } from '@/components/FormField';
import { toast } from '@/lib/toast';
import { useEntscheideFreigabe } from '@/features/betrieb/api/entscheide-freigabe';
import { zeigeAktionsfehler } from '@/features/betrieb/components/fehler';

// Verbatim texts of spec 000 §4 and §8 "Operation approval".
export const FREIGABE_TITEL = 'Freigabe bearbeiten';
export const MSG_FREIGEGEBEN = 'Betrieb freigegeben';
export const MSG_FREIGEBEN_FEHLER = 'Freigeben fehlgeschlagen';
export const MSG_ABGELEHNT = 'Betrieb abgelehnt';
export const MSG_ABLEHNEN_FEHLER = 'Betrieb ablehnen fehlgeschlagen';
export const MSG_BEGRUENDUNG = 'Bitte begründen Sie die Zurückweisung im Kommentar, damit der Betreiber erfährt, was fehlt.';
export const ZURUECKWEISUNG_TITEL = 'Zurückweisung bestätigen';
export const ZURUECKWEISUNG_FRAGE = 'Wollen Sie die Freigabe für den Betrieb wirklich zurückweisen?';

export interface FreigabeDialogProps {
  betriebId: number;
  onClose: () => void;
}

/** Approve or reject a requested operation with a comment; rejecting asks first. */
export function FreigabeDialog({ betriebId, onClose }: FreigabeDialogProps) {
  const kommentarId = useId();
  const [kommentar, setKommentar] = useState('');
  const [frage, setFrage] = useState(false);
  const [fehlt, setFehlt] = useState(false);

  const entscheiden = useEntscheideFreigabe({
    meta: { globalErrorHandling: false },
    onSuccess: (_a, { neuerStatus }) => {
      toast.success(neuerStatus === 'FREIGEGEBEN' ? MSG_FREIGEGEBEN : MSG_ABGELEHNT);
      onClose();
    },
    onError: (e, { neuerStatus }) => zeigeAktionsfehler(e, neuerStatus === 'FREIGEGEBEN' ? MSG_FREIGEBEN_FEHLER : MSG_ABLEHNEN_FEHLER),
  });

  const senden = (neuerStatus: 'FREIGEGEBEN' | 'ABGEWIESEN') =>
    entscheiden.mutate({ betriebId, kommentar: kommentar.trim(), neuerStatus });

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={FREIGABE_TITEL}
        width={600}
        initialFocusId={kommentarId}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Abbrechen
            </Button>
            <Button
              variant="danger"
              disabled={entscheiden.isPending}
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
            <Button disabled={entscheiden.isPending} onClick={() => senden('FREIGEGEBEN')}>
              Freigeben
            </Button>
          </>
        }
      >
        <FormField label="Kommentar" hint="Der Kommentar ist für den Betreiber sichtbar; eine Zurückweisung braucht eine Begründung." error={fehlt ? MSG_BEGRUENDUNG : undefined}>
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
        message={ZURUECKWEISUNG_FRAGE}
        confirmLabel="Zurückweisen"
        destructive
        onCancel={() => setFrage(false)}
        onConfirm={() => {
          setFrage(false);
          senden('ABGEWIESEN');
        }}
      />
    </>
  );
}
