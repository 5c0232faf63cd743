import { describe, expect, it } from 'vitest';
import { testBetrieb } from '@/test/betrieb';
import {
  eingabeAus,
  LEERE_WERTE,
  MSG_JAHR,
  MSG_KOORDINATE,
  MSG_UHRZEIT,
  normalisiereUhrzeit,
  pruefeUhrzeit,
  MSG_WERT,
  MSG_ZAHL,
  pruefeBetrieb,
  reiterMitFehlern,
  reiterVon,
  werteAus,
} from './werte';

describe('operation form values', () => {
  it('flags the tab of each error key (spec 000 §2: produktion, wasserversorgung, zustaendige*, kontakte)', () => {
    expect(reiterVon('produktion.bezugsjahrProduktion')).toBe('produktion');
    expect(reiterVon('wasserversorgung.wasserbezug')).toBe('produktion');
    expect(reiterVon('kontakte[2].email')).toBe('zustaendigkeiten');
    expect(reiterVon('zustaendigePersonen[0].zustaendig')).toBe('zustaendigkeiten');
    expect(reiterVon('zustaendigeBearbeiter[0].bearbeiter')).toBe('zustaendigkeiten');
    expect(reiterVon('adresse.plz')).toBe('betrieb');
    expect(reiterVon('preserveBetreiberAsAbwasserbeseitigungspflichtigen')).toBe('betrieb');
    expect(reiterMitFehlern({ 'kontakte[0].email': 'x', bezeichnung: 'y' })).toEqual(['betrieb', 'zustaendigkeiten']);
    expect(reiterMitFehlern({ 'wasserversorgung.bezugsjahrWv': 'x' })).toEqual(['produktion']);
    expect(reiterMitFehlern({})).toEqual([]);
  });

  it('checks like the server: required fields, coordinates, years, times, quantities, contacts', () => {
    const f = pruefeBetrieb({
      ...LEERE_WERTE,
      hochwert: '123456789',
      rechtswert: '12,345',
      bezugsjahrProduktion: '1899',
      bezugsjahrWv: '20,5',
      produktionstage: 'viele',
      tagesarbeitszeitVon: '24:00',
      tagesarbeitszeitBis: '7:3',
      wasserbezug: '12345678901',
      eigenversorgung: '0',
      kontakte: [{ anrede: 'Frau', titel: '', vorname: 'Eva', name: 'Muster', email: 'eva@', telefon: '0261 47', mobil: '', funktion: '' }],
      zustaendigePersonen: [{ id: 21, person: 'Bea', zustaendig: [] }],
    });
    expect(f).toEqual({
      bezeichnung: 'Dieses Feld ist ein Pflichtfeld.',
      betreiber: 'Dieses Feld ist ein Pflichtfeld.',
      behoerde: 'Dieses Feld ist ein Pflichtfeld.',
      'adresse.strasse': 'Dieses Feld ist ein Pflichtfeld.',
      'adresse.plz': 'Dieses Feld ist ein Pflichtfeld.',
      'adresse.ort': 'Dieses Feld ist ein Pflichtfeld.',
      'lage.hochwert': MSG_KOORDINATE,
      'lage.rechtswert': 'Es sind höchstens zwei Nachkommastellen erlaubt.',
      'produktion.produktionstage': MSG_ZAHL,
      'produktion.bezugsjahrProduktion': MSG_JAHR,
      'produktion.tagesarbeitszeitVon': MSG_UHRZEIT,
      'produktion.tagesarbeitszeitBis': MSG_UHRZEIT,
      'wasserversorgung.bezugsjahrWv': MSG_ZAHL,
      'wasserversorgung.wasserbezug': MSG_WERT,
      'wasserversorgung.eigenversorgung': 'Es muss ein positiver Wert angegeben werden!',
      'kontakte[0].email': 'Das Feld muss eine gültige E-Mail Adresse enthalten!',
      'kontakte[0].telefon': 'Nur Ziffern und als Trennzeichen „-“ sind zulässig.',
      'zustaendigePersonen[0].zustaendig': 'Es muss mindestens eine Zuständigkeit ausgewählt werden.',
    });
    expect(pruefeBetrieb(werteAus(testBetrieb()))).toEqual({});
  });

  it('reads German numbers back into the request body; the operator address wins when chosen', () => {
    const b = testBetrieb();
    const w = werteAus(b);
    expect(w.hochwert).toBe('5581234,50');
    expect(w.wasserbezug).toBe('12.345,5');
    expect(w.bezugsjahrProduktion).toBe('2024');
    const body = eingabeAus({ ...w, wasserbezug: '1.234,567', anzahlBeschaeftigte: '', betreiberAdresse: true });
    expect(body.lage).toEqual({ hochwert: 5581234.5, rechtswert: 398765.25 });
    expect(body.wasserversorgung?.wasserbezug).toBe(1234.567);
    expect(body.produktion?.anzahlBeschaeftigte).toBeNull();
    expect(body.adresse).toEqual({ strasse: 'Am Hafen', hausnummer: '1', plz: '56070', ort: 'Koblenz' });
    expect(body.betreiber).toEqual({ id: 11 });
    expect(body.betriebsstatus).toEqual({ id: 'IN_BETRIEB' });
    expect(body.behoerde).toEqual({ id: 1 });
  });
});

describe('times', () => {
  it('accepts a one-digit hour and sends it padded (6:00 → 06:00)', () => {
    expect(pruefeUhrzeit('6:00')).toBeUndefined();
    expect(pruefeUhrzeit('24:00')).toBe(MSG_UHRZEIT);
    expect(normalisiereUhrzeit('6:00')).toBe('06:00');
    expect(normalisiereUhrzeit(' 14:30 ')).toBe('14:30');
  });

  it('a negative coordinate must be positive, a negative count is told so: the server\'s texts (issue 28)', () => {
    const f = pruefeBetrieb({ ...werteAus(testBetrieb()), hochwert: '-5581234', produktionstage: '-2', anzahlBeschaeftigte: '-1' });
    expect(f['lage.hochwert']).toBe('Es muss ein positiver Wert angegeben werden!');
    expect(f['produktion.produktionstage']).toBe('Wert darf nicht negativ sein');
    expect(f['produktion.anzahlBeschaeftigte']).toBe('Wert darf nicht negativ sein');
  });
});
