// The mails of an e-mail change, in the reader's language: the link to the new address, and the notice
// to the old one (which keeps signing in until the link is opened).
import type { MailMessage } from '../infra/mailer';
import { text } from '../infra/texts';
import { isRightToLeft, type Locale } from '../../src/api/contract/locales';
import { MAIL_BUTTON_COLOUR } from './auth-mails';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function compose(locale: Locale, to: string, subject: string, paragraphs: string[], action?: { label: string; link: string }): MailMessage {
  const plain = [...paragraphs, ...(action ? [`${action.label}: ${action.link}`] : []), '— Stampwise'].join('\n\n');
  const html = [
    `<div dir="${isRightToLeft(locale) ? 'rtl' : 'ltr'}" style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1f1f1f;max-width:520px">`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(action
      ? [
          `<p><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:10px 18px;background:${MAIL_BUTTON_COLOUR};color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
          `<p style="font-size:13px;color:#595959">${escapeHtml(text(locale, 'accountMail.orOpen', { link: action.link }))}</p>`,
        ]
      : []),
    '<p>— Stampwise</p>',
    '</div>',
  ].join('\n');
  return { to, subject, text: plain, html, ...(action ? { link: action.link } : {}) };
}

/** To the new address: the link that makes it the account's address. */
export function confirmNewEmailMail(locale: Locale, to: string, name: string, link: string): MailMessage {
  return compose(
    locale,
    to,
    text(locale, 'accountMail.confirm.subject'),
    [text(locale, 'accountMail.greeting', { name }), text(locale, 'accountMail.confirm.intro'), text(locale, 'accountMail.ignore')],
    { label: text(locale, 'accountMail.confirm.action'), link },
  );
}

/** To the old address: someone asked to move the account away from it. */
export function emailChangeNoticeMail(locale: Locale, to: string, name: string, newEmail: string): MailMessage {
  return compose(locale, to, text(locale, 'accountMail.notice.subject'), [
    text(locale, 'accountMail.greeting', { name }),
    text(locale, 'accountMail.notice.intro', { email: newEmail }),
    text(locale, 'accountMail.notice.warning'),
  ]);
}
