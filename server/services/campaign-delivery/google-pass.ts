// Campaign messages on Google Wallet passes: a message with a notification on the card's loyalty object.
// Google notifies at most 3 times a day per object; a fourth message in 24 hours goes on the pass
// without a notification (the weekly cap keeps this rare).
import type { AppDeps } from '../../deps';
import { GoogleWalletError } from '../../infra/google-wallet';
import { PermanentJobError } from '../../infra/jobs';
import { text } from '../../infra/texts';
import { cardIdAt, findMailContact, googleNotificationsSince, googlePassCustomerIds } from '../../repositories/campaign-delivery';
import { findGoogleWalletObject } from '../../repositories/google-wallet-objects';
import type { CampaignChannel } from './channel';

/** Google's limit of notifying messages per object per day. */
export const GOOGLE_NOTIFICATIONS_PER_DAY = 3;
const DAY_MS = 86_400_000;

export function googlePassChannel(deps: Pick<AppDeps, 'db' | 'now' | 'googleWallet'>): CampaignChannel | undefined {
  const client = deps.googleWallet;
  if (!client) return undefined;
  return {
    id: 'google-pass',
    reachableCustomerIds: (vendorId, range) => googlePassCustomerIds(deps.db.reads, vendorId, range),
    async send(message, signal) {
      const db = deps.db.kysely;
      const cardId = await cardIdAt(db, message.vendorId, message.customerId);
      const row = cardId ? await findGoogleWalletObject(db, cardId) : undefined;
      if (!row) return 'gone';
      const notified = await googleNotificationsSince(db, message.vendorId, message.customerId, deps.now() - DAY_MS);
      const locale = (await findMailContact(db, message.customerId))?.locale ?? null;
      try {
        const known = await client.patchObject(
          row.object_id,
          {
            messages: [
              {
                // The delivery key as the message id: a PATCH sent again after a crash carries the same message, not a second one.
                id: `campaign-${message.deliveryKey}`,
                header: message.title,
                body: `${message.body}\n\n${text(locale, 'campaignMail.passOptOut')}`,
                messageType: notified < GOOGLE_NOTIFICATIONS_PER_DAY ? 'TEXT_AND_NOTIFY' : 'TEXT',
              },
            ],
          },
          signal,
        );
        return known ? 'sent' : 'gone';
      } catch (error) {
        if (error instanceof GoogleWalletError && !error.retryable) throw new PermanentJobError(error.message);
        throw error;
      }
    },
  };
}
