import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts, getToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { MSG_AKTUELLES_PASSWORT, pruefeProfil, zugangsaenderung, type ProfilWerte } from './validierung';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const profil = {
  benutzername: 'betreiber',
  email: 'bea@example.org',
  person: {
    anrede: 'Frau',
    titel: '',
    name: 'Treiber',
    vorname: 'Bea',
    email: 'bea@example.org',
    telefon: '0621-1',
    mobil: '',
    organisation: { id: 3, bezeichnung: 'Klärwerk Rheinaue GmbH' },
  },
};

const werte: ProfilWerte = {
  anrede: 'Frau',
  titel: '',
  name: 'Treiber',
  vorname: 'Bea',
  email: 'bea@example.org',
  telefon: '0621-1',
  mobil: '',
  benutzername: 'betreiber',
  passwort: '',
  bestaetigung: '',
  aktuellesPasswort: '',
};

describe('profile validation', () => {
  it('needs the person fields and a user name; a new password twice alike', () => {
    expect(pruefeProfil(werte)).toEqual({});
    expect(pruefeProfil({ ...werte, benutzername: '', name: '' })).toEqual({
      benutzername: 'Dieses Feld ist ein Pflichtfeld.',
      name: 'Dieses Feld ist ein Pflichtfeld.',
    });
    expect(pruefeProfil({ ...werte, passwort: 'Neu-Passwort-1' })).toEqual({
      bestaetigung: 'Die Passwörter stimmen nicht überein.',
    });
  });

  it('needs the current password to change user name, e-mail address or password', () => {
    for (const neu of [{ benutzername: 'neu' }, { email: 'neu@example.org' }, { passwort: 'Neu-1', bestaetigung: 'Neu-1' }]) {
      expect(pruefeProfil({ ...werte, ...neu }, werte)).toEqual({ aktuellesPasswort: MSG_AKTUELLES_PASSWORT });
      expect(pruefeProfil({ ...werte, ...neu, aktuellesPasswort: 'alt' }, werte)).toEqual({});
    }
    expect(pruefeProfil({ ...werte, telefon: '0621-2' }, werte)).toEqual({});
  });

  it('knows which changes end the session', () => {
    expect(zugangsaenderung(werte, { ...werte, telefon: '0621-2' })).toEqual({ abmelden: false, email: false });
    expect(zugangsaenderung(werte, { ...werte, benutzername: 'neu' })).toEqual({ abmelden: true, email: false });
    expect(zugangsaenderung(werte, { ...werte, passwort: 'x' })).toEqual({ abmelden: true, email: false });
    expect(zugangsaenderung(werte, { ...werte, email: 'neu@example.org' })).toEqual({ abmelden: true, email: true });
  });
});

describe('profile', () => {
  function mock(abgemeldet: boolean, speichern: () => unknown = () => ({ message: 'ok', abgemeldet })) {
    const m = apiMock({
      'GET /api/me': () => ich(),
      'GET /api/profil': () => profil,
      'PUT /api/profil': speichern,
      'POST /api/logout': () => json(401, { message: 'Sie sind nicht angemeldet oder Ihre Sitzung ist abgelaufen.' }),
      'GET /api/anrede': () => [
        { id: 1, value: 'Frau' },
        { id: 2, value: 'Herr' },
      ],
      'GET /api/titel': () => [{ id: 1, value: 'Dr.' }],
    });
    vi.stubGlobal('fetch', m.fetchMock);
    return m;
  }

  it('a changed e-mail warns about logout and confirmation, saves, and logs out', async () => {
    const user = userEvent.setup();
    anmelden();
    const { called } = mock(true);
    const { router } = renderRoutes(routes, '/profil');
    const email = await screen.findByLabelText(/E-Mail/);
    expect(email).toHaveValue('bea@example.org');
    expect(screen.getByLabelText(/Benutzername/)).toHaveValue('betreiber');
    await user.clear(email);
    await user.type(email, 'bea.neu@example.org');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const aktuell = screen.getByLabelText(/Aktuelles Passwort/);
    expect(aktuell).toHaveAccessibleDescription(expect.stringContaining(MSG_AKTUELLES_PASSWORT));
    await waitFor(() => expect(aktuell).toHaveFocus());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.type(aktuell, 'Altes-Passwort-1');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Profil speichern' });
    expect(dialog).toHaveTextContent('Sie werden nach dem Speichern abgemeldet und können sich mit den neuen Daten anmelden.');
    expect(dialog).toHaveTextContent('Sie müssen Ihre geänderte E-Mail-Adresse vor dem Login bestätigen.');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(getToasts().map((t) => t.message)).toContain('Das Profil wurde erfolgreich aktualisiert.');
    expect(called('PUT', '/api/profil')[0].body).toEqual({
      benutzername: 'betreiber',
      passwort: '',
      aktuellesPasswort: 'Altes-Passwort-1',
      email: 'bea.neu@example.org',
      person: {
        anrede: 'Frau',
        titel: '',
        name: 'Treiber',
        vorname: 'Bea',
        email: 'bea.neu@example.org',
        telefon: '0621-1',
        mobil: '',
        organisation: { id: 3 },
      },
    });
  });

  it('other changes ask without the logout warning and keep the session', async () => {
    const user = userEvent.setup();
    anmelden();
    mock(false);
    const { router } = renderRoutes(routes, '/profil');
    const tel = await screen.findByLabelText(/Telefon/);
    await user.clear(tel);
    await user.type(tel, '0621-2');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Profil speichern' });
    expect(dialog).not.toHaveTextContent('abgemeldet');
    expect(dialog).not.toHaveTextContent('E-Mail-Adresse');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Das Profil wurde erfolgreich aktualisiert.'));
    expect(router.state.location.pathname).toBe('/profil');
    expect(window.localStorage.getItem('token')).not.toBeNull();
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    anmelden();
    mock(false);
    const { router } = renderRoutes(routes, '/profil');
    await user.type(await screen.findByLabelText(/Vorname/), 'x');
    await user.click(screen.getByRole('link', { name: 'Startseite' }));
    expect(await screen.findByRole('alertdialog', { name: 'Änderungen verwerfen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profil');
  });

  it("the server's refusal of the current password is shown at the field", async () => {
    const user = userEvent.setup();
    anmelden();
    mock(false, () =>
      json(400, { message: 'Das aktuelle Passwort ist nicht korrekt.', validationErrors: { aktuellesPasswort: 'Das aktuelle Passwort ist nicht korrekt.' } }),
    );
    renderRoutes(routes, '/profil');
    const benutzername = await screen.findByLabelText(/Benutzername/);
    await user.clear(benutzername);
    await user.type(benutzername, 'bea');
    await user.type(screen.getByLabelText(/Aktuelles Passwort/), 'falsch');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Profil speichern' })).getByRole('button', { name: 'Speichern' }));
    const aktuell = screen.getByLabelText(/Aktuelles Passwort/);
    await waitFor(() => expect(aktuell).toHaveAccessibleDescription(expect.stringContaining('Das aktuelle Passwort ist nicht korrekt.')));
    expect(window.localStorage.getItem('token')).not.toBeNull();
  });

  it('a password needs its confirmation', async () => {
    const user = userEvent.setup();
    anmelden();
    mock(false);
    renderRoutes(routes, '/profil');
    await user.type(await screen.findByLabelText(/^Passwort$/), 'Neues-Passwort-1');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const best = screen.getByLabelText(/Passwort bestätigen/);
    expect(best).toHaveAccessibleDescription('Die Passwörter stimmen nicht überein.');
    await waitFor(() => expect(best).toHaveFocus());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
