// Campaign messages on Apple Wallet passes: the campaign's text becomes a back field of the card's pass
// whose changeMessage puts it on the lock screen, and the phones holding the pass are pushed (the pass
// update job, with its own retries) to fetch the new pass.
import type { AppDeps } from '../../deps';
import { inTransaction } from '../../db/transactions';
import { applePassCustomerIds, cardIdAt, saveCardCampaignMessage } from '../../repositories/campaign-delivery';
import { devicesHoldingCards } from '../../repositories/apple-passes';
import { applePassesChanged } from '../apple-pass-updates';
import type { CampaignChannel } from './channel';

export function applePassChannel(deps: Pick<AppDeps, 'db' | 'now'>): CampaignChannel {
  return {
    id: 'apple-pass',
    reachableCustomerIds: (vendorId, range) => applePassCustomerIds(deps.db.reads, vendorId, range),
    send: (message) =>
      inTransaction(deps.db.kysely, async (trx) => {
        const cardId = await cardIdAt(trx, message.vendorId, message.customerId);
        // The pass was removed from every phone since the plan: nobody to tell.
        if (!cardId || (await devicesHoldingCards(trx, [cardId])).length === 0) return 'gone' as const;
        const now = deps.now();
        await saveCardCampaignMessage(trx, { cardId, campaignId: message.campaignId, title: message.title, body: message.body }, now);
        await applePassesChanged(trx, now, [cardId]);
        return 'sent' as const;
      }),
  };
}
