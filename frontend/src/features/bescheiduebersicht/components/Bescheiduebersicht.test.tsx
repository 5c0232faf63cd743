import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich } from '@/test/api';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';
import type { BescheidZeile } from '@/features/bescheiduebersicht/api/uebersichten';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const zeile = (id: number, extra: Partial<BescheidZeile> = {}): BescheidZeile => ({
  id,
  bescheidQualitaet: 'Bescheid',
  bescheidart: 'Wasserrechtliche Erlaubnis (§ 8 WHG)',
  behoerde: 'SGD Nord',
  aktenzeichen: `31-${id}/24`,
  bescheidsstatus: 'FREIGEGEBEN',
  bescheidsdatum: '2024-03-01',
  ablaufdatum: '3000-01-01',
  bemerkung: '',
  antrag: false,
  bearbeiten: false,
  ...extra,
});

function mock() {
  const m = apiMock({
    'GET /api/me': () => ich(['BEARBEITUNGSMODUS_NUTZEN', 'BESCHEID_ANLEGEN'], ['ZUST_SBB']),
    ...formularMocks(),
    'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Musterhausen', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
    'GET /api/betrieb/7': () => testBetrieb(),
    'GET /api/betrieb/7/messstelle': () => [],
    'GET /api/bescheidqualitaet': () => [
      { id: 1, value: 'Bescheid', version: 1 },
      { id: 2, value: 'Erklärung nach § 4 Abs. 5 AbwAG', version: 1 },
    ],
    'GET /api/bescheidart': (r) =>
      r.url.searchParams.get('bescheidQualitaet') === '1'
        ? [{ id: 1, value: 'Wasserrechtliche Erlaubnis (§ 8 WHG)', version: 1 }]
        : [{ id: 2, value: 'Erklärung', version: 1 }],
    'GET /api/betrieb/7/bescheid/search': () => ({
      content: [
        zeile(12, { bemerkung: 'Befristet bis zur Sanierung', bearbeiten: true }),
        zeile(13, { bescheidsstatus: 'ANGELEGT', antrag: true, bearbeiten: false, bescheidsdatum: '2025-01-15' }),
      ],
      page: 0,
      size: 10,
      totalElements: 2,
    }),
  });
  vi.stubGlobal('fetch', m.fetchMock);
  anmelden({ funktionaleRollen: ['ZUST_SBB'] });
  return m;
}

describe('Bescheiduebersicht', () => {
  it('lists the Bescheide with view and edit links, German dates and the remark under the row', async () => {
    const user = userEvent.setup();
    const m = mock();
    renderRoutes(routes, '/betriebsakte/7/bescheiduebersicht?modus=l');
    await screen.findByRole('heading', { name: 'Übersicht Bescheide/Erklärungen', level: 1 });
    const tabelle = await screen.findByRole('table', { name: 'Bescheide' });
    await within(tabelle).findByText('31-12/24');
    const kopf = within(tabelle)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim())
      .filter(Boolean);
    expect(kopf).toEqual(['Details', 'Bescheidqualität', 'Bescheidart', 'Behörde', 'Aktenzeichen', 'Status', 'Bescheiddatum', 'Ablaufdatum', 'Aktionen']);
    expect(within(tabelle).getByText('15.01.2025')).toBeInTheDocument();
    expect(within(tabelle).getByText('Angelegt')).toBeInTheDocument();
    expect(within(tabelle).getByRole('link', { name: 'Wasserrechtliche Erlaubnis (§ 8 WHG), Az. 31-12/24 anzeigen' })).toHaveAttribute(
      'href',
      '/betriebsakte/7/bescheid/12/bescheidsdaten?modus=l',
    );
    expect(within(tabelle).getByRole('link', { name: 'Wasserrechtliche Erlaubnis (§ 8 WHG), Az. 31-12/24 bearbeiten' })).toHaveAttribute(
      'href',
      '/betriebsakte/7/bescheid/12/bescheidsdaten?modus=s',
    );
    // an application lies under antrag/; without the right no edit link
    expect(within(tabelle).getByRole('link', { name: 'Wasserrechtliche Erlaubnis (§ 8 WHG), Az. 31-13/24 anzeigen' })).toHaveAttribute(
      'href',
      '/betriebsakte/7/antrag/13/bescheidsdaten?modus=l',
    );
    expect(within(tabelle).queryByRole('link', { name: /31-13\/24 bearbeiten/ })).not.toBeInTheDocument();
    // the remark under its row
    await user.click(within(tabelle).getAllByRole('button', { name: 'Details anzeigen' })[0]);
    expect(within(tabelle).getByText('Befristet bis zur Sanierung')).toBeInTheDocument();
    // default order: newest first, ten a page
    // (the overview's query: the file's tree asks for its 50 without an order, first or not)
    const q = m.called('GET', '/api/betrieb/7/bescheid/search').map((c) => c.url.searchParams).find((p) => p.has('sortProperty'))!;
    expect([q.get('sortProperty'), q.get('sortDirection'), q.get('size')]).toEqual(['bescheidsdatum', 'desc', '10']);
  });

  it('filters by quality, its kinds and a period sent as yyyymmdd', async () => {
    const user = userEvent.setup();
    const m = mock();
    renderRoutes(routes, '/betriebsakte/7/bescheiduebersicht?modus=l');
    await screen.findByRole('table', { name: 'Bescheide' });
    const qualitaet = screen.getByRole('combobox', { name: 'Bescheidqualität' });
    await screen.findByRole('option', { name: 'Erklärung nach § 4 Abs. 5 AbwAG' });
    await user.selectOptions(qualitaet, 'Bescheid');
    const art = screen.getByRole('combobox', { name: 'Bescheidart' });
    await within(art).findByRole('option', { name: 'Wasserrechtliche Erlaubnis (§ 8 WHG)' });
    await user.selectOptions(art, 'Wasserrechtliche Erlaubnis (§ 8 WHG)');
    await user.type(screen.getByRole('textbox', { name: /^Zeitraum von/ }), '01.01.2024');
    await user.type(screen.getByRole('textbox', { name: /^Zeitraum bis/ }), '31.12.2024');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(m.called('GET', '/api/betrieb/7/bescheid/search').at(-1)!.url.searchParams.get('von')).toBe('20240101'));
    const q = m.called('GET', '/api/betrieb/7/bescheid/search').at(-1)!.url.searchParams;
    expect(q.get('bis')).toBe('20241231');
    expect(q.get('bescheidQualitaet')).toBe('Bescheid');
    expect(q.get('bescheidart')).toBe('Wasserrechtliche Erlaubnis (§ 8 WHG)');
    // another quality drops the kind of the first
    await user.selectOptions(qualitaet, 'Erklärung nach § 4 Abs. 5 AbwAG');
    expect(art).toHaveValue('');
  });
});
