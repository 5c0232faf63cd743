import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, nowSeconds } from '@/test/jwt';
import { ApiError } from './api';
import { handleGlobalError, zeigeFehler } from './errors';
import { registerNavigator } from './navigation';
import { clearToasts, getToasts } from './toast';

describe('handleGlobalError (spec §8 global handling)', () => {
  const navigate = vi.fn();
  const back = vi.fn();
  beforeEach(() => {
    registerNavigator({ navigate, back });
    clearToasts();
  });
  afterEach(() => {
    registerNavigator(null);
    vi.restoreAllMocks();
    navigate.mockReset();
    back.mockReset();
  });

  const messages = () => getToasts().map((t) => [t.kind, t.message, t.detail]);

  it('401 with a token: toast, token cleared, to the root', () => {
    window.localStorage.setItem('token', fakeJwt({ exp: nowSeconds() + 60 }));
    handleGlobalError(new ApiError(401, 'x'));
    expect(messages()).toEqual([['error', 'Sie sind nicht berechtigt diese Seite zu öffnen.', undefined]]);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('401 without a token: only the toast', () => {
    handleGlobalError(new ApiError(401, 'x'));
    expect(messages()).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('403 with a valid token: toast and one page back', () => {
    window.localStorage.setItem('token', fakeJwt({ exp: nowSeconds() + 60 }));
    handleGlobalError(new ApiError(403, 'verboten'));
    expect(messages()).toEqual([['error', 'Sie sind nicht berechtigt diese Seite zu öffnen.', undefined]]);
    expect(back).toHaveBeenCalled();
    expect(window.localStorage.getItem('token')).not.toBeNull();
  });

  it('403 with an expired token: token cleared, to the root', () => {
    window.localStorage.setItem('token', fakeJwt({ exp: nowSeconds() - 60 }));
    handleGlobalError(new ApiError(403, 'verboten'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
    expect(back).not.toHaveBeenCalled();
  });

  it('404: not-found page with toast', () => {
    handleGlobalError(new ApiError(404, ''));
    expect(messages()).toEqual([['error', 'Die gewünschte Seite existiert nicht.', undefined]]);
    expect(navigate).toHaveBeenCalledWith('/nicht-gefunden', { replace: true });
  });

  it('500: only logged with the traceId', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    handleGlobalError(new ApiError(500, '', { traceId: 'abc123' }));
    expect(messages()).toEqual([]);
    expect(log.mock.calls[0][0]).toContain('abc123');
  });

  it('cancelled requests are silent', () => {
    handleGlobalError(new DOMException('aborted', 'AbortError'));
    expect(messages()).toEqual([]);
  });

  it('validation errors: warning with the first message, unless the caller handles them', () => {
    const e = new ApiError(400, 'x', { validationErrors: { a: 'Feld A fehlt', b: 'Feld B fehlt' } });
    handleGlobalError(e);
    expect(messages()).toEqual([['warning', 'Validierung fehlgeschlagen: Feld A fehlt', undefined]]);
    clearToasts();
    handleGlobalError(e, { handleValidation: true });
    handleGlobalError(new ApiError(400, 'x', { validationErrors: { a: 'A' }, handleValidation: true }));
    expect(messages()).toEqual([]);
  });

  it('a known error (a refusal with the domain text) says what it is', () => {
    handleGlobalError(new ApiError(400, 'Der Antrag enthält keine Änderung der Stammdaten.'));
    expect(messages()).toEqual([['error', 'Der Antrag enthält keine Änderung der Stammdaten.', undefined]]);
    // a new toast replaces the visible one
    handleGlobalError(new ApiError(409, 'Der Datensatz wurde zwischenzeitlich geändert.'));
    expect(messages()).toEqual([['error', 'Der Datensatz wurde zwischenzeitlich geändert.', undefined]]);
  });

  it('any other error: unknown-error toast plus the server text', () => {
    handleGlobalError(new ApiError(502, 'Bad Gateway'));
    expect(messages()).toEqual([['error', 'Ein unbekannter Fehler ist aufgetreten.', 'Bad Gateway']]);
    clearToasts();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    handleGlobalError(new TypeError('Failed to fetch'));
    expect(messages()).toEqual([['error', 'Ein unbekannter Fehler ist aufgetreten.', undefined]]);
  });

  it('shows the same toast only once while it is visible', () => {
    handleGlobalError(new ApiError(401, ''));
    handleGlobalError(new ApiError(401, ''));
    expect(messages()).toHaveLength(1);
  });
});

describe('zeigeFehler (the server text is the message)', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    registerNavigator({ navigate, back: vi.fn() });
    clearToasts();
  });
  afterEach(() => {
    registerNavigator(null);
    vi.restoreAllMocks();
    navigate.mockReset();
  });
  const messages = () => getToasts().map((t) => [t.kind, t.message, t.detail]);

  it('a refusal with a text (400, 409) shows that text', () => {
    zeigeFehler(new ApiError(409, 'Der Wertelisteneintrag wird von anderen Objekten referenziert und kann deshalb nicht gelöscht werden'), 'Fehler beim Löschen');
    expect(messages()).toEqual([
      ['error', 'Der Wertelisteneintrag wird von anderen Objekten referenziert und kann deshalb nicht gelöscht werden', undefined],
    ]);
    // a newer toast replaces the visible one
    zeigeFehler(new ApiError(400, 'Sie können Ihr eigenes Konto nicht löschen.'));
    expect(messages()).toEqual([['error', 'Sie können Ihr eigenes Konto nicht löschen.', undefined]]);
  });

  it('without a text the default; validation, 404 and the like go the global way', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    zeigeFehler(new ApiError(502, ''), 'Fehler beim Löschen');
    expect(messages()).toEqual([['error', 'Fehler beim Löschen', undefined]]);
    zeigeFehler(new ApiError(400, 'x', { validationErrors: { value: 'Dieser Wert ist bereits vorhanden.' } }), 'Fehler beim Speichern');
    expect(messages()).toEqual([['warning', 'Validierung fehlgeschlagen: Dieser Wert ist bereits vorhanden.', undefined]]);
    zeigeFehler(new ApiError(404, 'weg'), 'Fehler beim Speichern');
    expect(messages()).toEqual([['error', 'Die gewünschte Seite existiert nicht.', undefined]]);
    expect(navigate).toHaveBeenCalledWith('/nicht-gefunden', { replace: true });
  });
});
