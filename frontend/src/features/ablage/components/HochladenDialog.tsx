import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { FormField, inputClass } from '@/components/FormField';
import { ApiError, isAbortError } from '@/lib/api';
import { handleGlobalError } from '@/lib/errors';
import { hatFehler, istLeer, istPflicht, pruefeFormular, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';
import { formatFileSizeMB } from '@/lib/format';
import { toast } from '@/lib/toast';
import { MAX_DATEIGROESSE } from '@/features/ablage/api/dateien';
import { type DateiFachobjekt } from '@/features/ablage/api/keys';
import { useLadeDateiHoch } from '@/features/ablage/api/lade-datei-hoch';

// Verbatim (spec 000 §5, §8).
export const MSG_DATEI_HOCHGELADEN = 'Die Datei wurde erfolgreich hochgeladen';
export const MSG_DATEI_FEHLT = 'Sie müssen eine Datei hochladen!';
export const MSG_DATEI_ZU_GROSS = 'Die Datei darf maximal 100 MB groß sein.';
export const MSG_HOCHLADEN_FEHLGESCHLAGEN = 'Die Datei konnte nicht hochgeladen werden!';
export const HOCHLADEN_TITEL = 'Datei hochladen';

type Feld = 'bezeichnung' | 'datei';

/** Spec 000 §5: a Bezeichnung and a file of at most 100 MB. */
/** The Bezeichnung a file suggests: its name without the extension ("Lageplan 2026.pdf" → "Lageplan 2026"). */
export const bezeichnungAus = (dateiname: string) => dateiname.replace(/\.[^.]+$/, '').trim() || dateiname;

/** The dialog's field as the server's table names it (the file is the part "file"). */
const schluessel = (k: string) => (k === 'file' ? 'datei' : k);

/** Whether the field is required (the server's table, FORMULARE.datei). */
export const istPflichtfeld = (k: Feld) => istPflicht(FORMULARE.datei, k === 'datei' ? 'file' : k);

/** The server's table (FORMULARE.datei: a file and its Bezeichnung), the file at most 100 MB. */
export function pruefeHochladen(bezeichnung: string, datei: File | null): Feldfehler<Feld> {
  const f = pruefeFormular(FORMULARE.datei, { bezeichnung, datei: datei && datei.size > 0 ? datei : null }, { schluessel }) as Feldfehler<Feld>;
  if (!f.datei && datei && datei.size > MAX_DATEIGROESSE) f.datei = MSG_DATEI_ZU_GROSS;
  return f;
}

/**
 * How a failed upload is shown: a 400 with the server's text (and its field errors), a body
 * too large with the size rule, 401/403/404/500 the global way, anything else
 * 'Die Datei konnte nicht hochgeladen werden!'.
 */
export function zeigeHochladefehler(e: unknown): Feldfehler<Feld> {
  if (isAbortError(e)) return {};
  if (e instanceof ApiError) {
    if (e.status === 400) {
      toast.error(e.message || MSG_HOCHLADEN_FEHLGESCHLAGEN);
      return serverFeldfehler<Feld>(e, ['bezeichnung', 'datei'], { file: 'datei' });
    }
    if (e.status === 413) {
      toast.error(MSG_DATEI_ZU_GROSS);
      return { datei: MSG_DATEI_ZU_GROSS };
    }
    if ([401, 403, 404, 500].includes(e.status)) {
      handleGlobalError(e);
      return {};
    }
  } else {
    console.error(e);
  }
  toast.error(MSG_HOCHLADEN_FEHLGESCHLAGEN);
  return {};
}

/** The upload dialog: Bezeichnung and file, checked before anything is sent. */
export function HochladenDialog({ fachobjekt, id, onClose }: { fachobjekt: DateiFachobjekt; id: string; onClose: () => void }) {
  const formId = useId();
  const [bezeichnung, setBezeichnung] = useState('');
  const [datei, setDatei] = useState<File | null>(null);
  const [fehler, setFehler] = useState<Feldfehler<Feld>>({});
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();

  const hochladen = useLadeDateiHoch({
    meta: { globalErrorHandling: false },
    onSuccess: () => {
      toast.success(MSG_DATEI_HOCHGELADEN);
      onClose();
    },
    onError: (e) => {
      const f = zeigeHochladefehler(e);
      if (hatFehler(f)) {
        setFehler(f);
        fokusAufFehler();
      }
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeHochladen(bezeichnung, datei);
    setFehler(f);
    if (hatFehler(f) || !datei) {
      fokusAufFehler();
      return;
    }
    hochladen.mutate({ fachobjekt, id, bezeichnung: bezeichnung.trim(), datei });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={HOCHLADEN_TITEL}
      width={600}
      footer={<FormularFuss formId={formId} onAbbrechen={onClose} disabled={hochladen.isPending} label="Hochladen" />}
    >
      <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label={HOCHLADEN_TITEL} className="flex flex-col gap-4">
        <FormField label="Bezeichnung" error={fehler.bezeichnung} required={istPflichtfeld('bezeichnung')}>
          <input
            name="bezeichnung"
            className={inputClass}
            value={bezeichnung}
            onChange={(e) => setBezeichnung(e.target.value)}
          />
        </FormField>
        <FormField
          label="Datei"
          error={fehler.datei}
          hint={datei ? `${datei.name} (${formatFileSizeMB(datei.size)} MB)` : 'höchstens 100 MB'}
          required={istPflichtfeld('datei')}
        >
          <input
            name="file"
            type="file"
            className="text-sm"
            onChange={(e) => {
              const gewaehlt = e.target.files?.[0] ?? null;
              setDatei(gewaehlt);
              // the name of the file, without its extension, as the Bezeichnung unless one is typed
              if (gewaehlt && istLeer(bezeichnung)) setBezeichnung(bezeichnungAus(gewaehlt.name));
              // the size rule at once, not only when sending
              setFehler((f) => ({ ...f, datei: gewaehlt && gewaehlt.size > MAX_DATEIGROESSE ? MSG_DATEI_ZU_GROSS : undefined }));
            }}
          />
        </FormField>
        {hochladen.isPending && (
          <p role="status" className="text-sm text-gray-700">
            Die Datei wird hochgeladen …
          </p>
        )}
      </form>
    </Dialog>
  );
}
