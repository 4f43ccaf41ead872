// The flyer's long-lived QR token (POST /api/qrcode/printable): signed with the vendor's printable
// version, so renewing (a new version) retires every flyer printed before.
import type { AppDeps } from '../deps';
import { textError } from '../http-errors';
import { bumpPrintableVersion, findPrintableVersion } from '../repositories/printable-qr';

/** The vendor's flyer token, on a new version when `renew`; 404 when the store no longer exists. */
export async function printableQrToken(deps: Pick<AppDeps, 'db' | 'now' | 'qrTokens'>, vendorId: string, renew: boolean): Promise<string> {
  const version = renew
    ? await bumpPrintableVersion(deps.db.kysely, vendorId, deps.now())
    : await findPrintableVersion(deps.db.kysely, vendorId);
  if (version === undefined) throw textError(404, 'commonRefusals.storeGone');
  return deps.qrTokens.issuePrintable(vendorId, version);
}
