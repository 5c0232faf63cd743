import { describe, expect, it } from 'vitest';
import type { Vorlage } from '@/features/jahresbericht/api/jahresbericht';
import { MSG_WERT, MSG_ZAHLFORMAT } from '@/lib/dezimal';
import { MSG_PFLICHTFELD } from '@/lib/form';
import { aufloesung, MSG_DATUM, MSG_DATUM_DOPPELT, MSG_GANZZAHL, MSG_NEGATIV, MSG_UHRZEIT, MSG_VORLAGE, msgDatumFormat, msgMax, pruefeMesswerte, pruefeMesszahl } from './messwerte';

const keineSpalte = {
  uhrzeit: false,
  wetterschluessel: false,
  schwelle: false,
  wert: false,
  messwertAnzahl: false,
  messwertAnzahlGreater12: false,
  messwertMaxWert: false,
  messwertMaxQ: false,
  konzentration: false,
  abfluss: false,
};
const stich: Vorlage = { ...keineSpalte, id: 1, value: 'Stichproben mit Uhrzeit', maxZeilenAnzahl: 52, datumsformat: 'TT.MM.JJJJ', uhrzeit: true, wert: true };
const monat: Vorlage = { ...keineSpalte, id: 2, value: 'Monatswerte', maxZeilenAnzahl: 12, datumsformat: 'MM.JJJJ', wert: true };

describe('the value grid checks (spec 001 §5)', () => {
  it('reads the template date formats T, M, J', () => {
    expect(aufloesung('TT.MM.JJJJ')).toBe('TT.MM.JJJJ');
    expect(aufloesung('t.m.j')).toBe('TT.MM.JJJJ');
    expect(aufloesung('MM.JJJJ')).toBe('MM.JJJJ');
    expect(aufloesung('JJJJ')).toBe('JJJJ');
    expect(aufloesung('DD-MM')).toBeNull();
  });

  it('asks for a template once the grid has rows (as the server: no rows need none)', () => {
    expect(pruefeMesswerte(undefined, '1', [])).toEqual({ vorlageMesswerteId: MSG_VORLAGE });
    expect(pruefeMesswerte(undefined, '0', [])).toEqual({});
  });

  it('issue 43: requires every date, and the time where the template records times, as the server does', () => {
    expect(pruefeMesswerte(stich, '2', [{ datum: '15.01.2025', uhrzeit: ' ' }, { datum: '' }])).toEqual({
      'messwerte[0].uhrzeit': MSG_UHRZEIT,
      'messwerte[1].datum': MSG_PFLICHTFELD,
      'messwerte[1].uhrzeit': MSG_UHRZEIT,
    });
    expect(pruefeMesswerte({ ...stich, uhrzeit: false }, '1', [{ datum: '15.01.2025' }])).toEqual({});
  });

  it("checks every row up to anzahlWerte with the spec's messages", () => {
    const f = pruefeMesswerte(stich, '4', [
      { datum: '15.01.2025', uhrzeit: '08:30', wert: '0,4' },
      { datum: '15.1.2025', uhrzeit: '08:30', wert: '1' },
      { datum: '2025-02-01', uhrzeit: '9 Uhr', wert: '-1' },
      { datum: '31.02.2025', uhrzeit: '10:00', wert: '1' },
    ]);
    expect(f).toEqual({
      'messwerte[1].datum': MSG_DATUM_DOPPELT,
      'messwerte[2].datum': msgDatumFormat('TT.MM.JJJJ'),
      'messwerte[2].uhrzeit': MSG_UHRZEIT,
      'messwerte[2].wert': MSG_NEGATIV,
      'messwerte[3].datum': MSG_DATUM,
    });
  });

  it('bounds the number of rows by the template', () => {
    expect(pruefeMesswerte(monat, '13', [])['anzahlWerte']).toBe(msgMax(12));
    expect(pruefeMesswerte(monat, '1', [{ datum: '13.2025', wert: '1' }])['messwerte[0].datum']).toBe(MSG_DATUM);
    expect(pruefeMesswerte(monat, '1', [{ datum: '01.2025', wert: '1' }])).toEqual({});
  });

  it('reads the values by the one reader: 1.000 is one thousand, 1.00 and 0.4 are refused (issue 43)', () => {
    expect(pruefeMesszahl('1.000')).toBeUndefined();
    expect(pruefeMesszahl('1.000,5')).toBeUndefined();
    expect(pruefeMesszahl('0')).toBeUndefined();
    expect(pruefeMesszahl('1.00')).toBe(MSG_ZAHLFORMAT);
    expect(pruefeMesszahl('0.4')).toBe(MSG_ZAHLFORMAT);
    expect(pruefeMesszahl('-1.000')).toBe(MSG_NEGATIV);
    expect(pruefeMesszahl('1,2345')).toBe(MSG_WERT);
    const mitAnzahl: Vorlage = { ...monat, messwertAnzahl: true };
    expect(
      pruefeMesswerte(mitAnzahl, '3', [
        { datum: '01.2025', wert: '1.00', anzahl: '4' },
        { datum: '02.2025', wert: '1.000', anzahl: '2,5' },
        { datum: '03.2025', wert: '0,4', anzahl: '-2' },
      ]),
    ).toEqual({ 'messwerte[0].wert': MSG_ZAHLFORMAT, 'messwerte[1].anzahl': MSG_GANZZAHL, 'messwerte[2].anzahl': MSG_NEGATIV });
  });
});
