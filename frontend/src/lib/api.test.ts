import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiDatei,
  apiFetch,
  buildUrl,
  isAbortError,
  isTimeoutError,
  MSG_ZEITUEBERSCHREITUNG,
  TimeoutError,
  ZEITLIMIT_DATEI,
  ZEITLIMIT_JAHRESBERICHT_ANLAGEN,
  ZEITLIMIT_STANDARD,
} from './api';
import { handleGlobalError, zeigeFehler } from './errors';
import { retry } from './queryClient';
import { clearToasts, getToasts } from './toast';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('apiFetch', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('calls /api with the bearer token and JSON', async () => {
    window.localStorage.setItem('token', 'jwt-1');
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    const res = await apiFetch<{ ok: boolean }>('/betrieb', { method: 'POST', body: { a: 1 } });
    expect(res).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/betrieb');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer jwt-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('asks again while the server says its read model is older than the asked minPosition', async () => {
    const veraltet = () =>
      new Response(JSON.stringify({ content: [] }), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Lesemodell-Veraltet': '1' } });
    fetchMock
      .mockResolvedValueOnce(veraltet())
      .mockResolvedValueOnce(veraltet())
      .mockResolvedValueOnce(jsonResponse(200, { content: [1] }));
    await expect(apiFetch('/betrieb/search', { query: { minPosition: 7 } })).resolves.toEqual({ content: [1] });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up asking again after a few answers and shows what there is', async () => {
    fetchMock.mockImplementation(async () =>
      new Response(JSON.stringify({ content: [] }), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Lesemodell-Veraltet': '1' } }),
    );
    await expect(apiFetch('/nachricht', { query: { minPosition: 7 } })).resolves.toEqual({ content: [] });
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiFetch('/x')).resolves.toBeUndefined();
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('throws a typed ApiError with the server body', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { message: 'Ungültig', validationErrors: { bezeichnung: 'Pflichtfeld' }, traceId: 't-1' }),
    );
    const err = await apiFetch('/x', { handleValidation: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.status).toBe(400);
    expect(e.message).toBe('Ungültig');
    expect(e.validationErrors).toEqual({ bezeichnung: 'Pflichtfeld' });
    expect(e.firstValidationMessage).toBe('Pflichtfeld');
    expect(e.traceId).toBe('t-1');
    expect(e.handleValidation).toBe(true);
  });

  it('copes with error answers that are not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));
    const e = (await apiFetch('/x').catch((x: unknown) => x)) as ApiError;
    expect(e.status).toBe(502);
    expect(e.message).toBe('');
  });
});

describe('apiDatei', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the file with the name of Content-Disposition; errors stay ApiErrors', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        new Response('PK\u0003\u0004', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="anwender.xlsx"' } }),
      )
      .mockResolvedValueOnce(jsonResponse(403, { message: 'Sie sind nicht berechtigt, diese Aktion auszuführen.' }));
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.setItem('token', 'jwt-2');
    const datei = await apiDatei('/anwender/export', { method: 'POST', body: { ids: [1] } });
    expect(datei.dateiname).toBe('anwender.xlsx');
    expect(await datei.blob.text()).toBe('PK\u0003\u0004');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/anwender/export');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer jwt-2');
    expect(init?.body).toBe('{"ids":[1]}');
    const e = (await apiDatei('/x').catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(403);
    expect(e.message).toBe('Sie sind nicht berechtigt, diese Aktion auszuführen.');
  });
});

describe('buildUrl', () => {
  it('leaves out empty parameters', () => {
    expect(buildUrl('/audit', { page: 0, size: 10, streamId: '', benutzer: undefined, x: null })).toBe(
      '/api/audit?page=0&size=10',
    );
    expect(buildUrl('audit')).toBe('/api/audit');
    expect(buildUrl('/a', { id: [1, 2] })).toBe('/api/a?id=1&id=2');
  });
});

