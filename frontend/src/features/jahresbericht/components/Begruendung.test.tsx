import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Messreihe, Ueberschreitung, Vergleich } from '@/features/jahresbericht/api/jahresbericht';
import { anmelden, apiMock, ich } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { urteil } from './Begruendung';
import { Messwerte } from './Messwerte';
import { Ueberschreitungen } from './Ueberschreitungen';

afterEach(() => vi.unstubAllGlobals());

// the explanation as domain/jahresbericht writes it (§ 6 Abs. 1 and 2 AbwV)
const ERLAEUTERUNG =
  'Messwert 354 vom 03.02.2026 08:00, auf 3 signifikante Stellen gerundet 354 (§ 6 Abs. 2 AbwV), verglichen mit dem Überwachungswert 350 ' +
  '(Anforderung 14, gültig ab 10.05.2021): überschritten, gilt aber nach § 6 Abs. 1 AbwV als eingehalten: von diesem und den vorausgegangenen ' +
  'Ergebnissen (06.01.2026 08:00: 45,0 (eingehalten, Wert 350); 13.01.2026 08:00: 52,0 (eingehalten, Wert 350); 20.01.2026 08:00: 40,0 ' +
  '(eingehalten, Wert 350); 27.01.2026 08:00: 60,0 (eingehalten, Wert 350); 03.02.2026 08:00: 354 (überschritten, Wert 350)) überschreiten 4 von 5 ' +
  'den jeweils maßgebenden Wert nicht und keines um mehr als 100 Prozent.';

const vergleich = (index: number, wert: string, x: Partial<Vergleich> = {}): Vergleich => ({
  index,
  datum: `2026-01-${String(6 + 7 * index).padStart(2, '0')}`,
  uhrzeit: '08:00',
  wert,
  art: 'Überwachungswert',
  anforderungId: 14,
  grenzwert: '350',
  ueberschritten: false,
  ueberHundertProzent: false,
  eingehalten: true,
  stellen: 3,
  gerundet: wert,
  regel: '§ 6 Abs. 2 AbwV',
  erlaeuterung: `Messwert ${wert} …: nicht überschritten.`,
  ...x,
});
const ueber = vergleich(4, '354', { datum: '2026-02-03', ueberschritten: true, regel: '§ 6 Abs. 1 AbwV', erlaeuterung: ERLAEUTERUNG });

