import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAbmelden } from '@/lib/auth';

/**
 * Route /logout (and the embedded 'Abmelden'): ends the session on the server (POST /api/logout),
 * clears it in the browser and goes to the login (spec 002 §2).
 */
export function Abmelden({ login = '/login' }: { login?: string }) {
  const abmelden = useAbmelden();
  const navigate = useNavigate();
  useEffect(() => {
    let aktuell = true;
    void abmelden().then(() => {
      if (aktuell) navigate(login, { replace: true });
    });
    return () => {
      aktuell = false;
    };
  }, [abmelden, navigate, login]);
  return null;
}
