import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormField, inputClass } from '../../../components/FormField';
import { Laden } from '../../../components/Laden';
import { sessionKeys } from '../../../lib/auth';
import { hatFehler, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { UnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import { anredeQuery, titelQuery, type Auswahl } from '../../../lib/wertelisten';
import { profilKeys, profilQuery, speichereProfil, type Profil } from '../api/profil';
import { pruefeProfil, zugangsaenderung, type ProfilFeld, type ProfilWerte } from './validierung';

// Verbatim texts of spec 002 §2 and §8.
export const DIALOG_TITEL = 'Profil speichern';
export const HINWEIS_ABMELDUNG = 'Sie werden nach dem Speichern abgemeldet und können sich mit den neuen Daten anmelden.';
export const HINWEIS_EMAIL = 'Sie müssen Ihre geänderte E-Mail-Adresse vor dem Login bestätigen.';
export const FRAGE_SPEICHERN = 'Möchten Sie Ihr Profil speichern?';
export const MSG_GESPEICHERT = 'Das Profil wurde erfolgreich aktualisiert.';

const FELDER: readonly ProfilFeld[] = [
  'anrede',
  'titel',
  'name',
  'vorname',
  'email',
  'telefon',
  'mobil',
  'benutzername',
  'passwort',
  'bestaetigung',
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
  };
}

function profilAus(w: ProfilWerte, alt: Profil): Profil {
  const t = (v: string) => v.trim();
  const email = t(w.email);
  return {
    benutzername: t(w.benutzername),
    passwort: w.passwort,
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

function Auswahlliste({ eintraege, aktuell }: { eintraege: Auswahl[] | undefined; aktuell: string }) {
  // a stored value the list no longer has stays visible
  const werte = eintraege?.map((e) => e.value) ?? [];
  if (aktuell && !werte.includes(aktuell)) werte.unshift(aktuell);
  return (
    <>
      {werte.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </>
  );
}

function ProfilFormular({ profil }: { profil: Profil }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const anreden = useQuery(anredeQuery());
  const titel = useQuery(titelQuery());
  const [basis, setBasis] = useState(() => werteAus(profil));
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<Feldfehler<ProfilFeld>>({});
  const [fragen, setFragen] = useState(false);
  const [abmelden, setAbmelden] = useState(false);
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();

  const dirty = useMemo(() => FELDER.some((k) => werte[k] !== basis[k]), [werte, basis]);
  const aenderung = zugangsaenderung(basis, werte);

  const speichern = useMutation({
    mutationFn: speichereProfil,
    onSuccess: (ergebnis, gesendet) => {
      toast.success(MSG_GESPEICHERT);
      const gespeichert = { ...werte, passwort: '', bestaetigung: '' };
      setBasis(gespeichert);
      setWerte(gespeichert);
      if (ergebnis.abgemeldet) {
        // the session has ended on the server: log out once the form counts as saved
        setAbmelden(true);
      } else {
        queryClient.setQueryData(profilKeys.profil, { ...gesendet, passwort: undefined });
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
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
    const f = pruefeProfil(werte);
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
        <FormField label="Anrede" error={fehler.anrede} required>
          <select name="anrede" className={inputClass} value={werte.anrede} onChange={set('anrede')}>
            <option value="">Bitte auswählen</option>
            <Auswahlliste eintraege={anreden.data} aktuell={werte.anrede} />
          </select>
        </FormField>
        <FormField label="Titel" error={fehler.titel}>
          <select name="titel" className={inputClass} value={werte.titel} onChange={set('titel')}>
            <option value="">Kein Titel</option>
            <Auswahlliste eintraege={titel.data} aktuell={werte.titel} />
          </select>
        </FormField>
        <FormField label="Name" error={fehler.name} required>
          <input name="name" className={inputClass} autoComplete="family-name" value={werte.name} onChange={set('name')} />
        </FormField>
        <FormField label="Vorname" error={fehler.vorname} required>
          <input name="vorname" className={inputClass} autoComplete="given-name" value={werte.vorname} onChange={set('vorname')} />
        </FormField>
        <FormField label="E-Mail" error={fehler.email} required className="sm:col-span-2">
          <input name="email" type="email" className={inputClass} autoComplete="email" value={werte.email} onChange={set('email')} />
        </FormField>
        <FormField label="Telefon" error={fehler.telefon} required>
          <input name="telefon" type="tel" className={inputClass} autoComplete="tel" value={werte.telefon} onChange={set('telefon')} />
        </FormField>
        <FormField label="Mobil" error={fehler.mobil}>
          <input name="mobil" type="tel" className={inputClass} autoComplete="tel" value={werte.mobil} onChange={set('mobil')} />
        </FormField>
        <FormField label="Benutzername" error={fehler.benutzername} required className="sm:col-span-2">
          <input
            name="benutzername"
            className={inputClass}
            autoComplete="username"
            value={werte.benutzername}
            onChange={set('benutzername')}
          />
        </FormField>
        <FormField label="Passwort" error={fehler.passwort} hint="Leer lassen, um das Passwort zu behalten.">
          <input
            name="passwort"
            type="password"
            className={inputClass}
            autoComplete="new-password"
            value={werte.passwort}
            onChange={set('passwort')}
          />
        </FormField>
        <FormField label="Passwort bestätigen" error={fehler.bestaetigung}>
          <input
            name="bestaetigung"
            type="password"
            className={inputClass}
            autoComplete="new-password"
            value={werte.bestaetigung}
            onChange={set('bestaetigung')}
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
