import type { components, operations } from './api-schema';
import { getToken } from './auth/token';

// The shapes of the answers and request bodies come from the API document (httpapi/openapi.yaml →
// src/lib/api-schema.d.ts, `npm run gen:api`), never by hand (issue 43; eslint.config.js guards
// the feature api/ files): a feature names them with these three.

/** A schema of the API document: `type Datei = Schema<'Datei'>`. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

type JsonInhalt<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/** The JSON answer (200 or 201) of an operation of the API document: `Antwort<'getAnlageHistorie'>`. */
export type Antwort<O extends keyof operations> = operations[O]['responses'] extends infer R
  ? R extends { 200: infer A }
    ? JsonInhalt<A>
    : R extends { 201: infer A }
      ? JsonInhalt<A>
      : never
  : never;

/** The JSON request body of an operation of the API document: `Anfrage<'postAnlageAenderungsantragUebernahme'>`. */
export type Anfrage<O extends keyof operations> = JsonInhalt<NonNullable<operations[O]['requestBody']>>;

/** Every API path lives below this prefix (DESIGN §5). */
export const API_BASE = '/api';

export type ValidationErrors = Record<string, string>;

/** A failed API call: HTTP status plus the server's error body {message, validationErrors, traceId}. */
export class ApiError extends Error {
  readonly status: number;
  readonly validationErrors: ValidationErrors;
  readonly traceId?: string;
  /** The whole error body, for the spec's special members (possibleSuppressorFlag, …). */
  readonly body: Record<string, unknown>;
  /** The caller shows validation errors itself (per field); the global warning is skipped. */
  readonly handleValidation: boolean;

