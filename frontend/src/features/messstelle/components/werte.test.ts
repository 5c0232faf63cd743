import { describe, expect, it } from 'vitest';
import { MSG_ZAHLFORMAT } from '@/lib/dezimal';
import { MSG_NACHKOMMA, MSG_POSITIV, MSG_WERT, MSG_ZAHL, pruefeKoordinate, pruefeWert, werteAus } from './werte';

// The rule Wert is lib/dezimal's (its cases, shared with the server, in lib/dezimal.test.ts);
// here what the measuring point's form adds: the trimmed text, the stored values shown as the
// reader takes them, the coordinates by the same reader.
describe('the rule Wert (spec 000 §5) on the client', () => {
  it('is the one reader: 1.000 is one thousand, 1.00 and 0.4 are refused', () => {
    const faelle: [string, string | undefined][] = [
      ['', undefined],
      ['0', MSG_POSITIV],
      ['1.000', undefined],
      ['1.000,5', undefined],
      ['0,001', undefined],
      ['1,0001', MSG_WERT],
      ['1.00', MSG_ZAHLFORMAT],
      ['0.4', MSG_ZAHLFORMAT],
      ['-1', MSG_ZAHL],
      ['abc', MSG_ZAHL],
    ];
    for (const [wert, msg] of faelle) expect([wert, pruefeWert(wert)]).toEqual([wert, msg]);
  });

  it('checks the trimmed text, which is what the form sends', () => {
    expect(pruefeWert(' 1 ')).toBeUndefined();
    expect(pruefeWert('   ')).toBeUndefined();
  });

  it('shows a value stored with a decimal point (before issue 43) as the reader takes it', () => {
    const w = werteAus({ anhang: { csb: '0.4', aox: '12,5', nges: '1.000' }, einleitstelle: { einleitungMnq: '0.35' } } as never);
    expect([w.grenzwerte.csb, w.grenzwerte.aox, w.grenzwerte.nges, w.einleitstelle.einleitungMnq]).toEqual(['0,4', '12,5', '1000', '0,35']);
    expect(pruefeWert(w.grenzwerte.csb)).toBeUndefined();
  });

  it('reads coordinates by the same reader', () => {
    expect(pruefeKoordinate('5.582.960,5')).toBeUndefined();
    expect(pruefeKoordinate('398140,25')).toBeUndefined();
    expect(pruefeKoordinate('398140,255')).toBe(MSG_NACHKOMMA);
    expect(pruefeKoordinate('398140.25')).toBe(MSG_ZAHLFORMAT);
    expect(pruefeKoordinate('-5')).toBe(MSG_POSITIV);
  });
});
