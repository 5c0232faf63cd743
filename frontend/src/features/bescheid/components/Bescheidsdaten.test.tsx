import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';
import type { Bescheid } from '@/features/bescheid/api/bescheid';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const eintraege = (...werte: string[]) => werte.map((value, i) => ({ id: i + 1, value, version: 1 }));

const AKTE = '/betriebsakte/7';

/** A Bescheid in work as GET /api/bescheid/{id} answers it to staff. */
function testBescheid(extra: Partial<Bescheid> = {}): Bescheid {
  return {
    id: 12,
    version: 3,
    betrieb: { id: 7, bezeichnung: 'Papierfabrik' },
    bescheidsstatus: 'IN_BEARBEITUNG',
    bescheidQualitaet: 'Bescheid',
    bescheidart: 'Wasserrechtliche Erlaubnis (§ 8 WHG)',
    vorbescheid: 0,
    aktenzeichen: '31-2/24',
    behoerde: 'SGD Nord',
    bescheidsdatum: '2024-03-01',
    ablaufdatum: '3000-01-01',
    bemerkung: '',
    bescheidId: '',
    auflagen: [{ abwasseranlage: 70, art: 'Messprogramm', beschreibung: 'Vierteljährlich messen', fristdatum: '2025-06-30' }],
    messstellen: [{ id: 90, messstellenId: '1111110008', bezeichnung: 'Einleitung Rhein', messstellentyp: 'NR_8', anlage: { id: 70, bezeichnung: 'KA Nord' }, anzahlAnforderungen: 0 }],
    freigabeAm: '',
    freigabeVon: '',
    rechte: { bearbeiten: true, loeschen: true, statusWerte: ['IN_BEARBEITUNG', 'FREIGEGEBEN'], dateien: true, anforderungen: true },
    ...extra,
  };
}