describe('the verdict of the limit check', () => {
  it('says in words which paragraph decided', () => {
    expect(urteil(vergleich(0, '45'))).toBe('Überwachungswert 350 eingehalten');
    expect(urteil(ueber)).toBe('Überwachungswert 350 überschritten, gilt als eingehalten (§ 6 Abs. 1 AbwV)');
    expect(urteil({ ...ueber, eingehalten: false, ueberHundertProzent: true })).toBe(
      'Überwachungswert 350 überschritten, nicht eingehalten (über 100 %, § 6 Abs. 1 AbwV)',
    );
    expect(urteil(vergleich(1, '130', { regel: '§ 6 Abs. 3 AbwV' }))).toBe('Überwachungswert 350 eingehalten (§ 6 Abs. 3 AbwV)');
    expect(urteil({ ...ueber, art: 'Höchstwert', eingehalten: false, regel: 'Höchstwert' })).toBe('Höchstwert 350 überschritten, nicht eingehalten (Höchstwert)');
  });

  it('shows the same explanation on the parameter view and on the Überschreitungen', async () => {
    const reihe: Messreihe = {
      jahresbericht: 5,
      version: 3,
      jahresberichtStatus: 'IN_BEARBEITUNG',
      jahr: 2026,
      parameterId: 9,
      messstelle: 4,
      parameterNr: '301',
      parameterName: 'CSB',
      art: 'SELBSTUEBERWACHUNGSAUFLAGE',
      einheit: 'mg/l',
      anzahlWerte: 5,
      vorlageMesswerteId: 2,
      messwerte: ['45', '52', '40', '60', '354'].map((wert, i) => ({ datum: `0${i + 1}.01.2026`, uhrzeit: '08:00', wert })),
      vorlage: null,
      auswertung: {
        vergleiche: [vergleich(0, '45'), vergleich(1, '52'), vergleich(2, '40'), vergleich(3, '60'), ueber],
        bewertungen: [{ art: 'Überwachungswert', eingehalten: true, massgeblich: [vergleich(0, '45'), ueber] }],
      },
      rechte: {},
    } as Messreihe;
    const zeile = {
      jahresberichtId: 5,
      jahr: 2026,
      status: 'IN_BEARBEITUNG',
      anlageId: 1,
      anlage: 'Kläranlage Papierfabrik',
      messstelleId: 4,
      messstellenNr: '1110000109',
      messstelle: 'Ablauf',
      parameterId: 9,
      parameterNr: '301',
      parameterName: 'CSB',
      einheit: 'mg/l',
      zeile: 4,
      datum: '2026-02-03',
      uhrzeit: '08:00',
      wert: '354',
      art: 'Überwachungswert',
      grenzwert: '350',
      ueberHundertProzent: false,
      eingehalten: true,
      regel: '§ 6 Abs. 1 AbwV',
      erlaeuterung: ERLAEUTERUNG,
    } satisfies Ueberschreitung;
    const m = apiMock({
      'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN']),
      'GET /api/jahresbericht/id/5': () => ({ id: 5, jahr: 2026, status: 'IN_BEARBEITUNG', messstellen: [{ id: 4, messstellenId: '1110000109', bezeichnung: 'Ablauf' }], rechte: {} }),
      'GET /api/jahresbericht/5/messstelle/4/parameter-messwert': () => ({ selbstueberwachungsauflagen: [], ergaenzendeParameter: [] }),
      'GET /api/jahresbericht/5/messstelle/4/parameter-messwert/9': () => reihe,
      'GET /api/selbstueberwachungVorlage': () => [
        { id: 2, value: 'Stichproben mit Uhrzeit', version: 1, datumsformat: 'TT.MM.JJJJ', maxZeilenAnzahl: '52', uhrzeit: true, wert: true },
      ],
      'GET /api/betrieb/7/ueberschreitungen': () => ({ zeilen: [zeile], gekuerzt: false }),
    });
    vi.stubGlobal('fetch', m.fetchMock);
    anmelden();
    const seiten = [
      { path: '/betriebsakte/:id/jahresbericht/:berichtid/messstelle/:messstellenid/parameter/:parameterid', element: <Messwerte /> },
      { path: '/betriebsakte/:id/jahresbericht/ueberschreitungen', element: <Ueberschreitungen /> },
    ];

    const parameterseite = renderRoutes(seiten, '/betriebsakte/7/jahresbericht/5/messstelle/4/parameter/9?modus=l');
    const tabelle = await screen.findByRole('table', { name: 'Messwerte' });
    const zeile5 = within(tabelle).getAllByRole('row')[5];
    expect(within(zeile5).getByText('Überwachungswert 350 überschritten, gilt als eingehalten (§ 6 Abs. 1 AbwV)')).toBeInTheDocument();
    expect(within(zeile5).getByText(ERLAEUTERUNG)).toBeInTheDocument();
    // the parameter's verdict over the year names the deciding comparison with the same text
    expect(within(screen.getByTestId('bewertungen')).getByText(ERLAEUTERUNG)).toBeInTheDocument();
    expect(within(screen.getByTestId('bewertungen')).getByText('Überwachungswert: eingehalten')).toBeInTheDocument();
    parameterseite.unmount();

    renderRoutes(seiten, '/betriebsakte/7/jahresbericht/ueberschreitungen');
    const liste = await screen.findByRole('table', { name: 'Überschreitungen des Betriebs' });
    const row = await within(liste).findByRole('row', { name: /354 mg\/l/ });
    expect(within(row).getByText('Überwachungswert 350 überschritten, gilt als eingehalten (§ 6 Abs. 1 AbwV)')).toBeInTheDocument();
    expect(within(row).getByText(ERLAEUTERUNG)).toBeInTheDocument();
  });
});
