import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { anmelden, apiMock, ich } from '@/test/api';
import { bescheidSuche, formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';

afterEach(() => vi.unstubAllGlobals());

const zeile = (id: number, bezeichnung: string, anlagentyp: string, anlagenstatus: string, parentanlageid?: number) => ({
  id,
  bezeichnung,
  anlagentyp,
  anlagenstatus,
  betriebId: 7,
  parentanlageid,
  anzahlIndirekteinleiter: 0,
  anzahlMessstellen: 0,
});

describe('the header of the operation file', () => {
  it("shows the operation's name and its status as the value list's German text on every route of the file", async () => {
    const mock = (betriebsstatus: string) =>
      vi.stubGlobal(
        'fetch',
        apiMock({
          'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN'], ['ZUST_SBD']),
          ...formularMocks(),
          'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus, betriebsstatusId: 'X', freigabestatus: 'FREIGEGEBEN' }),
          'GET /api/betrieb/7': () => testBetrieb(),
          'GET /api/anlage': () => [zeile(70, 'KA Nord', 'ABWASSERBEHANDLUNG', 'IN_BETRIEB')],
          'GET /api/betrieb/7/messstelle': () => [],
          'GET /api/messstelle/uebersicht/70': () => [],
          'GET /api/anlage/70': () => ({ id: 70, bezeichnung: 'KA Nord', anlagenstatus: 'IN_BETRIEB', anlagentyp: 'ABWASSERBEHANDLUNG', betrieb: { id: 7 }, version: 1 }),
          'GET /api/messstellentyp': () => [],
          'GET /api/bescheid/betrieb/7': () => [],
        }).fetchMock,
      );
    const kopf = async () => {
      const baum = await screen.findByRole('navigation', { name: 'Betriebsakte' });
      await within(baum).findByTestId('betrieb-bezeichnung');
      return baum;
    };
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    mock('in Betrieb');
    // the operation's data
    let { unmount } = renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l');
    let baum = await kopf();
    expect(within(baum).getByTestId('betrieb-bezeichnung')).toHaveTextContent('Kläranlage Nord');
    expect(within(baum).getByText('Betriebsstatus:')).toBeInTheDocument();
    expect(within(baum).getByTestId('betrieb-status')).toHaveTextContent(/^in Betrieb$/);
    unmount();
    // a plant's page of the same file: the same header, the status the server resolved
    mock('stillgelegt');
    ({ unmount } = renderRoutes(routes, '/betriebsakte/7/abwasserbehandlung/70/messstellen?modus=l'));
    baum = await kopf();
    expect(within(baum).getByTestId('betrieb-bezeichnung')).toHaveTextContent('Kläranlage Nord');
    expect(within(baum).getByTestId('betrieb-status')).toHaveTextContent(/^stillgelegt$/);
    unmount();
    // no status yet (an application): the name alone, no empty label
    mock('');
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l');
    baum = await kopf();
    expect(within(baum).queryByText('Betriebsstatus:')).toBeNull();
    expect(within(baum).queryByTestId('betrieb-status')).toBeNull();
  });
});

