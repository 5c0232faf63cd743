import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '@/lib/format';
import { clearToasts, getToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { istFaellig, sichtbarkeit, Wiedervorlagen } from './Wiedervorlagen';
import { teilen } from './WiedervorlageDialog';

const zeile = (id: number, betreff: string, datum: string | null, loeschbar: boolean, angelegtVon = 'Michael Wagner', seite = 'ORGANISATION', geteilt = true) => ({
  id,
  betreff,
  datum,
  fachobjekt: 'betrieb',
  fachobjektId: 5,
  bezugZuFachobjekt: 'BETRIEB',
  angelegtVon,
  angelegtVonId: 7,
  angelegtAm: '2026-11-01T08:00:00Z',
  loeschbar,
  seite,
  geteilt,
});

const liste = [
  zeile(1, 'Nachweis anfordern', '2000-01-31', true),
  zeile(2, 'Heute anrufen', todayIso(), true),
  zeile(3, 'Ortstermin', '2999-12-31', false, 'Behörde', 'BEHOERDE', true),
  zeile(4, 'Irgendwann', null, true, 'Michael Wagner', 'ORGANISATION', false),
];

function mock(aktionen = ['WIEDERVORLAGEN_LESEN']) {
  const m = apiMock({
    'GET /api/me': () => ich(aktionen),
    'GET /api/betrieb/5/wiedervorlage': () => liste,
    'POST /api/betrieb/5/wiedervorlage': () => json(201, { id: 9, message: 'Die Wiedervorlage wurde erfolgreich angelegt.', position: 3 }),
    'DELETE /api/wiedervorlage/1': () => ({ id: 1, message: 'Die Wiedervorlage wurde erfolgreich gelöscht.', position: 4 }),
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

function zeige() {
  anmelden();
  return renderRoutes([{ path: '/akte', element: <Wiedervorlagen fachobjekt="betrieb" id="5" /> }], '/akte');
}

const toasts = () => getToasts().map((t) => t.message);
const zeileMit = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr')!;

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('Wiedervorlagen', () => {
  it("lists Datum, Betreff and Angelegt von; reminders due today or earlier are marked 'fällig'", async () => {
    mock();
    zeige();
    const alt = await zeileMit('Nachweis anfordern');
    expect(within(alt).getAllByRole('cell').slice(0, 3).map((c) => c.textContent)).toEqual(['31.01.2000 fällig', 'Nachweis anfordern', 'Michael Wagner']);
    expect(within(await zeileMit('Heute anrufen')).getByText('fällig')).toBeInTheDocument();
    const spaeter = await zeileMit('Ortstermin');
    expect(within(spaeter).queryByText('fällig')).not.toBeInTheDocument();
    // only what the server marks loeschbar offers a delete
    expect(within(spaeter).queryByRole('button', { name: /Löschen/ })).not.toBeInTheDocument();
    expect(within(await zeileMit('Irgendwann')).getAllByRole('cell')[0]).toHaveTextContent(/^$/);
    expect(istFaellig({ datum: '2026-11-21' }, '2026-11-21')).toBe(true);
    expect(istFaellig({ datum: '2026-11-22' }, '2026-11-21')).toBe(false);
    expect(istFaellig({ datum: null }, '2026-11-21')).toBe(false);
  });

  it('a new reminder needs a Betreff; the date is optional, typed TT.MM.JJJJ and sent as yyyy-MM-dd', async () => {
    const user = userEvent.setup();
    const { called } = mock();
    zeige();
    await user.click(await screen.findByRole('button', { name: 'Wiedervorlage anlegen' }));
    const dialog = screen.getByRole('dialog', { name: 'Wiedervorlage anlegen' });
    await user.type(within(dialog).getByLabelText(/^Datum/), '31.02.2026');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByLabelText(/^Betreff/)).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    expect(within(dialog).getByLabelText(/^Datum/)).toHaveAccessibleDescription(/Ungültiges Datumsformat/);
    expect(called('POST', '/api/betrieb/5/wiedervorlage')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Betreff/), 'Bescheid prüfen');
    // on an operation a reminder may concern its Stammdaten request (spec 000 §3's kinds)
    await user.selectOptions(within(dialog).getByLabelText(/^Bezug/), 'Stammdatenänderungsantrag');
    await user.clear(within(dialog).getByLabelText(/^Datum/));
    await user.type(within(dialog).getByLabelText(/^Datum/), '1.12.2026');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts()).toEqual(['Die Wiedervorlage wurde erfolgreich angelegt.']));
    expect(called('POST', '/api/betrieb/5/wiedervorlage')[0].body).toEqual({
      betreff: 'Bescheid prüfen',
      datum: '2026-12-01',
      bezugZuFachobjekt: 'BETRIEB_STAMMDATEN_AENDERUNG',
      geteilt: true,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Wiedervorlage anlegen' }));
    const zweiter = screen.getByRole('dialog', { name: 'Wiedervorlage anlegen' });
    await user.type(within(zweiter).getByLabelText(/^Betreff/), 'Ohne Datum');
    await user.click(within(zweiter).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(called('POST', '/api/betrieb/5/wiedervorlage')).toHaveLength(2));
    expect(called('POST', '/api/betrieb/5/wiedervorlage')[1].body).toEqual({ betreff: 'Ohne Datum', datum: null, bezugZuFachobjekt: 'BETRIEB', geteilt: true });
  });

  it("deleting asks first and says 'Die Wiedervorlage wurde erfolgreich gelöscht.'", async () => {
    const user = userEvent.setup();
    const { called } = mock();
    zeige();
    await user.click(within(await zeileMit('Nachweis anfordern')).getByRole('button', { name: 'Löschen Nachweis anfordern' }));
    const frage = screen.getByRole('alertdialog', { name: 'Löschen bestätigen' });
    expect(frage).toHaveTextContent('Sind Sie sicher, dass Sie die Wiedervorlage „Nachweis anfordern“ löschen möchten?');
    await user.click(within(frage).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(toasts()).toEqual(['Die Wiedervorlage wurde erfolgreich gelöscht.']));
    expect(called('DELETE', '/api/wiedervorlage/1')).toHaveLength(1);
    await waitFor(() => expect(called('GET', '/api/betrieb/5/wiedervorlage')).toHaveLength(2));
  });

  it("offers an annual report's three kinds with German labels, JAHRESBERICHT first", async () => {
    const user = userEvent.setup();
    const m = apiMock({
      'GET /api/me': () => ich(['WIEDERVORLAGEN_LESEN']),
      'GET /api/jahresbericht/8/wiedervorlage': () => [],
      'POST /api/jahresbericht/8/wiedervorlage': () => json(201, { id: 9, message: 'Die Wiedervorlage wurde erfolgreich angelegt.', position: 3 }),
    });
    vi.stubGlobal('fetch', m.fetchMock);
    anmelden();
    renderRoutes([{ path: '/bericht', element: <Wiedervorlagen fachobjekt="jahresbericht" id="8" /> }], '/bericht');
    await user.click(await screen.findByRole('button', { name: 'Wiedervorlage anlegen' }));
    const dialog = screen.getByRole('dialog', { name: 'Wiedervorlage anlegen' });
    const bezug = within(dialog).getByLabelText(/^Bezug/);
    expect(within(bezug).getAllByRole('option').map((o) => o.textContent)).toEqual(['Jahresbericht', 'Parameter und Messwerte', 'Bericht']);
    expect(bezug).toHaveValue('JAHRESBERICHT');
    await user.selectOptions(bezug, 'Parameter und Messwerte');
    await user.type(within(dialog).getByLabelText(/^Betreff/), 'CSB prüfen');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(m.called('POST', '/api/jahresbericht/8/wiedervorlage')).toHaveLength(1));
    expect(m.called('POST', '/api/jahresbericht/8/wiedervorlage')[0].body).toEqual({
      betreff: 'CSB prüfen',
      datum: null,
      bezugZuFachobjekt: 'JAHRESBERICHT_PARAMETER_MESSWERTE',
      geteilt: true,
    });
  });

  it("a relief plant's reminder is of kind ENTLASTUNG unless its change request is chosen", async () => {
    const user = userEvent.setup();
    const m = apiMock({
      'GET /api/me': () => ich(['WIEDERVORLAGEN_LESEN']),
      'GET /api/anlage/4/wiedervorlage': () => [],
      'POST /api/anlage/4/wiedervorlage': () => json(201, { id: 10, message: 'Die Wiedervorlage wurde erfolgreich angelegt.', position: 4 }),
    });
    vi.stubGlobal('fetch', m.fetchMock);
    anmelden();
    renderRoutes([{ path: '/rueb', element: <Wiedervorlagen fachobjekt="anlage" id="4" anlagentyp="ENTLASTUNG" /> }], '/rueb');
    await user.click(await screen.findByRole('button', { name: 'Wiedervorlage anlegen' }));
    const dialog = screen.getByRole('dialog', { name: 'Wiedervorlage anlegen' });
    const bezug = within(dialog).getByLabelText(/^Bezug/);
    expect(within(bezug).getAllByRole('option').map((o) => o.textContent)).toEqual(['Entlastungsanlage', 'Änderungsantrag zur Anlage']);
    await user.type(within(dialog).getByLabelText(/^Betreff/), 'Entlastungen zählen');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(m.called('POST', '/api/anlage/4/wiedervorlage')).toHaveLength(1));
    expect(m.called('POST', '/api/anlage/4/wiedervorlage')[0].body).toMatchObject({ bezugZuFachobjekt: 'ENTLASTUNG' });
  });

  it("shows whom a reminder is visible to: its author's side, or both when shared (issue 42)", async () => {
    mock();
    zeige();
    const zellen = async (text: string) => within(await zeileMit(text)).getAllByRole('cell').map((c) => c.textContent);
    expect((await zellen('Ortstermin')).slice(2, 4)).toEqual(['Behörde', 'Behörde und Betreiber']);
    expect((await zellen('Irgendwann')).slice(2, 4)).toEqual(['Michael Wagner', 'Nur Betreiber']);
    expect(sichtbarkeit({ seite: 'BEHOERDE', geteilt: false })).toBe('Nur Behörde');
  });

  it("staff's reminders stay internal unless 'Für den Betreiber sichtbar' is ticked; an operator's are shown to the authority unless unticked", async () => {
    expect(teilen('ORGANISATION')).toEqual({ label: 'Für die Behörde sichtbar', vorgabe: true });
    expect(teilen('BEHOERDE')).toEqual({ label: 'Für den Betreiber sichtbar', vorgabe: false });
    expect(teilen('ADMIN')).toEqual({ label: 'Für den Betreiber sichtbar', vorgabe: false });
    const user = userEvent.setup();
    const m = apiMock({
      'GET /api/me': () => ({ ...ich(['WIEDERVORLAGEN_LESEN'], ['ZUST_SBD']), globaleRolle: 'BEHOERDE' }),
      'GET /api/betrieb/5/wiedervorlage': () => [],
      'POST /api/betrieb/5/wiedervorlage': () => json(201, { id: 9, message: 'Die Wiedervorlage wurde erfolgreich angelegt.', position: 3 }),
    });
    vi.stubGlobal('fetch', m.fetchMock);
    zeige();
    for (const [betreff, ankreuzen] of [
      ['Probenahme unangekündigt', false],
      ['Ortstermin abstimmen', true],
    ] as const) {
      await user.click(await screen.findByRole('button', { name: 'Wiedervorlage anlegen' }));
      const dialog = screen.getByRole('dialog', { name: 'Wiedervorlage anlegen' });
      const box = within(dialog).getByRole('checkbox', { name: 'Für den Betreiber sichtbar' });
      expect(box).not.toBeChecked();
      await user.type(within(dialog).getByLabelText(/^Betreff/), betreff);
      if (ankreuzen) {
        box.focus();
        await user.keyboard(' '); // the keyboard ticks it as the mouse does
        expect(box).toBeChecked();
      }
      await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(m.called('POST', '/api/betrieb/5/wiedervorlage').map((c) => c.body)).toEqual([
      { betreff: 'Probenahme unangekündigt', datum: null, bezugZuFachobjekt: 'BETRIEB', geteilt: false },
      { betreff: 'Ortstermin abstimmen', datum: null, bezugZuFachobjekt: 'BETRIEB', geteilt: true },
    ]);
  });

  it('roles without reminders get a notice and no request', async () => {
    const { called } = mock([]);
    zeige();
    expect(await screen.findByText('Wiedervorlagen können Sie mit Ihrer Rolle nicht einsehen.')).toBeInTheDocument();
    expect(called('GET', '/api/betrieb/5/wiedervorlage')).toHaveLength(0);
  });
});
