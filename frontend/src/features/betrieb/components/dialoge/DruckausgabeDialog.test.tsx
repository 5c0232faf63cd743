import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { createQueryClient } from '@/lib/queryClient';
import { anmelden, apiMock, ich } from '@/test/api';
import { bescheidSuche, formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';
import { DruckausgabeDialog, FEHLER_STAND_ZUM } from './DruckausgabeDialog';

afterEach(() => vi.unstubAllGlobals());

const pdf = () =>
  new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Betriebsakte-7.pdf"' },
  });

function mocks() {
  return apiMock({
    'GET /api/anlage': () => [
      { id: 3, bezeichnung: 'Kläranlage Nord', anlagentyp: 'ABWASSERBEHANDLUNG' },
      { id: 4, bezeichnung: 'RÜB Süd', anlagentyp: 'ENTLASTUNG' },
      { id: 5, bezeichnung: 'Kanalnetz Nord', anlagentyp: 'KANALNETZ' },
    ],
    'GET /api/betrieb/7/messstelle': () => [{ id: 9, messstellenId: '2350010009', bezeichnung: 'Ablauf', messstellenstatus: 'IN_BETRIEB', freigabestatus: 'FREIGEGEBEN' }],
    'GET /api/betrieb/7/bescheid/search': () => ({
      content: [
        { id: 20, bescheidart: 'Erlaubnis', bescheidsdatum: '2025-03-01', bescheidsstatus: 'FREIGEGEBEN', antrag: false },
        { id: 21, bescheidart: 'Änderung', bescheidsdatum: '', bescheidsstatus: 'BEANTRAGT', antrag: true },
      ],
    }),
    'POST /api/betrieb/7/print': pdf,
  });
}

function zeige(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DruckausgabeDialog open onClose={onClose} betriebId="7" bezeichnung="Kläranlage Nord" />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('DruckausgabeDialog', () => {
  it('offers the tree with a checkbox per node, selects a group and all, and posts the selection with Stand zum', async () => {
    const user = userEvent.setup();
    const m = mocks();
    vi.stubGlobal('fetch', m.fetchMock);
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    anmelden();
    const onClose = zeige();

    const dialog = await screen.findByRole('dialog', { name: 'Druckausgabe' });
    const baum = await within(dialog).findByRole('list', { name: 'Teile der Betriebsakte' });
    for (const gruppe of ['Anlagen', 'Entlastungsanlagen', 'Kanalnetze', 'Messstellen', 'Bescheide', 'Bescheidsanträge']) {
      expect(within(baum).getByRole('list', { name: gruppe })).toBeInTheDocument();
    }
    // the operation's data is chosen at first; a plant and a measuring point are added
    expect(within(baum).getByRole('checkbox', { name: 'Betrieb' })).toBeChecked();
    await user.click(within(baum).getByRole('checkbox', { name: 'Kläranlage Nord' }));
    await user.click(within(baum).getByRole('checkbox', { name: 'Messstellen' }));
    expect(within(baum).getByRole('checkbox', { name: '2350010009 Ablauf' })).toBeChecked();
    // partly chosen: 'Alle auswählen' is mixed
    expect(within(dialog).getByRole('checkbox', { name: 'Alle auswählen' })).toHaveAttribute('aria-checked', 'mixed');

    // a day in the future is refused by the field before anything is sent
    await user.type(within(dialog).getByRole('textbox', { name: 'Stand zum' }), '01.01.2999');
    await user.click(within(dialog).getByRole('button', { name: 'Drucken' }));
    expect(await within(dialog).findByText(FEHLER_STAND_ZUM)).toBeInTheDocument();
    expect(m.called('POST', '/api/betrieb/7/print')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Stand zum' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Stand zum' }), '15.03.2025');
    await user.click(within(dialog).getByRole('button', { name: 'Drucken' }));
    await waitFor(() => expect(m.called('POST', '/api/betrieb/7/print')).toHaveLength(1));
    expect(m.called('POST', '/api/betrieb/7/print')[0].body).toEqual({
      betrieb: true,
      anlagenIds: [3],
      messstellenIds: [9],
      bescheidIds: [],
      standZum: '2025-03-15',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
  });

  it("'Alle auswählen' chooses every node and clears them again; nothing chosen is said, not sent", async () => {
    const user = userEvent.setup();
    const m = mocks();
    vi.stubGlobal('fetch', m.fetchMock);
    anmelden();
    zeige();
    const dialog = await screen.findByRole('dialog', { name: 'Druckausgabe' });
    await within(dialog).findByRole('list', { name: 'Teile der Betriebsakte' });
    const alle = within(dialog).getByRole('checkbox', { name: 'Alle auswählen' });
    await user.click(alle);
    for (const box of within(dialog).getAllByRole('checkbox')) expect(box).toBeChecked();
    await user.click(alle);
    for (const box of within(dialog).getAllByRole('checkbox')) expect(box).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Drucken' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Bitte wählen Sie mindestens einen Teil der Betriebsakte für den Ausdruck aus.');
    expect(m.called('POST', '/api/betrieb/7/print')).toHaveLength(0);
  });
});

describe("'Drucken' in the operation file", () => {
  it('opens the Druckausgabe from the tree for a reader of the file and gives the focus back on Abbrechen', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      apiMock({
        'GET /api/me': () => ich([], ['BETREIBER']),
        ...formularMocks(),
        'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', betriebsstatusId: 'X', freigabestatus: 'FREIGEGEBEN' }),
        'GET /api/betrieb/7': () => testBetrieb(),
        'GET /api/betrieb/7/messstelle': () => [],
        'GET /api/betrieb/7/bescheid/search': () => ({ content: [] }),
      }).fetchMock,
    );
    anmelden();
    renderRoutes(routes, '/betriebsakte/7/betriebsdaten?modus=l');
    const baum = await screen.findByRole('navigation', { name: 'Betriebsakte' });
    const knopf = await within(baum).findByRole('button', { name: 'Drucken' });
    await user.click(knopf);
    const dialog = await screen.findByRole('dialog', { name: 'Druckausgabe' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Betrieb' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Druckausgabe' })).not.toBeInTheDocument());
    expect(knopf).toHaveFocus();
  });

  it('lists every Bescheid of an operation with more than a page of them (the search pages at 50), and prints them all', async () => {
    const user = userEvent.setup();
    const m = apiMock({
      'GET /api/anlage': () => [],
      'GET /api/betrieb/7/messstelle': () => [],
      'GET /api/betrieb/7/bescheid/search': bescheidSuche(120),
      'POST /api/betrieb/7/print': pdf,
    });
    vi.stubGlobal('fetch', m.fetchMock);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    anmelden();
    zeige();
    const dialog = await screen.findByRole('dialog', { name: 'Druckausgabe' });
    const gruppe = await within(dialog).findByRole('list', { name: 'Bescheide' });
    expect(within(gruppe).getAllByRole('checkbox')).toHaveLength(120);
    expect(within(gruppe).getByRole('checkbox', { name: 'Erlaubnis 120' })).toBeInTheDocument();
    expect(m.called('GET', '/api/betrieb/7/bescheid/search').map((c) => c.url.searchParams.get('page'))).toEqual(['0', '1', '2']);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bescheide' }));
    await user.click(within(dialog).getByRole('button', { name: 'Drucken' }));
    await waitFor(() => expect(m.called('POST', '/api/betrieb/7/print')).toHaveLength(1));
    expect((m.called('POST', '/api/betrieb/7/print')[0].body as { bescheidIds: number[] }).bescheidIds).toHaveLength(120);
  });
});
