import { describe, expect, it } from 'vitest';
import faelle from '@domain/anlage/testdata/zeitraeume.json';
import { eingabeAus, einzigFuehrend, MSG_AUFNAHME, MSG_NEGATIV, MSG_POSITIV, MSG_WERT, MSG_PFLICHTIGER, MSG_WASSERBUCH, MSG_WASSERBUCH_LAENGE, neueWerte, pruefeAnlage, reiterVon, werteAus, zeigtEntsorgungsraum, zeitraeume, ENDE_OFFEN, type Auslegung } from './werte';

const gueltig = () => ({ ...neueWerte('ABWASSERBEHANDLUNG'), bezeichnung: 'KA Nord', anlagenart: 'ABWASSERBEHANDLUNG', hochwert: '5582960,5', rechtswert: '398140,25', pflichtige: [{ organisation: '3', startJahr: '2024' }] });

describe('plant form values', () => {
  it('a new relief plant or sewer network is an indirect discharger; a treatment plant is not', () => {
    expect(neueWerte('ENTLASTUNG').indirekteinleiter).toBe(true);
    expect(neueWerte('KANALNETZ').indirekteinleiter).toBe(true);
    expect(neueWerte('ABWASSERBEHANDLUNG').indirekteinleiter).toBe(false);
    expect(neueWerte('KUEHLWASSER').anlagenstatus).toBe('GEPLANT');
  });

  it('checks the rules of spec 000 §5 with its messages', () => {
    expect(pruefeAnlage('ABWASSERBEHANDLUNG', gueltig())).toEqual({});
    expect(pruefeAnlage('ABWASSERBEHANDLUNG', { ...gueltig(), pflichtige: [] }).abwasserbeseitigungspflichtige).toBe(MSG_PFLICHTIGER);
    const rueb = { ...gueltig(), indirekteinleiter: true, entlastungssystem: 'Misch', entlastungstyp: 'RÜB' };
    expect(pruefeAnlage('ENTLASTUNG', rueb).aufnahme).toBe(MSG_AUFNAHME);
    expect(pruefeAnlage('ENTLASTUNG', { ...rueb, aufnahme: '4', wasserbuchnummer: 'X12' }).wasserbuchnummer).toBe(MSG_WASSERBUCH);
    expect(pruefeAnlage('ENTLASTUNG', { ...rueb, aufnahme: '4', wasserbuchnummer: 'S123456789' }).wasserbuchnummer).toBe(MSG_WASSERBUCH_LAENGE);
    expect(pruefeAnlage('ENTLASTUNG', { ...rueb, aufnahme: '4', wasserbuchnummer: 's12345' })).toEqual({});
    const auslegung: Auslegung = { parameter: 'CSB', einheit: 'kg/d', auslegungWert: '12,5', auslegungJahr: '1899', auslegungFuehrend: false, belastungWert: 'x', belastungJahr: '', bemerkung: '' };
    const f = pruefeAnlage('ABWASSERBEHANDLUNG', { ...gueltig(), auslegungen: [auslegung] });
    expect(f['auslegungUndBelastungsDaten[0].auslegungJahr']).toBe('Das Jahr muss zwischen 1900 und 2100 liegen.');
    expect(f['auslegungUndBelastungsDaten[0].belastungWert']).toBe('Es muss eine Zahl oder nichts eingegeben werden.');
    expect(reiterVon('auslegungUndBelastungsDaten[0].auslegungJahr')).toBe('auslegung');
  });

  it('sends the disposal area and the responsible persons as the server keeps them; checks contacts and persons', () => {
    const w = {
      ...gueltig(),
      entsorgungsraum: { bezugsdatum: '2025-12-31', bezugsparameter: ' EW ', entsorgungsraeume: [{ verwaltungseinheitSchluessel: '07111000', verwaltungseinheitBezeichnung: 'Koblenz' }] },
      zustaendigePersonen: [{ id: 5, person: 'Petra Zimmermann', zustaendig: ['Betriebsleitung'] }],
      zustaendigeBearbeiter: [{ id: 6, bearbeiter: 'DS-1', name: 'Claudia Schneider' }],
    };
    const e = eingabeAus(w);
    expect(e.entsorgungsraum).toEqual({ ...w.entsorgungsraum, bezugsparameter: 'EW' });
    expect(e.zustaendigePersonen).toEqual([{ id: 5, zustaendig: ['Betriebsleitung'] }]);
    expect(e.zustaendigeBearbeiter).toEqual([{ id: 6, bearbeiter: 'DS-1' }]);
    expect(zeigtEntsorgungsraum(true, w)).toBe(true);
    expect(zeigtEntsorgungsraum(true, { ...w, indirekteinleiter: true })).toBe(false);
    expect(zeigtEntsorgungsraum(false, w)).toBe(false);
    const f = pruefeAnlage('ABWASSERBEHANDLUNG', {
      ...w,
      entsorgungsraum: { ...w.entsorgungsraum, bezugsdatum: '31.12.' },
      zustaendigePersonen: [{ id: 5, zustaendig: [] }],
      kontakte: [{ anrede: 'Frau', titel: '', vorname: 'A', name: 'B', email: 'a@b.de', telefon: '0261/1', mobil: '', funktion: '' }],
    });
    expect(f['entsorgungsraum.bezugsdatum']).toBe('Ungültiges Datumsformat');
    expect(f['zustaendigePersonen[0].zustaendig']).toBe('Es muss mindestens eine Zuständigkeit ausgewählt werden.');
    expect(f['kontakte[0].telefon']).toBe('Nur Ziffern und als Trennzeichen „-“ sind zulässig.');
    expect(reiterVon('entsorgungsraum.entsorgungsraeume[0].verwaltungseinheitSchluessel')).toBe('entsorgungsraum');
    expect(reiterVon('zustaendigePersonen[0].zustaendig')).toBe('zustaendigkeiten');
  });

  it('marking one Auslegung führend clears the others', () => {
    const a = (f: boolean): Auslegung => ({ parameter: 'EW', einheit: 'E', auslegungWert: '', auslegungJahr: '', auslegungFuehrend: f, belastungWert: '', belastungJahr: '', bemerkung: '' });
    expect(einzigFuehrend([a(true), a(false)], [a(true), a(true)]).map((x) => x.auslegungFuehrend)).toEqual([false, true]);
  });

  it('sends German numbers as numbers, the receiving plant only for indirect dischargers, and keeps what the form does not edit', () => {
    const foerderung = { mipNr: 'M-1', bezeichnung: 'RÜB', nameMassnahmetraeger: 'VG' };
    const e = eingabeAus({ ...gueltig(), aufnahme: '7', foerderungen: [foerderung], biologischeBehandlung: ['Belebung'] }, { kanalsystem: 'Trennsystem', version: 3 });
    expect(e.lage).toEqual({ hochwert: 5582960.5, rechtswert: 398140.25 });
    expect(e.aufnahme).toBe(0);
    expect(e.foerderungen).toEqual([foerderung]);
    expect(e.biologischeBehandlung).toEqual(['Belebung']);
    expect(e.version).toBe(3);
    expect(e.entsorgungsraum).toBeUndefined();
    expect(e.abwasserbeseitigungspflichtige).toEqual([{ organisation: 3, startJahr: 2024 }]);
    expect(werteAus({ lage: { hochwert: 5582960.5, rechtswert: 398140.25 } }).hochwert).toBe('5582960,5');
  });

  it('checks every rule the server checks before the first request; a negative number is told so (issue 28)', () => {
    const w = {
      ...gueltig(),
      bezeichnung: '',
      hochwert: '-5582960',
      pflichtige: [
        { organisation: '3', startJahr: '2024' },
        { organisation: '4', startJahr: '2024' },
      ],
      auslegungen: [{ parameter: '', einheit: 'kg/d', auslegungWert: '-3', auslegungJahr: '', auslegungFuehrend: false, belastungWert: '1,2345', belastungJahr: '', bemerkung: '' }],
      anlagenteile: [{ kategorie: 'Rechen', bezeichnung: 'Fein', anzahl: '-2', bezeichner: '', bezeichnerGroesse: '-1', bezeichnerEinheit: '', bemerkung: '' }],
      foerderungen: [{ mipNr: '', bezeichnung: '', nameMassnahmetraeger: '' }],
    };
    expect(pruefeAnlage('ABWASSERBEHANDLUNG', w)).toEqual({
      bezeichnung: 'Dieses Feld ist ein Pflichtfeld.',
      'lage.hochwert': MSG_POSITIV,
      'abwasserbeseitigungspflichtige[1].startJahr': 'Für das angegebene Jahr ist bereits eine Veranlagung angelegt',
      'auslegungUndBelastungsDaten[0].parameter': 'Dieses Feld ist ein Pflichtfeld.',
      'auslegungUndBelastungsDaten[0].auslegungWert': MSG_POSITIV,
      'auslegungUndBelastungsDaten[0].belastungWert': MSG_WERT,
      'anlagenteile[0].anzahl': MSG_NEGATIV,
      'anlagenteile[0].bezeichnerGroesse': MSG_NEGATIV,
      'foerderungen[0].mipNr': 'Dieses Feld ist ein Pflichtfeld.',
    });
    expect(MSG_POSITIV).toBe('Es muss ein positiver Wert angegeben werden!');
    expect(MSG_NEGATIV).toBe('Wert darf nicht negativ sein');
  });
});

describe('the periods of the obligees (mirror of anlage.Zeitraeume)', () => {
  // the cases the Go test runs as well (domain/anlage/testdata/zeitraeume.json)
  it('reads the shared cases', () => expect(faelle.length).toBeGreaterThanOrEqual(5));
  for (const f of faelle) {
    it(f.fall, () => {
      // the form keeps its order; sorted by start year (stable) the rows must equal the Go result
      const perioden = zeitraeume(f.eingabe);
      const zeilen = f.eingabe.map((z, i) => ({ ...z, ...perioden[i] }));
      const sortiert = zeilen.map((z, i) => ({ z, i })).sort((a, b) => a.z.startJahr - b.z.startJahr || a.i - b.i).map((x) => x.z);
      expect(sortiert).toEqual(f.erwartet);
    });
  }
  it('a row without a year has no period; the form keeps its order', () => {
    expect(zeitraeume([{ startJahr: '2024' }, { startJahr: '' }, { startJahr: '2010' }])).toEqual([
      { endJahr: ENDE_OFFEN, zeitraum: 'ab 2024 (aktuell)' },
      { endJahr: 0, zeitraum: '' },
      { endJahr: 2023, zeitraum: '2010–2023' },
    ]);
  });
});
