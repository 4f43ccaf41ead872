// The channels campaign messages go out on, in the order a customer's messages of one occasion are planned.
import type { AppDeps } from '../../deps';
import { applePassChannel } from './apple-pass';
import type { CampaignChannel } from './channel';
import { emailChannel } from './email';
import { googlePassChannel } from './google-pass';
import { webPushChannel } from './web-push';

export type ChannelDeps = Pick<AppDeps, 'db' | 'now' | 'mailer' | 'config' | 'secret' | 'googleWallet' | 'webPush'>;

export function campaignChannels(deps: ChannelDeps): CampaignChannel[] {
  const channels: (CampaignChannel | undefined)[] = [
    emailChannel(deps),
    // Passes exist only on a server configured for them; the channel then simply reaches nobody.
    deps.config.applePass ? applePassChannel(deps) : undefined,
    googlePassChannel(deps),
    // Every server started by main.ts has the push client; a test app without one simply reaches nobody by push.
    deps.webPush ? webPushChannel(deps) : undefined,
  ];
  return channels.filter((channel): channel is CampaignChannel => channel !== undefined);
}
