// The one check a scanned QR token must pass before it may earn a stamp (the customer side calls this).
import type { AppDeps } from '../deps';
import { findPrintableVersion } from '../repositories/printable-qr';
import type { QrTokenKind, VerifiedQrToken } from '../infra/qr-tokens';

export type QrStampCheck =
  | { ok: true; vendorId: string; kind: QrTokenKind; tokenId: string; issuedAt?: number; count?: number }
  | { ok: false; reason: 'malformed' | 'expired' | 'unknown-vendor' | 'revoked' };

/**
 * Signature and expiry (forged, altered, other-key → malformed; past 90 s → expired), then that the vendor
 * exists, and for a printable token that it was issued for the vendor's current version (renewed → revoked).
 */
export async function verifyQrForStamp(deps: Pick<AppDeps, 'db' | 'qrTokens'>, token: string): Promise<QrStampCheck> {
  const verified = deps.qrTokens.verify(token);
  if (!verified.ok) return { ok: false, reason: verified.reason };
  return checkAgainstStore(verified.token, await findPrintableVersion(deps.db.kysely, verified.token.vendorId));
}

/**
 * The store half of the check, for a token whose signature and expiry passed: the vendor's current flyer
 * version as read (undefined: no such vendor). The scan reads it with everything else it needs.
 */
export function checkAgainstStore(token: VerifiedQrToken, currentVersion: number | undefined): QrStampCheck {
  const { vendorId, kind, tokenId, version, issuedAt, count } = token;
  if (currentVersion === undefined) return { ok: false, reason: 'unknown-vendor' };
  if (kind === 'printable' && version !== currentVersion) return { ok: false, reason: 'revoked' };
  return { ok: true, vendorId, kind, tokenId, issuedAt, count };
}
