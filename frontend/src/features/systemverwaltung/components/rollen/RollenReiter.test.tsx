import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts, getToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';

const ADMIN = ['SYSTEMVERWALTUNG_OEFFNEN', 'SYSTEMVERWALTUNG_BEARBEITEN'];
const LETZTE = 'Die Rolle ist für 2 Anwender die letzte lokale Rolle. Wollen Sie sie trotzdem löschen?';

const rollen = [
  { id: 1, bezeichnung: 'Regionalstelle Koblenz', globaleRolle: 'BEHOERDE', systemrolle: true, alleRegionalstellen: false, geaendertAm: '2025-03-01T10:00:00Z', version: 1 },
  { id: 5, bezeichnung: 'Prüfer Nord', globaleRolle: 'ADMIN', systemrolle: false, alleRegionalstellen: true, geaendertAm: '2025-03-02T10:00:00Z', version: 2 },
];

const katalog = [
  { id: 12, betriebsId: '2026-000012', bezeichnung: 'Brauerei am Deutschen Eck', betreiber: 'Klärwerk Rheinaue GmbH' },
  { id: 7, betriebsId: '2026-000007', bezeichnung: 'Papierfabrik Rheinaue – Werk Koblenz', betreiber: 'Klärwerk Rheinaue GmbH' },
  { id: 30, betriebsId: '2026-000030', bezeichnung: 'Kläranlage Musterhausen', betreiber: 'Verbandsgemeinde Musterhausen' },
];

