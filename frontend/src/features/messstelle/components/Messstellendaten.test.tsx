import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';
import { leereGrenzwerte } from './werte';
import type { Messstelle } from '@/features/messstelle/api/messstelle';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const eintraege = (...werte: (string | Record<string, unknown>)[]) =>
  werte.map((w, i) => (typeof w === 'string' ? { id: i + 1, value: w, version: 1 } : { id: i + 1, version: 1, ...w }));

const ANLAGE = '/betriebsakte/7/abwasserbehandlung/70';

/** A discharge point (NR_8) of an industrial operation as GET /api/messstelle/{id} answers it to staff. */
function testMessstelle(extra: Partial<Messstelle> = {}): Messstelle {
  return {
    id: 90,
    messstellenId: '1111110008',
    anlage: { id: 70, bezeichnung: 'KA Nord' },
    anlagentyp: 'ABWASSERBEHANDLUNG',
    betrieb: { id: 7, bezeichnung: 'Papierfabrik' },
    betriebstyp: 'INDUSTRIE',
    freigabe: { status: 'FREIGEGEBEN' },
    bereiche: { einleitstelle: true, mindestanforderungen: true, vorbelastungen: true },
    version: 3,
    bezeichnung: 'Einleitung Rhein',
    messstellentyp: 'NR_8',
    messstellenstatus: 'IN_BETRIEB',
    abgabeRelevant: true,
    frachtRelevant: false,
    waermeRelevant: false,
    lage: { hochwert: 5580000, rechtswert: 398000 },
    anhang: { anhangAbwasserverordnung: '', abwasserart: '', ...leereGrenzwerte() },
    zustaendigeBehoerde: '',
    limsBerechtigte: [],
    zugehoerigeBehoerden: [],
    einleitstelle: { lage: { hochwert: 5580010, rechtswert: 398010 }, oberflaechenwasserkoerper: 'Rhein (DERP_1)', teileinzugsgebiet: '', pegel: '', einleitungMnq: '', einleitungMq: '' },
    mindestanforderungen: [
      { gruppe: 'A00', wertart: 'HW', ...leereGrenzwerte(), csb: '75' },
      { gruppe: 'A28', wertart: 'UEW', ...leereGrenzwerte(), csb: '110' },
    ],
    vorbelastungen: [{ gueltigAb: '2024-01-01', ...leereGrenzwerte(), csb: '12' }],
    rechte: { bearbeiten: true, speichern: true, freigeben: false, verlaufLesen: true, dateienBearbeiten: true },
    ...extra,
  };
}

