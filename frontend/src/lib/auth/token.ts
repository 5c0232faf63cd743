import { useSyncExternalStore } from 'react';

/** The JWT lives in localStorage under this key (spec 002 §9). */
export const TOKEN_KEY = 'token';

const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  emit();
}

export function clearToken(): void {
  window.localStorage.removeItem(TOKEN_KEY);
  emit();
}

export interface TokenClaims {
  sub?: string;
  name?: string;
  funktionaleRollen?: string[];
  behoerde?: string;
  exp?: number;
  [claim: string]: unknown;
}

/** Decodes the payload of a JWT without verifying it (the server verifies). */
export function decodeToken(token: string): TokenClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** True when the token has an exp claim in the past, or cannot be read at all. */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const claims = decodeToken(token);
  if (!claims) return true;
  if (typeof claims.exp !== 'number') return false;
  return claims.exp * 1000 <= nowMs;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current token, re-rendering when it changes (also in other tabs). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
