import { akteKeys } from '@/lib/akte/keys';
import { leseModellKeys } from '@/lib/befehl';

/**
 * Query keys of the overviews. The searches lie below the worklists' root (leseModellKeys.arbeitslisten):
 * every command marks them stale through nachBefehl, and they read with minPosition.
 */
export const uebersichtKeys = {
  bescheide: (betriebId: string, suche: unknown) => [...leseModellKeys.arbeitslisten, 'bescheid', betriebId, suche] as const,
  anforderungen: (betriebId: string, suche: unknown) => [...leseModellKeys.arbeitslisten, 'anforderung', betriebId, suche] as const,
  auflagen: (betriebId: string, suche: unknown) => [...leseModellKeys.arbeitslisten, 'auflage', betriebId, suche] as const,
  parameter: (betriebId: string) => [...leseModellKeys.arbeitslisten, 'anforderungsparameter', betriebId] as const,
  bescheidarten: akteKeys.bescheid.arten,
};
