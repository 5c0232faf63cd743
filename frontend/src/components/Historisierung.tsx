import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '@/lib/api';
import { MSG_PFLICHTFELD } from '@/lib/form';
import { formatDate, isoDateFromGerman, todayIso } from '@/lib/format';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { FormField, inputClass } from './FormField';

// The audit dialog of spec 000 §4 "Auto-historisation": a save of historised fields may be
// answered with 400 and the member auditInfoViolation; then step 1 asks whether to historise,
// step 2 asks for 'Gültig ab' and 'Änderungsgrund', step 3 asks to overwrite the entry of the
// same day. The save is repeated with auditInfo (and ueberschreiben) each time.

export type AuditVerletzung = 'MISSING' | 'SUCCEEDING_PRESENT' | 'SAME_DATE_PRESENT' | 'INITIAL' | 'STILLLEGEN';

export interface AuditInfo {
  /** yyyy-MM-dd */
  gueltigAb: string;
  aenderungsgrund: string;
  ueberschreiben?: boolean;
}

export const HISTORISIERUNG_TITEL = 'Historisierung';
export const UEBERSCHREIBEN_TITEL = 'Historie überschreiben';
export const FRAGE: Record<AuditVerletzung, string> = {
  MISSING: 'Sie haben Daten geändert, die historisiert werden. Möchten Sie die Änderung historisieren?',
  INITIAL: 'Für diese Daten gibt es noch keinen Historieneintrag. Möchten Sie die Änderung historisieren?',
  STILLLEGEN: 'Für die Stilllegung muss angegeben werden, ab wann sie gilt. Möchten Sie die Änderung historisieren?',
  SUCCEEDING_PRESENT: 'Sie haben Daten geändert, die historisiert werden. Möchten Sie die Änderung historisieren?',
  SAME_DATE_PRESENT: 'Sie haben Daten geändert, die historisiert werden. Möchten Sie die Änderung historisieren?',
};
export const MSG_ZUKUNFT = "'Gültig ab' darf nicht in der Zukunft liegen.";
export const MSG_DATUM = 'Ungültiges Datumsformat';
export const MSG_GLEICHER_TAG = 'Für diesen Tag gibt es bereits einen Eintrag. Soll er überschrieben werden?';

const ARTEN: readonly string[] = ['MISSING', 'SUCCEEDING_PRESENT', 'SAME_DATE_PRESENT', 'INITIAL', 'STILLLEGEN'];

/** The kind of audit violation of a refused save, or null for any other error. */
export function auditVerletzung(e: unknown): AuditVerletzung | null {
  if (!(e instanceof ApiError) || e.status !== 400) return null;
  const art = e.body.auditInfoViolation;
  return typeof art === 'string' && ARTEN.includes(art) ? (art as AuditVerletzung) : null;
}

/** Checks step 2: a valid date, not after today, and a reason. */
export function pruefeAuditEingabe(
  gueltigAb: string,
  grund: string,
  heute: Date = new Date(),
): { gueltigAb?: string; aenderungsgrund?: string } {
  const f: { gueltigAb?: string; aenderungsgrund?: string } = {};
  const iso = isoDateFromGerman(gueltigAb);
  if (!gueltigAb.trim()) f.gueltigAb = MSG_PFLICHTFELD;
  else if (!iso) f.gueltigAb = MSG_DATUM;
  else if (iso > todayIso(heute)) f.gueltigAb = MSG_ZUKUNFT;
  if (!grund.trim()) f.aenderungsgrund = MSG_PFLICHTFELD;
  return f;
}

type Schritt = 'frage' | 'datum' | 'ueberschreiben';

export interface HistorisierungOptions {
  /** Saves the form, with auditInfo from step 2 on; rejects with the ApiError of the server. */
  speichern: (auditInfo: AuditInfo | undefined) => Promise<unknown>;
  /** Any error that is not an audit violation (field errors of the form, 409, …). */
  onFehler: (e: unknown) => void;
  /** 'Änderungen verwerfen' in step 1: the caller reloads the data. */
  verwerfen: () => void;
  /** After a successful save. */
  onGespeichert?: () => void;
  /** Today, for the default date and the check (tests fix it). */
  heute?: () => Date;
}

export interface Historisierung {
  /** Saves without auditInfo; the dialog opens when the server asks for it. */
  speichern: () => Promise<void>;
  /** A save is under way. */
  laeuft: boolean;
  /** Render this (the dialogs of the three steps). */
  dialog: ReactNode;
}

