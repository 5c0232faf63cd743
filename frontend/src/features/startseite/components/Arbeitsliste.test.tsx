import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import type { MessstelleZeile } from '@/features/startseite/api/messstellen';

// The one worklist piece (Arbeitsliste) as its three tabs use it: default filters, reset, export
// of the selection or the filter, the personalisation's share of the default.

beforeEach(() => {
  window.sessionStorage.clear();
  clearToasts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const liste = (werte: [string, string][]) => () => werte.map(([schluessel, value], i) => ({ id: i + 1, value, version: 1, schluessel }));

const zeile = (id: number, messstellenId: string, bezeichnung: string, extra: Partial<MessstelleZeile> = {}): MessstelleZeile => ({
  id,
  messstellenId,
  bezeichnung,
  messstellentyp: 'NR_9',
  messstellenstatus: 'IN_BETRIEB',
  freigabestatus: 'FREIGEGEBEN',
  anlageId: 4,
  anlage: 'Betriebskläranlage Nord',
  anlagentyp: 'ABWASSERBEHANDLUNG',
  betriebId: 7,
  betrieb: 'Kläranlage Nord',
  ...extra,
});

function mock(personalisierung: Record<string, unknown> = {}, handlers: Parameters<typeof apiMock>[0] = {}) {
  const m = apiMock({
    'GET /api/me': () => ich([]),
    'GET /api/betriebsstatus': liste([['IN_BETRIEB', 'in Betrieb'], ['STILLGELEGT', 'stillgelegt']]),
    'GET /api/betriebstyp': liste([['INDUSTRIE', 'Industrie'], ['KOMMUNAL', 'Kommunal']]),
    'GET /api/freigabestatus': liste([['BEANTRAGT', 'beantragt'], ['FREIGEGEBEN', 'freigegeben']]),
    'GET /api/messstellentyp': liste([
      ['NR_8', 'Einleitungsstelle'],
      ['NR_9', 'Endkontrollmessstelle'],
      ['NR_10', 'Endkontrollmessstelle Teilstrom'],
      ['NR_11', 'Endkontrollmessstelle Kühlwasser'],
      ['NR_12', 'Endkontrollmessstelle Indirekteinleitung'],
    ]),
    'GET /api/verwaltungseinheit': () => [],
    'GET /api/personalisierung': () => ({
      active: false, betriebstyp: [], anlagentyp: [], messstellentyp: [], verwaltungseinheit: [],
      sendMailOnNachrichten: false, sendMailOnWiedervorlage: false, version: 0, ...personalisierung,
    }),
    'GET /api/betrieb/search': () => ({ content: [], page: 0, size: 50, totalElements: 0 }),
    'GET /api/messstelle/search': () => ({
      content: [zeile(11, '1234560108', 'Ablauf Nachklärung'), zeile(12, '1234560109', 'Ablauf Teilstrom', { messstellentyp: 'NR_10', freigabestatus: 'BEANTRAGT' })],
      page: 0, size: 50, totalElements: 2,
    }),
    'POST /api/messstelle/export': () =>
      new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="messstellen.xlsx"' } }),
    ...handlers,
  });
  vi.stubGlobal('fetch', m.fetchMock);
  anmelden();
  return m;
}

/** The machine is shared: answers and renders may take longer than the library's default second. */

const reiter = (name: string) => screen.findByRole('tab', { name });
const messstellenSuchen = (m: ReturnType<typeof mock>) => m.called('GET', '/api/messstelle/search').map((c) => c.url.searchParams);
const formular = () => screen.getByRole('search', { name: 'Messstellen suchen' });
const typ = (name: string) => within(within(formular()).getByRole('group', { name: 'Messstellentyp' })).getByRole('checkbox', { name });

describe('worklist piece: the three tabs', () => {
  it('each tab starts with its default filter of spec 002 §2, 50 rows, its default order', async () => {
    const user = userEvent.setup();
    const m = mock();
    renderRoutes(routes, '/');
    await screen.findByRole('table', { name: 'Anlagen' });
    await waitFor(() => expect(m.called('GET', '/api/anlage/search')).not.toHaveLength(0));
    const anlagen = m.called('GET', '/api/anlage/search')[0].url.searchParams;
    expect([anlagen.getAll('anlagenstatus'), anlagen.getAll('anlagentyp'), anlagen.get('sortProperty'), anlagen.get('size')]).toEqual([
      ['IN_BETRIEB'], ['ABWASSERBEHANDLUNG'], 'bezeichnung', '50',
    ]);

    await user.click(await reiter('Messstellen'));
    const tabelle = await screen.findByRole('table', { name: 'Messstellen' });
    await within(tabelle).findByText('Ablauf Nachklärung');
    const s = messstellenSuchen(m)[0];
    expect(s.getAll('messstellenstatus')).toEqual(['IN_BETRIEB']);
    expect(s.getAll('messstellentyp')).toEqual(['NR_9', 'NR_10', 'NR_11', 'NR_12']);
    expect([s.get('sortProperty'), s.get('sortDirection'), s.get('page'), s.get('size')]).toEqual(['messstellenId', 'asc', '0', '50']);
    // the columns (the first one sorted ascending)
    expect(within(tabelle).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim()).filter(Boolean)).toEqual(
      ['Messstellen-Nr.', 'Messstelle', 'Messstellentyp', 'Status', 'Freigabe', 'Anlage', 'Betrieb'],
    );
    expect(within(tabelle).getByRole('columnheader', { name: /Messstellen-Nr/ })).toHaveAttribute('aria-sort', 'ascending');
    // identifiers shown as texts: the type from its value list, status and release in words
    const zweite = within(tabelle).getAllByRole('row')[2];
    expect(await within(zweite).findByText('Endkontrollmessstelle Teilstrom')).toBeInTheDocument();
    expect(within(zweite).getByText('Beantragt')).toBeInTheDocument();
    expect(within(tabelle).getByRole('link', { name: 'Ablauf Nachklärung' })).toHaveAttribute(
      'href',
      '/betriebsakte/7/abwasserbehandlung/4/messstellen/11/messstellendaten?modus=l',
    );
    expect(within(tabelle).getAllByRole('link', { name: 'Betriebskläranlage Nord' })[0]).toHaveAttribute('href', '/betriebsakte/7/abwasserbehandlung/4/anlagendaten?modus=l');

    await user.click(await reiter('Betriebe'));
    await screen.findByRole('table', { name: 'Betriebe' });
    // the table may stand before its query went out (a busy machine): wait for the call
    await waitFor(() => expect(m.called('GET', '/api/betrieb/search')).not.toHaveLength(0));
    const b = m.called('GET', '/api/betrieb/search')[0].url.searchParams;
    expect([b.getAll('betriebsstatus'), b.getAll('betriebstyp'), b.get('sortProperty'), b.get('size')]).toEqual([['IN_BETRIEB'], [], 'bezeichnung', '50']);
  });

  it("Messstellen: a changed filter searches with it (the text as 'query'), 'Zurücksetzen' restores the default", async () => {
    const user = userEvent.setup();
    const m = mock();
    renderRoutes(routes, '/?reiter=messstellen');
    await screen.findByRole('table', { name: 'Messstellen' });
    await waitFor(() => expect(typ('Endkontrollmessstelle Teilstrom')).toBeChecked());
    await user.click(typ('Endkontrollmessstelle Teilstrom'));
    await user.click(typ('Einleitungsstelle'));
    await user.type(within(formular()).getByRole('searchbox', { name: /Suche/ }), ' Mosel ');
    await user.click(within(formular()).getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(messstellenSuchen(m).at(-1)!.get('query')).toBe('Mosel'));
    expect(messstellenSuchen(m).at(-1)!.getAll('messstellentyp')).toEqual(['NR_8', 'NR_9', 'NR_11', 'NR_12']);
    expect(messstellenSuchen(m).at(-1)!.has('q')).toBe(false);

    await user.click(within(formular()).getByRole('button', { name: 'Zurücksetzen' }));
    await waitFor(() => expect(messstellenSuchen(m).at(-1)!.getAll('messstellentyp')).toEqual(['NR_9', 'NR_10', 'NR_11', 'NR_12']));
    expect(messstellenSuchen(m).at(-1)!.has('query')).toBe(false);
    expect(typ('Einleitungsstelle')).not.toBeChecked();
    expect(within(formular()).getByRole('searchbox', { name: /Suche/ })).toHaveValue('');
  });

  it('Messstellen: exports the filter without a selection, the selected ids with one (messstellen.xlsx)', async () => {
    const user = userEvent.setup();
    const m = mock();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    renderRoutes(routes, '/?reiter=messstellen');
    const tabelle = await screen.findByRole('table', { name: 'Messstellen' });
    await within(tabelle).findByText('Ablauf Nachklärung');
    expect(screen.getByText('Der Export enthält alle Messstellen des Filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(downloads).toEqual(['messstellen.xlsx']));
    const ohne = m.called('POST', '/api/messstelle/export')[0];
    expect(ohne.body).toBeUndefined();
    expect(ohne.url.searchParams.getAll('messstellentyp')).toEqual(['NR_9', 'NR_10', 'NR_11', 'NR_12']);
    expect(ohne.url.searchParams.getAll('messstellenstatus')).toEqual(['IN_BETRIEB']);
    expect(ohne.url.searchParams.get('sortProperty')).toBe('messstellenId');
    expect(ohne.url.searchParams.has('page')).toBe(false);

    await user.click(within(tabelle).getByRole('checkbox', { name: '1234560109 Ablauf Teilstrom auswählen' }));
    await waitFor(() => expect(screen.getByText(/ausgewählt – der Export enthält diese Messstellen/)).toHaveTextContent(/^1 ausgewählt/));
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(m.called('POST', '/api/messstelle/export')).toHaveLength(2));
    expect(m.called('POST', '/api/messstelle/export')[1].body).toEqual({ ids: [12] });
  });

  it("Messstellen: an active personalisation's Messstellentypen prefill the type filter, and 'Zurücksetzen' keeps them", async () => {
    const user = userEvent.setup();
    const m = mock({ active: true, messstellentyp: ['NR_8'] });
    renderRoutes(routes, '/?reiter=messstellen');
    await screen.findByRole('table', { name: 'Messstellen' });
    expect(messstellenSuchen(m)[0].getAll('messstellentyp')).toEqual(['NR_8']);
    expect(messstellenSuchen(m)[0].getAll('messstellenstatus')).toEqual(['IN_BETRIEB']);
    await waitFor(() => expect(typ('Einleitungsstelle')).toBeChecked());
    expect(typ('Endkontrollmessstelle')).not.toBeChecked();
    expect(screen.getByText(/Die Vorgabe enthält die Messstellentypen Ihrer/)).toBeInTheDocument();
    await user.click(typ('Endkontrollmessstelle'));
    await user.click(within(formular()).getByRole('button', { name: 'Zurücksetzen' }));
    await waitFor(() => expect(messstellenSuchen(m).at(-1)!.getAll('messstellentyp')).toEqual(['NR_8']));
  });

  it('Messstellen: an inactive personalisation or one without types leaves the default; no rows show the empty list', async () => {
    const m = mock({ active: false, messstellentyp: ['NR_8'] }, { 'GET /api/messstelle/search': () => ({ content: [], page: 0, size: 50, totalElements: 0 }) });
    renderRoutes(routes, '/?reiter=messstellen');
    const tabelle = await screen.findByRole('table', { name: 'Messstellen' });
    await within(tabelle).findByText('Keine Einträge vorhanden');
    expect(messstellenSuchen(m)[0].getAll('messstellentyp')).toEqual(['NR_9', 'NR_10', 'NR_11', 'NR_12']);
    expect(screen.queryByText(/Die Vorgabe enthält/)).toBeNull();
  });
});
