import type { AnwenderStatus } from '@/features/systemverwaltung/api/anwender';
import type { GlobaleRolle } from '@/features/systemverwaltung/api/lokale-rollen';
import { FUNKTIONALE_ROLLEN } from '@/lib/rollen';

// German labels of the administration's enumerations (spec 002 §3, §6).

export const GLOBALE_ROLLEN: readonly { value: GlobaleRolle; label: string }[] = [
  { value: 'ORGANISATION', label: 'Organisation' },
  { value: 'BEHOERDE', label: 'Behörde' },
  { value: 'ADMIN', label: 'Administration' },
];

export const globaleRolleLabel = (r: string | undefined) => GLOBALE_ROLLEN.find((g) => g.value === r)?.label ?? r ?? '';

export { FUNKTIONALE_ROLLEN, type FunktionaleRolle } from '@/lib/rollen';

/** The global role of a set of functional roles: Administration before Behörde before Organisation (as the server). */
export function globaleRolleVon(rollen: readonly string[]): GlobaleRolle | undefined {
  const globale = rollen.map((r) => FUNKTIONALE_ROLLEN.find((f) => f.value === r)?.global);
  if (globale.includes('ADMIN')) return 'ADMIN';
  if (globale.includes('BEHOERDE')) return 'BEHOERDE';
  if (globale.includes('ORGANISATION')) return 'ORGANISATION';
  return undefined;
}

export const STATUS_LABEL: Record<AnwenderStatus, string> = {
  AKTIV: 'Aktiv',
  INAKTIV: 'Inaktiv',
  BESTAETIGT: 'Bestätigt',
  DOUBLE_OPT_IN: 'Beantragt',
  DOUBLE_OPT_IN_CHANGED_EMAIL: 'E-Mail-Änderung unbestätigt',
};

export const ORGANISATION_STATUS: readonly { value: 'AKTIV' | 'INAKTIV'; label: string }[] = [
  { value: 'AKTIV', label: 'Aktiv' },
  { value: 'INAKTIV', label: 'Inaktiv' },
];

/** A ✓ for true that screen readers read as 'ja' (and 'nein' for false). */
export function Haken({ wert }: { wert: boolean | undefined }) {
  return wert ? (
    <>
      <span aria-hidden="true">✓</span>
      <span className="sr-only">ja</span>
    </>
  ) : (
    <span className="sr-only">nein</span>
  );
}
