import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';
import type { Anlage } from '@/features/anlage/api/anlage';
import { KONFLIKT_ANWENDEN, KONFLIKT_TITEL } from '@/components/akte/Konflikt';

afterEach(() => vi.unstubAllGlobals());

const eintraege = (...werte: (string | Record<string, unknown>)[]) =>
  werte.map((w, i) => (typeof w === 'string' ? { id: i + 1, value: w, version: 1 } : { id: i + 1, version: 1, ...w }));

/** A municipal treatment plant as GET /api/anlage/{id} answers it to staff. */
function testAnlage(extra: Partial<Anlage> = {}): Anlage {
  return {
    id: 70,
    anlagenId: 'A-0000070',
    anlagentyp: 'ABWASSERBEHANDLUNG',
    betrieb: { id: 7, bezeichnung: 'Kläranlage Nord' },
    betriebstyp: 'KOMMUNAL',
    mitEntsorgungsraum: true,
    version: 4,
    bezeichnung: 'KA Nord',
    anlagenart: 'ABWASSERBEHANDLUNG',
    anlagenstatus: 'IN_BETRIEB',
    indirekteinleiter: false,
    lage: { hochwert: 5581234.5, rechtswert: 398765.25 },
    behoerdenkennung: 'RLP',
    abwasserbeseitigungspflichtige: [{ organisation: 11, startJahr: 2020 }],
    anlagenteile: [{ kategorie: 'Becken', bezeichnung: 'Belebung', anzahl: 2, bezeichner: '', bezeichnerGroesse: null, bezeichnerEinheit: '', bemerkung: '' }],
    foerderungen: [],
    zustaendigePersonen: [],
    zustaendigeBearbeiter: [],
    kontakte: [],
    rechte: { bearbeiten: true, speichern: true, bezeichnungAendern: true, verlaufLesen: true },
    ...extra,
  } as Anlage;
}

