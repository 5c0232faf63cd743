// The ten functional roles of the spec (002 §3) with their German names, grouped by their global
// role: the account dialog offers them, the Ereignisprotokoll names an actor's roles with them.

/** The global roles (ORGANISATION, BEHOERDE, ADMIN). */
export type GlobaleRollenart = 'ORGANISATION' | 'BEHOERDE' | 'ADMIN';

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
] as const satisfies readonly { value: string; label: string; global: GlobaleRollenart }[];

export type FunktionaleRolle = (typeof FUNKTIONALE_ROLLEN)[number]['value'];

/** The German name of a functional role ('ZUST_SBD' → 'Zuständig SBD'); an unknown code as it is. */
export const rolleLabel = (r: string) => FUNKTIONALE_ROLLEN.find((f) => f.value === r)?.label ?? r;
