import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { anmelden, apiMock, ich } from '@/test/api';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';

afterEach(() => vi.unstubAllGlobals());

const zeile = (id: number, bezeichnung: string, anlagentyp: string, anlagenstatus: string, parentanlageid?: number) => ({
  id,
  bezeichnung,
  anlagentyp,
  anlagenstatus,
  betriebId: 7,
  parentanlageid,
  anzahlIndirekteinleiter: 0,
  anzahlMessstellen: 0,
});

describe('the plant tree of the operation file', () => {
  it("lists a treatment plant's sewer networks with 'Kanalnetz anlegen', hidden below a decommissioned plant", async () => {
    vi.stubGlobal(
      'fetch',
      apiMock({
        'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', 'ANLAGE_ANLEGEN'], ['ZUST_SBD']),
        ...formularMocks(),
        'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
        'GET /api/betrieb/7': () => testBetrieb(),
        'GET /api/anlage': () => [
          zeile(70, 'KA Nord', 'ABWASSERBEHANDLUNG', 'IN_BETRIEB'),
          zeile(71, 'Kanalnetz Nord', 'KANALNETZ', 'IN_BETRIEB', 70),
          zeile(80, 'KA Alt', 'ABWASSERBEHANDLUNG', 'STILLGELEGT'),
          zeile(81, 'Kanalnetz Alt', 'KANALNETZ', 'STILLGELEGT', 80),
        ],
      }).fetchMock,
    );
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=s');
    const baum = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    const nord = await within(baum).findByRole('list', { name: 'KA Nord: Kanalnetze' });
    expect(within(nord).getByRole('link', { name: 'Kanalnetz Nord' })).toHaveAttribute('href', '/betriebsakte/7/kanalnetz/71/anlagendaten?modus=s');
    expect(within(nord).getByRole('link', { name: 'Kanalnetz anlegen' })).toHaveAttribute(
      'href',
      '/betriebsakte/7/kanalnetz/neu/anlagendaten?modus=s&parentanlageid=70',
    );
    const alt = within(baum).getByRole('list', { name: 'KA Alt: Kanalnetze' });
    expect(within(alt).getByRole('link', { name: /Kanalnetz Alt/ })).toHaveTextContent('(außer Betrieb)');
    expect(within(alt).queryByRole('link', { name: 'Kanalnetz anlegen' })).toBeNull();
    expect(within(baum).getByRole('link', { name: /^KA Alt/ })).toHaveTextContent('(außer Betrieb)');
  });
});
