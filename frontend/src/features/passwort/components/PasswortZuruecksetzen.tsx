import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { FormField, inputClass } from '@/components/FormField';
import { PasswortFelder } from '@/components/PasswortFelder';
import { ApiError } from '@/lib/api';
import { handleGlobalError, MSG_UNKNOWN } from '@/lib/errors';
import { hatFehler, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { pruefeAnforderung, pruefeNeuesPasswort, type NeuesPasswortWerte } from './validierung';
import { useSendePasswortResetMail } from '@/features/passwort/api/sende-passwort-reset-mail';
import { useSetzePasswortZurueck } from '@/features/passwort/api/setze-passwort-zurueck';

// Verbatim texts (spec 002 §2, §8 and the accounts issue).
export const MSG_MAIL_GESENDET = 'Email zum Zurücksetzen des Passworts gesendet.';
export const HINWEIS_POSTFACH = 'Bitte prüfen Sie Ihr E-Mail-Postfach.';
export const MSG_PASSWORT_GEAENDERT = 'Passwort erfolgreich geändert.';
export const SERVER_UNGUELTIGER_LINK = 'Ungültiger Link.';
export const MSG_LINK_UNGUELTIG = 'Der Link ist ungültig oder abgelaufen.';

/** The reset 'dialog' of spec 002 §2: a card 400 px wide. */
function Karte({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="reset-titel"
      style={{ width: 'min(400px, 100%)' }}
      className="mx-auto space-y-4 rounded-md border border-gray-300 bg-gray-50 p-5 shadow-sm"
    >
      <h1 id="reset-titel" className="text-xl font-semibold">
        Passwort zurücksetzen
      </h1>
      {children}
    </section>
  );
}

/** Without token: ask for the mail with the user name. */
function MailAnfordern() {
  const [username, setUsername] = useState('');
  const [fehler, setFehler] = useState<Feldfehler<'username'>>({});
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();
  const anfordern = useSendePasswortResetMail({
    onError: (e) => {
      const f = serverFeldfehler(e, ['username'] as const);
      if (hatFehler(f)) {
        setFehler(f);
        fokusAufFehler();
      }
    },
  });

  if (anfordern.isSuccess) {
    return (
      <div role="status" className="space-y-2">
        <p className="font-medium">{MSG_MAIL_GESENDET}</p>
        <p>{HINWEIS_POSTFACH}</p>
        <p>
          <Link to="/login" className="text-blue-800 underline hover:text-blue-950">
            Zur Anmeldung
          </Link>
        </p>
      </div>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeAnforderung(username);
    setFehler(f);
    if (hatFehler(f)) {
      fokusAufFehler();
      return;
    }
    anfordern.mutate(username.trim());
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <FormField label="Benutzername" error={fehler.username} required>
        <input
          name="username"
          className={inputClass}
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={anfordern.isPending}>
        Passwort zurücksetzen
      </Button>
      <p className="text-sm">
        <Link to="/login" className="text-blue-800 underline hover:text-blue-950">
          Zurück zur Anmeldung
        </Link>
      </p>
    </form>
  );
}

function istUngueltigerLink(e: unknown): boolean {
  return (
    e instanceof ApiError &&
    (e.message === SERVER_UNGUELTIGER_LINK || Object.values(e.validationErrors).includes(SERVER_UNGUELTIGER_LINK))
  );
}

/** With token: set the new password, then to the login. */
function NeuesPasswort({ token }: { token: string }) {
  const navigate = useNavigate();
  const [werte, setWerte] = useState<NeuesPasswortWerte>({ passwort: '', bestaetigung: '' });
  const [fehler, setFehler] = useState<Feldfehler<keyof NeuesPasswortWerte>>({});
  const [ungueltig, setUngueltig] = useState(false);
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();

  const setzen = useSetzePasswortZurueck({
    // 'Ungültiger Link.' and the password rule are answered here; the rest by the global handling
    meta: { globalErrorHandling: false },
    onSuccess: () => {
      toast.success(MSG_PASSWORT_GEAENDERT);
      navigate('/login', { replace: true });
    },
    onError: (e) => {
      if (istUngueltigerLink(e)) {
        setUngueltig(true);
      } else if (e instanceof ApiError && e.status === 400) {
        const f = serverFeldfehler(e, ['passwort', 'bestaetigung'] as const, { password: 'passwort' });
        setFehler(f);
        if (hatFehler(f)) fokusAufFehler();
        toast.error(e.firstValidationMessage || e.message || MSG_UNKNOWN);
      } else {
        handleGlobalError(e);
      }
    },
  });

  if (ungueltig) {
    return (
      <div role="alert" className="space-y-2">
        <p>{MSG_LINK_UNGUELTIG}</p>
        <p>
          <Link to="/password-reset" className="text-blue-800 underline hover:text-blue-950">
            Neue E-Mail anfordern
          </Link>
        </p>
      </div>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeNeuesPasswort(werte);
    setFehler(f);
    if (hatFehler(f)) {
      fokusAufFehler();
      return;
    }
    setzen.mutate({ password: werte.passwort, token });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <PasswortFelder
        werte={werte}
        fehler={fehler}
        onChange={(k, v) => setWerte((w) => ({ ...w, [k]: v }))}
        label="Neues Passwort"
        required
      />
      <Button type="submit" className="w-full" disabled={setzen.isPending}>
        Passwort ändern
      </Button>
    </form>
  );
}

/** /password-reset (spec 002 §2): request the mail, or set the new password with its token. */
export function PasswortZuruecksetzen() {
  useDocumentTitle('Passwort zurücksetzen');
  const [params] = useSearchParams();
  const token = params.get('token');
  return <Karte>{token ? <NeuesPasswort key={token} token={token} /> : <MailAnfordern />}</Karte>;
}
