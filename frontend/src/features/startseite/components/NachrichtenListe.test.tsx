import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import type { Nachricht } from '@/features/startseite/api/nachrichten';

beforeEach(() => {
  window.sessionStorage.clear();
  clearToasts();
});
afterEach(() => vi.unstubAllGlobals());

const nachricht = (id: number, extra: Partial<Nachricht>): Nachricht => ({
  id,
  gelesen: false,
  absendeDatum: '2026-03-03T14:05:00',
  absender: 'Bea Treiber',
  betreff: 'Betrieb zur Freigabe beantragt: Brauerei am Deutschen Eck',
  text: 'Bea Treiber hat den Betrieb „Brauerei am Deutschen Eck“ zur Freigabe beantragt.\n\nBitte prüfen Sie den Antrag.',
  bezugZuFachobjekt: 'BETRIEB',
  fachobjektbezug: 'Betrieb Brauerei am Deutschen Eck (B-12)',
  fachobjektId: 12,
  erledigt: '',
  pfad: '',
  ...extra,
});

function mock() {
  let liste: Nachricht[] = [
    nachricht(5, { erledigt: 'Freigegeben am 04.03.2026 von Michael Wagner' }),
    nachricht(4, {
      gelesen: true,
      absendeDatum: '2026-03-01T08:30:00',
      betreff: 'Betrieb freigegeben: Papierfabrik',
      bezugZuFachobjekt: 'ANLAGE',
      fachobjektbezug: 'Anlage Nord',
      fachobjektId: 3,
    }),
  ];
  const m = apiMock({
    'GET /api/me': () => ich(['NACHRICHTEN_LESEN']),
    'GET /api/personalisierung': () => ({ active: false, betriebstyp: [], version: 0 }),
    'GET /api/betrieb/search': () => ({ content: [], page: 0, size: 50, totalElements: 0 }),
    'GET /api/nachricht': () => liste,
    'GET /api/nachricht/count': () => ({ count: liste.filter((n) => !n.gelesen).length }),
    'PATCH /api/nachricht/5': () => {
      liste = liste.map((n) => (n.id === 5 ? { ...n, gelesen: true } : n));
      return { id: 5, message: 'Die Nachricht wurde als gelesen markiert.', position: 41 };
    },
    'DELETE /api/nachricht/5': () => {
      liste = liste.filter((n) => n.id !== 5);
      return { id: 5, message: 'Die Nachricht wurde gelöscht.', position: 42 };
    },
  });
  vi.stubGlobal('fetch', m.fetchMock);
  anmelden();
  return m;
}

const minPositionen = (m: ReturnType<typeof mock>, pfad: string) =>
  m.called('GET', pfad).map((c) => c.url.searchParams.get('minPosition'));

