import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const GESPEICHERT = {
  active: false,
  betriebstyp: ['KOMMUNAL'],
  anlagentyp: [],
  messstellentyp: [],
  verwaltungseinheit: [31],
  sendMailOnNachrichten: false,
  sendMailOnWiedervorlage: true,
  version: 3,
};

const AUSWAHL = {
  betriebstyp: {
    aktiv: [{ id: 'KOMMUNAL', value: 'Kommunal' }],
    inaktiv: [
      { id: 'INDUSTRIE', value: 'Industrie' },
      { id: 'PRIVAT', value: 'Privat' },
    ],
  },
  anlagentyp: { aktiv: [], inaktiv: [{ id: 'KANALNETZ', value: 'Kanalnetz' }] },
  messstellentyp: { aktiv: [], inaktiv: [{ id: 'NR_9', value: 'Endkontrollmessstelle' }] },
  verwaltungseinheit: {
    aktiv: [{ id: '31', value: 'Koblenz, Stadt' }],
    inaktiv: [{ id: '32', value: 'Mayen-Koblenz' }],
  },
};

function mock(put: (body: unknown) => unknown) {
  let stand = { ...GESPEICHERT };
  const m = apiMock({
    'GET /api/me': () => ich([]),
    'GET /api/personalisierung': () => stand,
    'GET /api/personalisierung/auswahl': () => AUSWAHL,
    'PUT /api/personalisierung': (req) => {
      const antwort = put(req.body);
      if (!(antwort instanceof Response)) stand = { ...(req.body as typeof stand), version: stand.version + 1 };
      return antwort;
    },
  });
  vi.stubGlobal('fetch', m.fetchMock);
  anmelden();
  return { ...m, setStand: (s: typeof stand) => (stand = s) };
}

/** The listbox 'Zugeordnet' or 'Verfügbar' of the transfer list `name`. */
const liste = (name: string, welche: 'Verfügbar' | 'Zugeordnet') =>
  within(screen.getByRole('group', { name })).getByRole('listbox', { name: new RegExp(`^${welche}`) });

describe('Personalisierung', () => {
  it('shows the settings, moves choices between the lists and saves the whole object with its version', async () => {
    const user = userEvent.setup();
    const m = mock(() => ({ id: 7, message: 'Die Personalisierung wurde erfolgreich gespeichert.', version: 4, position: 99 }));
    renderRoutes(routes, '/personalisierung');
    expect(await screen.findByRole('heading', { name: 'Personalisierung', level: 1 })).toBeInTheDocument();
    const aktiv = await screen.findByRole('checkbox', { name: 'Personalisierte Filter aktiv' });
    expect(aktiv).not.toBeChecked();
    expect(within(liste('Betriebstyp', 'Zugeordnet')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Kommunal']);
    expect(within(liste('Betriebstyp', 'Verfügbar')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Industrie', 'Privat']);
    expect(within(liste('Verwaltungseinheit', 'Zugeordnet')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Koblenz, Stadt']);
    expect(screen.getByRole('checkbox', { name: 'Benachrichtigung per E-Mail bei fälligen Wiedervorlagen' })).toBeChecked();

    await user.click(aktiv);
    await user.click(within(liste('Betriebstyp', 'Verfügbar')).getByRole('option', { name: 'Industrie' }));
    await user.click(within(screen.getByRole('group', { name: 'Betriebstyp' })).getByRole('button', { name: 'Markierte zuordnen' }));
    await user.dblClick(within(liste('Messstellentyp', 'Verfügbar')).getByRole('option', { name: 'Endkontrollmessstelle' }));
    await user.dblClick(within(liste('Verwaltungseinheit', 'Verfügbar')).getByRole('option', { name: 'Mayen-Koblenz' }));
    await user.click(screen.getByRole('checkbox', { name: 'Benachrichtigung per E-Mail bei neuen Nachrichten' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(m.called('PUT', '/api/personalisierung')).toHaveLength(1));
    expect(m.called('PUT', '/api/personalisierung')[0].body).toEqual({
      active: true,
      betriebstyp: ['KOMMUNAL', 'INDUSTRIE'],
      anlagentyp: [],
      messstellentyp: ['NR_9'],
      verwaltungseinheit: [31, 32],
      sendMailOnNachrichten: true,
      sendMailOnWiedervorlage: true,
      version: 3,
    });
    expect(await screen.findByText('Die Personalisierung wurde erfolgreich gespeichert.')).toBeInTheDocument();
    // reloaded with the new version: the next save sends it
    await waitFor(() => expect(m.called('GET', '/api/personalisierung').length).toBeGreaterThan(1));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(m.called('PUT', '/api/personalisierung')).toHaveLength(2));
    expect((m.called('PUT', '/api/personalisierung')[1].body as { version: number }).version).toBe(4);
  });

  it('a conflict (409) shows the server text and offers to reload the saved state', async () => {
    const user = userEvent.setup();
    const text = 'Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.';
    const m = mock(() => json(409, { message: text, traceId: 't' }));
    renderRoutes(routes, '/personalisierung');
    await user.click(await screen.findByRole('checkbox', { name: 'Personalisierte Filter aktiv' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);

    m.setStand({ ...GESPEICHERT, active: true, version: 5 });
    await user.click(screen.getByRole('button', { name: 'Neu laden' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Personalisierte Filter aktiv' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(m.called('PUT', '/api/personalisierung')).toHaveLength(2));
    expect((m.called('PUT', '/api/personalisierung')[1].body as { version: number }).version).toBe(5);
  });

  it('field errors of the server (400) land on their list', async () => {
    const user = userEvent.setup();
    const fehler = 'Der Wert „PRIVAT“ ist in dieser Auswahl nicht vorgesehen.';
    mock(() => json(400, { message: 'Validierung fehlgeschlagen', validationErrors: { betriebstyp: fehler }, traceId: 't' }));
    renderRoutes(routes, '/personalisierung');
    await user.click(await screen.findByRole('checkbox', { name: 'Personalisierte Filter aktiv' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(`Validierung fehlgeschlagen: ${fehler}`)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Betriebstyp' })).toHaveAccessibleDescription(fehler);
  });
});
