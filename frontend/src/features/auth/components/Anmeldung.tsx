import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/Button';
import { FormField, FormMeldung, inputClass } from '@/components/FormField';
import { ApiError } from '@/lib/api';
import { useZielNachLogin } from '@/lib/auth';
import { handleGlobalError } from '@/lib/errors';
import { hatFehler, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '@/lib/form';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useAnmelden } from '@/features/auth/api/melde-an';
import { starteAnwendungNachLogin } from './anwendungStarten';
import { pruefeLogin, type LoginWerte } from './validierung';

/** Answers whose message belongs into the form rather than into a toast. */
const FORMULAR_STATUS = [400, 401, 403, 429];

const FELDER = ['username', 'password'] as const;

/**
 * The login (spec 002 §2 "Login"). Success stores the token and goes to the remembered
 * origin or home; the embedded variant opens the application in a new tab and goes to the
 * embedded logged-in page.
 */
export function Anmeldung({ embedded = false }: { embedded?: boolean }) {
  useDocumentTitle('Anmeldung');
  const navigate = useNavigate();
  const ziel = useZielNachLogin();
  const [werte, setWerte] = useState<LoginWerte>({ username: '', password: '' });
  const [fehler, setFehler] = useState<Feldfehler<keyof LoginWerte>>({});
  const [meldung, setMeldung] = useState('');
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();

  const anmelden = useAnmelden({
    // wrong credentials are answered in the form, not by the global toast
    meta: { globalErrorHandling: false },
    onSuccess: () => {
      if (!embedded) {
        navigate(ziel, { replace: true });
        return;
      }
      // the embedded variant opens the application (a browser may block a window opened after
      // the answer; the logged-in page then says so and its button starts it)
      starteAnwendungNachLogin();
      navigate('/logged-in-embedded', { replace: true });
    },
    onError: (e) => {
      if (e instanceof ApiError && FORMULAR_STATUS.includes(e.status)) {
        const f = serverFeldfehler(e, FELDER, { benutzername: 'username', passwort: 'password' });
        setFehler(f);
        setMeldung(e.message || e.firstValidationMessage || '');
        if (hatFehler(f)) fokusAufFehler();
      } else {
        handleGlobalError(e);
      }
    },
  });

  const set = (k: keyof LoginWerte) => (e: { target: { value: string } }) => setWerte((w) => ({ ...w, [k]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeLogin(werte);
    setFehler(f);
    setMeldung('');
    if (hatFehler(f)) {
      fokusAufFehler();
      return;
    }
    anmelden.mutate({ username: werte.username.trim(), password: werte.password });
  };

  return (
    <section aria-labelledby="login-titel" className="mx-auto w-full max-w-md space-y-4">
      <h1 id="login-titel" className="text-2xl font-semibold">
        Anmeldung
      </h1>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4 rounded border border-gray-300 bg-gray-50 p-5">
        <FormMeldung>{meldung}</FormMeldung>
        <FormField label="Benutzername" error={fehler.username} required>
          <input
            name="username"
            className={inputClass}
            autoComplete="username"
            value={werte.username}
            onChange={set('username')}
          />
        </FormField>
        <FormField label="Passwort" error={fehler.password} required>
          <input
            name="password"
            type="password"
            className={inputClass}
            autoComplete="current-password"
            value={werte.password}
            onChange={set('password')}
          />
        </FormField>
        <Button type="submit" disabled={anmelden.isPending} className="w-full">
          Anmelden
        </Button>
        <p className="flex flex-wrap justify-between gap-2 text-sm">
          <Link to="/password-reset" className="text-blue-800 underline hover:text-blue-950">
            Passwort vergessen?
          </Link>
          <Link
            to={embedded ? '/registrierung-embedded' : '/registrierung'}
            className="text-blue-800 underline hover:text-blue-950"
          >
            Registrieren
          </Link>
        </p>
      </form>
    </section>
  );
}
