// Session tokens for client tests. The client only decodes the middle part, so they are unsigned.
// Kept apart from render.tsx so that store and slice tests get them without loading antd.

/** exp (in seconds) of a token that stays valid for the whole test run: 2100-01-01. */
export const FAR_FUTURE_EXP = 4_102_444_800;

/** A token with the given claims. */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** The token of a signed-in vendor, valid until 2100. */
export const sessionTokenFor = (vendorId: string): string => fakeToken({ sub: vendorId, exp: FAR_FUTURE_EXP });
