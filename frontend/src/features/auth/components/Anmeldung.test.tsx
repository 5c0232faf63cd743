import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts, getToasts } from '@/lib/toast';
import { apiMock, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { pruefeLogin } from './validierung';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('login validation', () => {
  it('requires user name and password', () => {
    expect(pruefeLogin({ username: ' ', password: '' })).toEqual({
      username: 'Dieses Feld ist ein Pflichtfeld.',
      password: 'Dieses Feld ist ein Pflichtfeld.',
    });
    expect(pruefeLogin({ username: 'a', password: ' ' })).toEqual({});
  });
});

describe('login form', () => {
  it('shows the required messages linked to the fields and focuses the first', async () => {
    const user = userEvent.setup();
    const { called, fetchMock } = apiMock({});
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    await user.click(await screen.findByRole('button', { name: 'Anmelden' }));
    const name = screen.getByLabelText(/Benutzername/);
    const pw = screen.getByLabelText(/Passwort/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    expect(pw).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    await waitFor(() => expect(name).toHaveFocus());
    expect(called('POST', '/api/authenticate')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/password-reset');
  });

  it('shows the server message of a 401 in the form, not as a toast', async () => {
    const user = userEvent.setup();
    const { fetchMock } = apiMock({
      'POST /api/authenticate': () => json(401, { message: 'Benutzername oder Passwort ist falsch.' }),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText(/Benutzername/), 'betreiber');
    await user.type(screen.getByLabelText(/Passwort/), 'falsch');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    const form = screen.getByRole('button', { name: 'Anmelden' }).closest('form')!;
    expect(await screen.findByText('Benutzername oder Passwort ist falsch.')).toHaveAttribute('role', 'alert');
    expect(form).toContainElement(screen.getByRole('alert'));
    expect(getToasts()).toEqual([]);
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('too many tries (429) are answered in the form as well', async () => {
    const user = userEvent.setup();
    const { fetchMock } = apiMock({
      'POST /api/authenticate': () => json(429, { message: 'Zu viele Anmeldeversuche.' }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText(/Benutzername/), 'x');
    await user.type(screen.getByLabelText(/Passwort/), 'y');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zu viele Anmeldeversuche.');
    expect(getToasts()).toEqual([]);
  });
});
