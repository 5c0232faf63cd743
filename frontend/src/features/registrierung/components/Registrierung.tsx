import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/Button';
import { CheckboxField, CheckboxGroup, FormField, inputClass } from '@/components/FormField';
import { PersonFelder } from '@/components/PersonFelder';
import { hatFehler, LEERE_PERSON, PERSON_FELDER, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '@/lib/form';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { organisationAuswahlQuery } from '@/features/registrierung/api/organisation-auswahl';
import { type FunktionaleRolle } from '@/features/registrierung/api/registriere-anwender';
import { pruefeRegistrierung, type RegistrierungFeld, type RegistrierungWerte } from './validierung';
import { useRegistrieren } from '@/features/registrierung/api/registriere-anwender';

// Verbatim texts of the registration.
export const ROLLEN: readonly { value: FunktionaleRolle; label: string }[] = [
  { value: 'BETREIBER', label: 'Betreiber' },
  { value: 'BEAUFTRAGTER', label: 'Beauftragter' },
  { value: 'LESER_ORGANISATION', label: 'Leser Organisation' },
];
export const DSGVO_TEXT = 'Ich stimme der Verarbeitung meiner Daten gemäß Datenschutzerklärung zu.';
export const bestaetigungsText = (email: string) =>
  `Vielen Dank für Ihre Registrierung. Wir haben eine E-Mail an ${email} gesendet. Bitte bestätigen Sie Ihre E-Mail-Adresse über den Link in dieser E-Mail. Danach wird Ihr Zugang von der Administration freigeschaltet.`;

const LEER: RegistrierungWerte = { ...LEERE_PERSON, organisation: '', funktionaleRolle: [], dsgvo: false };
const FELDER: readonly RegistrierungFeld[] = [
  'organisation',
  'funktionaleRolle',
  ...PERSON_FELDER,
  'dsgvo',
];

/** Registration (spec 002 §2): after success a confirmation naming the e-mail address. */
export function Registrierung({ embedded = false }: { embedded?: boolean }) {
  useDocumentTitle('Registrierung');
  const [werte, setWerte] = useState<RegistrierungWerte>(LEER);
  const [fehler, setFehler] = useState<Feldfehler<RegistrierungFeld>>({});
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();
  const organisationen = useQuery(organisationAuswahlQuery());

  const senden = useRegistrieren({
    // the global handling shows 'Validierung fehlgeschlagen: …'; the fields get their messages here
    onError: (e) => {
      const f = serverFeldfehler(e, FELDER);
      if (hatFehler(f)) {
        setFehler(f);
        fokusAufFehler();
      }
    },
  });

  const bestaetigung = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (senden.isSuccess) bestaetigung.current?.focus();
  }, [senden.isSuccess]);

  const setText = (k: keyof RegistrierungWerte) => (e: { target: { value: string } }) =>
    setWerte((w) => ({ ...w, [k]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeRegistrierung(werte);
    setFehler(f);
    if (hatFehler(f)) {
      fokusAufFehler();
      return;
    }
    const t = (s: string) => s.trim() || undefined;
    senden.mutate({
      organisation: Number(werte.organisation),
      funktionaleRolle: werte.funktionaleRolle,
      anrede: werte.anrede,
      titel: t(werte.titel),
      name: werte.name.trim(),
      vorname: werte.vorname.trim(),
      email: werte.email.trim(),
      telefon: werte.telefon.trim(),
      mobil: t(werte.mobil),
      dsgvo: werte.dsgvo,
    });
  };

  const login = embedded ? '/login-embedded' : '/login';

  if (senden.isSuccess) {
    return (
      <section aria-labelledby="registrierung-titel" className="mx-auto w-full max-w-2xl space-y-4">
        <h1 id="registrierung-titel" className="text-2xl font-semibold">
          Registrierung
        </h1>
        <div ref={bestaetigung} tabIndex={-1} role="status" className="rounded border-l-4 border-green-700 bg-green-50 p-4">
          <p>{bestaetigungsText(senden.data?.email || werte.email.trim())}</p>
        </div>
        <p>
          <Link to={login} className="text-blue-800 underline hover:text-blue-950">
            Zur Anmeldung
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="registrierung-titel" className="mx-auto w-full max-w-2xl space-y-4">
      <h1 id="registrierung-titel" className="text-2xl font-semibold">
        Registrierung
      </h1>
      <p className="text-sm text-gray-700">
        Mit <span aria-hidden="true">*</span>
        <span className="sr-only">Sternchen</span> markierte Felder sind Pflichtfelder.
      </p>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-label="Registrierung"
        className="grid grid-cols-1 gap-4 rounded border border-gray-300 bg-gray-50 p-5 sm:grid-cols-2"
      >
        <FormField label="Organisation" error={fehler.organisation} required className="sm:col-span-2">
          <select name="organisation" className={inputClass} value={werte.organisation} onChange={setText('organisation')}>
            <option value="">Bitte auswählen</option>
            {organisationen.data?.map((o) => (
              <option key={o.id} value={String(o.id)}>
                {o.bezeichnung}
              </option>
            ))}
          </select>
        </FormField>
        <div className="sm:col-span-2">
          <CheckboxGroup
            legend="Funktionale Rolle"
            name="funktionaleRolle"
            options={ROLLEN}
            value={werte.funktionaleRolle}
            onChange={(funktionaleRolle) => setWerte((w) => ({ ...w, funktionaleRolle }))}
            error={fehler.funktionaleRolle}
            required
          />
        </div>
        <PersonFelder werte={werte} fehler={fehler} onChange={(k, v) => setWerte((w) => ({ ...w, [k]: v }))} />
        <div className="sm:col-span-2">
          <CheckboxField
            name="dsgvo"
            label={DSGVO_TEXT}
            checked={werte.dsgvo}
            onChange={(dsgvo) => setWerte((w) => ({ ...w, dsgvo }))}
            error={fehler.dsgvo}
            required
          />
        </div>
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <Button type="submit" disabled={senden.isPending}>
            Registrieren
          </Button>
          <Link to={login} className="text-sm text-blue-800 underline hover:text-blue-950">
            Zurück zur Anmeldung
          </Link>
        </div>
      </form>
    </section>
  );
}
