import { createElement, Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { useHistorisierung, type AuditInfo } from '@/components/Historisierung';
import { eigeneAenderungen, konfliktAenderungen, Konfliktdialog, type Konflikt } from './Konflikt';
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

/**
 * A newer stored state the input is saved on (after a conflict's 'apply again'): the form
 * values, the version and the area's object as fetched.
 */
export interface Stand<W> {
  werte: W;
  version: number;
  objekt?: unknown;
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
  /**
   * Attaches a 400's validationErrors to the area's fields and its error summary
   * (components/akte/Fehleruebersicht); true when it did: a form's validation errors appear in
   * the form, never as a toast.
   */
  serverfehler: (e: unknown) => boolean | void;
  /** Whether the caller may edit now (modus s and the server's rights). */
  bearbeitbar: boolean;
  /** The save goes through the audit dialog (historised data: the authority's save). */
  historisiert: boolean;
  /**
   * Sends the values (with auditInfo from the dialog); the area's command hook (mutateAsync).
   * With stand: send stand.werte with stand.version (the input applied on a newer state).
   */
  senden: (auditInfo?: AuditInfo, stand?: Stand<W>) => Promise<unknown>;
  /**
   * Fetches the stored object now (without touching the screen's query), for a 409's
   * 'Meine Eingaben auf den neuen Stand anwenden'; without it the conflict dialog only shows
   * the changes.
   */
  neuerStand?: () => Promise<Stand<W>>;
  /** The success toast. */
  gespeichertText: string;
  /** The failure toast of a refusal without a text of its own (e.g. 'Das Speichern der Messstelle ist fehlgeschlagen!'). */
  fehlerText?: string;
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
  // a 409 with the changes since loading: the conflict dialog (null: closed)
  const [konflikt, setKonflikt] = useState<Konflikt | null>(null);
  // after 'apply again': the newer stored state the input now refers to
  const bezug = useRef<(Stand<W> & { geladen: W }) | null>(null);
  const aktuelleWerte = useRef(o.werte);
  aktuelleWerte.current = o.werte;
  const stand = (): Stand<W> | undefined =>
    bezug.current ? { werte: aktuelleWerte.current, version: bezug.current.version, objekt: bezug.current.objekt } : undefined;
  const dirty = o.bearbeitbar && !fertig && JSON.stringify(o.werte) !== JSON.stringify(basis);

  // entering edit mode starts a new round of editing
  useEffect(() => {
    if (!lesen) setFertig(false);
  }, [lesen]);
  // leaving edit mode without saving shows the stored data again (and forgets a newer state
  // the input was applied on: the form holds the loaded values again)
  useEffect(() => {
    if (!lesen || fertig) return;
    bezug.current = null;
    zuruecksetzen(basis);
  }, [lesen, fertig, basis, zuruecksetzen]);

  // the result takes the focus (the Speichern button goes with edit mode): every file screen
  const gespeichert = useCallback(() => {
    toast.ergebnis('success', o.gespeichertText);
    setFertig(true);
    zurueckZuLesen();
  }, [o.gespeichertText, zurueckZuLesen]);
  const fehlgeschlagen = useCallback(
    (e: unknown) => {
      const k = konfliktAenderungen(e);
      if (k) {
        // stale version: show who changed what; the input stays
        setKonflikt(k);
        return;
      }
      // field errors: in the form (summary, fields, flagged tabs), no toast
      if (serverfehler(e) === true) return;
      // other refusals: the server's text; the input stays
      zeigeFehler(e, o.fehlerText);
    },
    [serverfehler, o.fehlerText],
  );

  const historisierung = useHistorisierung({
    speichern: (auditInfo) => o.senden(auditInfo, stand()),
    onGespeichert: gespeichert,
    onFehler: fehlgeschlagen,
    verwerfen: () => {
      setFertig(true);
      zurueckZuLesen();
      toast.ergebnis('info', MSG_VERWORFEN);
      o.neuLaden();
    },
  });

  const senden = () => {
    if (o.historisiert) {
      void historisierung.speichern();
      return;
    }
    setSendet(true);
    o.senden(undefined, stand())
      .then(gespeichert, fehlgeschlagen)
      .finally(() => setSendet(false));
  };

  const speichern = () => {
    if (!o.pruefen()) return;
    senden();
  };

  // one click: fetch the new state, put the user's changed fields over it, save on its version
  const neuerStand = o.neuerStand;
  const anwenden = neuerStand
    ? async () => {
        setSendet(true);
        let neu: Stand<W>;
        try {
          neu = await neuerStand();
        } catch (e) {
          setSendet(false);
          zeigeFehler(e);
          return;
        }
        const werte = { ...neu.werte, ...eigeneAenderungen(aktuelleWerte.current, bezug.current?.geladen ?? basis) } as W;
        bezug.current = { ...neu, geladen: neu.werte };
        aktuelleWerte.current = werte;
        zuruecksetzen(werte);
        setKonflikt(null);
        setSendet(false);
        senden();
      }
    : undefined;

  const dialog = createElement(
    Fragment,
    null,
    historisierung.dialog,
    createElement(Konfliktdialog, {
      konflikt,
      onAnwenden: anwenden ? () => void anwenden() : undefined,
      onAbbrechen: () => setKonflikt(null),
      laeuft: sendet || historisierung.laeuft,
    }),
  );

  return { dirty, speichern, laeuft: historisierung.laeuft || sendet, dialog };
}
