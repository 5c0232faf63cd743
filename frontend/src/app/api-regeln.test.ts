import { describe, expect, it } from 'vitest';

// Issue 44, item 5: the rules of the api/ folders and of the query keys (frontend/README.md,
// "api/ files and query keys"), checked on the source files themselves.

/** Every source file (tests aside) as text, by its path below /src. */
const quellen = Object.entries(
  import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/lib/api-schema.d.ts', '!/src/test/**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);

const apiDateien = quellen.filter(([pfad]) => /^\/src\/features\/[^/]+\/api\//.test(pfad));
const name = (pfad: string) => pfad.slice(pfad.lastIndexOf('/') + 1);

/** A file that owns query keys: an area's api/keys.ts, the file's shared lib/akte/keys.ts, or a shared lib module. */
const istSchluesselheim = (pfad: string) => name(pfad) === 'keys.ts' || (pfad.startsWith('/src/lib/') && /export const \w+Keys = \{/.test(quellen.find(([p]) => p === pfad)?.[1] ?? ''));

describe('api/ files', () => {
  it('are named in kebab-case (verb-noun for a command, what it reads for a query, keys.ts for the keys)', () => {
    expect(apiDateien.length).toBeGreaterThan(50);
    const falsch = apiDateien.map(([p]) => p).filter((p) => !/^[a-z0-9]+(-[a-z0-9]+)*\.ts$/.test(name(p)));
    expect(falsch).toEqual([]);
  });

  it('hold one command each: at most one mutation hook, and a writing call only in a file named verb-noun', () => {
    const falsch = apiDateien
      .filter(([p]) => name(p) !== 'keys.ts')
      .filter(([p, text]) => {
        const hooks = (text.match(/useMutation\(/g) ?? []).length;
        const schreibend = /\bapi\.(post|put|patch|delete)\b/.test(text);
        return hooks > 1 || ((hooks > 0 || schreibend) && !name(p).includes('-'));
      })
      .map(([p]) => p);
    expect(falsch).toEqual([]);
  });
});

describe('query keys', () => {
  it('are written as arrays only in a keys file: no literal key in a query, a command or a component', () => {
    const falsch = quellen
      .filter(([p]) => !istSchluesselheim(p))
      .filter(([, text]) => /\b(queryKey|schluessel)\s*:\s*(\w+\()?\[/.test(text) || /export const \w+Keys = \{/.test(text))
      .map(([p]) => p);
    expect(falsch).toEqual([]);
  });

  it('have each root in one keys file: a feature reaches another area through lib/akte/keys, never by a copied literal', () => {
    const heime = new Map<string, Set<string>>();
    for (const [p, text] of quellen.filter(([p]) => istSchluesselheim(p))) {
      for (const m of text.matchAll(/(?<![\w\])])\[\s*'([^']+)'/g)) {
        heime.set(m[1], (heime.get(m[1]) ?? new Set()).add(p));
      }
    }
    const doppelt = [...heime].filter(([, orte]) => orte.size > 1).map(([wurzel, orte]) => `${wurzel}: ${[...orte].join(', ')}`);
    expect(doppelt).toEqual([]);
  });
});
