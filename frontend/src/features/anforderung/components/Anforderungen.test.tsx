import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { pflichtfelder } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json, type MockRequest } from '@/test/api';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';
import type { Anforderung, MessstelleImBescheid } from '@/features/anforderung/api/anforderung';
import { HINWEIS_FREIGEGEBEN, MSG_ENTFERNT, MSG_GESPEICHERT } from './Anforderungen';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const SEITE = '/betriebsakte/7/bescheid/12/messstellen/9';
const eintraege = (...werte: string[]) => werte.map((value, i) => ({ id: i + 1, value, version: 1 }));

const anforderung = (extra: Partial<Anforderung>): Anforderung => ({
  anforderungId: 0,
  messstelle: 9,
  anforderungArt: 'BEHOERDLICHE_FESTLEGUNG',
  parameterArt: 'KONZENTRATION',
  parameterNr: '110',
  wert: '75',
  einheit: 'mg/l',
  einheitAbfluss: '',
  einheitKonz: '',
  artAnforderungWert: 'Überwachungswert',
  probenahme: 'qualifizierte Stichprobe',
  vorbehandlung: '',
  randbedingung: '',
  haeufigkeit: 'monatlich',
  vorlageMesswerte: '',
  mehrereOptionen: false,
  zusatztext: '',
  gueltigAb: '2024-01-01',
  gueltigBis: '3000-01-01',
  ...extra,
});

function daten(extra: Partial<MessstelleImBescheid> = {}): MessstelleImBescheid {
  return {
    bescheid: { id: 12, version: 4, bescheidsstatus: 'IN_BEARBEITUNG', bescheidart: 'Wasserrechtliche Erlaubnis (§ 8 WHG)', bescheidsdatum: '2024-03-01', bescheidQualitaet: 'Bescheid' },
    messstelle: { id: 9, messstellenId: '2350010009', bezeichnung: 'Ablauf Kläranlage', messstellentyp: 'NR_8', anlage: { id: 3, bezeichnung: 'Kläranlage Musterhausen' } },
    anforderungen: [
      anforderung({ anforderungId: 501 }),
      anforderung({ anforderungId: 502, anforderungArt: 'SELBSTUEBERWACHUNGSAUFLAGE', parameterNr: '120', wert: '10', vorlageMesswerte: 'Tageswerte' }),
    ],
    rechte: { bearbeiten: true },
    ...extra,
  };
}

function mock(d: () => unknown, handlers: Parameters<typeof apiMock>[0] = {}) {
  const parameter = (r: MockRequest) =>
    r.url.searchParams.get('anforderungsparameterart') === 'FRACHT'
      ? [{ id: 3, value: '900 Fracht CSB', parameterNr: '900', parameterName: 'Fracht CSB', version: 1 }]
      : [
          { id: 1, value: '110 CSB', parameterNr: '110', parameterName: 'CSB', version: 1 },
          { id: 2, value: '120 BSB5', parameterNr: '120', parameterName: 'BSB5', version: 1 },
        ];
  const m = apiMock({
    'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', 'BESCHEID_ANLEGEN'], ['ZUST_SBB']),
    ...formularMocks(),
    'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Musterhausen', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
    'GET /api/betrieb/7': () => testBetrieb(),
    'GET /api/betrieb/7/messstelle': () => [],
    'GET /api/bescheid/12/messstelle/9': d,
    // the file's tree: the operation's Bescheide and the open one with its measuring points
    'GET /api/betrieb/7/bescheid/search': () => {
      const b = (d() as MessstelleImBescheid).bescheid;
      return { content: [{ id: 12, bescheidart: b.bescheidart, bescheidsdatum: b.bescheidsdatum, bescheidsstatus: b.bescheidsstatus, antrag: false }], totalElements: 1 };
    },
    'GET /api/bescheid/12': () => {
      const { bescheid, messstelle } = d() as MessstelleImBescheid;
      return { id: 12, bescheidsstatus: bescheid.bescheidsstatus, messstellen: [{ id: messstelle.id, messstellenId: messstelle.messstellenId, bezeichnung: messstelle.bezeichnung }] };
    },
    'GET /api/bescheidqualitaet': () => [],
    'GET /api/anforderungsparameter': parameter,
    'GET /api/anforderung-einheit': () => eintraege('mg/l', 'kg/d'),
    'GET /api/anforderung-probenahme': () => eintraege('qualifizierte Stichprobe', '24-h-Mischprobe'),
    'GET /api/anforderung-wert': () => eintraege('Überwachungswert', 'Höchstwert'),
    'GET /api/anforderung-vorbehandlung': () => eintraege('homogenisiert'),
    'GET /api/anforderung-randbedingung': () => eintraege('bei Trockenwetter'),
    'GET /api/anforderung-haeufigkeit': () => eintraege('monatlich', 'wöchentlich'),
    'GET /api/selbstueberwachungVorlage': () => eintraege('Tageswerte'),
    ...handlers,
  });
  vi.stubGlobal('fetch', m.fetchMock);
  anmelden({ funktionaleRollen: ['ZUST_SBB'] });
  return m;
}

