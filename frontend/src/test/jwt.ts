/** An unsigned JWT with the given claims (the client never checks signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signatur`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
