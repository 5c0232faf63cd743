import { FreigabeEntscheidung } from '@/components/akte/FreigabeEntscheidung';
import { toast } from '@/lib/toast';
import { useEntscheideFreigabe } from '@/features/betrieb/api/entscheide-freigabe';
import { zeigeAktionsfehler } from '@/features/betrieb/components/fehler';

// Verbatim texts of spec 000 §4 and §8 "Operation approval".
export { FREIGABE_TITEL } from '@/components/akte/FreigabeEntscheidung';
export const MSG_FREIGEGEBEN = 'Betrieb freigegeben';
export const MSG_FREIGEBEN_FEHLER = 'Freigeben fehlgeschlagen';
export const MSG_ABGELEHNT = 'Betrieb abgelehnt';
export const MSG_ABLEHNEN_FEHLER = 'Betrieb ablehnen fehlgeschlagen';
export const MSG_BEGRUENDUNG = 'Bitte begründen Sie die Zurückweisung im Kommentar, damit der Betreiber erfährt, was fehlt.';
export const ZURUECKWEISUNG_FRAGE = 'Wollen Sie die Freigabe für den Betrieb wirklich zurückweisen?';

export interface FreigabeDialogProps {
  betriebId: number;
  onClose: () => void;
}

/** Approve or reject a requested operation with a comment (the shared decision, components/akte). */
export function FreigabeDialog({ betriebId, onClose }: FreigabeDialogProps) {
  const entscheiden = useEntscheideFreigabe({
    meta: { globalErrorHandling: false },
    onSuccess: (_a, { neuerStatus }) => {
      toast.success(neuerStatus === 'FREIGEGEBEN' ? MSG_FREIGEGEBEN : MSG_ABGELEHNT);
      onClose();
    },
    onError: (e, { neuerStatus }) => zeigeAktionsfehler(e, neuerStatus === 'FREIGEGEBEN' ? MSG_FREIGEBEN_FEHLER : MSG_ABLEHNEN_FEHLER),
  });
  return (
    <FreigabeEntscheidung
      hinweis="Der Kommentar ist für den Betreiber sichtbar; eine Zurückweisung braucht eine Begründung."
      begruendungFehlt={MSG_BEGRUENDUNG}
      zurueckweisungFrage={ZURUECKWEISUNG_FRAGE}
      entscheiden={(neuerStatus, kommentar) => entscheiden.mutate({ betriebId, kommentar, neuerStatus })}
      laeuft={entscheiden.isPending}
      onClose={onClose}
    />
  );
}
