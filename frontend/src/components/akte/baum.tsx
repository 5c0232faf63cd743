import type { ComponentType, ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { Modus } from '@/lib/modus';

// The parts of the operation file's tree (issue 44): the shell (features/betrieb's
// BetriebsakteLayout) draws the frame and its own entries, each area draws its section from its
// feature (a Baumabschnitt), and app/betriebsakte/abschnitte.tsx lists the sections in order —
// the one shared place a new area edits.

/** The class of a link of the tree: the open page stands out. */
export const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-2 py-1 ${isActive ? 'bg-blue-800 text-white' : 'text-blue-800 hover:bg-blue-50'}`;

/** An entry of the tree: a link in a list item. */
export function Eintrag({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <NavLink to={to} className={linkClass}>
        {children}
      </NavLink>
    </li>
  );
}

/** What the shell tells each section of the tree. */
export interface Baumlage {
  /** The operation's id (the route's :id). */
  betriebId: string;
  /** The operation has a number (not a create route): the sections that need it show. */
  mitId: boolean;
  /** The file's path, /betriebsakte/{id}. */
  basis: string;
  /** The query string of the tree's links: the mode and the day. */
  mitModus: string;
  modus: Modus;
  /** The day the file is shown as of (lib/stand), if any. */
  stand?: string;
  /** The operation is released (FREIGEGEBEN): sections may offer to create. */
  freigegeben: boolean;
  /** A prefix for the ids of the section's headings and hints. */
  hinweisId: string;
}

/** An area's section of the tree: a list item (or nothing) below the shell's entries. */
export type Baumabschnitt = ComponentType<Baumlage>;

/** A group of the tree: its heading and, labelled by it, its entries. */
export function Baumgruppe({ id, titel, children }: { id: string; titel: string; children: ReactNode }) {
  return (
    <li className="pt-2">
      <p className="px-2 text-sm font-semibold text-gray-800" id={id}>
        {titel}
      </p>
      <ul aria-labelledby={id} className="mt-1 space-y-1 pl-2">
        {children}
      </ul>
    </li>
  );
}