function mock(anlage: () => unknown, handlers: Parameters<typeof apiMock>[0] = {}) {
  const m = apiMock({
    'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', 'ANLAGE_BEARBEITEN', 'BEARBEITER_ZUORDNEN'], ['FACHADMIN']),
    ...formularMocks(),
    'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
    'GET /api/betrieb/7': () => testBetrieb(),
    'GET /api/anlage/70': anlage,
    'GET /api/anlagensystem': () => eintraege('Belebungsanlage'),
    'GET /api/as-parameter': () => eintraege('CSB'),
    'GET /api/as-einheit': () => eintraege('kg/d'),
    'GET /api/planung-status': () => eintraege('geplant'),
    'GET /api/bauwerk-anlageteil-kategorie': () => eintraege('Pumpwerk'),
    'GET /api/bauwerk-anlageteil-bezeichnung': () => eintraege('Zulaufpumpwerk'),
    'GET /api/organisation': () => [{ id: 11, bezeichnung: 'VG Nord', abwasserbeseitigungspflicht: true }],
    'GET /api/verwaltungseinheit': () => eintraege({ value: 'Koblenz', gemeindeNr: '07111000' }, { value: 'Trier', gemeindeNr: '07211000' }),
    'GET /api/mip-foerderung': () => eintraege({ value: 'Bau eines RÜB', mipNr: 'MIP-2023-0312', nameMassnahmetraeger: 'VG Nord' }),
    'GET /api/bearbeiter': () => [{ id: 31, bearbeiter: 'DS-4711', name: 'Claudia Schneider' }],
    'GET /api/vorbehandlung': () => eintraege('Rechen', 'Sandfang'),
    'GET /api/biologische_behandlung': () => eintraege('Belebungsverfahren'),
    'GET /api/chemische-behandlung': () => eintraege('Simultanfällung'),
    'GET /api/nachbehandlung': () => eintraege('Sandfiltration'),
    'GET /api/schlammbehandlung': () => eintraege('Schlammeindickung'),
    'GET /api/entlastungssystem': () => eintraege('Mischsystem'),
    'GET /api/entlastungstyp': () => eintraege('Regenüberlaufbecken'),
    'GET /api/anlage': () => [],
    ...handlers,
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

describe('Anlagendaten', () => {
  it("a failing load says 'Fehler beim Aufruf der Anlage' and offers to load again", async () => {
    const user = userEvent.setup();
    let n = 0;
    mock(() => (n++ === 0 ? json(500, { message: 'kaputt', traceId: 'x' }) : testAnlage()));
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    renderRoutes(routes, '/betriebsakte/7/abwasserbehandlung/70/anlagendaten?modus=l');
    const alarm = await screen.findByRole('alert');
    expect(alarm).toHaveTextContent('Fehler beim Aufruf der Anlage');
    await user.click(within(alarm).getByRole('button', { name: 'Erneut laden' }));
    expect(await screen.findByTestId('anlagen-id')).toHaveTextContent('A-0000070');
  });

  it('in read mode every field is disabled and no list offers changes', async () => {
    mock(() => testAnlage());
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    renderRoutes(routes, '/betriebsakte/7/abwasserbehandlung/70/anlagendaten?modus=l');
    expect(await screen.findByLabelText(/^Bezeichnung/)).toBeDisabled();

    const user = userEvent.setup();
    for (const reiter of ['Auslegungs-/Planungsdaten', 'Anlagenteile', 'Entsorgungsraum', 'Zuständigkeiten']) {
      await user.click(screen.getByRole('tab', { name: new RegExp(reiter) }));
      const panel = screen.getByRole('tabpanel');
      for (const feld of within(panel).queryAllByRole('textbox')) expect(feld).toBeDisabled();
      expect(within(panel).queryByRole('button', { name: /hinzufügen|Entfernen/ })).toBeNull();
    }
  });

  it('staff pick administrative units and a funding from their lists, confirm a removal, and save them', async () => {
    const user = userEvent.setup();
    const { called } = mock(() => testAnlage(), { 'PUT /api/anlage/abwasserbehandlung/70': () => ({ id: 70, version: 5, message: 'Anlage erfolgreich gespeichert' }) });
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    renderRoutes(routes, '/betriebsakte/7/abwasserbehandlung/70/anlagendaten?modus=s');
    await screen.findByLabelText(/^Bezeichnung/);

    await user.click(screen.getByRole('tab', { name: /Entsorgungsraum/ }));
    await user.type(screen.getByLabelText(/^Bezugsparameter/), 'Einwohnerwerte');
    await user.click(screen.getByRole('button', { name: 'Verwaltungseinheit hinzufügen' }));
    const dialog = screen.getByRole('dialog', { name: 'Verwaltungseinheit hinzufügen' });
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(within(dialog).getByText('Dieses Feld ist ein Pflichtfeld.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Verwaltungseinheit/ }), 'Trier (07211000)');
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(screen.getByRole('cell', { name: 'Trier' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Auslegungs-\/Planungsdaten/ }));
    await user.click(screen.getByRole('button', { name: 'Förderung hinzufügen' }));
    const foerderung = screen.getByRole('dialog', { name: 'Förderung auswählen' });
    await user.selectOptions(within(foerderung).getByRole('combobox', { name: /^Förderung/ }), 'MIP-2023-0312 – Bau eines RÜB (VG Nord)');
    await user.click(within(foerderung).getByRole('button', { name: 'Übernehmen' }));
    expect(screen.getByRole('cell', { name: 'MIP-2023-0312' })).toBeInTheDocument();

    // removing a part asks first; 'Abbrechen' keeps it
    await user.click(screen.getByRole('tab', { name: /Anlagenteile/ }));
    await user.click(screen.getByRole('button', { name: 'Anlagenteile: Zeile 1 entfernen' }));
    const frage = screen.getByRole('alertdialog', { name: 'Entfernen bestätigen' });
    expect(frage).toHaveTextContent('Wollen Sie das Anlagenteil „Belebung“ wirklich entfernen? (Final gelöscht wird erst beim Speichern der Anlage.)');
    await user.click(within(frage).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.getByLabelText('Bezeichnung 1')).toHaveValue('Belebung');
    await user.click(screen.getByRole('button', { name: 'Anlagenteile: Zeile 1 entfernen' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Entfernen bestätigen' })).getByRole('button', { name: 'Entfernen' }));
    expect(screen.queryByLabelText('Bezeichnung 1')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(called('PUT', '/api/anlage/abwasserbehandlung/70')).toHaveLength(1));
    const body = called('PUT', '/api/anlage/abwasserbehandlung/70')[0].body as Anlage;
    expect(body.entsorgungsraum).toEqual({
      bezugsdatum: '',
      bezugsparameter: 'Einwohnerwerte',
      entsorgungsraeume: [{ verwaltungseinheitSchluessel: '07211000', verwaltungseinheitBezeichnung: 'Trier' }],
    });
    expect(body.foerderungen).toEqual([{ mipNr: 'MIP-2023-0312', bezeichnung: 'Bau eines RÜB', nameMassnahmetraeger: 'VG Nord' }]);
    expect(body.anlagenteile).toEqual([]);
  });

  it('a save that meets a newer version shows the change and applies the input on it in one click', async () => {
    const user = userEvent.setup();
    let puts = 0;
    const neu = testAnlage({ version: 5, anlagenteile: [{ ...testAnlage().anlagenteile![0], bezeichnung: 'Belebung Süd' }] } as Partial<Anlage>);
    const { called } = mock(() => (puts === 0 ? testAnlage() : neu), {
      'PUT /api/anlage/abwasserbehandlung/70': () =>
        puts++ === 0
          ? json(409, {
              message: 'Die Daten wurden inzwischen von jemand anderem geändert.',
              aenderungen: [
                {
                  version: 5,
                  position: 30,
                  zeitpunkt: '2026-11-24T09:30:05Z',
                  akteur: 'Claudia Schneider',
                  ereignis: 'AnlageGespeichert',
                  zusammenfassung: 'Anlage geändert',
                  aenderungen: [{ feld: 'anlagenteile.0.bezeichnung', bezeichnung: 'Anlagenteile › Bezeichnung', alt: 'Belebung', neu: 'Belebung Süd' }],
                },
              ],
            })
          : { id: 70, version: 6, message: 'Anlage erfolgreich gespeichert' },
    });
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    renderRoutes(routes, '/betriebsakte/7/abwasserbehandlung/70/anlagendaten?modus=s');
    const bez = await screen.findByLabelText(/^Bezeichnung/);
    await user.clear(bez);
    await user.type(bez, 'KA Nord II');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const dialog = await screen.findByRole('dialog', { name: KONFLIKT_TITEL });
    expect(dialog).toHaveTextContent('Claudia Schneider');
    expect(dialog).toHaveTextContent('Belebung Süd');
    await user.click(within(dialog).getByRole('button', { name: KONFLIKT_ANWENDEN }));
    await waitFor(() => expect(called('PUT', '/api/anlage/abwasserbehandlung/70')).toHaveLength(2));
    const body = called('PUT', '/api/anlage/abwasserbehandlung/70')[1].body as Anlage;
    expect(body.version).toBe(5);
    expect(body.bezeichnung).toBe('KA Nord II');
    expect(body.anlagenteile?.[0].bezeichnung).toBe('Belebung Süd');
  });

  it('the treatment steps are choices of their value lists, sent with the save', async () => {
    const user = userEvent.setup();
    const { called } = mock(() => testAnlage({ vorbehandlung: ['Rechen'] }), { 'PUT /api/anlage/abwasserbehandlung/70': () => ({ id: 70, version: 5 }) });
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    renderRoutes(routes, '/betriebsakte/7/abwasserbehandlung/70/anlagendaten?modus=s');
    const vor = await screen.findByRole('group', { name: 'Vorbehandlung' });
    await waitFor(() => expect(within(vor).getByRole('checkbox', { name: 'Rechen' })).toBeChecked());
    await user.click(within(vor).getByRole('checkbox', { name: 'Sandfang' }));
    await user.click(within(screen.getByRole('group', { name: 'Biologische Behandlung' })).getByRole('checkbox', { name: 'Belebungsverfahren' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(called('PUT', '/api/anlage/abwasserbehandlung/70')).not.toHaveLength(0));
    const body = called('PUT', '/api/anlage/abwasserbehandlung/70')[0].body as Anlage;
    expect(body.vorbehandlung).toEqual(['Rechen', 'Sandfang']);
    expect(body.biologischeBehandlung).toEqual(['Belebungsverfahren']);
  });

  it('a new relief plant takes its Anlagenart from ?art=; the create route has no edit-mode toggle', async () => {
    mock(() => testAnlage());
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    renderRoutes(routes, '/betriebsakte/7/entlastung/neu/anlagendaten?modus=s&art=NIEDERSCHLAGSWASSER');
    const art = await screen.findByLabelText(/^Anlagenart/);
    await waitFor(() => expect(art).toHaveValue('NIEDERSCHLAGSWASSER'));
    expect(screen.queryByRole('button', { name: /Bearbeiten/ })).toBeNull();
  });

  it("a relief plant's Wasserbuchnummer links to its entry in the water-register viewer in a new tab, once it has the number's form", async () => {
    const user = userEvent.setup();
    mock(() => testAnlage());
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    renderRoutes(routes, '/betriebsakte/7/entlastung/neu/anlagendaten?modus=s&art=NIEDERSCHLAGSWASSER');
    const nummer = await screen.findByLabelText(/^Wasserbuchnummer/);
    await user.type(nummer, 'X12');
    expect(screen.queryByRole('link', { name: /Im Wasserbuch öffnen/ })).toBeNull();
    await user.clear(nummer);
    await user.type(nummer, 's12345');
    const link = await screen.findByRole('link', { name: /Im Wasserbuch öffnen/ });
    expect(link).toHaveAttribute('href', '/wasserbuch?wbbId=S12345');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });

  it('an indirect discharger has no Entsorgungsraum tab', async () => {
    mock(() => testAnlage({ indirekteinleiter: true, aufnahme: 71 }));
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    renderRoutes(routes, '/betriebsakte/7/abwasserbehandlung/70/anlagendaten?modus=l');
    await screen.findByLabelText(/^Bezeichnung/);
    expect(screen.queryByRole('tab', { name: /Entsorgungsraum/ })).toBeNull();
  });

  it('as of a date, its link to the Verlauf keeps the day, and the Verlauf reached so lists the events (a day is no version)', async () => {
    const user = userEvent.setup();
    const m = mock(() => testAnlage({ bezeichnung: 'KA Alt', rechte: { verlaufLesen: true, felder: [] } as unknown as Anlage['rechte'] }), {
      'GET /api/anlage/70/verlauf': () => [
        { version: 1, position: 3, zeitpunkt: new Date(2021, 5, 1, 8, 0, 0).toISOString(), akteur: 'Sabine Adler', ereignis: 'AnlageAngelegt', zusammenfassung: 'Anlage angelegt', aenderungen: [] },
      ],
    });
    anmelden({ funktionaleRollen: ['FACHADMIN'] });
    const { router } = renderRoutes(routes, '/betriebsakte/7/abwasserbehandlung/70/anlagendaten?modus=l&stand=2022-02-01');
    const verlauf = await screen.findByRole('link', { name: 'Verlauf der Anlage' });
    expect(verlauf).toHaveAttribute('href', '/betriebsakte/7/abwasserbehandlung/70/verlauf?modus=l&stand=2022-02-01');
    await user.click(verlauf);
    await waitFor(() => expect(router.state.location.pathname).toBe('/betriebsakte/7/abwasserbehandlung/70/verlauf'));
    expect(new URLSearchParams(router.state.location.search).get('stand')).toBe('2022-02-01');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verlauf: KA Alt' })).toBeInTheDocument();
    expect(await screen.findByText('Anlage angelegt')).toBeInTheDocument();
    expect(screen.getByTestId('stand-banner')).toHaveTextContent('Ansicht zum Stand 01.02.2022 — nur lesen');
    expect(screen.queryByRole('heading', { name: 'Verlauf: Stand' })).toBeNull();
    expect(m.called('GET', '/api/anlage/70/stand/NaN')).toHaveLength(0);
  });
});
