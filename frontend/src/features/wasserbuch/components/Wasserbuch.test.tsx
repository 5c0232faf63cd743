import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { NICHT_GELADEN, OHNE_EINTRAG } from './Wasserbuch';

beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What the server would answer if its sanitiser had let something through. */
const SEITE = `<h2>Wasserbuch</h2><script>window.boese = 1</script><img src="x" onerror="window.boese = 2">
<p style="color:red" onclick="window.boese = 3" class="alarm">Wasserrecht <strong>S0412346</strong></p>
<table><tbody><tr><td class="status0">offen</td><td class="status1">in Bearbeitung</td><td class="zelle status2">erledigt</td><td class="status3">Frist überschritten</td></tr></tbody></table>
<ul><li><a href="/api/digiwab-pdf/?entryId=WBB-S0412346&amp;dokId=erlaubnis-2025">Erlaubnisbescheid</a></li>
<li><a href="javascript:window.boese=4">Böse</a></li><li><a href="https://wasserportal.rlp-umwelt.de/">Wasserportal</a></li></ul>
<iframe src="https://boese.example/"></iframe><svg onload="window.boese = 5"></svg>`;

function mock(seite: () => unknown = () => ({ wbbId: 'S0412346', html: SEITE })) {
  const m = apiMock({
    'GET /api/me': () => ich([], ['ZUST_SBB']),
    'GET /api/digiwab-page/S0412346': seite,
    'GET /api/digiwab-pdf': () =>
      new Response(new Blob(['%PDF-1.4 Demo'], { type: 'application/pdf' }), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="download.pdf"' },
      }),
  });
  vi.stubGlobal('fetch', m.fetchMock);
  anmelden({ funktionaleRollen: ['ZUST_SBB'] });
  return m;
}

describe('Wasserbuch (the water-register viewer)', () => {
  it('renders the entry sanitised again: no script, handler, style, frame or javascript: link; the status classes stay', async () => {
    mock();
    const { container } = renderRoutes(routes, '/wasserbuch?wbbId=S0412346');
    expect(await screen.findByRole('heading', { level: 1, name: /Wasserbucheintrag/ })).toBeInTheDocument();
    expect(await screen.findByText('Frist überschritten')).toHaveClass('status3');
    expect(screen.getByText('offen')).toHaveClass('status0');
    expect(screen.getByText('in Bearbeitung')).toHaveClass('status1');
    // only the status class of a cell survives
    expect(screen.getByText('erledigt').className).toBe('status2');
    const seite = container.querySelector('.wasserbuch-seite')!;
    expect(seite.querySelector('script, img, iframe, svg, style, [style], [onclick], [onerror], .alarm')).toBeNull();
    expect(seite.innerHTML).not.toMatch(/javascript:|boese/);
    expect(screen.getByText('Böse').closest('a')).not.toHaveAttribute('href');
    const extern = screen.getByRole('link', { name: 'Wasserportal' });
    expect(extern).toHaveAttribute('target', '_blank');
    expect(extern).toHaveAttribute('rel', 'noopener noreferrer');
    expect((window as unknown as { boese?: number }).boese).toBeUndefined();
  });

  it('a document link fetches the PDF through the API with the token and saves it as download.pdf', async () => {
    const m = mock();
    const user = userEvent.setup();
    const objektUrl = vi.fn(() => 'blob:dokument');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: objektUrl, revokeObjectURL: vi.fn() }));
    let gespeichert = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      gespeichert = this.download;
    });
    renderRoutes(routes, '/wasserbuch?wbbId=S0412346');
    await user.click(await screen.findByRole('link', { name: 'Erlaubnisbescheid' }));
    await waitFor(() => expect(gespeichert).toBe('download.pdf'));
    const [aufruf] = m.called('GET', '/api/digiwab-pdf/');
    expect(aufruf.url.searchParams.get('entryId')).toBe('WBB-S0412346');
    expect(aufruf.url.searchParams.get('dokId')).toBe('erlaubnis-2025');
    expect(aufruf.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(objektUrl).toHaveBeenCalledTimes(1);
  });

  it('a failed document is only logged (spec: errors only logged)', async () => {
    const m = apiMock({
      'GET /api/me': () => ich([], ['ZUST_SBB']),
      'GET /api/digiwab-page/S0412346': () => ({ wbbId: 'S0412346', html: SEITE }),
      'GET /api/digiwab-pdf': () => json(503, { message: 'Das Wasserbuch ist zurzeit nicht erreichbar. Bitte versuchen Sie es später erneut.' }),
    });
    vi.stubGlobal('fetch', m.fetchMock);
    anmelden({ funktionaleRollen: ['ZUST_SBB'] });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderRoutes(routes, '/wasserbuch?wbbId=S0412346');
    await user.click(await screen.findByRole('link', { name: 'Erlaubnisbescheid' }));
    await waitFor(() => expect(log).toHaveBeenCalledWith('Wasserbuch-Dokument', { entryId: 'WBB-S0412346', dokId: 'erlaubnis-2025' }, expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the register's German message when the entry cannot be read, and a message without wbbId", async () => {
    mock(() => json(404, { message: 'Der Eintrag ist im Wasserbuch nicht vorhanden.' }));
    const { unmount } = renderRoutes(routes, '/wasserbuch?wbbId=S0412346');
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Eintrag ist im Wasserbuch nicht vorhanden.');
    unmount();

    vi.spyOn(console, 'error').mockImplementation(() => {});
    mock(() => json(500, { message: 'Interner Fehler' }));
    const zwei = renderRoutes(routes, '/wasserbuch?wbbId=S0412346');
    expect(await screen.findByRole('alert')).toHaveTextContent('Interner Fehler');
    zwei.unmount();

    mock();
    renderRoutes(routes, '/wasserbuch');
    expect(await screen.findByRole('alert')).toHaveTextContent(OHNE_EINTRAG);
    expect(NICHT_GELADEN).toMatch(/^Der Wasserbucheintrag/);
  });

  it('is also mounted outside the shell: /wasserbuch-embedded has no navigation', async () => {
    mock();
    renderRoutes(routes, '/wasserbuch-embedded?wbbId=S0412346');
    expect(await screen.findByText('Frist überschritten')).toHaveClass('status3');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
