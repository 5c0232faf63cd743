import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { anmelden, apiMock, ich, type MockRequest } from '@/test/api';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';
import { KEINE_ANSICHT_ZUM_STAND } from './StandAuswahl';

afterEach(() => vi.unstubAllGlobals());

/** The file of operation 7 whose plant 70 was called 'KA Alt' until 2022 (answers by ?stand). */
function akte() {
  const stand = (r: MockRequest) => r.url.searchParams.get('stand');
  const mock = apiMock({
    'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', 'ANLAGE_ANLEGEN', 'ANLAGE_BEARBEITEN'], ['ZUST_SBD']),
    ...formularMocks(),
    'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
    'GET /api/betrieb/7': (r) => {
      const b = testBetrieb();
      // as of a date the server names nothing writable
      return stand(r) ? { ...b, rechte: { ...b.rechte, bearbeiten: false, alsAdminSpeichern: false, alsBetreiberSpeichern: false } } : b;
    },
    'GET /api/anlage': (r) => [
      { id: 70, bezeichnung: stand(r) ? 'KA Alt' : 'KA Nord', anlagentyp: 'ABWASSERBEHANDLUNG', anlagenstatus: 'IN_BETRIEB', betriebId: 7, anzahlIndirekteinleiter: 0, anzahlMessstellen: 0 },
    ],
    'GET /api/betrieb/7/messstelle': () => [],
    'GET /api/bescheid/betrieb/7': () => [],
  });
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

describe("the operation file as of a date ('Stand zum')", () => {
  it("puts the chosen day on the URL: read mode, the banner, the tree as of then, links that keep it; 'Aktueller Stand' ends it", async () => {
    const mock = akte();
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=s');
    const baum = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    await within(baum).findByRole('link', { name: 'KA Nord' });
    expect(within(baum).getByRole('button', { name: /Bearbeiten/ })).toBeInTheDocument();
    expect(screen.queryByTestId('stand-banner')).toBeNull();

    const feld = within(baum).getByLabelText('Stand zum');
    await user.type(feld, '01.02.2022');
    await waitFor(() => expect(router.state.location.search).toContain('stand=2022-02-01'));
    expect(new URLSearchParams(router.state.location.search).get('modus')).toBe('l');
    expect(await screen.findByText('Ansicht zum Stand 01.02.2022 — nur lesen')).toHaveAttribute('role', 'status');
    // the tree as of then, its links keep the day; no toggle, nothing to create
    const alt = await within(baum).findByRole('link', { name: 'KA Alt' });
    expect(alt).toHaveAttribute('href', '/betriebsakte/7/abwasserbehandlung/70/anlagendaten?modus=l&stand=2022-02-01');
    expect(within(baum).getByRole('link', { name: 'Betriebsdaten' })).toHaveAttribute('href', '/betriebsakte/7/betriebsdaten?modus=l&stand=2022-02-01');
    expect(within(baum).queryByRole('button', { name: /Bearbeiten/ })).toBeNull();
    expect(within(baum).queryByRole('button', { name: 'Anlage anlegen' })).toBeNull();
    // every query of the file asked for the day
    const mitStand = (pfad: string) => mock.called('GET', pfad).some((c) => c.url.searchParams.get('stand') === '2022-02-01');
    await waitFor(() => expect(['/api/betrieb/7', '/api/betrieb/7/info', '/api/anlage'].filter((p) => !mitStand(p))).toEqual([]));

    await user.click(within(baum).getByRole('button', { name: 'Aktueller Stand' }));
    await within(baum).findByRole('link', { name: 'KA Nord' });
    expect(router.state.location.search).not.toContain('stand=');
    expect(screen.queryByText(/Ansicht zum Stand/)).toBeNull();
    expect(within(baum).getByLabelText('Stand zum')).toHaveValue('');
  });

  it('refuses a day after today and keeps today’s file', async () => {
    akte();
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l');
    const baum = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    const naechstesJahr = new Date().getFullYear() + 1;
    await user.type(within(baum).getByLabelText('Stand zum'), `01.01.${naechstesJahr}`);
    expect(await within(baum).findByText('Bitte geben Sie ein gültiges Datum an, das nicht in der Zukunft liegt.')).toBeInTheDocument();
    expect(router.state.location.search).not.toContain('stand=');
  });

  it('says that a screen without a view of the past has none, under the banner; forces read mode on a link in edit mode', async () => {
    akte();
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    const { router } = renderRoutes(routes, '/betriebsakte/7/wiedervorlagen?modus=s&stand=2021-06-30');
    expect(await screen.findByText(KEINE_ANSICHT_ZUM_STAND)).toBeInTheDocument();
    expect(screen.getByTestId('stand-banner')).toHaveTextContent('Ansicht zum Stand 30.06.2021 — nur lesen');
    expect(screen.getByTestId('stand-banner')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('modus')).toBe('l'));
    expect(within(screen.getByRole('navigation', { name: 'Betriebsakte' })).getByLabelText('Stand zum')).toHaveValue('30.06.2021');
  });
});
