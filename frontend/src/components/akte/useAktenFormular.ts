import { useCallback, useEffect, useState } from 'react';
import { useHistorisierung, type AuditInfo } from '@/components/Historisierung';
import { zeigeFehler } from '@/lib/errors';
import { useModus } from '@/lib/modus';
import { toast } from '@/lib/toast';

// The save cycle of a file screen (Betrieb now; Anlage, Messstelle, Bescheid next): modus s
// makes the form editable, a save or 'Änderungen verwerfen' goes back to modus l, historised
// changes go through the audit dialog (components/Historisierung), the unsaved-changes guard
// knows when the form is dirty. The area keeps its own form state (values, checks, tabs) and
// its command hooks; this hook only ties them into that cycle.

export const MSG_VERWORFEN = 'Die Änderungen wurden verworfen.';

/**
 * Around the form of a file (`key={akte.formularKey}`): after a save the stored object starts
 * the form again; after 'Änderungen verwerfen' it is fetched again first. A refetch of
 * unchanged data keeps what is being typed.
 */
export function useAktenAnsicht(refetch: () => Promise<unknown>) {
  const { setModus } = useModus();
  const [zuLesen, setZuLesen] = useState(false);
  const [neuGeladen, setNeuGeladen] = useState(0);

  // after a save or a reload: back to read mode (once the form below is clean, so the
  // unsaved-changes guard lets it go)
  useEffect(() => {
    if (!zuLesen) return;
    setZuLesen(false);
    setModus('l');
  }, [zuLesen, setModus]);

  return {
    /** Part of the form's key: grows with every reload. */
    neuGeladen,
    neuLaden: () => void refetch().then(() => setNeuGeladen((n) => n + 1)),
    zurueckZuLesen: () => setZuLesen(true),
  };
}

export interface AktenFormularOptionen<W> {
  /** The stored object as form values. */
  basis: W;
  /** The values being edited (the area's form state). */
  werte: W;
  /** Puts values into the form and clears its errors. */
  zuruecksetzen: (w: W) => void;
  /** The client checks; false when something is wrong (the area shows its errors). */
  pruefen: () => boolean;
  /** Attaches a 400's validationErrors to the area's fields. */
  serverfehler: (e: unknown) => void;
  /** Whether the caller may edit now (modus s and the server's rights). */
  bearbeitbar: boolean;
  /** The save goes through the audit dialog (historised data: the authority's save). */
  historisiert: boolean;
  /** Sends the values (with auditInfo from the dialog); the area's command hook (mutateAsync). */
  senden: (auditInfo?: AuditInfo) => Promise<unknown>;
  /** The success toast. */
  gespeichertText: string;
  /** From useAktenAnsicht. */
  zurueckZuLesen: () => void;
  neuLaden: () => void;
}

export interface AktenFormular {
  /** Edited and not yet saved: for UnsavedChangesGuard. */
  dirty: boolean;
  /** Checks, then saves (through the audit dialog where historised). */
  speichern: () => void;
  laeuft: boolean;
  /** The audit dialog; render it once beside the form. */
  dialog: React.ReactNode;
}

/** The edit/Historisierung/save cycle of a file screen. */
export function useAktenFormular<W>(o: AktenFormularOptionen<W>): AktenFormular {
  const { lesen } = useModus();
  const [fertig, setFertig] = useState(false);
  const [sendet, setSendet] = useState(false);
  const { basis, zuruecksetzen, serverfehler, zurueckZuLesen } = o;
  const dirty = o.bearbeitbar && !fertig && JSON.stringify(o.werte) !== JSON.stringify(basis);

  // entering edit mode starts a new round of editing
  useEffect(() => {
    if (!lesen) setFertig(false);
  }, [lesen]);
  // leaving edit mode without saving shows the stored data again
  useEffect(() => {
    if (lesen && !fertig) zuruecksetzen(basis);
  }, [lesen, fertig, basis, zuruecksetzen]);

  const gespeichert = useCallback(() => {
    toast.success(o.gespeichertText);
    setFertig(true);
    zurueckZuLesen();
  }, [o.gespeichertText, zurueckZuLesen]);
  const fehlgeschlagen = useCallback(
    (e: unknown) => {
      serverfehler(e);
      // 409 (stale version) and other refusals: the server's text; the input stays
      zeigeFehler(e);
    },
    [serverfehler],
  );

  const historisierung = useHistorisierung({
    speichern: (auditInfo) => o.senden(auditInfo),
    onGespeichert: gespeichert,
    onFehler: fehlgeschlagen,
    verwerfen: () => {
      setFertig(true);
      zurueckZuLesen();
      toast.info(MSG_VERWORFEN);
      o.neuLaden();
    },
  });

  const speichern = () => {
    if (!o.pruefen()) return;
    if (o.historisiert) {
      void historisierung.speichern();
      return;
    }
    setSendet(true);
    o.senden()
      .then(gespeichert, fehlgeschlagen)
      .finally(() => setSendet(false));
  };

  return { dirty, speichern, laeuft: historisierung.laeuft || sendet, dialog: historisierung.dialog };
}
