import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { useHistorisierung } from '@/components/Historisierung';
import { CheckboxField, FormField, inputClass } from '@/components/FormField';
import { Laden } from '@/components/Laden';
import { zeigeFehler } from '@/lib/errors';
import { hatFehler, istPflicht, pruefeFormular, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';
import { toast } from '@/lib/toast';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { organisationQuery, type Organisation, type OrganisationEingabe } from '@/features/systemverwaltung/api/organisationen';
import { useSpeichereOrganisation } from '@/features/systemverwaltung/api/speichere-organisation';
import { ORGANISATION_STATUS } from '@/features/systemverwaltung/components/bezeichnungen';

export const MSG_GESPEICHERT = 'Gespeichert';
export const MSG_FEHLER_SPEICHERN = 'Fehler beim Speichern';
export const MSG_VERWORFEN = 'Die Änderungen wurden verworfen.';

export interface OrganisationWerte {
  bezeichnung: string;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  status: 'AKTIV' | 'INAKTIV';
  abwasserbeseitigungspflicht: boolean;
  abgabenummer: string;
  organisationsId: string;
}

type Feld = keyof OrganisationWerte;
const FELDER: readonly Feld[] = ['bezeichnung', 'strasse', 'hausnummer', 'plz', 'ort', 'status', 'abgabenummer', 'organisationsId'];
const ALIAS: Record<string, Feld> = {
  'adresse.strasse': 'strasse',
  'adresse.hausnummer': 'hausnummer',
  'adresse.plz': 'plz',
  'adresse.ort': 'ort',
};

/** The form's field as the server's table names it ('strasse' is 'adresse.strasse'). */
const inTabelle = (k: Feld) => Object.keys(ALIAS).find((s) => ALIAS[s] === k) ?? k;

/** Whether the field is required (the server's table, spec 002 §5: bezeichnung and the whole address). */
export const istPflichtfeld = (k: Feld) => istPflicht(FORMULARE.organisation, inTabelle(k));

/** Spec 002 §5 by the server's table (FORMULARE.organisation). */
export function pruefeOrganisation(w: OrganisationWerte): Feldfehler<Feld> {
  return pruefeFormular(FORMULARE.organisation, { ...w }, { schluessel: (k) => ALIAS[k] ?? k }) as Feldfehler<Feld>;
}

function werteAus(o?: Organisation): OrganisationWerte {
  return {
    bezeichnung: o?.bezeichnung ?? '',
    strasse: o?.adresse.strasse ?? '',
    hausnummer: o?.adresse.hausnummer ?? '',
    plz: o?.adresse.plz ?? '',
    ort: o?.adresse.ort ?? '',
    status: o?.status ?? 'AKTIV',
    abwasserbeseitigungspflicht: o?.abwasserbeseitigungspflicht ?? false,
    abgabenummer: o?.abgabenummer ?? '',
    organisationsId: o?.organisationsId ?? '',
  };
}

function eingabeAus(w: OrganisationWerte, version?: number): OrganisationEingabe {
  const t = (v: string) => v.trim();
  return {
    bezeichnung: t(w.bezeichnung),
    adresse: { strasse: t(w.strasse), hausnummer: t(w.hausnummer), plz: t(w.plz), ort: t(w.ort) },
    status: w.status,
    abwasserbeseitigungspflicht: w.abwasserbeseitigungspflicht,
    abgabenummer: t(w.abgabenummer),
    organisationsId: t(w.organisationsId),
    ...(version !== undefined ? { version } : {}),
  };
}

interface FormularProps {
  organisation?: Organisation;
  formId: string;
  onClose: () => void;
  verwerfen: () => void;
  setLaeuft: (l: boolean) => void;
}

function OrganisationFormular({ organisation, formId, onClose, verwerfen, setLaeuft }: FormularProps) {
  const basis = useMemo(() => werteAus(organisation), [organisation]);
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<Feldfehler<Feld>>({});
  const [fertig, setFertig] = useState(false);
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();
  const dirty = !fertig && JSON.stringify(werte) !== JSON.stringify(basis);

  const speichern = useSpeichereOrganisation({ meta: { globalErrorHandling: false } });

  const historisierung = useHistorisierung({
    speichern: (auditInfo) =>
      speichern.mutateAsync({
        id: organisation?.id,
        daten: { ...eingabeAus(werte, organisation?.version), ...(auditInfo ? { auditInfo } : {}) },
      }),
    onGespeichert: () => {
      toast.success(MSG_GESPEICHERT);
      setFertig(true);
      onClose();
    },
    onFehler: (e) => {
      const f = serverFeldfehler(e, FELDER, ALIAS);
      if (hatFehler(f)) {
        setFehler(f);
        fokusAufFehler();
      }
      zeigeFehler(e, MSG_FEHLER_SPEICHERN);
    },
    verwerfen: () => {
      setFertig(true);
      verwerfen();
    },
  });

  const { laeuft } = historisierung;
  useEffect(() => setLaeuft(laeuft), [laeuft, setLaeuft]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeOrganisation(werte);
    setFehler(f);
    if (hatFehler(f)) {
      fokusAufFehler();
      return;
    }
    void historisierung.speichern();
  };

  const set = (k: Feld) => (e: { target: { value: string } }) => setWerte((w) => ({ ...w, [k]: e.target.value }));

  return (
    <>
      <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label="Organisation" className="grid grid-cols-1 gap-4 sm:grid-cols-6">
        <UnsavedChangesGuard when={dirty} />
        <FormField label="Bezeichnung" error={fehler.bezeichnung} required={istPflichtfeld('bezeichnung')} className="sm:col-span-6">
          <input name="bezeichnung" className={inputClass} value={werte.bezeichnung} onChange={set('bezeichnung')} />
        </FormField>
        <FormField label="Straße" error={fehler.strasse} required={istPflichtfeld('strasse')} className="sm:col-span-4">
          <input name="strasse" className={inputClass} value={werte.strasse} onChange={set('strasse')} />
        </FormField>
        <FormField label="Hausnummer" error={fehler.hausnummer} required={istPflichtfeld('hausnummer')} className="sm:col-span-2">
          <input name="hausnummer" className={inputClass} value={werte.hausnummer} onChange={set('hausnummer')} />
        </FormField>
        <FormField label="PLZ" error={fehler.plz} required={istPflichtfeld('plz')} className="sm:col-span-2">
          <input name="plz" className={inputClass} inputMode="numeric" value={werte.plz} onChange={set('plz')} />
        </FormField>
        <FormField label="Ort" error={fehler.ort} required={istPflichtfeld('ort')} className="sm:col-span-4">
          <input name="ort" className={inputClass} value={werte.ort} onChange={set('ort')} />
        </FormField>
        <FormField label="Status" error={fehler.status} className="sm:col-span-3">
          <select name="status" className={inputClass} value={werte.status} onChange={set('status')}>
            {ORGANISATION_STATUS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </FormField>
        <div className="flex items-end pb-1 sm:col-span-3">
          <CheckboxField
            label="Abwasserbeseitigungspflicht"
            name="abwasserbeseitigungspflicht"
            checked={werte.abwasserbeseitigungspflicht}
            onChange={(v) => setWerte((w) => ({ ...w, abwasserbeseitigungspflicht: v }))}
          />
        </div>
        <FormField label="Abgabenummer" error={fehler.abgabenummer} className="sm:col-span-3">
          <input name="abgabenummer" className={inputClass} value={werte.abgabenummer} onChange={set('abgabenummer')} />
        </FormField>
        <FormField label="Organisations-ID" error={fehler.organisationsId} className="sm:col-span-3">
          <input name="organisationsId" className={inputClass} value={werte.organisationsId} onChange={set('organisationsId')} />
        </FormField>
      </form>
      {/* outside the form: the date step has a form of its own */}
      {historisierung.dialog}
    </>
  );
}

export interface OrganisationDialogProps {
  /** Without id: a new organisation. */
  id?: number;
  onClose: () => void;
}

/**
 * Create or edit an organisation. A change of historised fields goes through the audit dialog;
 * its 'Änderungen verwerfen' reloads the stored data into the form.
 */
export function OrganisationDialog({ id, onClose }: OrganisationDialogProps) {
  const formId = useId();
  const [laeuft, setLaeuft] = useState(false);
  const organisation = useQuery({ ...organisationQuery(id ?? 0), enabled: id !== undefined });
  const bereit = id === undefined || organisation.data !== undefined;

  const verwerfen = () => {
    void organisation.refetch().then(() => toast.info(MSG_VERWORFEN));
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={id === undefined ? 'Organisation hinzufügen' : 'Organisation bearbeiten'}
      width={700}
      footer={<FormularFuss formId={formId} onAbbrechen={onClose} disabled={!bereit || laeuft} />}
    >
      {bereit ? (
        <OrganisationFormular
          // a reload (discard) starts the form again with the stored data
          key={organisation.dataUpdatedAt}
          organisation={organisation.data}
          formId={formId}
          onClose={onClose}
          verwerfen={verwerfen}
          setLaeuft={setLaeuft}
        />
      ) : (
        <Laden />
      )}
    </Dialog>
  );
}
