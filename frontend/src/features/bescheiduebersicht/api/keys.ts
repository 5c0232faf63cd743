/**
 * Query keys of the overviews. The searches lie below the worklists' root (['arbeitsliste']):
 * every command marks them stale through nachBefehl, and they read with minPosition.
 */
export const uebersichtKeys = {
  bescheide: (betriebId: string, suche: unknown) => ['arbeitsliste', 'bescheid', betriebId, suche] as const,
  anforderungen: (betriebId: string, suche: unknown) => ['arbeitsliste', 'anforderung', betriebId, suche] as const,
  auflagen: (betriebId: string, suche: unknown) => ['arbeitsliste', 'auflage', betriebId, suche] as const,
  parameter: (betriebId: string) => ['arbeitsliste', 'anforderungsparameter', betriebId] as const,
  /** The file tree's keys (the plant and measuring point features' roots): the filters' options. */
  anlagen: (betriebId: string) => ['anlage', 'betrieb', betriebId] as const,
  messstellen: (betriebId: string) => ['messstelle', 'betrieb', betriebId] as const,
  bescheidarten: (qualitaet: string) => ['werteliste', 'bescheidart', qualitaet] as const,
};