describe('timeouts (spec 000 §8: 60 s to 6000 s depending on call)', () => {
  // like the browser's fetch: pending until the signal aborts, then rejected with its reason
  const haengt = vi.fn<typeof fetch>(
    (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        const s = init?.signal;
        if (!s) return;
        const abbruch = () => reject(s.reason instanceof Error ? s.reason : new DOMException('aborted', 'AbortError'));
        if (s.aborted) abbruch();
        else s.addEventListener('abort', abbruch, { once: true });
      }),
  );
  beforeEach(() => {
    vi.stubGlobal('fetch', haengt);
    clearToasts();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    haengt.mockClear();
  });

  it('a call that exceeds its timeout rejects with the German message, which the global handling shows', async () => {
    const e = await apiFetch('/anlage/moeglicheAufnehmendeAnlagen', { zeitlimit: 5 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TimeoutError);
    expect(isTimeoutError(e)).toBe(true);
    expect(isAbortError(e)).toBe(false);
    expect((e as TimeoutError).message).toBe('Der Server hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es später erneut.');
    expect((e as TimeoutError).zeitlimit).toBe(5);
    handleGlobalError(e);
    expect(getToasts().map((t) => [t.kind, t.message])).toEqual([['error', MSG_ZEITUEBERSCHREITUNG]]);
    // a timeout is not asked again: the user would wait twice as long
    expect(retry(0, e)).toBe(false);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it("a caller's cancel (TanStack Query) rejects as an abort and says nothing", async () => {
    const steuerung = new AbortController();
    const laeuft = apiFetch('/x', { signal: steuerung.signal, zeitlimit: 10_000 }).catch((x: unknown) => x);
    steuerung.abort();
    const e = await laeuft;
    expect(isAbortError(e)).toBe(true);
    expect(isTimeoutError(e)).toBe(false);
    handleGlobalError(e);
    zeigeFehler(e, 'Fehler beim Speichern');
    expect(getToasts()).toEqual([]);
    // an already cancelled signal does not even wait for the timeout
    const schon = new AbortController();
    schon.abort();
    expect(isAbortError(await apiFetch('/x', { signal: schon.signal }).catch((x: unknown) => x))).toBe(true);
  });

  it('every call has a default: 60 s, for files (uploads, exports) 600 s; a call may name its own', async () => {
    vi.useFakeTimers();
    const json = apiFetch('/x').catch((x: unknown) => x);
    const upload = apiFetch('/y', { method: 'POST', body: new FormData() }).catch((x: unknown) => x);
    const datei = apiDatei('/z').catch((x: unknown) => x);
    const jahresbericht = apiFetch('/anlage', { zeitlimit: ZEITLIMIT_JAHRESBERICHT_ANLAGEN }).catch((x: unknown) => x);
    let fertig: string[] = [];
    void json.then(() => fertig.push('json'));
    void upload.then(() => fertig.push('upload'));
    void datei.then(() => fertig.push('datei'));
    void jahresbericht.then(() => fertig.push('jahresbericht'));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fertig).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fertig).toEqual(['json']);
    expect(((await json) as TimeoutError).zeitlimit).toBe(ZEITLIMIT_STANDARD);
    fertig = [];
    await vi.advanceTimersByTimeAsync(ZEITLIMIT_DATEI - ZEITLIMIT_STANDARD);
    expect(fertig.sort()).toEqual(['datei', 'upload']);
    expect(isTimeoutError(await upload) && isTimeoutError(await datei)).toBe(true);
    fertig = [];
    await vi.advanceTimersByTimeAsync(ZEITLIMIT_JAHRESBERICHT_ANLAGEN - ZEITLIMIT_DATEI - 1);
    expect(fertig).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await jahresbericht) as TimeoutError).zeitlimit).toBe(6_000_000);
  });

  it('an answer in time clears its timer', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, { ok: 1 })));
    await expect(apiFetch('/x', { zeitlimit: 1000 })).resolves.toEqual({ ok: 1 });
    expect(vi.getTimerCount()).toBe(0);
  });
});
