// The account e-mails (verify your address, here is a new link, you already have an account, reset your
// password), in the recipient's language.
import type { MailMessage } from '../infra/mailer';
import { text } from '../infra/texts';
import { isRightToLeft, type Locale } from '../../src/api/contract/locales';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The app's brand brown (as the customer mails and the app's primary buttons), not antd's default blue. */
export const MAIL_BUTTON_COLOUR = '#7a4a2a';

/** A plain-text body and the same words as simple HTML with one button-like link (every account mail, team invitations too). */
export function compose(locale: Locale, to: string, subject: string, paragraphs: string[], action: { label: string; link: string }): MailMessage {
  const ignore = text(locale, 'vendorMail.ignore');
  const body = [...paragraphs, `${action.label}: ${action.link}`, ignore, '— Stampwise'].join('\n\n');
  const html = [
    // Arabic reads right to left in the mail reader too.
    `<div dir="${isRightToLeft(locale) ? 'rtl' : 'ltr'}" style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1f1f1f;max-width:520px">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:10px 18px;background:${MAIL_BUTTON_COLOUR};color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
    `<p style="font-size:13px;color:#595959">${escapeHtml(text(locale, 'vendorMail.orOpen', { link: action.link }))}</p>`,
    `<p style="font-size:13px;color:#595959">${escapeHtml(ignore)}</p>`,
    '<p>— Stampwise</p>',
    '</div>',
  ].join('\n');
  return { to, subject, text: body, html, link: action.link };
}

export function verificationMail(locale: Locale, to: string, name: string, link: string): MailMessage {
  return compose(
    locale,
    to,
    text(locale, 'vendorMail.verify.subject'),
    [text(locale, 'vendorMail.greeting', { name }), text(locale, 'vendorMail.verify.intro')],
    { label: text(locale, 'vendorMail.verify.action'), link },
  );
}

/** Sent when a verification link was opened after it expired. */
export function newVerificationLinkMail(locale: Locale, to: string, name: string, link: string): MailMessage {
  return compose(
    locale,
    to,
    text(locale, 'vendorMail.newLink.subject'),
    [text(locale, 'vendorMail.greeting', { name }), text(locale, 'vendorMail.newLink.expiredIntro')],
    { label: text(locale, 'vendorMail.verify.action'), link },
  );
}

/** Sent when the owner asks for a new link (sign-in or "Forgot password?" for an address not verified yet). */
export function verificationLinkAgainMail(locale: Locale, to: string, name: string, link: string): MailMessage {
  return compose(
    locale,
    to,
    text(locale, 'vendorMail.newLink.subject'),
    [text(locale, 'vendorMail.greeting', { name }), text(locale, 'vendorMail.newLink.requestedIntro')],
    { label: text(locale, 'vendorMail.verify.action'), link },
  );
}

/** Sent instead of a second account when someone registers an address that already has one. */
export function accountExistsMail(locale: Locale, to: string, name: string, loginLink: string): MailMessage {
  return compose(
    locale,
    to,
    text(locale, 'vendorMail.accountExists.subject'),
    [text(locale, 'vendorMail.greeting', { name }), text(locale, 'vendorMail.accountExists.intro')],
    { label: text(locale, 'vendorMail.accountExists.action'), link: loginLink },
  );
}

/** The "Forgot password?" link: works once, for an hour. */
export function passwordResetMail(locale: Locale, to: string, name: string, link: string): MailMessage {
  return compose(
    locale,
    to,
    text(locale, 'vendorMail.reset.subject'),
    [text(locale, 'vendorMail.greeting', { name }), text(locale, 'vendorMail.reset.intro')],
    { label: text(locale, 'vendorMail.reset.action'), link },
  );
}
