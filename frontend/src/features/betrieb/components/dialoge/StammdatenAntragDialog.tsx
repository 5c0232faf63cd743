import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { CheckboxField, FormField, inputClass } from '@/components/FormField';
import { ApiError, isAbortError } from '@/lib/api';
import { handleGlobalError, zeigeFehler } from '@/lib/errors';
import { istPflicht, pruefeFormular, useFokusAufErstenFehler } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';
import { toast } from '@/lib/toast';
import type { Betrieb } from '@/features/betrieb/api/betrieb';
import { useStelleStammdatenAntrag } from '@/features/betrieb/api/stelle-stammdaten-antrag';
import type { Stammdaten } from '@/features/betrieb/api/stammdaten-antrag';
import { Textfeld } from '@/components/felder';

// Verbatim texts of spec 000 §8 "Change request submit".
export const MSG_EINGEREICHT = 'Änderungsantrag erfolgreich eingereicht.';
export const MSG_ANTRAG_OFFEN = 'Es existiert bereits ein Änderungsantrag. Bitte warten Sie auf dessen Bearbeitung.';
export const MSG_ANTRAG_FEHLER = 'Es gab einen unbekannten Fehler beim Einreichen des Änderungsantrags.';

type Feld = keyof Stammdaten;

export function antragAus(b: Betrieb): Stammdaten {
  return {
    bezeichnung: b.bezeichnung ?? '',
    muttergesellschaft: b.muttergesellschaft ?? '',
    url: b.url ?? '',
    betreiberAdresse: !!b.betreiberAdresse,
    strasse: b.adresse?.strasse ?? '',
    hausnummer: b.adresse?.hausnummer ?? '',
    plz: b.adresse?.plz ?? '',
    ort: b.adresse?.ort ?? '',
    kommentar: '',
  };
}

/** Bezeichnung and the address (Straße, PLZ, Ort) are required: the server's table (FORMULARE.stammdatenantrag). */
export function pruefeAntrag(a: Stammdaten): Partial<Record<Feld, string>> {
  return pruefeFormular(FORMULARE.stammdatenantrag, { ...a }) as Partial<Record<Feld, string>>;
}

const istPflichtfeld = (k: Feld) => istPflicht(FORMULARE.stammdatenantrag, k);

/** The server's keys of this form ('adresse.plz' or 'plz') as its fields. */
function antragsfehler(e: ApiError): Partial<Record<Feld, string>> {
  const f: Partial<Record<Feld, string>> = {};
  for (const [k, m] of Object.entries(e.validationErrors)) {
    const feld = k.replace(/^(adresse|stammdaten)\./, '') as Feld;
    if (!f[feld]) f[feld] = m;
  }
  return f;
}

export interface StammdatenAntragDialogProps {
  betrieb: Betrieb;
  onClose: () => void;
}

