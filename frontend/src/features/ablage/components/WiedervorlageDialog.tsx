import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { Datumsfeld } from '@/components/Datumsfeld';
import { FormularFuss } from '@/components/DialogFuss';
import { FormField, inputClass } from '@/components/FormField';
import { zeigeFehler } from '@/lib/errors';
import { isoDateFromGerman } from '@/lib/format';
import { hatFehler, istLeer, MSG_PFLICHTFELD, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '@/lib/form';
import { toast } from '@/lib/toast';
import { type WiedervorlageFachobjekt } from '@/features/ablage/api/keys';
import { useLegeWiedervorlageAn } from '@/features/ablage/api/lege-wiedervorlage-an';
import type { WiedervorlageEingabe } from '@/features/ablage/api/wiedervorlagen';

// Verbatim (spec 000 §5).
export const MSG_DATUM = 'Ungültiges Datumsformat';
export const WIEDERVORLAGE_TITEL = 'Wiedervorlage anlegen';

/**
 * What on its object a reminder may be about (spec 000 §3's kinds): on an operation and a plant
 * also its change request; the first is the default.
 */
export const BEZUEGE: Partial<Record<WiedervorlageFachobjekt, { value: string; label: string }[]>> = {
  betrieb: [
    { value: 'BETRIEB', label: 'Betrieb' },
    { value: 'BETRIEB_STAMMDATEN_AENDERUNG', label: 'Stammdatenänderungsantrag' },
  ],
  anlage: [
    { value: 'ANLAGE', label: 'Anlage' },
    { value: 'AENDERUNGSANTRAG_ANLAGE', label: 'Änderungsantrag zur Anlage' },
  ],
};

interface Werte {
  betreff: string;
  datum: string;
}
type Feld = keyof Werte;

/** Spec 000 §5: betreff required; datum optional, a date typed as TT.MM.JJJJ. */
export function pruefeWiedervorlage(w: Werte): Feldfehler<Feld> {
  const f: Feldfehler<Feld> = {};
  if (istLeer(w.betreff)) f.betreff = MSG_PFLICHTFELD;
  if (!istLeer(w.datum) && !isoDateFromGerman(w.datum)) f.datum = MSG_DATUM;
  return f;
}

/** Add a reminder: Betreff and an optional date (sent as yyyy-MM-dd). */
export function WiedervorlageDialog({
  fachobjekt,
  id,
  onClose,
}: {
  fachobjekt: WiedervorlageFachobjekt;
  id: string;
  onClose: () => void;
}) {
  const formId = useId();
  const [werte, setWerte] = useState<Werte>({ betreff: '', datum: '' });
  const bezuege = BEZUEGE[fachobjekt] ?? [];
  const [bezug, setBezug] = useState(bezuege[0]?.value ?? '');
  const [fehler, setFehler] = useState<Feldfehler<Feld>>({});
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();

  const anlegen = useLegeWiedervorlageAn({
    meta: { globalErrorHandling: false },
    onSuccess: (m) => {
      toast.success(m.message ?? 'Gespeichert');
      onClose();
    },
    onError: (e) => {
      const f = serverFeldfehler<Feld>(e, ['betreff', 'datum']);
      if (hatFehler(f)) {
        setFehler(f);
        fokusAufFehler();
      }
      zeigeFehler(e);
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeWiedervorlage(werte);
    setFehler(f);
    if (hatFehler(f)) {
      fokusAufFehler();
      return;
    }
    anlegen.mutate({ fachobjekt, id, eingabe: { betreff: werte.betreff.trim(), datum: isoDateFromGerman(werte.datum), ...(bezug ? { bezugZuFachobjekt: bezug as WiedervorlageEingabe['bezugZuFachobjekt'] } : {}) } });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={WIEDERVORLAGE_TITEL}
      width={600}
      footer={<FormularFuss formId={formId} onAbbrechen={onClose} disabled={anlegen.isPending} />}
    >
      <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label={WIEDERVORLAGE_TITEL} className="flex flex-col gap-4">
        {bezuege.length > 1 && (
          <FormField label="Bezug" hint="Worauf sich die Wiedervorlage bezieht">
            <select name="bezugZuFachobjekt" className={inputClass} value={bezug} onChange={(e) => setBezug(e.target.value)}>
              {bezuege.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField label="Betreff" error={fehler.betreff} required>
          <input
            name="betreff"
            className={inputClass}
            value={werte.betreff}
            onChange={(e) => setWerte((w) => ({ ...w, betreff: e.target.value }))}
          />
        </FormField>
        <Datumsfeld label="Datum" name="datum" error={fehler.datum} value={werte.datum} onChange={(datum) => setWerte((w) => ({ ...w, datum }))} />
      </form>
    </Dialog>
  );
}