function mock(messstelle: () => unknown, handlers: Parameters<typeof apiMock>[0] = {}, aktionen: string[] = []) {
  const m = apiMock({
    'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', 'ANLAGE_ANLEGEN', 'MESSSTELLE_ANLEGEN', ...aktionen], ['ZUST_SBD']),
    ...formularMocks(),
    'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Papierfabrik', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
    'GET /api/betrieb/7': () => testBetrieb(),
    'GET /api/betrieb/7/messstelle': () => [],
    'GET /api/anlage/70': () => ({ id: 70, anlagenId: 'A-70', anlagentyp: 'ABWASSERBEHANDLUNG', betrieb: { id: 7 }, betriebstyp: 'INDUSTRIE', bezeichnung: 'KA Nord', anlagenstatus: 'IN_BETRIEB', version: 1 }),
    'GET /api/messstelle/90': messstelle,
    'GET /api/messstellentyp': () =>
      eintraege({ value: 'Zulauf', schluessel: 'NR_1' }, { value: 'Einleitungsstelle', schluessel: 'NR_8' }, { value: 'Endkontrollmessstelle', schluessel: 'NR_9' }),
    'GET /api/anhang-abwv': () => eintraege('Anhang 28 – Herstellung von Papier'),
    'GET /api/messstelle-abwasserart': () => eintraege('Produktionsabwasser'),
    'GET /api/behoerde': () => eintraege('SGD Nord'),
    'GET /api/messstellenzustaendigkeit': () => eintraege('Regionalstelle (SGD)'),
    'GET /api/pegel': () => eintraege('Koblenz'),
    ...handlers,
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

const reiterNamen = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('Messstellendaten', () => {
  it("a failing load says 'Fehler beim Aufruf der Messstelle' and offers to load again", async () => {
    const user = userEvent.setup();
    let n = 0;
    mock(() => (n++ === 0 ? json(500, { message: 'kaputt', traceId: 'x' }) : testMessstelle()));
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, `${ANLAGE}/messstellen/90/messstellendaten?modus=l`);
    const alarm = await screen.findByRole('alert');
    expect(alarm).toHaveTextContent('Fehler beim Aufruf der Messstelle');
    await user.click(within(alarm).getByRole('button', { name: 'Erneut laden' }));
    expect(await screen.findByTestId('messstellen-id')).toHaveTextContent('1111110008');
  });

  it('shows Einleitstelle, Mindestanforderungen and Vorbelastungen only where bereiche says so', async () => {
    mock(() => testMessstelle());
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    const { unmount } = renderRoutes(routes, `${ANLAGE}/messstellen/90/messstellendaten?modus=l`);
    await screen.findByTestId('messstellen-id');
    expect(reiterNamen()).toEqual(['Messstelle', 'Einleitstelle', 'Mindestanforderungen', 'Vorbelastungen']);
    unmount();

    // a discharge point of a municipal operation: the Einleitstelle only
    mock(() => testMessstelle({ betriebstyp: 'KOMMUNAL', bereiche: { einleitstelle: true, mindestanforderungen: false, vorbelastungen: false } }));
    const zwei = renderRoutes(routes, `${ANLAGE}/messstellen/90/messstellendaten?modus=l`);
    await screen.findByTestId('messstellen-id');
    expect(reiterNamen()).toEqual(['Messstelle', 'Einleitstelle']);
    zwei.unmount();

    // an Endkontrollmessstelle: the first tab only
    mock(() => testMessstelle({ messstellentyp: 'NR_9', einleitstelle: undefined, bereiche: { einleitstelle: false, mindestanforderungen: false, vorbelastungen: false } }));
    renderRoutes(routes, `${ANLAGE}/messstellen/90/messstellendaten?modus=l`);
    await screen.findByTestId('messstellen-id');
    expect(reiterNamen()).toEqual(['Messstelle']);
  });

  it('a new point follows its type: query typ preselects it, another type hides the tabs', async () => {
    const user = userEvent.setup();
    mock(() => testMessstelle());
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, `${ANLAGE}/messstellen/neu/messstellendaten?modus=s&typ=NR_8`);
    await screen.findByRole('heading', { name: 'Neue Messstelle', level: 1 });
    const typ = await screen.findByLabelText(/^Messstellentyp/);
    await waitFor(() => expect(typ).toHaveValue('NR_8'));
    await waitFor(() => expect(reiterNamen()).toEqual(['Messstelle', 'Einleitstelle', 'Mindestanforderungen', 'Vorbelastungen']));
    await user.selectOptions(typ, 'NR_9');
    expect(reiterNamen()).toEqual(['Messstelle']);
  });

  it('only the Mindestanforderungen of group A00 are editable; HW and ÜW are explained', async () => {
    const user = userEvent.setup();
    mock(() => testMessstelle());
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, `${ANLAGE}/messstellen/90/messstellendaten?modus=s`);
    await user.click(await screen.findByRole('tab', { name: 'Mindestanforderungen' }));
    const a00 = screen.getByTestId('mindestanforderung-a00');
    const fest = screen.getByTestId('mindestanforderung-fest');
    expect(within(a00).getByRole('textbox', { name: 'CSB 1' })).toHaveValue('75');
    expect(within(a00).getByRole('combobox', { name: 'Wertart 1' })).toBeEnabled();
    expect(within(fest).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(fest).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(fest).getByText('110')).toBeInTheDocument();
    expect(within(fest).getByTitle('Überwachungswert')).toHaveTextContent('ÜW');
    expect(within(fest).queryByRole('button', { name: /entfernen/ })).not.toBeInTheDocument();
    expect(within(a00).getByRole('button', { name: 'Mindestanforderungen: Zeile 1 entfernen' })).toBeInTheDocument();
    // a new row is of group A00
    await user.click(screen.getByRole('button', { name: 'Mindestanforderungen: Zeile der Gruppe A00 hinzufügen' }));
    expect(screen.getAllByTestId('mindestanforderung-a00')).toHaveLength(2);
    // the column headers are abbreviations with their long form
    expect(screen.getAllByTitle('Chemischer Sauerstoffbedarf')[0]).toHaveTextContent('CSB');
  });

  it('Anhang AbwV and Abwasserart go together: one without the other is refused before the save', async () => {
    const user = userEvent.setup();
    const m = mock(() => testMessstelle());
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, `${ANLAGE}/messstellen/90/messstellendaten?modus=s`);
    const anhang = await screen.findByLabelText('Anhang AbwV');
    await screen.findByRole('option', { name: 'Anhang 28 – Herstellung von Papier' });
    await user.selectOptions(anhang, 'Anhang 28 – Herstellung von Papier');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const text = 'Die Felder "Anhang AbwV" und "Abwasserart" müssen entweder beide leer oder befüllt sein!';
    const uebersicht = await screen.findByTestId('fehleruebersicht');
    expect(within(uebersicht).getByText(`Anhang AbwV: ${text}`)).toBeInTheDocument();
    expect(within(uebersicht).getByText(`Abwasserart: ${text}`)).toBeInTheDocument();
    expect(screen.getByLabelText('Abwasserart')).toHaveAttribute('aria-invalid', 'true');
    expect(m.called('PUT', '/api/messstelle/90')).toHaveLength(0);
    // both set: no error
    await user.selectOptions(screen.getByLabelText('Abwasserart'), 'Produktionsabwasser');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(m.called('PUT', '/api/messstelle/90')).toHaveLength(1));
  });

  it("a rejected point's save button requests the Freigabe again", async () => {
    mock(() => testMessstelle({ freigabe: { status: 'ABGEWIESEN', kommentar: 'Lage fehlt' } }));
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, `${ANLAGE}/messstellen/90/messstellendaten?modus=s`);
    expect(await screen.findByRole('button', { name: 'Freigabe erneut anfordern' })).toBeInTheDocument();
    // the status only once approved
    expect(screen.getByLabelText(/^Status/)).toBeDisabled();
  });
});