/** The operator applies for a change of the master data; staff review it (one open at a time). */
export function StammdatenAntragDialog({ betrieb, onClose }: StammdatenAntragDialogProps) {
  const formId = useId();
  const [werte, setWerte] = useState<Stammdaten>(() => antragAus(betrieb));
  const [fehler, setFehler] = useState<Partial<Record<Feld, string>>>({});
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();
  const betreiber = betrieb.betreiber?.adresse;

  const einreichen = useStelleStammdatenAntrag({
    meta: { globalErrorHandling: false },
    onSuccess: () => {
      toast.success(MSG_EINGEREICHT);
      onClose();
    },
    onError: (e) => {
      if (isAbortError(e)) return;
      if (!(e instanceof ApiError)) {
        console.error(e);
        toast.error(MSG_ANTRAG_FEHLER);
      } else if (e.status === 409) {
        toast.error(MSG_ANTRAG_OFFEN);
      } else if (e.status === 400 && e.hasValidationErrors) {
        setFehler(antragsfehler(e));
        fokusAufFehler();
        handleGlobalError(e); // 'Validierung fehlgeschlagen: …'
      } else {
        // a known refusal says what it is ('Der Antrag enthält keine Änderung der Stammdaten.')
        zeigeFehler(e, MSG_ANTRAG_FEHLER);
      }
    },
  });

  const setze = <K extends Feld>(k: K, v: Stammdaten[K]) => {
    setWerte((w) => {
      const neu = { ...w, [k]: v };
      // with the operator's address the address fields take it
      if (k === 'betreiberAdresse' && v && betreiber) {
        return { ...neu, strasse: betreiber.strasse ?? '', hausnummer: betreiber.hausnummer ?? '', plz: betreiber.plz ?? '', ort: betreiber.ort ?? '' };
      }
      return neu;
    });
    setFehler((f) => ({ ...f, [k]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeAntrag(werte);
    setFehler(f);
    if (Object.keys(f).length > 0) {
      fokusAufFehler();
      return;
    }
    const t = (v: string) => v.trim();
    einreichen.mutate({
      id: String(betrieb.id),
      daten: {
        ...werte,
        bezeichnung: t(werte.bezeichnung),
        muttergesellschaft: t(werte.muttergesellschaft),
        url: t(werte.url),
        strasse: t(werte.strasse),
        hausnummer: t(werte.hausnummer),
        plz: t(werte.plz),
        ort: t(werte.ort),
        kommentar: t(werte.kommentar),
      },
    });
  };

  const text = (k: Exclude<Feld, 'betreiberAdresse'>, label: string, extra: { required?: boolean; className?: string; disabled?: boolean } = {}) => (
    <Textfeld label={label} name={k} value={werte[k]} onChange={(v) => setze(k, v)} error={fehler[k]} className="sm:col-span-3" {...extra} />
  );
  const adresseGesperrt = werte.betreiberAdresse && !!betreiber;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Stammdatenänderung beantragen"
      width={700}
      footer={<FormularFuss formId={formId} onAbbrechen={onClose} label="Antrag einreichen" disabled={einreichen.isPending} />}
    >
      <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label="Stammdatenänderung" className="grid grid-cols-1 gap-4 sm:grid-cols-6">
        <p className="text-sm text-gray-700 sm:col-span-6">
          Die Stammdaten eines freigegebenen Betriebs ändert die Behörde auf Ihren Antrag. Ändern Sie die Angaben und reichen Sie den
          Antrag ein.
        </p>
        {text('bezeichnung', 'Bezeichnung', { required: istPflichtfeld('bezeichnung'), className: 'sm:col-span-6' })}
        {text('muttergesellschaft', 'Muttergesellschaft')}
        {text('url', 'URL')}
        <div className="sm:col-span-6">
          <CheckboxField
            label="Die Adresse des Betriebs ist die Adresse des Betreibers"
            name="betreiberAdresse"
            checked={werte.betreiberAdresse}
            onChange={(v) => setze('betreiberAdresse', v)}
            error={fehler.betreiberAdresse}
          />
        </div>
        {text('strasse', 'Straße', { required: istPflichtfeld('strasse'), className: 'sm:col-span-4', disabled: adresseGesperrt })}
        {text('hausnummer', 'Hausnummer', { className: 'sm:col-span-2', disabled: adresseGesperrt })}
        {text('plz', 'PLZ', { required: istPflichtfeld('plz'), className: 'sm:col-span-2', disabled: adresseGesperrt })}
        {text('ort', 'Ort', { required: istPflichtfeld('ort'), className: 'sm:col-span-4', disabled: adresseGesperrt })}
        <FormField label="Kommentar" error={fehler.kommentar} className="sm:col-span-6">
          <textarea name="kommentar" rows={3} className={inputClass} value={werte.kommentar} onChange={(e) => setze('kommentar', e.target.value)} />
        </FormField>
      </form>
    </Dialog>
  );
}