/** Drives the save of a historised object through the three steps of the audit dialog. */
export function useHistorisierung(opts: HistorisierungOptions): Historisierung {
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const [schritt, setSchritt] = useState<Schritt | null>(null);
  const [art, setArt] = useState<AuditVerletzung>('MISSING');
  const [datum, setDatum] = useState('');
  const [grund, setGrund] = useState('');
  const [fehler, setFehler] = useState<{ gueltigAb?: string; aenderungsgrund?: string }>({});
  const [frageUeberschreiben, setFrageUeberschreiben] = useState(MSG_GLEICHER_TAG);
  const [laeuft, setLaeuft] = useState(false);
  const formId = useId();
  const datumId = useId();

  const heute = () => optsRef.current.heute?.() ?? new Date();

  const versuche = useCallback(async (auditInfo: AuditInfo | undefined) => {
    setLaeuft(true);
    try {
      await optsRef.current.speichern(auditInfo);
      setSchritt(null);
      optsRef.current.onGespeichert?.();
    } catch (e) {
      const v = auditVerletzung(e);
      if (!v) {
        setSchritt(null);
        optsRef.current.onFehler(e);
        return;
      }
      const err = e as ApiError;
      if (!auditInfo) {
        // step 1: ask; step 2 starts with today
        setArt(v);
        setDatum(formatDate(todayIso(optsRef.current.heute?.() ?? new Date())));
        setGrund('');
        setFehler({});
        setSchritt('frage');
      } else if (v === 'SAME_DATE_PRESENT' && !auditInfo.ueberschreiben) {
        setFrageUeberschreiben(err.validationErrors['auditInfo.gueltigAb'] || err.message || MSG_GLEICHER_TAG);
        setSchritt('ueberschreiben');
      } else {
        // the date does not fit the history (future, before the latest version): back to step 2
        setFehler({ gueltigAb: err.validationErrors['auditInfo.gueltigAb'] || err.message || MSG_DATUM });
        setSchritt('datum');
      }
    } finally {
      setLaeuft(false);
    }
  }, []);

  const auditInfo = (ueberschreiben?: boolean): AuditInfo => ({
    gueltigAb: isoDateFromGerman(datum) ?? '',
    aenderungsgrund: grund.trim(),
    ...(ueberschreiben ? { ueberschreiben: true } : {}),
  });

  const onSubmitDatum = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeAuditEingabe(datum, grund, heute());
    setFehler(f);
    if (f.gueltigAb || f.aenderungsgrund) {
      document.getElementById(f.gueltigAb ? datumId : `${formId}-grund`)?.focus();
      return;
    }
    void versuche(auditInfo());
  };

  const schliessen = () => setSchritt(null);

  const dialog = (
    <>
      <Dialog
        open={schritt === 'frage'}
        onClose={schliessen}
        title={HISTORISIERUNG_TITEL}
        role="alertdialog"
        width={520}
        footer={
          <>
            <Button variant="secondary" onClick={schliessen}>
              Abbrechen
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setSchritt(null);
                optsRef.current.verwerfen();
              }}
            >
              Änderungen verwerfen
            </Button>
            <Button onClick={() => setSchritt('datum')}>Historisieren</Button>
          </>
        }
      >
        <p>{FRAGE[art]}</p>
      </Dialog>

      <Dialog
        open={schritt === 'datum'}
        onClose={schliessen}
        title={HISTORISIERUNG_TITEL}
        width={520}
        initialFocusId={datumId}
        footer={
          <>
            <Button variant="secondary" onClick={schliessen}>
              Abbrechen
            </Button>
            <Button type="submit" form={formId} disabled={laeuft}>
              Speichern
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={onSubmitDatum} className="flex flex-col gap-4" aria-label="Historisierung">
          <p className="text-sm">Bitte geben Sie an, ab wann die Änderung gilt, und einen Änderungsgrund.</p>
          <FormField label="Gültig ab" error={fehler.gueltigAb} hint="TT.MM.JJJJ, nicht in der Zukunft" required>
            <input
              id={datumId}
              name="gueltigAb"
              className={inputClass}
              inputMode="numeric"
              value={datum}
              onChange={(e) => setDatum(e.target.value)}
            />
          </FormField>
          <FormField label="Änderungsgrund" error={fehler.aenderungsgrund} required>
            <textarea
              id={`${formId}-grund`}
              name="aenderungsgrund"
              rows={3}
              className={inputClass}
              value={grund}
              onChange={(e) => setGrund(e.target.value)}
            />
          </FormField>
        </form>
      </Dialog>

      <Dialog
        open={schritt === 'ueberschreiben'}
        onClose={() => setSchritt('datum')}
        title={UEBERSCHREIBEN_TITEL}
        role="alertdialog"
        width={480}
        initialFocusId={`${formId}-zurueck`}
        footer={
          <>
            <Button id={`${formId}-zurueck`} variant="secondary" onClick={() => setSchritt('datum')}>
              Abbrechen
            </Button>
            <Button variant="danger" disabled={laeuft} onClick={() => void versuche(auditInfo(true))}>
              Überschreiben
            </Button>
          </>
        }
      >
        <p>{frageUeberschreiben}</p>
      </Dialog>
    </>
  );

  return { speichern: () => versuche(undefined), laeuft, dialog };
}
