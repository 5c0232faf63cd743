import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { anmelden, apiMock, ich } from '@/test/api';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';

afterEach(() => vi.unstubAllGlobals());

describe('a new annual report', () => {
  it('names a blank plant with the message the server gives for it and sends nothing', async () => {
    const user = userEvent.setup();
    const m = apiMock({
      'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', 'JAHRESBERICHT_ANLEGEN'], ['ZUST_SBS']),
      ...formularMocks(),
      'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
      'GET /api/betrieb/7': () => testBetrieb(),
      'GET /api/anlage': () => [{ id: 70, bezeichnung: 'KA Nord', anlagentyp: 'ABWASSERBEHANDLUNG', anlagenstatus: 'IN_BETRIEB', betriebId: 7 }],
      'GET /api/jahresbericht/7': () => [],
      'GET /api/jahresbericht/suevoaEnabled': () => true,
    });
    vi.stubGlobal('fetch', m.fetchMock);
    anmelden({ funktionaleRollen: ['ZUST_SBS'] });
    renderRoutes(routes, '/betriebsakte/7/jahresbericht/neu/jahresberichtdaten?modus=s');
    await screen.findByRole('heading', { name: 'Neuer Jahresbericht' });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    // domain/jahresbericht answers a blank plant with validierung.Pflichtfeld: the client says the same
    const anlage = screen.getByRole('combobox', { name: /^Anlage/ });
    expect(anlage).toHaveAccessibleDescription(/Dieses Feld ist ein Pflichtfeld\./);
    expect(within(screen.getByTestId('fehleruebersicht')).getByRole('link', { name: 'Anlage: Dieses Feld ist ein Pflichtfeld.' })).toBeInTheDocument();
    expect(m.called('POST', '/api/jahresbericht')).toHaveLength(0);
  });
});
