// Read-your-writes across features (lib/befehl): a Betrieb command refreshes the start page's
// worklist and the unread count, which wait for the command's position. Here in app/ because
// it composes two features.
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aufgabenAnzahlQuery } from '@/features/aufgaben/api/aufgaben';
import { useEntscheideFreigabe } from '@/features/betrieb/api/entscheide-freigabe';
import { betriebeQuery } from '@/features/startseite/api/betriebe';
import { nachrichtenAnzahlQuery } from '@/features/startseite/api/nachrichten';
import { createQueryClient } from '@/lib/queryClient';
import { anmelden, apiMock } from '@/test/api';

afterEach(() => vi.unstubAllGlobals());

describe('command hooks', () => {
  it('after a Freigabe the worklist, the message count and the task count are fetched again with minPosition', async () => {
    anmelden();
    const m = apiMock({
      'GET /api/betrieb/search': () => ({ content: [], page: 0, size: 10, totalElements: 0 }),
      'GET /api/nachricht/count': () => ({ count: 1 }),
      'GET /api/aufgabe/count': () => ({ count: 1 }),
      'POST /api/betrieb/freigabe': () => ({ id: 7, message: 'ok', position: 99 }),
    });
    vi.stubGlobal('fetch', m.fetchMock);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const suche = { page: 0, size: 10, sortProperty: 'bezeichnung', sortDirection: 'asc' } as const;
    const { result } = renderHook(
      () => ({
        liste: useQuery(betriebeQuery(suche)),
        anzahl: useQuery(nachrichtenAnzahlQuery()),
        aufgaben: useQuery(aufgabenAnzahlQuery()),
        freigabe: useEntscheideFreigabe(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.liste.isSuccess && result.current.anzahl.isSuccess && result.current.aufgaben.isSuccess).toBe(true));
    expect(m.called('GET', '/api/betrieb/search')[0].url.searchParams.get('minPosition')).toBeNull();

    await act(() => result.current.freigabe.mutateAsync({ betriebId: 7, kommentar: '', neuerStatus: 'FREIGEGEBEN' }));

    await waitFor(() => expect(m.called('GET', '/api/betrieb/search')).toHaveLength(2));
    await waitFor(() => expect(m.called('GET', '/api/nachricht/count')).toHaveLength(2));
    expect(m.called('GET', '/api/betrieb/search')[1].url.searchParams.get('minPosition')).toBe('99');
    expect(m.called('GET', '/api/nachricht/count')[1].url.searchParams.get('minPosition')).toBe('99');
    await waitFor(() => expect(m.called('GET', '/api/aufgabe/count')).toHaveLength(2));
    expect(m.called('GET', '/api/aufgabe/count')[1].url.searchParams.get('minPosition')).toBe('99');
  });
});
