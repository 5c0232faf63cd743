import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { Datumsfeld } from '@/components/Datumsfeld';
import { FormularFuss } from '@/components/DialogFuss';
import { CheckboxField, FormField, inputClass } from '@/components/FormField';
import { useMe } from '@/lib/auth';
import { zeigeFehler } from '@/lib/errors';
import { isoDateFromGerman } from '@/lib/format';
import { hatFehler, istLeer, istPflicht, pruefeFormular, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';
import { toast } from '@/lib/toast';
import { type WiedervorlageFachobjekt } from '@/features/ablage/api/keys';
import { useLegeWiedervorlageAn } from '@/features/ablage/api/lege-wiedervorlage-an';
import type { WiedervorlageEingabe } from '@/features/ablage/api/wiedervorlagen';

// Verbatim (spec 000 §5).
export const MSG_DATUM = 'Ungültiges Datumsformat';
export const WIEDERVORLAGE_TITEL = 'Wiedervorlage anlegen';

type Bezug = NonNullable<WiedervorlageEingabe['bezugZuFachobjekt']>;

/**
 * What on its object a reminder may be about (spec 000 §3's kinds, domain/wiedervorlage's
 * Bezuege): the object itself or — on an operation and a plant — its change request, the
 * measuring points of a Bescheid, an annual report's measured values or its report. The first is
 * the default; a relief plant's own kind is ENTLASTUNG.
 */
export const BEZUEGE: Record<WiedervorlageFachobjekt, { value: Bezug; label: string }[]> = {
  betrieb: [
    { value: 'BETRIEB', label: 'Betrieb' },
    { value: 'BETRIEB_STAMMDATEN_AENDERUNG', label: 'Stammdatenänderungsantrag' },
  ],
  anlage: [
    { value: 'ANLAGE', label: 'Anlage' },
    { value: 'AENDERUNGSANTRAG_ANLAGE', label: 'Änderungsantrag zur Anlage' },
  ],
  messstelle: [
    { value: 'MESSSTELLE', label: 'Messstelle' },
    { value: 'BESCHEID_MESSSTELLE', label: 'Zuordnung zum Bescheid' },
  ],
  bescheid: [
    { value: 'BESCHEID', label: 'Bescheid' },
    { value: 'BESCHEID_MESSSTELLE', label: 'Messstellen des Bescheids' },
  ],
  jahresbericht: [
    { value: 'JAHRESBERICHT', label: 'Jahresbericht' },
    { value: 'JAHRESBERICHT_PARAMETER_MESSWERTE', label: 'Parameter und Messwerte' },
    { value: 'BERICHT', label: 'Bericht' },
  ],
};

/** The kinds of a reminder on the object; a plant's type (anlagentyp) decides its own kind. */
export function bezuegeFuer(fachobjekt: WiedervorlageFachobjekt, anlagentyp?: string): { value: Bezug; label: string }[] {
  const bezuege = BEZUEGE[fachobjekt];
  if (fachobjekt === 'anlage' && anlagentyp === 'ENTLASTUNG') {
    return [{ value: 'ENTLASTUNG', label: 'Entlastungsanlage' }, ...bezuege.slice(1)];
  }
  return bezuege;
}

/**
 * Whom a reminder is shown to besides its author's side (issue 42, docs/security.md): staff and
 * administrators share with the operator, an operator's accounts with the authority. The
 * authority's reminders stay internal unless shared (an unannounced sampling must not reach the
 * operator); an operator's are shown to the authority, which supervises the operation, unless he
 * keeps them internal. The server applies the same defaults (wiedervorlage.GeteiltVorgabe).
 */
export function teilen(globaleRolle: string | undefined): { label: string; vorgabe: boolean } {
  return globaleRolle === 'ORGANISATION'
    ? { label: 'Für die Behörde sichtbar', vorgabe: true }
    : { label: 'Für den Betreiber sichtbar', vorgabe: false };
}

interface Werte {
  betreff: string;
  datum: string;
}
type Feld = keyof Werte;

/** Spec 000 §5 by the server's table (FORMULARE.wiedervorlage): betreff required; datum optional, a date typed as TT.MM.JJJJ. */
export function pruefeWiedervorlage(w: Werte): Feldfehler<Feld> {
  const f = pruefeFormular(FORMULARE.wiedervorlage, { ...w }) as Feldfehler<Feld>;
  if (!istLeer(w.datum) && !isoDateFromGerman(w.datum)) f.datum = MSG_DATUM;
  return f;
}

/** Add a reminder: its kind (where the object has several), Betreff and an optional date (sent as yyyy-MM-dd). */
export function WiedervorlageDialog({
  fachobjekt,
  id,
  anlagentyp,
  onClose,
}: {
  fachobjekt: WiedervorlageFachobjekt;
  id: string;
  /** The plant's type (a relief plant's reminders are of kind ENTLASTUNG). */
  anlagentyp?: string;
  onClose: () => void;
}) {
  const formId = useId();
  const [werte, setWerte] = useState<Werte>({ betreff: '', datum: '' });
  const seite = teilen(useMe().data?.globaleRolle);
  const [geteiltGewaehlt, setGeteilt] = useState<boolean | null>(null);
  // the account may arrive after the dialog opened: the default follows it until a choice
  const geteilt = geteiltGewaehlt ?? seite.vorgabe;
  const bezuege = bezuegeFuer(fachobjekt, anlagentyp);
  const [gewaehlt, setBezug] = useState<Bezug | null>(null);
  // the plant's type may arrive after the dialog opened: the default follows it until a choice
  const bezug = gewaehlt ?? bezuege[0].value;
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
    anlegen.mutate({ fachobjekt, id, eingabe: { betreff: werte.betreff.trim(), datum: isoDateFromGerman(werte.datum), bezugZuFachobjekt: bezug, geteilt } });
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
            <select name="bezugZuFachobjekt" className={inputClass} value={bezug} onChange={(e) => setBezug(e.target.value as Bezug)}>
              {bezuege.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField label="Betreff" error={fehler.betreff} required={istPflicht(FORMULARE.wiedervorlage, 'betreff')}>
          <input
            name="betreff"
            className={inputClass}
            value={werte.betreff}
            onChange={(e) => setWerte((w) => ({ ...w, betreff: e.target.value }))}
          />
        </FormField>
        <Datumsfeld label="Datum" name="datum" error={fehler.datum} value={werte.datum} onChange={(datum) => setWerte((w) => ({ ...w, datum }))} />
        <CheckboxField label={seite.label} name="geteilt" checked={geteilt} onChange={setGeteilt} />
      </form>
    </Dialog>
  );
}
