import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { anmelden, apiMock, ich } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { ALLE_RECHTE, formularMocks, testBetrieb } from '@/test/betrieb';

afterEach(() => vi.unstubAllGlobals());

const verlauf = [
  {
    version: 1,
    position: 10,
    zeitpunkt: new Date(2025, 0, 2, 9, 5, 7).toISOString(),
    akteur: 'Bea Treiber',
    ereignis: 'BetriebBeantragt',
    zusammenfassung: 'Betrieb beantragt',
    aenderungen: [{ feld: 'bezeichnung', alt: null, neu: 'Kläranlage Nord' }],
  },
  {
    version: 2,
    position: 14,
    zeitpunkt: new Date(2025, 1, 3, 14, 30, 12).toISOString(),
    akteur: 'Sabine Adler',
    ereignis: 'BetriebGeaendert',
    zusammenfassung: 'Betrieb geändert',
    aenderungen: [
      { feld: 'bezeichnung', bezeichnung: 'Bezeichnung', alt: 'Kläranlage Nord', neu: 'Kläranlage Nord II' },
      { feld: 'url', bezeichnung: 'URL', alt: '', neu: 'https://nord.example' },
    ],
    antrag: {
      gestelltAm: '01.02.2025',
      kommentar: 'Fusion',
      felder: [
        { feld: 'bezeichnung', bezeichnung: 'Bezeichnung', bisher: 'Kläranlage Nord', beantragt: 'Kläranlage Nord II', entscheidung: 'UEBERNOMMEN' },
        { feld: 'ort', bezeichnung: 'Ort', bisher: 'Koblenz', beantragt: 'Lützel', entscheidung: 'ABGELEHNT', grund: 'kein eigener Ort' },
      ],
    },
  },
];

describe('Verlauf', () => {
  it('lists the events newest first, opens the field diff and shows an older Stand read-only', async () => {
    const user = userEvent.setup();
    const m = apiMock({
      'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', 'AUDIT_LESEN'], ['FACHADMIN']),
      ...formularMocks(),
      'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord II', betriebsstatus: 'in Betrieb' }),
      'GET /api/betrieb/7': () => testBetrieb({ bezeichnung: 'Kläranlage Nord II' }),
      'GET /api/betrieb/7/verlauf': () => verlauf,
      'GET /api/betrieb/7/stand/1': () => testBetrieb({ version: 1, freigabestatus: 'BEANTRAGT', rechte: undefined }),
    });
    vi.stubGlobal('fetch', m.fetchMock);
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    const { router } = renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l');
    const tree = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    await user.click(await within(tree).findByRole('link', { name: 'Verlauf' }));

    const tabelle = await screen.findByRole('table', { name: 'Verlauf' });
    await within(tabelle).findByText('Betrieb geändert');
    const zeilen = within(tabelle).getAllByRole('row').slice(1);
    expect(within(zeilen[0]).getAllByRole('cell').map((c) => c.textContent).slice(1, 4)).toEqual([
      '03.02.2025 14:30:12',
      'Sabine Adler',
      'Betrieb geändert',
    ]);
    // the edit toggle is not offered on the Verlauf
    expect(within(tree).queryByRole('button', { name: /Bearbeiten/ })).not.toBeInTheDocument();

    await user.click(within(zeilen[0]).getByRole('button', { name: 'Details anzeigen' }));
    const diff = screen.getByRole('table', { name: 'Geänderte Felder: Betrieb geändert' });
    // labels of the form, '–' for none
    expect(within(diff).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      'BezeichnungKläranlage NordKläranlage Nord II',
      'URL–https://nord.example',
    ]);
    // the application: requested, adopted, refused with the reason
    const antrag = screen.getByRole('table', { name: 'Antrag: Betrieb geändert' });
    expect(within(antrag).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      'BezeichnungKläranlage NordKläranlage Nord IIübernommen–',
      'OrtKoblenzLützelabgelehntkein eigener Ort',
    ]);

    const zeile1 = within(tabelle).getByText('Betrieb beantragt').closest('tr')!;
    await user.click(within(zeile1).getByRole('button', { name: /^Stand anzeigen \(vom 02\.01\.2025 09:05:07\)$/ }));
    const banner = await screen.findByRole('region', { name: 'Historischer Datensatz' });
    expect(banner).toHaveTextContent('Stand nach der Änderung vom 02.01.2025 09:05:07');
    expect(await screen.findByLabelText(/^Bezeichnung/)).toHaveValue('Kläranlage Nord');
    expect(screen.getByLabelText(/^Bezeichnung/)).toBeDisabled();
    expect(m.called('GET', '/api/betrieb/7/stand/1')).toHaveLength(1);

    await user.click(within(banner).getByRole('button', { name: 'Zurück zum aktuellen Datensatz' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/betriebsakte/7/betriebsdaten'));
    // the Stand's form may still be on the page for a moment
    await waitFor(() => expect(screen.getByLabelText(/^Bezeichnung/)).toHaveValue('Kläranlage Nord II'));
  });

  it('is not offered without rechte.verlaufLesen', async () => {
    const m = apiMock({
      'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN']),
      ...formularMocks(),
      'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb' }),
      'GET /api/betrieb/7': () => testBetrieb({ rechte: { ...ALLE_RECHTE, verlaufLesen: false } }),
    });
    vi.stubGlobal('fetch', m.fetchMock);
    anmelden();
    const { router } = renderRoutes(routes, '/betriebsakte/7/verlauf?modus=l');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unautorisiert'));
    expect(m.called('GET', '/api/betrieb/7/verlauf')).toHaveLength(0);
  });

  it("as of a date (?stand=yyyy-MM-dd, the tree's link keeps it) lists the events: a day is no version", async () => {
    const m = apiMock({
      'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', 'AUDIT_LESEN'], ['FACHADMIN']),
      ...formularMocks(),
      'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb' }),
      'GET /api/betrieb/7': () => testBetrieb({ bezeichnung: 'Kläranlage Nord' }),
      'GET /api/betrieb/7/verlauf': () => verlauf,
    });
    vi.stubGlobal('fetch', m.fetchMock);
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l&stand=2025-01-15');
    const tree = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    const link = await within(tree).findByRole('link', { name: 'Verlauf' });
    expect(link).toHaveAttribute('href', '/betriebsakte/7/verlauf?modus=l&stand=2025-01-15');
    await userEvent.setup().click(link);
    const tabelle = await screen.findByRole('table', { name: 'Verlauf' });
    await within(tabelle).findByText('Betrieb geändert');
    expect(screen.queryByRole('heading', { name: 'Verlauf: Stand' })).toBeNull();
    expect(screen.getByTestId('stand-banner')).toHaveTextContent('Ansicht zum Stand 15.01.2025 — nur lesen');
    expect(m.called('GET', '/api/betrieb/7/stand/NaN')).toHaveLength(0);
  });
});
