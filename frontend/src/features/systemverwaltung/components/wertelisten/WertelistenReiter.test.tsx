import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts, getToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { sucheEintraege, zelltext } from './spalten';

const ADMIN = ['SYSTEMVERWALTUNG_OEFFNEN', 'SYSTEMVERWALTUNG_BEARBEITEN'];
const REFERENZIERT = 'Der Wertelisteneintrag wird von anderen Objekten referenziert und kann deshalb nicht gelöscht werden';

const katalog = [
  { liste: 'kanalsystem', bezeichnung: 'Kanalsystem', verwaltung: true, oeffentlich: false, bearbeitbar: true },
  { liste: 'entlastungssystem', bezeichnung: 'Entlastungssystem', verwaltung: true, oeffentlich: false, bearbeitbar: true },
  {
    liste: 'entlastungstyp',
    bezeichnung: 'Entlastungstyp',
    verwaltung: true,
    oeffentlich: false,
    bearbeitbar: true,
    extras: [{ name: 'entlastungssysteme', art: 'REFERENZEN', liste: 'entlastungssystem' }],
  },
  {
    liste: 'selbstueberwachungVorlage',
    bezeichnung: 'Vorlage Selbstüberwachung',
    verwaltung: true,
    oeffentlich: false,
    bearbeitbar: true,
    extras: [
      { name: 'datumsformat', art: 'TEXT', pflicht: true },
      { name: 'uhrzeit', art: 'WAHRHEITSWERT' },
    ],
  },
  { liste: 'betriebstyp', bezeichnung: 'Betriebstyp', verwaltung: false, oeffentlich: false, bearbeitbar: false, schluessel: ['KOMMUNAL'] },
  { liste: 'parameterart', bezeichnung: 'Parameterart', verwaltung: false, oeffentlich: false, bearbeitbar: false, schluessel: ['KONZENTRATION'] },
  {
    liste: 'anforderungsparameter',
    bezeichnung: 'Anforderung: Parameter',
    verwaltung: false,
    oeffentlich: false,
    bearbeitbar: true,
    extras: [
      { name: 'parameterNr', art: 'TEXT', pflicht: true },
      { name: 'parameterName', art: 'TEXT', pflicht: true },
      { name: 'parameterArten', art: 'REFERENZEN', liste: 'parameterart' },
      { name: 'betriebstypen', art: 'REFERENZEN', liste: 'betriebstyp' },
      { name: 'signifikanteStellen', art: 'TEXT', pflege: 'PARAMETER_STELLEN_PFLEGEN' },
      { name: 'abwvKennung', art: 'TEXT', pflege: 'PARAMETER_STELLEN_PFLEGEN' },
    ],
  },
];
const csb = {
  id: 61,
  value: '301 CSB',
  version: 3,
  parameterNr: '301',
  parameterName: 'CSB',
  parameterArten: [71],
  betriebstypen: [],
  signifikanteStellen: '',
  abwvKennung: 'CSB',
};

const kanalsystem = [
  { id: 21, value: 'Mischsystem', version: 1 },
  { id: 22, value: 'Trennsystem', version: 1 },
  { id: 23, value: 'Modifiziertes Trennsystem', version: 1 },
];

