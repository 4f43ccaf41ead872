// The key that names one campaign message to the services that carry it: derived from (campaign, customer,
// channel, period), so every try of the same message — a retry, a server taking over a crashed one's
// lease — hands the service the same key, and a service that dedupes by it shows the customer one message.
// 32 characters of the URL-safe base64 alphabet: what a web push Topic allows (RFC 8030 §5.4), and short
// enough for an e-mail Message-ID, an APNs collapse id (64 bytes) and a Google Wallet message id.
import crypto from 'node:crypto';

export interface MessageIdentity {
  campaignId: string;
  customerId: string;
  channel: string;
  period: number;
}

export function deliveryKey(message: MessageIdentity): string {
  return crypto
    .createHash('sha256')
    .update(`${message.campaignId}\n${message.customerId}\n${message.channel}\n${message.period}`)
    .digest('base64url')
    .slice(0, 32);
}

/** The Message-ID of a campaign mail (RFC 5322): the delivery key at the server's host name. */
export function campaignMailMessageId(key: string, publicUrl: string): string {
  return `<campaign.${key}@${new URL(publicUrl).hostname || 'stampwise.invalid'}>`;
}
