// The channels campaign messages go out on, in the order a customer's messages of one occasion are planned.
// Web push joins as one more entry (an adapter over services/web-push.ts implementing CampaignChannel).
import type { AppDeps } from '../../deps';
import { applePassChannel } from './apple-pass';
import type { CampaignChannel } from './channel';
import { emailChannel } from './email';
import { googlePassChannel } from './google-pass';

export type ChannelDeps = Pick<AppDeps, 'db' | 'now' | 'mailer' | 'config' | 'secret' | 'googleWallet'>;

export function campaignChannels(deps: ChannelDeps): CampaignChannel[] {
  const channels: (CampaignChannel | undefined)[] = [
    emailChannel(deps),
    // Passes exist only on a server configured for them; the channel then simply reaches nobody.
    deps.config.applePass ? applePassChannel(deps) : undefined,
    googlePassChannel(deps),
  ];
  return channels.filter((channel): channel is CampaignChannel => channel !== undefined);
}
