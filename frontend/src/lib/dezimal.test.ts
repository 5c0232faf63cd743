import { describe, expect, it } from 'vitest';
import faelle from '@domain/validierung/testdata/zahlen.json';
import { alsEingabe, gespeicherteZahl, leseZahl, MSG_POSITIV, MSG_WERT, MSG_ZAHL, MSG_ZAHLFORMAT, normalform, pruefeDezimal } from './dezimal';

// The cases the Go test runs as well (domain/validierung/testdata/zahlen.json).
const MELDUNG: Record<string, string | undefined> = { '': undefined, ZAHL: MSG_ZAHL, FORMAT: MSG_ZAHLFORMAT, WERT: MSG_WERT, POSITIV: MSG_POSITIV };

describe('the one number reader (shared cases)', () => {
  it('reads the shared cases', () => {
    expect(faelle.eingaben.length).toBeGreaterThanOrEqual(40);
    expect(faelle.gespeichert.length).toBeGreaterThanOrEqual(10);
  });
  for (const f of faelle.eingaben) {
    it(`typed ${JSON.stringify(f.eingabe)}`, () => {
      const r = leseZahl(f.eingabe);
      expect(r.fehler).toBe(MELDUNG[f.lesen]);
      if (r.zahl) {
        expect(r.zahl.wert).toBe(Number(f.wert));
        expect(r.zahl.text).toBe(f.normalform);
        expect(normalform(f.eingabe)).toBe(f.normalform);
      }
      // the form trims first, as the server's commands do: the cases have no blank at an end but the two that test it
      if (f.eingabe.trim() === f.eingabe) expect(pruefeDezimal(f.eingabe)).toBe(MELDUNG[f.regel]);
    });
  }
  for (const f of faelle.gespeichert) {
    it(`stored ${JSON.stringify(f.gespeichert)}`, () => {
      const z = gespeicherteZahl(f.gespeichert);
      expect(z === null ? null : z.wert).toBe(f.neu === null ? null : Number(f.neu));
    });
  }
  it('a stored value is shown for editing in the form the reader takes', () => {
    expect(alsEingabe('0.4')).toBe('0,4');
    expect(alsEingabe('12.50')).toBe('12,50');
    expect(alsEingabe('1.000')).toBe('1000');
    expect(alsEingabe('1234,5')).toBe('1234,5');
    expect(alsEingabe('')).toBe('');
    expect(alsEingabe('x')).toBe('x');
    expect(pruefeDezimal(alsEingabe('0.4'))).toBeUndefined();
  });
});
