import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { LEERE_PERSON } from '@/lib/form';
import { clearToasts, getToasts } from '@/lib/toast';
import { apiMock, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { pruefeRegistrierung } from './validierung';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const listen = {
  'GET /api/organisation/auswahlRegistrierung': () => [
    { id: 11, bezeichnung: 'Klärwerk Rheinaue GmbH' },
    { id: 12, bezeichnung: 'Verbandsgemeinde Musterhausen' },
  ],
  'GET /api/anrede': () => [
    { id: 1, value: 'Frau' },
    { id: 2, value: 'Herr' },
  ],
  'GET /api/titel': () => [{ id: 1, value: 'Dr.' }],
};

describe('registration validation', () => {
  it('asks for organisation, a role, the person fields and the consent', () => {
    expect(pruefeRegistrierung({ ...LEERE_PERSON, organisation: '', funktionaleRolle: [], dsgvo: false })).toEqual({
      organisation: 'Dieses Feld ist ein Pflichtfeld.',
      funktionaleRolle: 'Es muss mindestens ein Element ausgewaehlt werden',
      anrede: 'Dieses Feld ist ein Pflichtfeld.',
      name: 'Dieses Feld ist ein Pflichtfeld.',
      vorname: 'Dieses Feld ist ein Pflichtfeld.',
      email: 'Dieses Feld ist ein Pflichtfeld.',
      telefon: 'Dieses Feld ist ein Pflichtfeld.',
      dsgvo: 'Bitte stimmen Sie der Verarbeitung Ihrer Daten zu.',
    });
  });

  it('accepts a complete registration; titel and mobil are optional', () => {
    expect(
      pruefeRegistrierung({
        ...LEERE_PERSON,
        organisation: '11',
        funktionaleRolle: ['BETREIBER'],
        anrede: 'Frau',
        name: 'Muster',
        vorname: 'Erika',
        email: 'erika@example.org',
        telefon: '0621-123',
        dsgvo: true,
      }),
    ).toEqual({});
  });
});

describe('registration form', () => {
  it('shows the spec messages on the fields and focuses the first invalid one', async () => {
    const user = userEvent.setup();
    const { fetchMock, called } = apiMock(listen);
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/registrierung');
    await user.type(await screen.findByLabelText(/E-Mail/), 'kein-at');
    await user.type(screen.getByLabelText(/Telefon/), '0621 123');
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));

    const org = screen.getByLabelText(/^Organisation/);
    await waitFor(() => expect(org).toHaveFocus());
    expect(org).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    expect(screen.getByRole('group', { name: /Funktionale Rolle/ })).toHaveAccessibleDescription(
      'Es muss mindestens ein Element ausgewaehlt werden',
    );
    expect(screen.getByLabelText(/E-Mail/)).toHaveAccessibleDescription('Das Feld muss eine gültige E-Mail Adresse enthalten!');
    expect(screen.getByLabelText(/Telefon/)).toHaveAccessibleDescription('Nur Ziffern und als Trennzeichen „-“ sind zulässig.');
    expect(screen.getByLabelText(/Ich stimme der Verarbeitung meiner Daten gemäß Datenschutzerklärung zu./)).toHaveAccessibleDescription(
      'Bitte stimmen Sie der Verarbeitung Ihrer Daten zu.',
    );
    expect(called('POST', '/api/registrierung')).toHaveLength(0);
  });

  async function ausfuellen(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByRole('option', { name: 'Klärwerk Rheinaue GmbH' });
    await user.selectOptions(screen.getByLabelText(/^Organisation/), 'Klärwerk Rheinaue GmbH');
    const rollen = screen.getByRole('group', { name: /Funktionale Rolle/ });
    expect(within(rollen).getAllByRole('checkbox').map((c) => c.parentElement?.textContent)).toEqual([
      'Betreiber',
      'Beauftragter',
      'Leser Organisation',
    ]);
    await user.click(within(rollen).getByLabelText('Betreiber'));
    await user.click(within(rollen).getByLabelText('Leser Organisation'));
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Frau' })).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText(/Anrede/), 'Frau');
    await user.selectOptions(screen.getByLabelText(/Titel/), 'Dr.');
    await user.type(screen.getByLabelText(/^Name/), 'Muster');
    await user.type(screen.getByLabelText(/Vorname/), 'Erika');
    await user.type(screen.getByLabelText(/E-Mail/), 'erika@example.org');
    await user.type(screen.getByLabelText(/Telefon/), '0621-123');
    await user.click(screen.getByLabelText(/Ich stimme/));
  }

  it('sends the registration and names the address in the confirmation', async () => {
    const user = userEvent.setup();
    const { fetchMock, called } = apiMock({
      ...listen,
      'POST /api/registrierung': () => json(201, { email: 'erika@example.org' }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/registrierung');
    await ausfuellen(user);
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(
      await screen.findByText(
        'Vielen Dank für Ihre Registrierung. Wir haben eine E-Mail an erika@example.org gesendet. Bitte bestätigen Sie Ihre E-Mail-Adresse über den Link in dieser E-Mail. Danach wird Ihr Zugang von der Administration freigeschaltet.',
      ),
    ).toBeInTheDocument();
    expect(called('POST', '/api/registrierung')[0].body).toEqual({
      organisation: 11,
      funktionaleRolle: ['BETREIBER', 'LESER_ORGANISATION'],
      anrede: 'Frau',
      titel: 'Dr.',
      name: 'Muster',
      vorname: 'Erika',
      email: 'erika@example.org',
      telefon: '0621-123',
      dsgvo: true,
    });
  });

  it("attaches the server's validation errors to the fields and warns with the first", async () => {
    const user = userEvent.setup();
    const { fetchMock } = apiMock({
      ...listen,
      'POST /api/registrierung': () =>
        json(400, { message: 'Die E-Mail-Adresse ist bereits registriert.', validationErrors: { email: 'Die E-Mail-Adresse ist bereits registriert.' } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/registrierung');
    await ausfuellen(user);
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    const email = screen.getByLabelText(/E-Mail/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('Die E-Mail-Adresse ist bereits registriert.'));
    await waitFor(() => expect(email).toHaveFocus());
    expect(getToasts().map((t) => [t.kind, t.message])).toEqual([
      ['warning', 'Validierung fehlgeschlagen: Die E-Mail-Adresse ist bereits registriert.'],
    ]);
  });
});