describe('start page: Nachrichten', () => {
  it('lists the messages newest first, unread ones bold, with the Bezug linked to the operation', async () => {
    mock();
    renderRoutes(routes, '/?reiter=nachrichten');
    const tabelle = await screen.findByRole('table', { name: 'Nachrichten' });
    await within(tabelle).findByText('Betrieb freigegeben: Papierfabrik');
    const zeilen = within(tabelle).getAllByRole('row').slice(1);
    expect(zeilen.map((z) => within(z).getAllByRole('cell')[0].textContent)).toEqual(['03.03.2026 14:05', '01.03.2026 08:30']);
    expect(within(tabelle).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'Datum',
      'Absender',
      'Betreff',
      'Bezug',
    ]);
    // unread: bold, and named so for screen readers
    const ungelesen = within(zeilen[0]).getByRole('button', { name: 'Ungelesen: Betrieb zur Freigabe beantragt: Brauerei am Deutschen Eck' });
    expect(ungelesen.querySelector('strong')).not.toBeNull();
    expect(within(zeilen[1]).getByRole('button', { name: 'Betrieb freigegeben: Papierfabrik' }).querySelector('strong')).toBeNull();
    expect(within(zeilen[0]).getByRole('link', { name: 'Betrieb Brauerei am Deutschen Eck (B-12)' })).toHaveAttribute(
      'href',
      '/betriebsakte/12/betriebsdaten?modus=l',
    );
    // no operation: no link
    expect(within(zeilen[1]).queryByRole('link')).toBeNull();
    expect(within(zeilen[1]).getByText('Anlage Nord')).toBeInTheDocument();
    expect(screen.getByText('1 ungelesene Nachricht.')).toBeInTheDocument();
    // a request that is decided says so
    expect(within(zeilen[0]).getByText('Entschieden: Freigegeben am 04.03.2026 von Michael Wagner')).toBeInTheDocument();
    expect(within(zeilen[1]).queryByText(/^Entschieden/)).toBeNull();
  });

  it('opening marks a message read (PATCH gelesen=true); with the box ticked it is deleted on closing; the count follows', async () => {
    const user = userEvent.setup();
    const m = mock();
    renderRoutes(routes, '/?reiter=nachrichten');
    const tabelle = await screen.findByRole('table', { name: 'Nachrichten' });
    expect(await screen.findByRole('link', { name: 'Nachrichten: 1 ungelesene Nachricht' })).toHaveAttribute('href', '/?reiter=nachrichten');

    await user.click(await within(tabelle).findByRole('button', { name: /^Ungelesen: Betrieb zur Freigabe beantragt/ }));
    const dialog = screen.getByRole('dialog', { name: 'Betrieb zur Freigabe beantragt: Brauerei am Deutschen Eck' });
    expect(within(dialog).getByText(/zur Freigabe beantragt\.\s+Bitte prüfen Sie den Antrag\./)).toBeInTheDocument();
    expect(within(dialog).getByText('03.03.2026 14:05')).toBeInTheDocument();
    await waitFor(() => expect(m.called('PATCH', '/api/nachricht/5')).toHaveLength(1));
    expect(m.called('PATCH', '/api/nachricht/5')[0].url.searchParams.get('gelesen')).toBe('true');
    // read-your-writes: list and count are asked after the command's position
    await waitFor(() => expect(minPositionen(m, '/api/nachricht')).toContain('41'));
    await waitFor(() => expect(minPositionen(m, '/api/nachricht/count')).toContain('41'));
    expect(await screen.findByRole('link', { name: 'Nachrichten: keine ungelesenen Nachrichten' })).toBeInTheDocument();
    expect(within(tabelle).getByRole('button', { name: 'Betrieb zur Freigabe beantragt: Brauerei am Deutschen Eck' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Nachricht beim Schließen löschen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(m.called('DELETE', '/api/nachricht/5')).toHaveLength(1));
    expect(await screen.findByText('Die Nachricht wurde gelöscht.')).toBeInTheDocument();
    await waitFor(() => expect(minPositionen(m, '/api/nachricht')).toContain('42'));
    await waitFor(() => expect(minPositionen(m, '/api/nachricht/count')).toContain('42'));
    await waitFor(() => expect(within(tabelle).queryByText(/Brauerei am Deutschen Eck/)).toBeNull());
  });

  it('a read message is not marked again, and closing without the box keeps it', async () => {
    const user = userEvent.setup();
    const m = mock();
    renderRoutes(routes, '/?reiter=nachrichten');
    const tabelle = await screen.findByRole('table', { name: 'Nachrichten' });
    await user.click(await within(tabelle).findByRole('button', { name: 'Betrieb freigegeben: Papierfabrik' }));
    const dialog = screen.getByRole('dialog', { name: 'Betrieb freigegeben: Papierfabrik' });
    await user.click(within(dialog).getByRole('button', { name: 'Dialog schließen' }));
    expect(dialog).not.toBeInTheDocument();
    expect(m.called('PATCH', '/api/nachricht/4')).toHaveLength(0);
    expect(m.called('DELETE', '/api/nachricht/4')).toHaveLength(0);
    expect(within(tabelle).getByText('Betrieb freigegeben: Papierfabrik')).toBeInTheDocument();
  });
});
