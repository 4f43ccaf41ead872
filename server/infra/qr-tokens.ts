// QR tokens: signed by the server, naming the vendor; dynamic ones live 90 s, printable ones until renewed.
// CONTRACT (implementation owned by the rewards-and-QR engineer; the customer side calls `verify`).

export type QrTokenKind = 'dynamic' | 'printable';

export interface VerifiedQrToken {
  vendorId: string;
  kind: QrTokenKind;
  /** Unique per dynamic token; for a printable token `${vendorId}:v${version}`. One stamp per customer per tokenId. */
  tokenId: string;
  /** Printable tokens only: the vendor's printable_qr_version the token was issued for. */
  version?: number;
  /** Dynamic tokens only: when the code was issued, epoch ms (the relay signals record a code's age at scan). */
  issuedAt?: number;
  /** Dynamic tokens only: the stamps the counter chose for this code (per-item stamp mode; 1 otherwise). */
  count?: number;
}

export type QrVerifyFailure = 'malformed' | 'expired';

export interface QrTokens {
  /** A dynamic token, valid for 90 s (60 s rotation plus grace), giving `count` stamps (default 1). */
  issueDynamic(vendorId: string, count?: number): { token: string; expiresAt: number };
  /** A long-lived token for the printed flyer, tied to the vendor's current printable version. */
  issuePrintable(vendorId: string, version: number): string;
  /** Signature (forged/altered → malformed) and expiry only; vendor existence and version are checked by the caller. */
  verify(token: string): { ok: true; token: VerifiedQrToken } | { ok: false; reason: QrVerifyFailure };
}

export { createQrTokens } from './qr-tokens-impl';
