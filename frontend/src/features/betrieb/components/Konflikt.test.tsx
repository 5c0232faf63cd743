import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts, getToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import { eigeneAenderungen, KONFLIKT_ANWENDEN, KONFLIKT_KEINE, KONFLIKT_TITEL, konfliktWeitere } from '@/components/akte/Konflikt';

const STAFF = ['BEARBEITUNGSMODUS_NUTZEN', 'BETRIEB_BEANTRAGEN', 'BEARBEITER_ZUORDNEN'];
const info = { bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' };
const KONFLIKT = {
  message: 'Die Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.',
  aenderungen: [
    {
      version: 4,
      position: 20,
      zeitpunkt: '2026-11-24T09:30:05Z',
      akteur: 'Claudia Schneider',
      ereignis: 'BetriebGespeichert',
      zusammenfassung: 'Betrieb gespeichert',
      aenderungen: [{ feld: 'url', bezeichnung: 'URL', alt: null, neu: 'https://nord.example' }],
    },
  ],
};

/** The operation screen of a staff member whose first save meets a newer version 4. */
function mock(zweiterPut: () => unknown, konflikt: unknown = KONFLIKT) {
  let puts = 0;
  const m = apiMock({
    'GET /api/me': () => ich(STAFF, ['ZUST_SBD']),
    ...formularMocks(),
    'GET /api/betrieb/7/info': () => info,
    'GET /api/betrieb/7': () => (puts === 0 ? testBetrieb() : testBetrieb({ version: 4, url: 'https://nord.example' })),
    'PUT /api/betrieb/7': () => (puts++ === 0 ? json(409, konflikt) : zweiterPut()),
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

/** Types into Muttergesellschaft and saves; the answer is the conflict dialog. */
async function bisZumKonflikt(user: ReturnType<typeof userEvent.setup>) {
  anmelden({ funktionaleRollen: ['ZUST_SBD'] });
  renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=s');
  await user.type(await screen.findByLabelText('Muttergesellschaft'), 'Rheinaue Holding');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  return screen.findByRole('dialog', { name: KONFLIKT_TITEL });
}

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('conflict on save (409 with aenderungen)', () => {
  it('shows who changed what, keeps the input, and one click saves it on the new version', async () => {
    const user = userEvent.setup();
    const { called } = mock(() => ({ id: 7, message: 'ok', version: 5, position: 21 }));
    const dialog = await bisZumKonflikt(user);
    expect(dialog).toHaveTextContent('Claudia Schneider');
    expect(dialog).toHaveTextContent('Betrieb gespeichert');
    expect(within(dialog).getByRole('rowheader', { name: 'URL' }).closest('tr')).toHaveTextContent('https://nord.example');
    // no error toast: the dialog says it
    expect(getToasts().map((t) => t.message)).not.toContain(KONFLIKT.message);
    expect(screen.getByLabelText('Muttergesellschaft', { selector: 'input' })).toHaveValue('Rheinaue Holding');

    await user.click(within(dialog).getByRole('button', { name: KONFLIKT_ANWENDEN }));
    await waitFor(() => expect(called('PUT', '/api/betrieb/7')).toHaveLength(2));
    const body = called('PUT', '/api/betrieb/7')[1].body as Record<string, unknown>;
    expect(body.version).toBe(4);
    expect(body.muttergesellschaft).toBe('Rheinaue Holding');
    expect(body.url).toBe('https://nord.example');
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Betrieb erfolgreich gespeichert'));
  });

  it('a historised save applied again goes through the Historisierung dialog, still on the new version', async () => {
    const user = userEvent.setup();
    let n = 0;
    const { called } = mock(() =>
      n++ === 0 ? json(400, { message: 'Die Änderung muss historisiert werden.', auditInfoViolation: 'MISSING' }) : { id: 7, message: 'ok', version: 5, position: 21 },
    );
    const dialog = await bisZumKonflikt(user);
    await user.click(within(dialog).getByRole('button', { name: KONFLIKT_ANWENDEN }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Historisierung' })).getByRole('button', { name: 'Historisieren' }));
    const schritt2 = screen.getByRole('dialog', { name: 'Historisierung' });
    await user.type(within(schritt2).getByLabelText(/Änderungsgrund/), 'Konzernzugehörigkeit');
    await user.click(within(schritt2).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Betrieb erfolgreich gespeichert'));
    const puts = called('PUT', '/api/betrieb/7').map((c) => c.body as Record<string, unknown>);
    expect(puts).toHaveLength(3);
    expect(puts[2]).toMatchObject({ version: 4, muttergesellschaft: 'Rheinaue Holding', url: 'https://nord.example' });
    expect(puts[2].auditInfo).toMatchObject({ aenderungsgrund: 'Konzernzugehörigkeit' });
  });

  it("'Abbrechen' keeps the input in the form and sends nothing more", async () => {
    const user = userEvent.setup();
    const { called } = mock(() => ({ id: 7, message: 'ok', version: 5, position: 21 }));
    const dialog = await bisZumKonflikt(user);
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog', { name: KONFLIKT_TITEL })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Muttergesellschaft', { selector: 'input' })).toHaveValue('Rheinaue Holding');
    expect(called('PUT', '/api/betrieb/7')).toHaveLength(1);
  });

  it('a bounded answer says how many older changes it leaves out, and the input can still be applied', async () => {
    const user = userEvent.setup();
    const { called } = mock(() => ({ id: 7, message: 'ok', version: 5, position: 21 }), { ...KONFLIKT, aenderungenAusgelassen: 14 });
    const dialog = await bisZumKonflikt(user);
    expect(dialog).toHaveTextContent(konfliktWeitere(14));
    expect(dialog).toHaveTextContent('Claudia Schneider');
    await user.click(within(dialog).getByRole('button', { name: KONFLIKT_ANWENDEN }));
    await waitFor(() => expect(called('PUT', '/api/betrieb/7')).toHaveLength(2));
    expect((called('PUT', '/api/betrieb/7')[1].body as Record<string, unknown>).version).toBe(4);
  });

  it('an answer without changes (a version loaded before the login) says so and keeps the dialog', async () => {
    const user = userEvent.setup();
    mock(() => ({ id: 7, message: 'ok', version: 5, position: 21 }), { message: KONFLIKT.message, aenderungen: [], aenderungenAusgelassen: 3 });
    const dialog = await bisZumKonflikt(user);
    expect(dialog).toHaveTextContent(KONFLIKT_KEINE);
    expect(within(dialog).queryByRole('list', { name: 'Änderungen seit dem Laden' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: KONFLIKT_ANWENDEN })).toBeEnabled();
    expect(konfliktWeitere(1)).toBe('Dazu kommt 1 ältere Änderung, die hier nicht aufgeführt ist.');
  });

  it('the input is the top-level fields that differ from the loaded values', () => {
    expect(eigeneAenderungen({ a: 1, b: { x: 2 }, c: 'z' }, { a: 1, b: { x: 3 }, c: 'z' })).toEqual({ b: { x: 2 } });
  });
});