describe('the plant tree of the operation file', () => {
  it("lists a treatment plant's sewer networks with 'Kanalnetz anlegen', hidden below a decommissioned plant", async () => {
    vi.stubGlobal(
      'fetch',
      apiMock({
        'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', 'ANLAGE_ANLEGEN'], ['ZUST_SBD']),
        ...formularMocks(),
        'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
        'GET /api/betrieb/7': () => testBetrieb(),
        'GET /api/anlage': () => [
          zeile(70, 'KA Nord', 'ABWASSERBEHANDLUNG', 'IN_BETRIEB'),
          zeile(71, 'Kanalnetz Nord', 'KANALNETZ', 'IN_BETRIEB', 70),
          zeile(80, 'KA Alt', 'ABWASSERBEHANDLUNG', 'STILLGELEGT'),
          zeile(81, 'Kanalnetz Alt', 'KANALNETZ', 'STILLGELEGT', 80),
        ],
      }).fetchMock,
    );
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=s');
    const baum = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    const nord = await within(baum).findByRole('list', { name: 'KA Nord: Kanalnetze' });
    expect(within(nord).getByRole('link', { name: 'Kanalnetz Nord' })).toHaveAttribute('href', '/betriebsakte/7/kanalnetz/71/anlagendaten?modus=s');
    expect(within(nord).getByRole('link', { name: 'Kanalnetz anlegen' })).toHaveAttribute(
      'href',
      '/betriebsakte/7/kanalnetz/neu/anlagendaten?modus=s&parentanlageid=70',
    );
    const alt = within(baum).getByRole('list', { name: 'KA Alt: Kanalnetze' });
    expect(within(alt).getByRole('link', { name: /Kanalnetz Alt/ })).toHaveTextContent('(außer Betrieb)');
    expect(within(alt).queryByRole('link', { name: 'Kanalnetz anlegen' })).toBeNull();
    expect(within(baum).getByRole('link', { name: /^KA Alt/ })).toHaveTextContent('(außer Betrieb)');
  });

  it("lists the open plant's measuring points below 'Messstellen (n)', 'Messstelle anlegen' only in edit mode", async () => {
    const mock = () =>
      vi.stubGlobal(
        'fetch',
        apiMock({
          'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', 'ANLAGE_ANLEGEN', 'MESSSTELLE_ANLEGEN'], ['ZUST_SBD']),
          ...formularMocks(),
          'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
          'GET /api/betrieb/7': () => testBetrieb(),
          'GET /api/anlage': () => [{ ...zeile(70, 'KA Nord', 'ABWASSERBEHANDLUNG', 'IN_BETRIEB'), anzahlMessstellen: 2 }],
          'GET /api/betrieb/7/messstelle': () => [
            { id: 90, messstellenId: '1110000009', bezeichnung: 'Ablauf', messstellentyp: 'NR_9', messstellenstatus: 'IN_BETRIEB', freigabestatus: 'FREIGEGEBEN', anlage: { id: 70 } },
            { id: 91, messstellenId: '1110000101', bezeichnung: 'Zulauf alt', messstellentyp: 'NR_1', messstellenstatus: 'STILLGELEGT', freigabestatus: 'FREIGEGEBEN', anlage: { id: 70 } },
          ],
          'GET /api/messstelle/uebersicht/70': () => [],
          'GET /api/anlage/70': () => ({ id: 70, bezeichnung: 'KA Nord', anlagenstatus: 'IN_BETRIEB', anlagentyp: 'ABWASSERBEHANDLUNG', betrieb: { id: 7 }, version: 1 }),
          'GET /api/messstellentyp': () => [],
        }).fetchMock,
      );
    mock();
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    const { unmount } = renderRoutes(routes, '/betriebsakte/7/abwasserbehandlung/70/messstellen?modus=l');
    let baum = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    let liste = await within(baum).findByRole('list', { name: 'KA Nord: Messstellen' });
    expect(within(baum).getByRole('link', { name: 'Messstellen (2)' })).toHaveAttribute('href', '/betriebsakte/7/abwasserbehandlung/70/messstellen?modus=l');
    expect(within(liste).getByRole('link', { name: 'Ablauf' })).toHaveAttribute('href', '/betriebsakte/7/abwasserbehandlung/70/messstellen/90/messstellendaten?modus=l');
    expect(within(liste).getByRole('link', { name: /Zulauf alt/ })).toHaveTextContent('(außer Betrieb)');
    expect(within(liste).queryByRole('link', { name: 'Messstelle anlegen' })).toBeNull();
    unmount();

    mock();
    renderRoutes(routes, '/betriebsakte/7/abwasserbehandlung/70/messstellen?modus=s');
    baum = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    liste = await within(baum).findByRole('list', { name: 'KA Nord: Messstellen' });
    expect(within(liste).getByRole('link', { name: 'Messstelle anlegen' })).toHaveAttribute(
      'href',
      '/betriebsakte/7/abwasserbehandlung/70/messstellen/neu/messstellendaten?modus=s',
    );
    // the overview offers it too, in edit mode: the page (main) holds the tree's link and the
    // overview's (waiting for one of them alone raced the overview's loading)
    const main = screen.getByRole('main');
    await waitFor(() => expect(within(main).getAllByRole('link', { name: 'Messstelle anlegen' })).toHaveLength(2));
    for (const link of within(main).getAllByRole('link', { name: 'Messstelle anlegen' })) {
      expect(link).toHaveAttribute('href', '/betriebsakte/7/abwasserbehandlung/70/messstellen/neu/messstellendaten?modus=s');
    }
  });

  it("shows the group Bescheide only for a released operation: overviews, each Bescheid (antrag while an application), create links per quality in edit mode", async () => {
    const mock = (freigabestatus: string) =>
      vi.stubGlobal(
        'fetch',
        apiMock({
          'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', 'BESCHEID_ANLEGEN'], ['ZUST_SBB']),
          ...formularMocks(),
          'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', freigabestatus }),
          'GET /api/betrieb/7': () => testBetrieb({ freigabestatus: freigabestatus as 'FREIGEGEBEN' }),
          'GET /api/betrieb/7/bescheid/search': () => ({
            content: [
              { id: 12, bescheidart: 'Wasserrechtliche Erlaubnis (§ 8 WHG)', bescheidsdatum: '2024-03-01', bescheidsstatus: 'IN_BEARBEITUNG', antrag: false },
              { id: 13, bescheidart: 'Indirekteinleitergenehmigung', bescheidsdatum: '2024-04-01', bescheidsstatus: 'BEANTRAGT', antrag: true },
            ],
            totalElements: 2,
          }),
          'GET /api/bescheid/12': () => ({ id: 12, bescheidsstatus: 'IN_BEARBEITUNG', messstellen: [{ id: 90, messstellenId: '1111110008', bezeichnung: 'Einleitung Rhein' }] }),
          'GET /api/bescheidqualitaet': () => [
            { id: 1, value: 'Bescheid', version: 1 },
            { id: 2, value: 'Erklärung nach § 4 Abs. 5 AbwAG', version: 1 },
          ],
        }).fetchMock,
      );
    mock('FREIGEGEBEN');
    anmelden({ funktionaleRollen: ['ZUST_SBB'] });
    const { unmount } = renderRoutes(routes, '/betriebsakte/7/bescheid/12/verlauf?modus=s');
    const baum = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    const gruppe = await within(baum).findByRole('list', { name: 'Bescheide' });
    expect(within(gruppe).getByRole('link', { name: 'Übersicht Bescheide/Erklärungen' })).toHaveAttribute('href', '/betriebsakte/7/bescheiduebersicht?modus=s');
    expect(within(gruppe).getByRole('link', { name: 'Übersicht Parameterwerte' })).toHaveAttribute('href', '/betriebsakte/7/parameteruebersicht?modus=s');
    expect(await within(gruppe).findByRole('link', { name: 'Wasserrechtliche Erlaubnis (§ 8 WHG) vom 01.03.2024' })).toHaveAttribute('href', '/betriebsakte/7/bescheid/12/bescheidsdaten?modus=s');
    expect(within(gruppe).getByRole('link', { name: /^Indirekteinleitergenehmigung vom 01.04.2024/ })).toHaveAttribute('href', '/betriebsakte/7/antrag/13/bescheidsdaten?modus=s');
    const offen = within(gruppe).getByRole('list', { name: /: Ablage$/ });
    expect(within(offen).getByRole('link', { name: 'Dateien' })).toHaveAttribute('href', '/betriebsakte/7/bescheid/12/dateien?modus=s');
    expect(await within(offen).findByRole('link', { name: '1111110008 Einleitung Rhein' })).toHaveAttribute('href', '/betriebsakte/7/bescheid/12/messstellen/90?modus=s');
    expect(await within(gruppe).findByRole('link', { name: 'Erklärung nach § 4 Abs. 5 AbwAG anlegen' })).toHaveAttribute(
      'href',
      `/betriebsakte/7/bescheid/neu/bescheiddaten?qualitaet=${encodeURIComponent('Erklärung nach § 4 Abs. 5 AbwAG')}&modus=s`,
    );
    expect(within(gruppe).getByRole('link', { name: 'Bescheid anlegen' })).toBeInTheDocument();
    unmount();

    // an operation not yet released has no Bescheide
    mock('BEANTRAGT');
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=s');
    const zwei = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    await within(zwei).findByRole('link', { name: 'Betriebsdaten' });
    await screen.findByTestId('betrieb-bezeichnung');
    expect(within(zwei).queryByRole('list', { name: 'Bescheide' })).toBeNull();
  });

  it('lists every Bescheid of an operation with more than a page of them (the search pages at 50)', async () => {
    vi.stubGlobal(
      'fetch',
      apiMock({
        'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN'], ['ZUST_SBB']),
        ...formularMocks(),
        'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
        'GET /api/betrieb/7': () => testBetrieb({ freigabestatus: 'FREIGEGEBEN' }),
        'GET /api/betrieb/7/bescheid/search': bescheidSuche(120),
      }).fetchMock,
    );
    anmelden({ funktionaleRollen: ['ZUST_SBB'] });
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l');
    const baum = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    const gruppe = await within(baum).findByRole('list', { name: 'Bescheide' });
    expect(await within(gruppe).findByRole('link', { name: 'Erlaubnis 120' })).toHaveAttribute('href', '/betriebsakte/7/bescheid/1119/bescheidsdaten?modus=l');
    expect(within(gruppe).getAllByRole('link', { name: /^Erlaubnis \d+$/ })).toHaveLength(120);
  });
});
