// The account e-mails' button: the app's brand brown, like the customer mails, not antd's blue; and their words
// in each of the five languages.
import { LOCALES, type Locale } from '../../../src/api/contract/locales';
import { accountExistsMail, newVerificationLinkMail, passwordResetMail, verificationMail } from '../../../server/services/auth-mails';
import { confirmNewEmailMail } from '../../../server/services/account-mails';
import { invitationMail } from '../../../server/services/team-mails';

describe('account e-mails', () => {
  it.each([
    ['verification', verificationMail('en', 'a@b.test', 'Ana', 'http://x.test/verify/1')],
    ['new verification link', newVerificationLinkMail('en', 'a@b.test', 'Ana', 'http://x.test/verify/2')],
    ['account exists', accountExistsMail('en', 'a@b.test', 'Ana', 'http://x.test/login')],
    ['password reset', passwordResetMail('en', 'a@b.test', 'Ana', 'http://x.test/reset/3')],
  ])('%s: the button is brand brown (#7a4a2a) with white text, never antd blue', (_name, mail) => {
    expect(mail.html).toContain('background:#7a4a2a;color:#fff');
    expect(mail.html).not.toMatch(/#1677ff|#1890ff/i);
  });
});

describe('account e-mails in five languages', () => {
  const mailsIn = (locale: Locale) => [
    verificationMail(locale, 'a@b.test', 'Ana', 'http://x.test/verify/1'),
    newVerificationLinkMail(locale, 'a@b.test', 'Ana', 'http://x.test/verify/2'),
    accountExistsMail(locale, 'a@b.test', 'Ana', 'http://x.test/login'),
    passwordResetMail(locale, 'a@b.test', 'Ana', 'http://x.test/reset/3'),
    confirmNewEmailMail(locale, 'a@b.test', 'Ana', 'http://x.test/account/confirm-email/4'),
    invitationMail(locale, 'a@b.test', 'Bean There Café', 'staff', 'http://x.test/invitation/5'),
  ];
  const english = mailsIn('en');

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s: no subject or paragraph of the English mail is left', (locale) => {
    mailsIn(locale).forEach((mail, index) => {
      expect(mail.subject).not.toBe(english[index].subject);
      const englishParagraphs = english[index].text.split('\n\n').filter((paragraph) => /[a-z]{3}/.test(paragraph) && !paragraph.startsWith('— '));
      for (const paragraph of englishParagraphs) expect(mail.text).not.toContain(paragraph);
    });
  });

  it('Arabic mails read right to left, the others left to right', () => {
    for (const mail of mailsIn('ar')) expect(mail.html).toMatch(/^<div dir="rtl"/);
    for (const mail of mailsIn('de')) expect(mail.html).toMatch(/^<div dir="ltr"/);
  });
});
