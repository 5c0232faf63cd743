import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { routes } from './routes';

const info = { bezeichnung: 'Kläranlage Nord', betriebsstatus: 'FREIGEGEBEN' };

describe('app routes', () => {
  beforeEach(() => clearToasts());
  afterEach(() => vi.unstubAllGlobals());

  function mock(handlers: Parameters<typeof apiMock>[0] = {}, aktionen: string[] = []) {
    const m = apiMock({ 'GET /api/me': () => ich(aktionen), ...handlers });
    vi.stubGlobal('fetch', m.fetchMock);
    return m;
  }

  it('shows the shell with landmarks, skip link and version', async () => {
    anmelden();
    // support address and help link come from the server's configuration (SUPPORT_MAIL, HELP_URL)
    mock({ 'GET /api/konfiguration': () => ({ supportMail: 'hilfe@rlp.example', hilfeUrl: 'https://wiki.rlp.example/eabwasser' }) }, ['AUDIT_LESEN']);
    renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { name: 'Startseite', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('eAbwasser');
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveTextContent('Startseite');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Version 1.5.12');
    expect(screen.getByRole('link', { name: 'Zum Inhalt springen' })).toHaveAttribute('href', '#inhalt');
    expect(await screen.findByRole('link', { name: /Support/ })).toHaveAttribute('href', 'mailto:hilfe@rlp.example');
    expect(screen.getByRole('link', { name: /Hilfe/ })).toHaveAttribute('href', 'https://wiki.rlp.example/eabwasser');
    expect(screen.getAllByRole('link', { name: 'Ereignisprotokoll' }).length).toBeGreaterThan(0);
  });

  it('sends unknown routes to the not-found page, whose button goes back', async () => {
    const user = userEvent.setup();
    anmelden();
    mock();
    const { router } = renderRoutes(routes, '/');
    await screen.findByRole('heading', { name: 'Startseite' });
    await router.navigate('/gibt-es-nicht');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nicht-gefunden');
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(await screen.findByRole('heading', { name: 'Startseite' })).toBeInTheDocument();
  });

  it('access-denied page logs out and goes to the login', async () => {
    const user = userEvent.setup();
    anmelden();
    mock();
    const { router } = renderRoutes(routes, '/unautorisiert');
    expect(await screen.findByRole('heading', { name: 'Zugriff verweigert' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Abmelden und erneut anmelden' }));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Abmelden' })).not.toBeInTheDocument();
  });

  it('redirects an invalid modus to l before loading, keeping other parameters', async () => {
    anmelden();
    const { called } = mock({ ...formularMocks(), 'GET /api/betrieb/7/info': () => info, 'GET /api/betrieb/7': () => testBetrieb() });
    const { router } = renderRoutes(routes, '/betriebsakte/7?modus=x&typ=2');
    expect(await screen.findByRole('heading', { name: 'Betriebsdaten' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/betriebsakte/7/betriebsdaten');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('modus')).toBe('l');
    expect(params.get('typ')).toBe('2');
    expect((await screen.findAllByText('Kläranlage Nord')).length).toBeGreaterThan(0);
    expect(called('GET', '/api/betrieb/7/info')).toHaveLength(1);
  });

  it('toggles between Lesemodus and Bearbeitungsmodus via modus', async () => {
    const user = userEvent.setup();
    anmelden();
    mock(
      {
        ...formularMocks(),
        'GET /api/betrieb/7/info': () => ({ bezeichnung: 'B', betriebsstatus: 'S' }),
        'GET /api/betrieb/7': () => testBetrieb(),
      },
      ['BEARBEITUNGSMODUS_NUTZEN'],
    );
    const { router } = renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l');
    const toggle = await screen.findByRole('button', { name: /Bearbeiten/ });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(new URLSearchParams(router.state.location.search).get('modus')).toBe('s');
    expect(screen.getByRole('button', { name: /Bearbeiten/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('the raw operation-file path goes home', async () => {
    anmelden();
    mock();
    const { router } = renderRoutes(routes, '/betriebsakte');
    expect(await screen.findByRole('heading', { name: 'Startseite' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a 404 from the server shows the not-found page and a toast', async () => {
    anmelden();
    mock({
      'GET /api/betrieb/999/info': () => json(404, { message: 'nicht gefunden', traceId: 't' }),
      'GET /api/betrieb/999': () => json(404, { message: 'nicht gefunden', traceId: 't' }),
    });
    const { router } = renderRoutes(routes, '/betriebsakte/999/betriebsdaten?modus=l');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nicht-gefunden');
    expect(screen.getByRole('alert')).toHaveTextContent('Die gewünschte Seite existiert nicht.');
  });

  it('the Ereignisprotokoll loads pages from /api/audit and shows the event data', async () => {
    const user = userEvent.setup();
    anmelden();
    const entry = {
      position: 5,
      zeitpunkt: new Date(2025, 0, 2, 3, 4, 5).toISOString(),
      benutzerId: '1',
      benutzerName: 'Sys Admin',
      rollen: ['SYSTEMADMIN'],
      streamId: 'betrieb-1',
      streamType: 'betrieb',
      version: 1,
      eventType: 'BetriebBeantragt',
      zusammenfassung: 'Betrieb beantragt',
      daten: { bezeichnung: 'Kläranlage' },
    };
    const { called } = mock(
      {
        'GET /api/audit': () => ({ content: [entry], page: 0, size: 10, totalElements: 1 }),
        'GET /api/audit/ereignisarten': () => [{ eventType: 'BetriebBeantragt', phrase: 'Betrieb beantragt' }],
        'GET /api/audit/5': () => ({ ...entry, aenderungen: [{ feld: 'bezeichnung', label: 'Bezeichnung', vorher: '', nachher: 'Kläranlage' }] }),
      },
      ['AUDIT_LESEN'],
    );
    renderRoutes(routes, '/protokoll');
    expect(await screen.findByText('02.01.2025 03:04:05')).toBeInTheDocument();
    expect(screen.getByText('1-1 von 1')).toBeInTheDocument();
    const first = called('GET', '/api/audit')[0].url;
    expect(first.pathname + first.search).toBe('/api/audit?page=0&size=10&sortDirection=DESC');

    await user.click(screen.getByText('Betrieb beantragt'));
    expect(screen.getByText(/"bezeichnung": "Kläranlage"/)).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: /^Ereignis/ }), 'Betrieb beantragt');
    await user.type(screen.getByLabelText('Von'), '01.01.2025');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(called('GET', '/api/audit')).toHaveLength(2));
    const url = called('GET', '/api/audit')[1].url;
    expect(url.searchParams.get('ereignis')).toBe('Betrieb beantragt');
    expect(new Date(url.searchParams.get('von')!).getTime()).toBe(new Date(2025, 0, 1).getTime());

    await user.type(screen.getByLabelText('Bis'), '31.02.2025');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    expect(screen.getByText('Bitte ein Datum im Format TT.MM.JJJJ eingeben.')).toBeInTheDocument();
  });

  it('an entry whose data the page left out shows the data of the entry and how many changes are not listed', async () => {
    const user = userEvent.setup();
    anmelden();
    const entry = {
      position: 7,
      zeitpunkt: new Date(2025, 0, 2, 3, 4, 5).toISOString(),
      benutzerId: '1',
      benutzerName: 'Sys Admin',
      rollen: ['SYSTEMADMIN'],
      streamId: 'anlage-1',
      streamType: 'anlage',
      version: 3,
      eventType: 'AnlageGeaendert',
      zusammenfassung: 'Anlage geändert',
      daten: null,
      datenGekuerzt: true,
    };
    mock(
      {
        'GET /api/audit': () => ({ content: [entry], page: 0, size: 10, totalElements: 1 }),
        'GET /api/audit/ereignisarten': () => [],
        'GET /api/audit/7': () => ({
          ...entry,
          daten: { planungen: [{ massnahme: 'Rechen' }] },
          datenGekuerzt: false,
          aenderungen: [{ feld: 'planungen[0].massnahme', bezeichnung: 'Planung 1 › Maßnahme', alt: '', neu: 'Rechen' }],
          weitereAenderungen: 1200,
        }),
      },
      ['AUDIT_LESEN'],
    );
    renderRoutes(routes, '/protokoll');
    await user.click(await screen.findByText('Anlage geändert'));
    expect(await screen.findByText(/"massnahme": "Rechen"/)).toBeInTheDocument();
    expect(screen.getByText('… 1.200 weitere Änderungen, hier nicht einzeln angezeigt')).toBeInTheDocument();
  });

  it('a 401 of a screen call shows the toast, drops the token and leads to the login', async () => {
    anmelden();
    mock({ 'GET /api/audit': () => json(401, { message: 'nicht angemeldet' }), 'GET /api/audit/ereignisarten': () => [] }, ['AUDIT_LESEN']);
    const { router } = renderRoutes(routes, '/protokoll');
    expect(await screen.findByText('Sie sind nicht berechtigt diese Seite zu öffnen.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
