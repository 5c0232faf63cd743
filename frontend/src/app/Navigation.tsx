import { NavLink, useLocation } from 'react-router-dom';
import { useDarf, useSession } from '@/lib/auth';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-block rounded px-3 py-2 text-sm font-medium ${isActive ? 'bg-white text-blue-900' : 'text-blue-950 hover:bg-white/60'}`;

/** Systemverwaltung and Auswertung are offered on the start page and inside those two areas (spec 002 §2). */
export function zeigtVerwaltungseintraege(pathname: string): boolean {
  return pathname === '/' || /^\/(systemverwaltung|auswertung)(\/|$)/.test(pathname);
}

/** Main navigation by role: the entries follow the actions of GET /api/me. */
export function Navigation() {
  const { angemeldet } = useSession();
  const darf = useDarf();
  const { pathname } = useLocation();
  const verwaltung = angemeldet && zeigtVerwaltungseintraege(pathname);

  const eintraege: { to: string; label: string; end?: boolean; zeigen: boolean }[] = [
    { to: '/', label: 'Startseite', end: true, zeigen: angemeldet },
    { to: '/systemverwaltung', label: 'Systemverwaltung', zeigen: verwaltung && darf('SYSTEMVERWALTUNG_OEFFNEN') },
    { to: '/auswertung', label: 'Auswertung', zeigen: verwaltung && darf('AUSWERTUNG_EXPORTIEREN') },
    { to: '/protokoll', label: 'Ereignisprotokoll', zeigen: angemeldet && darf('AUDIT_LESEN') },
    { to: '/login', label: 'Login', zeigen: !angemeldet },
    { to: '/registrierung', label: 'Registrieren', zeigen: !angemeldet },
  ];

  return (
    <nav aria-label="Hauptnavigation" className="border-b border-blue-200 bg-blue-100">
      <ul className="mx-auto flex max-w-7xl flex-wrap gap-2 px-4 py-1">
        {eintraege
          .filter((e) => e.zeigen)
          .map((e) => (
            <li key={e.to}>
              <NavLink to={e.to} end={e.end} className={linkClass}>
                {e.label}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