describe('Freigabe anfordern: the number dialog', () => {
  /** Fills the required fields of a new point and opens the dialog. */
  async function oeffneDialog(user: ReturnType<typeof userEvent.setup>) {
    renderRoutes(routes, `${ANLAGE}/messstellen/neu/messstellendaten?modus=s&typ=NR_9`);
    await user.type(await screen.findByLabelText(/^Bezeichnung/), 'Ablauf Endkontrolle');
    await waitFor(() => expect(screen.getByLabelText(/^Messstellentyp/)).toHaveValue('NR_9'));
    await user.type(screen.getByLabelText(/^Rechtswert/), '398000');
    await user.type(screen.getByLabelText(/^Hochwert/), '5580000');
    await user.click(screen.getByRole('button', { name: 'Freigabe anfordern' }));
    return screen.findByRole('dialog', { name: 'Freigabe anfordern' });
  }

  it('prefills the suggested number, checks it as it is typed and creates the point', async () => {
    const user = userEvent.setup();
    const m = mock(() => testMessstelle(), {
      'GET /api/messstelle/new-id': () => ({ messstellenId: '1111110000', prefix: '111111', frei: '00', suffix: '00' }),
      'GET /api/messstelle/check-id': (r) => {
        const id = (r.url.searchParams.get('id') ?? '').replaceAll('-', '');
        if (id.length < 10) return { verfuegbar: false, text: 'Die Messstellennummer ist zu kurz.' };
        if (id === '1111110100') return { verfuegbar: false, text: 'Die Messstellennummer ist bereits vergeben.' };
        return { verfuegbar: true, text: 'Die Messstellennummer ist verfügbar.' };
      },
      'POST /api/anlage/70/messstelle': () => json(201, { id: 91, position: 5, message: 'Die Messstelle wurde erfolgreich angelegt.' }),
      'GET /api/messstelle/91': () => testMessstelle({ id: 91, freigabe: { status: 'BEANTRAGT' } }),
    });
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    const dialog = await oeffneDialog(user);
    const feld = within(dialog).getByLabelText(/^Messstellen-Nr\./);
    await waitFor(() => expect(feld).toHaveValue('1111110000'));
    expect(within(dialog).getByText('Zahlen 0 – 9, als Trennzeichen nur „-“ zulässig')).toBeInTheDocument();
    const status = within(dialog).getByTestId('nummer-status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    const speichern = within(dialog).getByRole('button', { name: 'Speichern' });
    await waitFor(() => expect(status).toHaveTextContent('Die Messstellennummer ist verfügbar.'));
    expect(speichern).toBeEnabled();

    await user.clear(feld);
    await user.type(feld, '111111-01');
    expect(status).toHaveTextContent('Die Messstellennummer wird überprüft.');
    expect(speichern).toBeDisabled();
    await waitFor(() => expect(status).toHaveTextContent('Die Messstellennummer ist zu kurz.'));
    expect(speichern).toBeDisabled();
    await user.type(feld, '00');
    await waitFor(() => expect(status).toHaveTextContent('Die Messstellennummer ist bereits vergeben.'));
    expect(speichern).toBeDisabled();
    await user.clear(feld);
    await user.type(feld, '111111-02-00');
    await waitFor(() => expect(status).toHaveTextContent('Die Messstellennummer ist verfügbar.'));
    await user.click(speichern);

    await waitFor(() => expect(m.called('POST', '/api/anlage/70/messstelle')).toHaveLength(1));
    const body = m.called('POST', '/api/anlage/70/messstelle')[0].body as Record<string, unknown>;
    expect(body.messstellenId).toBe('111111-02-00');
    expect(body.messstellentyp).toBe('NR_9');
    expect(body.lage).toEqual({ hochwert: 5580000, rechtswert: 398000 });
    // the toast moves from the closing dialog to the page (a new element): ask for the text, not
    // for the element first found
    await waitFor(() => expect(screen.getByText('Die Messstelle wurde erfolgreich angelegt.')).toBeInTheDocument());
    expect(await screen.findByTestId('messstellen-id')).toBeInTheDocument();
  });

  it("says 'Kombinationen Messtellen-Nr ausgeschöpft!' when no number is left (204)", async () => {
    const user = userEvent.setup();
    mock(() => testMessstelle(), { 'GET /api/messstelle/new-id': () => new Response(null, { status: 204 }) });
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    const dialog = await oeffneDialog(user);
    expect(await within(dialog).findByText('Kombinationen Messtellen-Nr ausgeschöpft!')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Speichern' })).toBeDisabled();
  });

  it("shows the server's text when the number was taken meanwhile (409)", async () => {
    const user = userEvent.setup();
    mock(() => testMessstelle(), {
      'GET /api/messstelle/new-id': () => ({ messstellenId: '1111110000', prefix: '111111', frei: '00', suffix: '00' }),
      'GET /api/messstelle/check-id': () => ({ verfuegbar: true, text: 'Die Messstellennummer ist verfügbar.' }),
      'POST /api/anlage/70/messstelle': () => json(409, { message: 'Die Messstellennummer ist bereits vergeben.' }),
    });
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    const dialog = await oeffneDialog(user);
    const speichern = within(dialog).getByRole('button', { name: 'Speichern' });
    await waitFor(() => expect(speichern).toBeEnabled());
    await user.click(speichern);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Die Messstellennummer ist bereits vergeben.');
  });
});

describe('Freigabe of a requested point', () => {
  it('saves the changed form first, then decides on the saved version', async () => {
    const user = userEvent.setup();
    let version = 3;
    const m = mock(
      () => testMessstelle({ version, freigabe: { status: 'BEANTRAGT' }, rechte: { bearbeiten: true, speichern: true, freigeben: true } }),
      {
        'PUT /api/messstelle/90': () => {
          version = 4;
          return { id: 90, position: 8, message: 'Die Messstelle wurde erfolgreich gespeichert.', version: 4 };
        },
        'POST /api/messstelle/90/freigabe': () => ({ id: 90, position: 9, message: 'Die Messstelle wurde erfolgreich freigegeben.', version: 5 }),
      },
      ['MESSSTELLE_FREIGEBEN'],
    );
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    renderRoutes(routes, `${ANLAGE}/messstellen/90/messstellendaten?modus=s`);
    const bezeichnung = await screen.findByLabelText(/^Bezeichnung/);
    await user.type(bezeichnung, ' Nord');
    await user.click(screen.getByRole('button', { name: 'Freigabe bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freigabe bearbeiten' });
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    await waitFor(() => expect(m.called('POST', '/api/messstelle/90/freigabe')).toHaveLength(1));
    expect((m.called('PUT', '/api/messstelle/90')[0].body as { bezeichnung: string }).bezeichnung).toBe('Einleitung Rhein Nord');
    expect(m.called('POST', '/api/messstelle/90/freigabe')[0].body).toEqual({ kommentar: '', neuerStatus: 'FREIGEGEBEN', version: 4 });
    expect(await screen.findByText('Die Messstelle wurde erfolgreich freigegeben.')).toBeInTheDocument();
  });

  it('a failed decision after the save says the other changes were saved', async () => {
    const user = userEvent.setup();
    mock(
      () => testMessstelle({ freigabe: { status: 'BEANTRAGT' }, rechte: { bearbeiten: true, speichern: true, freigeben: true } }),
      {
        'PUT /api/messstelle/90': () => ({ id: 90, position: 8, message: 'gespeichert', version: 4 }),
        'POST /api/messstelle/90/freigabe': () => json(400, { message: 'Die Messstelle wartet nicht auf eine Freigabe.' }),
      },
      ['MESSSTELLE_FREIGEBEN'],
    );
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    renderRoutes(routes, `${ANLAGE}/messstellen/90/messstellendaten?modus=s`);
    await user.type(await screen.findByLabelText(/^Bezeichnung/), ' Nord');
    await user.click(screen.getByRole('button', { name: 'Freigabe bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freigabe bearbeiten' });
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Das Freigeben der Messstelle ist fehlgeschlagen! Alle anderen Änderungen wurden zuvor gespeichert.')).toBeInTheDocument();
  });
});
