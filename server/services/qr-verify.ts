// The one check a scanned QR token must pass before it may earn a stamp (the customer side calls this).
import type { AppDeps } from '../deps';
import { findPrintableVersion } from '../repositories/printable-qr';
import type { QrTokenKind } from './qr-tokens';

export type QrStampCheck =
  | { ok: true; vendorId: string; kind: QrTokenKind; tokenId: string; issuedAt?: number }
  | { ok: false; reason: 'malformed' | 'expired' | 'unknown-vendor' | 'revoked' };

/**
 * Signature and expiry (forged, altered, other-key → malformed; past 90 s → expired), then that the vendor
 * exists, and for a printable token that it was issued for the vendor's current version (renewed → revoked).
 */
export async function verifyQrForStamp(deps: Pick<AppDeps, 'db' | 'qrTokens'>, token: string): Promise<QrStampCheck> {
  const verified = deps.qrTokens.verify(token);
  if (!verified.ok) return { ok: false, reason: verified.reason };
  const { vendorId, kind, tokenId, version, issuedAt } = verified.token;
  const currentVersion = await findPrintableVersion(deps.db.kysely, vendorId);
  if (currentVersion === undefined) return { ok: false, reason: 'unknown-vendor' };
  if (kind === 'printable' && version !== currentVersion) return { ok: false, reason: 'revoked' };
  return { ok: true, vendorId, kind, tokenId, issuedAt };
}
