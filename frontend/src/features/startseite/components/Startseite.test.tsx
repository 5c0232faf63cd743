import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import type { BetriebZeile } from '@/features/startseite/api/betriebe';

beforeEach(() => {
  window.sessionStorage.clear();
  clearToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const zeile = (id: number, bezeichnung: string, extra: Partial<BetriebZeile> = {}): BetriebZeile => ({
  id,
  betriebsId: `B-${id}`,
  bezeichnung,
  betriebstyp: 'Industrie',
  betriebstypId: 'INDUSTRIE',
  betriebsstatus: 'in Betrieb',
  betriebsstatusId: 'IN_BETRIEB',
  freigabestatus: 'FREIGEGEBEN',
  betreiber: 'Klärwerk Rheinaue GmbH',
  strasse: 'Rheinufer',
  hausnummer: '3',
  plz: '56068',
  ort: 'Koblenz',
  regionalstelle: 'Regionalstelle Koblenz',
  stammdatenAntragOffen: false,
  ...extra,
});

const enumeration = (werte: [string, string][]) => () => werte.map(([schluessel, value], i) => ({ id: i + 1, value, version: 1, schluessel }));

/** The calls of the start page: value lists, personalisation, search (two pages of rows). */
function mock(aktionen: string[], handlers: Parameters<typeof apiMock>[0] = {}, personalisierung: Record<string, unknown> = {}) {
  const m = apiMock({
    ...formularMocks(),
    'GET /api/me': () => ich(aktionen),
    'GET /api/betrieb/7': () => testBetrieb(),
    'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb' }),
    'GET /api/betriebsstatus': enumeration([
      ['GEPLANT', 'geplant'],
      ['IN_BETRIEB', 'in Betrieb'],
      ['STILLGELEGT', 'stillgelegt'],
    ]),
    'GET /api/betriebstyp': enumeration([
      ['INDUSTRIE', 'Industrie'],
      ['KOMMUNAL', 'Kommunal'],
    ]),
    'GET /api/freigabestatus': enumeration([
      ['BEANTRAGT', 'beantragt'],
      ['FREIGEGEBEN', 'freigegeben'],
      ['ABGEWIESEN', 'abgewiesen'],
    ]),
    'GET /api/personalisierung': () => ({
      active: false,
      betriebstyp: [],
      anlagentyp: [],
      messstellentyp: [],
      verwaltungseinheit: [],
      sendMailOnNachrichten: false,
      sendMailOnWiedervorlage: false,
      version: 0,
      ...personalisierung,
    }),
    'GET /api/betrieb/search': (req) =>
      req.url.searchParams.get('q') === 'Nord'
        ? { content: [zeile(7, 'Kläranlage Nord')], page: 0, size: 50, totalElements: 1 }
        : {
            content: [zeile(7, 'Kläranlage Nord'), zeile(8, 'Saftkelterei', { stammdatenAntragOffen: true })],
            page: 0,
            size: 50,
            totalElements: 2,
          },
    'GET /api/nachricht': () => [],
    'GET /api/nachricht/count': () => ({ count: 0 }),
    'GET /api/wiedervorlage': () => [],
    ...handlers,
  });
  vi.stubGlobal('fetch', m.fetchMock);
  anmelden();
  return m;
}

const suchen = (m: ReturnType<typeof mock>) => m.called('GET', '/api/betrieb/search').map((c) => c.url.searchParams);
const letzteSuche = (m: ReturnType<typeof mock>) => suchen(m).at(-1)!;
const tabelle = () => screen.findByRole('table', { name: 'Betriebe' });
const filter = () => screen.getByRole('search', { name: 'Betriebe suchen' });
const gruppe = (name: string) => within(filter()).getByRole('group', { name });

