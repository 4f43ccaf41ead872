// Campaign delivery: the plan, the channels, the sends. main.ts registers these handlers with a job
// runner of their own (its long retries must not apply to other jobs; a big send never delays them).
import type { JobHandler } from '../../infra/jobs';
import type { CampaignChannel } from './channel';
import type { ChannelDeps } from './channels';
import { CAMPAIGN_SEND_JOB, planCampaignMessages, planCampaignWindow, PLAN_SIZES, type PlanSizes } from './planner';
import { CAMPAIGN_PLAN_JOB, queuePlanRun } from './schedule';
import { campaignSendHandler } from './sender';

export { campaignChannels, type ChannelDeps } from './channels';
export { OutcomeUnknownError, type CampaignChannel, type CampaignMessage, type SendOutcome } from './channel';
export { CAMPAIGN_SEND_JOB, planCampaignMessages, planCampaignWindow, WEEKLY_MESSAGE_CAP, type PlanAhead } from './planner';
export { CAMPAIGN_JOB_BACKOFF, CAMPAIGN_JOB_MAX_ATTEMPTS, CAMPAIGN_JOB_TIMEOUT_MS, CAMPAIGN_PLAN_JOB, campaignRunnerPace, PLAN_EVERY_MS, queuePlanRun, queuePlanSoon } from './schedule';
export { GIVE_UP_AFTER_MS } from './sender';

/** The campaign runner's handlers; `sizes`: how much the plan reads and writes at a time (tests make them small). */
export function campaignDeliveryJobHandlers(deps: ChannelDeps, channels: readonly CampaignChannel[], sizes: PlanSizes = PLAN_SIZES): Record<string, JobHandler> {
  return {
    [CAMPAIGN_SEND_JOB]: campaignSendHandler(deps, channels),
    [CAMPAIGN_PLAN_JOB]: async (payload) => {
      const ahead = { rate: deps.config.campaignPlanRate };
      // A window of one campaign's plan (queued by the run before it), or the run of every campaign.
      const campaignId = (payload as { campaignId?: unknown } | null)?.campaignId;
      if (typeof campaignId === 'string') {
        await planCampaignWindow(deps, channels, campaignId, ahead, sizes);
        return;
      }
      await planCampaignMessages(deps, channels, sizes, ahead);
      await queuePlanRun(deps.db.kysely, deps.now(), 'next');
    },
  };
}
