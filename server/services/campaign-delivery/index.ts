// Campaign delivery: the plan, the channels, the sends. main.ts registers these handlers with a job
// runner of their own (its long retries must not apply to other jobs; a big send never delays them).
import type { JobHandler } from '../../infra/jobs';
import type { CampaignChannel } from './channel';
import type { ChannelDeps } from './channels';
import { CAMPAIGN_SEND_JOB, planCampaignMessages } from './planner';
import { CAMPAIGN_PLAN_JOB, queuePlanRun } from './schedule';
import { campaignSendHandler } from './sender';

export { campaignChannels, type ChannelDeps } from './channels';
export type { CampaignChannel, CampaignMessage, SendOutcome } from './channel';
export { CAMPAIGN_SEND_JOB, planCampaignMessages, WEEKLY_MESSAGE_CAP } from './planner';
export { CAMPAIGN_JOB_BACKOFF, CAMPAIGN_JOB_MAX_ATTEMPTS, CAMPAIGN_PLAN_JOB, campaignRunnerPace, PLAN_EVERY_MS, queuePlanRun, queuePlanSoon } from './schedule';
export { GIVE_UP_AFTER_MS } from './sender';

export function campaignDeliveryJobHandlers(deps: ChannelDeps, channels: readonly CampaignChannel[]): Record<string, JobHandler> {
  return {
    [CAMPAIGN_SEND_JOB]: campaignSendHandler(deps, channels),
    [CAMPAIGN_PLAN_JOB]: async () => {
      await planCampaignMessages(deps, channels);
      await queuePlanRun(deps.db.kysely, deps.now(), 'next');
    },
  };
}
