import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { pflichtfelder } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';
import { formatDate, todayIso } from '@/lib/format';
import { clearToasts, getToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { pruefeZusammenfuehrung } from './ZusammenfuehrenDialog';

const ADMIN = ['SYSTEMVERWALTUNG_OEFFNEN', 'SYSTEMVERWALTUNG_BEARBEITEN'];
const VERWENDET = 'Die Organisation wird noch von Anwendern oder Betrieben verwendet und kann deshalb nicht gelöscht werden.';

const org = (id: number, bezeichnung: string, extra: object = {}) => ({
  id,
  bezeichnung,
  status: 'AKTIV',
  abwasserbeseitigungspflicht: false,
  adresse: { strasse: 'Marktplatz', hausnummer: '1', plz: '56566', ort: 'Musterhausen' },
  abgabenummer: 'AB-1',
  organisationsId: 'ORG-1',
  version: 3,
  ...extra,
});

const organisationen = [org(1, 'Klärwerk Rheinaue GmbH'), org(2, 'Verbandsgemeinde Musterhausen', { abwasserbeseitigungspflicht: true })];

function mock(handlers: Parameters<typeof apiMock>[0] = {}) {
  const m = apiMock({
    'GET /api/me': () => ich(ADMIN, ['SYSTEMADMIN']),
    'GET /api/organisation': () => organisationen,
    'GET /api/organisation/2': () => organisationen[1],
    'GET /api/organisation/2/historie': () => [
      { gueltigAb: '2024-01-01', gueltigBis: '2025-02-28', aenderungsgrund: '', geaendertAm: '2024-01-01T08:00:00Z', geaendertVon: 'Demo-Daten', aktuell: false, organisation: { bezeichnung: 'VG Alt', adresse: {}, status: 'AKTIV' } },
      { gueltigAb: '2025-03-01', gueltigBis: '3000-01-01', aenderungsgrund: 'Umbenennung', geaendertAm: '2025-03-01T08:00:00Z', geaendertVon: 'Sabine Adler', aktuell: true, organisation: { bezeichnung: 'Verbandsgemeinde Musterhausen', adresse: { strasse: 'Marktplatz', hausnummer: '1', plz: '56566', ort: 'Musterhausen' }, status: 'AKTIV' } },
    ],
    'GET /api/organisation/2/verlauf': () => [
      { version: 1, position: 5, zeitpunkt: '2024-01-01T08:00:00Z', akteur: 'Demo-Daten', ereignis: 'OrganisationAngelegt', zusammenfassung: 'Organisation angelegt', aenderungen: [{ feld: 'bezeichnung', bezeichnung: 'Bezeichnung', alt: '', neu: 'VG Alt' }] },
      { version: 2, position: 9, zeitpunkt: '2025-03-01T08:00:00Z', akteur: 'Sabine Adler', ereignis: 'OrganisationGeaendert', zusammenfassung: 'Organisation geändert, gültig ab 01.03.2025', aenderungen: [{ feld: 'bezeichnung', bezeichnung: 'Bezeichnung', alt: 'VG Alt', neu: 'Verbandsgemeinde Musterhausen' }] },
    ],
    'DELETE /api/organisation/1': () => json(400, { message: VERWENDET, traceId: 't' }),
    'POST /api/organisation/merge': () => ({ message: 'Die Organisationen wurden erfolgreich zusammengeführt.' }),
    ...handlers,
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const toasts = () => getToasts().map((t) => t.message);
async function zeile(name: string) {
  return (await screen.findByRole('cell', { name })).closest('tr')!;
}

describe('Organisationen', () => {
  it("issue 43: the dialog marks exactly the server table's required fields", async () => {
    const user = userEvent.setup();
    mock();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    renderRoutes(routes, '/systemverwaltung/organisationen');
    await user.click(within(await zeile('Verbandsgemeinde Musterhausen')).getByRole('button', { name: /^Bearbeiten/ }));
    const dialog = screen.getByRole('dialog', { name: 'Organisation bearbeiten' });
    await within(dialog).findByLabelText(/^Bezeichnung/);
    const markiert = [...dialog.querySelectorAll('[aria-required="true"]')].map((e) => e.getAttribute('name')).sort();
    expect(markiert).toEqual(pflichtfelder(FORMULARE.organisation).map((f) => f.slice(f.lastIndexOf('.') + 1)).sort());
  });

  it('a changed name goes through the audit dialog and is sent with auditInfo', async () => {
    const user = userEvent.setup();
    const verstoss = json(400, {
      message: 'Die Änderung muss historisiert werden: Bitte geben Sie an, ab wann sie gilt, und einen Änderungsgrund.',
      auditInfoViolation: 'MISSING',
      traceId: 't',
    });
    let n = 0;
    const { called } = mock({ 'PUT /api/organisation/2': () => (n++ === 0 ? verstoss : { id: 2, message: 'Gespeichert', position: 5 }) });
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    renderRoutes(routes, '/systemverwaltung/organisationen');
    await user.click(within(await zeile('Verbandsgemeinde Musterhausen')).getByRole('button', { name: /^Bearbeiten/ }));
    const dialog = screen.getByRole('dialog', { name: 'Organisation bearbeiten' });
    const bez = await within(dialog).findByLabelText(/^Bezeichnung/);
    await user.clear(bez);
    await user.type(bez, 'VG Musterhausen-Land');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    await user.click(within(await screen.findByRole('dialog', { name: 'Historisierung' })).getByRole('button', { name: 'Historisieren' }));
    const schritt2 = screen.getByRole('dialog', { name: 'Historisierung' });
    expect(within(schritt2).getByLabelText(/Gültig ab/)).toHaveValue(formatDate(todayIso()));
    await user.type(within(schritt2).getByLabelText(/Änderungsgrund/), 'Fusion');
    await user.click(within(schritt2).getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(toasts()).toContain('Gespeichert'));
    const puts = called('PUT', '/api/organisation/2');
    expect(puts[0].body).toEqual({
      bezeichnung: 'VG Musterhausen-Land',
      adresse: { strasse: 'Marktplatz', hausnummer: '1', plz: '56566', ort: 'Musterhausen' },
      status: 'AKTIV',
      abwasserbeseitigungspflicht: true,
      abgabenummer: 'AB-1',
      organisationsId: 'ORG-1',
      version: 3,
    });
    expect((puts[1].body as { auditInfo: unknown }).auditInfo).toEqual({ gueltigAb: todayIso(), aenderungsgrund: 'Fusion' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // no error toast for the audit question
    expect(getToasts().filter((t) => t.kind === 'error')).toEqual([]);
  });

  it("'Änderungen verwerfen' reloads the stored data into the form", async () => {
    const user = userEvent.setup();
    const { called } = mock({
      'PUT /api/organisation/2': () => json(400, { message: 'fehlt', auditInfoViolation: 'MISSING', traceId: 't' }),
    });
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    renderRoutes(routes, '/systemverwaltung/organisationen');
    await user.click(within(await zeile('Verbandsgemeinde Musterhausen')).getByRole('button', { name: /^Bearbeiten/ }));
    const dialog = screen.getByRole('dialog', { name: 'Organisation bearbeiten' });
    const ort = await within(dialog).findByLabelText(/^Ort/);
    await user.clear(ort);
    await user.type(ort, 'Neustadt');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Historisierung' })).getByRole('button', { name: 'Änderungen verwerfen' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Ort/)).toHaveValue('Musterhausen'));
    expect(called('GET', '/api/organisation/2')).toHaveLength(2);
    expect(toasts()).toContain('Die Änderungen wurden verworfen.');
  });

  it('shows the Verlauf: every event newest first, its changed fields with the dialog labels', async () => {
    const user = userEvent.setup();
    mock();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    renderRoutes(routes, '/systemverwaltung/organisationen');
    await user.click(within(await zeile('Verbandsgemeinde Musterhausen')).getByRole('button', { name: /^Verlauf/ }));
    const dialog = screen.getByRole('dialog', { name: 'Verlauf: Verbandsgemeinde Musterhausen' });
    const tabelle = await within(dialog).findByRole('table', { name: /^Verlauf/ });
    await within(tabelle).findByText('Organisation geändert, gültig ab 01.03.2025');
    const zeilen = within(tabelle).getAllByRole('row').slice(1);
    expect(within(zeilen[0]).getAllByRole('cell').map((c) => c.textContent).slice(2)).toEqual([
      'Sabine Adler',
      'Organisation geändert, gültig ab 01.03.2025',
    ]);
    await user.click(within(zeilen[0]).getByRole('button', { name: 'Details anzeigen' }));
    const diff = within(dialog).getByRole('table', { name: 'Geänderte Felder: Organisation geändert, gültig ab 01.03.2025' });
    expect(within(diff).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      'BezeichnungVG AltVerbandsgemeinde Musterhausen',
    ]);
  });

  it('shows the history with the current version marked', async () => {
    const user = userEvent.setup();
    mock();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    renderRoutes(routes, '/systemverwaltung/organisationen');
    await user.click(within(await zeile('Verbandsgemeinde Musterhausen')).getByRole('button', { name: /^Historie/ }));
    const dialog = screen.getByRole('dialog', { name: 'Historie: Verbandsgemeinde Musterhausen' });
    const aktuell = (await within(dialog).findByRole('cell', { name: 'Umbenennung' })).closest('tr')!;
    expect(within(aktuell).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '01.03.2025',
      'unbefristetaktuell',
      'Verbandsgemeinde Musterhausen',
      'Marktplatz 1, 56566 Musterhausen',
      'Aktiv',
      expect.stringMatching(/^01\.03\.2025 /),
      'Sabine Adler',
      'Umbenennung',
      '–nicht korrigiert',
    ]);
    // newest first
    expect(within(dialog).getAllByRole('row')[1]).toBe(aktuell);
  });

  it('merges after the confirmation and shows the server text; a refused delete shows its reason', async () => {
    const user = userEvent.setup();
    const { called } = mock();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    renderRoutes(routes, '/systemverwaltung/organisationen');
    await user.click(within(await zeile('Klärwerk Rheinaue GmbH')).getByRole('button', { name: /^Zusammenführen/ }));
    const dialog = screen.getByRole('dialog', { name: 'Organisationen zusammenführen' });
    expect(within(dialog).getByLabelText('Quelle')).toHaveValue('Klärwerk Rheinaue GmbH');
    const ziel = within(dialog).getByLabelText(/^Ziel/);
    // the source is no destination
    expect(within(ziel).queryByRole('option', { name: 'Klärwerk Rheinaue GmbH' })).not.toBeInTheDocument();
    await user.selectOptions(ziel, 'Verbandsgemeinde Musterhausen');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Personen übernehmen' }));
    await user.click(within(dialog).getByRole('button', { name: /^Zusammenführen/ }));
    const frage = screen.getByRole('alertdialog');
    expect(frage).toHaveTextContent(
      'Wollen Sie die Organisation „Klärwerk Rheinaue GmbH“ wirklich mit „Verbandsgemeinde Musterhausen“ zusammenführen?',
    );
    await user.click(within(frage).getByRole('button', { name: /^Zusammenführen/ }));
    await waitFor(() => expect(toasts()).toContain('Die Organisationen wurden erfolgreich zusammengeführt.'));
    expect(called('POST', '/api/organisation/merge')[0].body).toEqual({
      sourceOrganisationId: 1,
      destinationOrganisationId: 2,
      mergeDate: todayIso(),
      includePersonen: true,
    });

    await user.click(within(await zeile('Klärwerk Rheinaue GmbH')).getByRole('button', { name: /^Löschen/ }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Löschen bestätigen' })).getByRole('button', { name: /^Löschen/ }));
    await waitFor(() => expect(toasts()).toContain(VERWENDET));
  });

  it('a merge needs a destination and a date not in the future', () => {
    const heute = new Date(2025, 2, 10);
    expect(pruefeZusammenfuehrung({ ziel: '', datum: '11.03.2025', personen: false }, heute)).toEqual({
      ziel: 'Dieses Feld ist ein Pflichtfeld.',
      datum: 'Das Datum der Zusammenführung darf nicht in der Zukunft liegen.',
    });
    expect(pruefeZusammenfuehrung({ ziel: '2', datum: '10.03.2025', personen: false }, heute)).toEqual({});
  });
});
