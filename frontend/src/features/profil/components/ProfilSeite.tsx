import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormField, inputClass } from '@/components/FormField';
import { Laden } from '@/components/Laden';
import { PasswortFelder } from '@/components/PasswortFelder';
import { PersonFelder } from '@/components/PersonFelder';
import { hatFehler, PERSON_FELDER, PERSON_PFLICHTFELDER_OHNE_ANREDE, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { profilQuery, type Profil } from '@/features/profil/api/profil';
import { pruefeProfil, zugangsaenderung, type ProfilFeld, type ProfilWerte } from './validierung';
import { useSpeichereProfil } from '@/features/profil/api/speichere-profil';

// Verbatim texts of spec 002 §2 and §8.
export const DIALOG_TITEL = 'Profil speichern';
export const HINWEIS_ABMELDUNG = 'Sie werden nach dem Speichern abgemeldet und können sich mit den neuen Daten anmelden.';
export const HINWEIS_EMAIL = 'Sie müssen Ihre geänderte E-Mail-Adresse vor dem Login bestätigen.';
export const FRAGE_SPEICHERN = 'Möchten Sie Ihr Profil speichern?';
export const MSG_GESPEICHERT = 'Das Profil wurde erfolgreich aktualisiert.';

const FELDER: readonly ProfilFeld[] = [
  ...PERSON_FELDER,
  'benutzername',
  'passwort',
  'bestaetigung',
  'aktuellesPasswort',
];

function werteAus(p: Profil): ProfilWerte {
  const s = (v: string | undefined) => v ?? '';
  return {
    anrede: s(p.person.anrede),
    titel: s(p.person.titel),
    name: s(p.person.name),
    vorname: s(p.person.vorname),
    email: s(p.person.email ?? p.email),
    telefon: s(p.person.telefon),
    mobil: s(p.person.mobil),
    benutzername: p.benutzername,
    passwort: '',
    bestaetigung: '',
    aktuellesPasswort: '',
  };
}

function profilAus(w: ProfilWerte, alt: Profil): Profil {
  const t = (v: string) => v.trim();
  const email = t(w.email);
  return {
    benutzername: t(w.benutzername),
    passwort: w.passwort,
    // only sent when typed: the server needs it for user name, e-mail address and password
    ...(w.aktuellesPasswort !== '' ? { aktuellesPasswort: w.aktuellesPasswort } : {}),
    email,
    person: {
      anrede: w.anrede,
      titel: w.titel,
      name: t(w.name),
      vorname: t(w.vorname),
      email,
      telefon: t(w.telefon),
      mobil: t(w.mobil),
      // the organisation goes back reduced to its id
      organisation: alt.person.organisation?.id != null ? { id: alt.person.organisation.id } : null,
    },
  };
}

function ProfilFormular({ profil }: { profil: Profil }) {
  const navigate = useNavigate();
  const [basis, setBasis] = useState(() => werteAus(profil));
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<Feldfehler<ProfilFeld>>({});
  const [fragen, setFragen] = useState(false);
  const [abmelden, setAbmelden] = useState(false);
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();

  const dirty = useMemo(() => FELDER.some((k) => werte[k] !== basis[k]), [werte, basis]);
  const aenderung = zugangsaenderung(basis, werte);

  const speichern = useSpeichereProfil({
    onSuccess: (ergebnis) => {
      toast.success(MSG_GESPEICHERT);
      const gespeichert = { ...werte, passwort: '', bestaetigung: '', aktuellesPasswort: '' };
      setBasis(gespeichert);
      setWerte(gespeichert);
      if (ergebnis.abgemeldet) {
        // the session has ended on the server: log out once the form counts as saved
        setAbmelden(true);
      }
    },
    onError: (e) => {
      const f = serverFeldfehler(e, FELDER);
      if (hatFehler(f)) {
        setFehler(f);
        fokusAufFehler();
      }
    },
  });

  useEffect(() => {
    if (abmelden && !dirty) navigate('/logout', { replace: true });
  }, [abmelden, dirty, navigate]);

  const set = (k: ProfilFeld) => (e: { target: { value: string } }) => setWerte((w) => ({ ...w, [k]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeProfil(werte, basis);
    setFehler(f);
    if (hatFehler(f)) {
      fokusAufFehler();
      return;
    }
    setFragen(true);
  };

  const bestaetigt = () => {
    setFragen(false);
    speichern.mutate(profilAus(werte, profil));
  };

  return (
    <>
      <UnsavedChangesGuard when={dirty && !abmelden} />
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-label="Profil"
        className="grid grid-cols-1 gap-4 rounded border border-gray-300 bg-gray-50 p-5 sm:grid-cols-2"
      >
        <PersonFelder
          werte={werte}
          fehler={fehler}
          onChange={(k, v) => setWerte((w) => ({ ...w, [k]: v }))}
          required={PERSON_PFLICHTFELDER_OHNE_ANREDE}
        />
        <FormField label="Benutzername" error={fehler.benutzername} required className="sm:col-span-2">
          <input
            name="benutzername"
            className={inputClass}
            autoComplete="username"
            value={werte.benutzername}
            onChange={set('benutzername')}
          />
        </FormField>
        <PasswortFelder
          werte={werte}
          fehler={fehler}
          onChange={(k, v) => setWerte((w) => ({ ...w, [k]: v }))}
          hint="Leer lassen, um das Passwort zu behalten."
        />
        <FormField
          label="Aktuelles Passwort"
          error={fehler.aktuellesPasswort}
          required={aenderung.abmelden}
          hint="Nur nötig, um Benutzername, E-Mail-Adresse oder Passwort zu ändern."
          className="sm:col-span-2"
        >
          <input
            name="aktuellesPasswort"
            type="password"
            className={inputClass}
            autoComplete="current-password"
            value={werte.aktuellesPasswort}
            onChange={set('aktuellesPasswort')}
          />
        </FormField>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={speichern.isPending}>
            Speichern
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={fragen}
        title={DIALOG_TITEL}
        message={
          <div className="space-y-2">
            {aenderung.abmelden && <p>{HINWEIS_ABMELDUNG}</p>}
            {aenderung.email && <p>{HINWEIS_EMAIL}</p>}
            {!aenderung.abmelden && <p>{FRAGE_SPEICHERN}</p>}
          </div>
        }
        confirmLabel="Speichern"
        onConfirm={bestaetigt}
        onCancel={() => setFragen(false)}
      />
    </>
  );
}

/** /profil (spec 002 §2 "Profile"). */
export function ProfilSeite() {
  useDocumentTitle('Profil');
  const profil = useQuery(profilQuery());
  return (
    <section aria-labelledby="profil-titel" className="mx-auto w-full max-w-2xl space-y-4">
      <h1 id="profil-titel" className="text-2xl font-semibold">
        Profil
      </h1>
      {profil.data ? <ProfilFormular profil={profil.data} /> : profil.isPending ? <Laden /> : null}
    </section>
  );
}
