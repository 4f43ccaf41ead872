// Sends one planned campaign message on its channel, run by the job queue on whichever server holds
// the job's lease. A message is settled once (sent, skipped, or failed) and never sent again after;
// a failure or a timeout is tried again with backoff, and after 24 hours the message goes to the dead
// letter (failed), counted in the campaigns table. At night it waits for the store's morning.
// Before each try the attempting mark is written under the job's lease, and the message goes out with its
// delivery key: a server that dies after the service accepted the message and before the settle leaves
// the message waiting, and the server that takes the job over sends it again under the same key, which
// the service uses to collapse the repeat where its protocol allows (docs/campaigns.md, Delivery guarantees).
import type { AppDeps } from '../../deps';
import { PermanentJobError, RetryJobLaterError, type JobHandler } from '../../infra/jobs';
import { findMessageToSend, markAttemptRedoably, recordFailedAttempt, recordUnknownOutcome, settleMessage } from '../../repositories/campaign-delivery';
import { OutcomeUnknownError, type CampaignChannel, type SendOutcome } from './channel';
import { deliveryKey } from './delivery-key';
import { sendableAt } from './quiet-hours';
import { periodOf, type SendJobPayload } from './planner';

/** A message not sent this long after it fell due is given up (the dead letter). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** The message a send job sends: the job's own id, or the one its payload names (a job an older server queued). */
function messageOf(payload: unknown, jobId: string): string {
  const messageId = (payload as SendJobPayload | null)?.messageId;
  if (messageId !== undefined && typeof messageId !== 'string') throw new PermanentJobError('a campaign message job with a malformed message');
  return messageId ?? jobId;
}

export function campaignSendHandler(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, channels: readonly CampaignChannel[]): JobHandler {
  const byId = new Map(channels.map((channel) => [channel.id, channel]));
  return async (payload, context) => {
    const db = deps.db.kysely;
    const messageId = messageOf(payload, context.jobId);
    const message = await findMessageToSend(db, messageId);
    if (!message || message.state !== 'waiting') return;
    const now = deps.now();
    // Paused, ended, or the customer turned the store's messages off since the plan: it is not sent.
    if (message.opted_out === 1 || message.paused_at !== null || message.ended_at !== null || message.end_at <= now) {
      await settleMessage(db, messageId, 'skipped', now);
      return;
    }
    // A daily or weekly message is its day's (week's): one still waiting when the next has begun (planned late in
    // the evening, due after the quiet hours) is left for the new one the plan writes, so no customer gets two
    // on one morning.
    if (message.period < periodOf(message, now)) {
      await settleMessage(db, messageId, 'skipped', now, 'its day is over');
      return;
    }
    const morning = sendableAt(now, message.time_zone);
    if (morning > now) throw new RetryJobLaterError(morning, 'quiet hours at the store');
    const channel = byId.get(message.channel);
    const cardId = message.card_id;
    if (!channel || !cardId) {
      await settleMessage(db, messageId, 'skipped', now, channel ? 'no card' : `no channel ${message.channel} on this server`);
      return;
    }
    // The mark need not wait for the disk: lost to a power cut, it is lost with everything after it (the
    // settle waits for the disk, and makes the mark durable with it), which leaves the message waiting as
    // a server that died mid-send does, and the repeat goes under the same key.
    if (!(await markAttemptRedoably(deps.db, messageId, { jobId: context.jobId, owner: context.owner }, now))) {
      // Another server settled it meanwhile: nothing to do.
      if ((await findMessageToSend(db, messageId))?.state !== 'waiting') return;
      // This server's lease ran out while it prepared the send: the job goes back to the queue untouched.
      throw new RetryJobLaterError(now, 'the lease ran out before the send');
    }
    let outcome: SendOutcome;
    let failure: unknown;
    try {
      outcome = await channel.send(
        {
          messageId,
          deliveryKey: deliveryKey({ campaignId: message.campaign_id, customerId: message.customer_id, channel: message.channel, period: message.period }),
          campaignId: message.campaign_id,
          vendorId: message.vendor_id,
          customerId: message.customer_id,
          storeName: message.company,
          title: message.title,
          body: message.description,
          url: `${deps.config.publicUrl}/wallet/${cardId}`,
        },
        context.signal,
      );
    } catch (error) {
      outcome = 'failed';
      failure = error;
    }
    const at = deps.now();
    if (outcome === 'sent' || outcome === 'gone') {
      await settleMessage(db, messageId, outcome === 'sent' ? 'sent' : 'skipped', at);
      return;
    }
    const reason = failure instanceof Error ? failure.message : `${channel.id} failed`;
    // A try that may have reached the customer (the relay had the whole message and said nothing) is sent
    // again once, under the same key; a second such try is the last: the message most likely went, and a
    // third copy is worse than none. A retry that fails before the service had the message sent nothing
    // and does not count.
    if (failure instanceof OutcomeUnknownError) {
      if (message.outcome_unknown_at !== null) {
        await settleMessage(db, messageId, 'sent', at, `outcome unknown twice, not sent again: ${reason}`);
        return;
      }
      await recordUnknownOutcome(db, messageId, at, `outcome unknown: ${reason}`);
      throw failure;
    }
    if (failure instanceof PermanentJobError || at - message.due_at >= GIVE_UP_AFTER_MS) {
      await settleMessage(db, messageId, 'failed', at, reason);
      throw new PermanentJobError(reason);
    }
    await recordFailedAttempt(db, messageId, reason);
    throw failure instanceof Error ? failure : new Error(reason);
  };
}
