import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { CheckboxGroup, FormField, inputClass } from '@/components/FormField';
import { Laden } from '@/components/Laden';
import { PasswortFelder } from '@/components/PasswortFelder';
import { PersonFelder, wertOptionen } from '@/components/PersonFelder';
import { TransferList } from '@/components/TransferList';
import { zeigeFehler } from '@/lib/errors';
import { hatFehler, PERSON_FELDER, PERSON_PFLICHTFELDER_OHNE_ANREDE, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '@/lib/form';
import { toast } from '@/lib/toast';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { wertelisteQuery } from '@/lib/wertelisten';
import { anwenderQuery, type AnwenderEingabe, type AnwenderZeile } from '@/features/systemverwaltung/api/anwender';
import { lokaleRollenQuery } from '@/features/systemverwaltung/api/lokale-rollen';
import { organisationenQuery } from '@/features/systemverwaltung/api/organisationen';
import { FUNKTIONALE_ROLLEN, globaleRolleVon, type FunktionaleRolle } from '@/features/systemverwaltung/components/bezeichnungen';
import { LEERER_ANWENDER, pruefeAnwender, type AnwenderFeld, type AnwenderWerte } from './validierung';
import { useSpeichereAnwender } from '@/features/systemverwaltung/api/speichere-anwender';

export const MSG_GESPEICHERT = 'Gespeichert';

const FELDER: readonly AnwenderFeld[] = [
  'benutzername',
  'passwort',
  'bestaetigung',
  'datascoutId',
  'funktionaleRolle',
  ...PERSON_FELDER,
  'organisation',
  'behoerde',
  'lokaleRollen',
];

function werteAus(a: AnwenderZeile): AnwenderWerte {
  const s = (v: string | undefined | null) => v ?? '';
  return {
    benutzername: a.benutzername,
    passwort: '',
    bestaetigung: '',
    datascoutId: s(a.datascoutId),
    funktionaleRolle: [...a.funktionaleRolle],
    anrede: s(a.person.anrede),
    titel: s(a.person.titel),
    name: s(a.person.name),
    vorname: s(a.person.vorname),
    email: s(a.person.email),
    telefon: s(a.person.telefon),
    mobil: s(a.person.mobil),
    organisation: a.person.organisation?.id ? String(a.person.organisation.id) : '',
    behoerde: s(a.behoerde),
    lokaleRollen: [...a.lokaleRollen],
  };
}

function eingabeAus(w: AnwenderWerte, version: number | undefined): AnwenderEingabe {
  const t = (v: string) => v.trim();
  return {
    benutzername: t(w.benutzername),
    passwort: w.passwort,
    datascoutId: t(w.datascoutId),
    funktionaleRolle: w.funktionaleRolle,
    lokaleRollen: w.lokaleRollen,
    behoerde: w.behoerde,
    person: {
      anrede: w.anrede,
      titel: w.titel,
      name: t(w.name),
      vorname: t(w.vorname),
      email: t(w.email),
      telefon: t(w.telefon),
      mobil: t(w.mobil),
      organisation: w.organisation ? { id: Number(w.organisation) } : null,
    },
    ...(version !== undefined ? { version } : {}),
  };
}

interface FormularProps {
  anwender?: AnwenderZeile;
  formId: string;
  onGespeichert: () => void;
  setLaeuft: (l: boolean) => void;
}

function AnwenderFormular({ anwender, formId, onGespeichert, setLaeuft }: FormularProps) {
  const neu = anwender === undefined;
  const organisationen = useQuery(organisationenQuery('AKTIV'));
  const rollen = useQuery(lokaleRollenQuery());
  const behoerden = useQuery(wertelisteQuery('regionalstelle'));
  const basis = useMemo(() => (anwender ? werteAus(anwender) : LEERER_ANWENDER), [anwender]);
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<Feldfehler<AnwenderFeld>>({});
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();
  const [gespeichert, setGespeichert] = useState(false);

  const dirty = !gespeichert && JSON.stringify(werte) !== JSON.stringify(basis);
  const global = globaleRolleVon(werte.funktionaleRolle);

  const speichern = useSpeichereAnwender({
    meta: { globalErrorHandling: false },
    onMutate: () => setLaeuft(true),
    onSettled: () => setLaeuft(false),
    onSuccess: () => {
      toast.success(MSG_GESPEICHERT);
      setGespeichert(true);
      onGespeichert();
    },
    onError: (e) => {
      const f = serverFeldfehler(e, FELDER);
      if (hatFehler(f)) {
        setFehler(f);
        fokusAufFehler();
      }
      zeigeFehler(e);
    },
  });

  const set = (k: AnwenderFeld) => (e: { target: { value: string } }) => setWerte((w) => ({ ...w, [k]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeAnwender(werte, neu);
    setFehler(f);
    if (hatFehler(f)) {
      fokusAufFehler();
      return;
    }
    speichern.mutate({ id: anwender?.id, daten: eingabeAus(werte, anwender?.version) });
  };

  const orgOptionen = useMemo(() => {
    const liste = (organisationen.data ?? []).map((o) => ({ id: String(o.id), label: o.bezeichnung }));
    const aktuell = anwender?.person.organisation;
    if (aktuell?.id && !liste.some((o) => o.id === String(aktuell.id))) {
      liste.unshift({ id: String(aktuell.id), label: aktuell.bezeichnung ?? String(aktuell.id) });
    }
    return liste;
  }, [organisationen.data, anwender]);

  const rollenItems = useMemo(
    () => (rollen.data ?? []).map((r) => ({ id: r.id ?? 0, label: r.systemrolle ? `${r.bezeichnung} (Systemrolle)` : r.bezeichnung })),
    [rollen.data],
  );

  return (
    <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label="Anwender" className="flex flex-col gap-5">
      <UnsavedChangesGuard when={dirty} />
      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Zugang</legend>
        <FormField label="Benutzername" error={fehler.benutzername} required className="sm:col-span-2">
          <input name="benutzername" className={inputClass} autoComplete="off" value={werte.benutzername} onChange={set('benutzername')} />
        </FormField>
        <PasswortFelder
          werte={werte}
          fehler={fehler}
          onChange={(k, v) => setWerte((w) => ({ ...w, [k]: v }))}
          required={neu}
          hint={neu ? undefined : 'Leer lassen, um das Passwort zu behalten.'}
        />
        <FormField
          label="Datascout-ID"
          error={fehler.datascoutId}
          required={global !== undefined && global !== 'ORGANISATION'}
          hint="Pflicht, außer für Rollen einer Organisation"
          className="sm:col-span-2"
        >
          <input name="datascoutId" className={inputClass} value={werte.datascoutId} onChange={set('datascoutId')} />
        </FormField>
      </fieldset>

      <CheckboxGroup<FunktionaleRolle>
        legend="Funktionale Rollen"
        name="funktionaleRolle"
        options={FUNKTIONALE_ROLLEN}
        value={werte.funktionaleRolle as FunktionaleRolle[]}
        onChange={(v) => setWerte((w) => ({ ...w, funktionaleRolle: v }))}
        error={fehler.funktionaleRolle}
        required
      />

      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Person</legend>
        <PersonFelder
          werte={werte}
          fehler={fehler}
          onChange={(k, v) => setWerte((w) => ({ ...w, [k]: v }))}
          autoComplete={false}
          required={PERSON_PFLICHTFELDER_OHNE_ANREDE}
        />
        <FormField label="Organisation" error={fehler.organisation} required={global === 'ORGANISATION'} className="sm:col-span-2">
          <select name="organisation" className={inputClass} value={werte.organisation} onChange={set('organisation')}>
            <option value="">Keine Organisation</option>
            {orgOptionen.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Behörde" error={fehler.behoerde} className="sm:col-span-2">
          <select name="behoerde" className={inputClass} value={werte.behoerde} onChange={set('behoerde')}>
            <option value="">Keine Behörde</option>
            {wertOptionen((behoerden.data ?? []).map((b) => b.value), werte.behoerde)}
          </select>
        </FormField>
      </fieldset>

      <TransferList<number>
        label="Lokale Rollen"
        items={rollenItems}
        value={werte.lokaleRollen}
        onChange={(v) => setWerte((w) => ({ ...w, lokaleRollen: v }))}
        error={fehler.lokaleRollen}
      />
    </form>
  );
}

export interface AnwenderDialogProps {
  /** Without id: a new user. */
  id?: number;
  onClose: () => void;
}

/** The user form in a dialog (about 700 px): create, or edit the user loaded fresh by id. */
export function AnwenderDialog({ id, onClose }: AnwenderDialogProps) {
  const formId = useId();
  const [laeuft, setLaeuft] = useState(false);
  const anwender = useQuery({ ...anwenderQuery(id ?? 0), enabled: id !== undefined });
  const bereit = id === undefined || anwender.data !== undefined;
  return (
    <Dialog
      open
      onClose={onClose}
      title={id === undefined ? 'Anwender hinzufügen' : 'Anwender bearbeiten'}
      width={700}
      footer={<FormularFuss formId={formId} onAbbrechen={onClose} disabled={!bereit || laeuft} />}
    >
      {bereit ? (
        <AnwenderFormular anwender={anwender.data} formId={formId} onGespeichert={onClose} setLaeuft={setLaeuft} />
      ) : (
        <Laden />
      )}
    </Dialog>
  );
}
