import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/test/jwt';
import { clearToken, decodeToken, getToken, isTokenExpired, setToken } from './token';

describe('token', () => {
  it('is kept in localStorage under "token"', () => {
    setToken('abc');
    expect(window.localStorage.getItem('token')).toBe('abc');
    expect(getToken()).toBe('abc');
    clearToken();
    expect(getToken()).toBeNull();
  });

  it('decodes the JWT payload, also with umlauts', () => {
    const t = fakeJwt({ sub: '1', name: 'Jürgen Müller', funktionaleRollen: ['SYSTEMADMIN'] });
    const json = JSON.stringify({ sub: '1', name: 'Jürgen Müller' });
    // btoa needs latin1: encode the UTF-8 bytes like a server would
    const utf8 = btoa(String.fromCharCode(...new TextEncoder().encode(json))).replace(/=+$/, '');
    expect(decodeToken(`x.${utf8}.y`)?.name).toBe('Jürgen Müller');
    expect(decodeToken(t)?.funktionaleRollen).toEqual(['SYSTEMADMIN']);
    expect(decodeToken('kein-jwt')).toBeNull();
  });

  it('is expired when exp lies in the past', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(isTokenExpired(fakeJwt({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: now / 1000 + 60 }), now)).toBe(false);
    expect(isTokenExpired(fakeJwt({ sub: '1' }), now)).toBe(false);
    expect(isTokenExpired('unlesbar', now)).toBe(true);
  });
});