describe('Anforderungen', () => {
  it('names the Bescheid and the point; read mode shows both tabs disabled', async () => {
    const user = userEvent.setup();
    mock(() => daten());
    renderRoutes(routes, `${SEITE}?modus=l`);
    expect(await screen.findByRole('heading', { name: 'Anforderungen', level: 1 })).toBeInTheDocument();
    const kopf = screen.getByTestId('anforderungen-kopf');
    expect(kopf).toHaveTextContent('Wasserrechtliche Erlaubnis (§ 8 WHG) vom 01.03.2024');
    expect(kopf).toHaveTextContent('2350010009 Ablauf Kläranlage');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Festlegungen', 'Selbstüberwachung']);
    expect(screen.getByRole('textbox', { name: 'Wert 1' })).toHaveValue('75');
    expect(screen.getByRole('textbox', { name: 'Wert 1' })).toBeDisabled();
    expect(screen.queryByRole('columnheader', { name: 'Vorlage Messwerte' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Selbstüberwachung' }));
    expect(screen.getByRole('columnheader', { name: 'Vorlage Messwerte' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Vorlage Messwerte 1' })).toHaveValue('Tageswerte');
  });

  it('a released Bescheid: modus=s falls back to read mode and says why', async () => {
    mock(() => daten({ bescheid: { ...daten().bescheid, bescheidsstatus: 'FREIGEGEBEN' }, rechte: { bearbeiten: false } }));
    const { router } = renderRoutes(routes, `${SEITE}?modus=s`);
    expect(await screen.findByRole('textbox', { name: 'Wert 1' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.search).toBe('?modus=l'));
    expect(screen.getByText(HINWEIS_FREIGEGEBEN)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Messstelle aus Bescheid entfernen' })).not.toBeInTheDocument();
  });

  it("issue 43: a row marks exactly the server table's required fields (the kind is the tab)", async () => {
    const user = userEvent.setup();
    mock(() => daten({ anforderungen: [] }));
    renderRoutes(routes, `${SEITE}?modus=s`);
    await user.click(await screen.findByRole('button', { name: 'Festlegungen: Zeile hinzufügen' }));
    const zeile = screen.getByRole('textbox', { name: 'gültig bis 1' }).closest('tr')!;
    const markiert = [...zeile.querySelectorAll('[aria-required="true"]')].map((e) => e.getAttribute('name')).sort();
    expect(markiert).toEqual(pflichtfelder(FORMULARE.anforderung).filter((f) => f !== 'anforderungArt').sort());
  });

  it('checks wert and the required fields of a new row before it saves (spec 001 §5)', async () => {
    const user = userEvent.setup();
    const m = mock(() => daten({ anforderungen: [] }), {
      'PATCH /api/bescheid/12': () => ({ version: 5, position: 9 }),
    });
    renderRoutes(routes, `${SEITE}?modus=s`);
    await user.click(await screen.findByRole('button', { name: 'Festlegungen: Zeile hinzufügen' }));
    // a new row: valid until further notice
    expect(screen.getByRole('textbox', { name: 'gültig bis 1' })).toHaveValue('01.01.3000');
    await user.type(screen.getByRole('textbox', { name: 'Wert 1' }), '12345678901');
    await user.clear(screen.getByRole('textbox', { name: 'gültig bis 1' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const uebersicht = await screen.findByTestId('fehleruebersicht');
    expect(within(uebersicht).getByText('Festlegungen 1 › Wert: Der Wert darf maximal 10 Stellen vor und drei Stellen nach dem Komma haben!')).toBeInTheDocument();
    expect(within(uebersicht).getByText('Festlegungen 1 › Parameter: Dieses Feld ist ein Pflichtfeld.')).toBeInTheDocument();
    expect(within(uebersicht).getByText('Festlegungen 1 › gültig bis: Dieses Feld ist ein Pflichtfeld.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Wert 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(m.called('PATCH', '/api/bescheid/12')).toHaveLength(0);

    // zero is no positive value
    await user.clear(screen.getByRole('textbox', { name: 'Wert 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Wert 1' }), '0,000');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await within(screen.getByTestId('fehleruebersicht')).findByText('Festlegungen 1 › Wert: Es muss ein positiver Wert angegeben werden!')).toBeInTheDocument();
    expect(m.called('PATCH', '/api/bescheid/12')).toHaveLength(0);

    // fixed: the parameter of the row's kind, a valid value, an end
    await user.clear(screen.getByRole('textbox', { name: 'Wert 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Wert 1' }), '12,5');
    await screen.findByRole('option', { name: '110 CSB' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Parameter 1' }), '110 CSB');
    await user.type(screen.getByRole('textbox', { name: 'gültig bis 1' }), '31.12.2030');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(m.called('PATCH', '/api/bescheid/12')).toHaveLength(1));
    expect(screen.queryByTestId('fehleruebersicht')).not.toBeInTheDocument();
  });

  it('saves both tabs as one set, says so and goes back to read mode', async () => {
    const user = userEvent.setup();
    let version = 4;
    const m = mock(() => ({ ...daten(), bescheid: { ...daten().bescheid, version } }), {
      'PATCH /api/bescheid/12': () => {
        version = 5;
        return { version: 5, position: 9 };
      },
    });
    const { router } = renderRoutes(routes, `${SEITE}?modus=s`);
    await user.click(await screen.findByRole('tab', { name: 'Selbstüberwachung' }));
    await user.click(screen.getByRole('button', { name: 'Selbstüberwachung: Zeile hinzufügen' }));
    await screen.findAllByRole('option', { name: 'Tageswerte' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Parameterart 2' }), 'Fracht');
    await screen.findByRole('option', { name: '900 Fracht CSB' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Parameter 2' }), '900 Fracht CSB');
    await user.type(screen.getByRole('textbox', { name: 'Wert 2' }), '3,25');
    await user.type(screen.getByRole('textbox', { name: 'Zusatztext 2' }), 'Zeile eins{Enter}Zeile zwei');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(MSG_GESPEICHERT)).toBeInTheDocument();
    const [patch] = m.called('PATCH', '/api/bescheid/12');
    expect(patch.url.searchParams.get('messstelle')).toBe('9');
    expect(patch.url.searchParams.get('version')).toBe('4');
    const body = patch.body as Anforderung[];
    expect(body.map((a) => [a.anforderungId, a.anforderungArt, a.parameterNr, a.wert])).toEqual([
      [501, 'BEHOERDLICHE_FESTLEGUNG', '110', '75'],
      [502, 'SELBSTUEBERWACHUNGSAUFLAGE', '120', '10'],
      [0, 'SELBSTUEBERWACHUNGSAUFLAGE', '900', '3,25'],
    ]);
    expect(body[2]).toMatchObject({ messstelle: 9, parameterArt: 'FRACHT', zusatztext: 'Zeile eins\nZeile zwei', gueltigBis: '3000-01-01' });
    await waitFor(() => expect(router.state.location.search).toContain('modus=l'));
  });

  it("puts the server's errors on the row they name in the set sent", async () => {
    const user = userEvent.setup();
    mock(() => daten(), {
      'PATCH /api/bescheid/12': () => json(400, { message: 'Validierung fehlgeschlagen', validationErrors: { '[1].wert': 'Es muss ein positiver Wert angegeben werden!' } }),
    });
    renderRoutes(routes, `${SEITE}?modus=s`);
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    // index 1 of the set is the first Selbstüberwachungsauflage: its tab opens and is flagged
    const uebersicht = await screen.findByTestId('fehleruebersicht');
    expect(within(uebersicht).getByText('Selbstüberwachung 1 › Wert: Es muss ein positiver Wert angegeben werden!')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Selbstüberwachung/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Wert 1' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('removes the point from the Bescheid after the confirmation', async () => {
    const user = userEvent.setup();
    const m = mock(() => daten(), {
      'DELETE /api/bescheid/12/messstelle/9': () => ({ version: 5, position: 10 }),
    });
    const { router } = renderRoutes(routes, `${SEITE}?modus=s`);
    await user.click(await screen.findByRole('button', { name: 'Messstelle aus Bescheid entfernen' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(m.called('DELETE', '/api/bescheid/12/messstelle/9')).toHaveLength(1));
    expect(m.called('DELETE', '/api/bescheid/12/messstelle/9')[0].url.searchParams.get('version')).toBe('4');
    expect(await screen.findByText(MSG_ENTFERNT)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).not.toBe(SEITE));
  });
});
