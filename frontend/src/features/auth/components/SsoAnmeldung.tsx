import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Laden } from '@/components/Laden';
import { ApiError } from '@/lib/api';
import { useZielNachLogin } from '@/lib/auth';
import { handleGlobalError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { ssoAnmelden } from '@/features/auth/api/melde-mit-sso-an';
import { beginneSitzung } from '@/features/auth/api/melde-an';

// Verbatim text of spec 002 §8.
export const MSG_SSO_FEHLER = 'Sie konnten nicht per SSO angemeldet werden';

/**
 * /login?ticket=…: single sign-on is tried first (without the anonymous guard). Success goes
 * to the remembered origin or home; a refused ticket shows the toast and the normal login
 * (the ticket leaves the address, other parameters stay).
 */
export function SsoAnmeldung({ ticket }: { ticket: string }) {
  useDocumentTitle('Anmeldung');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const ziel = useZielNachLogin();
  // a ticket is good for one try (StrictMode runs effects twice)
  const versucht = useRef(false);

  useEffect(() => {
    if (versucht.current) return;
    versucht.current = true;
    ssoAnmelden(ticket).then(
      ({ token }) => {
        beginneSitzung(queryClient, token);
        navigate(ziel, { replace: true });
      },
      (e: unknown) => {
        if (e instanceof ApiError && e.status === 403) toast.error(MSG_SSO_FEHLER);
        else handleGlobalError(e);
        const ohneTicket = new URLSearchParams(params);
        ohneTicket.delete('ticket');
        navigate({ pathname: '/login', search: ohneTicket.toString() }, { replace: true });
      },
    );
  }, [ticket, navigate, queryClient, params, ziel]);

  return <Laden text="Anmeldung per Single Sign-on …" />;
}