function mock(bescheid: () => unknown, handlers: Parameters<typeof apiMock>[0] = {}, aktionen: string[] = ['BESCHEID_ANLEGEN']) {
  const m = apiMock({
    'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', ...aktionen], ['ZUST_SBB']),
    ...formularMocks(),
    'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Papierfabrik', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
    'GET /api/betrieb/7': () => testBetrieb(),
    'GET /api/anlage': () => [{ id: 70, bezeichnung: 'KA Nord', anlagentyp: 'ABWASSERBEHANDLUNG', anzahlMessstellen: 1 }],
    'GET /api/betrieb/7/bescheid/search': () => ({ content: [{ id: 12, bescheidart: 'Wasserrechtliche Erlaubnis (§ 8 WHG)', bescheidsdatum: '2024-03-01', bescheidsstatus: 'IN_BEARBEITUNG', antrag: false }], totalElements: 1 }),
    'GET /api/bescheid/12': bescheid,
    'GET /api/bescheidqualitaet': () => eintraege('Bescheid', 'Erklärung nach § 4 Abs. 5 AbwAG'),
    // the list filters by the quality's entry id (1: 'Bescheid')
    'GET /api/bescheidart': (req) => (req.url.searchParams.get('bescheidQualitaet') === '1' ? eintraege('Wasserrechtliche Erlaubnis (§ 8 WHG)', 'Indirekteinleitergenehmigung') : []),
    'GET /api/betrieb/7/bescheid/vorbescheide': () => [{ id: 5, bezeichnung: 'Alte Erlaubnis vom 01.01.2010, Az. 1' }],
    'GET /api/betrieb/7/bescheid/messstellen': () => [
      { id: 90, messstellenId: '1111110008', bezeichnung: 'Einleitung Rhein', messstellentyp: 'NR_8', anlage: { id: 70, bezeichnung: 'KA Nord' } },
      { id: 91, messstellenId: '1111110009', bezeichnung: 'Ablauf Nord', messstellentyp: 'NR_9', anlage: { id: 70, bezeichnung: 'KA Nord' } },
    ],
    'GET /api/behoerde': () => eintraege('SGD Nord', 'SGD Süd'),
    'GET /api/auflagenart': () => eintraege('Messprogramm', 'Berichtspflicht'),
    ...handlers,
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

const SEITE = `${AKTE}/bescheid/12/bescheidsdaten`;

describe('Bescheidsdaten', () => {
  it('offers exactly rechte.statusWerte and saves the target status with the assigned points (PUT /api/bescheid/{id})', async () => {
    const user = userEvent.setup();
    const m = mock(() => testBescheid(), { 'PUT /api/bescheid/12': () => ({ version: 4, position: 9 }) });
    anmelden({ funktionaleRollen: ['ZUST_SBB'] });
    renderRoutes(routes, `${SEITE}?modus=s`);
    const status = await screen.findByRole('combobox', { name: /^Status/ });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['In Bearbeitung', 'Freigegeben']);
    await user.selectOptions(status, 'FREIGEGEBEN');
    // a second point through the dialog
    await user.click(screen.getByRole('button', { name: 'Messstellen zuordnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Messstellen zuordnen' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /1111110009/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(within(screen.getByTestId('bescheid-messstellen')).getByText('Ablauf Nord')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bescheid erfolgreich aktualisiert')).toBeInTheDocument();
    const put = m.called('PUT', '/api/bescheid/12')[0];
    expect(put.body).toMatchObject({ version: 3, bescheidsstatus: 'FREIGEGEBEN', messstellen: [90, 91], aktenzeichen: '31-2/24', auflagen: [{ abwasseranlage: 70, art: 'Messprogramm' }] });
  });

  it('a released Bescheid is read-only: edit mode falls back to read mode, every field disabled', async () => {
    mock(() => testBescheid({ bescheidsstatus: 'FREIGEGEBEN', freigabeAm: '2024-05-02', freigabeVon: 'Sab Bearbeiter', rechte: { bearbeiten: false, loeschen: false, statusWerte: ['FREIGEGEBEN'], dateien: true, anforderungen: false } }));
    anmelden({ funktionaleRollen: ['ZUST_SBB'] });
    const { router } = renderRoutes(routes, `${SEITE}?modus=s`);
    expect(await screen.findByTestId('freigabe-am')).toHaveTextContent('02.05.2024');
    await waitFor(() => expect(router.state.location.search).toContain('modus=l'));
    expect(screen.getByRole('textbox', { name: /^Aktenzeichen/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^Status/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^Bescheidart/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Messstellen zuordnen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Löschen' })).not.toBeInTheDocument();
  });

  it("the Auflagen dialog needs a plant and at least one Auflage, each with Art, Beschreibung and Fristdatum", async () => {
    const user = userEvent.setup();
    mock(() => testBescheid({ auflagen: [] }));
    anmelden({ funktionaleRollen: ['ZUST_SBB'] });
    renderRoutes(routes, `${SEITE}?modus=s`);
    await user.click(await screen.findByRole('tab', { name: 'Auflagen' }));
    await user.click(screen.getByRole('button', { name: 'Auflagen hinzufügen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Auflagen' });
    await user.click(within(dialog).getByRole('button', { name: 'Auflagen: Zeile 1 entfernen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(within(dialog).getByText('Es muss mindestens eine Auflage angegeben werden.')).toBeInTheDocument();
    expect(within(dialog).getByText('Dieses Feld ist ein Pflichtfeld.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Auflagen: Zeile hinzufügen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(within(dialog).getAllByText('Dieses Feld ist ein Pflichtfeld.')).toHaveLength(4);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Abwasseranlage/ }), '70');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Art 1' }), 'Berichtspflicht');
    await user.type(within(dialog).getByRole('textbox', { name: 'Beschreibung 1' }), 'Jahresbericht vorlegen');
    await user.type(within(dialog).getByRole('textbox', { name: 'Fristdatum 1' }), '31.12.2025');
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Auflagen' })).not.toBeInTheDocument());
    const tabelle = screen.getByTestId('auflagen');
    expect(within(tabelle).getByText('KA Nord')).toBeInTheDocument();
    expect(within(tabelle).getByText('Jahresbericht vorlegen')).toBeInTheDocument();
    expect(within(tabelle).getByText('31.12.2025')).toBeInTheDocument();
    // 'Bearbeiten' opens the plant's Auflagen again
    await user.click(within(tabelle).getByRole('button', { name: 'Auflage 1 bearbeiten' }));
    dialog = await screen.findByRole('dialog', { name: 'Auflagen' });
    expect(within(dialog).getByRole('textbox', { name: 'Beschreibung 1' })).toHaveValue('Jahresbericht vorlegen');
  });

  it("a 400 shows the error summary 'Validierung fehlgeschlagen' with each error, and flags the tab with errors", async () => {
    const user = userEvent.setup();
    mock(() => testBescheid(), {
      'PUT /api/bescheid/12': () =>
        json(400, { message: 'Validierung fehlgeschlagen', validationErrors: { aktenzeichen: 'Das Aktenzeichen ist zu lang.', 'auflagen[0].fristdatum': 'Die Frist liegt vor dem Bescheiddatum.' } }),
    });
    anmelden({ funktionaleRollen: ['ZUST_SBB'] });
    renderRoutes(routes, `${SEITE}?modus=s`);
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    const uebersicht = await screen.findByTestId('fehleruebersicht');
    expect(uebersicht).toHaveTextContent('Validierung fehlgeschlagen');
    expect(uebersicht).toHaveTextContent('Aktenzeichen: Das Aktenzeichen ist zu lang.');
    expect(uebersicht).toHaveTextContent('Auflage 1 › Fristdatum: Die Frist liegt vor dem Bescheiddatum.');
    expect(screen.getByRole('tab', { name: /^Auflagen\s*\(enthält Fehler\)/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Bescheid\s*\(enthält Fehler\)/ })).toBeInTheDocument();
  });

  it('staff returning an application need a Kommentar; it goes with the save to /api/bescheidsantrag', async () => {
    const user = userEvent.setup();
    const m = mock(() => testBescheid({ bescheidsstatus: 'BEANTRAGT', rechte: { bearbeiten: true, loeschen: false, statusWerte: ['BEANTRAGT', 'IN_BEARBEITUNG', 'ANGELEGT'], dateien: true, anforderungen: true } }), {
      'PUT /api/bescheidsantrag/12': () => ({ version: 4, position: 9 }),
    });
    anmelden({ funktionaleRollen: ['ZUST_SBB'] });
    renderRoutes(routes, `${AKTE}/antrag/12/bescheidsdaten?modus=s`);
    const status = await screen.findByRole('combobox', { name: /^Status/ });
    expect(screen.queryByRole('textbox', { name: /^Kommentar/ })).not.toBeInTheDocument();
    await user.selectOptions(status, 'ANGELEGT');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByTestId('fehleruebersicht')).toHaveTextContent('Kommentar: Bitte begründen Sie die Zurückweisung im Kommentar, damit der Antragsteller erfährt, was fehlt.');
    await user.type(screen.getByRole('textbox', { name: /^Kommentar/ }), 'Bitte das Aktenzeichen ergänzen.');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bescheidsantrag erfolgreich aktualisiert')).toBeInTheDocument();
    expect(m.called('PUT', '/api/bescheidsantrag/12')[0].body).toMatchObject({ bescheidsstatus: 'ANGELEGT', kommentar: 'Bitte das Aktenzeichen ergänzen.' });
  });

  it("an operator creates an application: ANGELEGT, Ablaufdatum 3000-01-01, POST /api/bescheidsantrag", async () => {
    const user = userEvent.setup();
    const m = mock(() => testBescheid(), { 'POST /api/bescheidsantrag': () => json(201, { id: 12, version: 1, position: 5 }) }, ['BESCHEIDSANTRAG_STELLEN']);
    anmelden({ funktionaleRollen: ['BETREIBER'] });
    renderRoutes(routes, `${AKTE}/bescheid/neu/bescheiddaten?qualitaet=Bescheid&modus=s`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Neuer Bescheidsantrag: Bescheid' })).toBeInTheDocument();
    const status = screen.getByRole('combobox', { name: /^Status/ });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Angelegt']);
    expect(screen.getByRole('textbox', { name: /^Ablaufdatum/ })).toHaveValue('01.01.3000');
    await screen.findByRole('option', { name: 'Indirekteinleitergenehmigung' }); // the value list is loaded
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Bescheidart/ }), 'Indirekteinleitergenehmigung');
    await user.type(screen.getByRole('textbox', { name: /^Aktenzeichen/ }), 'A-1');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Behörde/ }), 'SGD Süd');
    await user.type(screen.getByRole('textbox', { name: /^Bescheiddatum/ }), '01.03.2024');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    // the toast shows; the page moves on to the new application meanwhile (findBy found it)
    await screen.findByText('Bescheidsantrag erfolgreich erstellt');
    expect(m.called('POST', '/api/bescheidsantrag')[0].body).toMatchObject({ betrieb: 7, bescheidQualitaet: 'Bescheid', bescheidart: 'Indirekteinleitergenehmigung', ablaufdatum: '3000-01-01', bescheidsdatum: '2024-03-01', messstellen: [] });
  });

  it("'Im Wasserbuch öffnen' opens the entry in the app's viewer in a new tab, only when the Wasserbuch has it; a failure leaves it out", async () => {
    mock(() => testBescheid({ bescheidId: 'WR-4711' }), { 'GET /api/digiwab/WR-4711': () => ({ url: 'https://wasserbuch.example/wr/4711', vorhanden: true }) });
    anmelden({ funktionaleRollen: ['ZUST_SBB'] });
    const { unmount } = renderRoutes(routes, `${SEITE}?modus=l`);
    const link = await screen.findByRole('link', { name: /Im Wasserbuch öffnen/ });
    // the viewer of issue 33 (/eAbwasser/wasserbuch?wbbId=… under the app's basename), not the register itself
    expect(link).toHaveAttribute('href', '/wasserbuch?wbbId=WR-4711');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    unmount();

    // not there yet (404): no link, no toast
    mock(() => testBescheid({ bescheidId: 'WR-4711' }));
    renderRoutes(routes, `${SEITE}?modus=l`);
    expect(await screen.findByRole('textbox', { name: /^Wasserrecht-Nr\./ })).toHaveValue('WR-4711');
    await waitFor(() => expect(screen.queryByRole('link', { name: /Im Wasserbuch öffnen/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("delete asks first; a 409 shows the server's Vorbescheid message, another failure 'Der Bescheid konnte nicht gelöscht werden'", async () => {
    const user = userEvent.setup();
    const vorbescheid = 'Der Bescheid ist Vorbescheid eines anderen Bescheids und kann nicht gelöscht werden.';
    let n = 0;
    const m = mock(() => testBescheid(), { 'DELETE /api/bescheid/12': () => (n++ === 0 ? json(409, { message: vorbescheid }) : json(500, { message: '' })) });
    anmelden({ funktionaleRollen: ['ZUST_SBB'] });
    renderRoutes(routes, `${SEITE}?modus=l`);
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    const frage = await screen.findByRole('alertdialog', { name: 'Löschen bestätigen' });
    expect(frage).toHaveTextContent('Sind Sie sicher, dass Sie den Bescheid löschen möchten?');
    await user.click(within(frage).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText(vorbescheid)).toBeInTheDocument();
    expect(m.called('DELETE', '/api/bescheid/12')[0].url.searchParams.get('version')).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Löschen bestätigen' })).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Der Bescheid konnte nicht gelöscht werden')).toBeInTheDocument();
  });

  it('staff create a Bescheid in status IN_BEARBEITUNG through POST /api/bescheid', async () => {
    const user = userEvent.setup();
    const m = mock(() => testBescheid(), { 'POST /api/bescheid': () => json(201, { id: 12, version: 1, position: 5 }) });
    anmelden({ funktionaleRollen: ['ZUST_SBB'] });
    const { router } = renderRoutes(routes, `${AKTE}/bescheid/neu/bescheiddaten?qualitaet=Bescheid&modus=s`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Neuer Bescheid: Bescheid' })).toBeInTheDocument();
    const status = screen.getByRole('combobox', { name: /^Status/ });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['In Bearbeitung']);
    await screen.findByRole('option', { name: 'Indirekteinleitergenehmigung' }); // the value list is loaded
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Bescheidart/ }), 'Indirekteinleitergenehmigung');
    await user.type(screen.getByRole('textbox', { name: /^Aktenzeichen/ }), 'A-1');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Behörde/ }), 'SGD Nord');
    await user.type(screen.getByRole('textbox', { name: /^Bescheiddatum/ }), '01.03.2024');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    // the toast shows; the page moves on to the new Bescheid meanwhile (findBy found it)
    await screen.findByText('Bescheid erfolgreich erstellt');
    expect(m.called('POST', '/api/bescheid')[0].body).toMatchObject({ betrieb: 7, bescheidart: 'Indirekteinleitergenehmigung' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${AKTE}/bescheid/12/bescheidsdaten`));
  });
});
