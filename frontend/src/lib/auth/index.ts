// Authentication in the browser: the token (token.ts), the session and GET /api/me (session.ts)
// and the route guards of spec 002 §2 (guards.tsx).
export * from './token';
export * from './session';
export * from './guards';
