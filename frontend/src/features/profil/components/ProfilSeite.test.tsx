import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { clearToasts, getToasts } from '../../../lib/toast';
import { anmelden, apiMock, ich } from '../../../test/api';
import { renderRoutes } from '../../../test/renderRoutes';
import { pruefeProfil, zugangsaenderung, type ProfilWerte } from './validierung';

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

  it('knows which changes end the session', () => {
    expect(zugangsaenderung(werte, { ...werte, telefon: '0621-2' })).toEqual({ abmelden: false, email: false });
    expect(zugangsaenderung(werte, { ...werte, benutzername: 'neu' })).toEqual({ abmelden: true, email: false });
    expect(zugangsaenderung(werte, { ...werte, passwort: 'x' })).toEqual({ abmelden: true, email: false });
    expect(zugangsaenderung(werte, { ...werte, email: 'neu@example.org' })).toEqual({ abmelden: true, email: true });
  });
});

describe('profile', () => {
  function mock(abgemeldet: boolean) {
    const m = apiMock({
      'GET /api/me': () => ich(),
      'GET /api/profil': () => profil,
      'PUT /api/profil': () => ({ message: 'ok', abgemeldet }),
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
