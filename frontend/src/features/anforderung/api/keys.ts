/**
 * Query keys of the Anforderungen screen. They sit below ['bescheid', id] so a save or the
 * removal of a measuring point marks the Bescheid's own document (its count of Anforderungen)
 * stale too, without importing the Bescheid feature.
 */
export const anforderungKeys = {
  bescheid: (bescheidId: string) => ['bescheid', bescheidId] as const,
  messstelle: (bescheidId: string, messstelleId: string) => [...anforderungKeys.bescheid(bescheidId), 'messstelle', messstelleId] as const,
  /** The operation's type (the lookups are filtered by it). */
  betriebstyp: (betriebId: string) => ['betrieb', betriebId, 'betriebstyp'] as const,
  /** A lookup of the Anforderungen (value lists filtered by operation type and parameter kind). */
  liste: (name: string, filter: Record<string, string>) => ['anforderung-liste', name, filter] as const,
};
