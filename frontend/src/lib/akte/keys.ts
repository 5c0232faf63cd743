import { wertelistenKeys } from '@/lib/wertelisten';

/**
 * The operation file's shared query keys (issue 44): the roots and keys of the file's areas that
 * other features read or mark stale — the operation, its plants, measuring points, Bescheide and
 * annual reports. Each area's api/keys.ts builds its own keys on its root here; a feature that
 * reads or invalidates another area's data (the file's tree, a measuring point command marking
 * the plants stale) takes the key from here, never as a literal array.
 */
export const akteKeys = {
  betrieb: {
    all: ['betrieb'] as const,
    detail: (id: string) => [...akteKeys.betrieb.all, id] as const,
    /** Only the operation's type (the Anforderungen's lookups are filtered by it). */
    typ: (id: string) => [...akteKeys.betrieb.detail(id), 'betriebstyp'] as const,
  },
  anlage: {
    all: ['anlage'] as const,
    detail: (id: string) => [...akteKeys.anlage.all, id] as const,
    /** The operation's plants: the file's tree, the filters and forms that offer them. */
    desBetriebs: (betriebId: string) => [...akteKeys.anlage.all, 'betrieb', betriebId] as const,
    /** The operation's treatment plants its shut-down must replace. */
    zuErsetzen: (betriebId: string) => [...akteKeys.anlage.desBetriebs(betriebId), 'zuErsetzen'] as const,
    /** The municipal treatment plants in use (a search). */
    kommunal: (q: string) => [...akteKeys.anlage.all, 'kommunal', q] as const,
  },
  messstelle: {
    all: ['messstelle'] as const,
    detail: (id: string) => [...akteKeys.messstelle.all, id] as const,
    /** The measuring points of the operation's plants (the tree, the overviews' filters). */
    desBetriebs: (betriebId: string) => [...akteKeys.messstelle.all, 'betrieb', betriebId] as const,
  },
  bescheid: {
    all: ['bescheid'] as const,
    /** A Bescheid; its Anforderungen lie below, so their commands mark it stale too. */
    detail: (id: string) => [...akteKeys.bescheid.all, id] as const,
    desBetriebs: (betriebId: string) => [...akteKeys.bescheid.all, 'betrieb', betriebId] as const,
    /** The Bescheidarten of a quality: a value list (its administration marks it stale). */
    arten: (qualitaet: string) => [...wertelistenKeys.liste('bescheidart'), qualitaet] as const,
  },
  jahresbericht: {
    all: ['jahresbericht'] as const,
    desBetriebs: (betriebId: string) => [...akteKeys.jahresbericht.all, 'betrieb', betriebId] as const,
    detail: (id: string) => [...akteKeys.jahresbericht.all, 'id', id] as const,
    /** Whether the annual-report feature is on. */
    eingeschaltet: () => [...akteKeys.jahresbericht.all, 'suevoaEnabled'] as const,
  },
};