function mock(aktionen = ADMIN) {
  const m = apiMock({
    'GET /api/me': () => ich(aktionen, ['SYSTEMADMIN']),
    'GET /api/wertelisten': () => katalog,
    'GET /api/kanalsystem': () => kanalsystem,
    'GET /api/betriebstyp': () => [{ id: 1, value: 'Kommunal', version: 1, schluessel: 'KOMMUNAL' }],
    'GET /api/parameterart': () => [{ id: 71, value: 'Konzentration', version: 1, schluessel: 'KONZENTRATION' }],
    'GET /api/anforderungsparameter': () => [csb],
    'PUT /api/anforderungsparameter/61': (req) => ({ ...csb, version: 4, ...(req.body as object) }),
    'GET /api/entlastungssystem': () => [
      { id: 31, value: 'Mischsystem', version: 1 },
      { id: 32, value: 'Trennsystem', version: 1 },
    ],
    'GET /api/entlastungstyp': () => [{ id: 41, value: 'Regenrückhaltebecken', version: 1, entlastungssysteme: [31, 32] }],
    'GET /api/selbstueberwachungVorlage': () => [{ id: 51, value: 'Standard', version: 1, datumsformat: 'TT.MM.JJJJ', uhrzeit: true }],
    'POST /api/kanalsystem': (req) => json(201, { id: 24, version: 1, ...(req.body as object) }),
    'PUT /api/entlastungstyp/41': (req) => ({ id: 41, version: 2, ...(req.body as object) }),
    'DELETE /api/kanalsystem/21': () => json(409, { message: REFERENZIERT, traceId: 't' }),
    'DELETE /api/kanalsystem/23': () => ({ message: 'Gelöscht' }),
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const toasts = () => getToasts().map((t) => t.message);
const zeilen = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).queryAllByRole('cell').slice(0, 2).map((c) => c.textContent));

async function waehle(user: ReturnType<typeof userEvent.setup>, bezeichnung: string) {
  const auswahl = await screen.findByLabelText('Auswahl der Werteliste');
  await waitFor(() => expect(within(auswahl).getByRole('option', { name: bezeichnung })).toBeInTheDocument());
  await user.selectOptions(auswahl, bezeichnung);
}

describe('Wertelisten', () => {
  it("searches id or value, case-insensitive, in the chosen list ('Suche')", async () => {
    const user = userEvent.setup();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    mock();
    const { router } = renderRoutes(routes, '/systemverwaltung/wertelisten');
    await waehle(user, 'Kanalsystem');
    expect(router.state.location.search).toBe('?liste=kanalsystem');
    await screen.findByRole('cell', { name: 'Trennsystem' });
    expect(zeilen()).toHaveLength(3);

    await user.type(screen.getByLabelText('Suche'), 'TRENN');
    expect(zeilen()).toEqual([
      ['22', 'Trennsystem'],
      ['23', 'Modifiziertes Trennsystem'],
    ]);
    await user.clear(screen.getByLabelText('Suche'));
    await user.type(screen.getByLabelText('Suche'), '21');
    expect(zeilen()).toEqual([['21', 'Mischsystem']]);
    expect(screen.getAllByRole('button', { name: /^Bearbeiten/ })).toHaveLength(1);

    // a fixed enumeration is read-only even for the system administrator
    await user.selectOptions(screen.getByLabelText('Auswahl der Werteliste'), 'Betriebstyp');
    await screen.findByRole('cell', { name: 'Kommunal' });
    expect(screen.getByText('Die Einträge dieser Liste sind fest vorgegeben.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hinzufügen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Bearbeiten/ })).not.toBeInTheDocument();
    // a new list starts without search
    expect(screen.getByLabelText('Suche')).toHaveValue('');
  });

  it('adds an entry; a referenced one cannot be deleted (409 text), another one can', async () => {
    const user = userEvent.setup();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    const { called } = mock();
    renderRoutes(routes, '/systemverwaltung/wertelisten?liste=kanalsystem');
    await screen.findByRole('cell', { name: 'Trennsystem' });

    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    const dialog = screen.getByRole('dialog', { name: 'Kanalsystem: Eintrag hinzufügen' });
    await user.type(within(dialog).getByLabelText(/Wert/), 'Vakuumsystem');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts()).toContain('Gespeichert'));
    expect(called('POST', '/api/kanalsystem')[0].body).toEqual({ value: 'Vakuumsystem' });

    const misch = screen.getByRole('cell', { name: 'Mischsystem' }).closest('tr')!;
    await user.click(within(misch).getByRole('button', { name: /^Löschen/ }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Löschen bestätigen' })).getByRole('button', { name: /^Löschen/ }));
    await waitFor(() => expect(toasts()).toContain(REFERENZIERT));
    expect(called('DELETE', '/api/kanalsystem/21')[0].url.searchParams.get('version')).toBe('1');

    const mod = screen.getByRole('cell', { name: 'Modifiziertes Trennsystem' }).closest('tr')!;
    await user.click(within(mod).getByRole('button', { name: /^Löschen/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /^Löschen/ }));
    await waitFor(() => expect(toasts()).toContain('Gelöscht'));
  });

  it('shows references by their values and edits Entlastungstyp with a multi-select of Entlastungssysteme', async () => {
    const user = userEvent.setup();
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    const { called } = mock();
    renderRoutes(routes, '/systemverwaltung/wertelisten?liste=entlastungstyp');
    expect(await screen.findByRole('cell', { name: 'Mischsystem, Trennsystem' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Entlastungssysteme/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Bearbeiten/ }));
    const dialog = screen.getByRole('dialog', { name: 'Entlastungstyp: Eintrag bearbeiten' });
    const gruppe = within(dialog).getByRole('group', { name: 'Entlastungssysteme' });
    expect(within(gruppe).getByRole('checkbox', { name: 'Trennsystem' })).toBeChecked();
    await user.click(within(gruppe).getByRole('checkbox', { name: 'Trennsystem' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(called('PUT', '/api/entlastungstyp/41')).toHaveLength(1));
    expect(called('PUT', '/api/entlastungstyp/41')[0].body).toEqual({ value: 'Regenrückhaltebecken', entlastungssysteme: [31], version: 1 });
  });

  it('shows booleans as x; without the editing action there are no controls', async () => {
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    mock(['SYSTEMVERWALTUNG_OEFFNEN']);
    renderRoutes(routes, '/systemverwaltung/wertelisten?liste=selbstueberwachungVorlage');
    const zeile = (await screen.findByRole('cell', { name: 'Standard' })).closest('tr')!;
    expect(within(zeile).getAllByRole('cell').map((c) => c.textContent)).toEqual(['51', 'Standard', 'TT.MM.JJJJ', 'x']);
    expect(screen.queryByRole('button', { name: 'Hinzufügen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Bearbeiten/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Löschen/ })).not.toBeInTheDocument();
  });

  // issue 43, item 3: the Fachadmin keeps the parameters' significant digits — the server lets
  // PARAMETER_STELLEN_PFLEGEN change the columns marked with it and nothing else; the screen mirrors that
  it('anforderungsparameter: the Fachadmin changes the § 6 AbwV columns only, the Systemadmin everything', async () => {
    const user = userEvent.setup();
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    const { called } = mock(['SYSTEMVERWALTUNG_OEFFNEN', 'PARAMETER_STELLEN_PFLEGEN']);
    const { unmount } = renderRoutes(routes, '/systemverwaltung/wertelisten?liste=anforderungsparameter');
    const zeile = (await screen.findByRole('cell', { name: '301 CSB' })).closest('tr')!;
    await waitFor(() => expect(within(zeile).getByRole('cell', { name: 'Konzentration' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Hinzufügen' })).not.toBeInTheDocument();
    expect(within(zeile).queryByRole('button', { name: /^Löschen/ })).not.toBeInTheDocument();
    await user.click(within(zeile).getByRole('button', { name: /^Bearbeiten/ }));
    const dialog = screen.getByRole('dialog', { name: 'Anforderung: Parameter: Eintrag bearbeiten' });
    for (const feld of [/^Wert/, /^Parameter-Nr\./, /^Parametername/]) {
      expect(within(dialog).getByLabelText(feld)).toBeDisabled();
      expect(within(dialog).getByLabelText(feld)).toHaveAccessibleDescription('Diese Angabe kann nur die Systemadministration ändern.');
    }
    expect(within(within(dialog).getByRole('group', { name: 'Parameterarten' })).getByRole('checkbox', { name: 'Konzentration' })).toBeDisabled();
    const stellen = within(dialog).getByLabelText(/^Signifikante Stellen/);
    expect(stellen).toBeEnabled();
    expect(within(dialog).getByLabelText(/^Kennung/)).toBeEnabled();
    await user.type(stellen, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts()).toContain('Gespeichert'));
    // the entry as loaded, with the new digits, and its version
    expect(called('PUT', '/api/anforderungsparameter/61')[0].body).toEqual({
      value: '301 CSB',
      parameterNr: '301',
      parameterName: 'CSB',
      parameterArten: [71],
      betriebstypen: [],
      signifikanteStellen: '3',
      abwvKennung: 'CSB',
      version: 3,
    });
    // another list stays read-only for him
    await user.selectOptions(screen.getByLabelText('Auswahl der Werteliste'), 'Kanalsystem');
    await screen.findByRole('cell', { name: 'Trennsystem' });
    expect(screen.queryByRole('button', { name: /^Bearbeiten/ })).not.toBeInTheDocument();
    unmount();

    // the Systemadmin adds, deletes and changes every field
    anmelden({ funktionaleRollen: ['SYSTEMADMIN'] });
    mock([...ADMIN, 'PARAMETER_STELLEN_PFLEGEN']);
    renderRoutes(routes, '/systemverwaltung/wertelisten?liste=anforderungsparameter');
    const z = (await screen.findByRole('cell', { name: '301 CSB' })).closest('tr')!;
    expect(screen.getByRole('button', { name: 'Hinzufügen' })).toBeInTheDocument();
    expect(within(z).getByRole('button', { name: /^Löschen/ })).toBeInTheDocument();
    await user.click(within(z).getByRole('button', { name: /^Bearbeiten/ }));
    const d = screen.getByRole('dialog', { name: 'Anforderung: Parameter: Eintrag bearbeiten' });
    for (const feld of [/^Wert/, /^Parameter-Nr\./, /^Parametername/, /^Signifikante Stellen/, /^Kennung/]) {
      expect(within(d).getByLabelText(feld)).toBeEnabled();
    }
    expect(within(d).queryByText('Diese Angabe kann nur die Systemadministration ändern.')).not.toBeInTheDocument();
  });

  it('search and cell helpers', () => {
    expect(sucheEintraege(kanalsystem, ' misch').map((e) => e.id)).toEqual([21]);
    expect(sucheEintraege(kanalsystem, '')).toHaveLength(3);
    const refs = { entlastungssystem: new Map([[31, 'Mischsystem']]) };
    expect(zelltext({ name: 'x', art: 'REFERENZEN', liste: 'entlastungssystem' }, { id: 1, value: 'a', version: 1, x: [31, 99] }, refs)).toBe(
      'Mischsystem, 99',
    );
    expect(zelltext({ name: 'b', art: 'WAHRHEITSWERT' }, { id: 1, value: 'a', version: 1, b: false }, refs)).toBe('');
  });
});
