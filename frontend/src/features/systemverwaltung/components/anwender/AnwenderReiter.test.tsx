import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts, getToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { LEERER_ANWENDER, pruefeAnwender } from './validierung';

const ADMIN = ['SYSTEMVERWALTUNG_OEFFNEN', 'SYSTEMVERWALTUNG_BEARBEITEN'];
const DIENSTSTELLE = 'Ein Behoerdenanwender benoetigt mindestens eine lokale Rolle, welche die Dienststelle repraesentiert.';

const zeile = (id: number, benutzername: string, name: string, status: string, extra: object = {}) => ({
  id,
  benutzername,
  status,
  angelegtAm: '2025-01-02T10:00:00Z',
  gueltigBis: '3000-01-01T00:00:00Z',
  globaleRolle: 'ORGANISATION',
  funktionaleRolle: ['BETREIBER'],
  lokaleRollen: [],
  datascoutId: '',
  behoerde: '',
  person: { anrede: 'Herr', name, vorname: 'Max', email: `${benutzername}@example.org`, telefon: '0261-1', organisation: { id: 3, bezeichnung: 'Klärwerk Rheinaue GmbH' } },
  version: 4,
  ...extra,
});

const anwender = [zeile(11, 'betreiber', 'Wagner', 'AKTIV'), zeile(12, 'neu', 'Neumann', 'BESTAETIGT', { gueltigBis: '2026-05-14T09:30:00+02:00' })];

