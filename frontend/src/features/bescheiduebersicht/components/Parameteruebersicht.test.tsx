import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { todayIso } from '@/lib/format';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich } from '@/test/api';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';
import type { AnforderungZeile, AuflageZeile } from '@/features/bescheiduebersicht/api/uebersichten';

beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SEITE = '/betriebsakte/7/parameteruebersicht?modus=l';

const zeile = (id: number, extra: Partial<AnforderungZeile> = {}): AnforderungZeile => ({
  anforderungId: id,
  bescheidId: 12,
  betriebId: 7,
  messstelle: { id: 9, messstellenId: '2350010009', bezeichnung: 'Ablauf' },
  abwasseranlage: { id: 3, bezeichnung: 'Kläranlage Musterhausen' },
  bescheid: 'Wasserrechtliche Erlaubnis (§ 8 WHG) vom 01.03.2024',
  parameterNr: `1${id}`,
  parameterName: 'CSB',
  parameterArt: 'KONZENTRATION',
  einheit: 'mg/l',
  probenahme: 'qualifizierte Stichprobe',
  haeufigkeit: 'monatlich',
  artAnforderungWert: 'Überwachungswert',
  wert: '1234.5',
  mehrereOptionen: false,
  gueltigAb: '2024-01-01',
  gueltigBis: '3000-01-01',
  anforderungArt: 'BEHOERDLICHE_FESTLEGUNG',
  ...extra,
});

const auflage = (index: number, extra: Partial<AuflageZeile> = {}): AuflageZeile => ({
  bescheidId: 12,
  index,
  abwasseranlage: { id: 3, bezeichnung: 'Kläranlage Musterhausen' },
  art: 'Messprogramm',
  beschreibung: 'Ein Messprogramm für die Spurenstoffe im Ablauf ist bis zum Fristdatum vorzulegen.',
  fristdatum: '2025-06-30',
  bescheidsdatum: '2024-03-01',
  ablaufdatum: '3000-01-01',
  ...extra,
});

const seite = <Z,>(content: Z[]) => ({ content, page: 0, size: 10, totalElements: content.length });

function mock() {
  const m = apiMock({
    'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN'], ['ZUST_SBB']),
    ...formularMocks(),
    'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Musterhausen', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
    'GET /api/betrieb/7': () => testBetrieb(),
    'GET /api/betrieb/7/messstelle': () => [{ id: 9, messstellenId: '2350010009', bezeichnung: 'Ablauf', messstellenstatus: 'IN_BETRIEB', freigabestatus: 'FREIGEGEBEN', anlage: { id: 3 } }],
    'GET /api/anlage': () => [{ id: 3, bezeichnung: 'Kläranlage Musterhausen' }],
    'GET /api/betrieb/7/anforderungsparameter': () => [{ parameterNr: '1501', parameterName: 'CSB' }],
    'GET /api/betrieb/7/anforderung/auswertung': () => seite([zeile(501), zeile(502, { mehrereOptionen: true, wert: '7' }), zeile(503)]),
    'GET /api/betrieb/7/auflage/search': () => seite([auflage(0), auflage(1, { art: 'Bericht', beschreibung: 'Kurz' })]),
    'GET /api/auflagenart': () => [{ id: 1, value: 'Messprogramm', version: 1 }],
    'POST /api/betrieb/7/export/festlegungen': () =>
      new Response(new Blob(['xlsx']), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="festlegungen_20261126.xlsx"' } }),
    'POST /api/betrieb/7/export/auflagen': () => new Response(new Blob(['xlsx']), { status: 200 }),
  });
  vi.stubGlobal('fetch', m.fetchMock);
  anmelden({ funktionaleRollen: ['ZUST_SBB'] });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  const suchen = () => m.called('GET', '/api/betrieb/7/anforderung/auswertung').map((c) => c.url.searchParams);
  return { ...m, downloads, suchen };
}

