import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { MSG_BEGRUENDUNG } from './dialoge/FreigabeDialog';
import { clearToasts, getToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import type { Betrieb } from '@/features/betrieb/api/betrieb';
import { ALLE_RECHTE, formularMocks, testBetrieb } from '@/test/betrieb';

const STAFF = ['BEARBEITUNGSMODUS_NUTZEN', 'BETRIEB_BEANTRAGEN', 'BEARBEITER_ZUORDNEN'];
const info = { bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' };

function mock(betrieb: Betrieb, handlers: Parameters<typeof apiMock>[0] = {}, aktionen = STAFF) {
  const m = apiMock({
    'GET /api/me': () => ich(aktionen, ['ZUST_SBD']),
    ...formularMocks(),
    'GET /api/betrieb/7/info': () => info,
    'GET /api/betrieb/7': () => betrieb,
    ...handlers,
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const toasts = () => getToasts().map((t) => t.message);

describe('Betriebsdaten', () => {
  it("'Freigabe bearbeiten': rejecting asks 'Zurückweisung bestätigen' first, then posts ABGEWIESEN with the comment", async () => {
    const user = userEvent.setup();
    const { called } = mock(testBetrieb({ freigabestatus: 'BEANTRAGT' }), {
      'POST /api/betrieb/freigabe': () => ({ id: 7, message: 'ok', version: 4, position: 9 }),
    });
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l');
    expect(await screen.findByTestId('freigabe')).toHaveTextContent('Beantragt');
    await user.click(screen.getByRole('button', { name: 'Freigabe bearbeiten' }));
    const dialog = screen.getByRole('dialog', { name: 'Freigabe bearbeiten' });
    // a rejection needs its reason: without one nothing is asked nor sent
    await user.click(within(dialog).getByRole('button', { name: 'Zurückweisen' }));
    expect(within(dialog).getByText(MSG_BEGRUENDUNG)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Kommentar/)).toHaveFocus();
    expect(screen.queryByRole('alertdialog', { name: 'Zurückweisung bestätigen' })).toBeNull();
    await user.type(within(dialog).getByLabelText(/Kommentar/), 'Adresse unvollständig');

    // cancelling the question sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Zurückweisen' }));
    let frage = screen.getByRole('alertdialog', { name: 'Zurückweisung bestätigen' });
    expect(frage).toHaveTextContent('Wollen Sie die Freigabe für den Betrieb wirklich zurückweisen?');
    expect(within(frage).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.click(within(frage).getByRole('button', { name: 'Abbrechen' }));
    expect(called('POST', '/api/betrieb/freigabe')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Zurückweisen' }));
    frage = screen.getByRole('alertdialog', { name: 'Zurückweisung bestätigen' });
    await user.click(within(frage).getByRole('button', { name: 'Zurückweisen' }));
    await waitFor(() => expect(toasts()).toContain('Betrieb abgelehnt'));
    expect(called('POST', '/api/betrieb/freigabe')[0].body).toEqual({
      betriebId: 7,
      kommentar: 'Adresse unvollständig',
      neuerStatus: 'ABGEWIESEN',
    });
    expect(screen.queryByRole('dialog', { name: 'Freigabe bearbeiten' })).not.toBeInTheDocument();
  });

  it("approving posts FREIGEGEBEN; a refusal shows 'Freigeben fehlgeschlagen' with the server's text", async () => {
    const user = userEvent.setup();
    let n = 0;
    const { called } = mock(testBetrieb({ freigabestatus: 'BEANTRAGT' }), {
      'POST /api/betrieb/freigabe': () =>
        n++ === 0 ? json(400, { message: 'Der Betrieb wartet nicht auf eine Freigabe.' }) : { id: 7, version: 4 },
    });
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l');
    await user.click(await screen.findByRole('button', { name: 'Freigabe bearbeiten' }));
    const dialog = screen.getByRole('dialog', { name: 'Freigabe bearbeiten' });
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    await waitFor(() => expect(toasts()).toContain('Freigeben fehlgeschlagen'));
    expect(getToasts().find((t) => t.message === 'Freigeben fehlgeschlagen')?.detail).toBe('Der Betrieb wartet nicht auf eine Freigabe.');
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    await waitFor(() => expect(toasts()).toContain('Betrieb freigegeben'));
    expect(called('POST', '/api/betrieb/freigabe')[1].body).toEqual({ betriebId: 7, kommentar: '', neuerStatus: 'FREIGEGEBEN' });
  });

  it('the Stammdaten-Antrag review lists differing fields and adopts only the checked ones', async () => {
    const user = userEvent.setup();
    const { called } = mock(testBetrieb({ stammdatenAntragOffen: true }), {
      'GET /api/betrieb/7/stammdaten-antrag': () => ({
        stammdaten: {
          bezeichnung: 'Kläranlage Nord-Ost',
          muttergesellschaft: '',
          url: 'https://example.org',
          betreiberAdresse: false,
          strasse: 'Rheinufer',
          hausnummer: '3',
          plz: '56068',
          ort: 'Koblenz-Lützel',
          kommentar: 'Umbenennung nach Fusion',
          gestelltAm: '2025-03-01',
        },
      }),
      'POST /api/betrieb/7/stammdaten-antrag/uebernahme': () => ({ id: 7, version: 5 }),
    });
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    // the query parameter opens the review at once (spec 000 §2)
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l&stammdatenAntrag=true');
    const dialog = await screen.findByRole('dialog', { name: 'Stammdatenänderungsantrag prüfen' });
    await within(dialog).findByText('Umbenennung nach Fusion');
    const zeilen = within(dialog).getAllByRole('row').slice(1);
    expect(zeilen.map((z) => within(z).getByRole('rowheader').textContent)).toEqual(['Bezeichnung', 'URL', 'Ort']);
    expect(within(zeilen[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Kläranlage Nord', 'Kläranlage Nord-Ost', '', '']);

    // nothing checked: the rule of spec 002 §5
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Es muss mindestens ein Element ausgewaehlt werden');
    expect(called('POST', '/api/betrieb/7/stammdaten-antrag/uebernahme')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ort übernehmen' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bezeichnung übernehmen' }));
    // the URL is refused: it needs a reason before anything is sent
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    const grund = within(dialog).getByRole('textbox', { name: 'Begründung zu URL' });
    expect(grund).toHaveAccessibleDescription('Bitte begründen Sie, warum „URL“ nicht übernommen wird.');
    expect(grund).toHaveFocus();
    expect(called('POST', '/api/betrieb/7/stammdaten-antrag/uebernahme')).toHaveLength(0);
    await user.type(grund, 'Seite nicht erreichbar');
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(toasts()).toContain('Daten wurden übernommen und der Antrag gelöscht'));
    expect(called('POST', '/api/betrieb/7/stammdaten-antrag/uebernahme')[0].body).toEqual({
      felder: ['bezeichnung', 'ort'],
      begruendungen: { url: 'Seite nicht erreichbar' },
    });
  });

  it('a version of the Historie is shown read-only with a banner and the way back; the toggle is hidden', async () => {
    const user = userEvent.setup();
    const alt = testBetrieb({ bezeichnung: 'Kläranlage Alt', rechte: undefined });
    mock(testBetrieb(), {
      'GET /api/betrieb/7/historie': () => [
        { gueltigAb: '2020-01-01', gueltigBis: '2024-12-31', aenderungsgrund: 'Inbetriebnahme', geaendertAm: '2020-01-01T08:00:00Z', geaendertVon: 'Demo', korrigiertAm: '2020-03-02T09:00:00Z', korrigiertVon: 'Michael Wagner', aktuell: false, betrieb: alt },
        { gueltigAb: '2025-01-01', gueltigBis: '3000-01-01', aenderungsgrund: 'Umbenennung', geaendertAm: '2025-01-01T08:00:00Z', geaendertVon: 'Sabine Adler', aktuell: true, betrieb: testBetrieb() },
      ],
    });
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    const { router } = renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=s');
    const tree = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    expect(await within(tree).findByRole('button', { name: /Bearbeiten/ })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Bezeichnung/)).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Historie' }));
    const popup = screen.getByRole('dialog', { name: 'Historie: Kläranlage Nord' });
    const zeilen = (await within(popup).findAllByRole('row')).slice(1);
    // newest first, the current one marked
    expect(zeilen[0]).toHaveTextContent('aktuell');
    // times as the spec writes them, HH:MM (spec 002 §8)
    expect(zeilen[0]).toHaveTextContent(/01\.01\.2025 \d\d:\d\d(?!:)/);
    expect(zeilen[0]).not.toHaveTextContent(/\d\d:\d\d:\d\d/);
    await user.click(within(popup).getByRole('button', { name: 'Version gültig ab 01.01.2020 anzeigen' }));

    const banner = await screen.findByRole('region', { name: 'Historischer Datensatz' });
    expect(banner).toHaveTextContent('Historische Version: gültig ab 01.01.2020 bis 31.12.2024');
    // who opened the version with its reason, and apart from it the last correction (issue 28)
    expect(banner).toHaveTextContent(/Eröffnet am 01\.01\.2020 \d\d:\d\d von Demo — Inbetriebnahme/);
    expect(banner).toHaveTextContent(/Zuletzt korrigiert am 02\.03\.2020 \d\d:\d\d von Michael Wagner/);
    expect(screen.getByLabelText(/^Bezeichnung/)).toHaveValue('Kläranlage Alt');
    expect(screen.getByLabelText(/^Bezeichnung/)).toBeDisabled();
    expect(new URLSearchParams(router.state.location.search).get('modus')).toBe('l');
    expect(within(tree).queryByRole('button', { name: /Bearbeiten/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Zurück zum aktuellen Datensatz' }));
    await waitFor(() => expect(screen.getByLabelText(/^Bezeichnung/)).toHaveValue('Kläranlage Nord'));
    expect(screen.queryByRole('region', { name: 'Historischer Datensatz' })).not.toBeInTheDocument();
    expect(within(tree).getByRole('button', { name: /Bearbeiten/ })).toBeInTheDocument();
  });

  it('server validation errors land on their fields and flag their tabs; the save goes with version', async () => {
    const user = userEvent.setup();
    const { called } = mock(testBetrieb({ kontakte: [{ anrede: 'Frau', titel: '', vorname: 'Eva', name: 'Muster', email: 'eva@example.org', telefon: '0261-1', mobil: '', funktion: '' }] }), {
      'PUT /api/betrieb/7': () =>
        json(400, {
          message: 'Validierung fehlgeschlagen',
          validationErrors: {
            'produktion.bezugsjahrProduktion': 'Das Jahr muss zwischen 1900 und 2100 liegen.',
            'kontakte[0].email': 'Das Feld muss eine gültige E-Mail Adresse enthalten!',
          },
        }),
    });
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=s');
    const muttergesellschaft = await screen.findByLabelText('Muttergesellschaft');
    await user.type(muttergesellschaft, 'Rheinaue Holding');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: /Produktion und Wasserversorgung/ })).toHaveTextContent('(enthält Fehler)'));
    expect(screen.getByRole('tab', { name: /Zuständigkeiten/ })).toHaveTextContent('(enthält Fehler)');
    expect(screen.getByRole('tab', { name: /^Betrieb/ })).not.toHaveTextContent('(enthält Fehler)');
    // the first tab with errors is opened, its field marked; the error summary lists every error
    // and has the focus; no toast (issue 28)
    expect(screen.getByRole('tab', { name: /Produktion und Wasserversorgung/ })).toHaveAttribute('aria-selected', 'true');
    const jahr = screen.getByLabelText('Bezugsjahr Produktion');
    expect(jahr).toHaveAccessibleDescription(/Das Jahr muss zwischen 1900 und 2100 liegen\./);
    const uebersicht = screen.getByRole('region', { name: 'Validierung fehlgeschlagen' });
    await waitFor(() => expect(uebersicht).toHaveFocus());
    expect(uebersicht).toHaveTextContent('Bezugsjahr Produktion: Das Jahr muss zwischen 1900 und 2100 liegen.');
    expect(toasts()).not.toContain('Validierung fehlgeschlagen: Das Jahr muss zwischen 1900 und 2100 liegen.');
    // a link of the summary puts the focus on its field
    await user.click(screen.getByRole('link', { name: /^Produktion › Bezugsjahr Produktion/ }));
    await waitFor(() => expect(jahr).toHaveFocus());

    await user.click(screen.getByRole('tab', { name: /Zuständigkeiten/ }));
    expect(screen.getByText(/Kontakt 1 \(Eva Muster\) – E-Mail: Das Feld muss eine gültige E-Mail Adresse enthalten!/)).toBeInTheDocument();

    const body = called('PUT', '/api/betrieb/7')[0].body as Record<string, unknown>;
    expect(body.version).toBe(3);
    expect(body.muttergesellschaft).toBe('Rheinaue Holding');
    expect(body).not.toHaveProperty('auditInfo');
  });

  it('a changed name goes through the audit dialog; the save returns to read mode', async () => {
    const user = userEvent.setup();
    let n = 0;
    const { called } = mock(testBetrieb(), {
      'PUT /api/betrieb/7': () =>
        n++ === 0
          ? json(400, { message: 'Die Änderung muss historisiert werden.', auditInfoViolation: 'MISSING' })
          : { id: 7, message: 'Gespeichert', version: 4, position: 12 },
    });
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    const { router } = renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=s');
    const bez = await screen.findByLabelText(/^Bezeichnung/);
    await user.clear(bez);
    await user.type(bez, 'Kläranlage Nord II');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Historisierung' })).getByRole('button', { name: 'Historisieren' }));
    const schritt2 = screen.getByRole('dialog', { name: 'Historisierung' });
    await user.type(within(schritt2).getByLabelText(/Änderungsgrund/), 'Umbenennung');
    await user.click(within(schritt2).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts()).toContain('Betrieb erfolgreich gespeichert'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('modus')).toBe('l'));
    expect(screen.queryByRole('alertdialog', { name: 'Änderungen verwerfen' })).not.toBeInTheDocument();
    const puts = called('PUT', '/api/betrieb/7');
    expect((puts[1].body as { auditInfo: { aenderungsgrund: string } }).auditInfo.aenderungsgrund).toBe('Umbenennung');
    expect((puts[1].body as { bezeichnung: string }).bezeichnung).toBe('Kläranlage Nord II');
  });

  it('choosing STILLGELEGT warns; cancelling resets the status to IN_BETRIEB', async () => {
    const user = userEvent.setup();
    mock(testBetrieb());
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=s');
    const status = await screen.findByLabelText(/^Betriebsstatus/);
    // a required select that has a value offers no empty choice
    await waitFor(() => expect(within(status).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(status, 'STILLGELEGT');
    const warnung = screen.getByRole('alertdialog', { name: 'Stilllegung' });
    expect(warnung).toHaveTextContent('Bei der Stilllegung des Betriebs werden alle Anlagen und Messstellen ebenfalls stillgelegt.');
    await user.click(within(warnung).getByRole('button', { name: 'Abbrechen' }));
    expect(status).toHaveValue('IN_BETRIEB');
  });

  it('an operator on a rejected operation saves through /betriebsdaten with "Freigabe erneut beantragen"; master data of an approved one are locked', async () => {
    const user = userEvent.setup();
    const rechte = { ...ALLE_RECHTE, alsAdminSpeichern: false, alsBetreiberSpeichern: true, freigeben: false, antragPruefen: false, antragStellen: true };
    const { called } = mock(
      testBetrieb({ freigabestatus: 'ABGEWIESEN', freigabeKommentar: 'Adresse fehlt', rechte }),
      { 'PUT /api/betrieb/7/betriebsdaten': () => ({ id: 7, version: 4 }) },
      ['BEARBEITUNGSMODUS_NUTZEN', 'BETRIEB_BEANTRAGEN'],
    );
    anmelden();
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=s');
    expect(await screen.findByTestId('freigabe')).toHaveTextContent('Kommentar zur FreigabeAdresse fehlt');
    expect(screen.getByLabelText(/^Betriebsstatus/)).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Freigabe erneut beantragen' }));
    await waitFor(() => expect(toasts()).toContain('Betrieb erfolgreich beantragt'));
    expect(called('PUT', '/api/betrieb/7/betriebsdaten')[0].body).toMatchObject({ version: 3, bezeichnung: 'Kläranlage Nord' });
  });

  it('a staff save of a rejected operation is "Freigabe erneut beantragen" too', async () => {
    const user = userEvent.setup();
    const { called } = mock(testBetrieb({ freigabestatus: 'ABGEWIESEN', freigabeKommentar: 'Adresse fehlt' }), {
      'PUT /api/betrieb/7': () => ({ id: 7, version: 4 }),
    });
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=s');
    await user.click(await screen.findByRole('button', { name: 'Freigabe erneut beantragen' }));
    await waitFor(() => expect(toasts()).toContain('Betrieb erfolgreich beantragt'));
    expect(called('PUT', '/api/betrieb/7')[0].body).toMatchObject({ version: 3 });
  });

  it('a known refusal of a Stammdaten-Antrag says what it is, not "unbekannter Fehler"', async () => {
    const user = userEvent.setup();
    const rechte = { ...ALLE_RECHTE, alsAdminSpeichern: false, alsBetreiberSpeichern: true, freigeben: false, antragPruefen: false, antragStellen: true };
    mock(
      testBetrieb({ rechte }),
      { 'POST /api/betrieb/7/stammdaten': () => json(400, { message: 'Der Antrag enthält keine Änderung der Stammdaten.', traceId: 't' }) },
      ['BEARBEITUNGSMODUS_NUTZEN'],
    );
    anmelden();
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l');
    await user.click(await screen.findByRole('button', { name: 'Stammdatenänderung beantragen' }));
    await user.click(screen.getByRole('button', { name: 'Antrag einreichen' }));
    await waitFor(() => expect(toasts()).toContain('Der Antrag enthält keine Änderung der Stammdaten.'));
    expect(toasts().some((t) => t.startsWith('Es gab einen unbekannten Fehler'))).toBe(false);
  });

  it('the operator of an approved operation keeps contacts himself; master data only by application', async () => {
    const user = userEvent.setup();
    const rechte = { ...ALLE_RECHTE, alsAdminSpeichern: false, alsBetreiberSpeichern: true, freigeben: false, antragPruefen: false, antragStellen: true };
    const alt = { anrede: 'Herr', titel: '', vorname: 'Jan', name: 'Krämer', email: 'jan@example.org', telefon: '0261-1', mobil: '', funktion: '' };
    const { called } = mock(
      testBetrieb({ rechte, kontakte: [alt] }),
      { 'PUT /api/betrieb/7/betriebsdaten': () => ({ id: 7, version: 4 }) },
      ['BEARBEITUNGSMODUS_NUTZEN', 'BETRIEB_BEANTRAGEN'],
    );
    anmelden();
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=s');
    expect(await screen.findByLabelText(/^Bezeichnung/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stammdatenänderung beantragen' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Zuständigkeiten' }));
    // Bearbeiter are assigned by administrators only
    expect(screen.queryByRole('button', { name: 'Bearbeiter hinzufügen' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Kontakt hinzufügen' }));
    const dialog = screen.getByRole('dialog', { name: 'Kontakt hinzufügen' });
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(within(dialog).getByLabelText(/^E-Mail/)).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Anrede/)).toHaveFocus());
    await user.selectOptions(within(dialog).getByLabelText(/^Anrede/), 'Frau');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Muster');
    await user.type(within(dialog).getByLabelText(/^Vorname/), 'Eva');
    await user.type(within(dialog).getByLabelText(/^E-Mail/), 'eva@example');
    await user.type(within(dialog).getByLabelText(/^Telefon/), '0261-47 11');
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(within(dialog).getByLabelText(/^E-Mail/)).toHaveAccessibleDescription('Das Feld muss eine gültige E-Mail Adresse enthalten!');
    expect(within(dialog).getByLabelText(/^Telefon/)).toHaveAccessibleDescription('Nur Ziffern und als Trennzeichen „-“ sind zulässig.');
    await user.clear(within(dialog).getByLabelText(/^E-Mail/));
    await user.type(within(dialog).getByLabelText(/^E-Mail/), 'eva@example.org');
    await user.clear(within(dialog).getByLabelText(/^Telefon/));
    await user.type(within(dialog).getByLabelText(/^Telefon/), '0261-4711');
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(screen.queryByRole('dialog', { name: 'Kontakt hinzufügen' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Kontakt „Jan Krämer“ löschen' }));
    const frage = screen.getByRole('alertdialog', { name: 'Löschen bestätigen' });
    expect(frage).toHaveTextContent('Sind Sie sicher, dass Sie den Kontakt „Jan Krämer“ löschen möchten?');
    await user.click(within(frage).getByRole('button', { name: 'Löschen' }));
    expect(screen.queryByRole('cell', { name: 'Jan Krämer' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Eva Muster' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts()).toContain('Betrieb erfolgreich gespeichert'));
    expect((called('PUT', '/api/betrieb/7/betriebsdaten')[0].body as { kontakte: unknown }).kontakte).toEqual([
      { anrede: 'Frau', titel: '', vorname: 'Eva', name: 'Muster', email: 'eva@example.org', telefon: '0261-4711', mobil: '', funktion: '' },
    ]);
  });
});