describe('start page: Anlagen', () => {
  it('starts with plants in operation of type wastewater treatment; a row leads to the plant, its operation to the file', async () => {
    const user = userEvent.setup();
    const m = mock([], {
      'GET /api/anlage/search': () => ({
        content: [{ id: 4, bezeichnung: 'Betriebskläranlage Nord', anlagentyp: 'ABWASSERBEHANDLUNG', anlagenart: 'ABWASSERVORBEHANDLUNG',
          anlagenstatus: 'IN_BETRIEB', betriebId: 7, betrieb: 'Kläranlage Nord', aenderungsantragOffen: true }],
        page: 0, size: 50, totalElements: 1,
      }),
    });
    renderRoutes(routes, '/');
    const tabelle = await screen.findByRole('table', { name: 'Anlagen' });
    await within(tabelle).findByText('Abwasservorbehandlung');
    const suche = m.called('GET', '/api/anlage/search')[0].url.searchParams;
    expect(suche.getAll('anlagenstatus')).toEqual(['IN_BETRIEB']);
    expect(suche.getAll('anlagentyp')).toEqual(['ABWASSERBEHANDLUNG']);
    expect(within(tabelle).getByText('Änderungsantrag offen')).toBeInTheDocument();
    expect(within(tabelle).getByRole('link', { name: 'Betriebskläranlage Nord' })).toHaveAttribute('href', '/betriebsakte/7/abwasserbehandlung/4/anlagendaten?modus=l');
    expect(within(tabelle).getByRole('link', { name: 'Kläranlage Nord' })).toHaveAttribute('href', '/betriebsakte/7/betriebsdaten?modus=l');
    expect(within(tabelle).queryByRole('link', { name: /^Bearbeiten/ })).toBeNull();
    // 'Zurücksetzen' of a changed filter goes back to the default
    const filter = screen.getByRole('search', { name: 'Anlagen suchen' });
    await user.click(within(within(filter).getByRole('group', { name: 'Anlagentyp' })).getByRole('checkbox', { name: 'Kanalnetz' }));
    await user.click(within(filter).getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(m.called('GET', '/api/anlage/search').at(-1)!.url.searchParams.getAll('anlagentyp')).toEqual(['ABWASSERBEHANDLUNG', 'KANALNETZ']));
  });
});

