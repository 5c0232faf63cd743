import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { anmelden, apiMock, ich } from '../../../test/api';
import { renderRoutes } from '../../../test/renderRoutes';
import { formularMocks, testBetrieb } from '../../betrieb/testdaten';

afterEach(() => vi.unstubAllGlobals());

const zeile = (id: number, bezeichnung: string) => ({
  id,
  betriebsId: `B-${id}`,
  bezeichnung,
  betriebstyp: 'Industrie',
  betriebsstatus: 'geplant',
  freigabestatus: 'BEANTRAGT',
  betreiber: 'Klärwerk Rheinaue GmbH',
  ort: 'Koblenz',
});

describe('start page: Betriebe', () => {
  it('lists operations page by page, searches, and opens one in read mode', async () => {
    const user = userEvent.setup();
    const m = apiMock({
      ...formularMocks(),
      'GET /api/me': () => ich(['BETRIEB_BEANTRAGEN']),
      'GET /api/betrieb/7': () => testBetrieb(),
      'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb' }),
      'GET /api/betrieb/search': (req) =>
        req.url.searchParams.get('q') === 'Nord'
          ? { content: [zeile(7, 'Kläranlage Nord')], page: 0, size: 10, totalElements: 1 }
          : { content: [zeile(7, 'Kläranlage Nord'), zeile(8, 'Saftkelterei')], page: 0, size: 10, totalElements: 12 },
      'GET /api/betriebstyp': () => [
        { id: 1, value: 'Industrie', version: 1, schluessel: 'INDUSTRIE' },
        { id: 2, value: 'Kommunal', version: 1, schluessel: 'KOMMUNAL' },
      ],
    });
    vi.stubGlobal('fetch', m.fetchMock);
    anmelden();
    const { router } = renderRoutes(routes, '/');
    const tabelle = await screen.findByRole('table', { name: 'Betriebe' });
    await within(tabelle).findByText('Saftkelterei');
    expect(screen.getByTestId('range-label')).toHaveTextContent('1-10 von 12');
    expect(within(tabelle).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'Betriebs-Nr.',
      'Bezeichnung',
      'Betreiber',
      'Ort',
      'Betriebsstatus',
      'Freigabestatus',
    ]);
    const erste = m.called('GET', '/api/betrieb/search')[0].url;
    expect(Object.fromEntries(erste.searchParams)).toEqual({ page: '0', size: '10', sortProperty: 'bezeichnung', sortDirection: 'asc' });

    await user.type(screen.getByLabelText('Suche'), 'Nord');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(screen.getByTestId('range-label')).toHaveTextContent('1-1 von 1'));

    // operators request an operation: the type first
    await user.click(screen.getByRole('button', { name: 'Betrieb beantragen' }));
    const dialog = screen.getByRole('dialog', { name: 'Betrieb beantragen' });
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(within(dialog).getByLabelText(/^Betriebstyp/)).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    await user.click(within(tabelle).getByRole('link', { name: 'Kläranlage Nord' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/betriebsakte/7/betriebsdaten'));
    expect(router.state.location.search).toBe('?modus=l');
    expect(await screen.findByRole('heading', { name: 'Betriebsdaten' })).toBeInTheDocument();
  });
});
