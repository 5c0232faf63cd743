import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, type Schema } from '@/lib/api';
import { MSG_PFLICHTFELD } from '@/lib/form';
import { formatDate, isoDateFromGerman, todayIso } from '@/lib/format';
import { Button } from './Button';
import { Datumsfeld } from './Datumsfeld';
import { Dialog } from './Dialog';
import { FormField, inputClass } from './FormField';

// The audit dialog of spec 000 §4 "Auto-historisation": a save of historised fields may be
// answered with 400 and the member auditInfoViolation; then one dialog leads through its steps:
// step 1 asks whether to historise, step 2 asks for 'Gültig ab' and 'Änderungsgrund', step 3
// asks to overwrite the entry of the same day ('Zurück' goes one step back). The save is
// repeated with auditInfo (and ueberschreiben) each time.

export type AuditVerletzung = 'MISSING' | 'SUCCEEDING_PRESENT' | 'SAME_DATE_PRESENT' | 'INITIAL' | 'STILLLEGEN';

/** What a historised save sends (the API document's AuditInfo); the dialog always gives a reason. */
export type AuditInfo = Schema<'AuditInfo'> & Required<Pick<Schema<'AuditInfo'>, 'aenderungsgrund'>>;

export const HISTORISIERUNG_TITEL = 'Historisierung';
export const UEBERSCHREIBEN_TITEL = 'Historie überschreiben';
export const FRAGE: Record<AuditVerletzung, string> = {
  MISSING: 'Sie haben Daten geändert, die historisiert werden. Möchten Sie die Änderung historisieren?',
  INITIAL: 'Für diese Daten gibt es noch keinen Historieneintrag. Möchten Sie die Änderung historisieren?',
  STILLLEGEN: 'Für die Stilllegung muss angegeben werden, ab wann sie gilt. Möchten Sie die Änderung historisieren?',
  SUCCEEDING_PRESENT: 'Sie haben Daten geändert, die historisiert werden. Möchten Sie die Änderung historisieren?',
  SAME_DATE_PRESENT: 'Sie haben Daten geändert, die historisiert werden. Möchten Sie die Änderung historisieren?',
};
/** The steps as the dialog lists them; the third comes only when the day has an entry. */
export const SCHRITTE = ['Historisieren?', 'Gültig ab und Änderungsgrund', 'Überschreiben (falls nötig)'] as const;
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
  /** Render this (the one dialog of the three steps). */
  dialog: ReactNode;
}

/** Drives the save of a historised object through the three steps of the one audit dialog. */
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

  // one dialog whose content follows the step: the focus goes to what the new step asks for
  const vorher = useRef<Schritt | null>(null);
  useEffect(() => {
    const war = vorher.current;
    vorher.current = schritt;
    if (!schritt || !war || war === schritt) return;
    const ziel = schritt === 'frage' ? `${formId}-weiter` : schritt === 'datum' ? datumId : `${formId}-zurueck`;
    document.getElementById(ziel)?.focus();
  }, [schritt, formId, datumId]);

  const nummer = schritt === 'frage' ? 1 : schritt === 'datum' ? 2 : 3;
  const dialog = (
    <Dialog
      open={schritt !== null}
      onClose={schliessen}
      title={HISTORISIERUNG_TITEL}
      width={560}
      footer={
        schritt === 'frage' ? (
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
            <Button id={`${formId}-weiter`} onClick={() => setSchritt('datum')}>
              Historisieren
            </Button>
          </>
        ) : schritt === 'datum' ? (
          <>
            <Button variant="secondary" onClick={() => setSchritt('frage')}>
              Zurück
            </Button>
            <Button variant="secondary" onClick={schliessen}>
              Abbrechen
            </Button>
            <Button type="submit" form={formId} disabled={laeuft}>
              Speichern
            </Button>
          </>
        ) : (
          <>
            <Button id={`${formId}-zurueck`} variant="secondary" onClick={() => setSchritt('datum')}>
              Zurück
            </Button>
            <Button variant="secondary" onClick={schliessen}>
              Abbrechen
            </Button>
            <Button variant="danger" disabled={laeuft} onClick={() => void versuche(auditInfo(true))}>
              Überschreiben
            </Button>
          </>
        )
      }
    >
      <ol aria-label="Schritte" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700">
        {SCHRITTE.map((t, i) => (
          <li
            key={t}
            aria-current={i + 1 === nummer ? 'step' : undefined}
            className={i + 1 === nummer ? 'font-semibold text-blue-900' : undefined}
          >
            {i + 1}. {t}
          </li>
        ))}
      </ol>
      {schritt === 'frage' && <p>{FRAGE[art]}</p>}
      {schritt === 'datum' && (
        <form id={formId} noValidate onSubmit={onSubmitDatum} className="flex flex-col gap-4" aria-label="Historisierung">
          <p className="text-sm">Bitte geben Sie an, ab wann die Änderung gilt, und einen Änderungsgrund.</p>
          <Datumsfeld
            id={datumId}
            label="Gültig ab"
            name="gueltigAb"
            error={fehler.gueltigAb}
            hint="TT.MM.JJJJ, nicht in der Zukunft"
            required
            bis={todayIso(heute())}
            value={datum}
            onChange={setDatum}
          />
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
      )}
      {schritt === 'ueberschreiben' && (
        <section aria-labelledby={`${formId}-ueberschreiben`}>
          <h3 id={`${formId}-ueberschreiben`} className="mb-2 font-semibold">
            {UEBERSCHREIBEN_TITEL}
          </h3>
          <p>{frageUeberschreiben}</p>
        </section>
      )}
    </Dialog>
  );

  return { speichern: () => versuche(undefined), laeuft, dialog };
}
