import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginPfad, sicheresZiel } from '@/lib/auth';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { fakeJwt, nowSeconds } from '@/test/jwt';
import { renderRoutes } from '@/test/renderRoutes';
import { routes } from './routes';

const profil = {
  benutzername: 'betreiber',
  email: 'bea@example.org',
  person: { anrede: 'Frau', name: 'Treiber', vorname: 'Bea', email: 'bea@example.org', telefon: '0621-1', organisation: { id: 3 } },
};

function mock(handlers: Parameters<typeof apiMock>[0] = {}, aktionen: string[] = []) {
  const m = apiMock({
    'GET /api/me': () => ich(aktionen),
    'GET /api/profil': () => profil,
    'GET /api/anrede': () => [{ id: 1, value: 'Frau' }],
    'GET /api/titel': () => [],
    'GET /api/anwender': () => ({ content: [], page: 0, size: 10, totalElements: 0 }),
    'GET /api/organisation': () => [],
    'GET /api/abfragen': () => [],
    ...handlers,
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

const nav = () => screen.getByRole('navigation', { name: 'Hauptnavigation' });
const navLinks = () => within(nav()).queryAllByRole('link').map((l) => l.textContent);

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('return address', () => {
  it('accepts only paths inside the application', () => {
    expect(sicheresZiel('/profil?x=1#a')).toBe('/profil?x=1#a');
    expect(sicheresZiel('//evil.example/')).toBeNull();
    expect(sicheresZiel('https://evil.example/')).toBeNull();
    expect(sicheresZiel('/\\evil.example')).toBeNull();
    expect(sicheresZiel(null)).toBeNull();
    expect(loginPfad('/')).toBe('/login');
    expect(loginPfad('/profil?a=b')).toBe('/login?redirect=%2Fprofil%3Fa%3Db');
  });
});

describe('routes needing a login', () => {
  it('send an anonymous user to the login and back to the origin after it', async () => {
    const user = userEvent.setup();
    const token = fakeJwt({ sub: '7', name: 'Bea Treiber', exp: nowSeconds() + 3600 });
    const { called } = mock({ 'POST /api/authenticate': () => ({ token }) });
    const { router } = renderRoutes(routes, '/profil');
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/profil');

    await user.type(screen.getByLabelText(/Benutzername/), 'betreiber');
    await user.type(screen.getByLabelText(/Passwort/), 'Demo-Passwort-1');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    expect(await screen.findByRole('heading', { name: 'Profil' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profil');
    expect(window.localStorage.getItem('token')).toBe(token);
    expect(called('POST', '/api/authenticate')[0].body).toEqual({ username: 'betreiber', password: 'Demo-Passwort-1' });
  });

  it('treat an expired token as no session and drop it', async () => {
    window.localStorage.setItem('token', fakeJwt({ sub: '7', exp: nowSeconds() - 10 }));
    const { called } = mock();
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
    expect(called('GET', '/api/me')).toHaveLength(0);
  });

  it('a token the server refuses (401 on /api/me) is dropped and the login remembers the page', async () => {
    anmelden();
    mock({ 'GET /api/me': () => json(401, { message: 'Sitzung beendet' }) });
    const { router } = renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l');
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/betriebsakte/7/betriebsdaten?modus=l');
  });

  it('/logout ends the session on the server, clears it and goes to the login', async () => {
    const token = anmelden();
    const { called } = mock({ 'POST /api/logout': () => ({ message: 'Sie wurden abgemeldet.' }) });
    const { router } = renderRoutes(routes, '/logout');
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(window.localStorage.getItem('token')).toBeNull();
    const logout = called('POST', '/api/logout');
    expect(logout.length).toBeGreaterThan(0);
    expect(logout[0].headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('/logout clears the session even when the server does not answer the logout', async () => {
    anmelden();
    mock({ 'POST /api/logout': () => json(503, { message: 'Die Datenbank ist nicht erreichbar.' }) });
    const { router } = renderRoutes(routes, '/logout');
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('the header offers Profil and Abmelden', async () => {
    const user = userEvent.setup();
    anmelden();
    const { called } = mock();
    const { router } = renderRoutes(routes, '/');
    await screen.findByRole('heading', { name: 'Startseite' });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Bea Treiber')).toBeInTheDocument();
    await user.click(within(header).getByRole('link', { name: 'Profil' }));
    expect(await screen.findByRole('heading', { name: 'Profil' })).toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(called('POST', '/api/logout')).not.toHaveLength(0);
  });
});

describe('routes for anonymous users', () => {
  it.each(['/login', '/registrierung', '/doubleoptin?t=x', '/password-reset'])('%s sends a logged-in user home', async (path) => {
    anmelden();
    const { called } = mock();
    const { router } = renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: 'Startseite' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(called('POST', '/api/doubleoptin/confirm')).toHaveLength(0);
  });

  it('the embedded ones send a logged-in user to the embedded logged-in page', async () => {
    anmelden();
    mock();
    const { router } = renderRoutes(routes, '/login-embedded');
    expect(await screen.findByRole('button', { name: 'Anwendung starten' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/logged-in-embedded');
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).not.toBeInTheDocument();
  });
});

describe('routes needing an action', () => {
  it('send a user without it to /unautorisiert', async () => {
    anmelden();
    mock({}, ['AUSWERTUNG_EXPORTIEREN']);
    const { router } = renderRoutes(routes, '/systemverwaltung');
    expect(await screen.findByRole('heading', { name: 'Zugriff verweigert' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unautorisiert');
  });

  it('/protokoll needs AUDIT_LESEN', async () => {
    anmelden();
    const { called } = mock();
    const { router } = renderRoutes(routes, '/protokoll');
    expect(await screen.findByRole('heading', { name: 'Zugriff verweigert' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unautorisiert');
    expect(called('GET', '/api/audit')).toHaveLength(0);
  });

  it('/systemverwaltung opens the Anwender tab; an unknown tab falls back to it', async () => {
    const user = userEvent.setup();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    mock({}, ['SYSTEMVERWALTUNG_OEFFNEN', 'AUSWERTUNG_EXPORTIEREN', 'AUDIT_LESEN']);
    const { router } = renderRoutes(routes, '/systemverwaltung');
    expect(await screen.findByRole('tab', { name: 'Anwender', selected: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/systemverwaltung/anwender');
    expect(screen.getByRole('heading', { name: 'Anwender', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('Keine Einträge vorhanden')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Anwender', 'Rollen', 'Wertelisten', 'Organisationen']);

    await user.click(screen.getByRole('tab', { name: 'Organisationen' }));
    expect(router.state.location.pathname).toBe('/systemverwaltung/organisationen');
    expect(screen.getByRole('heading', { name: 'Organisationen', level: 2 })).toBeInTheDocument();

    await router.navigate('/systemverwaltung/gibt-es-nicht');
    await waitFor(() => expect(router.state.location.pathname).toBe('/systemverwaltung/anwender'));
  });
});

describe('navigation by role', () => {
  it('offers Login and Registrieren to anonymous users', async () => {
    mock();
    renderRoutes(routes, '/login');
    await screen.findByRole('heading', { name: 'Anmeldung' });
    expect(navLinks()).toEqual(['Login', 'Registrieren']);
  });

  it('offers Systemverwaltung and Auswertung on the start page and in their areas only', async () => {
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    mock({}, ['SYSTEMVERWALTUNG_OEFFNEN', 'AUSWERTUNG_EXPORTIEREN', 'AUDIT_LESEN']);
    const { router } = renderRoutes(routes, '/');
    await screen.findByRole('heading', { name: 'Startseite' });
    await waitFor(() => expect(navLinks()).toEqual(['Startseite', 'Systemverwaltung', 'Auswertung', 'Ereignisprotokoll']));
    await router.navigate('/auswertung');
    await screen.findByRole('heading', { name: 'Auswertung' });
    expect(navLinks()).toEqual(['Startseite', 'Systemverwaltung', 'Auswertung', 'Ereignisprotokoll']);
    await router.navigate('/profil');
    await screen.findByRole('heading', { name: 'Profil' });
    expect(navLinks()).toEqual(['Startseite', 'Ereignisprotokoll']);
  });

  it('a user without those actions sees the start page entry only', async () => {
    anmelden();
    mock({}, ['NACHRICHTEN_LESEN']);
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { name: 'Startseite' });
    expect(navLinks()).toEqual(['Startseite']);
  });
});

describe('single sign-on', () => {
  it('logs in with the ticket and goes home', async () => {
    const token = fakeJwt({ sub: '7', exp: nowSeconds() + 3600 });
    const { called } = mock({ 'POST /api/sso': () => ({ token }) });
    const { router } = renderRoutes(routes, '/login?ticket=ST-1');
    expect(await screen.findByRole('heading', { name: 'Startseite' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem('token')).toBe(token);
    expect(called('POST', '/api/sso')).toHaveLength(1);
    expect(called('POST', '/api/sso')[0].body).toEqual({ ticket: 'ST-1' });
  });

  it('a refused ticket shows the toast and the normal login without the ticket', async () => {
    mock({ 'POST /api/sso': () => json(403, { message: 'Ticket ungültig' }) });
    const { router } = renderRoutes(routes, '/login?ticket=ST-2&redirect=%2Fprofil');
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Sie konnten nicht per SSO angemeldet werden');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fprofil');
  });
});

describe('embedded variants', () => {
  it('login-embedded has no shell; success opens the application and shows the embedded logged-in page', async () => {
    const user = userEvent.setup();
    const neuerTab = { opener: window as unknown };
    const open = vi.fn(() => neuerTab);
    vi.stubGlobal('open', open);
    const token = fakeJwt({ sub: '7', exp: nowSeconds() + 3600 });
    const { called } = mock({ 'POST /api/authenticate': () => ({ token }) });
    const { router } = renderRoutes(routes, '/login-embedded');
    await screen.findByRole('heading', { name: 'Anmeldung' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Benutzername/), 'betreiber');
    await user.type(screen.getByLabelText(/Passwort/), 'x');
    expect(open).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    // spec 002 §2: success opens the external application (a new tab without a handle back) …
    await waitFor(() => expect(open).toHaveBeenCalledWith('/eAbwasser/', '_blank'));
    expect(neuerTab.opener).toBeNull();
    // … and shows the embedded logged-in page, with no hint while the window opened
    expect(await screen.findByRole('heading', { name: 'Angemeldet' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/logged-in-embedded');
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: 'Anwendung starten' }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenLastCalledWith('/eAbwasser/', '_blank');
    await user.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login-embedded');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(called('POST', '/api/logout')[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('login-embedded: when the browser blocks the window, the logged-in page says so and its button starts the application', async () => {
    const user = userEvent.setup();
    const open = vi.fn<(url?: string, target?: string) => { opener: unknown } | null>(() => null);
    vi.stubGlobal('open', open);
    mock({ 'POST /api/authenticate': () => ({ token: fakeJwt({ sub: '7', exp: nowSeconds() + 3600 }) }) });
    renderRoutes(routes, '/login-embedded');
    await user.type(await screen.findByLabelText(/Benutzername/), 'betreiber');
    await user.type(screen.getByLabelText(/Passwort/), 'x');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('heading', { name: 'Angemeldet' })).toBeInTheDocument();
    expect(open).toHaveBeenCalledWith('/eAbwasser/', '_blank');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ihr Browser hat das Öffnen der Anwendung in einem neuen Tab verhindert. Bitte starten Sie sie mit „Anwendung starten“.',
    );
    open.mockReturnValue({ opener: window });
    await user.click(screen.getByRole('button', { name: 'Anwendung starten' }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('registrierung-embedded shows the form without the shell', async () => {
    mock({ 'GET /api/organisation/auswahlRegistrierung': () => [] });
    renderRoutes(routes, '/registrierung-embedded');
    expect(await screen.findByRole('heading', { name: 'Registrierung' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).not.toBeInTheDocument();
  });
});