function mock(aktionen = ADMIN, extra: Parameters<typeof apiMock>[0] = {}) {
  const m = apiMock({
    'GET /api/me': () => ich(aktionen, ['SYSTEMADMIN']),
    'GET /api/lokaleRolle': () => rollen,
    'GET /api/regionalstelle': () => [{ id: 40, value: 'Regionalstelle Koblenz', version: 1 }],
    'GET /api/organisation': () => [{ id: 3, bezeichnung: 'Klärwerk Rheinaue GmbH', status: 'AKTIV', adresse: {}, abwasserbeseitigungspflicht: false, version: 1 }],
    'POST /api/lokaleRolle': () => json(201, { id: 9, message: 'Gespeichert', position: 1 }),
    'GET /api/betriebkatalog': (req) => {
      const q = req.url.searchParams.get('q') ?? '';
      const ids = (req.url.searchParams.get('ids') ?? '').split(',').filter(Boolean).map(Number);
      return katalog.filter((b) => ids.includes(b.id) || (q !== '' && `${b.betriebsId} ${b.bezeichnung} ${b.betreiber}`.toLowerCase().includes(q.toLowerCase())));
    },
    'DELETE /api/lokaleRolle/5': (req) =>
      req.url.searchParams.get('ignoreWarning') === 'true'
        ? { message: 'Gelöscht' }
        : json(400, { message: LETZTE, warnung: 'LETZTE_ROLLE', traceId: 't' }),
    ...extra,
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const toasts = () => getToasts().map((t) => t.message);

describe('Rollen', () => {
  it('deleting the last role of users asks again with the server text and repeats with ignoreWarning', async () => {
    const user = userEvent.setup();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    const { called } = mock();
    renderRoutes(routes, '/systemverwaltung/rollen');
    const zeile = (await screen.findByRole('cell', { name: 'Prüfer Nord' })).closest('tr')!;
    // a system role cannot be deleted
    const system = screen.getByRole('cell', { name: 'Regionalstelle Koblenz' }).closest('tr')!;
    expect(within(system).queryByRole('button', { name: /^Löschen/ })).not.toBeInTheDocument();
    expect(within(system).getByRole('button', { name: /^Bearbeiten/ })).toBeInTheDocument();

    await user.click(within(zeile).getByRole('button', { name: /^Löschen/ }));
    const frage = screen.getByRole('alertdialog', { name: 'Löschen bestätigen' });
    expect(frage).toHaveTextContent('Sind Sie sicher, dass Sie die Rolle „Prüfer Nord“ löschen möchten?');
    await user.click(within(frage).getByRole('button', { name: /^Löschen/ }));

    const warnung = await screen.findByRole('alertdialog', { name: 'Letzte lokale Rolle' });
    expect(warnung).toHaveTextContent(LETZTE);
    // no error toast for the warning: the dialog is the answer
    expect(getToasts()).toEqual([]);
    await user.click(within(warnung).getByRole('button', { name: 'Trotzdem löschen' }));

    await waitFor(() => expect(toasts()).toContain('Gelöscht'));
    const deletes = called('DELETE', '/api/lokaleRolle/5');
    expect(deletes.map((c) => c.url.searchParams.get('ignoreWarning'))).toEqual([null, 'true']);
  });

  it('cancelling the warning deletes nothing', async () => {
    const user = userEvent.setup();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    const { called } = mock();
    renderRoutes(routes, '/systemverwaltung/rollen');
    const zeile = (await screen.findByRole('cell', { name: 'Prüfer Nord' })).closest('tr')!;
    await user.click(within(zeile).getByRole('button', { name: /^Löschen/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /^Löschen/ }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Letzte lokale Rolle' })).getByRole('button', { name: 'Abbrechen' }));
    expect(called('DELETE', '/api/lokaleRolle/5')).toHaveLength(1);
  });

  it("export is announced as 'Noch ohne Funktion'; readers see no add, edit or delete", async () => {
    const user = userEvent.setup();
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    mock(['SYSTEMVERWALTUNG_OEFFNEN']);
    renderRoutes(routes, '/systemverwaltung/rollen');
    await screen.findByRole('cell', { name: 'Prüfer Nord' });
    expect(screen.queryByRole('button', { name: 'Hinzufügen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Bearbeiten/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Löschen/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    expect(toasts()).toEqual(['Noch ohne Funktion']);
  });

  it("'Alle Regionalstellen' disables the pickers; a new role is posted", async () => {
    const user = userEvent.setup();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    const { called } = mock();
    renderRoutes(routes, '/systemverwaltung/rollen');
    await user.click(await screen.findByRole('button', { name: 'Hinzufügen' }));
    const dialog = screen.getByRole('dialog', { name: 'Rolle hinzufügen' });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByLabelText(/Bezeichnung/)).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    expect(within(dialog).getByLabelText(/Globale Rolle/)).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');

    await user.type(within(dialog).getByLabelText(/Bezeichnung/), 'Leser Süd');
    await user.selectOptions(within(dialog).getByLabelText(/Globale Rolle/), 'Behörde');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Regionalstelle Koblenz' }));
    // operations are picked from the catalogue: Betriebs-Nr., name and operator
    const suche = within(dialog).getByRole('searchbox', { name: 'Betrieb suchen' });
    await user.type(suche, 'rheinaue');
    const treffer = await within(dialog).findByRole('list', { name: 'Suchergebnisse' });
    await waitFor(() => expect(within(treffer).getAllByRole('listitem')).toHaveLength(2));
    expect(within(dialog).getByText('2 Betriebe gefunden.')).toBeInTheDocument();
    await user.click(within(treffer).getByRole('button', { name: '2026-000012 – Brauerei am Deutschen Eck (Klärwerk Rheinaue GmbH) hinzufügen' }));
    await user.click(within(treffer).getByRole('button', { name: /Papierfabrik Rheinaue – Werk Koblenz \(Klärwerk Rheinaue GmbH\) hinzufügen/ }));
    expect(within(treffer).getByRole('button', { name: /Brauerei am Deutschen Eck .* ist ausgewählt/ })).toBeDisabled();
    const gewaehlt = within(dialog).getByRole('list', { name: 'Ausgewählte Betriebe' });
    expect(within(gewaehlt).getAllByRole('listitem').map((l) => l.firstChild?.textContent)).toEqual([
      '2026-000012 – Brauerei am Deutschen Eck (Klärwerk Rheinaue GmbH)',
      '2026-000007 – Papierfabrik Rheinaue – Werk Koblenz (Klärwerk Rheinaue GmbH)',
    ]);
    // Enter in the search does not save the role
    await user.type(suche, '{Enter}');
    expect(called('POST', '/api/lokaleRolle')).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Alle Regionalstellen' }));
    // a disabled fieldset, or (MehrfachAuswahl: its list keeps the focus) every box of the group disabled
    const gesperrt = (name: string) => {
      const gruppe = within(dialog).getByRole('group', { name });
      if (gruppe.getAttribute('aria-disabled') !== 'true') return expect(gruppe).toBeDisabled();
      for (const box of within(gruppe).queryAllByRole('checkbox')) expect(box).toBeDisabled();
    };
    gesperrt('Regionalstellen');
    gesperrt('Organisationen');
    gesperrt('Betriebe');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Alle Regionalstellen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(called('POST', '/api/lokaleRolle')).toHaveLength(1));
    expect(called('POST', '/api/lokaleRolle')[0].body).toEqual({
      bezeichnung: 'Leser Süd',
      globaleRolle: 'BEHOERDE',
      systemrolle: false,
      alleRegionalstellen: false,
      regionalstelleIds: [40],
      organisationen: [],
      betriebe: [12, 7],
    });
    expect(toasts()).toContain('Gespeichert');
  });

  it("the server's refusal of an operation that does not exist lands on the picker", async () => {
    const user = userEvent.setup();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    const msg = 'Diese Betriebe gibt es nicht: 12.';
    mock(ADMIN, { 'POST /api/lokaleRolle': () => json(400, { message: msg, validationErrors: { betriebe: msg }, traceId: 't' }) });
    renderRoutes(routes, '/systemverwaltung/rollen');
    await user.click(await screen.findByRole('button', { name: 'Hinzufügen' }));
    const dialog = screen.getByRole('dialog', { name: 'Rolle hinzufügen' });
    await user.type(within(dialog).getByLabelText(/Bezeichnung/), 'Prüfer');
    await user.selectOptions(within(dialog).getByLabelText(/Globale Rolle/), 'Behörde');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const suche = within(dialog).getByRole('searchbox', { name: 'Betrieb suchen' });
    await waitFor(() => expect(suche).toHaveFocus());
    expect(suche).toHaveAccessibleDescription(expect.stringContaining(msg));
  });

  it('an existing role shows its operations with number, name and operator; one is removed', async () => {
    const user = userEvent.setup();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    const pruefer = { ...rollen[1], id: 8, bezeichnung: 'Prüfer Brauereien', alleRegionalstellen: false, betriebe: [12, 30], version: 3 };
    const { called } = mock(ADMIN, { 'GET /api/lokaleRolle': () => [...rollen, pruefer] });
    renderRoutes(routes, '/systemverwaltung/rollen');
    const zeile = (await screen.findByRole('cell', { name: 'Prüfer Brauereien' })).closest('tr')!;
    await user.click(within(zeile).getByRole('button', { name: /^Bearbeiten/ }));
    const dialog = screen.getByRole('dialog', { name: 'Rolle bearbeiten' });
    const gewaehlt = within(dialog).getByRole('list', { name: 'Ausgewählte Betriebe' });
    const name = '2026-000030 – Kläranlage Musterhausen (Verbandsgemeinde Musterhausen)';
    expect(await within(gewaehlt).findByText(name)).toBeInTheDocument();
    await user.click(within(gewaehlt).getByRole('button', { name: `${name} entfernen` }));
    expect(within(gewaehlt).getAllByRole('listitem').map((l) => l.firstChild?.textContent)).toEqual([
      '2026-000012 – Brauerei am Deutschen Eck (Klärwerk Rheinaue GmbH)',
    ]);
    // the choice is labelled by one call with its ids
    expect(called('GET', '/api/betriebkatalog')[0].url.searchParams.get('ids')).toBe('12,30');
  });
});