describe('start page: Anlagen with a personalisation', () => {
  it("an active personalisation's Anlagentypen replace the default type", async () => {
    const m = mock([], {}, { active: true, anlagentyp: ['KANALNETZ', 'ENTLASTUNG'] });
    renderRoutes(routes, '/');
    await screen.findByRole('table', { name: 'Anlagen' });
    await waitFor(() => expect(m.called('GET', '/api/anlage/search')).not.toHaveLength(0));
    expect(m.called('GET', '/api/anlage/search')[0].url.searchParams.getAll('anlagentyp')).toEqual(['KANALNETZ', 'ENTLASTUNG']);
  });

  it('its Verwaltungseinheiten filter the list; the query and the selection are exported', async () => {
    const user = userEvent.setup();
    const m = mock(
      [],
      {
        'GET /api/verwaltungseinheit': () => [
          { id: 31, value: 'Koblenz', version: 1 },
          { id: 32, value: 'Trier', version: 1 },
        ],
        'GET /api/anlage/search': () => ({
          content: [{ id: 4, bezeichnung: 'Betriebskläranlage Nord', anlagentyp: 'ABWASSERBEHANDLUNG', anlagenart: 'ABWASSERBEHANDLUNG',
            anlagenstatus: 'IN_BETRIEB', betriebId: 7, betrieb: 'Kläranlage Nord', aenderungsantragOffen: false, ort: 'Koblenz' }],
          page: 0, size: 50, totalElements: 1,
        }),
        'POST /api/anlage/export': () =>
          new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="anlagen.xlsx"' } }),
      },
      { active: true, verwaltungseinheit: [31] },
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    renderRoutes(routes, '/');
    const tabelle = await screen.findByRole('table', { name: 'Anlagen' });
    await within(tabelle).findByText('Betriebskläranlage Nord');
    const suche = m.called('GET', '/api/anlage/search')[0].url.searchParams;
    expect(suche.getAll('verwaltungseinheit')).toEqual(['31']);
    // no Anlagentypen in the personalisation: the default's type stays
    expect(suche.getAll('anlagentyp')).toEqual(['ABWASSERBEHANDLUNG']);
    const filter = screen.getByRole('search', { name: 'Anlagen suchen' });
    expect(within(within(filter).getByRole('group', { name: 'Verwaltungseinheit' })).getByRole('checkbox', { name: 'Koblenz' })).toBeChecked();
    expect(screen.getByText('Der Export enthält alle Anlagen des Filters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(downloads).toEqual(['anlagen.xlsx']));
    const ohne = m.called('POST', '/api/anlage/export')[0];
    expect(ohne.body).toBeUndefined();
    expect(ohne.url.searchParams.getAll('verwaltungseinheit')).toEqual(['31']);
    expect(ohne.url.searchParams.getAll('anlagenstatus')).toEqual(['IN_BETRIEB']);

    await user.click(screen.getByRole('checkbox', { name: 'Betriebskläranlage Nord auswählen' }));
    await screen.findByText(/^1 ausgewählt/);
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(m.called('POST', '/api/anlage/export')).toHaveLength(2));
    expect(m.called('POST', '/api/anlage/export')[1].body).toEqual({ ids: [4] });
  });
});

describe('start page: tabs', () => {
  it.each([
    [[], ['Anlagen', 'Messstellen', 'Betriebe']],
    [['NACHRICHTEN_LESEN'], ['Anlagen', 'Messstellen', 'Betriebe', 'Nachrichten']],
    [['WIEDERVORLAGEN_LESEN'], ['Anlagen', 'Messstellen', 'Betriebe', 'Wiedervorlagen']],
    [['NACHRICHTEN_LESEN', 'WIEDERVORLAGEN_LESEN'], ['Anlagen', 'Messstellen', 'Betriebe', 'Nachrichten', 'Wiedervorlagen']],
  ])('with %j offers the tabs %j (Anlagen first and chosen)', async (aktionen, erwartet) => {
    mock(aktionen);
    renderRoutes(routes, '/');
    const liste = await screen.findByRole('tablist', { name: 'Arbeitslisten' });
    expect(within(liste).getAllByRole('tab').map((t) => t.textContent)).toEqual(erwartet);
    expect(within(liste).getByRole('tab', { name: 'Anlagen' })).toHaveAttribute('aria-selected', 'true');
    for (const fehlt of ['Jahresberichte']) expect(within(liste).queryByRole('tab', { name: fehlt })).toBeNull();
  });

  it('keeps the tab, the filter and the selection in session storage (a reload shows them again)', async () => {
    const user = userEvent.setup();
    const m = mock(['NACHRICHTEN_LESEN', 'WIEDERVORLAGEN_LESEN']);
    renderRoutes(routes, '/?reiter=betriebe');
    await within(await tabelle()).findByText('Saftkelterei');
    await user.click(within(gruppe('Freigabestatus')).getByRole('checkbox', { name: 'freigegeben' }));
    await user.type(within(filter()).getByLabelText('Suche'), 'Nord');
    await user.click(within(filter()).getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(screen.getByTestId('range-label')).toHaveTextContent('1-1 von 1'));
    await user.click(screen.getByRole('checkbox', { name: 'Kläranlage Nord auswählen' }));
    await user.click(screen.getByRole('tab', { name: 'Wiedervorlagen' }));
    await screen.findByRole('heading', { name: 'Wiedervorlagen', level: 2 });

    // reload
    cleanup();
    const vorher = m.calls.length;
    renderRoutes(routes, '/');
    expect(await screen.findByRole('tab', { name: 'Wiedervorlagen' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Betriebe' }));
    await within(await tabelle()).findByText('Kläranlage Nord');
    const suche = m.calls.slice(vorher).filter((c) => c.url.pathname === '/api/betrieb/search')[0].url.searchParams;
    expect(suche.get('q')).toBe('Nord');
    expect(suche.getAll('freigabestatus')).toEqual(['FREIGEGEBEN']);
    expect(suche.getAll('betriebsstatus')).toEqual(['IN_BETRIEB']);
    expect(within(filter()).getByLabelText('Suche')).toHaveValue('Nord');
    expect(within(gruppe('Freigabestatus')).getByRole('checkbox', { name: 'freigegeben' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Kläranlage Nord auswählen' })).toBeChecked();
    expect(screen.getByText('1 ausgewählt – der Export enthält diese Betriebe.')).toBeInTheDocument();
  });

  it("the header's 'Nachrichten' link opens the Nachrichten tab", async () => {
    const user = userEvent.setup();
    mock(['NACHRICHTEN_LESEN'], { 'GET /api/nachricht/count': () => ({ count: 2 }) });
    const { router } = renderRoutes(routes, '/?reiter=betriebe');
    await within(await tabelle()).findByText('Saftkelterei');
    await user.click(await screen.findByRole('link', { name: 'Nachrichten: 2 ungelesene Nachrichten' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Nachrichten' })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('tab', { name: 'Nachrichten' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('start page: Betriebe worklist', () => {
  it('starts with the default filter "in Betrieb", 50 rows sorted by name; Zurücksetzen restores it', async () => {
    const user = userEvent.setup();
    const m = mock([]);
    renderRoutes(routes, '/?reiter=betriebe');
    await within(await tabelle()).findByText('Saftkelterei');
    expect(Object.fromEntries(letzteSuche(m))).toEqual({
      betriebsstatus: 'IN_BETRIEB',
      page: '0',
      size: '50',
      sortProperty: 'bezeichnung',
      sortDirection: 'asc',
    });
    expect(within(gruppe('Betriebsstatus')).getByRole('checkbox', { name: 'in Betrieb' })).toBeChecked();
    expect(screen.getByLabelText('Ergebnisse pro Seite:')).toHaveValue('50');

    await user.click(within(gruppe('Betriebsstatus')).getByRole('checkbox', { name: 'in Betrieb' }));
    await user.click(within(gruppe('Betriebstyp')).getByRole('checkbox', { name: 'Kommunal' }));
    await user.click(within(gruppe('Betriebstyp')).getByRole('checkbox', { name: 'Industrie' }));
    await user.type(within(filter()).getByLabelText('Suche'), 'Nord');
    await user.click(within(filter()).getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(letzteSuche(m).get('q')).toBe('Nord'));
    expect(letzteSuche(m).getAll('betriebsstatus')).toEqual([]);
    expect(letzteSuche(m).getAll('betriebstyp')).toEqual(['INDUSTRIE', 'KOMMUNAL']);

    await user.click(within(filter()).getByRole('button', { name: 'Zurücksetzen' }));
    await waitFor(() => expect(letzteSuche(m).get('q')).toBeNull());
    expect(letzteSuche(m).getAll('betriebsstatus')).toEqual(['IN_BETRIEB']);
    expect(letzteSuche(m).getAll('betriebstyp')).toEqual([]);
    expect(within(filter()).getByLabelText('Suche')).toHaveValue('');
    expect(within(gruppe('Betriebsstatus')).getByRole('checkbox', { name: 'in Betrieb' })).toBeChecked();
    expect(within(gruppe('Betriebstyp')).getByRole('checkbox', { name: 'Kommunal' })).not.toBeChecked();
  });

  it("an active personalisation adds its Betriebstypen to the default (and to 'Zurücksetzen')", async () => {
    const user = userEvent.setup();
    const m = mock([], {}, { active: true, betriebstyp: ['KOMMUNAL'], version: 2 });
    renderRoutes(routes, '/?reiter=betriebe');
    await within(await tabelle()).findByText('Saftkelterei');
    expect(suchen(m)).toHaveLength(1);
    expect(letzteSuche(m).getAll('betriebstyp')).toEqual(['KOMMUNAL']);
    expect(letzteSuche(m).getAll('betriebsstatus')).toEqual(['IN_BETRIEB']);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Personalisierung' })).toHaveAttribute('href', '/personalisierung');
    await user.click(within(gruppe('Betriebstyp')).getByRole('checkbox', { name: 'Kommunal' }));
    await user.click(within(filter()).getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(letzteSuche(m).getAll('betriebstyp')).toEqual([]));
    await user.click(within(filter()).getByRole('button', { name: 'Zurücksetzen' }));
    await waitFor(() => expect(letzteSuche(m).getAll('betriebstyp')).toEqual(['KOMMUNAL']));
  });

  it('an inactive personalisation leaves the default alone; without one the plain default applies', async () => {
    const m = mock([], { 'GET /api/personalisierung': () => new Response('', { status: 500 }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(routes, '/?reiter=betriebe');
    await within(await tabelle()).findByText('Saftkelterei');
    expect(letzteSuche(m).getAll('betriebstyp')).toEqual([]);
    expect(letzteSuche(m).getAll('betriebsstatus')).toEqual(['IN_BETRIEB']);
  });

  it('sorts on the server by the clicked column and starts at the first page', async () => {
    const user = userEvent.setup();
    const m = mock([]);
    renderRoutes(routes, '/?reiter=betriebe');
    const t = await tabelle();
    await within(t).findByText('Saftkelterei');
    await user.click(within(t).getByRole('button', { name: /^Ort/ }));
    await waitFor(() => expect(letzteSuche(m).get('sortProperty')).toBe('ort'));
    expect(letzteSuche(m).get('sortDirection')).toBe('asc');
    await user.click(within(t).getByRole('button', { name: /^Ort/ }));
    await waitFor(() => expect(letzteSuche(m).get('sortDirection')).toBe('desc'));
    expect(letzteSuche(m).get('page')).toBe('0');
  });

  it('exports the selected rows as ids, without a selection the query of the list', async () => {
    const user = userEvent.setup();
    const m = mock([], {
      'POST /api/betrieb/export': () =>
        new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="betriebe.xlsx"' } }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    renderRoutes(routes, '/?reiter=betriebe');
    await within(await tabelle()).findByText('Saftkelterei');
    expect(screen.getByText('Der Export enthält alle Betriebe des Filters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(downloads).toEqual(['betriebe.xlsx']));
    const ohne = m.called('POST', '/api/betrieb/export')[0];
    expect(ohne.body).toBeUndefined();
    expect(Object.fromEntries(ohne.url.searchParams)).toEqual({ betriebsstatus: 'IN_BETRIEB', sortProperty: 'bezeichnung', sortDirection: 'asc' });

    await user.click(screen.getByRole('checkbox', { name: 'Saftkelterei auswählen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Kläranlage Nord auswählen' }));
    await screen.findByText(/^2 ausgewählt/);
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(m.called('POST', '/api/betrieb/export')).toHaveLength(2));
    const mit = m.called('POST', '/api/betrieb/export')[1];
    expect(mit.body).toEqual({ ids: [7, 8] });
    expect(mit.url.searchParams.get('betriebsstatus')).toBeNull();
    expect(downloads).toEqual(['betriebe.xlsx', 'betriebe.xlsx']);
  });

  it('the Anlagen tab offers edit links to the privileged roles, as the Betriebe tab does (issue 32)', async () => {
    mock(['STARTSEITE_BEARBEITEN', 'BEARBEITUNGSMODUS_NUTZEN'], {
      'GET /api/anlage/search': () => ({
        content: [{ id: 4, bezeichnung: 'Betriebskläranlage Nord', anlagentyp: 'ABWASSERBEHANDLUNG', anlagenart: 'ABWASSERVORBEHANDLUNG',
          anlagenstatus: 'IN_BETRIEB', betriebId: 7, betrieb: 'Kläranlage Nord', aenderungsantragOffen: false }],
        page: 0, size: 50, totalElements: 1,
      }),
    });
    renderRoutes(routes, '/');
    const t = await screen.findByRole('table', { name: 'Anlagen' });
    expect(await within(t).findByRole('link', { name: 'Bearbeiten Betriebskläranlage Nord' })).toHaveAttribute(
      'href',
      '/betriebsakte/7/abwasserbehandlung/4/anlagendaten?modus=s',
    );
  });

  it('offers edit links and the create action only with their actions; marks an open Änderungsantrag', async () => {
    mock([]);
    renderRoutes(routes, '/?reiter=betriebe');
    const t = await tabelle();
    const saft = (await within(t).findByText('Saftkelterei')).closest('tr')!;
    expect(within(saft).getByText('Änderungsantrag offen')).toBeInTheDocument();
    expect(within(t).queryByRole('link', { name: /^Bearbeiten/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Betrieb (beantragen|anlegen)/ })).toBeNull();
    cleanup();

    mock(['STARTSEITE_BEARBEITEN', 'BEARBEITUNGSMODUS_NUTZEN', 'BETRIEB_BEANTRAGEN']);
    renderRoutes(routes, '/?reiter=betriebe');
    const t2 = await tabelle();
    await within(t2).findByText('Saftkelterei');
    expect(within(t2).getByRole('link', { name: 'Bearbeiten Kläranlage Nord' })).toHaveAttribute(
      'href',
      '/betriebsakte/7/betriebsdaten?modus=s',
    );
    expect(within(t2).getByRole('link', { name: 'Kläranlage Nord' })).toHaveAttribute('href', '/betriebsakte/7/betriebsdaten?modus=l');
    expect(screen.getByRole('button', { name: 'Betrieb beantragen' })).toBeInTheDocument();
  });

  it('searches, requests an operation (type first) and opens one in read mode', async () => {
    const user = userEvent.setup();
    mock(['BETRIEB_BEANTRAGEN']);
    const { router } = renderRoutes(routes, '/?reiter=betriebe');
    const t = await tabelle();
    await within(t).findByText('Saftkelterei');
    expect(screen.getByTestId('range-label')).toHaveTextContent('1-2 von 2');
    expect(within(t).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      '',
      'Betriebs-Nr.',
      'Bezeichnung',
      'Betreiber',
      'Ort',
      'Betriebstyp',
      'Betriebsstatus',
      'Freigabestatus',
    ]);

    await user.type(within(filter()).getByLabelText('Suche'), 'Nord');
    await user.click(within(filter()).getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(screen.getByTestId('range-label')).toHaveTextContent('1-1 von 1'));

    await user.click(screen.getByRole('button', { name: 'Betrieb beantragen' }));
    const dialog = screen.getByRole('dialog', { name: 'Betrieb beantragen' });
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(within(dialog).getByLabelText(/^Betriebstyp/)).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    await user.click(within(t).getByRole('link', { name: 'Kläranlage Nord' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/betriebsakte/7/betriebsdaten'));
    expect(router.state.location.search).toBe('?modus=l');
    expect(await screen.findByRole('heading', { name: 'Betriebsdaten' })).toBeInTheDocument();
  });
});

describe('start page: Jahresberichte worklist', () => {
  const bericht = (id: number, jahr: number, extra: Record<string, unknown> = {}) => ({
    id,
    jahr,
    anlageId: 70,
    anlagenId: 'A-0000070',
    anlageBezeichnung: 'Betriebskläranlage',
    betriebId: 7,
    betrieb: 'Kläranlage Nord',
    von: `${jahr}-01-01`,
    bis: `${jahr}-12-31`,
    status: 'EINGEREICHT',
    geaendert: `${jahr + 1}-02-03T10:15:00Z`,
    eingereichtVon: 'Michael Wagner',
    eingereichtRolle: 'BETREIBER',
    ...extra,
  });

  it('is a tab only while the annual-report feature is on', async () => {
    mock([], { 'GET /api/jahresbericht/suevoaEnabled': () => false });
    renderRoutes(routes, '/');
    await screen.findByRole('tab', { name: 'Betriebe' });
    expect(screen.queryByRole('tab', { name: 'Jahresberichte' })).toBeNull();
  });

  it('lists the reports sorted by Von, filters by report year 2020 … this year and status, and leads to the report', async () => {
    const user = userEvent.setup();
    const m = mock([], {
      'GET /api/jahresbericht/suevoaEnabled': () => true,
      'GET /api/jahresbericht/search': () => ({ content: [bericht(5, 2024), bericht(6, 2025, { status: 'IN_BEARBEITUNG', eingereichtVon: '', eingereichtRolle: '' })], page: 0, size: 50, totalElements: 2 }),
    });
    const { router } = renderRoutes(routes, '/?reiter=jahresberichte');
    const tabelle = await screen.findByRole('table', { name: 'Jahresberichte' });
    await within(tabelle).findByText('Michael Wagner (Betreiber)');
    expect(within(tabelle).getByText('Eingereicht')).toBeInTheDocument();
    expect(within(tabelle).getByText('01.01.2024')).toBeInTheDocument();
    const erste = m.called('GET', '/api/jahresbericht/search')[0].url.searchParams;
    expect(erste.get('sortProperty')).toBe('von');
    expect(erste.get('sortDirection')).toBe('asc');

    const filter = screen.getByRole('search', { name: 'Jahresberichte suchen' });
    const jahre = within(within(filter).getByRole('group', { name: 'Berichtsjahr' })).getAllByRole('checkbox');
    expect(within(filter).getByRole('checkbox', { name: '2020' })).toBeInTheDocument();
    expect(jahre).toHaveLength(new Date().getFullYear() - 2019);
    await user.click(within(filter).getByRole('checkbox', { name: '2024' }));
    await user.click(within(filter).getByRole('checkbox', { name: 'Plausibilisiert' }));
    await user.click(within(filter).getByRole('button', { name: 'Suchen' }));
    await waitFor(() => {
      const q = m.called('GET', '/api/jahresbericht/search').at(-1)!.url.searchParams;
      expect(q.getAll('jahr')).toEqual(['2024']);
      expect(q.getAll('status')).toEqual(['PLAUSIBILISIERT']);
    });

    await user.click(within(tabelle).getAllByRole('link', { name: 'Betriebskläranlage' })[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/betriebsakte/7/jahresbericht/5/jahresberichtdaten'));
  });
});
