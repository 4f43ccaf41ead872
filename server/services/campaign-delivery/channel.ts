// What a way of reaching customers (e-mail, a wallet pass, web push) gives campaign delivery: who it can
// reach at a store, and one send. A new channel is one more file in this folder and one more entry in
// channels.ts; the planner, the caps, the quiet hours and the retries are the same for all.
import type { CustomerIdRange } from '../../repositories/campaign-audience-pages';

export interface CampaignMessage {
  /** The planned message's id: the same on every retry. */
  messageId: string;
  /**
   * Names this message to the service (deliveryKey): the same on every try, on every server, so a
   * service that dedupes (e-mail Message-ID, web push Topic, Google's message id) collapses a repeat.
   */
  deliveryKey: string;
  campaignId: string;
  vendorId: string;
  customerId: string;
  /** The store's name, as customers know it. */
  storeName: string;
  title: string;
  body: string;
  /** The customer's card page, where campaign messages of the store are switched off. */
  url: string;
}

/**
 * 'sent': delivered (to the mail server, to the wallet service); 'gone': the customer can no longer be
 * reached there (opt-in withdrawn, pass removed): nothing is sent and nothing is retried; 'failed': the
 * service failed or timed out, and the message is tried again later. A thrown error counts as 'failed'.
 */
export type SendOutcome = 'sent' | 'gone' | 'failed';

export interface CampaignChannel {
  /** Stored with each message ('email', 'apple-pass', 'google-pass', 'push'); never renamed. */
  readonly id: string;
  /** Which customers of the store this channel reaches now (of `range` only, when given: the plan reads a page at a time). */
  reachableCustomerIds(vendorId: string, range?: CustomerIdRange): Promise<Set<string>>;
  send(message: CampaignMessage, signal: AbortSignal): Promise<SendOutcome>;
}

/**
 * Thrown by a send that cannot tell whether the service took the message (a mail relay that went silent,
 * or cut the connection, once it had the whole message). The sender sends such a message again at most once.
 */
export class OutcomeUnknownError extends Error {
  override name = 'OutcomeUnknownError';
}

/** How the audience endpoint groups channels for the form: both wallets count as "pass". */
export type ReachGroup = 'email' | 'pass' | 'push';

export function reachGroupOf(channelId: string): ReachGroup {
  if (channelId === 'email') return 'email';
  if (channelId === 'push') return 'push';
  return 'pass';
}
