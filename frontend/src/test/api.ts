import { vi } from 'vitest';
import { fakeJwt, nowSeconds } from './jwt';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface MockRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** JSON bodies parsed, text as it is. */
  body: unknown;
}

/** An answer: a Response, or any value sent as JSON with status 200. */
type Handler = (req: MockRequest) => unknown;

const norm = (path: string) => path.replace(/\/+$/, '') || '/';

/**
 * A fetch stand-in that routes 'METHOD /api/path' (trailing slashes ignored) to handlers;
 * anything else answers 404. `calls` lists what was asked, for assertions.
 */
/** Calls a test need not name: the operation file's plant tree, the start page's plants (none). */
const standard: Record<string, Handler> = {
  'GET /api/anlage': () => [],
  'GET /api/anlage/search': () => ({ content: [], page: 0, size: 50, totalElements: 0 }),
};

export function apiMock(handlers: Record<string, Handler>) {
  const table = new Map(Object.entries({ ...standard, ...handlers }).map(([k, h]) => {
    const [method, path] = k.split(' ');
    return [`${method} ${norm(path)}`, h] as const;
  }));
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    const headers = new Headers(init?.headers);
    if (typeof body === 'string' && headers.get('Content-Type')?.includes('json')) {
      try {
        body = JSON.parse(body);
      } catch {
        /* text */
      }
    }
    const req = { method, url, headers, body };
    calls.push(req);
    const handler = table.get(`${method} ${norm(url.pathname)}`);
    if (!handler) return json(404, { message: `kein Mock für ${method} ${url.pathname}` });
    const answer = await handler(req);
    return answer instanceof Response ? answer : json(200, answer);
  });
  const called = (method: string, path: string) =>
    calls.filter((c) => c.method === method && norm(c.url.pathname) === norm(path));
  return { fetchMock, calls, called };
}

/** GET /api/me's answer for a user with these roles and actions. */
export function ich(aktionen: string[] = [], rollen: string[] = ['BETREIBER']) {
  return {
    id: 7,
    benutzername: 'betreiber',
    vorname: 'Bea',
    name: 'Treiber',
    email: 'bea@example.org',
    funktionaleRollen: rollen,
    globaleRolle: 'ORGANISATION',
    aktionen,
    person: {},
  };
}

/** Puts a token for an hour (or the given exp) into localStorage, as a login would. */
export function anmelden(claims: Record<string, unknown> = {}): string {
  const token = fakeJwt({ sub: '7', name: 'Bea Treiber', funktionaleRollen: ['BETREIBER'], exp: nowSeconds() + 3600, ...claims });
  window.localStorage.setItem('token', token);
  return token;
}
