// Test data of the operation file for unit tests (imported by tests only).
import type { Betrieb, BetriebRechte } from '@/features/betrieb/api/betrieb';
import type { MockRequest } from './api';

export const ALLE_RECHTE: BetriebRechte = {
  bearbeiten: true,
  alsBetreiberSpeichern: false,
  alsAdminSpeichern: true,
  freigeben: true,
  antragStellen: false,
  antragPruefen: true,
  verlaufLesen: true,
  dateienBearbeiten: true,
  // staff save every field (betrieb.Schreibbar)
  felder: [
    'bezeichnung', 'adresse', 'betreiber', 'betreiberAdresse', 'betriebsstatus', 'behoerde', 'muttergesellschaft', 'url',
    'iedRelevanz', 'prtrRelevanz', 'prtrNr', 'haupttaetigkeit', 'nacecode', 'katasterNr', 'arbeitsstaettenNr',
    'behoerdenkennung', 'lage', 'produktion', 'wasserversorgung', 'kontakte', 'zustaendigeBearbeiter', 'zustaendigePersonen',
  ],
};

/** An approved industrial operation as GET /api/betrieb/{id} answers it. */
export function testBetrieb(extra: Partial<Betrieb> = {}): Betrieb {
  return {
    id: 7,
    version: 3,
    betriebsId: 'B-0007',
    betriebstyp: { id: 'INDUSTRIE', value: 'Industrie' },
    freigabestatus: 'FREIGEGEBEN',
    freigabeKommentar: '',
    bezeichnung: 'Kläranlage Nord',
    adresse: { strasse: 'Rheinufer', hausnummer: '3', plz: '56068', ort: 'Koblenz' },
    betreiber: {
      id: 11,
      bezeichnung: 'Klärwerk Rheinaue GmbH',
      adresse: { strasse: 'Am Hafen', hausnummer: '1', plz: '56070', ort: 'Koblenz' },
    },
    betreiberAdresse: false,
    betriebsstatus: { id: 'IN_BETRIEB', value: 'in Betrieb' },
    behoerde: { id: 1, value: 'Regionalstelle Koblenz' },
    muttergesellschaft: '',
    url: '',
    iedRelevanz: false,
    prtrRelevanz: false,
    prtrNr: '',
    haupttaetigkeit: '',
    nacecode: '',
    katasterNr: '',
    arbeitsstaettenNr: '',
    behoerdenkennung: 'RLP',
    lage: { hochwert: 5581234.5, rechtswert: 398765.25 },
    produktion: {
      taetigkeiten: [],
      produktbezeichnungen: [],
      produktionsverfahren: [],
      produktionsarten: [],
      produktionstage: 250,
      bezugsjahrProduktion: 2024,
      anzahlBeschaeftigte: null,
      tagesarbeitszeitVon: '06:00',
      tagesarbeitszeitBis: '22:00',
    },
    wasserversorgung: {
      oeffentlWasserversorgung: true,
      wasserbezug: 12345.5,
      bezugsjahrWv: 2024,
      eigenversorgung: null,
      wvbNr: '',
      betriebInSchutzgebiet: false,
    },
    kontakte: [],
    zustaendigeBearbeiter: [],
    zustaendigePersonen: [],
    gueltigAb: '2024-01-01',
    stammdatenAntragOffen: false,
    rechte: ALLE_RECHTE,
    ...extra,
  };
}

const eintraege = (...werte: string[]) => werte.map((value, i) => ({ id: i + 1, value, version: 1 }));

/** Answers of the value lists and pickers the operation form loads ('METHOD /api/path' → answer). */
export function formularMocks(): Record<string, () => unknown> {
  return {
    'GET /api/betriebsstatus': () => [
      { id: 1, value: 'geplant', version: 1, schluessel: 'GEPLANT' },
      { id: 2, value: 'in Betrieb', version: 1, schluessel: 'IN_BETRIEB' },
      { id: 3, value: 'stillgelegt', version: 1, schluessel: 'STILLGELEGT' },
    ],
    'GET /api/betriebstyp': () => [
      { id: 1, value: 'Industrie', version: 1, schluessel: 'INDUSTRIE' },
      { id: 2, value: 'Kommunal', version: 1, schluessel: 'KOMMUNAL' },
    ],
    'GET /api/regionalstelle': () => eintraege('Regionalstelle Koblenz', 'Regionalstelle Mainz'),
    'GET /api/haupttaetigkeit': () => eintraege('Lebensmittelherstellung'),
    'GET /api/nace-code': () => eintraege('Herstellung von Nahrungsmitteln'),
    'GET /api/taetigkeit': () => eintraege('Abfüllen', 'Reinigen'),
    'GET /api/produktbezeichnung': () => eintraege('Saft'),
    'GET /api/produktionsverfahren': () => eintraege('Pressen'),
    'GET /api/produktionsart': () => eintraege('Chargenbetrieb'),
    'GET /api/anrede': () => eintraege('Frau', 'Herr'),
    'GET /api/titel': () => eintraege('Dr.'),
    'GET /api/zustaendigkeit-person': () => eintraege('Betriebsleitung', 'Abwassermeister/in'),
    'GET /api/organisation/betreiberByBetriebstyp/INDUSTRIE': () => [
      { id: 11, bezeichnung: 'Klärwerk Rheinaue GmbH', adresse: { strasse: 'Am Hafen', hausnummer: '1', plz: '56070', ort: 'Koblenz' } },
      { id: 12, bezeichnung: 'Stadtwerke Mainz', adresse: { strasse: 'Rheinallee', hausnummer: '41', plz: '55118', ort: 'Mainz' } },
    ],
    'GET /api/person/lokaleRolle/7': () => [{ id: 21, name: 'Bea Treiber', email: 'bea@example.org' }],
    'GET /api/bearbeiter': () => [{ id: 31, bearbeiter: 'DS-31', name: 'Sabine Adler' }],
  };
}

/**
 * GET /api/betrieb/{id}/bescheid/search as the server pages it: n released Bescheide (ids 1000…,
 * 'Erlaubnis 1' …), page by page, a page at most 50 rows whatever size asks (the handler's
 * maximum), with totalElements.
 */
export function bescheidSuche(n: number) {
  return (r: MockRequest) => {
    const size = Math.min(Number(r.url.searchParams.get('size') ?? 10), 50);
    const page = Number(r.url.searchParams.get('page') ?? 0);
    const alle = Array.from({ length: n }, (_, i) => ({
      id: 1000 + i,
      bescheidart: `Erlaubnis ${i + 1}`,
      bescheidsdatum: '',
      bescheidsstatus: 'FREIGEGEBEN',
      antrag: false,
    }));
    return { content: alle.slice(page * size, (page + 1) * size), page, size, totalElements: n };
  };
}
