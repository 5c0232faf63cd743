import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSitzungBeenden } from '../../../lib/auth';

/** Route /logout (and the embedded 'Abmelden'): clears the session and goes to the login (spec 002 §2). */
export function Abmelden({ login = '/login' }: { login?: string }) {
  const beenden = useSitzungBeenden();
  const navigate = useNavigate();
  useEffect(() => {
    beenden();
    navigate(login, { replace: true });
  }, [beenden, navigate, login]);
  return null;
}
