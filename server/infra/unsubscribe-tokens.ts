// The token in a campaign mail's unsubscribe link: the store and the customer, tagged with an HMAC of the
// server's secret, so the link works without signing in and nobody can make one for someone else.
// It does not expire: an unsubscribe link must work as long as the mail is in someone's inbox.
import crypto from 'node:crypto';

const PURPOSE = 'campaign-unsubscribe';
const ID = /^[A-Za-z0-9-]{1,64}$/;

export interface UnsubscribeSubject {
  vendorId: string;
  customerId: string;
}

/** 128 bits of the HMAC: unguessable, and the whole token stays within a URL segment's 100 characters. */
const TAG_BYTES = 16;

const tagOf = (secret: string, vendorId: string, customerId: string): string =>
  crypto.createHmac('sha256', secret).update(`${PURPOSE}:${vendorId}:${customerId}`).digest().subarray(0, TAG_BYTES).toString('base64url');

export function unsubscribeToken(secret: string, subject: UnsubscribeSubject): string {
  return `${subject.vendorId}.${subject.customerId}.${tagOf(secret, subject.vendorId, subject.customerId)}`;
}

/** The store and customer a token names, or undefined when it was changed or forged. */
export function openUnsubscribeToken(secret: string, token: string): UnsubscribeSubject | undefined {
  const [vendorId, customerId, tag, ...rest] = token.split('.');
  if (!vendorId || !customerId || !tag || rest.length > 0 || !ID.test(vendorId) || !ID.test(customerId)) return undefined;
  const expected = Buffer.from(tagOf(secret, vendorId, customerId));
  const given = Buffer.from(tag);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return undefined;
  return { vendorId, customerId };
}
