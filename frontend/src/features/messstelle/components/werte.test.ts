import { describe, expect, it } from 'vitest';
import { MSG_POSITIV, MSG_WERT, MSG_ZAHL, pruefeWert } from './werte';

// The client's mirror of validierung.Dezimal (domain/validierung/dezimal_test.go has the same
// table). The form sends the trimmed text, so blanks around a number are fine here.
describe('the rule Wert (spec 000 §5) on the client', () => {
  it('answers like the server at the edges', () => {
    const faelle: [string, string | undefined][] = [
      ['', undefined],
      ['0', MSG_POSITIV],
      ['0,000', MSG_POSITIV],
      ['000', MSG_POSITIV],
      ['0,001', undefined],
      ['0.001', undefined],
      ['12,5', undefined],
      ['007', undefined],
      ['9999999999,999', undefined],
      ['9999999999.999', undefined],
      ['00009999999999', undefined],
      ['10000000000', MSG_WERT],
      ['10000000000,5', MSG_WERT],
      ['1,0001', MSG_WERT],
      ['1,0000', MSG_WERT],
      ['0,0000', MSG_WERT],
      ['1e3', MSG_ZAHL],
      ['1.000,5', MSG_ZAHL],
      ['1,000.5', MSG_ZAHL],
      ['-1', MSG_ZAHL],
      ['+1', MSG_ZAHL],
      [',5', MSG_ZAHL],
      ['5,', MSG_ZAHL],
      ['NaN', MSG_ZAHL],
      ['0x10', MSG_ZAHL],
      ['abc', MSG_ZAHL],
    ];
    for (const [wert, msg] of faelle) expect([wert, pruefeWert(wert)]).toEqual([wert, msg]);
  });

  it('checks the trimmed text, which is what the form sends', () => {
    expect(pruefeWert(' 1 ')).toBeUndefined();
    expect(pruefeWert('   ')).toBeUndefined();
  });
});