describe('Parameteruebersicht', () => {
  it('evaluates on today by default and shows German dates and numbers', async () => {
    const m = mock();
    renderRoutes(routes, SEITE);
    await screen.findByRole('heading', { name: 'Übersicht Parameterwerte', level: 1 });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Festlegungen/Erklärungen', 'Selbstüberwachungsauflagen', 'Auflagen']);
    const tabelle = await screen.findByRole('table', { name: 'Festlegungen/Erklärungen' });
    await within(tabelle).findAllByText('1.234,5');
    const kopf = within(tabelle)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim())
      .filter(Boolean);
    expect(kopf).toEqual(['Messstelle', 'Bescheid', 'Parameter-Nr.', 'Einheit', 'Probenahme', 'Häufigkeit', 'Art des Werts', 'Wert', 'mehrere Optionen', 'gültig ab', 'gültig bis']);
    // the open end reads 'unbefristet', never 01.01.3000 (issue 43)
    expect(within(tabelle).getAllByText('unbefristet')).toHaveLength(3);
    expect(within(tabelle).queryByText('01.01.3000')).toBeNull();
    expect(within(tabelle).getByText('ja')).toBeInTheDocument();
    const q = m.suchen()[0];
    expect(q.get('anforderungArt')).toBe('BEHOERDLICHE_FESTLEGUNG');
    expect(q.get('auswertung')).toBe('stichtag');
    expect(q.get('stichtag')).toBe(todayIso().replaceAll('-', ''));
    expect(q.has('gueltigAb')).toBe(false);
    expect(q.get('size')).toBe('10');
    expect(screen.getByRole('textbox', { name: /^Stichtag/ })).toHaveValue(todayIso().split('-').reverse().join('.'));
  });

  it('switching the kind of evaluation switches its date fields and what the search sends', async () => {
    const user = userEvent.setup();
    const m = mock();
    renderRoutes(routes, SEITE);
    await screen.findByRole('table', { name: 'Festlegungen/Erklärungen' });
    expect(screen.getByRole('radio', { name: 'Stichtag' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Zeitraum' }));
    expect(screen.queryByRole('textbox', { name: /^Stichtag/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^gültig ab/ }), '01.01.2024');
    await user.type(screen.getByRole('textbox', { name: /^gültig bis/ }), '31.12.2024');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(m.suchen().at(-1)!.get('auswertung')).toBe('zeitraum'));
    expect(m.suchen().at(-1)!.get('gueltigAb')).toBe('20240101');
    expect(m.suchen().at(-1)!.get('gueltigBis')).toBe('20241231');
    expect(m.suchen().at(-1)!.has('stichtag')).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'alle' }));
    expect(screen.queryByRole('textbox', { name: /^gültig ab/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Stichtag/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(m.suchen().at(-1)!.get('auswertung')).toBe('alle'));
    expect(m.suchen().at(-1)!.has('gueltigAb')).toBe(false);
    expect(m.suchen().at(-1)!.has('stichtag')).toBe(false);
    // the same filter again: searched again (the read model may have caught up)
    const bisher = m.suchen().length;
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(m.suchen().length).toBe(bisher + 1));

    // an impossible day is not searched
    await user.click(screen.getByRole('radio', { name: 'Stichtag' }));
    const tag = screen.getByRole('textbox', { name: /^Stichtag/ });
    await user.clear(tag);
    await user.type(tag, '31.02.2024');
    const vorher = m.suchen().length;
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    expect(await screen.findByText('Ungültiges Datumsformat')).toBeInTheDocument();
    expect(m.suchen()).toHaveLength(vorher);
    // a blank Stichtag is a blank required field: the one message of every form
    await user.clear(tag);
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    expect(await screen.findByText('Dieses Feld ist ein Pflichtfeld.')).toBeInTheDocument();
    expect(m.suchen()).toHaveLength(vorher);
  });

  it("'Excel-Export' is enabled only with a selection and posts exactly the selected ids", async () => {
    const user = userEvent.setup();
    const m = mock();
    renderRoutes(routes, SEITE);
    const tabelle = await screen.findByRole('table', { name: 'Festlegungen/Erklärungen' });
    await within(tabelle).findAllByText('1.234,5');
    const knopf = screen.getByRole('button', { name: 'Excel-Export' });
    expect(knopf).toBeDisabled();
    await user.click(within(tabelle).getByRole('checkbox', { name: 'Parameter 1501 an Messstelle 2350010009 auswählen' }));
    await user.click(within(tabelle).getByRole('checkbox', { name: 'Parameter 1503 an Messstelle 2350010009 auswählen' }));
    expect(knopf).toBeEnabled();
    expect(screen.getByText('2 Zeilen ausgewählt')).toBeInTheDocument();
    await user.click(knopf);
    await waitFor(() => expect(m.downloads).toEqual(['festlegungen_20261126.xlsx']));
    const [post] = m.called('POST', '/api/betrieb/7/export/festlegungen');
    expect(post.body).toEqual({ ids: [501, 503] });
  });

  it('Auflagen: the description is a tooltip the button is described by; the export sends "bescheidId:index"', async () => {
    const user = userEvent.setup();
    const m = mock();
    renderRoutes(routes, SEITE);
    await user.click(await screen.findByRole('tab', { name: 'Auflagen' }));
    const tabelle = await screen.findByRole('table', { name: 'Auflagen' });
    await within(tabelle).findByText('Bericht');
    const kopf = within(tabelle)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim())
      .filter(Boolean);
    expect(kopf).toEqual(['Abwasseranlage', 'Beschreibung', 'Art', 'Fristdatum', 'in Bescheid vom', 'gültig bis']);
    const beschreibung = within(tabelle).getByRole('button', { name: /^Ein Messprogramm für die Spurenstoffe/ });
    expect(beschreibung).toHaveAccessibleDescription('Ein Messprogramm für die Spurenstoffe im Ablauf ist bis zum Fristdatum vorzulegen.');
    const tooltip = document.getElementById(beschreibung.getAttribute('aria-describedby') ?? '')!;
    expect(tooltip).toHaveAttribute('role', 'tooltip');
    expect(tooltip).not.toBeVisible();
    act(() => beschreibung.focus());
    expect(tooltip).toBeVisible();
    await user.keyboard('{Escape}');
    expect(tooltip).not.toBeVisible();
    expect(within(tabelle).getAllByText('30.06.2025')).toHaveLength(2);

    expect(screen.getByRole('button', { name: 'Excel-Export' })).toBeDisabled();
    await user.click(within(tabelle).getByRole('checkbox', { name: 'Auflage Bericht vom 30.06.2025 auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Excel-Export' }));
    await waitFor(() => expect(m.downloads).toEqual(['auflagen.xlsx']));
    expect(m.called('POST', '/api/betrieb/7/export/auflagen')[0].body).toEqual({ ids: ['12:1'] });
  });
});
