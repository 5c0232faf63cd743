import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, isoDateFromGerman, parseGermanNumber } from './format';

// A seeded generator, so a failure can be reproduced (the seed is in the test name).
function zufall(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ZEICHEN = '0123456789.,-+ eE\u00a0\u202fxX/:;\u2212'.split('');

function eingabe(r: () => number): string {
  const n = Math.floor(r() * 14);
  let s = '';
  for (let i = 0; i < n; i++) s += ZEICHEN[Math.floor(r() * ZEICHEN.length)];
  return s;
}

describe.each([1, 2, 3])('German number and date parsing with random input (seed %i)', (seed) => {
  it('never throws and answers a finite number or null', () => {
    const r = zufall(seed);
    for (let i = 0; i < 20000; i++) {
      const s = eingabe(r);
      const n = parseGermanNumber(s);
      expect(n === null || Number.isFinite(n), s).toBe(true);
      const d = isoDateFromGerman(s);
      expect(d === null || /^\d{4}-\d{2}-\d{2}$/.test(d), s).toBe(true);
    }
  });

  it('reads back what it formats (numbers up to 10 digits and 3 decimals, valid dates)', () => {
    const r = zufall(seed * 7919);
    for (let i = 0; i < 5000; i++) {
      const wert = Math.round((r() - 0.5) * 2e13) / 1000;
      expect(parseGermanNumber(formatNumber(wert, { decimals: 3 })), String(wert)).toBeCloseTo(wert, 3);
      const y = 1900 + Math.floor(r() * 201);
      const m = 1 + Math.floor(r() * 12);
      const d = 1 + Math.floor(r() * 28);
      const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      expect(isoDateFromGerman(formatDate(iso))).toBe(iso);
    }
  });
});
