// Web push as a campaign channel: the customers with a browser subscribed at the store, and one send to
// each of those browsers (services/web-push.ts). The push client has its own timeout, so the signal is
// not needed to end a send.
import type { AppDeps } from '../../deps';
import { pushReachableCustomerIds, sendCampaignPush } from '../web-push';
import type { CampaignChannel } from './channel';

export function webPushChannel(deps: Pick<AppDeps, 'db' | 'webPush' | 'now'>): CampaignChannel {
  return {
    id: 'push',
    reachableCustomerIds: (vendorId, range) => pushReachableCustomerIds(deps, vendorId, range),
    send: (message) => sendCampaignPush(deps, { vendorId: message.vendorId, customerId: message.customerId, title: message.title, body: message.body, url: message.url, topic: message.deliveryKey }),
  };
}
