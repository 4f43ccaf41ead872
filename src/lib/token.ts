// Decodes the session token's middle part; a malformed token decodes to nothing.
export type TokenRole = 'owner' | 'manager' | 'staff';

export interface TokenClaims {
  sub: string;
  exp?: number;
  /** The signed-in person's role in the store; tokens that name none are the owner's. */
  role: TokenRole;
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (typeof payload !== 'object' || payload === null) return null;
    const { sub, exp, role } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' && typeof sub !== 'number') return null;
    return { sub: String(sub), ...(typeof exp === 'number' ? { exp } : {}), role: role === 'manager' || role === 'staff' ? role : 'owner' };
  } catch {
    return null;
  }
}

/** Valid only if it decodes and exp × 1000 is later than now; no exp means invalid. */
export function isTokenValid(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  const claims = decodeToken(token);
  return claims !== null && claims.exp !== undefined && claims.exp * 1000 > nowMs;
}
