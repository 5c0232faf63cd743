import type { AnwenderStatus } from '@/features/systemverwaltung/api/anwender';
import type { GlobaleRolle } from '@/features/systemverwaltung/api/lokaleRollen';

// German labels of the administration's enumerations (spec 002 §3, §6).

export const GLOBALE_ROLLEN: readonly { value: GlobaleRolle; label: string }[] = [
  { value: 'ORGANISATION', label: 'Organisation' },
  { value: 'BEHOERDE', label: 'Behörde' },
  { value: 'ADMIN', label: 'Administration' },
];

export const globaleRolleLabel = (r: string | undefined) => GLOBALE_ROLLEN.find((g) => g.value === r)?.label ?? r ?? '';

/** The ten functional roles, grouped by their global role. */
export const FUNKTIONALE_ROLLEN = [
  { value: 'BETREIBER', label: 'Betreiber', global: 'ORGANISATION' },
  { value: 'BEAUFTRAGTER', label: 'Beauftragter', global: 'ORGANISATION' },
  { value: 'LESER_ORGANISATION', label: 'Leser Organisation', global: 'ORGANISATION' },
  { value: 'ZUST_SBD', label: 'Zuständig SBD', global: 'BEHOERDE' },
  { value: 'ZUST_SBB', label: 'Zuständig SBB', global: 'BEHOERDE' },
  { value: 'ZUST_SBS', label: 'Zuständig SBS', global: 'BEHOERDE' },
  { value: 'ZUST_SBA', label: 'Zuständig SBA', global: 'BEHOERDE' },
  { value: 'LESER_BEHOERDE', label: 'Leser Behörde', global: 'BEHOERDE' },
  { value: 'FACHADMIN', label: 'Fachadministrator', global: 'ADMIN' },
  { value: 'SYSTEMADMIN', label: 'Systemadministrator', global: 'ADMIN' },
] as const satisfies readonly { value: string; label: string; global: GlobaleRolle }[];

export type FunktionaleRolle = (typeof FUNKTIONALE_ROLLEN)[number]['value'];

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
