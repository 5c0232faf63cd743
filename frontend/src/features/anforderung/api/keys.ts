import { akteKeys } from '@/lib/akte/keys';

/**
 * Query keys of the Anforderungen screen. They sit below the Bescheid's key (lib/akte/keys) so a
 * save or the removal of a measuring point marks the Bescheid's own document (its count of
 * Anforderungen) stale too.
 */
export const anforderungKeys = {
  bescheid: akteKeys.bescheid.detail,
  messstelle: (bescheidId: string, messstelleId: string) => [...anforderungKeys.bescheid(bescheidId), 'messstelle', messstelleId] as const,
  /** The operation's type (the lookups are filtered by it). */
  betriebstyp: akteKeys.betrieb.typ,
  /** A lookup of the Anforderungen (value lists filtered by operation type and parameter kind). */
  liste: (name: string, filter: Record<string, string>) => ['anforderung-liste', name, filter] as const,
};