  constructor(
    status: number,
    message: string,
    options: {
      validationErrors?: ValidationErrors;
      traceId?: string;
      body?: Record<string, unknown>;
      handleValidation?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.validationErrors = options.validationErrors ?? {};
    this.traceId = options.traceId;
    this.body = options.body ?? {};
    this.handleValidation = options.handleValidation ?? false;
  }

  get hasValidationErrors(): boolean {
    return Object.keys(this.validationErrors).length > 0;
  }

  /**
   * A known error: a refusal (4xx other than 401/403/404) with a text. The server writes only
   * German, user-facing texts into a 4xx answer (httpapi/fehler.go: the domain's rule and
   * conflict messages); a 5xx never carries its cause. A known error says what it is, it is no
   * 'unbekannter Fehler' (issue 14).
   */
  get bekannt(): boolean {
    return this.status >= 400 && this.status < 500 && ![401, 403, 404].includes(this.status) && this.message !== '';
  }

  /** The first validation message, if any. */
  get firstValidationMessage(): string | undefined {
    return Object.values(this.validationErrors)[0];
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** A request that was cancelled (AbortController / TanStack Query cancellation). */
export function isAbortError(e: unknown): boolean {
  if (e instanceof DOMException && e.name === 'AbortError') return true;
  if (e && typeof e === 'object' && 'name' in e) {
    const name = (e as { name?: unknown }).name;
    return name === 'AbortError' || name === 'CancelledError';
  }
  return false;
}

/**
 * Request timeouts (spec 000 §8 "60 s to 6000 s depending on call", 001 §8): every call has one;
 * a call names a longer one with `zeitlimit`. Files (uploads, imports, exports) take longer than
 * a form's read or save, so a FormData/Blob body and apiDatei default to ZEITLIMIT_DATEI.
 */
export const ZEITLIMIT_STANDARD = 60_000;
/** Uploads, imports and exports (decided: 600 s; spec: up to 6000 s). */
export const ZEITLIMIT_DATEI = 600_000;
/** "600000 ms for possible receiving plants and for measuring point plants" (spec 000 §8). */
export const ZEITLIMIT_NETZANLAGEN = 600_000;
/** "6000000 ms for annual-report plants" (spec 000 §8, 001 §8). */
export const ZEITLIMIT_JAHRESBERICHT_ANLAGEN = 6_000_000;

/** What the user reads when a call's timeout runs out (the spec names no text; docs/decisions.md). */
export const MSG_ZEITUEBERSCHREITUNG = 'Der Server hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es später erneut.';

/**
 * A call whose timeout ran out before the answer was read. Not an abort: the user did not cancel
 * it, so the global handling (lib/errors.ts) shows MSG_ZEITUEBERSCHREITUNG.
 */
export class TimeoutError extends Error {
  /** The timeout that ran out, in ms. */
  readonly zeitlimit: number;

  constructor(zeitlimit: number) {
    super(MSG_ZEITUEBERSCHREITUNG);
    this.name = 'TimeoutError';
    this.zeitlimit = zeitlimit;
  }
}

export function isTimeoutError(e: unknown): e is TimeoutError {
  return e instanceof TimeoutError;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; null, undefined and '' are left out. */
  query?: Record<string, QueryValue | QueryValue[]>;
  /** Sent as JSON unless it is FormData or a Blob, or a string with `contentType`. */
  body?: unknown;
  /** With a string body: sent as it is, with this Content-Type (e.g. 'text/plain'). */
  contentType?: string;
  /** The caller's cancel (TanStack Query's signal); a cancel is no error anyone is told of. */
  signal?: AbortSignal;
  /** Timeout in ms; default ZEITLIMIT_STANDARD (ZEITLIMIT_DATEI for files). Runs out as TimeoutError. */
  zeitlimit?: number;
  headers?: Record<string, string>;
  /** Set when the caller attaches validationErrors to its fields itself. */
  handleValidation?: boolean;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = API_BASE + (path.startsWith('/') ? path : `/${path}`);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const v of values) {
      if (v === undefined || v === null || v === '') continue;
      params.append(key, String(v));
    }
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function toApiError(res: Response, body: unknown, handleValidation: boolean): ApiError {
  const obj = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message =
    typeof obj.message === 'string'
      ? obj.message
      : typeof body === 'string' && body.length < 500 && !body.trimStart().startsWith('<')
        ? body.trim()
        : '';
  const validationErrors =
    obj.validationErrors && typeof obj.validationErrors === 'object'
      ? Object.fromEntries(
          Object.entries(obj.validationErrors as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        )
      : undefined;
  return new ApiError(res.status, message, {
    validationErrors,
    traceId: typeof obj.traceId === 'string' ? obj.traceId : undefined,
    body: obj,
    handleValidation,
  });
}

/** The header of a list answer given before the read model reached the asked minPosition. */
export const VERALTET = 'X-Lesemodell-Veraltet';
const VERALTET_VERSUCHE = 6;

/**
 * The one fetch wrapper: base '/api', bearer token from localStorage, JSON in and out.
 * Throws ApiError for every non-2xx answer; errors are shown by the global handler
 * (lib/errors.ts) wired into the query client, never here.
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return mitZeitlimit(options, async (signal) => {
    let res = await send(path, options, 'application/json', signal);
    // a list read after an own command (minPosition) that the server answered before its read
    // model had caught up is asked again, a few times, so the user sees his write
    for (let versuch = 1; res.ok && res.headers.get(VERALTET) && versuch < VERALTET_VERSUCHE; versuch++) {
      await res.body?.cancel();
      await new Promise((r) => setTimeout(r, 250));
      signal.throwIfAborted();
      res = await send(path, options, 'application/json', signal);
    }
    const data = await readBody(res);
    if (!res.ok) throw toApiError(res, data, options.handleValidation ?? false);
    return data as T;
  });
}

const istDatei = (body: unknown): body is FormData | Blob => body instanceof FormData || body instanceof Blob;

/**
 * Runs a call (request and reading its answer) under its timeout and the caller's signal, one
 * signal for fetch. AbortSignal.any/timeout are left out: Vite's build target (baseline widely
 * available, Chrome 107) predates AbortSignal.any, and its timeout could not be told from a cancel.
 */
async function mitZeitlimit<T>(options: RequestOptions, aufruf: (signal: AbortSignal) => Promise<T>, standard = ZEITLIMIT_STANDARD): Promise<T> {
  const zeitlimit = options.zeitlimit ?? (istDatei(options.body) ? ZEITLIMIT_DATEI : standard);
  const steuerung = new AbortController();
  const abgelaufen = new TimeoutError(zeitlimit);
  const abbrechen = () => steuerung.abort(options.signal?.reason);
  if (options.signal?.aborted) abbrechen();
  else options.signal?.addEventListener('abort', abbrechen, { once: true });
  const uhr = setTimeout(() => steuerung.abort(abgelaufen), zeitlimit);
  try {
    return await aufruf(steuerung.signal);
  } catch (e) {
    // whatever fetch or the body's reader made of the abort: a timeout is a TimeoutError
    if (steuerung.signal.reason === abgelaufen) throw abgelaufen;
    throw e;
  } finally {
    clearTimeout(uhr);
    options.signal?.removeEventListener('abort', abbrechen);
  }
}

/** A file the server sent: its content and the name from Content-Disposition (if any). */
export interface Datei {
  blob: Blob;
  dateiname?: string;
}

/** The file name of a Content-Disposition header (filename* in UTF-8 wins over filename). */
export function dateinameAus(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall back to filename= */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  if (!plain) return undefined;
  return (plain[2] ?? plain[1]).trim() || undefined;
}

/**
 * Like apiFetch, for answers that are files (xlsx exports): the body as Blob plus the file
 * name. Error answers are JSON like everywhere else and become an ApiError.
 */
export async function apiDatei(path: string, options: RequestOptions = {}): Promise<Datei> {
  return mitZeitlimit(
    options,
    async (signal) => {
      const res = await send(path, options, '*/*', signal);
      if (!res.ok) throw toApiError(res, await readBody(res), options.handleValidation ?? false);
      return { blob: await res.blob(), dateiname: dateinameAus(res.headers.get('content-disposition')) };
    },
    ZEITLIMIT_DATEI,
  );
}

async function send(path: string, options: RequestOptions, accept: string, signal: AbortSignal): Promise<Response> {
  const { method = 'GET', query, body, contentType, headers = {} } = options;
  const h: Record<string, string> = { Accept: accept, ...headers };
  const token = getToken();
  if (token) h.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (istDatei(body)) {
      payload = body;
    } else if (contentType && typeof body === 'string') {
      h['Content-Type'] = contentType;
      payload = body;
    } else {
      h['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  return fetch(buildUrl(path, query), { method, headers: h, body: payload, signal });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'PATCH', body }),
  /** A DELETE may carry a JSON body (the reasons of a rejection). */
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => apiFetch<T>(path, { ...options, method: 'DELETE' }),
};
