import { NavLink } from 'react-router-dom';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-block rounded px-3 py-2 text-sm font-medium ${isActive ? 'bg-white text-blue-900' : 'text-blue-950 hover:bg-white/60'}`;

/** Main navigation. Systemverwaltung, Auswertung, Login, Registrieren follow with their issues. */
export function Navigation() {
  return (
    <nav aria-label="Hauptnavigation" className="border-b border-blue-200 bg-blue-100">
      <ul className="mx-auto flex max-w-7xl gap-2 px-4 py-1">
        <li>
          <NavLink to="/" end className={linkClass}>
            Startseite
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
