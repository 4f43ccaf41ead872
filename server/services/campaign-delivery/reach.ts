// How many customers of each audience each channel reaches today, for the Campaigns form before launch.
import type { ChannelReach, CustomerFrequency } from '../../../src/api/contract/campaigns';
import type { AppDeps } from '../../deps';
import { audienceCustomerIds, type AudienceWindow } from '../../repositories/campaign-audience';
import { optedOutCustomerIds } from '../../repositories/campaign-delivery';
import { reachGroupOf, type CampaignChannel } from './channel';

const FREQUENCIES: readonly CustomerFrequency[] = ['daily', 'weekly', 'monthly', 'all'];

export async function channelReach(
  deps: Pick<AppDeps, 'db'>,
  channels: readonly CampaignChannel[],
  vendorId: string,
  window: AudienceWindow,
): Promise<Record<CustomerFrequency, ChannelReach>> {
  const db = deps.db.kysely;
  const optedOut = await optedOutCustomerIds(db, vendorId);
  const groups = { email: new Set<string>(), pass: new Set<string>(), push: new Set<string>() };
  for (const channel of channels) {
    for (const customerId of await channel.reachableCustomerIds(vendorId)) if (!optedOut.has(customerId)) groups[reachGroupOf(channel.id)].add(customerId);
  }
  const reach = {} as Record<CustomerFrequency, ChannelReach>;
  for (const audience of FREQUENCIES) {
    const members = await audienceCustomerIds(db, vendorId, audience, window);
    const count = (group: Set<string>) => members.filter((id) => group.has(id)).length;
    reach[audience] = { email: count(groups.email), pass: count(groups.pass), push: count(groups.push) };
  }
  return reach;
}
