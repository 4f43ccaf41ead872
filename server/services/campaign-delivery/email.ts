// Campaign e-mail: to customers with a confirmed address who asked for offers by e-mail, in the language
// they gave it in, with an unsubscribe link and one-click List-Unsubscribe headers (RFC 8058), so a mail
// program's own "Unsubscribe" button works without the customer signing in.
import { DEFAULT_LOCALE, isLocale, isRightToLeft, type Locale } from '../../../src/api/contract/locales';
import type { AppDeps } from '../../deps';
import { MailOutcomeUnknownError, type MailMessage } from '../../infra/mailer';
import { text } from '../../infra/texts';
import { unsubscribeToken } from '../../infra/unsubscribe-tokens';
import { findMailContact, mailableCustomerIds } from '../../repositories/campaign-delivery';
import { OutcomeUnknownError, type CampaignChannel, type CampaignMessage } from './channel';
import { campaignMailMessageId } from './delivery-key';

export type EmailChannelDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'secret'>;

export function unsubscribeUrl(deps: Pick<AppDeps, 'config' | 'secret'>, vendorId: string, customerId: string): string {
  return `${deps.config.publicUrl}/api/unsubscribe/${unsubscribeToken(deps.secret, { vendorId, customerId })}`;
}

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function campaignMail(to: string, message: CampaignMessage, unsubscribe: string, locale: Locale, publicUrl: string): MailMessage {
  const store = message.storeName;
  const why = text(locale, 'campaignMail.why', { store });
  const action = text(locale, 'campaignMail.unsubscribe', { store });
  const plain = [message.title, message.body, message.url, '—', why, `${action}: ${unsubscribe}`].join('\n\n');
  const html = [
    `<div dir="${isRightToLeft(locale) ? 'rtl' : 'ltr'}" style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1f1f1f;max-width:520px">`,
    `<h2 style="font-size:20px">${escapeHtml(message.title)}</h2>`,
    `<p>${escapeHtml(message.body)}</p>`,
    `<p><a href="${escapeHtml(message.url)}">${escapeHtml(store)}</a></p>`,
    `<p style="font-size:13px;color:#595959">${escapeHtml(why)}</p>`,
    `<p style="font-size:13px"><a href="${escapeHtml(unsubscribe)}" style="color:#595959">${escapeHtml(action)}</a></p>`,
    '</div>',
  ].join('\n');
  return {
    to,
    subject: text(locale, 'campaignMail.subject', { store, title: message.title }),
    text: plain,
    html,
    link: unsubscribe,
    messageId: campaignMailMessageId(message.deliveryKey, publicUrl),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export function emailChannel(deps: EmailChannelDeps): CampaignChannel {
  return {
    id: 'email',
    reachableCustomerIds: (vendorId, range) => mailableCustomerIds(deps.db.reads, vendorId, range),
    async send(message, signal) {
      // Read again at sending time: the customer may have removed the address or the opt-in since the plan.
      const contact = await findMailContact(deps.db.kysely, message.customerId);
      if (!contact?.email || contact.campaign_mail_opt_in !== 1 || contact.deleted_at !== null) return 'gone';
      const locale = isLocale(contact.locale) ? contact.locale : DEFAULT_LOCALE;
      const mail = campaignMail(contact.email, message, unsubscribeUrl(deps, message.vendorId, message.customerId), locale, deps.config.publicUrl);
      try {
        // Nobody waits for it: a relay scanning the message gets the longer wait for its final reply.
        await deps.mailer.send(mail, { background: true, signal });
      } catch (error) {
        if (error instanceof MailOutcomeUnknownError) throw new OutcomeUnknownError(error.message);
        throw error;
      }
      return 'sent';
    },
  };
}
