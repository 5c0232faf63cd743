import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { anmelden, apiMock, ich } from '@/test/api';
import { formularMocks, testBetrieb } from '@/test/betrieb';
import { renderRoutes } from '@/test/renderRoutes';

afterEach(() => vi.unstubAllGlobals());

describe('the annual report', () => {
  it("'Jahresbericht drucken' fetches GET /api/jahresbericht/{id}/print and saves the PDF (issue 33)", async () => {
    const user = userEvent.setup();
    const m = apiMock({
      'GET /api/me': () => ich([], ['BETREIBER']),
      ...formularMocks(),
      'GET /api/betrieb/7/info': () => ({ bezeichnung: 'Kläranlage Nord', betriebsstatus: 'in Betrieb', freigabestatus: 'FREIGEGEBEN' }),
      'GET /api/betrieb/7': () => testBetrieb(),
      'GET /api/anlage': () => [{ id: 70, bezeichnung: 'KA Nord', anlagentyp: 'ABWASSERBEHANDLUNG', anlagenstatus: 'IN_BETRIEB', betriebId: 7 }],
      'GET /api/jahresbericht/7': () => [],
      'GET /api/jahresbericht/suevoaEnabled': () => true,
      'GET /api/jahresbericht/id/30': () => ({
        id: 30,
        version: 2,
        anlage: { id: 70, anlagenId: 'A-0000070', bezeichnung: 'KA Nord' },
        jahr: 2025,
        von: '2025-01-01',
        bis: '2025-12-31',
        status: 'IN_BEARBEITUNG',
        parameter: [],
        messstellen: [],
        rechte: { bearbeiten: false },
      }),
      'GET /api/jahresbericht/30/print': () =>
        new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Jahresbericht-30.pdf"' },
        }),
    });
    vi.stubGlobal('fetch', m.fetchMock);
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    anmelden();
    renderRoutes(routes, '/betriebsakte/7/jahresbericht/30/jahresberichtdaten?modus=l');
    await screen.findByRole('heading', { name: /Jahresbericht 2025/ });
    await user.click(screen.getByRole('button', { name: 'Jahresbericht drucken' }));
    await waitFor(() => expect(m.called('GET', '/api/jahresbericht/30/print')).toHaveLength(1));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });
});
