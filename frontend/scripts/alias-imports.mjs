// Rewrites relative imports that leave a file's folder ('../…') into the '@/' alias (src/).
// Run once per merge that brings in files with '../../' imports: node scripts/alias-imports.mjs
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const src = resolve(import.meta.dirname, '../src');
const files = [];
(function walk(d) {
  for (const n of readdirSync(d)) {
    const p = join(d, n);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx)$/.test(n) && !n.endsWith('.d.ts')) files.push(p);
  }
})(src);

const re = /((?:from|import|vi\.mock|vi\.importActual|import\()\s*\(?\s*)(['"])(\.\.\/[^'"]*)\2/g;
let changed = 0;
for (const f of files) {
  const text = readFileSync(f, 'utf8');
  const out = text.replace(re, (_m, pre, q, spec) => {
    const abs = resolve(dirname(f), spec);
    const rel = relative(src, abs).split(sep).join('/');
    if (rel.startsWith('..')) return `${pre}${q}${spec}${q}`;
    return `${pre}${q}@/${rel}${q}`;
  });
  if (out !== text) {
    writeFileSync(f, out);
    changed++;
  }
}
console.log(`${changed} files rewritten`);
