import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { anmelden, apiMock, ich } from '@/test/api';
import { ALLE_RECHTE, formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';

const anlage = { id: 40, bezeichnung: 'Betriebskläranlage', anlagentyp: 'ABWASSERBEHANDLUNG', anlagenstatus: 'IN_BETRIEB' };

function mock(aktionen: string[], rechte = ALLE_RECHTE, anlagen: unknown[] = []) {
  const m = apiMock({
    'GET /api/me': () => ich(aktionen, ['ZUST_SBB']),
    ...formularMocks(),
    'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
    'GET /api/betrieb/7': () => testBetrieb({ rechte }),
    'GET /api/betrieb/7/dateien': () => [],
    'GET /api/betrieb/7/wiedervorlage': () => [],
    'GET /api/anlage': () => anlagen,
  });
  vi.stubGlobal('fetch', m.fetchMock);
}

afterEach(() => vi.unstubAllGlobals());

// staff who may upload files but change neither the operation's data nor create plants (ZUST_SBB)
const NUR_DATEIEN = { ...ALLE_RECHTE, alsAdminSpeichern: false, freigeben: false, antragPruefen: false };

describe('files and reminders of an operation (issue 14)', () => {
  it('the upload is offered in read mode, without switching into edit mode', async () => {
    mock(['BEARBEITUNGSMODUS_NUTZEN', 'DATEI_HOCHLADEN', 'WIEDERVORLAGEN_LESEN']);
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, '/betriebsakte/7/dateien?modus=l');
    expect(await screen.findByRole('button', { name: 'Datei hochladen' })).toBeEnabled();
  });

  it('the reminder is offered in read mode too', async () => {
    mock(['BEARBEITUNGSMODUS_NUTZEN', 'DATEI_HOCHLADEN', 'WIEDERVORLAGEN_LESEN']);
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, '/betriebsakte/7/wiedervorlagen?modus=l');
    expect(await screen.findByRole('button', { name: 'Wiedervorlage anlegen' })).toBeEnabled();
  });

  it('no Bearbeitungsmodus toggle for whom edit mode offers nothing; with plants to edit it is there', async () => {
    mock(['BEARBEITUNGSMODUS_NUTZEN', 'DATEI_HOCHLADEN', 'ANLAGE_BEARBEITEN'], NUR_DATEIEN);
    anmelden({ funktionaleRollen: ['ZUST_SBB'] });
    const { unmount } = renderRoutes(routes, '/betriebsakte/7/dateien?modus=l');
    expect(await screen.findByRole('button', { name: 'Datei hochladen' })).toBeInTheDocument();
    const tree = screen.getByRole('navigation', { name: 'Betriebsakte' });
    expect(await within(tree).findByText('Keine Einträge vorhanden')).toBeInTheDocument();
    expect(within(tree).queryByRole('button', { name: /Bearbeiten/ })).not.toBeInTheDocument();
    unmount();

    mock(['BEARBEITUNGSMODUS_NUTZEN', 'DATEI_HOCHLADEN', 'ANLAGE_BEARBEITEN'], NUR_DATEIEN, [anlage]);
    renderRoutes(routes, '/betriebsakte/7/dateien?modus=l');
    const baum = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    expect(await within(baum).findByRole('button', { name: /Bearbeiten/ })).toBeInTheDocument();
  });
});
