// The texts of the account e-mails: verify your address, here is a new link, you already have an account.
import type { MailMessage } from '../infra/mailer';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The app's brand brown (as the customer mails and the app's primary buttons), not antd's default blue. */
export const MAIL_BUTTON_COLOUR = '#7a4a2a';

/** A plain-text body and the same words as simple HTML with one button-like link (every account mail, team invitations too). */
export function compose(to: string, subject: string, paragraphs: string[], action: { label: string; link: string }): MailMessage {
  const text = [...paragraphs, `${action.label}: ${action.link}`, 'If you did not ask for this, you can ignore this e-mail.', '— Stampwise'].join('\n\n');
  const html = [
    '<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1f1f1f;max-width:520px">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:10px 18px;background:${MAIL_BUTTON_COLOUR};color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
    `<p style="font-size:13px;color:#595959">Or open this address: ${escapeHtml(action.link)}</p>`,
    '<p style="font-size:13px;color:#595959">If you did not ask for this, you can ignore this e-mail.</p>',
    '<p>— Stampwise</p>',
    '</div>',
  ].join('\n');
  return { to, subject, text, html, link: action.link };
}

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return compose(
    to,
    'Verify your e-mail address for Stampwise',
    [`Hi ${name},`, 'Thanks for registering your business with Stampwise. Click the link below to verify your e-mail address and set your password. The link works once and expires in 24 hours.'],
    { label: 'Verify e-mail address', link },
  );
}

/** Sent when a verification link was opened after it expired. */
export function newVerificationLinkMail(to: string, name: string, link: string): MailMessage {
  return compose(
    to,
    'Your new Stampwise verification link',
    [`Hi ${name},`, 'The verification link you opened has expired, so here is a new one. It works once and expires in 24 hours.'],
    { label: 'Verify e-mail address', link },
  );
}

/** Sent when the owner asks for a new link (sign-in or "Forgot password?" for an address not verified yet). */
export function verificationLinkAgainMail(to: string, name: string, link: string): MailMessage {
  return compose(
    to,
    'Your new Stampwise verification link',
    [
      `Hi ${name},`,
      'You asked for a new link to verify the e-mail address of your Stampwise account. Click the link below to verify it and set your password. It works once and expires in 24 hours; older links no longer matter.',
    ],
    { label: 'Verify e-mail address', link },
  );
}

/** Sent instead of a second account when someone registers an address that already has one. */
export function accountExistsMail(to: string, name: string, loginLink: string): MailMessage {
  return compose(
    to,
    'You already have a Stampwise account',
    [`Hi ${name},`, 'Someone (hopefully you) tried to register a new Stampwise account with this e-mail address. An account with this address already exists, so no new account was created. You can sign in with your existing password.'],
    { label: 'Sign in', link: loginLink },
  );
}

/** The "Forgot password?" link: works once, for an hour. */
export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return compose(
    to,
    'Reset your Stampwise password',
    [`Hi ${name},`, 'Someone (hopefully you) asked to reset the password of your Stampwise account. Click the link below to choose a new one. The link works once and expires in 1 hour. Setting a new password signs you out everywhere else.'],
    { label: 'Choose a new password', link },
  );
}