function mock(aktionen = ADMIN, handlers: Parameters<typeof apiMock>[0] = {}) {
  const m = apiMock({
    'GET /api/me': () => ich(aktionen, ['SYSTEMADMIN']),
    'GET /api/anwender': () => ({ content: anwender, page: 0, size: 10, totalElements: 2 }),
    'GET /api/anwender/11': () => anwender[0],
    'GET /api/anrede': () => [{ id: 1, value: 'Herr' }, { id: 2, value: 'Frau' }],
    'GET /api/titel': () => [],
    'GET /api/organisation': () => [{ id: 3, bezeichnung: 'Klärwerk Rheinaue GmbH', status: 'AKTIV', adresse: {}, abwasserbeseitigungspflicht: false, version: 1 }],
    'GET /api/lokaleRolle': () => [{ id: 1, bezeichnung: 'Regionalstelle Koblenz', globaleRolle: 'BEHOERDE', systemrolle: true }],
    'GET /api/regionalstelle': () => [],
    'PUT /api/anwender/12/status': () => ({ message: 'Der Zugang wurde freigeschaltet.' }),
    'DELETE /api/anwender/11': () => json(400, { message: 'Sie können Ihr eigenes Konto nicht löschen.', traceId: 't' }),
    'POST /api/anwender/export': () =>
      new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="anwender.xlsx"' } }),
    ...handlers,
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const toasts = () => getToasts().map((t) => t.message);
const oeffnen = () => {
  anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
  return renderRoutes(routes, '/systemverwaltung/anwender');
};

describe('Anwender', () => {
  it('filters on the server: defaults all set, the request carries the filter, page and sort order', async () => {
    const user = userEvent.setup();
    const { called } = mock();
    oeffnen();
    expect(await screen.findByRole('cell', { name: 'Wagner' })).toBeInTheDocument();
    // the columns of the list; the validity as a day
    const zeile12 = screen.getByRole('cell', { name: 'Neumann' }).closest('tr')!;
    expect(within(zeile12).getAllByRole('cell').slice(1, 8).map((c) => c.textContent)).toEqual([
      'neu',
      'Neumann',
      'Max',
      'Klärwerk Rheinaue GmbH',
      'Bestätigt',
      'Organisation',
      '14.05.2026',
    ]);
    const filter = screen.getByRole('search', { name: 'Anwender filtern' });
    for (const cb of within(filter).getAllByRole('checkbox')) expect(cb).toBeChecked();

    await user.type(within(filter).getByLabelText('Name'), 'Wag');
    await user.click(within(filter).getByRole('checkbox', { name: 'Inaktiv' }));
    await user.click(within(filter).getByRole('checkbox', { name: 'Behörde' }));
    await user.click(within(filter).getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(called('GET', '/api/anwender').length).toBeGreaterThan(1));
    const params = Object.fromEntries(called('GET', '/api/anwender').at(-1)!.url.searchParams);
    expect(params).toEqual({
      name: 'Wag',
      statusBeantragt: 'true',
      statusBestaetigt: 'true',
      statusAktiv: 'true',
      statusInaktiv: 'false',
      rolleOrganisation: 'true',
      rolleBehoerde: 'false',
      rolleAdministration: 'true',
      page: '0',
      size: '10',
      sortProperty: 'name',
      sortDirection: 'ASC',
    });

    await user.click(screen.getByRole('button', { name: 'Benutzername' }));
    await waitFor(() => expect(called('GET', '/api/anwender').at(-1)!.url.searchParams.get('sortProperty')).toBe('benutzername'));

    await user.click(within(filter).getByRole('button', { name: 'Zurücksetzen' }));
    expect(within(filter).getByLabelText('Name')).toHaveValue('');
    for (const cb of within(filter).getAllByRole('checkbox')) expect(cb).toBeChecked();
  });

  it('exports the filter without a selection and the selected rows with one (anwender.xlsx)', async () => {
    const user = userEvent.setup();
    const { called } = mock();
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    oeffnen();
    await screen.findByRole('cell', { name: 'Wagner' });
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(downloads).toEqual(['anwender.xlsx']));
    const ohne = called('POST', '/api/anwender/export')[0];
    expect(ohne.body).toBeUndefined();
    expect(ohne.url.searchParams.get('statusAktiv')).toBe('true');
    expect(ohne.url.searchParams.get('page')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'neu auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(called('POST', '/api/anwender/export')).toHaveLength(2));
    expect(called('POST', '/api/anwender/export')[1].body).toEqual({ ids: [12] });
  });

  it('creates a user: the form checks first, then the server rules land on their fields', async () => {
    const user = userEvent.setup();
    let antwort = 0;
    const { called } = mock(ADMIN, {
      'POST /api/anwender': () =>
        antwort++ === 0
          ? json(400, { message: DIENSTSTELLE, validationErrors: { lokaleRollen: DIENSTSTELLE, 'person.email': 'Diese E-Mail-Adresse ist ungültig.' }, traceId: 't' })
          : json(201, { id: 30, message: 'Gespeichert', position: 9 }),
    });
    oeffnen();
    await user.click(await screen.findByRole('button', { name: 'Anwender hinzufügen' }));
    const dialog = screen.getByRole('dialog', { name: 'Anwender hinzufügen' });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByLabelText(/^Benutzername/)).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    expect(within(dialog).getByLabelText(/^Passwort \*/)).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    expect(within(dialog).getByRole('group', { name: /Funktionale Rollen/ })).toHaveAccessibleDescription(
      'Es muss mindestens ein Element ausgewaehlt werden',
    );

    await user.type(within(dialog).getByLabelText(/^Benutzername/), 'lena');
    await user.type(within(dialog).getByLabelText(/^Passwort \*/), 'Geheim-Passwort-1');
    await user.type(within(dialog).getByLabelText(/^Passwort bestätigen/), 'Geheim-Passwort-1');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Zuständig SBD' }));
    expect(within(dialog).getByLabelText(/^Anrede/)).not.toBeRequired();
    await user.selectOptions(within(dialog).getByLabelText(/^Anrede/), 'Frau');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Lang');
    await user.type(within(dialog).getByLabelText(/^Vorname/), 'Lena');
    await user.type(within(dialog).getByLabelText(/^E-Mail/), 'lena@example.org');
    await user.type(within(dialog).getByLabelText(/^Telefon/), '0261-5');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    // an authority role needs the Datascout-ID, not an organisation
    expect(within(dialog).getByLabelText(/^Datascout-ID/)).toHaveAccessibleDescription(/Dieses Feld ist ein Pflichtfeld\./);
    expect(within(dialog).getByLabelText(/^Organisation/)).not.toHaveAttribute('aria-invalid');
    await user.type(within(dialog).getByLabelText(/^Datascout-ID/), 'DS-LENA');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    const zugeordnet = await within(dialog).findByRole('listbox', { name: /Zugeordnet/ });
    await waitFor(() => expect(zugeordnet).toHaveAccessibleDescription(DIENSTSTELLE));
    expect(within(dialog).getByLabelText(/^E-Mail/)).toHaveAccessibleDescription('Diese E-Mail-Adresse ist ungültig.');
    expect(toasts()).toContain(`Validierung fehlgeschlagen: ${DIENSTSTELLE}`);

    await user.dblClick(within(dialog).getByRole('option', { name: 'Regionalstelle Koblenz (Systemrolle)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts()).toContain('Gespeichert'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(called('POST', '/api/anwender')[1].body).toEqual({
      benutzername: 'lena',
      passwort: 'Geheim-Passwort-1',
      datascoutId: 'DS-LENA',
      funktionaleRolle: ['ZUST_SBD'],
      lokaleRollen: [1],
      behoerde: '',
      person: { anrede: 'Frau', titel: '', name: 'Lang', vorname: 'Lena', email: 'lena@example.org', telefon: '0261-5', mobil: '', organisation: null },
    });
  });

  it('edits with the loaded version; a 409 shows its message', async () => {
    const user = userEvent.setup();
    const { called } = mock(ADMIN, {
      'PUT /api/anwender/11': () => json(409, { message: 'Die Daten wurden inzwischen von jemand anderem geändert.', traceId: 't' }),
    });
    oeffnen();
    const zeile11 = (await screen.findByRole('cell', { name: 'Wagner' })).closest('tr')!;
    await user.click(within(zeile11).getByRole('button', { name: /^Bearbeiten/ }));
    const dialog = screen.getByRole('dialog', { name: 'Anwender bearbeiten' });
    const vorname = await within(dialog).findByLabelText(/^Vorname/);
    expect(vorname).toHaveValue('Max');
    // an existing user keeps the password when it stays empty
    expect(within(dialog).getByLabelText(/^Passwort$/)).toHaveAccessibleDescription('Leer lassen, um das Passwort zu behalten.');
    await user.type(vorname, 'imilian');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts()).toContain('Die Daten wurden inzwischen von jemand anderem geändert.'));
    const body = called('PUT', '/api/anwender/11')[0].body as { version: number; passwort: string; person: { vorname: string; organisation: unknown } };
    expect(body.version).toBe(4);
    expect(body.passwort).toBe('');
    expect(body.person.vorname).toBe('Maximilian');
    expect(body.person.organisation).toEqual({ id: 3 });
  });

  it('activates a confirmed user; a refused delete shows the server text', async () => {
    const user = userEvent.setup();
    const { called } = mock();
    oeffnen();
    const zeile11 = (await screen.findByRole('cell', { name: 'Wagner' })).closest('tr')!;
    const zeile12 = screen.getByRole('cell', { name: 'Neumann' }).closest('tr')!;
    expect(within(zeile11).getByRole('button', { name: /^Deaktivieren/ })).toBeInTheDocument();
    await user.click(within(zeile12).getByRole('button', { name: /^Aktivieren/ }));
    await waitFor(() => expect(toasts()).toContain('Der Zugang wurde freigeschaltet.'));
    expect(called('PUT', '/api/anwender/12/status')[0].body).toEqual({ status: 'AKTIV' });

    await user.click(within(zeile11).getByRole('button', { name: /^Löschen/ }));
    const frage = screen.getByRole('alertdialog', { name: 'Löschen bestätigen' });
    expect(frage).toHaveTextContent('Sind Sie sicher, dass Sie den Anwender „betreiber“ löschen möchten?');
    await user.click(within(frage).getByRole('button', { name: /^Löschen/ }));
    await waitFor(() => expect(toasts()).toContain('Sie können Ihr eigenes Konto nicht löschen.'));
    expect(getToasts().find((t) => t.message === 'Sie können Ihr eigenes Konto nicht löschen.')?.kind).toBe('error');
  });

  it('deactivating asks first and says it is done; one\'s own account offers no deactivation', async () => {
    const user = userEvent.setup();
    const ich7 = zeile(7, 'systemadmin', 'Adler', 'AKTIV');
    const { called } = mock(ADMIN, {
      'GET /api/anwender': () => ({ content: [...anwender, ich7], page: 0, size: 10, totalElements: 3 }),
      'PUT /api/anwender/11/status': () => ({ message: 'Der Zugang wurde deaktiviert.' }),
    });
    oeffnen();
    const zeile11 = (await screen.findByRole('cell', { name: 'Wagner' })).closest('tr')!;
    // the caller (GET /api/me answers id 7) cannot lock himself out
    const eigene = screen.getByRole('cell', { name: 'Adler' }).closest('tr')!;
    expect(within(eigene).queryByRole('button', { name: /^Deaktivieren/ })).not.toBeInTheDocument();

    await user.click(within(zeile11).getByRole('button', { name: 'Deaktivieren: betreiber' }));
    let frage = screen.getByRole('alertdialog', { name: 'Deaktivieren bestätigen' });
    expect(frage).toHaveTextContent('Sind Sie sicher, dass Sie den Anwender „betreiber“ deaktivieren möchten?');
    expect(within(frage).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.click(within(frage).getByRole('button', { name: 'Abbrechen' }));
    expect(called('PUT', '/api/anwender/11/status')).toHaveLength(0);

    await user.click(within(zeile11).getByRole('button', { name: 'Deaktivieren: betreiber' }));
    frage = screen.getByRole('alertdialog', { name: 'Deaktivieren bestätigen' });
    await user.click(within(frage).getByRole('button', { name: 'Deaktivieren' }));
    await waitFor(() => expect(toasts()).toContain('Der Zugang wurde deaktiviert.'));
    expect(called('PUT', '/api/anwender/11/status')[0].body).toEqual({ status: 'INAKTIV' });
  });

  it('a reader sees the list and the export but no add, edit or delete', async () => {
    mock(['SYSTEMVERWALTUNG_OEFFNEN']);
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    renderRoutes(routes, '/systemverwaltung/anwender');
    await screen.findByRole('cell', { name: 'Wagner' });
    expect(screen.getByRole('button', { name: 'Exportieren' })).toBeInTheDocument();
    for (const name of ['Anwender hinzufügen', 'Bearbeiten', 'Löschen', 'Aktivieren', 'Deaktivieren']) {
      expect(screen.queryByRole('button', { name: new RegExp(`^${name}`) })).not.toBeInTheDocument();
    }
  });
});

describe('user form rules (spec 002 §5)', () => {
  const gueltig = {
    ...LEERER_ANWENDER,
    benutzername: 'x',
    passwort: 'p',
    bestaetigung: 'p',
    funktionaleRolle: ['BETREIBER'],
    anrede: 'Frau',
    name: 'N',
    vorname: 'V',
    email: 'a@b.de',
    telefon: '1',
    organisation: '3',
  };
  it('organisation for organisation roles, Datascout-ID for the others, password only for new users', () => {
    expect(pruefeAnwender(gueltig, true)).toEqual({});
    expect(pruefeAnwender({ ...gueltig, organisation: '' }, true)).toEqual({ organisation: 'Dieses Feld ist ein Pflichtfeld.' });
    expect(pruefeAnwender({ ...gueltig, funktionaleRolle: ['FACHADMIN'], organisation: '' }, true)).toEqual({
      datascoutId: 'Dieses Feld ist ein Pflichtfeld.',
    });
    expect(pruefeAnwender({ ...gueltig, passwort: '', bestaetigung: '' }, false)).toEqual({});
    expect(pruefeAnwender({ ...gueltig, passwort: '', bestaetigung: '' }, true)).toEqual({ passwort: 'Dieses Feld ist ein Pflichtfeld.' });
    expect(pruefeAnwender({ ...gueltig, bestaetigung: 'q' }, true)).toEqual({ bestaetigung: 'Die Passwörter stimmen nicht überein.' });
  });

  it('requires name, vorname, email, telefon and benutzername — not the Anrede (spec 002 §5)', () => {
    expect(pruefeAnwender({ ...gueltig, anrede: '' }, true)).toEqual({});
    expect(Object.keys(pruefeAnwender({ ...LEERER_ANWENDER, funktionaleRolle: ['BETREIBER'], organisation: '3' }, false)).sort()).toEqual(
      ['benutzername', 'email', 'name', 'telefon', 'vorname'],
    );
  });
});
