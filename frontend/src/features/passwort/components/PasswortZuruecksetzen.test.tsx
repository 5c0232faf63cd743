import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts, getToasts } from '@/lib/toast';
import { apiMock, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { pruefeAnforderung, pruefeNeuesPasswort } from './validierung';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('password reset validation', () => {
  it('needs both fields, then equal values', () => {
    const beide = 'Bitte füllen Sie beide Passwortfelder aus.';
    expect(pruefeNeuesPasswort({ passwort: '', bestaetigung: '' })).toEqual({ passwort: beide, bestaetigung: beide });
    expect(pruefeNeuesPasswort({ passwort: 'a', bestaetigung: '' })).toEqual({ bestaetigung: beide });
    expect(pruefeNeuesPasswort({ passwort: 'a', bestaetigung: 'b' })).toEqual({
      bestaetigung: 'Die Passwörter stimmen nicht überein.',
    });
    expect(pruefeNeuesPasswort({ passwort: 'a', bestaetigung: 'a' })).toEqual({});
    expect(pruefeAnforderung(' ')).toEqual({ username: 'Dieses Feld ist ein Pflichtfeld.' });
  });
});

describe('password reset', () => {
  it('without token: requests the mail for the user name', async () => {
    const user = userEvent.setup();
    const { fetchMock, called } = apiMock({ 'POST /api/sendPasswordResetMail': () => ({ message: 'ok' }) });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/password-reset');
    await user.click(await screen.findByRole('button', { name: 'Passwort zurücksetzen' }));
    expect(screen.getByLabelText(/Benutzername/)).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    await user.type(screen.getByLabelText(/Benutzername/), 'betreiber2');
    await user.click(screen.getByRole('button', { name: 'Passwort zurücksetzen' }));
    expect(await screen.findByText('Email zum Zurücksetzen des Passworts gesendet.')).toBeInTheDocument();
    expect(screen.getByText('Bitte prüfen Sie Ihr E-Mail-Postfach.')).toBeInTheDocument();
    expect(called('POST', '/api/sendPasswordResetMail')[0].body).toEqual({ username: 'betreiber2' });
  });

  it('with token: checks both fields, sets the password and goes to the login', async () => {
    const user = userEvent.setup();
    const { fetchMock, called } = apiMock({ 'PUT /api/resetPassword': () => ({ message: 'ok' }) });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/password-reset?token=tok1');
    await user.click(await screen.findByRole('button', { name: 'Passwort ändern' }));
    const neu = screen.getByLabelText(/Neues Passwort/);
    expect(neu).toHaveAccessibleDescription('Bitte füllen Sie beide Passwortfelder aus.');
    await waitFor(() => expect(neu).toHaveFocus());
    await user.type(neu, 'Neues-Passwort-1');
    await user.type(screen.getByLabelText(/Passwort bestätigen/), 'Neues-Passwort-2');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(screen.getByLabelText(/Passwort bestätigen/)).toHaveAccessibleDescription('Die Passwörter stimmen nicht überein.');
    expect(called('PUT', '/api/resetPassword')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Passwort bestätigen/));
    await user.type(screen.getByLabelText(/Passwort bestätigen/), 'Neues-Passwort-1');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(called('PUT', '/api/resetPassword')[0].body).toEqual({ password: 'Neues-Passwort-1', token: 'tok1' });
    expect(getToasts().map((t) => [t.kind, t.message])).toEqual([['success', 'Passwort erfolgreich geändert.']]);
  });

  it("'Ungültiger Link.' shows the invalid-link message with a link to request a new mail", async () => {
    const user = userEvent.setup();
    const { fetchMock } = apiMock({ 'PUT /api/resetPassword': () => json(400, { message: 'Ungültiger Link.' }) });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/password-reset?token=alt');
    await user.type(await screen.findByLabelText(/Neues Passwort/), 'Neues-Passwort-1');
    await user.type(screen.getByLabelText(/Passwort bestätigen/), 'Neues-Passwort-1');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Der Link ist ungültig oder abgelaufen.')).toBeInTheDocument();
    expect(getToasts()).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Neue E-Mail anfordern' }));
    expect(await screen.findByRole('button', { name: 'Passwort zurücksetzen' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('the password rule of the server shows at the field and as error toast', async () => {
    const user = userEvent.setup();
    const regel = 'Das Passwort muss mindestens 10 Zeichen lang sein und Buchstaben und Ziffern enthalten.';
    const { fetchMock } = apiMock({
      'PUT /api/resetPassword': () => json(400, { message: regel, validationErrors: { password: regel } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/password-reset?token=t');
    await user.type(await screen.findByLabelText(/Neues Passwort/), 'kurz');
    await user.type(screen.getByLabelText(/Passwort bestätigen/), 'kurz');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(screen.getByLabelText(/Neues Passwort/)).toHaveAccessibleDescription(regel));
    expect(getToasts().map((t) => [t.kind, t.message])).toEqual([['error', regel]]);
  });
});
